"""Домъ въ лѣсу: the fan-count reading (36 or 35 packets), which changes
the deal, and the redeal at a standstill with twin cards."""

from __future__ import annotations

import random

import pytest

from engine import Move, find_game

from engine_helpers import random_play

GAME = find_game("house-in-the-wood")
COUNT = "house-in-the-wood.assume.fan-count"
TWICE_LUCIE = ([3] * 17 + [1]) * 2
IN_THREES = [3] * 34 + [2]


def house(piles, **extra):
    return GAME.from_portable({"game": GAME.slug, "deal": 0, "piles": piles, **extra})


@pytest.mark.parametrize("alternative, sizes", [("36", TWICE_LUCIE), ("35", IN_THREES)])
@pytest.mark.parametrize("deal", [0, 1, 17, 2**40])
def test_fan_count_lays_out_deterministically(alternative, sizes, deal):
    one = GAME(deal, readings={COUNT: alternative})
    two = GAME(deal, readings={COUNT: alternative})
    assert one.fan_sizes() == sizes and one.piles == two.piles
    assert all(rule.check(one, None) for rule in GAME.SETUP)
    # the same shuffle, cut into other packets: the same cards in the same order
    other = GAME(deal, readings={COUNT: "35" if alternative == "36" else "36"})
    assert [c for i in GAME.by_role["fan"] for c in one.piles[i]] == \
        [c for i in GAME.by_role["fan"] for c in other.piles[i]]
    assert other.piles != one.piles


def test_the_default_is_twice_the_packets_of_la_belle_lucie():
    assert GAME.READINGS[COUNT].default == "36" and GAME.READINGS[COUNT].changes_deal
    assert GAME(3).fan_sizes() == TWICE_LUCIE
    assert len(GAME.by_role["fan"]) == 36


def test_the_setup_rule_knows_the_reading():
    game = GAME(5, readings={COUNT: "36"})
    rule = GAME.SETUP[0]
    assert rule.check(game, None)
    game.readings = {**game.readings, COUNT: "35"}  # the same layout judged under the other reading
    assert not rule.check(game, None)


def test_fan_count_round_trips_in_the_portable_state():
    game = GAME(9, readings={COUNT: "35"})
    saved = game.to_portable()
    assert saved["readings"] == {COUNT: "35"} and saved["piles"]["fan-36"] == []
    assert GAME.from_portable(saved).to_portable() == saved


def test_a_redeal_deals_the_gathered_cards_in_threes():
    rng = random.Random(3)
    game = GAME(12)
    while Move(action="redeal") not in game.legal_moves:
        moves = list(game.legal_moves)
        game.push(moves[rng.randrange(len(moves))])
    count = sum(len(game.piles[i]) for i in GAME.by_role["fan"])
    game.play("redeal")
    assert game.fan_sizes() == [3] * (count // 3) + ([count % 3] if count % 3 else [])


def test_twin_shuttles_do_not_keep_the_game_going():
    shuttle = {"fan-1": ["9C", "5H", "4H"], "fan-2": ["9C", "5H"]}  # 4H can only hop between the 5Hs
    game = house(shuttle, redeals_left=2)
    assert {str(m) for m in game.legal_moves} == {"fan-1>fan-2", "redeal"}
    verdict = game.explain("redeal")
    assert verdict.allowed and "engine.assume.standstill" in verdict.assumptions
    lost = house(shuttle, redeals_left=0)
    assert lost.outcome() is not None and lost.outcome().rule == "belle-lucie.lost"
    # a shuttle that leads to a real move is no standstill
    going = house({"fan-1": ["9C", "5H", "4H"], "fan-2": ["6H", "5H"], "fan-3": ["6H"]}, redeals_left=2)
    assert not going.explain("redeal").allowed and going.outcome() is None


def test_redeal_only_at_a_standstill_in_random_play():
    rng = random.Random(11)
    for deal in range(3):
        game = GAME(deal)
        for _ in random_play(game, rng, 250):
            moves = list(game.legal_moves)
            if Move(action="redeal") in moves:
                assert game.is_standstill()
            elif game.redeals_left and not game.is_won():
                assert not game.is_standstill()
