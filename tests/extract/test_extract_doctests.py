"""The examples in the extraction stage's docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["extract", "extract.games", "extract.clauses", "extract.segment"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
