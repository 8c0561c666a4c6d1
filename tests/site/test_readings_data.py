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
                                                "name_ru": "marriage outer circle", "default": "outer", "changes_deal": False,
                                                "alternatives": ["outer", "literal"],
                                                "labels": {"outer": {"ru": "outer", "en": "outer"},
                                                           "literal": {"ru": "literal", "en": "literal"}}}]
    # with the Russian (site/data/readings-ru.json) the reader sees labels, not ids
    russian = {"shah.assume.marriage-outer-circle": {"name": "Марьяж на внешнем круге", "alternatives": {
        "outer": {"label": "Внешний круг"}, "literal": {"label": "Буквально"}}}}
    (reading,) = inputs.rule_readings_of(RECORDS, "shah", None, russian)
    (data,) = board.readings_data([reading])
    assert data["name_ru"] == "Марьяж на внешнем круге"
    assert data["labels"]["outer"] == {"ru": "Внешний круг", "en": "outer"}


def test_a_damaged_list_of_readings_is_refused_by_name():
    with pytest.raises(InputError, match="pasyans readings --json"):
        inputs.rule_readings_of({"readings": [{"id": "shah.assume.x", "games": ["shah"]}]}, "shah", None)


def test_the_live_readings_reach_every_game_they_name():
    import engine

    records = {"readings": engine.readings()}
    for record in records["readings"]:
        for slug in record["games"]:
            assert record["id"] in [r.id for r in inputs.rule_readings_of(records, slug, None)]


def _records(folder, measure, readings, won, deals=100, policy_budget=1.0):
    """A records file of Шах's deals 1..deals, ``won`` the deals won."""
    from pasyans import stats

    folder.mkdir(exist_ok=True)
    head = {"game": "shah", "measure": measure, "readings": readings,
            "budget": {"nodes": 50_000_000, "seconds": policy_budget}}
    lines = [head] + [{"deal": d, "status": "won" if d in won else "lost", "seconds": 0.1} for d in range(1, deals + 1)]
    stats.results_path(folder, "shah", measure, readings).write_text(
        "".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


LITERAL = {"shah.assume.marriage-outer-circle": "literal"}


def test_a_reading_measured_on_the_same_deals_says_how_many_changed_their_verdict(tmp_path):
    """The pairing shown is the records', not the table's: here the table
    kept one made against older records of the defaults (with the pack
    known a verdict is a fact, whichever solver gave it)."""
    _records(tmp_path / "winrates", "solvable", {}, set(range(1, 31)))
    _records(tmp_path / "winrates", "solvable", LITERAL, set(range(1, 9)) | {31, 32})
    literal = _entry(10, 90, measure="solvable")
    literal["paired"] = {"deals": 100, "won_both": 8, "won_here_only": 2, "won_default_only": 2,
                         "lost_both": 88, "undecided": 0, "default_won": 10, "default_unknown": 0}
    under = {"shah.assume.marriage-outer-circle": {"literal": {"measures": {"solvable": literal}}}}
    rates = _read(tmp_path, {"measures": {"solvable": _entry(30, 70, measure="solvable")}, "readings": under})
    (reading,) = inputs.rule_readings_of(RECORDS, "shah", rates)
    odds = {a["id"]: a["odds"] for a in reading.alternatives}["literal"]
    assert odds.startswith("solvable: 10.0% (95%")
    assert ("deal by deal against the edition's reading: 24 of 100 deals change their verdict "
            "(2 won only under this reading, 22 only under the edition's, which wins 30 of these 100)") in odds
    assert "out of date" not in odds


def _edition(rates):
    from markupsafe import Markup

    from edition.model import Edition, Game

    shah = Game(slug="shah", title=Markup("Шах"), title_plain="Шах", title_en="Shah")
    return Edition(version="0", games=[shah], win_rates={"shah": rates})


def test_a_pairing_under_an_older_player_policy_is_shown_as_stale_and_left_out_of_the_headline(tmp_path):
    _records(tmp_path / "winrates", "player", {}, set(range(1, 31)))
    _records(tmp_path / "winrates", "player", LITERAL, set(range(1, 9)) | {31, 32})
    old = {**_entry(10, 90), "policy": "an older policy",
           "paired": {"deals": 100, "won_both": 8, "won_here_only": 2, "won_default_only": 22, "lost_both": 68,
                      "undecided": 0, "default_won": 30, "default_unknown": 0}}
    under = {"shah.assume.marriage-outer-circle": {"literal": {"measures": {"player": old}}}}
    rates = _read(tmp_path, {"measures": {"player": _entry(30, 70)}, "readings": under})
    (reading,) = inputs.rule_readings_of(RECORDS, "shah", rates)
    literal = {a["id"]: a for a in reading.alternatives}["literal"]
    assert "change their verdict" not in literal["odds"] and "меняется исход" not in literal["odds_ru"]
    assert ("deal by deal against the edition's reading: out of date, not shown (measured under an older player "
            "policy") in literal["odds"]
    assert "по раздачам против прочтения издания: устарело, не показано (измерено по прежней стратегии" in literal["odds_ru"]
    edition = _edition(rates)
    assert edition.reading_effects() == [] and edition.stale_pairings() == 1

    # with a solvable measure paired afresh, that one is told and the player's said to be out of date
    _records(tmp_path / "winrates", "solvable", {}, set(range(1, 31)))
    _records(tmp_path / "winrates", "solvable", LITERAL, set(range(1, 21)))
    _records(tmp_path / "winrates", "player", LITERAL, set(range(1, 9)) | {31, 32})
    under["shah.assume.marriage-outer-circle"]["literal"]["measures"]["solvable"] = _entry(20, 80, measure="solvable")
    rates = _read(tmp_path, {"measures": {"player": _entry(30, 70), "solvable": _entry(30, 70, measure="solvable")},
                             "readings": under})
    (reading,) = inputs.rule_readings_of(RECORDS, "shah", rates)
    literal = {a["id"]: a for a in reading.alternatives}["literal"]
    assert literal["odds"].startswith("solvable: 20.0%")
    assert "10 of 100 deals change their verdict (0 won only under this reading, 10 only under" in literal["odds"]
    assert "the figure “for a player” under this reading is out of date, not shown (measured under an older" in literal["odds"]
    assert "цифра «у игрока» по этому прочтению устарела" in literal["odds_ru"]
    edition = _edition(rates)
    (effect,) = edition.reading_effects()
    assert (effect["name"], effect["changed"], effect["lost"]) == ("solvable", 10, 10)
    assert edition.stale_pairings() == 1
