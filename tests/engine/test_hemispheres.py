"""Полушарія: the bases and barriers, the circle and its hemispheres, the
exchange, refilling before the talon, crossing at the end (its won game is replayed by test_won_games.py)."""

from __future__ import annotations

import random

import pytest

from engine import Game, find_game
from engine.cards import card_code

from engine_helpers import position

GAME = find_game("hemispheres")


def codes(game, name):
    return [card_code(c) for c in game.pile(name)]


def test_bases_barriers_and_circle():
    game = GAME(12)
    assert codes(game, "barrier-H") + codes(game, "barrier-D") + codes(game, "barrier-C") + \
        codes(game, "barrier-S") == ["KH", "KD", "AC", "AS"]
    assert codes(game, "up-D-2") == ["AD"] and codes(game, "down-C-1") == ["KC"]
    assert sum(len(game.pile(f"place-{k}")) for k in range(1, 13)) == 12
    assert len(game.pile("stock")) == 104 - 24


def test_a_deal_refills_the_circle_before_the_talon():
    game = position("hemispheres", {"piles": {"place-1": ["5H"], "place-4": ["9D"],
                                              "stock": ["~3C", "~QC", "~7S"]}})
    game.play("deal")   # the empty places, from place 2 on, take the stock's cards in turn
    assert codes(game, "place-2") + codes(game, "place-3") + codes(game, "place-5") == ["7S", "QC", "3C"]
    assert not game.pile("stock") and not game.pile("talon")


def test_the_talon_comes_when_the_circle_is_full():
    circle = ["9H", "7H", "5H", "3H", "9D", "7D", "9S", "7S", "5S", "3S", "9C", "7C"]
    piles = {f"place-{k}": [card] for k, card in enumerate(circle, start=1)}
    piles["stock"] = ["~2S", "~4D"]
    game = position("hemispheres", {"piles": piles})
    game.play("deal")
    assert codes(game, "talon") == ["4D"]


def test_exchange_swaps_the_wrong_cards():
    game = position("hemispheres", {"piles": {"place-3": ["2D", "7C"], "place-10": ["JD"], "stock": ["~9C"]}})
    game.play("exchange:3-10")
    assert codes(game, "place-3") == ["2D", "JD"] and codes(game, "place-10") == ["7C"]
    assert not any(m.action.startswith("exchange") for m in game.legal_moves)


def test_wrong_cards_cross_over_at_the_end():
    """Rule II: at the end a wrong card is moved, without exchange, into an
    empty place of its own hemisphere; only there is it available."""
    state = {"piles": {"place-8": ["2H"], "up-H-1": ["AH"], "stock": ["~9C"]}}
    assert "place-8>place-2" not in position("hemispheres", state).legal_moves
    del state["piles"]["stock"]
    game = position("hemispheres", state)
    assert "place-8>up-H-1" not in game.legal_moves  # still in the wrong hemisphere
    assert set(map(str, game.legal_moves)) == {f"place-8>place-{k}" for k in range(1, 7)}
    game.play("place-8>place-2")
    game.play("place-2>up-H-1")
    assert codes(game, "up-H-1") == ["AH", "2H"]


def test_an_action_with_a_stray_argument_is_refused():
    game = GAME(2)
    verdict = game.explain("deal:9")
    assert not verdict.allowed and verdict.rules


# -- issue 10: the barriers, the end, the refusals ------------------------------------

EXCHANGE = "hemispheres.assume.exchange-at-once"
DIRECTION = "hemispheres.assume.marriage-direction"
RACE = "hemispheres.assume.circle-marriage"
TALON = "hemispheres.assume.talon-marriage"


def test_regression_a_barrier_waits_for_the_end_not_for_twelve_cards():
    state = {"game": "hemispheres", "deal": 0, "piles": {
        "barrier-H": ["KH"], "up-H-1": ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH"],
        "stock": ["~2S", "~3S"]}}
    game = GAME.from_portable(state)
    verdict = game.explain("barrier-H>up-H-1")
    assert not verdict.allowed and "barrier-H>up-H-1" not in game.legal_moves
    assert verdict.rules == ("hemispheres.barriers-stay-till-the-end",)
    assert "hemispheres.rule.4" in verdict.clauses
    del state["piles"]["stock"]
    assert "barrier-H>up-H-1" in GAME.from_portable(state).legal_moves
    state["piles"]["talon"] = ["3S"]
    assert "barrier-H>up-H-1" not in GAME.from_portable(state).legal_moves


def test_a_card_onto_a_barrier_is_refused_citing_rule_4():
    game = position("hemispheres", {"piles": {"barrier-S": ["AS"], "place-7": ["2S"], "talon": ["2S"],
                                              "down-S-1": ["KS"], "stock": ["~9C"]}})
    for move in ("place-7>barrier-S", "talon>barrier-S", "down-S-1>barrier-S", "barrier-S>place-7"):
        verdict = game.explain(move)
        assert not verdict.allowed and verdict.rules == ("hemispheres.barriers-take-nothing",), move
        assert "hemispheres.rule.4" in verdict.clauses


def test_no_second_deal_is_refused_citing_play_6():
    verdict = position("hemispheres", {"piles": {"place-1": ["5D"]}}).explain("redeal")
    assert not verdict.allowed and verdict.clauses == ("hemispheres.play.6",)


