"""Солнечные часы: the pack is turned only when no available card is left to
use (play.7.1), under either reading of «для игры»; a space need not be
filled (play.5.3), twin-card shuttles hold nothing back; no second deal."""

from __future__ import annotations

import random

import pytest

from engine import Move, find_game
from engine.coverage import catch_all_refusals

from engine_helpers import expand, random_play

Cadran = find_game("cadran")
TURN = "cadran.assume.turn-when"


def load(piles: dict, readings: dict | None = None) -> "Cadran":
    state = {"game": "cadran", "deal": 0, "piles": {k: expand(v) for k, v in piles.items()}}
    if readings:
        state["readings"] = readings
    return Cadran.from_portable(state)


def test_the_pack_waits_while_a_card_can_go_home():
    game = Cadran(deal=1)
    assert any(game.roles[game.index[m.dst]] == "foundation" for m in game.legal_moves)
    verdict = game.explain("deal")
    assert not verdict.allowed and verdict.rules == ("cadran.turn-the-pack",)
    assert "cadran.play.7.1" in verdict.clauses and "engine.assume.standstill" in verdict.assumptions
    # from the talon too: the turned card that can be used is used before the next
    talon = load({"stock": ["~5D"], "talon": ["9C", "2H"], "foundation-H-1": ["AH"], "col-1": ["KS"]})
    assert not talon.explain("deal").allowed
    talon.play("talon>foundation-H-1")
    assert talon.explain("deal").allowed


def test_the_turn_when_reading_decides_whether_a_marriage_holds_the_pack_back():
    piles = {"stock": ["~5C"], "col-1": ["KS", "9D"], "col-2": ["10D"]}
    use = load(piles)
    play = load(piles, {TURN: "no-card-to-play"})
    assert not use.explain("deal").allowed and Move.parse("deal") not in use.legal_moves
    assert play.explain("deal").allowed and Move.parse("deal") in play.legal_moves
    verdict = use.explain("deal")
    assert dict(verdict.readings) == {TURN: "no-card-to-use"}
    assert use.verdicts_under_readings("deal")[0]["alternative"] == "no-card-to-play"
    # under both, a card that can go to a foundation holds it back
    home = {**piles, "foundation-D-1": ["AD..8D"]}
    assert not load(home).explain("deal").allowed
    assert not load(home, {TURN: "no-card-to-play"}).explain("deal").allowed


def test_a_space_need_not_be_filled():
    # every column is empty but two: their cards could only go into a space
    game = load({"stock": ["~5C"], "col-1": ["KS", "QH"], "col-2": ["9C"]})
    assert all(not game.target(m) for m in game.legal_moves if not m.action)
    assert Move.parse("deal") in game.legal_moves


def test_a_twin_shuttle_does_not_hold_the_pack_back():
    game = load({"stock": ["~9C"], "col-1": ["KS", "6H", "5H"], "col-2": ["QD", "6H"], "col-3": ["8C"]})
    marriages = [m for m in game.legal_moves if not m.action and game.target(m)]
    assert [str(m) for m in marriages] == ["col-1>col-2"] and game.is_shuttle(marriages[0])
    assert game.explain("deal").allowed


def test_a_shuttle_that_leads_to_a_marriage_is_no_standstill():
    # 5H across onto the other 6H, then col-1's 6H onto 7H uncovers 9C
    game = load({"stock": ["~9C"], "col-1": ["9C", "6H", "5H"], "col-2": ["7H", "6H"], "col-3": ["KS", "7H"]})
    marriages = [m for m in game.legal_moves if not m.action and game.target(m)]
    assert marriages and all(game.is_shuttle(m) for m in marriages)
    assert not game.explain("deal").allowed


def test_a_card_from_the_talon_is_never_a_shuttle():
    # 5H on the talon, over the other 6H: laid on the column's 6H it can take 4H there
    game = load({"stock": ["~9C"], "talon": ["6H", "5H"], "col-1": ["KS", "6H"]})
    assert not game.is_shuttle(Move.parse("talon>col-1"))
    assert not game.explain("deal").allowed


def test_the_readings_round_trip_in_the_portable_state():
    game = Cadran(deal=5, readings={TURN: "no-card-to-play"})
    for _ in random_play(game, random.Random(5), 40):
        pass
    state = game.to_portable()
    assert state["readings"] == {TURN: "no-card-to-play"}
    again = Cadran.from_portable(state)
    assert again.readings == game.readings and list(again.legal_moves) == list(game.legal_moves)
    assert "readings" not in Cadran(deal=5).to_portable()


