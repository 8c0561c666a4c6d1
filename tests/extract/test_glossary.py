"""The glossary: terms, definitions, English terms, uses by lemma (extract/glossary.py)."""

from __future__ import annotations

import pytest

from extract import glossary
from pasyans.errors import InputError


@pytest.fixture(scope="module")
def terms(book):
    return {term.slug: term for term in glossary.glossary()}


def test_twelve_terms_with_cadogans_english(terms):
    assert [t.en for t in terms.values()] == [
        "available cards", "released cards", "suitable cards", "foundation cards", "marriage", "sequence",
        "suit", "value", "lane", "talon", "to play cards", "re-deal"]


def test_each_term_has_its_definition_clauses(terms):
    assert terms["marriage"].definition == ["terms.marriage.1", "terms.marriage.2"]
    assert terms["available"].definition == ["terms.available"]


def test_inflected_uses_found_by_lemma(terms):
    forms = {use.form_1912.lower() for use in terms["available"].uses}
    assert {"годными картами", "годныхъ картъ"} <= forms
    assert "годна" in forms  # short form, four-corners rule I
    suits = {use.form.lower() for use in terms["suit"].uses}
    assert {"масти", "мастей"} <= suits


def test_free_space_is_not_a_released_card(terms, by_id):
    for use in terms["released"].uses:
        assert not use.form.lower().startswith("свободное")


def test_uses_point_into_the_modern_text(terms, by_id):
    for term in terms.values():
        for use in term.uses:
            assert by_id[use.clause].modern[use.start:use.end] == use.form
            assert use.clause not in term.definition


def test_phrase_never_spans_a_comma(terms):
    for use in terms["play-cards"].uses:
        assert "," not in use.form


def test_bad_glossary_entry_names_its_line(tmp_path):
    path = tmp_path / "glossary.toml"
    path.write_text('# x\n\n[[term]]\nslug = "suit"\nhead = "Масть"\nmodern = "Масть"\nen = "suit"\n', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        glossary.load(path)
    assert caught.value.line == 3 and "lemmas" in caught.value.problem
