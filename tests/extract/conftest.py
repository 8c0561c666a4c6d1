"""Shared fixtures of the extraction tests: the book is built once per session."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def book():
    import extract

    return extract.book()


@pytest.fixture(scope="session")
def by_id(book):
    return {clause.id: clause for clause in book.clauses}
