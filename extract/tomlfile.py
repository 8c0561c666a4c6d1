"""Reading the stage's TOML data files so that every mistake names its line.

`tomllib` gives values without positions, so this module finds the line on
which each array-of-tables entry (``[[span]]``) or each top-level key starts;
the loaders use it to report ``FILE:LINE: problem``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import regex

from pasyans.errors import InputError


def load(path: Path) -> tuple[dict, str]:
    """The parsed file and its text; a broken file is an InputError with its line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read: {error}", str(path)) from None
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as error:
        found = regex.search(r"line (\d+)", str(error))
        line = int(found.group(1)) if found else None
        if line is None and "end of document" in str(error):
            line = max(1, len(text.splitlines()))
        raise InputError(f"broken TOML: {error}", str(path), line) from None


def entry_lines(text: str, table: str) -> list[int]:
    """The line on which each ``[[table]]`` entry starts (1-based)."""
    header = f"[[{table}]]"
    return [number for number, line in enumerate(text.splitlines(), 1) if line.strip() == header]


def key_lines(text: str) -> dict[str, int]:
    """The line of each top-level ``"key" = ...`` (quoted or bare) of a flat file."""
    result: dict[str, int] = {}
    pattern = regex.compile(r'^\s*(?:"((?:[^"\\]|\\.)*)"|([A-Za-z0-9_.-]+))\s*=')
    for number, line in enumerate(text.splitlines(), 1):
        found = pattern.match(line)
        if found:
            key = found.group(1) if found.group(1) is not None else found.group(2)
            result.setdefault(key, number)
    return result
