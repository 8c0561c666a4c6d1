"""The normaliser's output equals the hand-checked text, line by line, both layers.

Sources: the shared gold-dev sample (lines 7-37 of 000) and the proof-read
files in proofread/ (every book line of the five witnesses).
"""

import csv
from pathlib import Path

import pytest

import normalize

HERE = Path(__file__).parent
GOLD = sorted(Path("/work/shared/gold-dev").glob("[0-9][0-9][0-9]_*.tsv"))
PROOFREAD = sorted((HERE / "proofread").glob("[0-9][0-9][0-9]_*.tsv"))


def rows(path):
    with open(path, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle.read().splitlines(), delimiter="\t", quoting=csv.QUOTE_NONE))


CASES = [(path, row) for path in GOLD + PROOFREAD for row in rows(path)]


@pytest.mark.parametrize(
    "path,row", CASES, ids=[f"{p.name[:3]}-{'gold' if p in GOLD else 'proof'}-{r['line']}" for p, r in CASES]
)
def test_line_matches_hand_checked_text(path, row):
    line = normalize.normalize_witness(path.name[:3])[int(row["line"]) - 1]
    assert line.diplomatic == row["diplomatic"]
    assert line.modern == row["modern"]


def test_hand_checked_files_are_there():
    assert GOLD or PROOFREAD
    assert {p.name[:3] for p in PROOFREAD} >= {"000", "001", "002", "003", "004"} or not PROOFREAD


def test_every_line_of_the_corpus_replays_and_aligns():
    for lines in normalize.normalize_corpus().values():
        for line in lines:
            assert normalize.apply_steps(line.raw, line.steps, "diplomatic") == line.diplomatic
            assert normalize.apply_steps(line.diplomatic, line.steps, "modern") == line.modern
            pieces = line.pieces()
            assert "".join(p.raw for p in pieces) == line.raw
            assert "".join(p.diplomatic for p in pieces) == line.diplomatic
            assert "".join(p.modern for p in pieces) == line.modern
            assert {s for p in pieces for s in p.steps} == set(line.steps)
            for piece in pieces:
                for step in piece.steps:
                    assert step.before in (piece.raw if step.layer == "diplomatic" else piece.diplomatic)


def test_boilerplate_lines_pass_through():
    line = normalize.normalize_witness("000")[3]  # the web site's «Товарищество М. О. Вольфъ»
    assert line.raw == line.diplomatic == line.modern and not line.steps


def test_pieces_and_raw_spans_of_a_known_line():
    line = normalize.normalize_line("въ д ђ ло, конецъ.Начало")
    assert line.diplomatic == "въ дѣло, конецъ. Начало"
    assert line.modern == "в дело, конец. Начало"
    assert line.raw_span("diplomatic", 3, 7) == (3, 9)  # дѣло <- д ђ ло
    assert line.raw_span("modern", 2, 6) == (3, 9)
    assert line.raw_span("modern", 0, 1) == (0, 1)
    changed = [p for p in line.pieces() if p.steps]
    # the inserted space is its own piece, carrying its step
    inserted = [p for p in changed if p.raw == "" and p.diplomatic == " "]
    assert inserted and inserted[0].steps[0].kind == "ocr-spacing"
    for piece in line.pieces():
        for step in piece.steps:
            source = piece.raw if step.layer == "diplomatic" else piece.diplomatic
            assert step.before in source
