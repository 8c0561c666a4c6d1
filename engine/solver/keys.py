"""Canonical position keys: equal keys, same future.

The key of a position is its piles as bytes (cards are small ints), its
phase, redeals left and counters. Where a game's knowledge allows it, piles
that play the same part are sorted in the key (`Knowledge.interchangeable`,
`Knowledge.twins`) and suits are dropped (`Knowledge.suit_blind`); each is
proved for its game where it is registered.
"""

from __future__ import annotations

from operator import ne as _ne

from engine.core import Game
from engine.solver.knowledge import Knowledge, always
from engine.solver.registry import knowledge

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
    """`state_key`, kept up to date move by move, byte for byte: after a
    card move only the piles it changed are turned into bytes again. With
    the core's own card moves (`Game._simple_card_moves`: its `apply`, and
    an `after_move` that leaves the piles alone) those are the move's two
    piles; otherwise any pile whose length changed too (a card dealt from
    the pack to replace it, a row closing up); after an action, every
    pile. Interchangeable piles lying side by side are sorted as one slice,
    and the tail (phase, redeals, counters) is built once per value.
    `push` after ``game.push(move)``, `pop` after ``game.pop()``.

    `peek(game, move)` is the key of the position after ``move``, without
    making it, where the move alone tells it (key before move): a top-card
    move of a game with the core's `apply` and no `after_move` at all
    changes nothing but its two piles (no phase, redeal or counter), and
    the key reads nothing else but the piles and those (no game key of its
    own, no condition on the position for sorting interchangeable piles).
    The search tests the transposition table with it before it pushes;
    elsewhere, with the core's card moves, with `after` (the key once the
    game has made the move, before `push`), so that a child met before
    costs no `push` and `pop` here. tests/solver/test_keys.py checks all
    three against `state_key` in random play."""

    __slots__ = ("know", "groups", "slices", "pairs", "sorting", "when", "blind", "simple", "peekable", "parts", "lens",
                 "undo", "tails", "index")

    def __init__(self, game: Game, know: Knowledge):
        cls = type(game)
        self.know = know
        found = groups(cls, know) if (know.interchangeable or know.twins) else ()
        # a group of consecutive piles is sorted as a slice; the others pile by pile
        slices = [(g[0], g[-1] + 1) for g in found if g == tuple(range(g[0], g[-1] + 1))]
        others = [g for g in found if g != tuple(range(g[0], g[-1] + 1))]
        if sum(map(len, found)) == len(set().union(*found)):
            # disjoint groups, sorted in any order: those of two (twin
            # foundations) are put in order by one comparison
            self.pairs = tuple((a, b - 1) for a, b in slices if b - a == 2) + tuple(g for g in others if len(g) == 2)
            slices = [(a, b) for a, b in slices if b - a != 2]
            others = [g for g in others if len(g) != 2]
        else:
            self.pairs = ()
        self.slices, self.groups = tuple(slices), tuple(others)
        self.sorting = bool(self.slices or self.groups or self.pairs)
        self.when = None if know.interchangeable_when is always else know.interchangeable_when
        self.blind = know.suit_blind
        self.simple = cls._simple_card_moves
        self.peekable = (cls.apply is Game.apply and cls.after_move is Game.after_move and know.key is None
                         and (self.when is None or not self.sorting))
        self.index = cls.index
        self.parts = [self._raw(p) for p in game.piles]
        self.lens = [len(p) for p in game.piles]
        self.undo: list = []
        # (phase, redeals, counters...) -> the key's tail; the counters are
        # whole numbers (`Game.EXTRA`, checked by `Game.from_portable`)
        self.tails: dict[tuple, bytes] = {}

    def _raw(self, pile) -> bytes:
        return bytes(pile).translate(_RANK_ONLY) if self.blind else bytes(pile)

    def push(self, game: Game, move) -> None:
        piles, parts, lens = game.piles, self.parts, self.lens
        if self.simple and not move.action:  # the move's two piles, and nothing else, changed
            index = self.index
            src, dst = index[move.src], index[move.dst]
            self.undo.append((src, parts[src], lens[src], dst, parts[dst], lens[dst]))
            a, b = piles[src], piles[dst]
            if self.blind:
                parts[src], parts[dst] = bytes(a).translate(_RANK_ONLY), bytes(b).translate(_RANK_ONLY)
            else:
                parts[src], parts[dst] = bytes(a), bytes(b)
            lens[src], lens[dst] = len(a), len(b)
            return
        if move.action:  # every pile: the old lists are kept whole
            self.undo.append((self.parts, self.lens))
            if self.blind:
                self.parts = [bytes(p).translate(_RANK_ONLY) for p in piles]
            else:
                self.parts = [bytes(p) for p in piles]
            self.lens = [len(p) for p in piles]
            return
        index = self.index
        src, dst = index[move.src], index[move.dst]
        changed = [src, dst]
        grown = list(map(_ne, map(len, piles), lens))  # which piles changed length (C loops)
        if grown.count(True) > grown[src] + grown[dst]:  # others than the move's own two
            changed += [i for i, g in enumerate(grown) if g and i != src and i != dst]
        old = []
        raw = self._raw
        for i in changed:
            old.append((i, parts[i], lens[i]))
            parts[i] = raw(piles[i])
            lens[i] = len(piles[i])
        self.undo.append(old)

    def pop(self) -> None:
        parts, lens = self.parts, self.lens
        entry = self.undo.pop()
        if type(entry) is tuple:
            if len(entry) == 2:  # an action's
                self.parts, self.lens = entry
                return
            src, parts[src], lens[src], dst, parts[dst], lens[dst] = entry
            return
        for i, part, n in entry:
            parts[i] = part
            lens[i] = n

    def peek(self, game: Game, move) -> bytes | None:
        """The key after ``move`` (not made), or None where the move alone
        does not tell it (see the class docstring)."""
        if not self.peekable or move.action or move.at:
            return None
        index, piles = self.index, game.piles
        src, dst = index[move.src], index[move.dst]
        a, n = piles[src], move.n
        parts = self.parts[:]
        if self.blind:
            parts[src] = bytes(a[:-n]).translate(_RANK_ONLY)
            parts[dst] = bytes(piles[dst] + a[-n:]).translate(_RANK_ONLY)
        else:
            parts[src] = bytes(a[:-n])
            parts[dst] = bytes(piles[dst] + a[-n:])
        if self.sorting:
            self._sort(parts)
        return b"\xff".join(parts) + self._tail(game)

    def after(self, game: Game, move) -> bytes:
        """The key of ``game`` just after ``game.push(move)``, before `push`
        is told of it: for a card move of the core's own (`simple`), whose
        two piles alone changed. The search tests the table with it, and
        calls `push` only for a position new to the table."""
        know = self.know
        if know.key is not None:
            return know.key(game)
        index, piles = self.index, game.piles
        src, dst = index[move.src], index[move.dst]
        parts = self.parts[:]
        if self.blind:
            parts[src], parts[dst] = bytes(piles[src]).translate(_RANK_ONLY), bytes(piles[dst]).translate(_RANK_ONLY)
        else:
            parts[src], parts[dst] = bytes(piles[src]), bytes(piles[dst])
        if self.sorting and (self.when is None or self.when(game)):
            self._sort(parts)
        return b"\xff".join(parts) + self._tail(game)

    def _sort(self, parts: list) -> None:
        for a, b in self.pairs:
            if parts[b] < parts[a]:
                parts[a], parts[b] = parts[b], parts[a]
        for a, b in self.slices:
            parts[a:b] = sorted(parts[a:b])
        for idx in self.groups:
            for i, part in zip(idx, sorted([parts[i] for i in idx])):
                parts[i] = part

    def _tail(self, game: Game) -> bytes:
        extra = game.extra
        at = (game.phase, game.redeals_left, *extra.values()) if extra else (game.phase, game.redeals_left)
        tail = self.tails.get(at)
        if tail is None:
            text = f"{game.phase}|{game.redeals_left}|" + ",".join(map(str, extra.values())) if extra else \
                f"{game.phase}|{game.redeals_left}"
            tail = self.tails[at] = b"\xfe" + text.encode()
        return tail

    def key(self, game: Game) -> bytes:
        know = self.know
        if know.key is not None:
            return know.key(game)
        parts = self.parts
        if self.sorting and (self.when is None or self.when(game)):
            parts = parts[:]
            self._sort(parts)
        return b"\xff".join(parts) + self._tail(game)
