"""Шахъ: the Shah stays alone (play.3), the kings aside take no part
(play.2), and which cards marry is a reading of rule II (outer circle, as
Cadogan, or the middle circles as the Russian stands); the won game is
replayed by test_won_games.py."""

from __future__ import annotations

import random

import pytest

from engine import Game, find_game

from engine_helpers import position

GAME = find_game("shah")
MARRIAGE = "shah.assume.marriage-outer-circle"
STAR = {"ray-1": ["9C", "7D", "5H"], "ray-2": ["3H", "10C", "6H"], "ray-3": ["8S", "6D", "QC"],
        "ray-4": ["2D", "5S", "JH"], "ray-5": ["9D", "7S", "3C"], "ray-6": ["10H", "4S", "8D"],
        "ray-7": ["6C", "QH", "2S"], "ray-8": ["5D", "JC", "9H"]}


def after_the_deal(readings=None, **piles):
    state = {"phase": "play", "extra": {"dealt": 24}, "piles": {**STAR, **piles}}
    game = position("shah", state)
    return GAME.from_portable({**game.to_portable(), "readings": readings}) if readings else game


def test_a_queen_onto_the_shah_is_refused_citing_play_3():
    game = after_the_deal(**{"ray-7": ["6C", "2S", "QH"], "shah": ["KH"]})
    for move in ("ray-7>shah", "talon>shah"):
        verdict = game.explain(move)
        assert not verdict.allowed and move not in game.legal_moves
    verdict = game.explain("ray-7>shah")
    assert verdict.rules == ("shah.shah-stays-alone",) and "shah.play.3" in verdict.clauses
    talon = after_the_deal(talon=["QS"])
    assert talon.explain("talon>shah").rules == ("shah.shah-stays-alone",)


def test_the_kings_aside_and_the_shah_never_move():
    game = after_the_deal(**{"kings-aside": ["KS"], "shah": ["KH"]})
    assert game.explain("kings-aside>ray-1").rules == ("shah.kings-laid-aside",)
    assert "shah.play.2" in game.explain("kings-aside>ray-1").clauses
    assert game.explain("shah>ray-1").rules == ("shah.shah-stays-alone",)
    assert game.explain("ray-1>kings-aside").rules == ("shah.kings-laid-aside",)


def test_no_redeal_is_refused_by_name():
    verdict = after_the_deal().explain("redeal")
    assert not verdict.allowed and verdict.rules == ("shah.no-redeal",)
    assert verdict.assumptions == ("shah.assume.no-redeal",)


def test_every_refusal_route_cites_a_clause_or_an_assumption():
    for key, route in list(GAME.ROUTES.items()) + [("refill", GAME.REFILL_ROUTE)]:
        for rule in route:
            assert rule.clauses or rule.assumptions, (key, rule.id)


# -- the reading of rule II ---------------------------------------------------------


def test_outer_circle_marriage_after_the_deal_differs_by_reading():
    outer = after_the_deal()
    literal = after_the_deal({MARRIAGE: "literal"})
    move = "ray-1>ray-2"  # 5H of the outer circle onto the outer 6H
    assert outer.explain(move).allowed and move in outer.legal_moves
    verdict = literal.explain(move)
    assert not verdict.allowed and move not in literal.legal_moves
    assert verdict.rules == ("shah.marriage-circles",) and dict(verdict.readings) == {MARRIAGE: "literal"}
    assert outer.verdicts_under_readings(move)[0]["alternative"] == "literal"


def test_the_talon_marries_only_under_the_outer_reading():
    move = "talon>ray-2"
    assert after_the_deal(talon=["5H"], **{"ray-1": ["9C", "7D", "JS"]}).explain(move).allowed
    assert not after_the_deal({MARRIAGE: "literal"}, talon=["5H"], **{"ray-1": ["9C", "7D", "JS"]}).explain(
        move).allowed


