"""The kind of each clause (rule, procedure, advice, ...): data/kinds.toml."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import regex

from extract import tomlfile
from pasyans.errors import InputError

KINDS_FILE = Path(__file__).parent / "data" / "kinds.toml"
KINDS = ("rule", "procedure", "advice", "definition", "caption", "note", "remark")
BY_SECTION = {"decks": "rule", "rule": "rule", "table": "caption", "terms": "definition", "intro": "note"}


@cache
def _table(path: Path = KINDS_FILE) -> tuple[list[tuple[str, regex.Pattern]], dict[str, str], dict[str, int]]:
    data, text = tomlfile.load(path)
    starts = tomlfile.entry_lines(text, "cue")
    cues = []
    for index, cue in enumerate(data.get("cue", [])):
        line = starts[index] if index < len(starts) else None
        if cue.get("kind") not in KINDS:
            raise InputError(f"cue {index + 1}: unknown kind {cue.get('kind')!r}; kinds are {', '.join(KINDS)}", str(path), line)
        try:
            cues.append((cue["kind"], regex.compile(cue["pattern"], regex.IGNORECASE | regex.V1)))
        except (KeyError, regex.error) as error:
            raise InputError(f"cue {index + 1}: bad pattern: {error}", str(path), line) from None
    lines = tomlfile.key_lines(text)
    overrides = {}
    for clause_id, entry in data.get("override", {}).items():
        if not isinstance(entry, dict) or entry.get("kind") not in KINDS or not entry.get("reason"):
            raise InputError(f"override {clause_id!r} needs a kind of {', '.join(KINDS)} and a reason", str(path), lines.get(clause_id))
        overrides[clause_id] = entry["kind"]
    return cues, overrides, lines


def classify(clause_id: str, section: str, modern_text: str) -> str:
    cues, overrides, _ = _table()
    if clause_id in overrides:
        return overrides[clause_id]
    if section in BY_SECTION:
        return BY_SECTION[section]
    for kind, pattern in cues:
        if pattern.search(modern_text):
            return kind
    return "procedure"


def check_overrides(known_ids: set[str]) -> None:
    """An override for a clause that does not exist is a mistake in the data."""
    _, overrides, lines = _table()
    for clause_id in overrides:
        if clause_id not in known_ids:
            raise InputError(f"override for unknown clause {clause_id!r}", str(KINDS_FILE), lines.get(clause_id))
