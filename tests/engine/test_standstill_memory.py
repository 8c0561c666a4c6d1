"""`Game.is_standstill` remembers its answers for the positions its search of
shuttles reached (`engine.core._STANDSTILLS`): the remembered answer must be
the one a fresh search gives, in every game, on positions met in play.

Random games walk through each game's layouts; at every position the answer
with all that was remembered so far is compared with a search from nothing.
The games whose shuttles go back (`SHUTTLES_GO_BACK`) share one answer over
a whole component, so their walks linger among shuttles, where it matters."""

from __future__ import annotations

import random

import pytest

import engine.core as core
from engine.registry import GAMES

WALK = 260  # moves per walk


def fresh_answer(game) -> bool:
    """`is_standstill` with nothing remembered (and nothing left behind)."""
    kept = core._STANDSTILLS
    core._STANDSTILLS = {}
    try:
        return game.is_standstill()
    finally:
        core._STANDSTILLS = kept


def walk(cls, deal: int, rng: random.Random):
    """Positions of one random game: card moves preferred to actions, so
    that play reaches the standstills (a shuttle is taken often)."""
    game = cls(deal)
    for _ in range(WALK):
        if game.is_won():
            return
        moves = list(game.legal_moves)
        if not moves:
            return
        cards = [m for m in moves if not m.action]
        pool = cards if cards and rng.random() < 0.85 else moves
        game.play(rng.choice(pool))
        yield game


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.slug)
def test_a_remembered_standstill_is_the_fresh_answer(cls):
    rng = random.Random(7)
    asked = 0
    for deal in (1, 2, 3):
        for game in walk(cls, deal, rng):
            remembered = game.is_standstill()
            assert remembered == fresh_answer(game), (cls.slug, deal, [str(m) for m in game.move_stack])
            asked += 1
    assert asked


def test_the_memory_is_used_and_spares_the_search():
    """A position met again is answered without exploring (the memory is not
    dead code): the second question costs no generated move."""
    cls = next(c for c in GAMES if c.slug == "idet-ne-idet")
    core._STANDSTILLS.clear()
    rng = random.Random(3)
    positions = [game.copy(stack=False) for game in walk(cls, 4, rng)]
    calls = {"n": 0}
    original = cls.generate_moves

    def counted(self):
        calls["n"] += 1
        return original(self)

    for game in positions:
        game.is_standstill()
    cls.generate_moves = counted
    try:
        explored = [g for g in positions if not any(
            not m.action and not g.is_shuttle(m) for m in original(g))]
        assert explored
        before = calls["n"]
        for game in explored:
            game.is_standstill()
        # each asks its own moves once (the first check), never the search's
        assert calls["n"] - before <= len(explored)
    finally:
        cls.generate_moves = original
