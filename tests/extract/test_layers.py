"""Offsets between the layers of a line (extract/layers.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from extract.layers import Layered, Piece, refine

# «дѣло картъ»: raw «д ђ ло картъ», the OCR's spaced letters repaired, modern drops ъ
LINE = Layered("000", 1, (Piece("д ђ ло", "дѣло", "дело"), Piece(" карт", " карт", " карт"), Piece("ъ", "ъ", "")))


def test_texts():
    assert LINE.text("raw") == "д ђ ло картъ"
    assert LINE.text("diplomatic") == "дѣло картъ"
    assert LINE.text("modern") == "дело карт"


def test_offsets_move_one_to_one_in_unchanged_pieces():
    assert LINE.convert(5, "diplomatic", "raw") == 7  # «к»
    assert LINE.convert(5, "diplomatic", "modern") == 5


def test_changed_piece_is_never_cut():
    assert LINE.convert(2, "diplomatic", "raw") == 0
    assert LINE.convert(2, "diplomatic", "raw", end=True) == 6


def test_an_end_takes_in_a_dropped_letter():
    # modern «карт» ends at 9; in the 1912 layer the word is «картъ», ending at 10
    assert LINE.convert(9, "modern", "diplomatic", end=True) == 10
    assert LINE.convert(9, "modern", "diplomatic") == 9


def test_refine_splits_off_unchanged_words():
    piece = Piece("колоду Одиннадцать", "колоды. Одиннадцать", "колоды. Одиннадцать", ("step",))
    assert refine(piece) == [Piece("колоду", "колоды.", "колоды.", ("step",)), Piece(" Одиннадцать", " Одиннадцать", " Одиннадцать")]
    spaced = Piece("д ђ ло", "дѣло", "дело")
    assert refine(spaced) == [spaced]


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="абв ъ.", min_size=0, max_size=20), st.text(alphabet="абв ъ.", min_size=0, max_size=20))
def test_refine_keeps_every_layer(a, b):
    words = a + " общее"
    piece = Piece(words, b + " общее", b + " общее", ("s",))
    parts = refine(piece)
    for layer in ("raw", "diplomatic", "modern"):
        assert "".join(getattr(p, layer) for p in parts) == getattr(piece, layer)


@settings(max_examples=100, deadline=None)
@given(st.text(min_size=1, max_size=30), st.data())
def test_identity_line(text, data):
    line = Layered("x", 1, (Piece(text, text, text),))
    offset = data.draw(st.integers(0, len(text)))
    assert line.convert(offset, "raw", "modern") == offset
    assert line.convert(offset, "modern", "raw", end=True) == offset
