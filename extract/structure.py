"""The structure map: which witness lines belong to which game and section.

In: data/structure.toml (spans) and data/collation.toml (stretches of a
witness that repeat another). Out: checked `Span` and `Overlap` records.
Every mistake in the map (a game that does not exist, a span outside its
witness, two spans claiming one line, a book line claimed by nobody) is an
InputError naming the map's file and the line of the offending entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pydantic

import corpus
from extract import games as games_module
from extract import tomlfile
from pasyans.errors import InputError

DATA = Path(__file__).parent / "data"
STRUCTURE_FILE = DATA / "structure.toml"
COLLATION_FILE = DATA / "collation.toml"

Section = Literal["heading", "label", "frame", "decks", "rule", "play", "table", "intro", "terms"]
# Sections whose lines are text of the game but not clauses.
HEADINGS = ("heading", "label", "frame")

LineRange = tuple[pydantic.PositiveInt, pydantic.PositiveInt]


class SpanEntry(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    witness: str
    lines: LineRange
    game: str
    section: Section
    reason: str = pydantic.Field(min_length=1)
    join: bool = False
    editorial: bool = False


class OverlapEntry(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    witness: str
    lines: LineRange
    base: str
    base_lines: LineRange
    reason: str = pydantic.Field(min_length=1)


@dataclass(frozen=True)
class Span:
    """One entry of the map, with where it was written (for notes and errors)."""

    witness: str
    first: int
    last: int
    game: str
    section: str
    reason: str
    join: bool
    editorial: bool
    map_line: int
    index: int  # position in the map: clauses are numbered in this order

    @property
    def numbers(self) -> range:
        return range(self.first, self.last + 1)


@dataclass(frozen=True)
class Overlap:
    witness: str
    first: int
    last: int
    base: str
    base_first: int
    base_last: int
    reason: str
    map_line: int


def _entries(path: Path, table: str, model: type[pydantic.BaseModel]) -> list[tuple[pydantic.BaseModel, int]]:
    data, text = tomlfile.load(path)
    raw = data.get(table, [])
    if not isinstance(raw, list):
        raise InputError(f"[[{table}]] must be an array of tables", str(path), 1)
    starts = tomlfile.entry_lines(text, table)
    result = []
    for index, entry in enumerate(raw):
        line = starts[index] if index < len(starts) else None
        try:
            result.append((model.model_validate(entry), line))
        except pydantic.ValidationError as error:
            first = error.errors()[0]
            field = ".".join(str(part) for part in first["loc"]) or "entry"
            raise InputError(f"{table} entry {index + 1}: {field}: {first['msg']}", str(path), line) from None
    return result


def _check_range(path: Path, line: int, witness_id: str, first: int, last: int, what: str) -> None:
    try:
        witness = corpus.witness(witness_id)
    except InputError:
        raise InputError(f"{what}: no witness {witness_id!r} in the corpus", str(path), line) from None
    count = len(witness.lines)
    if first > last:
        raise InputError(f"{what}: line range {first}-{last} is reversed", str(path), line)
    if last > count:
        raise InputError(f"{what}: lines {first}-{last} are outside witness {witness_id} (lines 1-{count})", str(path), line)
    for number in (first, last):
        if not witness.is_book_line(number):
            raise InputError(f"{what}: line {number} of witness {witness_id} is not book text (see corpus/manifest.toml)", str(path), line)


def load_spans(path: Path = STRUCTURE_FILE) -> list[Span]:
    known = set(games_module.games()) | set(games_module.FRONT_MATTER)
    spans: list[Span] = []
    for index, (entry, line) in enumerate(_entries(path, "span", SpanEntry)):
        what = f"span {entry.witness}:{entry.lines[0]}-{entry.lines[1]}"
        if entry.game not in known:
            raise InputError(f"{what}: no game {entry.game!r} in games.toml", str(path), line)
        _check_range(path, line, entry.witness, *entry.lines, what)
        span = Span(entry.witness, *entry.lines, entry.game, entry.section, entry.reason,
                    entry.join, entry.editorial, line, index)
        for other in spans:
            if other.witness == span.witness and other.first <= span.last and span.first <= other.last:
                raise InputError(f"{what} overlaps the span of line {other.map_line} "
                                 f"({other.witness}:{other.first}-{other.last})", str(path), line)
        spans.append(span)
    return spans


def load_overlaps(path: Path = COLLATION_FILE) -> list[Overlap]:
    overlaps: list[Overlap] = []
    for entry, line in _entries(path, "overlap", OverlapEntry):
        what = f"overlap {entry.witness}:{entry.lines[0]}-{entry.lines[1]}"
        _check_range(path, line, entry.witness, *entry.lines, what)
        _check_range(path, line, entry.base, *entry.base_lines, f"{what} base")
        if entry.witness == entry.base:
            raise InputError(f"{what}: a witness cannot repeat itself", str(path), line)
        overlaps.append(Overlap(entry.witness, *entry.lines, entry.base, *entry.base_lines, entry.reason, line))
    return overlaps


def check_coverage(spans: list[Span], overlaps: list[Overlap], path: Path = STRUCTURE_FILE) -> None:
    """Every non-blank book line is claimed by exactly one span or overlap."""
    claimed: dict[tuple[str, int], str] = {}
    for span in spans:
        for number in span.numbers:
            claimed[span.witness, number] = f"the span of line {span.map_line}"
    for overlap in overlaps:
        for number in range(overlap.first, overlap.last + 1):
            if (overlap.witness, number) in claimed:
                raise InputError(f"line {number} of witness {overlap.witness} is in {claimed[overlap.witness, number]} "
                                 f"and in the overlap of collation.toml line {overlap.map_line}", str(path))
            claimed[overlap.witness, number] = "an overlap"
        for number in range(overlap.base_first, overlap.base_last + 1):
            if (overlap.base, number) not in claimed and corpus.witness(overlap.base).lines[number - 1].strip():
                raise InputError(f"the overlap of collation.toml line {overlap.map_line} repeats line {number} "
                                 f"of witness {overlap.base}, which no span covers", str(path))
    for witness in corpus.witnesses().values():
        for number, text in enumerate(witness.lines, 1):
            if witness.is_book_line(number) and text.strip() and (witness.id, number) not in claimed:
                raise InputError(f"line {number} of witness {witness.id} is book text but no span covers it", str(path))


def load(structure: Path = STRUCTURE_FILE, collation: Path = COLLATION_FILE, complete: bool = True) -> tuple[list[Span], list[Overlap]]:
    spans = load_spans(structure)
    overlaps = load_overlaps(collation)
    if complete:
        check_coverage(spans, overlaps, structure)
    return spans, overlaps
