"""Наполеон (napoleon): what the search may assume, each item proved here.

Its safe move home (`napoleon_safe`) and canonical key (`napoleon_key`),
proved for the rules before main's rules of the cellar and of the rows,
and not registered until proved again: the game registers an empty
record (the engine's moves and exact keys only).
"""

from __future__ import annotations

import importlib

from engine.core import Game, Move
from engine.solver.knowledge import Knowledge, register


napoleon = importlib.import_module("engine.games.napoleon")


def napoleon_safe(game: Game, move: Move) -> bool:
    """Наполеон: a card X going to its base is always safe (one pack).

    The base wants X, so the card before X in the chosen direction is on
    the base already. On a row's end card may go only a card of its suit
    one pip higher or lower, the corner not turned in the rows (play.4.2,
    `napoleon.assume.rows-do-not-turn-the-corner`); one of those two is
    home, so the only card that could ever be laid on X is its successor
    S on the base (if S is next to X in the rows at all). Take any winning
    line L and let L' play X home now, then follow L, skipping each move of
    a card that L' already has home, and playing home a card that L lays
    on a card L' has home (that card is S, or a successor of a successor:
    its base then wants it, as every card between is home in L'). By
    induction every card of L' is where it is in L, or home: a card that is
    an end card in L is one in L' (the cards above it in L' are among those
    above it in L); an empty row of L is empty in L'; a door open in L is
    open in L' (the cellar's rule, play.7-8); the cellar holds in L' what it
    holds in L less cards home, whatever its capacity. So each move of L
    can be made in L', or is a move home, and L' wins when L does."""
    if move.action or game.roles[game.index[move.dst]] != "foundation":
        return False
    return game.phase == "play"


def napoleon_key(game: Game) -> bytes:
    """Наполеон's canonical key: a position is its rows as sequences, its
    doors, its cellar, its bases and the direction.

    Proof that positions with equal keys have the same future: a row is
    played at both its ends alike (play.4.1: the end cards; a card may go on
    either end, `row_end`), and the engine's split of a row into two halves
    is only where the middle lies: it moves the innermost card over when a
    half runs out, so the moves of a row depend only on its sequence of
    cards, and a row read from either end is the same row. No rule tells
    the eight rows apart (an emptied row takes any free card, play.9), so
    they are a multiset. The four places of a door are alike (each card is
    free, takes nothing, and the door opens when all four are gone), and so
    are the two doors (either opens the cellar)."""
    piles = game.piles
    rows = []
    for left, right in game.rows:
        seq = bytes(piles[left][::-1] + piles[right])
        rows.append(min(seq, seq[::-1]))
    rows.sort()
    doors = sorted(bytes(sorted(c for i in door for c in piles[i])) for door in game.doors)
    bases = [bytes(piles[i]) for i in game.by_role["foundation"]]
    tail = f"{game.phase}|{game.extra['direction']}".encode()
    return b"|".join(rows) + b"#" + b"|".join(doors) + b"#" + bytes(piles[game.cellar]) + b"#" + \
        b"|".join(bases) + b"#" + tail


# Not registered while main's rules of the cellar (any of its cards may be
# taken out, napoleon.assume cellar-card) and of the rows are new: the
# proofs above were made for the rules before them and wait to be made
# again; the search of Наполеон uses the engine's moves and exact keys only.
register("napoleon", Knowledge())
