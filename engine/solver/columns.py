"""The column games' shared machinery: suited foundations, columns (or
packets) whose top card is available, an emptied column that takes any
available card. `marriage_safe` (Солнечные часы's twin test is checked
against it, Шахъ uses it) and `columns_stuck` (the dead test of Солнечные
часы and Пятнадцать), each proved in its docstring. Each game's own
knowledge is in engine/solver/games/ (cadran.py, fifteen.py, parterre.py).
"""

from __future__ import annotations

from engine.core import Game, Move
from engine.solver.knowledge import cards_home


def marriage_safe(steps: tuple[int, ...]):
    """Safe-move test for suited foundations and marriages in suit by
    ``steps`` (1: a card goes on the card one higher; -1: one lower).

    A card X going to a foundation is safe when every copy of every card
    that could be married onto X (same suit, rank X - step for each step)
    already lies on a foundation. Proof: foundation cards never leave, so
    X can never again be a target; X then serves only to cover the card
    beneath it (or, on the talon, the talon card beneath it). Any winning
    line L plays X home at some point (or the foundation's X is its twin,
    the same card). Play X now and then L without X's own moves: each of
    them only took X somewhere it could not be built on (onto another card,
    into a space, home), so the card beneath is uncovered earlier, which no
    rule of these games forbids, and a space L filled with X stays free for
    L's later use (a space takes any card and may be left empty)."""

    def safe(game: Game, move: Move) -> bool:
        if move.action:
            return False
        dst = game.index[move.dst]
        if game.roles[dst] != "foundation":
            return False
        card = game.piles[game.index[move.src]][-1]
        home = None
        for step in steps:
            below = card - step
            if not 1 <= below & 15 <= 13:
                continue
            if home is None:
                home = cards_home(game)
            if home.get(below, 0) < game.decks:
                return False
        return True

    return safe


def columns_stuck(game: Game, steps: tuple[int, ...], both_ways: bool) -> bool:
    """Солнечные часы and Пятнадцать: is there a set S of cards, one in every
    column, none of which can ever move? (A greatest fixpoint, found by
    striking out of the set of every card away from home those that are
    neither *covered* nor *held*, until none is struck; the proof is at
    `cadran_dead`.)

    Places: each column and the talon is a pile (its top is its available
    card); the stock's cards are places too, but a stock card is never
    covered (it may come out over a card that has moved by then) and
    nothing lies "below" it. A card X (suit s, rank r) of S is *covered*
    when a card of S lies above it in its column or talon; *held* when

    * it cannot go home: for some rank k < r (and, ``both_ways``, for some
      rank k > r too: a foundation built down from the king), no copy of
      (s, k) is home and each copy is in S or lies below X in its pile;
    * it has no host: for each ``step``, every copy of (s, r + step) (the
      card X may be married onto) is home, or lies below X in its pile, or
      is in S and lies in the talon or the stock or under a card of S in
      its column.

    Both conditions only grow with S, so the order of striking does not
    matter; the search stops (False) as soon as a column holds no card of
    S, or is empty."""
    piles = game.piles
    columns = game.by_role["column"]
    if not all(piles[i] for i in columns):
        return False
    talon = game.by_role.get("talon", ())
    stock = game.by_role.get("stock", ())
    home = cards_home(game)
    # per card code: its places (pile, height) away from home; in a column or
    # the talon, S is a bottom part of the pile (a card below a card of S is
    # covered, so never struck first): `height[p]` cards, the top one alone
    # uncovered; in the stock, a flag per card
    where: dict[int, list[tuple[int, int]]] = {}
    for p in (*columns, *talon, *stock):
        for h, card in enumerate(piles[p]):
            if card in where:
                where[card].append((p, h))
            else:
                where[card] = [(p, h)]
    height = {p: len(piles[p]) for p in (*columns, *talon)}
    in_stock = {p: [True] * len(piles[p]) for p in stock}

    def blocked(code: int, p: int, h: int) -> bool:
        """No copy of ``code`` home, each in S or below (p, h) in its pile."""
        if home.get(code):
            return False
        for q, g in where.get(code, ()):
            if not (g < height[q] if q in height else in_stock[q][g]) and not (q == p and g < h and p in height):
                return False
        return True

    def held(card: int, p: int, h: int) -> bool:
        suit, rank = card & 0xF0, card & 15
        if not any(blocked(suit | k, p, h) for k in range(1, rank)):
            return False
        if both_ways and not any(blocked(suit | k, p, h) for k in range(rank + 1, 14)):
            return False
        for step in steps:
            if not 1 <= rank + step <= 13:
                continue
            for q, g in where.get(card + step, ()):
                if q == p and g < h and p in height:
                    continue  # below X
                if q in in_stock:
                    if in_stock[q][g]:
                        continue
                elif g < height[q] and (q in talon or g < height[q] - 1):
                    continue  # in S, in the talon or covered by a card of S
                return False
        return True

    changed = True
    while changed:
        changed = False
        for p in (*columns, *talon):
            pile, n = piles[p], height[p]
            while n and not held(pile[n - 1], p, n - 1):
                n -= 1
                height[p] = n
                changed = True
            if not n and p not in talon:
                return False  # a column with no stuck card: the set needs one in every column
        for p in stock:
            pile, flags = piles[p], in_stock[p]
            for g, card in enumerate(pile):
                if flags[g] and not held(card, p, g):
                    flags[g] = False
                    changed = True
    return True
