"""Четыре угла's solver knowledge while the last layout is still dealt:
the dead test reads the layout as it will lie once dealt
(`four_corners_solver._four_corners_virtual`), and a card that can go home before the
card dealt over it arrives is not counted as buried."""

from __future__ import annotations

import importlib
import random

from engine import find_game
from engine.solver.search import LOST, WON, Budget, solve

from solver_helpers import plain_search

four_corners_solver = importlib.import_module("engine.solver.games.four-corners")

HEARTS_UP = ["AH", "2H", "3H", "4H", "5H"]


def last_deal(piles, stock, nxt=0):
    """The last layout (no redeal left) while it is dealt; ``stock`` in the order it is dealt."""
    cls = find_game("four-corners")
    piles = {**piles, "stock": ["~" + card for card in reversed(stock)]}
    return cls.from_portable({"game": "four-corners", "deal": 0, "phase": "deal", "redeals_left": 0,
                              "extra": {"next": nxt}, "piles": piles})


def test_the_card_still_to_come_buries_the_packet():
    """The eight of hearts, still in the pack, will fall on both sixes and
    sevens; the descending foundation wants a nine and none is left: dead
    before the eight is dealt (the dealt-out test could not say so yet).
    With a nine to come onto another packet, all goes home."""
    piles = {"foundation-H-A": HEARTS_UP, "foundation-H-K": ["KH", "QH", "JH", "10H"],
             "left-1": ["6H", "7H", "6H", "7H"]}
    game = last_deal(piles, ["8H"])
    assert four_corners_solver.four_corners_dead(game)
    assert len(four_corners_solver.four_corners_stuck(game)) == 5
    assert plain_search(game, 5_000) is False
    assert solve(game, Budget(100_000, 10)).status == LOST
    game = last_deal(piles, ["8H", "9H"])
    assert not four_corners_solver.four_corners_dead(game)
    assert plain_search(game, 5_000) is True
    solution = solve(game, Budget(100_000, 10))
    assert solution.status == WON
    replay = type(game).from_portable(game.to_portable())
    for text in solution.moves:
        replay.play(text)
    assert replay.is_won()


def test_a_card_that_goes_home_before_its_cover_is_not_buried():
    """The six of hearts, wanted now, will be covered by the seven, which
    needs it home first: once dealt the two would be stuck, but the six
    goes home before the seven is dealt, and the game is won."""
    piles = {"foundation-H-A": HEARTS_UP, "foundation-H-K": ["KH", "QH", "JH", "10H", "9H"],
             "left-1": ["6H"]}
    game = last_deal(piles, ["7H"])
    assert not four_corners_solver.four_corners_stuck(game)
    assert not four_corners_solver.four_corners_dead(game)
    assert plain_search(game, 5_000) is True


def test_a_redeal_to_come_or_a_base_in_a_packet_turns_the_test_off():
    """With a redeal left the gathering changes everything; with the base of
    an empty foundation in a packet the deal itself could change (where the
    pack's copy goes): the test does not apply."""
    piles = {"foundation-H-A": HEARTS_UP, "foundation-H-K": ["KH", "QH", "JH", "10H"],
             "left-1": ["6H", "7H", "6H", "7H"]}
    cls = find_game("four-corners")
    state = last_deal(piles, ["8H"]).to_portable()
    assert not four_corners_solver.four_corners_dead(cls.from_portable({**state, "redeals_left": 1}))
    game = last_deal({"left-2": ["AS"], **piles}, ["8H"])
    assert four_corners_solver._four_corners_virtual(game) is None
    assert not four_corners_solver.four_corners_dead(game)


def test_dead_while_dealing_agrees_with_the_plain_search():
    """Small last layouts still being dealt (random foundations near
    crossing, a few cards on the table, the rest to come): every one the
    dead test calls lost is lost for the plain search."""
    from test_layouts import crossing_endgame

    fired = checked = 0
    for seed in range(3000):
        game = crossing_endgame("four-corners", seed, 6 + seed % 6, 2 + seed % 4)
        if sum(len(game.piles[p]) for p in game.packets) > 12:
            continue
        if not four_corners_solver.four_corners_dead(game):
            continue
        fired += 1
        truth = plain_search(game, 4_000)
        assert truth is not True, game.to_portable()
        checked += truth is False
    assert fired >= 20 and checked >= 15, (fired, checked)


def test_dead_while_dealing_on_real_deals_is_lost():
    """Random walks of real deals into the last layout's deal: each
    position the dead test calls lost while dealing is never won in a
    bounded plain search."""
    cls, rng = find_game("four-corners"), random.Random(3)
    fired = 0
    for deal in range(1, 60):
        game = cls(deal)
        for _ in range(4000):
            moves = list(game.legal_moves)
            if not moves or (game.redeals_left == 0 and game.phase == "deal"):
                break
            home = [m for m in moves if not m.action and game.roles[game.index[m.dst]] == "foundation"]
            game.push(rng.choice(home) if home and rng.random() < 0.7 else rng.choice(moves))
        if game.redeals_left or game.phase != "deal" or not four_corners_solver.four_corners_dead(game):
            continue
        fired += 1
        assert plain_search(game.copy(stack=False), 20_000) is not True, game.to_portable()
    assert fired >= 1
