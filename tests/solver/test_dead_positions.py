"""Per-game dead-position tests agree with the plain search.

Each test builds many small random positions of one game, asks its dead
test, and searches every position it calls lost with the plain exhaustive
search (no knowledge at all, `solver_helpers.plain_search`): none may be
won. It also asks that the test fired on enough positions the plain search
could decide, and that the solver with the test agrees with the plain
search on all of them, so that the comparison proves something.
"""

from __future__ import annotations

import importlib
import random

from engine import find_game
from engine.cards import RANKS, SUITS
from engine.solver.search import LOST, WON, Budget, solve

from solver_helpers import plain_search

four_corners_solver = importlib.import_module("engine.solver.games.four-corners")
parterre_solver = importlib.import_module("engine.solver.games.parterre")
shah_solver = importlib.import_module("engine.solver.games.shah")


def first_dead(cls, dead, deal: int, rng: random.Random, steps: int = 300):
    """The first position of a random walk from ``deal`` that ``dead`` calls lost (None if none)."""
    game = cls(deal)
    for _ in range(steps):
        moves = list(game.legal_moves)
        if not moves:
            return None
        game.push(rng.choice(moves))
        if dead(game):
            return game
    return None


def test_parterre_dead_positions_are_lost():
    """Positions of random walks through real deals, where the search meets them."""
    cls, rng = find_game("parterre"), random.Random(1)
    fired = decided = 0
    for deal in range(1, 31):
        game = first_dead(cls, parterre_solver.parterre_dead, deal, rng)
        if game is None:
            continue
        fired += 1
        truth = plain_search(game, 20_000)
        assert truth is not True, game.to_portable()
        if truth is False:
            decided += 1
    assert fired >= 20 and decided >= 15, (fired, decided)


def test_parterre_solver_agrees_with_the_plain_search_before_dead_positions():
    """A few moves before a walk's first dead position the solver searches
    through dead positions: with the test on, every verdict is the plain
    search's (won lines replay)."""
    cls, rng = find_game("parterre"), random.Random(2)
    verdicts = []
    for deal in range(31, 61):
        game = first_dead(cls, parterre_solver.parterre_dead, deal, rng)
        if game is None:
            continue
        for back in (2, 5):
            earlier = game.copy()
            for _ in range(min(back, len(earlier.move_stack))):
                earlier.pop()
            earlier = earlier.copy(stack=False)
            truth = plain_search(earlier, 20_000)
            if truth is None:
                continue
            solution = solve(earlier, Budget(400_000, 30))
            assert solution.status == (WON if truth else LOST), earlier.to_portable()
            if truth:
                work = cls.from_portable(earlier.to_portable())
                for text in solution.moves:
                    work.play(text)
                assert work.is_won()
            verdicts.append(truth)
    assert len(verdicts) >= 15 and False in verdicts, verdicts


def test_parterre_kings_over_their_suits_lock_the_garden():
    """Four packets hold a king above a lower card of its suit (a king goes
    only home or into an empty packet); the other two a three over a queen
    of its suit: the queens can go onto the kings, but the threes have no
    host (no four is left out) and cannot go home. No packet can be emptied."""
    cls = find_game("parterre")
    piles = {"bed-1": ["2S", "KS"], "bed-2": ["2H", "KH"], "bed-3": ["2D", "KD"], "bed-4": ["2C", "KC"],
             "bed-5": ["3S", "QS"], "bed-6": ["3H", "QH"], "foundation-S": ["AS"], "foundation-H": ["AH"],
             "foundation-D": ["AD"], "foundation-C": ["AC"]}
    game = cls.from_portable({"game": "parterre", "deal": 0, "piles": piles})
    assert parterre_solver.parterre_dead(game)
    assert {"3S", "3H", "KS", "KH"} <= {RANKS[c & 15] + SUITS[c >> 4] for c in parterre_solver.parterre_stuck(game)}
    assert plain_search(game, 50_000) is False
    # the lone queen of bed-6 can go onto a king and free its packet: the
    # kings may then move into it, so the test must not call this lost
    piles["bed-6"] = ["QH"]
    game = cls.from_portable({"game": "parterre", "deal": 0, "piles": piles})
    assert not parterre_solver.parterre_dead(game)


