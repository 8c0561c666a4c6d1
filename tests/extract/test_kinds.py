"""Clause kinds (extract/kinds.py, data/kinds.toml)."""

from __future__ import annotations

import pytest

from extract import kinds
from pasyans.errors import InputError


def test_kinds_of_sample_clauses(by_id):
    assert by_id["belle-lucie.decks.1"].kind == "rule"
    assert by_id["belle-lucie.table.1"].kind == "caption"
    assert by_id["terms.marriage.1"].kind == "definition"
    assert by_id["belle-lucie.play.4"].kind == "advice"  # «Слѣдуетъ внимательно разсматривать ...»
    assert by_id["cadran.play.8"].kind == "rule"  # «Пасьянсъ этотъ не раскладывается вторично.»
    assert by_id["salic-law.play.6"].kind == "rule"  # no redeal: a rule
    assert by_id["napoleon.play.2.3"].kind == "note"  # a bracketed aside
    assert by_id["parterre.play.1.1"].kind == "remark"  # «Пасьянсъ этотъ чрезвычайно труденъ.»
    assert by_id["belle-lucie.play.1.1"].kind == "procedure"


def test_every_kind_occurs(book):
    assert {clause.kind for clause in book.clauses} == set(kinds.KINDS)


def test_bad_kind_and_override(tmp_path):
    path = tmp_path / "kinds.toml"
    path.write_text('[[cue]]\nkind = "wish"\npattern = "x"\nreason = "r"\n', encoding="utf-8")
    with pytest.raises(InputError, match="unknown kind") as caught:
        kinds._table.__wrapped__(path)
    assert caught.value.line == 1
    path.write_text('[override]\n"a.play.1" = { kind = "rule" }\n', encoding="utf-8")
    with pytest.raises(InputError, match="reason") as caught:
        kinds._table.__wrapped__(path)
    assert caught.value.line == 2


def test_override_for_unknown_clause_is_an_error():
    with pytest.raises(InputError, match="belle-lucie.play.5"):
        kinds.check_overrides({"belle-lucie.play.4"})
