"""The examples in the engine's docstrings run."""

import doctest

import engine


def test_package_docstring_examples():
    result = doctest.testmod(engine)
    assert result.attempted > 0 and result.failed == 0
