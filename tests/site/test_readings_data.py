"""The readings a game page shows (edition.inputs.rule_readings_of): each
game gets the readings that name it, each alternative its measured odds
from the win-rate table where the table has them, and nothing invented
where it has not."""

from __future__ import annotations

import pytest

from edition import board, inputs
from pasyans.errors import InputError

RECORDS = {"readings": [
    {"id": "shah.assume.marriage-outer-circle", "reason": "r", "default": "outer", "why_default": "w",
     "changes_deal": False, "games": ["shah"], "clause_ids": ["shah.rule.2"], "rule_ids": ["shah.marriage"],
     "alternatives": [{"id": "outer", "reason": "a", "follows": ["shah.rule.2"]},
                      {"id": "literal", "reason": "b", "follows": ["shah.rule.2", "shah.play.3"]}]},
    {"id": "belle-lucie.assume.redeal-gate", "reason": "r", "default": "standstill", "changes_deal": False,
     "games": ["belle-lucie", "house-in-the-wood"],
     "alternatives": [{"id": "standstill", "reason": "a", "follows": []}, {"id": "no-play", "reason": "b", "follows": []}]},
]}


def _entry(won, lost, unknown=0, **more):
    rate = won / (won + lost)
    return {"deals": won + lost + unknown, "won": won, "lost": lost, "unknown": unknown, "win_rate": rate,
            "wilson95": [rate - 0.05, rate + 0.05], **more}


def test_a_game_gets_the_readings_that_name_it():
    assert [r.id for r in inputs.rule_readings_of(RECORDS, "house-in-the-wood", None)] == ["belle-lucie.assume.redeal-gate"]
    assert [r.id for r in inputs.rule_readings_of(RECORDS, "shah", None)] == ["shah.assume.marriage-outer-circle"]
    assert inputs.rule_readings_of(RECORDS, "mill", None) == []
    assert inputs.rule_readings_of(None, "shah", None) == []


def test_odds_come_from_the_table_and_are_never_made_up():
    rates = {**_entry(30, 70), "readings": {"shah.assume.marriage-outer-circle": {"literal": _entry(10, 90, 5)}}}
    (reading,) = inputs.rule_readings_of(RECORDS, "shah", rates)
    odds = {a["id"]: a["odds"] for a in reading.alternatives}
    assert odds["literal"].startswith("10.0% (95% interval") and "of 100 decided deals; 5 undecided" in odds["literal"]
    assert odds["outer"].startswith("30.0%") and "measured under the edition's readings" in odds["outer"]
    # No table entry and not the edition's alternative: no figure at all.
    (reading,) = inputs.rule_readings_of(RECORDS, "shah", _entry(30, 70))
    assert {a["id"]: a["odds"] for a in reading.alternatives}["literal"] == ""
    # A solver that knew the cards to come says so.
    (reading,) = inputs.rule_readings_of(RECORDS, "shah", _entry(30, 70, thoughtful=True))
    assert "knew the order of the cards still to come" in reading.alternatives[0]["odds"]


def test_the_board_gets_ids_names_defaults_and_alternatives():
    (reading,) = inputs.rule_readings_of(RECORDS, "shah", None)
    assert reading.name == "marriage outer circle"
    assert board.readings_data([reading]) == [{"id": "shah.assume.marriage-outer-circle", "name": "marriage outer circle",
                                                "default": "outer", "changes_deal": False,
                                                "alternatives": ["outer", "literal"]}]


def test_a_damaged_list_of_readings_is_refused_by_name():
    with pytest.raises(InputError, match="pasyans readings --json"):
        inputs.rule_readings_of({"readings": [{"id": "shah.assume.x", "games": ["shah"]}]}, "shah", None)


def test_the_live_readings_reach_every_game_they_name():
    import engine

    records = {"readings": engine.readings()}
    for record in records["readings"]:
        for slug in record["games"]:
            assert record["id"] in [r.id for r in inputs.rule_readings_of(records, slug, None)]
