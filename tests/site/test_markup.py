"""edition.markup: the two layers, the marks, and the search folding."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from edition import markup
from edition.model import Reading
from layers import layer_text

YAT = "\N{CYRILLIC SMALL LETTER YAT}"
DECIMAL_I = "\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}"

words = st.lists(st.text(alphabet="абвгдежзиклмнопрстуфхцъыь" + YAT + DECIMAL_I, min_size=1, max_size=8),
                 min_size=1, max_size=12)


def modernise(word: str) -> str:
    word = word.replace(YAT, "е").replace(DECIMAL_I, "и")
    return word[:-1] if word.endswith("ъ") and len(word) > 1 else word


@settings(max_examples=100, deadline=None)
@given(words, st.sampled_from([" ", ", ", " - "]))
def test_each_layer_reads_back_exactly(tokens, glue):
    old = glue.join(tokens)
    new = glue.join(modernise(word) for word in tokens)
    html = str(markup.layered(old, new))
    assert layer_text(html, "1912") == old
    assert layer_text(html, "modern") == new


def test_identical_layers_are_plain_text():
    assert str(markup.layered("Четыре угла", "Четыре угла")) == "Четыре угла"


def test_markup_in_the_text_is_escaped():
    html = str(markup.layered("<b>Домъ</b> & «лѣсъ»", "<b>Дом</b> & «лес»"))
    assert "<b>" not in html and "&lt;b&gt;" in html and "&amp;" in html


def test_a_mark_carries_original_kind_and_reason():
    reading = Reading(id="app-x-1", clause="x", kind="ocr-glyph", text="мѣсто", original="мђсто",
                      reason="<yat> read as dje", witness="000")
    html = str(markup.annotated("мѣсто", reading))
    assert 'tabindex="0"' in html and 'aria-describedby="app-x-1-tip"' in html
    assert "<del class=\"diplomatic\">мђсто</del>" in html and "(OCR glyph)" in html and "&lt;yat&gt;" in html


def test_marks_land_on_their_words_in_both_layers():
    from edition.apparatus import Mark

    reading = Reading(id="app-c-1", clause="c", kind="ocr-glyph", text="пачкѣ", original="пачкђ")
    old, new = "въ каждой пачкѣ.", "в каждой пачке."
    html = str(markup.layered(old, new, [Mark(old.index("пачкѣ"), old.index("пачкѣ") + 5, reading)]))
    assert layer_text(html, "1912") == old and layer_text(html, "modern") == new
    assert 'id="app-c-1"' in html and 'id="app-c-1-m"' in html


def test_fold_matches_both_spellings():
    assert markup.fold("Домъ въ лѣсу") == markup.fold("дом в лесу") == "дом в лесу"
    assert markup.fold("Подходящія") == "подходящия"
    assert markup.fold("объявить") == "объявить"  # a hard sign inside a word stays


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=40))
def test_fold_is_idempotent_and_leaves_no_1912_letters(text):
    folded = markup.fold(text)
    assert markup.fold(folded) == folded
    assert not set(folded) & {YAT, DECIMAL_I, "\N{CYRILLIC SMALL LETTER FITA}", "\N{CYRILLIC SMALL LETTER IZHITSA}"}
    assert unicodedata.is_normalized("NFC", folded)
