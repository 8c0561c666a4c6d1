"""edition.spelling: the modern layer of the editors' prose, taken from the
normalize stage word by word, and only where a word is in the old spelling."""

from __future__ import annotations

import doctest

from edition import spelling
from edition.model import Edition


def test_the_doctests():
    assert doctest.testmod(spelling).failed == 0


def test_only_spelling_changes_are_taken():
    # normalize also repairs OCR damage and would modernise letters named as letters
    old = "OCR slips (мастп, илн); ђ for ѣ; і/г, ІІ/П; «годныхъ картъ» въ Прекрасной Люціи"
    repaired = "OCR slips (масти, или); е for е; и/г, ИИ/П; «годных карт» в Прекрасной Люции"
    assert spelling.spelling_only(old, repaired) == "OCR slips (мастп, илн); ђ for ѣ; і/г, ІІ/П; «годных карт» в Прекрасной Люции"


def test_modernise_asks_normalize_once_for_what_needs_it():
    calls = []

    def normalize(lines):
        calls.append(lines)
        return [line.replace("ъ", "").replace("ѣ", "е") for line in lines]

    texts = ["English only.", "«Домъ въ лѣсу»", "«Домъ  въ\nлѣсу»", "Дом в лесу", ""]
    assert spelling.modernise(texts, normalize) == {"«Домъ въ лѣсу»": "«Дом в лесу»"}
    assert calls == [["«Домъ въ лѣсу»"]]
    assert spelling.modernise(["English"], normalize) == {} and len(calls) == 1


def test_the_live_pipeline_modernises_the_engine_s_quotations(edition_data):
    reason = next(note.text for note in edition_data.assumptions.values() if "годныхъ картъ" in note.text)
    modern = edition_data.modern[" ".join(reason.split())]
    assert "годных карт" in modern and "годныхъ" not in modern
    assert edition_data.modern[edition_data.book["title"]].endswith("с двадцатью таблицами")


def test_an_edition_spells_its_prose_in_both_layers():
    edition = Edition(version="0", games=[], modern={"Домъ въ лѣсу": "Дом в лесу"})
    assert str(edition.spelled("Домъ  въ лѣсу")) == ('<span class="l-o" lang="ru-petr1708">Домъ въ лѣсу</span>'
                                                     '<span class="l-m">Дом в лесу</span>')
    assert str(edition.spelled("A & B")) == "A &amp; B"
