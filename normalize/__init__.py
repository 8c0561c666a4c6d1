"""normalize: OCR repair and spelling layers, every change recorded.

In: raw lines (a corpus witness, or a user's file through `pasyans.textio`).
Out: `Line` records with three layers and the apparatus that links them:

- raw: the witness exactly as received;
- diplomatic: the 1912 spelling with the OCR's errors fixed (`normalize.ocr`,
  and the book's `data/errata.toml`);
- modern: today's spelling (`normalize.modern`), same words, same punctuation.

Every change is a `Step` with its span, the text before and after, its kind
(from the closed list `KINDS`) and the rule or errata entry that made it;
`apply_steps` replays steps through that closed registry, like ftfy's
`apply_plan`, and refuses anything else.
May import: the standard library, regex, pymorphy3 (lazily), `corpus` and
`pasyans.errors`.

    >>> line = normalize_line("Мђста, очерченныя линіями")
    >>> line.diplomatic, line.modern
    ('Мѣста, очерченныя линіями', 'Места, очерченные линиями')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from normalize import errata
from normalize.draft import Edit, splice

# The closed list of step kinds. Diplomatic layer (OCR repair):
KINDS_DIPLOMATIC = {
    "ocr-glyph": "a character the OCR put for another one everywhere (ђ for ѣ, Ф for ф, ІІ for П)",
    "ocr-lookalike": "a Latin letter inside a Cyrillic word",
    "ocr-spacing": "a space inside a word removed",
    "ocr-hyphen": "a line-end hyphen inside a word removed",
    "ocr-confusion": "one letter read as another (н/и, і/г, ...), or one as two, decided by the dictionary and word frequency",
    "ocr-doubt": "a suspicious word left as it is: two repairs are about equally likely (the reason names them)",
    "ocr-dropped": "a letter the OCR dropped restored (the final ъ)",
    "errata": "a fix from the book's errata file",
}
# Modern layer (spelling reform of 1918):
KINDS_MODERN = {
    "yat": "ѣ -> е",
    "i-decimal": "і -> и",
    "fita": "ѳ -> ф",
    "izhitsa": "ѵ -> и, or в after a vowel",
    "hard-sign": "word-final ъ dropped; ъи after a prefix -> ы (предъидущій -> предыдущий)",
    "adj-ago": "-аго/-яго -> -ого/-его",
    "adj-yya": "-ыя/-ія -> -ые/-ие (adjectives, participles, pronouns)",
    "pron-eya": "ея/нея -> ее/нее",
    "pron-one": "онѣ/однѣ... -> они/одни...",
    "prefix-z": "prefix з -> с before a voiceless consonant",
    "errata": "a fix from the book's errata file",
}
KINDS = {"diplomatic": KINDS_DIPLOMATIC, "modern": KINDS_MODERN}
LAYERS = ("raw", "diplomatic", "modern")
ORTHOGRAPHIES = ("pre-reform", "modern", "verbatim")



@dataclass(frozen=True, slots=True)
class Step:
    """One recorded change (results carry their explanation, as in ftfy)."""

    witness: str  # witness id ("000"), a file name, or "-"
    line: int  # 1-based line number
    start: int  # column span, 0-based, end exclusive, in the text the step was applied to:
    end: int  # the raw line for layer "diplomatic", the diplomatic line for layer "modern"
    before: str
    after: str
    layer: str  # "diplomatic" | "modern"
    kind: str  # one of KINDS[layer]
    rule: str  # the rule id or errata entry id
    reason: str  # one short sentence

    def as_dict(self) -> dict:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}


@dataclass(frozen=True, slots=True)
class Piece:
    """An aligned stretch of one line across the three layers."""

    raw: str
    diplomatic: str
    modern: str
    steps: tuple[Step, ...]  # empty for unchanged stretches


@dataclass(frozen=True, slots=True)
class Line:
    witness: str
    number: int
    raw: str
    diplomatic: str
    modern: str
    steps: tuple[Step, ...]

    def layer(self, name: str) -> str:
        if name not in LAYERS:
            raise ValueError(f"unknown layer {name!r}; choose from {', '.join(LAYERS)}")
        return getattr(self, name)

    def steps_of(self, layer: str) -> tuple[Step, ...]:
        return tuple(step for step in self.steps if step.layer == layer)

    def raw_span(self, layer: str, start: int, end: int) -> tuple[int, int]:
        """The raw columns that a span of `layer` comes from."""
        if layer == "raw":
            return start, end
        if layer == "modern":
            start, end = _back(self.steps_of("modern"), start, end)
        elif layer != "diplomatic":
            raise ValueError(f"unknown layer {layer!r}")
        return _back(self.steps_of("diplomatic"), start, end)

    def pieces(self) -> list[Piece]:
        """The line cut where all three layers align; changed stretches carry their steps."""
        dip_steps = self.steps_of("diplomatic")
        mod_steps = self.steps_of("modern")
        dip_segments = _segments(self.raw, dip_steps)  # raw -> diplomatic
        mod_segments = _segments(self.diplomatic, mod_steps)  # diplomatic -> modern
        # cuts: diplomatic positions not inside a changed stretch of either mapping
        blocked = set()
        for seg in dip_segments:
            if seg[4] is not None:
                blocked.update(range(seg[2] + 1, seg[3]))
        for seg in mod_segments:
            if seg[4] is not None:
                blocked.update(range(seg[0] + 1, seg[1]))
        cuts = [p for p in range(len(self.diplomatic) + 1) if p not in blocked]
        pieces: list[Piece] = []
        raw_lo = [_lo(dip_segments, 2, 0, p) for p in cuts]
        mod_lo = [_lo(mod_segments, 0, 2, p) for p in cuts]
        raw_lo[-1], mod_lo[-1] = len(self.raw), len(self.modern)
        raw_lo[0], mod_lo[0] = 0, 0
        # every step as a span of the diplomatic line, the one coordinate all pieces share
        placed = [(seg[2], seg[3], seg[4]) for seg in dip_segments if seg[4] is not None]
        placed += [(step.start, step.end, step) for step in mod_steps]
        last_cut = len(cuts) - 2
        for i in range(len(cuts) - 1):
            a, b = cuts[i], cuts[i + 1]
            ra, rb, ma, mb = raw_lo[i], raw_lo[i + 1], mod_lo[i], mod_lo[i + 1]
            steps = tuple(step for start, end, step in placed if _touches(start, end, a, b, i == last_cut))
            piece = Piece(self.raw[ra:rb], self.diplomatic[a:b], self.modern[ma:mb], steps)
            if pieces and not steps and not pieces[-1].steps:
                last = pieces.pop()
                piece = Piece(last.raw + piece.raw, last.diplomatic + piece.diplomatic, last.modern + piece.modern, ())
            pieces.append(piece)
        if not pieces:  # an empty diplomatic line: one piece holds whatever raw there was
            pieces.append(Piece(self.raw, self.diplomatic, self.modern, self.steps))
        return pieces


def _segments(source: str, steps) -> list[tuple]:
    """(src_a, src_b, out_a, out_b, step or None) for the mapping source -> output."""
    result = []
    pos = out = 0
    for step in sorted(steps, key=lambda s: (s.start, s.end)):
        if step.start > pos:
            length = step.start - pos
            result.append((pos, step.start, out, out + length, None))
            out += length
        result.append((step.start, step.end, out, out + len(step.after), step))
        out += len(step.after)
        pos = step.end
    if pos < len(source) or not result:
        result.append((pos, len(source), out, out + len(source) - pos, None))
    return result


def _lo(segments, key_a: int, val_a: int, p: int) -> int:
    """The smallest position on the `val` side that maps to position p on the `key` side."""
    for seg in segments:
        ka, kb, va = seg[key_a], seg[key_a + 1], seg[val_a]
        if ka <= p < kb or (ka == kb == p):
            if seg[4] is None:
                return va + (p - ka)
            return va
    last = segments[-1]
    return last[val_a + 1]


def _touches(start: int, end: int, a: int, b: int, last: bool) -> bool:
    """Does a step at [start, end) of the diplomatic line belong to the piece [a, b)?

    A step that leaves nothing in the diplomatic line (a deletion) belongs to
    the piece starting there, or to the last piece at the end of the line.
    """
    if start == end:
        return a <= start < b or (last and start == b)
    return start < b and end > a


def _back(steps, start: int, end: int) -> tuple[int, int]:
    """Map a span of a layer's output back to its input through its steps."""
    segments = _segments_for_back(steps)
    lo = hi = None
    for src_a, src_b, out_a, out_b, changed in segments:
        if lo is None and (out_a <= start < out_b or (start == end == out_a)):
            lo = src_a if changed else src_a + (start - out_a)
        if end > start and out_a < end <= out_b:
            hi = src_b if changed else src_a + (end - out_a)
    if lo is None:
        lo = segments[-1][1] if segments else start
    if hi is None or end == start:
        hi = lo if end == start else (segments[-1][1] if segments else end)
    return lo, hi