def walk_to_dead(cls, dead, deal: int, rng: random.Random, steps: int = 3000):
    """A random walk from ``deal`` (moves home preferred half the time) to
    the first position ``dead`` calls lost (None if none)."""
    game = cls(deal)
    for _ in range(steps):
        moves = list(game.legal_moves)
        if not moves:
            return None
        home = [m for m in moves if not m.action and game.roles[game.index[m.dst]] == "foundation"]
        game.push(rng.choice(home) if home and rng.random() < 0.5 else rng.choice(moves))
        if dead(game):
            return game
    return None


def test_four_corners_dead_positions_are_lost():
    """Walks through real deals to the last layout; the first dead position
    of each is never won, and the solver's verdict a few moves before it is
    the plain search's."""
    cls, rng = find_game("four-corners"), random.Random(1)
    fired = decided = agreed = 0
    for deal in range(1, 25):
        game = walk_to_dead(cls, four_corners_solver.four_corners_dead, deal, rng)
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
    assert fired >= 20 and decided >= 12 and agreed >= 8, (fired, decided, agreed)


def test_four_corners_a_card_over_the_copies_it_needs_is_stuck():
    """The last layout: the eight of hearts lies on both sixes and both
    sevens; the ascending foundation wants a six, the descending one a nine
    and no nine is left in the packets; the eight can go nowhere, nor can
    what lies under it."""
    cls = find_game("four-corners")
    piles = {"foundation-H-A": ["AH", "2H", "3H", "4H", "5H"], "foundation-H-K": ["KH", "QH", "JH", "10H"],
             "left-1": ["6H", "7H", "6H", "7H", "8H"]}

    def position():
        return cls.from_portable({"game": "four-corners", "deal": 0, "phase": "play", "redeals_left": 0,
                                  "piles": piles})

    game = position()
    assert four_corners_solver.four_corners_dead(game) and len(four_corners_solver.four_corners_stuck(game)) == 5
    assert plain_search(game, 5_000) is False
    piles["left-2"] = ["9H"]  # the nine goes down, then the eight, a seven, and the rest follow
    game = position()
    assert not four_corners_solver.four_corners_dead(game)
    assert plain_search(game, 5_000) is True
    piles.pop("left-2")  # with a redeal to come the test does not apply
    game = cls.from_portable({"game": "four-corners", "deal": 0, "phase": "play", "redeals_left": 1,
                              "piles": piles})
    assert not four_corners_solver.four_corners_dead(game)


def test_shah_dead_positions_are_lost():
    """Walks through real deals of the Shah; the first dead position of each
    is never won, and the solver's verdict a few moves before it is the
    plain search's."""
    cls, rng = find_game("shah"), random.Random(1)
    fired = decided = agreed = 0
    for deal in range(1, 25):
        game = walk_to_dead(cls, shah_solver.shah_dead, deal, rng)
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
    assert fired >= 20 and decided >= 12 and agreed >= 8, (fired, decided, agreed)


def test_shah_a_queen_over_its_suit_in_the_outer_circle_locks_the_star():
    """Pack and talon spent: a queen lies over the only twos of its suit
    left, and the foundations of that suit stand at the ace: the queen has
    no host (the kings are out) and cannot go home, so it never moves."""
    cls = find_game("shah")
    piles = {"shah": ["KS"], "kings-aside": ["KH", "KD", "KC", "KS", "KH", "KD", "KC"],
             "foundation-S-1": ["AS"], "foundation-S-2": ["AS"],
             "ray-1": ["2S", "2S", "QS"]}
    state = {"game": "shah", "deal": 0, "phase": "play", "extra": {"dealt": 24}, "piles": piles}
    game = cls.from_portable(state)
    assert shah_solver.shah_dead(game)
    assert plain_search(game, 5_000) is False
    piles["ray-1"] = ["3S", "2S", "2S"]  # the twos go home, then the three
    game = cls.from_portable(state)
    assert not shah_solver.shah_dead(game)
    assert plain_search(game, 5_000) is True
    piles["ray-1"] = ["QS", "2S", "2S"]  # the twos go home, but nothing lets the queen follow
    game = cls.from_portable(state)
    assert shah_solver.shah_dead(game)
    assert plain_search(game, 5_000) is False
