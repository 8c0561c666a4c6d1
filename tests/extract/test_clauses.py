"""Clause ids, sections, numbering and source spans (extract/clauses.py)."""

from __future__ import annotations

import regex

import corpus
from extract import clauses, layers

ID = regex.compile(r"^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*(?:\.[1-9][0-9]*){0,2}$")


def test_ids_are_unique_and_xml_safe(book):
    ids = [clause.id for clause in book.clauses]
    assert len(ids) == len(set(ids))
    for clause_id in ids:
        assert ID.match(clause_id), clause_id


def test_ids_named_in_the_brief(by_id):
    for clause_id in [
        "figures.play.1", "figures.play.2", "terms.available", "terms.marriage.1", "terms.marriage.2",
        "belle-lucie.decks.1", "belle-lucie.rule.1", "belle-lucie.rule.2", "belle-lucie.table.1",
        "house-in-the-wood.play.1.1", "house-on-the-hill.play.1.1",
        "cadran.rule.1.1", "cadran.rule.1.2", "cadran.rule.1.3", "cadran.table.1",
        "hemispheres.table.1", "hemispheres.rule.5", "parterre.table.1", "parterre.play.1.1",
        "shah.rule.3.2", "exiles.rule.3.1", "napoleon.play.10", "idet-ne-idet.play.2.4",
    ]:
        assert clause_id in by_id, clause_id


def test_every_glossary_term_has_a_definition(book, by_id):
    terms = {clause.term for clause in book.clauses if clause.game == "terms"}
    assert terms == {"available", "released", "suitable", "foundation", "marriage", "sequence", "suit",
                     "value", "lane", "talon", "play-cards", "repeat-game"}
    assert all(by_id[i].kind == "definition" for i in by_id if i.startswith("terms."))


def test_unnumbered_line_continues_the_rule(by_id):
    assert by_id["cadran.rule.1.3"].text == "Масти соблюдаются."
    assert by_id["cadran.rule.1.3"].spans[0].line == 42
    assert by_id["shah.rule.3.2"].spans[0].line == 107
    assert "shah.rule.3" not in by_id and "cadran.rule.3" not in by_id


def test_rule_numbers_are_the_numerals(by_id):
    for n in range(1, 6):
        assert f"hemispheres.rule.{n}" in by_id
    assert by_id["hemispheres.rule.4"].label == "IV."


def test_floating_captions_go_to_their_games(by_id):
    assert by_id["cadran.table.1"].spans[0] .witness == "001"
    assert by_id["cadran.table.1"].text.startswith("Солнечные часы")
    assert by_id["hemispheres.table.1"].spans[0].witness == "000"
    assert by_id["hemispheres.table.1"].spans[0].line == 46


def test_captions_do_not_count_as_paragraphs(by_id):
    # 000: line 30 is play 1, line 31 the caption, line 32 play 2.
    assert by_id["belle-lucie.play.2"].spans[0].line == 32


def test_joined_paragraph_spans_two_lines(by_id):
    clause = by_id["idet-ne-idet.play.2.3"]
    assert [span.line for span in clause.spans] == [43, 45]
    assert clause.text == "Средние три карты не могут быть переложены на базовые."


def test_spans_point_at_the_raw_text(book):
    for clause in book.clauses:
        pieces = [corpus.witness(s.witness).lines[s.line - 1][s.start:s.end] for s in clause.spans]
        assert " ".join(pieces) == clause.raw, clause.id
        assert clause.raw.strip() == clause.raw and clause.raw


def test_every_book_line_is_in_some_clause_or_heading(book):
    covered = set()
    for blocks in book.games.values():
        for block in blocks:
            covered.update((block.span.witness, number) for number in block.lines)
    overlapped = {(o.witness, n) for o in book.overlaps for n in range(o.first, o.last + 1)}
    for witness in corpus.witnesses().values():
        for number, text in enumerate(witness.lines, 1):
            if witness.is_book_line(number) and text.strip():
                assert (witness.id, number) in covered | overlapped, (witness.id, number)


def test_ids_do_not_depend_on_the_layer(book, monkeypatch):
    """Segmenting the raw OCR gives the same ids as segmenting the diplomatic
    layer, except in a paragraph where the normaliser repaired sentence
    punctuation (a full stop the OCR lost): there the text really moved."""
    def raw_only(witness_id):
        return tuple(layers.Layered(witness_id, n, (layers.Piece(t, t, t),))
                     for n, t in enumerate(corpus.witness(witness_id).lines, 1))

    def paragraphs(clause_list):
        result = {}
        for clause in clause_list:
            key = (clause.game, clause.section, clause.n)
            result.setdefault(key, []).append(clause)
        return result

    real = paragraphs(book.clauses)
    monkeypatch.setattr(layers, "witness_lines", raw_only)
    raw = paragraphs(clauses.build().clauses)
    monkeypatch.undo()
    assert set(raw) == set(real)
    for key, found in real.items():
        if len(found) != len(raw[key]):
            steps = [piece for span in found[0].spans + found[-1].spans
                     for piece in layers.witness_lines(span.witness)[span.line - 1].pieces if piece.steps]
            assert any(regex.search(r"[.;!?]", piece.diplomatic) and piece.raw.count(".") != piece.diplomatic.count(".")
                       for piece in steps), key


def test_roman_values():
    assert [clauses.roman_value(v) for v in ["I", "II", "III", "IV", "V", "IX", "\N{CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I}I"]] == [1, 2, 3, 4, 5, 9, 2]


def test_kinds_are_known(book):
    from extract.kinds import KINDS
    assert {clause.kind for clause in book.clauses} <= set(KINDS)
    assert {clause.kind for clause in book.clauses if clause.section == "table"} == {"caption"}


def test_ids_are_the_committed_ones(book):
    """The engine cites these ids and the translator keys the English by them.

    If this fails because the text really moved (a repaired full stop, a
    corrected structure map), regenerate the list with
    `pasyans clauses | cut -f1 > tests/extract/clause_ids.txt`, and tell the
    engine and translation owners which ids changed.
    """
    from pathlib import Path

    committed = (Path(__file__).parent / "clause_ids.txt").read_text(encoding="utf-8").split()
    assert [clause.id for clause in book.clauses] == committed


def test_duplicate_ids_are_an_input_error():
    import pytest

    from extract import structure
    from pasyans.errors import InputError

    spans = [s for s in structure.load_spans() if s.game == "belle-lucie"]
    twin = next(s for s in structure.load_spans() if s.game == "cadran" and s.section == "rule")
    spans.append(structure.Span(twin.witness, twin.first, twin.last, "belle-lucie", "rule", "test", False, False,
                                twin.map_line, len(spans)))
    with pytest.raises(InputError, match="rule I. of game 'belle-lucie' appears twice"):
        clauses.build(spans, [])
