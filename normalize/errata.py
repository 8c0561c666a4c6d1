"""The book's errata: fixes the general rules cannot decide, one entry per fix.

`data/errata.toml` is the only book-specific part of normalize/. Each entry
names the witness, the line, the text as it stands (`before`, found by
`occurrence` when it appears more than once), the fix (`after`), the layer it
belongs to and a reason. An entry that no longer matches its line is an
error, never silently skipped: the witness or the rules changed under it.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from normalize.draft import Edit, Origin
from normalize.tables import DATA, load_toml
from pasyans.errors import InputError

PATH = DATA / "errata.toml"
FIELDS = {"id", "witness", "line", "before", "after", "reason", "layer", "occurrence"}


class Fix(NamedTuple):
    id: str
    witness: str
    line: int
    before: str
    after: str
    layer: str
    occurrence: int
    reason: str
    source_line: int  # where the entry starts in errata.toml


@cache
def fixes() -> dict[tuple[str, int, str], list[Fix]]:
    """The errata by (witness, line, layer)."""
    text = PATH.read_text(encoding="utf-8")
    starts = [n for n, line in enumerate(text.splitlines(), 1) if line.strip() == "[[fix]]"]
    result: dict[tuple[str, int, str], list[Fix]] = {}
    seen = set()
    for index, entry in enumerate(load_toml(PATH.name).get("fix", [])):
        where = starts[index] if index < len(starts) else None
        unknown = set(entry) - FIELDS
        missing = {"id", "witness", "line", "before", "after", "reason"} - set(entry)
        if unknown or missing:
            problem = f"unknown field {sorted(unknown)[0]}" if unknown else f"missing field {sorted(missing)[0]}"
            raise InputError(f"errata entry {index + 1}: {problem}", str(PATH), where)
        layer = entry.get("layer", "diplomatic")
        if layer not in ("diplomatic", "modern") or not entry["before"] or entry["id"] in seen:
            raise InputError(f"errata entry {entry['id']}: bad layer, empty before, or duplicate id", str(PATH), where)
        seen.add(entry["id"])
        fix = Fix(entry["id"], entry["witness"], int(entry["line"]), entry["before"], entry["after"],
                  layer, int(entry.get("occurrence", 1)), entry["reason"], where or 0)
        result.setdefault((fix.witness, fix.line, layer), []).append(fix)
    return result


def rule_ids() -> set[str]:
    return {fix.id for group in fixes().values() for fix in group}


def edits_for(text: str, witness: str, line: int, layer: str) -> list[Edit]:
    """The errata edits of one line of one layer, as spans of `text`."""
    result = []
    for fix in fixes().get((witness, line, layer), ()):
        start = -1
        for _ in range(fix.occurrence):
            start = text.find(fix.before, start + 1)
            if start < 0:
                raise InputError(
                    f"errata entry {fix.id} does not match: no {fix.before!r} (occurrence {fix.occurrence}) "
                    f"in {layer} line {line} of witness {witness}", str(PATH), fix.source_line)
        result.append(Edit(start, start + len(fix.before), fix.before, fix.after, Origin("errata", fix.id, fix.reason)))
    return result
