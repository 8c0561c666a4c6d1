"""Column games: Солнечные часы (cadran), Пятнадцать (fifteen), Партеръ (parterre).

Columns (or packets) whose top card is available, suited foundations, and
an emptied column that takes any available card. What the search may
assume, each item proved here.
"""

from __future__ import annotations

import importlib

from engine.core import Game, Move
from engine.solver.knowledge import Knowledge, always, cards_home, crossing_safe, register, spec_twins

cadran = importlib.import_module("engine.games.cadran")
fifteen = importlib.import_module("engine.games.fifteen")
parterre = importlib.import_module("engine.games.parterre")


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


def rank_safe(game: Game, move: Move) -> bool:
    """Safe-move test of Партеръ, whose garden builds down regardless of suit.

    A card X of rank r going to a foundation is safe when every card of rank
    r - 1 is on the foundations: then nothing can ever be laid on X again,
    and the proof of `marriage_safe` holds as it stands (an emptied packet
    may take any card, which only adds choices; there is no redeal; a
    bouquet card, once taken, never returns, so playing X from the bouquet
    home rather than to a packet loses nothing: in a packet it could only
    have been a card to move again)."""
    if move.action or game.roles[game.index[move.dst]] != "foundation":
        return False
    rank = game.piles[game.index[move.src]][-1] & 15
    if rank == 1:
        return True
    homes = game.by_role["foundation"]
    return sum(1 for i in homes for c in game.piles[i] if c & 15 == rank - 1) == 4 * game.decks


# Солнечные часы: no redeal, every column obeys the same rules (a space
# takes any card), so columns are interchangeable; two foundations of a suit
# equally high take the same cards (twins). Marriage downwards in suit.
# The pack is turned only at a standstill, but a safe card, which nothing
# can cover, holds the pack back until it goes home in any line, so
# playing it first changes no turn of the pack.
register("cadran", Knowledge(interchangeable=("column",), twins=spec_twins(cadran.GAME),
                             safe=marriage_safe((1,))))

# Пятнадцать: every column obeys the same rules (a lane takes any card),
# once the sixth-row exception is closed (while it is open, the counter
# `sixth_row` names columns, so their places matter; so, under the reading
# that keeps column 15's lone card waiting, while that card waits).
# Safe moves: `knowledge.crossing_safe` (an ace up and a king down in each
# suit, marriage up or down in suit, a lane takes any card and may stay
# empty), the foundations' suits read from their bases, and only under the
# reading that gives each suit one foundation of each direction
# (fifteen.assume.foundation-suits = one-per-suit; under «any four» a
# second ascending foundation of a suit may open later). It needs a
# foundation begun, so the sixth-row exception, which waits for a game that
# cannot begin, plays no part; it is not used during the opening, whose
# rule (fifteen.assume.opening-plays-first) orders the first moves.
def fifteen_safe(game: Game, move: Move) -> bool:
    return (not game.extra.get("opening") and fifteen.FOUNDATION_SUITS.of(game)
            and crossing_safe(game, move, suits_by_base=True))


register("fifteen", Knowledge(interchangeable=("column",),
                              interchangeable_when=lambda game: not game.extra.get("sixth_row")
                              and not game.lone_card_waits(),
                              safe=fifteen_safe))

# Партеръ: the six packets of the garden obey the same rules (an emptied
# one takes any card), and so do the sixteen places of the bouquet.
register("parterre", Knowledge(interchangeable=("bed", "bouquet"), interchangeable_when=always, safe=rank_safe))
