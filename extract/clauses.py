"""From the structure map to clauses with stable ids.

In: the structure map (structure.py), the layered witness lines (layers.py),
the glossary heads (glossary.toml). Out: `Book`, the games in reading order,
each a list of blocks (headings, labels, paragraphs, captions) whose
paragraphs hold `Clause`s.

Ids follow DESIGN.md: ``<game>.<section>.<n>[.<m>]``. n is the Roman
numeral of a rule, or the paragraph's place among the game's play (intro,
table) paragraphs in the order of the structure map; m is the clause's
place in its paragraph, and is left out when the paragraph is one clause.
An unnumbered line inside a rules block continues the rule before it.
Segmentation runs on the diplomatic layer; the ids depend only on where
sentences and semicolons fall, which OCR repair does not move.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import regex

from extract import games as games_module
from extract import kinds, layers, segment, structure
from pasyans.errors import InputError

GLOSSARY_FILE = Path(__file__).parent / "data" / "glossary.toml"

# «I. », «IV. »: Latin numerals, or Cyrillic І where the OCR read one.
ROMAN = regex.compile(r"^\s*(?P<numeral>[IVX\N{CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I}]+)\.\s+")
ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "\N{CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I}": 1}


def roman_value(numeral: str) -> int:
    """The value of a Roman numeral.

    >>> roman_value("IV"), roman_value("III")
    (4, 3)
    """
    values = [ROMAN_VALUES[char] for char in numeral]
    return sum(-v if i + 1 < len(values) and values[i + 1] > v else v for i, v in enumerate(values))


@dataclass(frozen=True)
class SourceSpan:
    """Where a clause's text stands in a witness: raw character offsets."""

    witness: str
    line: int
    start: int
    end: int

    def as_dict(self) -> dict:
        return {"witness": self.witness, "line": self.line, "start": self.start, "end": self.end}


@dataclass
class Clause:
    id: str
    game: str
    section: str
    n: int
    m: int | None
    kind: str
    text: str  # the 1912 (diplomatic) layer
    modern: str
    raw: str
    spans: list[SourceSpan]
    label: str | None = None  # the rule's numeral, «II.»
    term: str | None = None  # glossary slug of a definition
    english: str | None = None
    decision: str | None = None  # the structure map's reason, where the placement is editorial
    variants: list = field(default_factory=list)  # filled by collate.attach
    parallels: list[SourceSpan] = field(default_factory=list)  # the same text in a repeating witness

    def pieces(self, layer: str) -> list[tuple[layers.Layered, int, int]]:
        """(line, start, end) of each line's part of the clause, in `layer`."""
        result = []
        for span in self.spans:
            line = layers.witness_lines(span.witness)[span.line - 1]
            result.append((line, line.convert(span.start, "raw", layer), line.convert(span.end, "raw", layer, end=True)))
        return result

    def convert(self, offset: int, source: str, target: str, end: bool = False) -> int:
        """An offset in this clause's text of one layer as an offset in another."""
        at_source = at_target = 0
        parts = list(zip(self.pieces(source), self.pieces(target)))
        for index, ((line, a, b), (_, c, d)) in enumerate(parts):
            if offset <= at_source + (b - a) or index == len(parts) - 1:
                inside = line.convert(a + offset - at_source, source, target, end=end) - c
                return at_target + max(0, min(inside, d - c))
            at_source += b - a + 1
            at_target += d - c + 1
        return at_target

    def as_dict(self) -> dict:
        return {
            "id": self.id, "game": self.game, "section": self.section, "kind": self.kind,
            "label": self.label, "term": self.term,
            "text_1912": self.text, "text_modern": self.modern, "text_raw": self.raw,
            "english": self.english, "editorial_decision": self.decision,
            "spans": [span.as_dict() for span in self.spans],
            "parallels": [span.as_dict() for span in self.parallels],
            "variants": [variant.as_dict() for variant in self.variants],
        }


@dataclass
class Block:
    """One unit of a game's text: a heading, a label, a paragraph or a caption."""

    kind: str  # heading, label, frame, paragraph
    section: str
    span: structure.Span
    text: str = ""  # headings: the diplomatic text
    modern: str = ""
    lines: list[int] = field(default_factory=list)
    clauses: list[Clause] = field(default_factory=list)
    label: str | None = None
    term: str | None = None
    head: str | None = None  # a glossary entry's term as printed


