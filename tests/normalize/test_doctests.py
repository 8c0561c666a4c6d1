"""The examples in normalize's docstrings run."""

import doctest

import normalize
import normalize.modern


def test_docstring_examples():
    for module in (normalize, normalize.modern):
        result = doctest.testmod(module)
        assert result.failed == 0