def test_middle_circle_marriage_during_the_deal_differs_by_reading():
    state = {"game": "shah", "deal": 0, "phase": "deal", "extra": {"dealt": 10},
             "piles": {"ray-1": ["9C", "5H"], "ray-2": ["3H", "8D"], "ray-3": ["2D"], "ray-4": ["QC"],
                       "ray-5": ["6H"], "ray-6": ["4S"], "ray-7": ["JC"], "ray-8": ["10S"], "stock": ["~7C"]}}
    outer = GAME.from_portable(state)
    literal = GAME.from_portable({**state, "readings": {MARRIAGE: "literal"}})
    move = "ray-1>ray-5"  # a second-circle 5H onto a first-circle 6H, both uncovered
    assert not outer.explain(move).allowed and move not in outer.legal_moves
    assert literal.explain(move).allowed and move in literal.legal_moves
    literal.play(move)
    # the space left in ray-1 is filled at once from the hand, before anything else
    assert [str(m) for m in literal.legal_moves] == ["stock>ray-1"]


def test_literal_reading_never_marries_the_outer_circle_during_the_deal():
    state = {"game": "shah", "deal": 0, "phase": "deal", "extra": {"dealt": 17}, "readings": {MARRIAGE: "literal"},
             "piles": {"ray-1": ["9C", "8D", "5H"], "ray-2": ["3H", "6H"], "ray-3": ["2D", "4H"],
                       "ray-4": ["QC", "JD"], "ray-5": ["6D", "7S"], "ray-6": ["4S", "3S"], "ray-7": ["JC", "2S"],
                       "ray-8": ["10S", "9S"], "stock": ["~7C"]}}
    game = GAME.from_portable(state)
    assert not game.explain("ray-1>ray-2").allowed   # the 5H is of the third circle
    assert game.explain("ray-6>ray-2").rules == ("shah.marriage-downwards-in-suit",)  # 3S on a 6H: no marriage
    assert [str(m) for m in game.legal_moves] == ["ray-7>ray-6", "deal"]  # 2S onto 3S, both second-circle
    assert game.explain("ray-3>ray-1").rules == ("shah.marriage-circles",)    # onto the outer circle


PLAY = "shah.assume.play-while-dealing"


def test_whether_a_suitable_card_must_be_played_before_the_deal_goes_on():
    state = {"game": "shah", "deal": 0, "phase": "deal", "extra": {"dealt": 3},
             "piles": {"ray-1": ["2S"], "ray-2": ["9D"], "ray-3": ["8C"], "foundation-S-1": ["AS"],
                       "stock": ["~7C", "~9H"]}}
    may = GAME.from_portable(state)
    must = GAME.from_portable({**state, "readings": {PLAY: "must"}})
    assert may.explain("deal").allowed and "deal" in may.legal_moves
    verdict = must.explain("deal")
    assert not verdict.allowed and "deal" not in must.legal_moves
    assert verdict.rules == ("shah.play-before-dealing-on",) and "shah.play.5.2" in verdict.clauses
    must.play("ray-1>foundation-S-1")
    must.play("stock>ray-1")       # the space is filled at once from the hand (the 9H)
    assert not must.suitable_in_the_star() and "deal" in must.legal_moves


def test_the_reading_round_trips():
    game = GAME(4, readings={MARRIAGE: "literal"})
    state = game.to_portable()
    assert state["readings"] == {MARRIAGE: "literal"}
    assert GAME.from_portable(state).to_portable() == state
    assert GAME(4).piles == game.piles  # the reading changes no layout


@pytest.mark.parametrize("readings", [{}, {MARRIAGE: "literal"}, {PLAY: "must", MARRIAGE: "literal"}, {PLAY: "must"}])
@pytest.mark.parametrize("deal", [2, 29])
def test_random_play_under_each_reading_is_one_answer(deal, readings):
    game = GAME(deal, readings=readings)
    rng = random.Random(deal)
    for _ in range(250):
        legal = list(game.legal_moves)
        assert set(legal) == set(Game.generate_moves(game))
        assert all(game.explain(m).allowed for m in legal)
        if not legal:
            break
        game.push(rng.choice(legal))
