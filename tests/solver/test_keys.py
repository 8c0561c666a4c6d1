"""The incremental key (engine/solver/keys.py `Keyer`) is the full key, move after move."""

from __future__ import annotations

import random

import pytest

from engine import GAMES
from engine.solver.keys import Keyer, state_key
from engine.solver.registry import knowledge


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


@pytest.mark.parametrize("game_cls", GAMES, ids=[g.slug for g in GAMES])
def test_the_key_before_the_move_is_the_key_after_it(game_cls):
    """`Keyer.peek` (the child's key from the move alone, where it can tell)
    and `Keyer.after` (the key once the game has made a core card move,
    before the Keyer hears of it) give exactly `state_key` of the child, for
    every move of every position of random walks."""
    rng = random.Random(11)
    peeked = 0
    for deal in (1, 2, 3, 4):
        game = game_cls(deal)
        know = knowledge(game)
        keyer = Keyer(game, know)
        for _ in range(200):
            moves = list(game.generate_moves())
            if not moves:
                break
            for move in moves:
                key = keyer.peek(game, move)
                if key is not None:
                    peeked += 1
                    assert keyer.simple and not move.action
                game.push(move)
                if key is not None:
                    assert key == state_key(game, know), (game.slug, deal, str(move))
                if keyer.simple and not move.action:
                    assert keyer.after(game, move) == state_key(game, know), (game.slug, deal, str(move))
                game.pop()
            assert keyer.key(game) == state_key(game, know)
            actions = [m for m in moves if m.action]
            move = rng.choice(actions if actions and rng.random() < 0.3 else moves)
            game.push(move)
            keyer.push(game, move)
            if rng.random() < 0.2:
                game.pop()
                keyer.pop()
    # the games with the core's apply and no after_move are keyed before their moves
    assert (peeked > 0) == Keyer(game_cls(1), knowledge(game_cls)).peekable
