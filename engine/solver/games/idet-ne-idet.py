"""Идет — не идет (idet-ne-idet): what the search may assume, each item
proved here.

Its safe move home once the pack is dealt for the last time
(`idet_safe`), its canonical key (`idet_key`) and its registration.
"""

from __future__ import annotations

import importlib

from engine.core import Game, Move
from engine.solver.keys import state_key
from engine.solver.knowledge import Knowledge, register


idet = importlib.import_module("engine.games.idet-ne-idet")


def idet_safe(game: Game, move: Move) -> bool:
    """Идет — не идет: once the pack is dealt for the last time (phase
    "play", no redeal left), a card X going to its base is safe, under
    every reading of the game.

    One pack: the base wants X, so X-1 is home. On a card of the lower rows
    goes only the card of its suit one higher (play.4.1), and nothing goes
    on the top row (play.4.2), so the only card that could ever lie on X is
    X+1, X's successor on the base. Take a winning line L; let L' play X
    home now and then follow L, skipping the moves of cards it has home,
    and playing home a card that L lays on a card L' has home (that card is
    the next its base wants: one pack, the base holds every card below it).
    Every card of L' lies where L has it, or is home, and over each card
    lie in L' only cards that lie over it in L. So each move of L can be
    made in L': a bottom card or top-row card of L is one of L' (play.3.1,
    3.2); a covered ace, where the reading "aces-from-any-place" =
    covered-too lets it go home from under other cards, is covered or a
    bottom card in L', and goes home either way (the move names its new
    height: the search makes its own moves, L' is not L's text); the
    bottom card a card is laid on in L is, in L', the same bottom card or
    home (then the card laid goes home instead); a vertical row free in L
    is free in L' (play.5). The move X itself may be a covered ace's (the
    cards over it drop one place; nothing rests on an ace but a two, the
    card its base takes next). The end of the game comes no sooner in L':
    the engine's end in the third layout is the standstill (only shuttles
    of a lone card between freed rows, and no position they reach with
    another move, `idet-ne-idet.assume.shuttle-taken-back`); while L still
    has moves to make, L' has L's next move or plays it home, and the
    first such move that is not a shuttle is reached by shuttles at worst,
    so L' is not at a standstill until it has won. While the pack is still
    dealt the move is not safe (a top-row card moved is replaced from the
    pack, play.1.5, which changes the layout), nor with a redeal to come
    (the cards gathered would change)."""
    if move.action or game.phase != "play" or game.redeals_left:
        return False
    return game.roles[game.index[move.dst]] == "foundation"


def idet_key(game: Game) -> bytes:
    """Идет — не идет's key: once the pack is dealt for the last time, the
    seven vertical rows (a top-row place and the lower rows below it) are
    interchangeable, under every reading: in play every bottom card and
    top-row card is playable wherever it lies (play.3.1, 3.2; the bar on
    the middle three rows, play.2.3 and its reading, holds only while
    dealing), a covered ace is playable from any row or from none alike
    (the reading "aces-from-any-place"), cards are laid on the lower rows
    of any vertical row alike (play.4.1), and a freed vertical row, any of
    them, takes any playable card (play.5); no card is replaced from the
    pack (it is empty). Only the deal (the outer columns, play.2.2) and the
    gathering for a redeal (play.6.1) tell them apart, and neither is to
    come. The standstill that ends the game reads the rows in the same
    sorted way (`IdetNeIdet._position_key`). The key keeps only the
    position: the moves of the line are the engine's own, so a line found
    replays."""
    if game.phase != "play" or game.redeals_left:
        return state_key(game, IDET_PLAIN)
    piles = game.piles
    verticals = sorted(bytes(piles[t]) + b"/" + bytes(piles[c]) for t, c in zip(game.top, game.cols))
    bases = b"|".join(bytes(piles[i]) for i in game.by_role["foundation"])
    return b"|".join(verticals) + b"#" + bases + b"#" + bytes(piles[game.stock]) + b"#play"


IDET_PLAIN = Knowledge()
register("idet-ne-idet", Knowledge(safe=idet_safe, key=idet_key))
