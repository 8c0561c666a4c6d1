"""A string being repaired, that remembers where every character came from.

Rules edit the current text; the draft keeps, for each stretch of it, the span
of the original it replaced and the rule that replaced it. When two rules
touch the same characters, the later one takes over the whole stretch (its
`before` is then the original text), so the edits it reports never overlap:
they can be replayed on the original in one pass.
"""

from __future__ import annotations

from typing import NamedTuple


class Origin(NamedTuple):
    kind: str
    rule: str
    reason: str


class Edit(NamedTuple):
    """One change, as a span of the original text and what replaced it."""

    start: int
    end: int
    before: str
    after: str
    origin: Origin


class Draft:
    """The original text as cells: [orig_start, orig_end, text, origin or None]."""

    __slots__ = ("original", "cells")

    def __init__(self, original: str):
        self.original = original
        self.cells = [[i, i + 1, ch, None] for i, ch in enumerate(original)]

    @property
    def text(self) -> str:
        return "".join(cell[2] for cell in self.cells)

    def replace(self, start: int, end: int, new: str, origin: Origin) -> None:
        """Replace text[start:end] (current coordinates) by `new`."""
        first = last = None
        pos = 0
        for index, cell in enumerate(self.cells):
            length = len(cell[2])
            # a cell is touched if it overlaps [start, end), or is empty and sits inside it
            if (pos < end and pos + length > start) or (length == 0 and start <= pos < end):
                if first is None:
                    first = index
                last = index
            pos += length
        if first is None:  # an insertion between cells (start == end)
            pos = 0
            at = len(self.cells)
            for index, cell in enumerate(self.cells):
                if pos == start:
                    at = index
                    break
                pos += len(cell[2])
            where = self.cells[at][0] if at < len(self.cells) else len(self.original)
            self.cells.insert(at, [where, where, new, origin])
            return
        # keep the untouched heads and tails of the first and last cells when
        # they are plain characters of the original
        head = start - sum(len(c[2]) for c in self.cells[:first])
        covered = "".join(c[2] for c in self.cells[first : last + 1])
        tail_len = len(covered) - head - (end - start)
        merged = [self.cells[first][0], self.cells[last][1], covered[:head] + new + covered[len(covered) - tail_len :], origin]
        if all(c[3] is None for c in self.cells[first : last + 1]):
            # plain characters: split exactly at the edit
            pieces = []
            pieces.extend(self.cells[first : first + head])
            orig_start = self.cells[first + head][0] if head < last - first + 1 else merged[1]
            orig_end = self.cells[last - tail_len][1] if end > start else orig_start
            pieces.append([orig_start, orig_end, new, origin])
            pieces.extend(self.cells[last + 1 - tail_len : last + 1] if tail_len else [])
            self.cells[first : last + 1] = pieces
        else:
            self.cells[first : last + 1] = [merged]

    def edits(self) -> list[Edit]:
        result = []
        for start, end, text, origin in self.cells:
            if origin is not None and self.original[start:end] != text:
                result.append(Edit(start, end, self.original[start:end], text, origin))
        return result


def splice(text: str, edits) -> str:
    """Apply non-overlapping edits (spans of `text`) in one pass."""
    out = []
    pos = 0
    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        out.append(text[pos : edit.start])
        out.append(edit.after)
        pos = edit.end
    out.append(text[pos:])
    return "".join(out)