@dataclass
class Book:
    games: dict[str, list[Block]]  # front matter first, then games, by slug
    overlaps: list[structure.Overlap]
    apparatus: list = field(default_factory=list)  # variants outside any clause (collate.attach)

    @property
    def clauses(self) -> list[Clause]:
        return [clause for blocks in self.games.values() for block in blocks for clause in block.clauses]


@dataclass
class _Paragraph:
    span: structure.Span
    lines: list[layers.Layered]

    def text(self, layer: str) -> str:
        return " ".join(line.text(layer).strip() for line in self.lines)

    def locate(self, start: int, end: int) -> list[tuple[layers.Layered, int, int]]:
        """A diplomatic (start, end) of the paragraph as per-line offsets."""
        result, at = [], 0
        for line in self.lines:
            text = line.text("diplomatic")
            lead = len(text) - len(text.lstrip())
            length = len(text.strip())
            a, b = max(start, at), min(end, at + length)
            if a < b:
                result.append((line, a - at + lead, b - at + lead))
            at += length + 1
        return result


def _paragraphs(span: structure.Span) -> list[_Paragraph]:
    lines = [line for line in layers.witness_lines(span.witness)[span.first - 1:span.last] if line.text("raw").strip()]
    if span.join:
        return [_Paragraph(span, lines)]
    return [_Paragraph(span, [line]) for line in lines]


@cache
def _glossary_heads() -> list[tuple[str, str]]:
    data = tomllib.loads(GLOSSARY_FILE.read_text(encoding="utf-8"))
    return [(entry["slug"], entry["head"]) for entry in data["term"]]


def _make_clause(paragraph: _Paragraph, offset: int, start: int, end: int, **fields) -> Clause:
    pieces = paragraph.locate(start + offset, end + offset)
    spans, dip, mod, raw = [], [], [], []
    for line, a, b in pieces:
        ra, rb = line.convert(a, "diplomatic", "raw"), line.convert(b, "diplomatic", "raw", end=True)
        ma, mb = line.convert(a, "diplomatic", "modern"), line.convert(b, "diplomatic", "modern", end=True)
        spans.append(SourceSpan(line.witness, line.number, ra, rb))
        dip.append(line.text("diplomatic")[a:b])
        mod.append(line.text("modern")[ma:mb])
        raw.append(line.text("raw")[ra:rb])
    return Clause(id="", text=" ".join(dip), modern=" ".join(mod), raw=" ".join(raw), spans=spans, kind="", **fields)


def _ident(game: str, section: str, n: int | None, m: int | None, count: int) -> str:
    parts = [game, section] + ([str(n)] if n is not None else []) + ([str(m)] if count > 1 else [])
    return ".".join(parts)


