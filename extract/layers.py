"""The three layers of each witness line, from the normaliser.

`normalize.normalize_witness(id)` gives lines with raw, diplomatic (1912
spelling, OCR repaired) and modern layers and their aligned pieces. Clause
ids never depend on the layers: segmentation gives the same clauses on raw
and diplomatic text, except where a repair restores sentence punctuation
(a test checks this).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

LAYERS = ("raw", "diplomatic", "modern")


@dataclass(frozen=True)
class Piece:
    raw: str
    diplomatic: str
    modern: str
    steps: tuple = ()


@dataclass(frozen=True)
class Layered:
    """One witness line in its three layers, with offset maps between them."""

    witness: str
    number: int
    pieces: tuple[Piece, ...]
    _starts: dict = field(default_factory=dict, compare=False, repr=False)

    def text(self, layer: str) -> str:
        return "".join(getattr(piece, layer) for piece in self.pieces)

    def _boundaries(self, layer: str) -> list[int]:
        if layer not in self._starts:
            offsets, at = [0], 0
            for piece in self.pieces:
                at += len(getattr(piece, layer))
                offsets.append(at)
            self._starts[layer] = offsets
        return self._starts[layer]

    def convert(self, offset: int, source: str, target: str, end: bool = False) -> int:
        """An offset in one layer as an offset in another.

        Inside an unchanged piece the offset moves one to one; inside a
        changed piece it snaps to the piece's start (or its end for the end
        of a span), so a span never cuts a corrected word in two.
        """
        here, there = self._boundaries(source), self._boundaries(target)
        if end:
            # an end also takes in what the target adds right there (a word's
            # final ъ, which the modern layer drops): «карт» -> «картъ»
            for index in range(len(self.pieces)):
                if here[index] == offset and here[index + 1] == offset and index > 0:
                    last = index
                    while last + 1 < len(self.pieces) and here[last + 2] == offset:
                        last += 1
                    return there[last + 1]
        for index, piece in enumerate(self.pieces):
            start, stop = here[index], here[index + 1]
            if start <= offset <= stop and (offset < stop or index == len(self.pieces) - 1 or end):
                source_text, target_text = getattr(piece, source), getattr(piece, target)
                if source_text == target_text:
                    return there[index] + (offset - start)
                if offset == start and not end:
                    return there[index]
                return there[index + 1] if (end or offset == stop) else there[index]
        return there[-1]


def _from_normalizer(witness_id: str) -> list[Layered]:
    import normalize  # pymorphy3 loads only when a layer is needed

    result = []
    for number, line in enumerate(normalize.normalize_witness(witness_id), 1):
        pieces = []
        for p in line.pieces():
            pieces.extend(refine(Piece(p.raw, p.diplomatic, p.modern, tuple(p.steps))))
        result.append(Layered(witness_id, number, tuple(pieces)))
    return result


def refine(piece: Piece) -> list[Piece]:
    """Split off whole words that a changed piece leaves unchanged at its ends.

    A repair may come as one piece over several words («колоду Одиннадцать»
    -> «колоды. Одиннадцать», a full stop restored); a clause boundary can
    fall inside it, but never inside a changed word. So the unchanged words
    at either end become pieces of their own.
    """
    texts = (piece.raw, piece.diplomatic, piece.modern)
    if len(set(texts)) == 1 or " " not in piece.diplomatic:
        return [piece]
    head = _common_words(texts, from_end=False)
    tail = _common_words(tuple(t[len(head):] for t in texts), from_end=True)
    if not head and not tail:
        return [piece]
    middle = tuple(t[len(head):len(t) - len(tail)] for t in texts)
    result = [Piece(head, head, head)] if head else []
    result.append(Piece(*middle, piece.steps))
    if tail:
        result.append(Piece(tail, tail, tail))
    return result


def _common_words(texts: tuple[str, ...], from_end: bool) -> str:
    """The longest run of whole words (with their spaces) that all texts share at one end."""
    first = texts[0]
    best = ""
    for cut in range(len(first) + 1):
        part = first[len(first) - cut:] if from_end else first[:cut]
        if not all((t.endswith(part) if from_end else t.startswith(part)) and len(t) > cut for t in texts):
            break
        if part and (part[0] == " " if from_end else part[-1] == " "):
            best = part
    return best


@cache
def witness_lines(witness_id: str) -> tuple[Layered, ...]:
    """Every line of a witness (line N is index N-1) in its three layers."""
    return tuple(_from_normalizer(witness_id))
