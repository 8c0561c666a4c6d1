"""Мельница: the first four kings go to the corners (play.1.3), the pack is
turned once the available cards are played (under either reading), a king's
pile lends one card only when a wing or talon card can then go on the middle
pile (two readings of «одну карту съ пачки»), and there is no second deal."""

from __future__ import annotations

import random

import pytest

from engine import Move, find_game
from engine.coverage import catch_all_refusals

from engine_helpers import expand, random_play

Mill = find_game("mill")
TURN = "mill.assume.turn-when"
LEND = "mill.assume.lend-limit"
QUIET = ("3C", "4C", "5C", "6C", "9C", "10C", "JC", "QC")  # none plays on an ace or an empty corner
LENDER = ["KH", "QC", "JD", "10S", "9S", "8C", "7H"]
OTHER = ["KD", "QS", "JH", "10H", "9D", "8S", "7S"]


def wings(*cards, **more) -> dict:
    out = {f"wing-{k}": ([c] if c else []) for k, c in enumerate(cards, 1)}
    out.update(more)
    return out


def load(piles: dict, readings: dict | None = None, **extra) -> "Mill":
    state = {"game": "mill", "deal": 0, "piles": {k: expand(v) for k, v in piles.items()}, "extra": extra}
    if readings:
        state["readings"] = readings
    return Mill.from_portable(state)


def test_the_turn_when_reading_decides_whether_a_wing_card_holds_the_pack_back():
    piles = wings("2C", *QUIET[1:], centre=["AD"], stock=["~9H"])
    standstill = load(piles)
    talon_first = load(piles, {TURN: "talon-top-unusable"})
    assert not standstill.explain("deal").allowed
    assert talon_first.explain("deal").allowed and Move.parse("deal") in talon_first.legal_moves
    assert dict(standstill.explain("deal").readings) == {TURN: "at-standstill"}
    # under both: the turned card that can be used is used first, and a king
    # waiting for an empty corner goes there first (play.1.3)
    for extra_piles in ({"talon": ["8H", "2H"]}, {"wing-1": ["KD"]}):
        for readings in (None, {TURN: "talon-top-unusable"}):
            game = load({**wings(*QUIET, centre=["AD"], stock=["~9H"]), **extra_piles}, readings)
            assert not game.explain("deal").allowed, (extra_piles, readings)


def test_a_king_never_goes_to_the_middle_while_a_corner_is_empty():
    """play.1.3, audited: the first four kings to come out go to the corners.
    Random play: no legal move lays a king on the middle pile while a corner
    is empty, and under the edition's reading the pack is never turned while
    an available king could go to an empty corner."""
    for deal in range(1, 9):
        game = Mill(deal=deal)
        for _ in random_play(game, random.Random(deal), 400):
            corners_full = all(game.piles[i] for i in game.by_role["corner"])
            moves = list(game.legal_moves)
            for m in moves:
                if not m.action and m.dst == "centre" and game.moving_card(m) & 15 == 13:
                    assert corners_full, m
            if Move(action="deal") in moves and not corners_full:
                assert not any(not m.action and game.roles[game.index[m.dst]] == "corner" for m in moves)


def test_lending_must_free_a_card_for_the_middle_pile():
    centre = ["AD..6D"]
    # 8D can go on the middle once 7H is lent: allowed
    assert load(wings("8D", *QUIET[1:], centre=centre, **{"corner-1": LENDER})).explain("corner-1>centre").allowed
    # 7S could go on the middle already; the lending frees nothing
    verdict = load(wings("7S", *QUIET[1:], centre=centre, **{"corner-1": LENDER})).explain("corner-1>centre")
    assert not verdict.allowed and "mill.assume.lend-then-play" in verdict.assumptions
    # a king freed for the middle must wait while a corner is empty
    kings = {"corner-1": ["KH", "QC"], "corner-2": ["KS"], "corner-3": ["KD"]}
    assert not load(wings("KS", *QUIET[1:], centre=["AD..JD"], **kings)).explain("corner-1>centre").allowed
    assert load(wings("KS", *QUIET[1:], centre=["AD..JD"], **kings, **{"corner-4": ["KC"]})).explain(
        "corner-1>centre").allowed


def test_the_lend_limit_reading():
    piles = wings("8D", *QUIET[1:], centre=["AD..6D"], **{"corner-1": LENDER, "corner-2": OTHER})
    each = load(piles, lent=1)  # corner-1 has lent since the last wing or talon card
    one = load(piles, {LEND: "one-in-all"}, lent=1)
    assert not each.explain("corner-1>centre").allowed
    assert each.explain("corner-2>centre").allowed and Move.parse("corner-2>centre") in each.legal_moves
    verdict = one.explain("corner-2>centre")
    assert not verdict.allowed and dict(verdict.readings)[LEND] == "one-in-all"
    # a wing card played onto a foundation ends the lending for every packet
    each.play("corner-2>centre")
    assert each.extra["lent"] == 0b11
    each.play("wing-1>centre")
    assert each.extra["lent"] == 0 and each.to_portable()["piles"]["wing-1"] == []


def test_the_readings_round_trip_in_the_portable_state():
    readings = {TURN: "talon-top-unusable", LEND: "one-in-all"}
    game = Mill(deal=6, readings=readings)
    for _ in random_play(game, random.Random(6), 60):
        pass
    state = game.to_portable()
    assert state["readings"] == readings
    again = Mill.from_portable(state)
    assert again.readings == game.readings and list(again.legal_moves) == list(game.legal_moves)


@pytest.mark.parametrize("move, clause", [
    ("redeal", "mill.play.2.5"),
    ("centre>corner-1", "mill.play.2.3"),
    ("corner-1>corner-2", "mill.play.2.3"),
    ("wing-1>wing-2", "mill.play.2.2"),
    ("stock>centre", "mill.play.1.7"),
    ("wing-1>talon", "mill.play.1.8"),
])
def test_a_refusal_cites_the_clause_that_forbids_it(move, clause):
    game = load(wings(*QUIET, centre=["AD", "2D"], stock=["~2H"], **{"corner-1": ["KH", "QC"], "corner-2": ["KS"]}))
    verdict = game.explain(move)
    assert not verdict.allowed and clause in verdict.clauses


def test_every_refusal_route_cites_a_clause_or_a_named_assumption():
    for key, route in Mill.ROUTES.items():
        for rule in route:
            assert rule.clauses or rule.assumptions, (key, rule.id)
    assert catch_all_refusals([Mill]) == []