def build(spans: list[structure.Span] | None = None, overlaps: list[structure.Overlap] | None = None) -> Book:
    if spans is None:
        spans, overlaps = structure.load()
    order = list(games_module.FRONT_MATTER) + list(games_module.games())
    book = Book({slug: [] for slug in order}, overlaps or [])
    counters: dict[tuple, int] = {}  # paragraphs per (game, section); rules seen per (game, "rule", n)
    work: list[tuple[Block, _Paragraph, int, str]] = []  # block, paragraph, offset of the text, text
    terms = iter(_glossary_heads())
    for span in spans:
        blocks = book.games[span.game]
        if span.section in structure.HEADINGS:
            lines = [line for line in layers.witness_lines(span.witness)[span.first - 1:span.last] if line.text("raw").strip()]
            for line in lines:
                blocks.append(Block(span.section, span.section, span, line.text("diplomatic").strip(),
                                    line.text("modern").strip(), [line.number]))
            continue
        for paragraph in _paragraphs(span):
            text = paragraph.text("diplomatic")
            block = Block("paragraph", span.section, span, lines=[line.number for line in paragraph.lines])
            offset = 0
            if span.section == "rule":
                found = ROMAN.match(text)
                if found:
                    block.label = found.group("numeral") + "."
                    offset = found.end()
            elif span.section == "terms":
                try:
                    slug, head = next(terms)
                except StopIteration:
                    raise InputError(f"{span.witness}:{paragraph.lines[0].number}: more glossary paragraphs than "
                                     f"entries in {GLOSSARY_FILE.name}", str(structure.STRUCTURE_FILE), span.map_line) from None
                first = segment.segment([text])[0][0]
                printed = text[first[0]:first[1]].rstrip(".")
                if printed.casefold()[:3] != head.casefold()[:3]:
                    raise InputError(f"glossary entry {slug!r} ({head}) does not match the text's term "
                                     f"«{printed}» at {span.witness}:{paragraph.lines[0].number}", str(GLOSSARY_FILE))
                block.term, block.head = slug, printed
                offset = first[1]
            blocks.append(block)
            work.append((block, paragraph, offset, text[offset:]))
    # One spaCy pass over every paragraph; spaCy start-up dominates the cost.
    segmented = segment.segment([text for _, _, _, text in work])
    for (block, paragraph, offset, _), clauses in zip(work, segmented):
        _number(book, block, paragraph, offset, clauses, counters)
    for blocks in book.games.values():
        for block in blocks:
            for clause in block.clauses:
                clause.decision = block.span.reason if block.span.editorial else None
                clause.kind = kinds.classify(clause.id, "terms" if clause.term else clause.section, clause.modern)
    _check_ids(book)
    return book


def _number(book, block, paragraph, offset, clauses, counters) -> None:
    span, game = block.span, block.span.game
    where = f"{span.witness}:{paragraph.lines[0].number}"
    if not clauses:
        raise InputError(f"{where}: a {block.section} paragraph without text", str(structure.STRUCTURE_FILE), span.map_line)
    if block.section == "rule" and block.label is None:
        # An unnumbered line in a rules block continues the previous rule.
        before = book.games[game][:book.games[game].index(block)]
        previous = next((b for b in reversed(before) if b.section == "rule" and b.kind == "paragraph"), None)
        if previous is None:
            raise InputError(f"{where}: a rules block must start with a numbered rule «I.»",
                             str(structure.STRUCTURE_FILE), span.map_line)
        book.games[game].remove(block)
        previous.lines.extend(block.lines)
        previous.clauses.extend(_make_clause(paragraph, offset, a, b, game=game, section="rule",
                                             n=previous.clauses[0].n, m=None) for a, b in clauses)
        _renumber(previous.clauses, game, "rule", previous.clauses[0].n)
        return
    if block.section == "rule":
        n = roman_value(block.label[:-1])
        if (game, "rule", n) in counters:
            raise InputError(f"{where}: rule {block.label} of game {game!r} appears twice; "
                             f"check the spans of that game", str(structure.STRUCTURE_FILE), span.map_line)
        counters[game, "rule", n] = 1
    elif block.section == "terms":
        made = [_make_clause(paragraph, offset, a, b, game=game, section=block.term, n=None, m=None, term=block.term)
                for a, b in clauses]
        for index, clause in enumerate(made, 1):
            clause.m = index if len(made) > 1 else None
            clause.id = _ident(game, block.term, None, index, len(made))
        block.clauses = made
        return
    else:
        counters[game, block.section] = n = counters.get((game, block.section), 0) + 1
    block.clauses = [_make_clause(paragraph, offset, a, b, game=game, section=block.section, n=n, m=None,
                                  label=block.label) for a, b in clauses]
    _renumber(block.clauses, game, block.section, n)


def _renumber(clauses: list[Clause], game: str, section: str, n: int) -> None:
    for index, clause in enumerate(clauses, 1):
        clause.m = index if len(clauses) > 1 else None
        clause.id = _ident(game, section, n, index, len(clauses))


def _check_ids(book: Book) -> None:
    seen: dict[str, Clause] = {}
    for clause in book.clauses:
        if clause.id in seen:
            first = seen[clause.id].spans[0]
            raise InputError(f"duplicate clause id {clause.id!r} (also at {first.witness}:{first.line}); "
                             f"check the rule numbers and spans of game {clause.game!r}", str(structure.STRUCTURE_FILE))
        seen[clause.id] = clause
    kinds.check_overrides(set(seen))
