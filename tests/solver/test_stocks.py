"""The stock games' knowledge (engine/solver/games/) against slow, plain
statements of the same definitions, on positions of random walks through
real deals."""

from __future__ import annotations

import importlib
import random

from engine import find_game
from engine.cards import QUEEN
from engine.solver.knowledge import strip_to_fixpoint

from solver_helpers import walk_positions

salic_law_solver = importlib.import_module("engine.solver.games.salic-law")
shah_solver = importlib.import_module("engine.solver.games.shah")


def shah_stuck_by_sweeps(game) -> set:
    """`shah_solver.shah_stuck` as its docstring states it, by whole sweeps to
    the fixpoint (every foundation looked at; the former implementation)."""
    piles = game.piles
    stock, talon = game.index["stock"], game.index["talon"]
    stacks = game.by_role["ray"] + (talon,)
    where: dict = {}
    for p in stacks + (stock,):
        for h, card in enumerate(piles[p]):
            where.setdefault(card, []).append((p, h))
    stuck = {place for places in where.values() for place in places}
    covered = dict.fromkeys(stuck, False)
    heights: dict = {}
    for f in game.by_role["foundation"]:
        heights.setdefault(game.PILES[f].suit, []).append(len(piles[f]))

    def under(there, place):
        return there[0] == place[0] and there[1] < place[1] and place[0] != stock

    def held(card, place):
        rank, base = card & 15, card & 0xF0
        for height in heights[card >> 4]:
            if height < rank and not any(all(there in stuck or under(there, place) for there in where.get(base | q, ()))
                                         for q in range(height + 1, rank)):
                return False
        if rank == QUEEN or (place[0] != stock and place[0] != talon and place[1] < 2):
            return True
        for there in where.get(card + 1, ()):
            if there[0] in (stock, talon) or there[1] < 2 or under(there, place) or \
                    (there in stuck and covered[there]):
                continue
            return False
        return True

    return strip_to_fixpoint(piles, stacks, stuck, covered, held)


def test_shah_stuck_work_list_is_the_sweeps_fixpoint():
    """The work-list `shah_stuck` finds the same greatest set as the sweeps."""
    compared = nonempty = 0
    for game in walk_positions("shah", range(1, 16), seed=3):
        if game.phase != "play":
            continue
        fast, slow = shah_solver.shah_stuck(game), shah_stuck_by_sweeps(game)
        assert fast == slow, game.to_portable()
        compared += 1
        nonempty += bool(slow)
    assert compared >= 500 and nonempty >= 100, (compared, nonempty)


def test_shah_cards_locked_whatever_is_filled_are_never_won():
    """Walks to the first position where `shah_stuck` with ``fills`` holds a
    card, with less than two circles' worth left in the pack (so that the
    plain search can decide it, and spaces may still be filled): the
    plain search never wins it, and a few moves before, the solver (which
    prunes by it) gives the plain search's verdict."""
    from solver_helpers import plain_search, walk_positions
    from engine.solver.search import LOST, WON, Budget, solve

    cls, rng = find_game("shah"), random.Random(7)
    fired = decided = agreed = 0
    for deal in range(1, 61):
        game = cls(deal)
        for _ in range(3000):
            moves = list(game.legal_moves)
            if not moves:
                game = None
                break
            home = [m for m in moves if not m.action and game.roles[game.index[m.dst]] == "foundation"]
            game.push(rng.choice(home) if home and rng.random() < 0.5 else rng.choice(moves))
            if game.phase == "play" and len(game.piles[game.index["stock"]]) < 16 and \
                    shah_solver.shah_stuck(game, fills=True):
                break
        else:
            game = None
        if game is None:
            continue
        fired += 1
        truth = plain_search(game, 5_000)
        assert truth is not True, game.to_portable()
        decided += truth is False
        earlier = game.copy()
        for _ in range(4):
            earlier.pop()
        earlier = earlier.copy(stack=False)
        truth = plain_search(earlier, 5_000)
        if truth is not None:
            solution = solve(earlier, Budget(200_000, 30))
            assert solution.status == (WON if truth else LOST), earlier.to_portable()
            agreed += 1
    assert fired >= 18 and decided >= 8 and agreed >= 8, (fired, decided, agreed)


def test_salic_law_dead_positions_are_lost():
    """Walks through real deals of the Salic Law to the first position
    `salic_law_solver.salic_dead` calls lost: the plain search never wins it, and a
    few moves before, the solver gives the plain search's verdict."""
    from solver_helpers import plain_search
    from engine.solver.search import LOST, WON, Budget, solve

    cls, rng = find_game("salic-law"), random.Random(11)
    fired = decided = agreed = 0
    for deal in range(1, 21):
        game = cls(deal)
        for _ in range(1000):
            moves = list(game.legal_moves)
            if not moves:
                game = None
                break
            home = [m for m in moves if not m.action and game.roles[game.index[m.dst]] == "foundation"]
            game.push(rng.choice(home) if home and rng.random() < 0.7 else rng.choice(moves))
            if salic_law_solver.salic_dead(game):
                break
        else:
            game = None
        if game is None:
            continue
        fired += 1
        truth = plain_search(game, 5_000)
        assert truth is not True, game.to_portable()
        decided += truth is False
        earlier = game.copy()
        for _ in range(3):
            earlier.pop()
        earlier = earlier.copy(stack=False)
        truth = plain_search(earlier, 5_000)
        if truth is not None:
            solution = solve(earlier, Budget(200_000, 30))
            assert solution.status == (WON if truth else LOST), earlier.to_portable()
            agreed += 1
    assert fired >= 15 and decided >= 12 and agreed >= 6, (fired, decided, agreed)


def test_salic_law_safe_moves_keep_the_plain_search_verdict():
    """Positions near the end of random playouts where `salic_law_solver.salic_safe`
    takes a move alone: the solver's verdict is the plain search's, wins
    and losses both among them."""
    from solver_helpers import plain_search, random_endings
    from engine.solver.search import LOST, WON, Budget, solve

    verdicts = []
    for game in random_endings("salic-law", range(1, 31), seed=5, last=14):
        if not any(salic_law_solver.salic_safe(game, m) for m in game.legal_moves):
            continue
        truth = plain_search(game, 3_000)
        if truth is None:
            continue
        solution = solve(game, Budget(200_000, 30))
        assert solution.status == (WON if truth else LOST), game.to_portable()
        verdicts.append(truth)
    assert verdicts.count(True) >= 5 and verdicts.count(False) >= 5, verdicts
