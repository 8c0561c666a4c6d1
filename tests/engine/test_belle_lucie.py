"""Прекрасная Люція: the redeal at a standstill (issue 10), its two readings
(issue 11), refusals that name their sentence, and the fast generator
under every reading."""

from __future__ import annotations

import random
from itertools import product

import pytest

from engine import ENGINE, Game, Move, find_game

from engine_helpers import random_play

GAME = find_game("belle-lucie")
GATE = "belle-lucie.assume.redeal-gate"
ORDER = "belle-lucie.assume.marriage-order"
FAN_GAMES = ("belle-lucie", "house-in-the-wood", "house-on-the-hill")


def state(piles, **extra):
    return {"game": "belle-lucie", "deal": 0, "piles": piles, **extra}


def test_regression_no_redeal_while_a_card_can_be_played():
    # issue 10: 4S can be played onto the 3S, so the cards are not gathered
    game = GAME.from_portable({"game": "belle-lucie", "deal": 0, "piles": {
        "foundation-S": ["AS", "2S", "3S"], "fan-1": ["KH", "4S"], "fan-2": ["QD", "6C"]}, "redeals_left": 2})
    verdict = game.explain("redeal")
    assert not verdict.allowed and verdict.rules == ("belle-lucie.redeal-at-standstill",)
    assert "belle-lucie.play.5" in verdict.clauses
    assert Move(action="redeal") not in game.legal_moves
    game.play("fan-1>foundation-S")  # now nothing can move: the redeal comes
    assert [str(m) for m in game.legal_moves] == ["redeal"]


def test_no_redeal_before_the_first_move():
    for deal in range(1, 30):
        game = GAME(deal)
        if any(not m.action for m in game.legal_moves):
            assert not game.explain("redeal").allowed


@pytest.mark.parametrize("slug", FAN_GAMES + ("parterre",))
def test_every_refusal_route_cites_a_clause_or_a_named_assumption(slug):
    game_cls = find_game(slug)
    known = set(game_cls.RULES.assumptions) | set(ENGINE.assumptions)
    for key, route in game_cls.ROUTES.items():
        for rule in route:
            assert rule.clauses or rule.assumptions, (key, rule.id)
            assert set(rule.assumptions) <= known, (key, rule.id)
    # no pair of roles is refused by the engine's catch-all alone
    roles = sorted(set(game_cls.roles))
    for src, dst in product(roles, roles):
        if src not in game_cls.FACE_DOWN:
            assert (src, dst) in game_cls.ROUTES, f"{slug}: {src} > {dst} has no route naming its clause"


@pytest.mark.parametrize("slug", FAN_GAMES)
def test_a_card_played_home_stays_citing_rule_one(slug):
    game_cls = find_game(slug)
    home = game_cls.names[game_cls.by_role["foundation"][0]]
    game = game_cls.from_portable({"game": slug, "deal": 0, "piles": {home: ["AS"], "fan-1": ["2H"]}})
    verdict = game.explain(f"{home}>fan-1")
    assert not verdict.allowed and verdict.rules == ("belle-lucie.foundation-cards-stay",)
    assert "belle-lucie.rule.1" in verdict.clauses


def test_an_emptied_fan_is_refused_citing_the_marriage():
    game = GAME.from_portable(state({"fan-1": ["KH"], "fan-2": ["QH"]}))
    verdict = game.explain("fan-2>fan-3")
    assert not verdict.allowed and {"belle-lucie.play.3.2", "terms.marriage.1"} <= set(verdict.clauses)


# -- the readings -------------------------------------------------------------------

def test_redeal_gate_reading_decides_a_redeal_while_a_marriage_is_left():
    piles = {"fan-1": ["KH", "5S"], "fan-2": ["6S"]}  # 5S can marry the 6S; nothing can go home
    standstill = GAME.from_portable(state(piles))
    no_play = GAME.from_portable(state(piles, readings={GATE: "no-play"}))
    assert not standstill.explain("redeal").allowed and "redeal" not in standstill.legal_moves
    assert no_play.explain("redeal").allowed and "redeal" in no_play.legal_moves
    assert dict(standstill.explain("redeal").readings) == {GATE: "standstill"}
    other = standstill.verdicts_under_readings("redeal")
    assert [(o["reading"], o["alternative"], o["allowed"]) for o in other] == [(GATE, "no-play", True)]
    # both readings refuse it while a card can go home
    both = {"fan-1": ["KH", "AS"], "fan-2": ["6S"]}
    assert not GAME.from_portable(state(both, readings={GATE: "no-play"})).explain("redeal").allowed


def test_marriage_order_reading_decides_a_marriage_while_an_ace_is_free():
    piles = {"fan-1": ["AH"], "fan-5": ["9C"], "fan-6": ["2S", "10C"]}
    free = GAME.from_portable(state(piles))
    first = GAME.from_portable(state(piles, readings={ORDER: "plays-first"}))
    assert free.explain("fan-5>fan-6").allowed and "fan-5>fan-6" in free.legal_moves
    verdict = first.explain("fan-5>fan-6")
    assert not verdict.allowed and verdict.rules == ("belle-lucie.marriage-order",)
    assert dict(verdict.readings) == {ORDER: "plays-first"}
    assert [str(m) for m in first.legal_moves] == ["fan-1>foundation-H"]
    first.play("fan-1>foundation-H")  # nothing left to play home: the marriage may come
    assert "fan-5>fan-6" in first.legal_moves


@pytest.mark.parametrize("readings", [{GATE: "no-play"}, {ORDER: "plays-first"},
                                      {GATE: "no-play", ORDER: "plays-first"}])
def test_readings_round_trip_in_the_portable_state(readings):
    game = GAME(4, readings=readings)
    saved = game.to_portable()
    assert saved["readings"] == readings
    again = GAME.from_portable(saved)
    assert again.readings == game.readings and list(again.legal_moves) == list(game.legal_moves)


@pytest.mark.parametrize("slug", FAN_GAMES)
@pytest.mark.parametrize("readings", [{GATE: "no-play"}, {ORDER: "plays-first"}])
def test_the_fast_generator_agrees_with_the_routes_under_every_reading(slug, readings):
    # (the edition's readings: tests/engine/test_games.py)
    game_cls = find_game(slug)
    rng = random.Random(len(slug) + len(readings))
    seen_redeal = 0
    for deal in range(2):
        game = game_cls(deal, readings=readings)
        for _ in random_play(game, rng, 200):
            fast = list(game.generate_moves())
            assert set(fast) == set(Game.generate_moves(game)), game.to_portable()
            assert len(fast) == len(set(fast))
            if Move(action="redeal") in fast:
                seen_redeal += 1
                assert game.explain("redeal").allowed
    assert seen_redeal, "no redeal came in random play"


def test_the_redeal_comes_exactly_when_no_card_can_move():
    rng = random.Random(7)
    for deal in range(5):
        game = GAME(deal)
        for _ in random_play(game, rng, 300):
            moves = list(game.legal_moves)
            card_moves = [m for m in moves if not m.action]
            assert (Move(action="redeal") in moves) == (not card_moves and game.redeals_left > 0
                                                       and not game.is_won())
