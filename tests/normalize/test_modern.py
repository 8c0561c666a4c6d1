"""The modern layer, rule by rule, on words from outside this book."""

import pytest

from normalize import normalize_line
from normalize.modern import modern_word

CASES = [
    # (pre-reform, modern, kind expected among the steps)
    ("всѣ", "все", "yat"),
    ("все", "все", None),
    ("Ѣда", "Еда", "yat"),
    ("исторія", "история", "i-decimal"),
    ("ариѳметика", "арифметика", "fita"),
    ("Ѳеодоръ", "Феодор", "fita"),
    ("Еѵангеліе", "Евангелие", "izhitsa"),
    ("сѵнодъ", "синод", "izhitsa"),
    ("миръ", "мир", "hard-sign"),
    ("изъ-за", "из-за", "hard-sign"),
    ("подъѣздъ", "подъезд", "hard-sign"),
    ("объявленіе", "объявление", "i-decimal"),
    ("каждаго", "каждого", "adj-ago"),
    ("нижняго", "нижнего", "adj-ago"),
    ("лежащаго", "лежащего", "adj-ago"),
    ("свѣжаго", "свежего", "adj-ago"),
    ("большаго", "большого", "adj-ago"),
    ("третьяго", "третьего", "adj-ago"),
    ("такія", "такие", "adj-yya"),
    ("новыя", "новые", "adj-yya"),
    ("синія", "синие", "adj-yya"),
    ("образовавшіяся", "образовавшиеся", "adj-yya"),
    ("серія", "серия", None),
    ("линія", "линия", None),
    ("составленія", "составления", None),
    ("Россія", "Россия", None),
    ("ея", "ее", "pron-eya"),
    ("Ея", "Ее", "pron-eya"),
    ("нея", "нее", "pron-eya"),
    ("онѣ", "они", "pron-one"),
    ("однѣхъ", "одних", "pron-one"),
    ("однѣми", "одними", "pron-one"),
    ("разсматривать", "рассматривать", "prefix-z"),
    ("безполезнымъ", "бесполезным", "prefix-z"),
    ("возстановить", "восстановить", "prefix-z"),
    ("безсмысленный", "бессмысленный", "prefix-z"),
    ("разсчетъ", "расчет", "prefix-z"),
    ("низкій", "низкий", None),
    ("изъ", "из", None),
    ("безъ", "без", None),
    ("ПОЛУШАРІЯ", "ПОЛУШАРИЯ", None),
    ("КАЖДАГО", "КАЖДОГО", "adj-ago"),
    ("то-есть", "то-есть", None),
]


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