def _segments_for_back(steps) -> list[tuple]:
    result = []
    pos = out = 0
    for step in sorted(steps, key=lambda s: (s.start, s.end)):
        if step.start > pos:
            result.append((pos, step.start, out, out + step.start - pos, False))
            out += step.start - pos
        result.append((step.start, step.end, out, out + len(step.after), True))
        out += len(step.after)
        pos = step.end
    result.append((pos, 10**9, out, out + 10**9 - pos, False))
    return result


# --- building lines ------------------------------------------------------------------


def normalize_line(raw: str, *, witness: str = "-", number: int = 1, orthography: str = "pre-reform") -> Line:
    """All three layers of one line, with the steps that lead from one to the next."""
    if orthography not in ORTHOGRAPHIES:
        raise ValueError(f"unknown orthography {orthography!r}")
    if orthography == "verbatim":
        return Line(witness, number, raw, raw, raw, ())
    from normalize.lines import diplomatic_edits, modern_edits_of_line

    dip_edits = diplomatic_edits(raw, witness, number, orthography)
    diplomatic = splice(raw, dip_edits)
    mod_edits = modern_edits_of_line(diplomatic, witness, number, orthography)
    modern = splice(diplomatic, mod_edits)
    steps = tuple(_step(e, witness, number, "diplomatic") for e in dip_edits) + tuple(
        _step(e, witness, number, "modern") for e in mod_edits)
    return Line(witness, number, raw, diplomatic, modern, steps)


