"""OCR repair rules (normalize/ocr.py), on the cases in cases/ (this book and others)."""

import json
from pathlib import Path

import pytest

from normalize import normalize_line

CASES = Path(__file__).parent / "cases"


def load(name):
    return json.loads((CASES / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", load("ocr.json"), ids=lambda c: c["original"])
def test_repair(case):
    line = normalize_line(case["original"])
    assert line.diplomatic == case["diplomatic"]
    assert case["label"] in {step.kind for step in line.steps_of("diplomatic")}


@pytest.mark.parametrize("case", load("negative.json"), ids=lambda c: c["original"])
def test_leaves_correct_text_alone(case):
    line = normalize_line(case["original"])
    assert line.diplomatic == case["original"]
    assert not line.steps_of("diplomatic")


@pytest.mark.parametrize("case", load("known-failures.json"), ids=lambda c: c["original"])
@pytest.mark.xfail(strict=True, reason="known failure: see the case's comment")
def test_known_failure(case):
    assert normalize_line(case["original"]).diplomatic == case["diplomatic"]


def test_modern_orthography_repairs_slips_but_does_not_modernise():
    line = normalize_line("по мастп илн п в колоде", orthography="modern")
    assert line.diplomatic == line.modern == "по масти или и в колоде"
    line = normalize_line("в масть, к тузу, с края", orthography="modern")
    assert line.diplomatic == line.modern == "в масть, к тузу, с края"


def test_hyphen_chains_and_line_end_hyphens():
    assert normalize_line("француженкою-гувер-нанткой").diplomatic == "француженкою-гувернанткой"
    # a word cut at the end of the line is not a word that lost its ъ
    assert normalize_line("на карт-").diplomatic == "на карт-"
    assert normalize_line("из-за стола").diplomatic == "изъ-за стола"
