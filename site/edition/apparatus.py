"""The OCR apparatus placed on the words of the clauses, without the TEI.

`pasyans corrections --json` lists each repair of the diplomatic layer by
witness, line and raw character offsets; each clause knows the raw spans
it was cut from. A correction therefore belongs to the clause whose span
holds its offset, and lands on the word of the clause's 1912 text that the
raw word became (found by aligning the clause's raw and 1912 texts). One
word repaired in several places gets one mark listing every step.

When the TEI exists its `<choice><sic><corr>` markup says the same thing
directly (edition/tei.py); this module serves until then.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

import regex

from edition.model import Reading

_WORD = regex.compile(r"[\p{L}\p{M}\p{N}'’-]+")


@dataclass
class Mark:
    """A word of the 1912 text that the apparatus annotates."""

    start: int  # character offsets in the clause's 1912 text
    end: int
    reading: Reading


def raw_offset(clause: dict, witness: str, line: int, column: int) -> int | None:
    """Where a (witness, line, column) of the raw witness falls in the
    clause's `text_raw` (the spans joined by single spaces), or None."""
    at = 0
    for span in clause["spans"]:
        if span["witness"] == witness and span["line"] == line and span["start"] <= column < span["end"]:
            return at + column - span["start"]
        at += span["end"] - span["start"] + 1
    return None


def _word_at(text: str, offset: int) -> tuple[int, int]:
    for match in _WORD.finditer(text):
        if match.start() <= offset < match.end():
            return match.span()
    return offset, min(len(text), offset + 1)


def _to_diplomatic(raw: str, diplomatic: str):
    opcodes = difflib.SequenceMatcher(a=raw, b=diplomatic, autojunk=False).get_opcodes()

    def convert(offset: int) -> int:
        for tag, i1, i2, j1, j2 in opcodes:
            if i1 <= offset < i2:
                return j1 + (offset - i1) if tag == "equal" else j1
        return len(diplomatic)

    return convert


def marks_for(clause: dict, corrections: list[dict]) -> list[Mark]:
    """The marks of one clause, from the corrections of the diplomatic layer."""
    raw, diplomatic = clause.get("text_raw") or "", clause["text_1912"]
    convert = _to_diplomatic(raw, diplomatic)
    by_word: dict[tuple[int, int], Mark] = {}
    for fix in corrections:
        offset = raw_offset(clause, str(fix.get("witness")), fix.get("line"), fix.get("start"))
        if offset is None:
            continue
        raw_start, raw_end = _word_at(raw, offset)
        start, end = _word_at(diplomatic, convert(offset))
        step = f"{fix.get('kind', '')}: {fix.get('reason', '')}".strip(": ")
        if (start, end) in by_word:
            reading = by_word[(start, end)].reading
            if step not in reading.reason:
                reading.reason += f"; {step}"
            continue
        reading = Reading(id="", clause=clause["id"], kind=fix.get("kind", ""), text=diplomatic[start:end],
                          original=raw[raw_start:raw_end], reason=step, witness=str(fix.get("witness", "")))
        by_word[(start, end)] = Mark(start, end, reading)
    marks = sorted(by_word.values(), key=lambda mark: mark.start)
    for number, mark in enumerate(marks, 1):
        mark.reading.id = f"app-{clause['id']}-{number}"
    return marks


def readings_by_clause(clauses: list[dict], corrections: list[dict]) -> dict[str, list[Mark]]:
    """Marks per clause id, for the corrections of the diplomatic layer."""
    wanted = [fix for fix in corrections if fix.get("layer", "diplomatic") == "diplomatic"]
    by_line: dict[tuple[str, int], list[dict]] = {}
    for fix in wanted:
        by_line.setdefault((str(fix.get("witness")), fix.get("line")), []).append(fix)
    found = {}
    for clause in clauses:
        mine = [fix for span in clause["spans"] for fix in by_line.get((span["witness"], span["line"]), [])]
        if mine:
            marks = marks_for(clause, mine)
            if marks:
                found[clause["id"]] = marks
    return found
