"""edition.tei: the TEI read into clauses, layers, apparatus, notes, terms
(on the small sample in tests/site/sample/, shaped like `pasyans tei`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from edition import tei
from layers import layer_text

SAMPLE = Path(__file__).parent / "sample"


@pytest.fixture(scope="module")
def parsed():
    corrections = json.loads((SAMPLE / "corrections.json").read_text(encoding="utf-8"))
    return tei.parse((SAMPLE / "tei.xml").read_bytes(), corrections)


def clause(parsed, ident):
    for sections in parsed.games.values():
        for section in sections:
            for c in section.clauses:
                if c.id == ident:
                    return c
    raise KeyError(ident)


def test_both_layers_of_a_clause(parsed):
    rule = clause(parsed, "belle-lucie.rule.1")
    assert layer_text(rule.html, "1912") == "I. Годными картами считаются только верхняя карта въ каждой пачкѣ."
    assert layer_text(rule.html, "modern") == "I. Годными картами считаются только верхняя карта в каждой пачке."
    assert rule.plain_1912.endswith("пачкѣ.") and rule.plain_modern.endswith("пачке.")
    assert rule.english == "Only the top card of each packet is available."


def test_repairs_mark_whole_words_with_original_kind_and_reason(parsed):
    rule = clause(parsed, "belle-lucie.rule.1")
    assert [(r.original, r.text, r.kind) for r in rule.readings] == [
        ("счнтаются", "считаются", "ocr-confusion"), ("вь", "въ", "ocr-confusion"), ("пачкђ", "пачкѣ", "ocr-glyph")]
    # the reason comes from the correction list, matched on kind and letters
    assert rule.readings[0].reason == "н and и are confused by the OCR."
    assert rule.readings[2].reason == "The OCR read yat as dje."
    assert all(r.witness == "000" for r in rule.readings)
    assert 'id="app-belle-lucie.rule.1-3"' in rule.html


def test_variants_name_the_other_witness(parsed):
    play = clause(parsed, "belle-lucie.play.1")
    (variant,) = play.readings
    assert variant.kind == "variant" and variant.original == "составлютъ" and variant.witness == "003"
    assert layer_text(play.html, "1912") == "Четыре туза составляютъ основныя карты."


def test_sections_figures_and_notes(parsed):
    sections = parsed.games["belle-lucie"]
    assert [s.name for s in sections] == ["decks", "rules", "play"]
    assert layer_text(sections[1].label, "1912") == "Правила."
    assert [f.clause for f in parsed.figures["belle-lucie"]] == ["belle-lucie.table.1"]
    play = clause(parsed, "belle-lucie.play.1")
    assert [n.text for n in play.notes] == ["The aces are taken first"]
    assert [n.text for n in parsed.notes["fifteen"]] == ["A game-level note & <script>"]


def test_text_is_escaped(parsed):
    rule = clause(parsed, "fifteen.rule.1")
    assert "&lt;считаются&gt; &amp; " in rule.html and "<считаются>" not in rule.html
    assert layer_text(rule.html, "modern") == "I. Годными картами <считаются> & все."


def test_glossary_terms_with_their_uses(parsed):
    (term,) = parsed.terms
    assert term.id == "term.available" and term.english == "available cards"
    assert layer_text(term.html, "1912") == "Годныя карты."
    assert layer_text(term.html, "modern") == "Годные карты."
    assert [c.id for c in term.clauses] == ["terms.available"]
    assert term.uses == [("belle-lucie.rule.1", "Годными картами")]


def test_supplied_headings_are_bracketed():
    data = (SAMPLE / "tei.xml").read_bytes()
    from lxml import etree

    root = etree.fromstring(data)
    head = root.find(".//{http://www.tei-c.org/ns/1.0}div[@n='fifteen']/{http://www.tei-c.org/ns/1.0}head")
    html, _ = tei.render(tei._atoms(head, tei._Context(lambda *a: "", "x")))
    assert str(html) == "[Пятнадцать]"


def test_the_header_declarations_are_kept(parsed):
    assert parsed.principles == ["OCR errors are repaired as <choice>s."]
