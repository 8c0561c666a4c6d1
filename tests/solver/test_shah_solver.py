"""Шахъ's solver knowledge (engine/solver/games/shah.py): the remembered
"stuck whatever is filled" test and the safe moves once the pack and the
talon are spent."""

from __future__ import annotations

import importlib
import random

from engine import find_game
from engine.solver.search import LOST, WON, Budget, solve

from solver_helpers import plain_search, walk_positions

shah_solver = importlib.import_module("engine.solver.games.shah")

WALK = {"steps": 3000, "every": 1, "home_share": 0.7}  # long walks, moves home preferred


def test_remembered_fills_test_is_the_fixpoint():
    """`_stuck_whatever_is_filled` answers as `shah_stuck` with ``fills``
    on every position of random walks, also when it answers from memory
    (positions that differ only in the pack and the talon)."""
    shah_solver._FILLS_SEEN.clear()
    compared = remembered = fired = 0
    for game in walk_positions("shah", range(1, 31), seed=5, **WALK):
        if game.phase != "play":
            continue
        before = len(shah_solver._FILLS_SEEN)
        answer = shah_solver._stuck_whatever_is_filled(game)
        remembered += len(shah_solver._FILLS_SEEN) == before
        assert answer == bool(shah_solver.shah_stuck(game, fills=True)), game.to_portable()
        compared += 1
        fired += answer
    assert compared >= 1000 and remembered >= 200 and fired >= 50, (compared, remembered, fired)


def _spent_positions(deals, seed: int):
    """Positions after the deal with the pack and the talon both empty where
    a move home from a ray of three cards or fewer is safe (the clause
    added for spent packs), reached by random play."""
    rng = random.Random(seed)
    for deal in deals:
        for game in walk_positions("shah", [deal], rng=rng, **WALK):
            piles = game.piles
            if game.phase != "play" or piles[game.stock] or piles[game.talon]:
                continue
            for move in game.legal_moves:
                if not move.action and game.roles[game.index[move.src]] == "ray" and \
                        len(piles[game.index[move.src]]) < 4 and shah_solver.shah_safe(game, move):
                    yield game.copy(stack=False), move
                    break
            else:
                continue
            break


def test_safe_home_move_from_a_short_ray_once_the_pack_is_spent():
    """A concrete case, then the verdicts: in each such position, playing
    the safe move alone keeps the plain search's verdict, and the solver
    (which plays it alone) agrees with the plain search."""
    found = decided = 0
    for game, move in _spent_positions(range(1, 201), seed=9):
        found += 1
        # the move's card: both copies of the card below it in its suit are home
        card = game.piles[game.index[move.src]][-1]
        home = [c for f in game.by_role["foundation"] for c in game.piles[f]]
        assert home.count(card - 1) == 2 or card & 15 == 2
        truth = plain_search(game, 20_000)
        if truth is None:
            continue
        decided += 1
        after = game.copy(stack=False)
        after.push(move)
        verdict = plain_search(after, 20_000)
        assert verdict is not (not truth), game.to_portable()  # True stays True (or unknown), False stays False
        assert solve(game, Budget(200_000, 30)).status == (WON if truth else LOST), game.to_portable()
    assert found >= 3 and decided >= 3, (found, decided)


def _study(pack: list[str]):
    """A study position with fewer cards than the packs: every foundation
    at its ace, a three of spades on a ray, ``pack`` in the pack."""
    piles = {f"foundation-{s}-{k}": ["A" + s] for s in "SHDC" for k in (1, 2)}
    return find_game("shah").from_portable({"game": "shah", "deal": 0, "phase": "play", "extra": {"dealt": 24},
                                            "piles": {**piles, "ray-1": ["3S"], "stock": pack}})


def test_study_positions_are_not_remembered():
    """Two study positions with the same rays and foundations but another
    pack do not share the answer: without a two of spades the three is
    stuck (lost); with one in the pack it fills a space and both go home."""
    shah_solver._FILLS_SEEN.clear()
    lost, won = _study([]), _study(["~2S"])
    assert plain_search(lost) is False and plain_search(won) is True
    assert shah_solver.shah_dead(lost) and not shah_solver.shah_dead(won)
    assert solve(won, Budget(10_000, 5), forbid=lambda g, m: False).status == WON
