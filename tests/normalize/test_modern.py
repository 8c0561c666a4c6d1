"""The modern layer (normalize/modern.py), rule by rule, on the cases in cases/modern.json."""

import json
from pathlib import Path

import pytest

from normalize import normalize_line
from normalize.modern import modern_word

CASES = [(c["diplomatic"], c["modern"], c["label"]) for c in json.loads(
    (Path(__file__).parent / "cases" / "modern.json").read_text(encoding="utf-8"))]


@pytest.mark.parametrize("old,new,kind", CASES, ids=[c[0] for c in CASES])
def test_rule(old, new, kind):
    line = normalize_line(old)
    assert line.diplomatic == old
    assert line.modern == new
    kinds = {step.kind for step in line.steps}
    if kind:
        assert kind in kinds
    if new == old:
        assert not line.steps


def test_same_words_same_punctuation_same_case():
    line = normalize_line("Тѣ, которыя (т.-е. всѣ) — ДВѢ ПОЛНЫХЪ КОЛОДЫ «Домъ въ лѣсу»!")
    assert line.modern == "Те, которые (т.-е. все) — ДВЕ ПОЛНЫХ КОЛОДЫ «Дом в лесу»!"


def test_modern_word_is_cached_and_pure():
    assert modern_word("каждаго") == modern_word("каждаго") == "каждого"
