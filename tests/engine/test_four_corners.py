"""Четыре угла: the redeal waits for a standstill (play.6.1), the redeal
count is a reading (play.6.2), and every refusal names its sentence (issues
10 and 11; the won game is replayed by test_won_games.py)."""

from __future__ import annotations

import json
import random

import pytest

from engine import Game, Move, StateError, find_game
from engine.cards import card_code
from engine.core import STANDSTILL

from engine_helpers import position

GAME = find_game("four-corners")


def codes(game, name):
    return [card_code(c) for c in game.pile(name)]

COUNT = "four-corners.assume.redeal-count"

# issue 10's regression case, exactly as given
REGRESSION = {"game": "four-corners", "deal": 0, "piles": {
    "left-1": ["2C", "3H"], "left-2": ["3C", "5C"], "left-3": ["4C", "9D"], "left-4": ["6C", "7H"],
    "left-5": ["7C", "JC"], "left-6": ["9C", "9S"], "right-1": ["10D", "4D"], "right-2": ["JD", "6S"],
    "right-3": ["5H", "JH"], "right-4": ["6H", "8C"], "right-5": ["8D", "6C"], "right-6": ["10H", "QS"],
    "foundation-S-A": ["AS"], "foundation-H-K": ["KH"]}, "phase": "play", "redeals_left": 2}


def test_regression_redeal_refused_while_the_two_of_spades_can_be_played():
    state = json.loads(json.dumps(REGRESSION))
    state["piles"]["right-5"] = ["8D", "2S"]
    game = GAME.from_portable(state)
    assert "right-5>foundation-S-A" in game.legal_moves
    verdict = game.explain("redeal")
    assert not verdict.allowed and "redeal" not in game.legal_moves
    assert verdict.rules == ("four-corners.redeal-at-a-standstill",)
    assert "four-corners.play.6.1" in verdict.clauses and STANDSTILL in verdict.assumptions


def test_regression_state_as_given_is_no_standstill_either():
    """As given (right-5 = 8D 6C) the 5C of left-2 can still marry the 6C: no redeal."""
    game = GAME.from_portable(REGRESSION)
    assert "left-2>right-5" in game.legal_moves and "redeal" not in game.legal_moves


def test_redeal_at_a_standstill_is_allowed_and_gathers_from_the_left():
    game = position("four-corners", {"phase": "play", "redeals_left": 2,
                                     "piles": {"left-1": ["8S"], "right-6": ["2C", "JH"]}})
    assert list(game.legal_moves) == [Move(action="redeal")]
    game.play("redeal")
    assert game.redeals_left == 1 and game.phase == "play"  # three cards: the first round ends the deal
    # left-1 first (8S), then right-6 from its bottom card (2C, JH): dealt round again from left-1
    assert [codes(game, f"left-{k}") for k in (1, 2, 3)] == [["8S"], ["2C"], ["JH"]]


def test_shuttles_that_open_a_real_move_are_no_standstill():
    # 5C can go onto either 6C and back (the tops stay the same), but after
    # that the 6C of left-1 can marry the 5C and uncover the 9D: play goes on
    game = position("four-corners", {"phase": "play", "redeals_left": 1,
                                     "piles": {"left-1": ["9D", "6C", "5C"], "right-1": ["9H", "5C", "6C"]}})
    card_moves = [m for m in game.legal_moves if not m.action]
    assert card_moves and all(game.is_shuttle(m) for m in card_moves)
    assert not game.standstill() and "redeal" not in game.legal_moves
    assert game.outcome() is None


def test_lost_when_only_redeal_is_spent():
    game = position("four-corners", {"phase": "play", "redeals_left": 0,
                                     "piles": {"left-1": ["8S"], "right-6": ["2C", "JH"]}})
    outcome = game.outcome()
    assert outcome is not None and outcome.rule == "four-corners.lost"
    assert not game.explain("redeal").allowed
    assert game.explain("redeal").rules == ("four-corners.redeals-counted",)


# -- the reading of play.6.2 ------------------------------------------------------------


def standstill_state(readings=None, **extra):
    state = {"game": "four-corners", "deal": 0, "phase": "play",
             "piles": {"left-1": ["8S"], "right-6": ["2C", "JH"]}, **extra}
    if readings:
        state["readings"] = readings
    return state


def test_redeal_count_two_or_one():
    """Dealt again once at a standstill, the packets are still at a standstill:
    a second redeal is allowed under "2" and refused under "1"."""
    verdicts = {}
    for alt in ("2", "1"):
        game = GAME.from_portable(standstill_state({COUNT: alt}))
        assert game.redeals_left == int(alt)  # a state without redeals_left has the reading's count
        game.play("redeal")
        while game.phase == "deal":
            game.play("deal")
        verdicts[alt] = game.explain("redeal")
        assert verdicts[alt].allowed == ("redeal" in game.legal_moves)
    assert verdicts["2"].allowed and not verdicts["1"].allowed
    assert verdicts["1"].rules == ("four-corners.redeals-counted",)
    assert dict(verdicts["1"].readings) == {COUNT: "1"}


def test_fresh_deals_start_with_the_readings_count():
    assert GAME(5).redeals_left == 2
    assert GAME(5, readings={COUNT: "1"}).redeals_left == 1
    # the reading changes no layout
    assert GAME(5).piles == GAME(5, readings={COUNT: "1"}).piles


def test_redeal_count_round_trips_and_bounds_redeals_left():
    game = GAME(7, readings={COUNT: "1"})
    state = game.to_portable()
    assert state["readings"] == {COUNT: "1"} and state["redeals_left"] == 1
    assert GAME.from_portable(state).to_portable() == state
    assert "readings" not in GAME(7).to_portable()
    with pytest.raises(StateError) as error:
        GAME.from_portable(standstill_state({COUNT: "1"}, redeals_left=2))
    assert error.value.where == "redeals_left"
    with pytest.raises(StateError):
        GAME.from_portable(standstill_state({COUNT: "3"}))


def test_readings_command_lists_the_redeal_count():
    from engine import readings

    record = next(r for r in readings("four-corners") if r["id"] == COUNT)
    assert record["default"] == "2" and [a["id"] for a in record["alternatives"]] == ["2", "1"]
    assert "four-corners.redeals-counted" in record["rule_ids"]


# -- every refusal names its sentence -------------------------------------------------


def test_every_refusal_route_cites_a_clause_or_an_assumption():
    for key, route in GAME.ROUTES.items():
        for rule in route:
            assert rule.clauses or rule.assumptions, (key, rule.id)
    verdict = position("four-corners", {"phase": "deal", "piles": {"left-1": ["8S"], "stock": ["~2H"]}}).explain(
        "stock>left-3")
    assert not verdict.allowed and "four-corners.play.3" in verdict.clauses


@pytest.mark.parametrize("readings", [{}, {COUNT: "1"}])
@pytest.mark.parametrize("deal", [3, 41])
def test_random_play_under_each_reading_is_one_answer(deal, readings):
    """The fast generator yields exactly what the routes allow, under each reading."""
    game = GAME(deal, readings=readings)
    rng = random.Random(deal)
    for _ in range(250):
        legal = list(game.legal_moves)
        assert set(legal) == set(Game.generate_moves(game))
        assert all(game.explain(m).allowed for m in legal)
        if not legal:
            break
        game.push(rng.choice(legal))
