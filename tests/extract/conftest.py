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


@pytest.fixture(scope="session")
def tei_schema():
    """tei_all compiled by lxml, once per test session (about 15 s)."""
    from extract import tei

    return tei.relaxng()