def _step(edit: Edit, witness: str, number: int, layer: str) -> Step:
    origin = edit.origin
    return Step(witness, number, edit.start, edit.end, edit.before, edit.after, layer, origin.kind, origin.rule, origin.reason)


def known_rules(layer: str) -> set[str]:
    from normalize import modern, ocr

    table = ocr.RULES if layer == "diplomatic" else modern.RULES
    return set(table) | errata.rule_ids()


def apply_steps(text: str, steps, layer: str) -> str:
    """Replay recorded steps of one layer on its input text (closed registry).

    Refuses a step of another layer, an unknown kind or rule, a span that does
    not hold the step's `before`, or overlapping steps.
    """
    if layer not in KINDS:
        raise ValueError(f"unknown layer {layer!r}")
    rules = known_rules(layer)
    chosen = sorted((s for s in steps if s.layer == layer), key=lambda s: (s.start, s.end))
    end = 0
    for step in chosen:
        if step.kind not in KINDS[layer]:
            raise ValueError(f"unknown {layer} step kind {step.kind!r}")
        if step.rule not in rules:
            raise ValueError(f"unknown {layer} rule {step.rule!r}")
        if text[step.start : step.end] != step.before:
            raise ValueError(f"step {step.rule} expects {step.before!r} at {step.start}-{step.end}")
        if step.start < end:
            raise ValueError(f"step {step.rule} overlaps the previous step")
        end = step.end
    return splice(text, chosen)


# --- the corpus -------------------------------------------------------------------------


@cache
def _witness_lines(witness_id: str) -> tuple[Line, ...]:
    import corpus

    witness = corpus.witness(witness_id)
    lines = []
    for number, raw in enumerate(witness.lines, 1):
        orthography = witness.orthography if witness.is_book_line(number) else "verbatim"
        lines.append(normalize_line(raw, witness=witness.id, number=number, orthography=orthography))
    return tuple(lines)


def normalize_witness(witness_id: str) -> list[Line]:
    """Every line of a corpus witness (boilerplate lines pass through verbatim); cached."""
    return list(_witness_lines(witness_id))


def normalize_corpus() -> dict[str, list[Line]]:
    import corpus

    return {w.id: normalize_witness(w.id) for w in corpus.load()}
