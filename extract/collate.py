"""Collation: align a witness that repeats another, token by token.

In: the overlaps of data/collation.toml (witness stretch, base stretch) and
the built book. Out: on each clause of the base stretch, `variants` (where
the repeating witness reads otherwise: substitution, omission, addition)
and `parallels` (where the clause stands in the repeating witness); on the
book, `apparatus`, the variants that fall outside any clause (an omitted
heading).

The comparison is on raw tokens (words and single punctuation marks), so
that every OCR difference is recorded; each variant also says whether the
readings still differ once the normaliser has repaired both
(`significant`). Line ends take part in the alignment as tokens of their
own, and an omission or addition is slid to start at a line start where it
can be, so that «Игра.» is omitted as a line, not as «. Игра».
Nothing here knows which witnesses overlap: any pair listed in the data
file is collated the same way.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

import regex

from extract import layers
from extract.clauses import SourceSpan

TOKEN = regex.compile(r"\w+|[^\w\s]")
LINE_END = "\n"


@dataclass(frozen=True)
class Token:
    text: str
    witness: str
    line: int
    start: int
    end: int


@dataclass
class Variant:
    base: str
    witness: str
    kind: str  # substitution, omission (the witness lacks base text), addition
    base_reading: str  # raw text of the base
    reading: str  # raw text of the witness ("" for an omission)
    base_spans: list[SourceSpan]  # an addition has one empty span: where it goes
    spans: list[SourceSpan]
    significant: bool  # the readings differ after normalisation too

    def as_dict(self) -> dict:
        return {
            "base": self.base, "witness": self.witness, "kind": self.kind,
            "base_reading": self.base_reading, "reading": self.reading,
            "base_spans": [s.as_dict() for s in self.base_spans], "spans": [s.as_dict() for s in self.spans],
            "significant": self.significant,
        }


def tokens(witness: str, first: int, last: int) -> list[Token]:
    """Raw tokens of a line range, each line closed by a LINE_END token; blank lines skipped."""
    result = []
    for line in layers.witness_lines(witness)[first - 1:last]:
        text = line.text("raw")
        if not text.strip():
            continue
        for found in TOKEN.finditer(text):
            result.append(Token(found.group(), witness, line.number, found.start(), found.end()))
        result.append(Token(LINE_END, witness, line.number, len(text), len(text)))
    return result


def _slide(a: list[str], i1: int, i2: int, low: int, high: int) -> tuple[int, int]:
    """Move a gap a[i1:i2] within [low, high] to start at a line start, if an equal shift allows."""
    options = [(i1, i2)]
    x1, x2 = i1, i2
    while x1 > low and a[x1 - 1] == a[x2 - 1]:
        x1, x2 = x1 - 1, x2 - 1
        options.append((x1, x2))
    x1, x2 = i1, i2
    while x2 < high and a[x1] == a[x2]:
        x1, x2 = x1 + 1, x2 + 1
        options.append((x1, x2))
    for start, stop in options:
        if start == 0 or a[start - 1] == LINE_END:
            return start, stop
    return i1, i2


def align(base: list[Token], other: list[Token]) -> list[tuple[str, int, int, int, int]]:
    """difflib opcodes over token texts, with omissions and additions slid to line starts.

    Sliding a gap moves the boundary of the equal blocks on either side; each
    keeps at least one token, so the opcodes still tile both sequences.
    """
    a, b = [t.text for t in base], [t.text for t in other]
    codes = [list(code) for code in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()]
    for index, code in enumerate(codes):
        op = code[0]
        if op not in ("delete", "insert"):
            continue
        before = codes[index - 1] if index > 0 and codes[index - 1][0] == "equal" else None
        after = codes[index + 1] if index + 1 < len(codes) and codes[index + 1][0] == "equal" else None
        if before is None or after is None:
            continue  # a gap at either end has nowhere to slide to
        if op == "delete":
            lo, hi = code[1], code[2]
            low, high = before[1] + 1, after[2] - 1
            new_lo, new_hi = _slide(a, lo, hi, low, high)
        else:
            lo, hi = code[3], code[4]
            low, high = before[3] + 1, after[4] - 1
            new_lo, new_hi = _slide(b, lo, hi, low, high)
        shift = new_lo - lo
        if not shift:
            continue
        code[1:5] = [code[1] + shift, code[2] + shift, code[3] + shift, code[4] + shift]
        before[2] += shift
        before[4] += shift
        after[1] += shift
        after[3] += shift
    return [tuple(code) for code in codes]


def _spans(toks: list[Token]) -> list[SourceSpan]:
    by_line: dict[tuple[str, int], list[Token]] = {}
    for token in toks:
        if token.text != LINE_END:
            by_line.setdefault((token.witness, token.line), []).append(token)
    return [SourceSpan(w, n, ts[0].start, ts[-1].end) for (w, n), ts in by_line.items()]


def _reading(toks: list[Token]) -> str:
    """The raw text the tokens cover, line by line (lines joined by a space)."""
    parts = []
    for span in _spans(toks):
        parts.append(layers.witness_lines(span.witness)[span.line - 1].text("raw")[span.start:span.end])
    return " ".join(parts)


def _diplomatic(toks: list[Token]) -> str:
    parts = []
    for span in _spans(toks):
        line = layers.witness_lines(span.witness)[span.line - 1]
        a = line.convert(span.start, "raw", "diplomatic")
        b = line.convert(span.end, "raw", "diplomatic", end=True)
        parts.append(line.text("diplomatic")[a:b])
    return regex.sub(r"\s+", "", "".join(parts))


def _clause_at(index: dict, witness: str, line: int, offset: int):
    for clause, span in index.get((witness, line), ()):
        if span.start <= offset < span.end or (offset == span.end and offset > span.start):
            return clause
    return None


def attach(book) -> None:
    """Collate every overlap of the book and attach variants and parallels to its clauses."""
    index: dict[tuple[str, int], list] = {}
    for clause in book.clauses:
        clause.variants, clause.parallels = [], []
        for span in clause.spans:
            index.setdefault((span.witness, span.line), []).append((clause, span))
    book.apparatus = []
    for overlap in book.overlaps:
        base = tokens(overlap.base, overlap.base_first, overlap.base_last)
        other = tokens(overlap.witness, overlap.first, overlap.last)
        parallel: dict[str, list[Token]] = {}
        for op, i1, i2, j1, j2 in align(base, other):
            if op == "equal":
                for token, twin in zip(base[i1:i2], other[j1:j2]):
                    clause = _clause_at(index, token.witness, token.line, token.start)
                    if clause is not None and token.text != LINE_END:
                        parallel.setdefault(clause.id, []).append(twin)
                continue
            base_part = [t for t in base[i1:i2] if t.text != LINE_END]
            other_part = [t for t in other[j1:j2] if t.text != LINE_END]
            if not base_part and not other_part:
                continue  # only line ends differ: the witness breaks lines elsewhere
            kind = "substitution" if base_part and other_part else ("omission" if base_part else "addition")
            anchor = base_part[0] if base_part else (base[i1 - 1] if i1 > 0 else base[0])
            if kind == "omission":
                # an omission of several lines is one variant per line, so that
                # each lands in its own clause or heading
                groups = [[t for t in base_part if t.line == line] for line in dict.fromkeys(t.line for t in base_part)]
            else:
                groups = [base_part]
            for group in groups:
                anchor = group[0] if group else anchor
                base_spans = _spans(group) or [SourceSpan(anchor.witness, anchor.line, anchor.end, anchor.end)]
                variant = Variant(overlap.base, overlap.witness, kind, _reading(group), _reading(other_part),
                                  base_spans, _spans(other_part), _diplomatic(group) != _diplomatic(other_part))
                clause = _clause_at(index, anchor.witness, anchor.line, anchor.start)
                if clause is None:
                    book.apparatus.append(variant)
                else:
                    clause.variants.append(variant)
                    if other_part:
                        parallel.setdefault(clause.id, []).extend(other_part)
        for clause in book.clauses:
            if clause.id in parallel:
                clause.parallels.extend(_spans(sorted(parallel[clause.id], key=lambda t: (t.line, t.start))))
