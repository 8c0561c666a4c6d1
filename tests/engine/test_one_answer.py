"""`check` and `moves` are one answer (issue 10): in every game, phase and
position, `explain` allows a move if and only if it is in `legal_moves`,
and every refusal gives a reason and cites a clause or a named assumption.

Random playouts (hypothesis) visit at least 10^4 positions per game; at each
one every legal move must be allowed, and a sample of candidates (every pile
pair of the layout, counts 1..4, every action name, unknown piles) must be
allowed exactly when it is listed. A failure prints the portable state and
the move, so that it can be pasted into `pasyans check`.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import GAMES, Move

IDS = [g.slug for g in GAMES]
PLAYOUTS = 40   # per game; each walks up to STEPS positions
STEPS = 260
SAMPLE = 12     # candidate moves tried per position, beside the legal ones


def candidates(game, rng: random.Random) -> list[Move]:
    names = game.names
    actions = sorted({k.partition(":")[0] for k in game.ROUTES if isinstance(k, str)} |
                     {"redeal", "deal", "no-such-action"})
    out = []
    for _ in range(SAMPLE):
        kind = rng.random()
        if kind < 0.15:
            name = rng.choice(actions)
            listed = game.action_moves(name) if name in game.ROUTES else []
            out.append(rng.choice(listed) if listed else Move(action=name))
        elif kind < 0.2:
            out.append(Move(rng.choice(names), "no-such-pile"))
        else:
            src, dst = rng.choice(names), rng.choice(names)
            out.append(Move(src, dst, rng.choice((1, 1, 1, 2, 3, 4))))
    return out


def _where(game, move) -> str:
    return f"\nmove: {move}\nstate: {json.dumps(game.to_portable(), ensure_ascii=False)}"


def judge(game, rng: random.Random) -> None:
    legal = list(game.legal_moves)
    listed = set(legal)
    assert len(listed) == len(legal), "a move is listed twice" + _where(game, legal)
    for move in legal:
        verdict = game.explain(move)
        assert verdict.allowed, "listed but refused by explain" + _where(game, move)
    for move in candidates(game, rng):
        verdict = game.explain(move)
        assert verdict.allowed == (move in listed), (
            f"explain says {'allowed' if verdict.allowed else 'refused'}, legal_moves disagrees"
            + _where(game, move))
        assert (move in game.legal_moves) == (move in listed), "membership disagrees" + _where(game, move)
        if not verdict.allowed:
            assert verdict.ru and verdict.en and verdict.rules, "a refusal without a reason" + _where(game, move)
            assert verdict.clauses or verdict.assumptions, (
                "a refusal citing neither a clause nor an assumption" + _where(game, move))


@pytest.mark.parametrize("game_cls", GAMES, ids=IDS)
@settings(max_examples=PLAYOUTS, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(0, 2**31), seed=st.integers(0, 2**16))
def test_explain_allows_exactly_the_legal_moves(game_cls, deal, seed):
    """Each example judges exactly STEPS positions (a game that ends is dealt
    again with the next number), so a game gets PLAYOUTS * STEPS >= 10^4."""
    rng = random.Random(seed)
    game = game_cls(deal)
    for _ in range(STEPS):
        judge(game, rng)
        moves = list(game.legal_moves)
        if not moves:
            deal += 1
            game = game_cls(deal)
        elif game.move_stack and rng.random() < 0.05:
            game.pop()  # positions after an undo are positions too
        else:
            game.push(moves[rng.randrange(len(moves))])


def test_several_cards_need_a_clause():
    """No route of any game judges counts today, so `SRC>DST:N` with N > 1
    is refused everywhere, by the game's own rule or the core's one-card rule."""
    for game_cls in GAMES:
        game = game_cls(3)
        for move in list(game.legal_moves):
            if move.action:
                continue
            many = Move(move.src, move.dst, 2)
            verdict = game.explain(many)
            assert not verdict.allowed and many not in game.legal_moves, (game_cls.slug, many)
