"""Солнечные часы's solver knowledge: the dead test (`cadran_solver.cadran_dead`,
`columns.columns_stuck`) on layouts where it fires and where it must not,
each checked against the plain exhaustive search."""

from __future__ import annotations

import importlib
from engine import find_game
from engine.solver import columns
from engine.solver.search import LOST, Budget, solve

from solver_helpers import plain_search

cadran_solver = importlib.import_module("engine.solver.games.cadran")

CLS = find_game("cadran")


def position(piles: dict, **state):
    return CLS.from_portable({"game": "cadran", "deal": 0, "piles": piles, **state})


# a study position, the stock turned out: both 3♠ lie under a K♠, so no
# spade above the deuce can go home; the 4♠ would marry onto a 5♠, but both
# lie in the talon under the J♠ (itself waiting for the 3♠); the hearts
# likewise; the diamonds' 3s lie under their kings; the clubs can still move
# (8♣ home or onto the 9♣, 9♣ home), but no column can ever be emptied
STUCK = {
    "foundation-S-1": ["AS", "2S"], "foundation-S-2": ["AS", "2S"],
    "foundation-H-1": ["AH", "2H"], "foundation-H-2": ["AH", "2H"],
    "foundation-D-1": ["AD", "2D"], "foundation-D-2": ["AD", "2D"],
    "foundation-C-1": ["AC", "2C", "3C", "4C", "5C", "6C", "7C"],
    "foundation-C-2": ["AC", "2C", "3C", "4C", "5C", "6C", "7C"],
    "col-1": ["3S", "KS"], "col-2": ["3S", "KS"], "col-3": ["QS", "4S"], "col-4": ["QS", "4S"],
    "col-5": ["3H", "KH"], "col-6": ["3H", "KH"], "col-7": ["QH", "4H"], "col-8": ["QH", "4H"],
    "col-9": ["3D", "KD", "9C"], "col-10": ["3D", "KD", "8C"],
    "talon": ["5S", "5S", "JS", "5H", "5H", "JH"],
}


def test_a_column_deadlock_is_lost():
    game = position(STUCK)
    assert game.generate_moves() and any(True for _ in game.generate_moves())  # play is not over
    assert cadran_solver.cadran_dead(game)
    assert plain_search(game) is False
    assert solve(game, Budget(10_000, 10)).status == LOST


def test_a_free_three_breaks_the_deadlock():
    # one 3♠ on top of its column: it goes home, and its K♠ can be moved on
    game = position({**STUCK, "col-1": ["KS", "3S"]})
    assert not cadran_solver.cadran_dead(game)


def test_a_free_host_breaks_the_deadlock():
    # a 5♠ on a column's top takes a 4♠, whose Q♠ then marries onto a K♠:
    # that column can empty (a 5♠ on the talon's top is no host: the talon
    # takes no card)
    game = position({**STUCK, "col-9": ["3D", "KD", "9C", "5S"], "talon": ["5S", "JS", "5H", "5H", "JH"]})
    assert not cadran_solver.cadran_dead(game)
    game = position({**STUCK, "talon": ["5S", "JS", "5H", "5H", "JH", "5S"]})
    assert cadran_solver.cadran_dead(game)


def test_an_empty_column_is_never_dead():
    game = position({**STUCK, "col-9": [], "col-10": ["3D", "3D", "KD", "KD", "9C", "8C"]})
    assert not cadran_solver.cadran_dead(game)


# the second 3♠ on the talon, the first under a K♠
ONE_THREE = {**STUCK, "col-2": ["KS"], "talon": ["5S", "5S", "5H", "5H", "JH", "3S"]}


def test_a_card_turned_over_the_talon_covers_it():
    # the J♠ laid on the 3♠ waits for it for ever: dead
    game = position({**ONE_THREE, "talon": ONE_THREE["talon"] + ["JS"]})
    assert cadran_solver.cadran_dead(game)
    assert plain_search(game) is False


def test_stock_cards_are_never_covered():
    # the J♠ still in the stock does not cover the 3♠ (which goes home
    # first: the pack is not turned over it), and the dead test is not asked
    # while cards are in the stock
    game = position({**ONE_THREE, "stock": ["~JS"]})
    assert not columns.columns_stuck(game, (1,), both_ways=False)
    assert not cadran_solver.cadran_dead(game)


def test_a_held_stock_card_counts():
    # a stock card that, once turned, can never move (the J♠ over both 3♠
    # waiting, its hosts the Q♠s covered) is in the set, and no host
    piles = {**STUCK, "col-1": ["KS"], "col-2": ["KS"], "col-3": ["QS", "3S", "4S"], "col-4": ["QS", "3S", "4S"],
             "talon": ["5H", "5H", "JH"], "stock": ["~JS", "~5S", "~5S"]}
    game = position(piles)
    assert columns.columns_stuck(game, (1,), both_ways=False)
    assert plain_search(game) is False


def test_the_twin_test_is_marriage_safe():
    """`cadran_safe` (the twin foundation's height) says what
    `marriage_safe((1,))` (the copies home, counted) says, move for move,
    along random games."""
    import random

    rng = random.Random(5)
    counted = columns.marriage_safe((1,))
    said = 0
    for deal in range(1, 30):
        game = CLS(deal)
        for _ in range(300):
            moves = list(game.generate_moves())
            if not moves:
                break
            for move in moves:
                assert cadran_solver.cadran_safe(game, move) == counted(game, move), (deal, str(move))
                said += cadran_solver.cadran_safe(game, move)
            home = [m for m in moves if not m.action and m.dst.startswith("foundation")]
            game.push(rng.choice(home) if home and rng.random() < 0.8 else rng.choice(moves))
    assert said
