"""Четыре угла: the lone card's marriage, pointless with no redeal left
(`four_corners_solver.four_corners_pointless`), and the first phase that searches for
a win layout by layout with a cap on each (`four_corners_solver.four_corners_layouts`),
which only ever says won."""

from __future__ import annotations

import importlib
import random

from engine import find_game
from engine.solver.registry import knowledge
from engine.solver.search import LOST, WON, Budget, Meter, solve

from solver_helpers import plain_search

four_corners_solver = importlib.import_module("engine.solver.games.four-corners")

BASE = {"game": "four-corners", "deal": 0, "phase": "play"}
CLUBS = {"foundation-C-A": ["AC", "2C", "3C"], "foundation-C-K": ["KC", "QC", "JC", "10C", "9C"]}


def position(piles, redeals_left=0):
    return find_game("four-corners").from_portable({**BASE, "redeals_left": redeals_left, "piles": piles})


def move(game, text):
    return next(m for m in game.legal_moves if str(m) == text)


def test_a_lone_card_married_is_pointless_in_the_last_layout_only():
    """The five of clubs lies alone on left-1 and may go onto either six:
    pointless with no redeal left (the five stays available where it is),
    not with a redeal to come (the gathering would differ), nor a card
    with another under it, nor a move home."""
    piles = {**CLUBS, "left-1": ["5C"], "left-2": ["4C", "6C"], "right-3": ["8C", "7C", "6C"]}
    game = position(piles)
    assert four_corners_solver.four_corners_pointless(game, move(game, "left-1>left-2"))
    assert four_corners_solver.four_corners_pointless(game, move(game, "left-1>right-3"))
    assert not four_corners_solver.four_corners_pointless(game, move(game, "left-2>left-1"))
    again = position(piles, redeals_left=1)
    assert not four_corners_solver.four_corners_pointless(again, move(again, "left-1>left-2"))


def test_the_search_without_lone_marriages_agrees_with_a_plain_search():
    """Small last layouts of one suit, won and lost: the solver (lone
    marriages pruned) gives the plain search's verdict every time, and
    the pruning fires."""
    rng = random.Random(12)
    fired = verdicts = 0
    cards = [f"{r}C" for r in ("4", "5", "6", "7", "8")] * 2
    for _ in range(60):
        rng.shuffle(cards)
        piles, k = dict(CLUBS), 0
        for n, name in enumerate(("left-1", "left-2", "left-3", "right-1", "right-2")):
            take = rng.randint(1, 3) if n < 4 else len(cards) - k
            piles[name] = cards[k:k + take]
            k += take
            if k >= len(cards):
                break
        game = position(piles)
        truth = plain_search(game, 20_000)
        if truth is None:
            continue
        fired += any(four_corners_solver.four_corners_pointless(game, m) for m in game.legal_moves)
        solution = solve(game, Budget(100_000, 10))
        assert solution.status == (WON if truth else LOST), piles
        verdicts += 1
    assert verdicts >= 20 and fired


def test_the_layout_by_layout_phase_wins_deal_16():
    """Deal 16: the first phase (the playouts, then the capped passes)
    wins it, and the line replays; the generic search did not within a
    second."""
    cls = find_game("four-corners")
    game = cls(16)
    found = four_corners_solver.four_corners_layouts(game, knowledge(game), Meter(Budget(10**8, 20)))
    assert found is not None and found[0] == WON
    replay = cls(16)
    for m in found[1]:
        replay.play(str(m))
    assert replay.is_won()


def test_the_layout_by_layout_phase_never_says_lost():
    """A lost last layout (a king of clubs buried under the queen it
    needs home first, no host): the phase says nothing, the generic
    search proves the loss."""
    piles = {"foundation-C-A": ["AC"] + [f"{r}C" for r in range(2, 11)] + ["JC"],
             "foundation-C-K": ["KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"],
             "left-1": ["QC", "KC"], "left-2": ["AC"]}
    game = position(piles)
    assert plain_search(game) is False
    assert four_corners_solver.four_corners_layouts(game, knowledge(game), Meter(Budget(10**6, 5))) is None
    assert solve(game, Budget(100_000, 5)).status == LOST
