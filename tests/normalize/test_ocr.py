"""OCR repair rules, each on examples beyond this book, and words they must leave alone."""

import pytest

from normalize import normalize_line

REPAIRS = [
    # (raw OCR, diplomatic, kind)
    ("Мђсто", "Мѣсто", "ocr-glyph"),
    ("ДВђ", "ДВѢ", "ocr-glyph"),
    ("Тђ", "Тѣ", "ocr-glyph"),
    ("треФы", "трефы", "ocr-glyph"),
    ("на Фабрикѣ", "на фабрикѣ", "ocr-glyph"),
    ("ІІослѣ", "Послѣ", "ocr-glyph"),
    ("вoдa", "вода", "ocr-lookalike"),
    ("въ д ђ ло", "въ дѣло", "ocr-spacing"),
    ("слово .", "слово.", "ocr-spacing"),
    ("конецъ.Начало", "конецъ. Начало", "ocr-spacing"),
    ("прави-ламъ", "правиламъ", "ocr-hyphen"),
    ("счнтать", "считать", "ocr-confusion"),
    ("друіой", "другой", "ocr-confusion"),
    ("заключатьея", "заключаться", "ocr-confusion"),
    ("Маръяжъ", "Марьяжъ", "ocr-confusion"),
    ("вь домѣ", "въ домѣ", "ocr-confusion"),
    ("послѣднеіі", "послѣдней", "ocr-confusion"),
    ("болыне", "больше", "ocr-confusion"),
    ("помощыо", "помощью", "ocr-confusion"),
    ("Дучше", "Лучше", "ocr-confusion"),
    ("столамі", "столами", "ocr-confusion"),
    ("онъ н она", "онъ и она", "ocr-confusion"),
    ("домъ из камня", "домъ изъ камня", "ocr-dropped"),
]


@pytest.mark.parametrize("raw,diplomatic,kind", REPAIRS, ids=[r[0] for r in REPAIRS])
def test_repair(raw, diplomatic, kind):
    line = normalize_line(raw)
    assert line.diplomatic == diplomatic
    assert kind in {step.kind for step in line.steps if step.layer == "diplomatic"}


LEAVE = [
    "то-есть",  # a hyphenated word, not a broken one
    "изъ-за",
    "какой-нибудь",
    "т. д.",  # abbreviations are not spaced-apart letters
    "и я, и онъ",
    "Фигуры старшихъ картъ.",  # Ф starting a sentence
    "въ Франціи",  # a proper name keeps its capital
    "I. II. IV.",  # Roman numerals are Latin
    "карпами",  # a real word, even if the book meant картами (errata decide)
    "низкій",
    "синій",
    "міръ",
    "подъѣздъ",
    "Salic law",
    "сыгрываютъ",  # an archaic word unknown to the dictionary, no candidate
]


@pytest.mark.parametrize("raw", LEAVE)
def test_leaves_correct_text_alone(raw):
    line = normalize_line(raw)
    assert line.diplomatic == raw
    assert not line.steps_of("diplomatic")


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


def test_breve_lost_and_spaced_letters_in_another_text():
    line = normalize_line("Все смђшалось въ д о мђ. Это третіи день.")
    assert line.diplomatic == "Все смѣшалось въ домѣ. Это третій день."
