"""Солнечные часы (cadran): what the search may assume, each item proved here.

Its dead test (`cadran_dead`, on `columns.columns_stuck`), its safe
moves home (`cadran_safe`, the twin foundations' `marriage_safe`) and its
registration.
"""

from __future__ import annotations

import importlib

from engine.core import Game, Move
from engine.solver.columns import columns_stuck
from engine.solver.knowledge import Knowledge, register, spec_twins


cadran = importlib.import_module("engine.games.cadran")


def cadran_dead(game: Game) -> bool:
    """Солнечные часы: lost when `columns_stuck` finds a set S of cards, one
    in every column, that can never move; asked once the stock is empty
    (the proof holds with cards in it, but the test costs the most then).

    Proof. The moves are: an available card (a column's top, the talon's
    top) home (the next card of its suit, up from the ace), onto a column's
    top one higher in suit (marriage downwards), or into an empty column;
    turning the stock's next card onto the talon. Foundations give nothing
    back; the talon and the stock take no card. Suppose a card of S moves
    (turning a stock card over is no move of it here), and let X be the
    first, at time t; until t no card of S has moved, so each column still
    holds its card of S and none has been empty: there is no space. If X
    is covered, a card of S still lies on it in its column or talon (turned
    cards only come on top): X is not available. Else X is held (a card of
    S in the stock is never covered, only held: its first move is from the
    talon's top, once turned, under the same conditions): for some
    lower rank k no copy was home, and each copy is in S (unmoved, so not
    home) or lay below X (still covered by X): no foundation of X's suit
    has passed k, so X cannot go home. Each copy of the card one higher
    was home (foundations give nothing back), or lay below X (still
    covered), or is in S unmoved, in the talon or the stock (never a
    column's top) or under a card of S in its column (not a top): X has no
    host. With no space X cannot move at t, a contradiction. So no card of
    S ever moves, the columns never empty, and S's cards never go home."""
    return not game.piles[game.index["stock"]] and columns_stuck(game, (1,), both_ways=False)


# The dead tests `cadran_dead` and `fifteen_dead` are sound (proved in their docstrings,
# tested in tests/solver/test_cadran_solver.py and test_fifteen_solver.py)
# but not registered: measured on deals 1-30 at 1 CPU s, they fire at
# fewer than one position in 300 (a space or a lane frees nearly every
# deadlock) and cost a tenth to a quarter of the search's time, one deal
# fewer decided in each game.

# Солнечные часы: no redeal, every column obeys the same rules (a space
# takes any card), so columns are interchangeable; two foundations of a suit
# equally high take the same cards (twins). Marriage downwards in suit.
# The pack is turned only at a standstill, but a safe card, which nothing
# can cover, holds the pack back until it goes home in any line, so
# playing it first changes no turn of the pack.
_CADRAN_TWIN = {cadran.GAME.index[a]: cadran.GAME.index[b] for a, b in spec_twins(cadran.GAME)}
_CADRAN_TWIN.update({b: a for a, b in _CADRAN_TWIN.items()})


def cadran_safe(game: Game, move: Move) -> bool:
    """`marriage_safe((1,))` for Солнечные часы, without counting the cards
    home: a card X of rank r going to a foundation F (which shows r - 1)
    may take only a copy of r - 1 of its suit, and each foundation of the
    suit holds one copy of every rank up to its height, so both copies are
    home exactly when F's twin is r - 1 high or more (an ace takes none)."""
    if move.action:
        return False
    dst = game.index[move.dst]
    twin = _CADRAN_TWIN.get(dst)
    if twin is None:
        return False
    return len(game.piles[twin]) >= len(game.piles[dst])


# No probing pass (`search.PROBE`): it searches again below each turned
# card what the full pass will search, and Солнечные часы' deals end mostly
# in proofs of loss, which only the full pass gives (deals 1-70 at 1 CPU s:
# 24 -> 27 decided). Only the order of the search changes.
register("cadran", Knowledge(interchangeable=("column",), twins=spec_twins(cadran.GAME),
                             safe=cadran_safe, probe=False))
