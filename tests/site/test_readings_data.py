"""The readings a game page shows (edition.inputs.rule_readings_of): each
game gets the readings that name it, each alternative its measured odds
from the win-rate table where the table has them, and nothing invented
where it has not."""

from __future__ import annotations

import json

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


def _entry(won, lost, unknown=0, measure="player"):
    n = won + lost + unknown
    return {"deals": n, "won": won, "lost": lost, "unknown": unknown, "budget_s": 1.0,
            "low": max(0.0, won / n - 0.05), "high": min(1.0, (won + unknown) / n + 0.05), "policy": "p", "measure": measure}


def _read(tmp_path, game: dict) -> dict:
    """A table in the solver's format, read as the build reads data/winrates.json."""
    path = tmp_path / "winrates.json"
    path.write_text(json.dumps({"games": {"shah": game}}), encoding="utf-8")
    return inputs.read_win_rates(path)["shah"]


def test_odds_come_from_the_table_and_are_never_made_up(tmp_path):
    under = {"shah.assume.marriage-outer-circle": {"literal": {"measures": {"player": _entry(10, 85, 5)}}}}
    rates = _read(tmp_path, {"measures": {"player": _entry(30, 70)}, "readings": under})
    (reading,) = inputs.rule_readings_of(RECORDS, "shah", rates)
    odds = {a["id"]: a["odds"] for a in reading.alternatives}
    assert odds["literal"].startswith("for a player: 10.0–15.0% (95%") and "N = 100" in odds["literal"]
    assert "5 undecided" in odds["literal"]
    assert odds["outer"].startswith("for a player: 30.0% (95%") and "measured under the edition's readings" in odds["outer"]
    # No table entry and not the edition's alternative: no figure at all.
    (reading,) = inputs.rule_readings_of(RECORDS, "shah", _read(tmp_path, {"measures": {"player": _entry(30, 70)}}))
    assert {a["id"]: a["odds"] for a in reading.alternatives}["literal"] == ""
    # No table at all: no figure for any alternative.
    (reading,) = inputs.rule_readings_of(RECORDS, "shah", None)
    assert all(a["odds"] == "" for a in reading.alternatives)


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


def test_a_reading_measured_on_the_same_deals_says_how_many_changed_their_verdict(tmp_path):
    literal = _entry(10, 90)
    literal["paired"] = {"deals": 100, "won_both": 8, "won_here_only": 2, "won_default_only": 22,
                         "lost_both": 68, "undecided": 0}
    under = {"shah.assume.marriage-outer-circle": {"literal": {"measures": {"player": literal}}}}
    rates = _read(tmp_path, {"measures": {"player": _entry(30, 70)}, "readings": under})
    (reading,) = inputs.rule_readings_of(RECORDS, "shah", rates)
    odds = {a["id"]: a["odds"] for a in reading.alternatives}["literal"]
    assert odds.startswith("for a player: 10.0% (95%")
    assert ("deal by deal against the edition's reading: 24 of 100 deals change their verdict "
            "(2 won only under this reading, 22 only under the edition's)") in odds