@pytest.mark.parametrize("reading", ["no-card-to-use", "no-card-to-play"])
def test_whenever_the_pack_may_turn_no_counted_card_can_move(reading):
    """Random play: a legal `deal` comes only when no card can go home (nor,
    under the default reading, be married, but by a shuttle)."""
    for deal in range(1, 6):
        game = Cadran(deal=deal, readings={TURN: reading})
        for _ in random_play(game, random.Random(deal), 300):
            moves = list(game.legal_moves)
            if Move(action="deal") not in moves:
                continue
            for m in moves:
                if m.action:
                    continue
                assert game.roles[game.index[m.dst]] != "foundation", m
                if reading == "no-card-to-use" and game.target(m):
                    assert game.is_shuttle(m), m


def test_every_refusal_route_cites_a_clause_or_a_named_assumption():
    for key, route in Cadran.ROUTES.items():
        for rule in route:
            assert rule.clauses or rule.assumptions, (key, rule.id)
    assert catch_all_refusals([Cadran]) == []
    game = load({"col-1": ["KS"], "talon": ["9C"], "stock": ["~7D"], "foundation-S-1": ["AS"]})
    redeal = game.explain("redeal")
    assert not redeal.allowed and redeal.clauses == ("cadran.play.8",)
    for move, clause in (("col-1>talon", "cadran.play.7.2"), ("stock>col-1", "cadran.play.7.1"),
                         ("foundation-S-1>col-2", "cadran.rule.1.1")):
        verdict = game.explain(move)
        assert not verdict.allowed and clause in verdict.clauses, move


def test_the_card_just_turned_is_laid_in_the_sequences_under_either_reading():
    """play.7.1-7.2: each turned card that can go to a foundation or into the
    sequences is put there; only the others form the talon. Under
    "no-card-to-play" a marriage in the layout may wait, but the next card is
    not turned over the card just turned while it can be married."""
    piles = {"stock": ["~9C", "~4H"], "talon": ["JD"], "col-1": ["KS", "5H"]}
    for readings in (None, {TURN: "no-card-to-play"}):
        game = load(piles, readings)
        game.play("deal")
        verdict = game.explain("deal")
        assert not verdict.allowed and verdict.rules == ("cadran.turn-the-pack",)
        assert "cadran.play.7.2" in verdict.clauses
        game.play("talon>col-1")
        assert game.extra["turned"] == 0 and game.explain("deal").allowed
        assert Cadran.from_portable(game.to_portable()).extra == game.extra
    # an older talon card (uncovered when the card over it was used) may wait under "no-card-to-play"
    old = {"stock": ["~9C"], "talon": ["4H"], "col-1": ["KS", "5H"]}
    assert load(old, {TURN: "no-card-to-play"}).explain("deal").allowed
    assert not load(old).explain("deal").allowed
    # the flag is kept only under "no-card-to-play", and needs a talon card
    game = load({"stock": ["~9C"], "col-1": ["KS", "5H"]})
    game.play("deal")
    assert game.extra["turned"] == 0
    with pytest.raises(Exception, match="extra.turned"):
        Cadran.from_portable({"game": "cadran", "deal": 0, "piles": {"col-1": ["KS"]}, "extra": {"turned": 1}})


def test_the_game_is_lost_when_only_shuttles_are_left_and_the_pack_is_out():
    """play.8: no second deal. With the pack turned out, a card going back and
    forth between twin cards, or a lone card from space to space, changes
    nothing (`engine.assume.standstill`): the game is over."""
    rest = {"col-3": ["KD"], "col-4": ["KC"], "col-5": ["9S"], "col-6": ["9D"], "col-7": ["7C"], "col-8": ["3S"],
            "col-9": ["3D"], "col-10": ["2C"]}
    for piles in ({**rest, "col-1": ["KS", "6H", "5H"], "col-2": ["6H"]}, {**rest, "col-1": ["5H"]}):
        game = load(piles)
        assert list(game.legal_moves) and all(game.is_shuttle(m) for m in game.legal_moves)
        outcome = game.outcome()
        assert outcome is not None and outcome.rule == "cadran.lost" and "cadran.play.8" in outcome.clauses
        # a card left in the pack: it may be turned, the game goes on
        assert load({**piles, "stock": ["~4H"]}).outcome() is None
    # a shuttle that lets the covered twin go on to 7H: play goes on
    assert load({**rest, "col-1": ["KS", "6H", "5H"], "col-2": ["6H"], "col-3": ["7H"]}).outcome() is None
