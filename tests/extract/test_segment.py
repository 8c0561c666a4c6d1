"""Sentence segmentation and clause splits (extract/segment.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extract import segment


def texts(text):
    return [text[a:b] for a, b in segment.segment([text])[0]]


@pytest.mark.parametrize("text, expected", [
    ("тузъ, двойка и т. д. до короля, т.-е. король.", 1),
    ("на туза червей идетъ, напр. на туза червей.", 1),
    ("накладываются (см. рисунки).", 1),
    ("по правилу I. Когда вышли годныя карты.", 2),
    ("подъ двѣнадцатую и т. д. Вслѣдъ затѣмъ точно также.", 2),
    ("изъ талона; но свободное мѣсто необязательно занимать.", 2),
    ("пачекъ (правило I; и играютъ всѣ карты.", 1),
    ("место. (Этот пасьянс известен еще под названием «Тюрьма».)", 2),
    ("Это — основныя карты. Четыре короля.", 2),
])
def test_clause_counts(text, expected):
    assert len(texts(text)) == expected, texts(text)


def test_split_keeps_brackets_with_their_sentence():
    assert texts("место. (Этот пасьянс «Тюрьма».) Далее.") == ["место.", "(Этот пасьянс «Тюрьма».)", "Далее."]


def test_semicolon_stays_with_the_first_clause():
    assert texts("Каждый рядъ; четыре туза.") == ["Каждый рядъ;", "четыре туза."]


words = st.sampled_from(["карта", "тузъ", "т. д.", "напр.", "(см. рисунки)", "масть;", "Король.", "Дама", "и", "т.-е."])


@settings(max_examples=100, deadline=None)
@given(st.lists(words, min_size=1, max_size=20))
def test_clauses_cover_the_text_in_order(parts):
    text = " ".join(parts)
    spans = segment.segment([text])[0]
    assert spans, text
    rest = text
    for a, b in spans:
        assert 0 <= a < b <= len(text)
    assert "".join(text[a:b] for a, b in spans).replace(" ", "") == text.replace(" ", "")
    assert [a for a, _ in spans] == sorted(a for a, _ in spans)
    del rest