def test_a_winnable_end_is_not_lost():
    """At the end a wrong card crosses into an empty place of its own hemisphere,
    and the game can be won: the red queen lying in the south goes north, then
    home, and the barrier completes the hearts."""
    game = position("hemispheres", {"piles": {"place-9": ["QH"], "up-H-1": ["AH..JH"], "barrier-H": ["KH"]}})
    assert game.outcome() is None
    assert "place-9>up-H-1" not in game.legal_moves
    for move in ("place-9>place-1", "place-1>up-H-1", "barrier-H>up-H-1"):
        game.play(move)
    assert game.outcome().won


def test_exchange_comes_first_under_the_russian_reading():
    state = {"game": "hemispheres", "deal": 0,
             "piles": {"place-1": ["2H"], "up-H-1": ["AH"], "place-3": ["7C"], "place-10": ["JD"], "stock": ["~9C"]}}
    must = GAME.from_portable(state)
    may = GAME.from_portable({**state, "readings": {EXCHANGE: "may"}})
    assert [str(m) for m in must.legal_moves] == ["exchange:3-10"]
    verdict = must.explain("place-1>up-H-1")
    assert not verdict.allowed and verdict.rules == ("hemispheres.exchange-at-once",)
    assert dict(verdict.readings) == {EXCHANGE: "must"}
    assert may.explain("place-1>up-H-1").allowed and "exchange:3-10" in may.legal_moves and "deal" in may.legal_moves
    assert must.verdicts_under_readings("place-1>up-H-1")[0]["alternative"] == "may"


@pytest.mark.parametrize("talon, allowed", [
    ("8S", {"any-suit": True, "own-hemisphere": False, "own-suit": False}),   # black into the north
    ("8D", {"any-suit": True, "own-hemisphere": True, "own-suit": False}),    # red, another suit
    ("8H", {"any-suit": True, "own-hemisphere": True, "own-suit": True}),     # its own suit
    ("10H", {"any-suit": False, "own-hemisphere": False, "own-suit": False}),  # red marries downwards
])
def test_talon_marriage_readings(talon, allowed):
    state = {"game": "hemispheres", "deal": 0, "piles": {"talon": [talon], "place-1": ["9H"], "stock": ["~2C"]}}
    for alt, expected in allowed.items():
        game = GAME.from_portable({**state, "readings": {TALON: alt}})
        assert game.explain("talon>place-1").allowed is expected, alt
        assert ("talon>place-1" in game.legal_moves) is expected, alt


def test_a_talon_card_in_the_wrong_hemisphere_waits_for_an_exchange():
    game = position("hemispheres", {"piles": {"talon": ["8S"], "place-1": ["9H"], "place-8": ["4D"],
                                              "stock": ["~2C"]}})
    game.play("talon>place-1")
    assert [str(m) for m in game.legal_moves] == ["exchange:1-8"]


def test_circle_marriage_across_races_differs_by_reading():
    state = {"game": "hemispheres", "deal": 0, "piles": {"place-1": ["9H"], "place-2": ["JH"], "place-4": ["8H"],
                                                         "place-3": ["10H"], "stock": ["~2C"]}}
    suit = GAME.from_portable(state)
    race = GAME.from_portable({**state, "readings": {RACE: "race"}})
    assert suit.explain("place-4>place-1").allowed and "place-4>place-1" in suit.legal_moves   # race 2 onto race 1
    verdict = race.explain("place-4>place-1")
    assert not verdict.allowed and verdict.rules == ("hemispheres.marry-in-suit",)
    assert "place-4>place-1" not in race.legal_moves
    assert race.explain("place-3>place-2").allowed  # 10H onto JH, both in race 1


def test_marriage_direction_differs_by_reading():
    state = {"game": "hemispheres", "deal": 0, "piles": {"place-1": ["9H"], "place-4": ["10H"],
                                                         "place-7": ["9S"], "place-8": ["8S"], "stock": ["~2C"]}}
    cadogan = GAME.from_portable(state)
    either = GAME.from_portable({**state, "readings": {DIRECTION: "up-or-down"}})
    for move in ("place-4>place-1", "place-8>place-7"):  # a red card upwards, a black one downwards
        assert not cadogan.explain(move).allowed and move not in cadogan.legal_moves
        assert either.explain(move).allowed and move in either.legal_moves
    assert cadogan.explain("place-1>place-4").allowed  # 9H down onto 10H


def test_readings_round_trip():
    chosen = {EXCHANGE: "may", DIRECTION: "up-or-down", RACE: "race", TALON: "own-suit"}
    game = GAME(6, readings=chosen)
    state = game.to_portable()
    assert state["readings"] == chosen
    assert GAME.from_portable(state).to_portable() == state
    assert GAME(6).piles == game.piles


def test_every_refusal_route_cites_a_clause_or_an_assumption():
    for key, route in GAME.ROUTES.items():
        for rule in route:
            assert rule.clauses or rule.assumptions, (key, rule.id)


@pytest.mark.parametrize("readings", [{}, {EXCHANGE: "may"}, {DIRECTION: "up-or-down", RACE: "race"},
                                      {TALON: "own-hemisphere"}, {TALON: "own-suit", EXCHANGE: "may"}])
@pytest.mark.parametrize("deal", [5, 17])
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
