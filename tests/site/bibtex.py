"""A small BibTeX reader for the citation tests: one entry, braced values.

It accepts what BibTeX itself accepts for an entry of this shape and fails
loudly otherwise: unbalanced braces, a field without `=`, text after the
closing brace, a key with characters BibTeX cannot take.
"""

from __future__ import annotations

import re

_KEY = re.compile(r"[A-Za-z0-9_.:+/-]+")
_NAME = re.compile(r"\s*([A-Za-z][A-Za-z0-9_-]*)\s*=\s*")


def _braced(text: str, at: int) -> tuple[str, int]:
    """The content of the {...} group starting at `at`, and the index after it."""
    if text[at] != "{":
        raise ValueError(f"expected {{ at {at}: {text[at:at + 20]!r}")
    depth, k = 0, at
    while k < len(text):
        char = text[k]
        if char == "\\":
            k += 2
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return text[at + 1:k], k + 1
        k += 1
    raise ValueError("unbalanced braces")


def parse(text: str) -> tuple[str, str, dict[str, str]]:
    """(entry type, key, {field: value}) of a single-entry .bib text."""
    match = re.match(r"\s*@([A-Za-z]+)\s*", text)
    if not match:
        raise ValueError("no @type")
    kind, at = match.group(1).lower(), match.end()
    body, end = _braced(text, at)
    if text[end:].strip():
        raise ValueError(f"text after the entry: {text[end:]!r}")
    key, _, rest = body.partition(",")
    if not _KEY.fullmatch(key.strip()):
        raise ValueError(f"bad key {key!r}")
    fields: dict[str, str] = {}
    at = 0
    while rest[at:].strip():
        name = _NAME.match(rest, at)
        if not name:
            raise ValueError(f"bad field at {rest[at:at + 30]!r}")
        value, at = _braced(rest, name.end())
        fields[name.group(1).lower()] = value
        comma = re.match(r"\s*,?", rest[at:])
        at += comma.end()
    return kind, key.strip(), fields


def unescape(value: str) -> str:
    """A value as text: the escapes BibTeX needs undone, outer braces dropped."""
    value = value.replace("\\textbackslash{}", "\\")
    value = re.sub(r"\\([%&$#_{}])", r"\1", value)
    value = re.sub(r"\\([~^])\{\}", r"\1", value)
    return value.strip("{}") if value.startswith("{") and value.endswith("}") else value
