"""The incremental key (engine/solver/keys.py `Keyer`) is the full key, move after move."""

from __future__ import annotations

import random

import pytest

from engine import GAMES
from engine.solver.keys import Keyer, state_key
from engine.solver.knowledge import knowledge


@pytest.mark.parametrize("game_cls", GAMES, ids=[g.slug for g in GAMES])
def test_the_incremental_key_follows_every_move_and_undo(game_cls):
    rng = random.Random(7)
    for deal in (1, 2, 3):
        game = game_cls(deal)
        know = knowledge(game)
        keyer = Keyer(game, know)
        for _ in range(250):
            moves = list(game.generate_moves())
            if not moves:
                break
            actions = [m for m in moves if m.action]
            move = rng.choice(actions if actions and rng.random() < 0.3 else moves)
            game.push(move)
            keyer.push(game, move)
            assert keyer.key(game) == state_key(game, know), (game.slug, str(move))
            if rng.random() < 0.25:
                game.pop()
                keyer.pop()
                assert keyer.key(game) == state_key(game, know)
