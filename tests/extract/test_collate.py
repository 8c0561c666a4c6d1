"""Collation of overlapping witnesses (extract/collate.py)."""

from __future__ import annotations

import regex

from extract import collate


def toks(witness, *lines):
    result = []
    for number, text in enumerate(lines, 1):
        for found in collate.TOKEN.finditer(text):
            result.append(collate.Token(found.group(), witness, number, found.start(), found.end()))
        result.append(collate.Token(collate.LINE_END, witness, number, len(text), len(text)))
    return result


def changes(base, other):
    return [(op, [t.text for t in base[i1:i2] if t.text != "\n"], [t.text for t in other[j1:j2] if t.text != "\n"])
            for op, i1, i2, j1, j2 in collate.align(base, other) if op != "equal"]


def test_omitted_line_is_omitted_whole():
    base = toks("A", "игры, если лежитъ ниже ея.", "Игра.", "Раскладываютъ карты.")
    other = toks("B", "игры, если лежитъ ниже ея.", "Раскладываютъ карты.")
    assert changes(base, other) == [("delete", ["Игра", "."], [])]


def test_substitution_and_addition():
    base = toks("A", "въ д ђ ло, если карта.")
    other = toks("B", "въ дђло, если другая карта.")
    assert changes(base, other) == [("replace", ["д", "ђ", "ло"], ["дђло"]), ("insert", [], ["другая"])]


def test_identical_witnesses_have_no_variants():
    lines = ["Годными картами считаются.", "Масти соблюдаются."]
    assert changes(toks("A", *lines), toks("B", *lines)) == []


def test_003_is_collated_with_000(book, by_id):
    # 003 repeats 000 lines 34-50: every clause there has a parallel in 003,
    # and nothing of 003 is printed as a clause of its own.
    assert not any(span.witness == "003" for clause in book.clauses for span in clause.spans)
    for clause_id in ["belle-lucie.play.4", "house-in-the-wood.play.1.1", "cadran.rule.1.3", "cadran.play.5.3"]:
        assert by_id[clause_id].parallels and by_id[clause_id].parallels[0].witness == "003"
    readings = {(v.base_reading, v.reading) for c in book.clauses for v in c.variants}
    assert ("д ђ ло", "дђло") in readings
    omitted = " ".join(v.base_reading for v in book.apparatus)
    assert "ПОЛУШАРІЯ" in omitted and "Игра." in omitted
    # 003 lacks the decks line too: an omission on that clause, one line per variant
    assert [(v.kind, v.reading) for v in by_id["cadran.decks.1"].variants] == [("omission", "")]
    assert all(len(v.base_spans) == 1 for v in book.apparatus)


def test_parallels_point_at_the_same_words(book):
    import corpus
    for clause in book.clauses:
        for span in clause.parallels:
            text = corpus.witness(span.witness).lines[span.line - 1][span.start:span.end]
            first_word = regex.search(r"\w+", clause.raw).group()
            assert text.split()[0].strip(".,") == first_word or clause.variants, clause.id


from hypothesis import given, settings
from hypothesis import strategies as st

line = st.lists(st.sampled_from(["карта", "тузъ", "король", ".", ",", "дѣло"]), min_size=1, max_size=6).map(" ".join)


@settings(max_examples=100, deadline=None)
@given(st.lists(line, min_size=1, max_size=5), st.lists(line, min_size=1, max_size=5))
def test_alignment_accounts_for_every_token(a_lines, b_lines):
    base, other = toks("A", *a_lines), toks("B", *b_lines)
    codes = collate.align(base, other)
    # the opcodes tile both sequences in order, and equal blocks really are equal
    assert codes[0][1] == 0 and codes[0][3] == 0
    assert codes[-1][2] == len(base) and codes[-1][4] == len(other)
    for (op, i1, i2, j1, j2), following in zip(codes, codes[1:] + [None]):
        if op == "equal":
            assert [t.text for t in base[i1:i2]] == [t.text for t in other[j1:j2]]
        if following is not None:
            assert following[1] == i2 and following[3] == j2
