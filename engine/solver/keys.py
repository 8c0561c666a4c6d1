"""Canonical position keys: equal keys, same future.

The key of a position is its piles as bytes (cards are small ints), its
phase, redeals left and counters. Where a game's knowledge allows it, piles
that play the same part are sorted in the key (`Knowledge.interchangeable`,
`Knowledge.twins`) and suits are dropped (`Knowledge.suit_blind`); each is
proved for its game where it is registered.
"""

from __future__ import annotations

from engine.core import Game
from engine.solver.knowledge import Knowledge, knowledge

_RANK_ONLY = bytes(c & 15 if c < 64 else c for c in range(256))  # a card byte -> its rank

_GROUPS: dict[tuple, tuple[tuple[int, ...], ...]] = {}


def groups(cls: type[Game], know: Knowledge) -> tuple[tuple[int, ...], ...]:
    """The index groups of interchangeable piles of ``cls`` under ``know``."""
    token = (cls, know.interchangeable, know.twins)
    found = _GROUPS.get(token)
    if found is None:
        out = [cls.by_role[role] for role in know.interchangeable if role in cls.by_role]
        out += [tuple(cls.index[name] for name in group) for group in know.twins]
        found = _GROUPS[token] = tuple(g for g in out if len(g) > 1)
    return found


def state_key(game: Game, know: Knowledge | None = None) -> bytes:
    """A canonical key of the position (see the module docstring)."""
    know = know or knowledge(game)
    piles = game.piles
    if know.suit_blind:
        parts = [bytes(p).translate(_RANK_ONLY) for p in piles]
    else:
        parts = [bytes(p) for p in piles]
    if (know.interchangeable or know.twins) and know.interchangeable_when(game):
        for idx in groups(type(game), know):
            for i, part in zip(idx, sorted([parts[i] for i in idx])):
                parts[i] = part
    extra = game.extra
    tail = f"{game.phase}|{game.redeals_left}|" + ",".join(map(str, extra.values())) if extra else \
        f"{game.phase}|{game.redeals_left}"
    return b"\xff".join(parts) + b"\xfe" + tail.encode()
