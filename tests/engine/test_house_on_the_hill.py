"""Домъ на холмѣ: what it inherits from Прекрасная Люція as readings (the
layout, the redeals) and its standstill, which with marriage both ways is
simply "no card move left"."""

from __future__ import annotations

import random

import pytest

from engine import Move, find_game

from engine_helpers import random_play

GAME = find_game("house-on-the-hill")
COUNT = "house-on-the-hill.assume.fan-count"
REDEALS = "house-on-the-hill.assume.redeals"


def hill(piles, **extra):
    return GAME.from_portable({"game": GAME.slug, "deal": 0, "piles": piles, **extra})


@pytest.mark.parametrize("alternative, sizes", [("36", ([3] * 17 + [1]) * 2), ("35", [3] * 34 + [2])])
def test_fan_count_lays_out_deterministically(alternative, sizes):
    for deal in (0, 4, 2**33):
        one = GAME(deal, readings={COUNT: alternative})
        assert one.fan_sizes() == sizes and one.piles == GAME(deal, readings={COUNT: alternative}).piles
        assert all(rule.check(one, None) for rule in GAME.SETUP)
    assert GAME.READINGS[COUNT].default == "36" and GAME.READINGS[COUNT].changes_deal


def test_redeals_reading_inherits_two_or_grants_none():
    assert GAME(2).redeals_left == 2
    none = GAME(2, readings={REDEALS: "0"})
    assert none.redeals_left == 0 and none.to_portable()["readings"] == {REDEALS: "0"}
    stuck = {"fan-1": ["9C", "5H", "4H"], "fan-2": ["JS", "7H"]}  # nothing can move
    two = hill(stuck, redeals_left=2)
    zero = hill(stuck, redeals_left=2, readings={REDEALS: "0"})
    assert two.explain("redeal").allowed and [str(m) for m in two.legal_moves] == ["redeal"]
    verdict = zero.explain("redeal")
    assert not verdict.allowed and verdict.rules == ("house-on-the-hill.redeals-inherited",)
    assert dict(verdict.readings) == {REDEALS: "0"}
    assert not list(zero.legal_moves) and zero.outcome().rule == "belle-lucie.lost"
    other = two.verdicts_under_readings("redeal")
    assert {(o["reading"], o["alternative"], o["allowed"]) for o in other} == {(REDEALS, "0", False)}


def test_back_and_forth_is_followed_by_a_real_move():
    # 7H may go onto the 6H and back; but then the 8H follows it and the QD is uncovered
    game = hill({"fan-1": ["QD", "8H", "7H"], "fan-2": ["QS", "6H"]}, redeals_left=2)
    assert not game.explain("redeal").allowed and not game.is_standstill()
    game.play("fan-1>fan-2")
    game.play("fan-1>fan-2")
    piles = game.to_portable()["piles"]
    assert piles["fan-1"] == ["QD"] and piles["fan-2"] == ["QS", "6H", "7H", "8H"]


def test_the_standstill_is_no_card_move_left_in_random_play():
    rng = random.Random(5)
    for deal in range(3):
        game = GAME(deal)
        for _ in random_play(game, rng, 250):
            card_moves = [m for m in game.generate_moves() if not m.action]
            assert game.is_standstill() == (not card_moves)
            assert (Move(action="redeal") in game.legal_moves) == (
                not card_moves and game.redeals_left > 0 and not game.is_won())
