"""Stock games: Мельница (mill), Шахъ (shah), Полушарія (hemispheres),
Салическій законъ (salic-law): a pack turned or dealt one card at a time.

What the search may assume, each item proved here.
"""

from __future__ import annotations

import importlib

from engine.core import Game, Move
from engine.solver.columns import marriage_safe
from engine.solver.knowledge import Knowledge, register, spec_twins

shah = importlib.import_module("engine.games.shah")

_shah_marriage = marriage_safe((1,))


def shah_safe(game: Game, move: Move) -> bool:
    """Шахъ: once the circles are dealt, a card X going to its foundation is
    safe when both copies of X-1 of its suit are home (`columns.marriage_safe`:
    marriages are made downwards in suit onto the outer circle), provided
    the move leaves no space in the star: X comes from the talon, or from a
    ray that keeps three cards or more. A space would have to be filled
    before the next card is turned (`shah.assume.refill-spaces-inner-first`),
    which changes what the line does next; without one, taking X home only
    uncovers the card beneath it earlier. While the circles are dealt a
    played card's place is filled at once from the pack, which changes the
    deal, so no move is safe then."""
    if game.phase != "play" or move.action:
        return False
    src = game.index[move.src]
    if game.roles[src] == "ray" and len(game.piles[src]) < 4:
        return False
    return _shah_marriage(game, move)


# Мельница: any empty wing is filled, any corner takes a king and lends
# alike; neither wings nor corners are told apart by any rule. Every rule
# reads ranks only («не по мастямъ»), so two positions that differ only in
# the suits of their cards have the same future. While `lent` names the
# corners that have lent a card, the corners' places matter.
register("mill", Knowledge(interchangeable=("wing", "corner"),
                           interchangeable_when=lambda game: not game.extra.get("lent"),
                           suit_blind=True))

# Салическій законъ: while dealing, the cards go onto the last king laid and
# the first empty places, so order matters; once in play, king piles,
# foundations (any suit) and queens are each alike. No rule reads a suit.
# (Under the reading «once-per-king», `given` names king piles.)
register("salic-law", Knowledge(interchangeable=("king-pile", "foundation", "queen"),
                                interchangeable_when=lambda game: game.phase == "play" and not game.extra.get("given"),
                                suit_blind=True))

# Шахъ: the two foundations of a suit, both from the ace, are built alike
# (twins). The rays are not interchangeable: spaces are refilled in the
# order of the rays.
register("shah", Knowledge(twins=spec_twins(shah.GAME), safe=shah_safe))

# Полушарія: the two foundations of a suit (red aces up, black kings down)
# are built alike: `wants` reads only whether a foundation goes up and its
# top card, and a barrier completes whichever of them holds twelve cards.
register("hemispheres", Knowledge(twins=(("up-H-1", "up-H-2"), ("up-D-1", "up-D-2"),
                                         ("down-S-1", "down-S-2"), ("down-C-1", "down-C-2"))))
