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
    if know.key is not None:
        return know.key(game)
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


class Keyer:
    """`state_key`, kept up to date move by move: after a card move only the
    piles it changed are turned into bytes again (its two piles, and any
    pile whose length changed: a card dealt from the pack to replace it, a
    row closing up); after an action, every pile. `push` after
    ``game.push(move)``, `pop` after ``game.pop()``.
    tests/solver/test_keys.py checks it against `state_key` in random play."""

    __slots__ = ("know", "groups", "blind", "parts", "lens", "undo")

    def __init__(self, game: Game, know: Knowledge):
        self.know = know
        self.groups = groups(type(game), know) if (know.interchangeable or know.twins) else ()
        self.blind = know.suit_blind
        self.parts = [self._raw(p) for p in game.piles]
        self.lens = [len(p) for p in game.piles]
        self.undo: list[list[tuple[int, bytes, int]]] = []

    def _raw(self, pile) -> bytes:
        return bytes(pile).translate(_RANK_ONLY) if self.blind else bytes(pile)

    def push(self, game: Game, move) -> None:
        piles, parts, lens = game.piles, self.parts, self.lens
        if move.action:
            changed = range(len(piles))
        else:
            index = game.index
            src, dst = index[move.src], index[move.dst]
            changed = [src, dst] + [i for i, p in enumerate(piles) if len(p) != lens[i] and i != src and i != dst]
        old = []
        raw = self._raw
        for i in changed:
            old.append((i, parts[i], lens[i]))
            parts[i] = raw(piles[i])
            lens[i] = len(piles[i])
        self.undo.append(old)

    def pop(self) -> None:
        parts, lens = self.parts, self.lens
        for i, part, n in self.undo.pop():
            parts[i] = part
            lens[i] = n

    def key(self, game: Game) -> bytes:
        know = self.know
        if know.key is not None:
            return know.key(game)
        parts = self.parts
        if self.groups and know.interchangeable_when(game):
            parts = parts[:]
            for idx in self.groups:
                for i, part in zip(idx, sorted([parts[i] for i in idx])):
                    parts[i] = part
        extra = game.extra
        tail = f"{game.phase}|{game.redeals_left}|" + ",".join(map(str, extra.values())) if extra else \
            f"{game.phase}|{game.redeals_left}"
        return b"\xff".join(parts) + b"\xfe" + tail.encode()
