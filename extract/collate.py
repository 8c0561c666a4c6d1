"""Collation of overlapping witnesses (placeholder until the aligner lands)."""

from __future__ import annotations


def attach(book) -> None:
    return None
