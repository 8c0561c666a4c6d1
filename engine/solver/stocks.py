"""Stock games: Мельница (mill), Шахъ (shah), Полушарія (hemispheres),
Салическій законъ (salic-law): a pack turned or dealt one card at a time.

What the search may assume, each item proved here.
"""

from __future__ import annotations

import importlib

from engine.cards import QUEEN
from engine.core import Game, Move
from engine.solver.columns import marriage_safe
from engine.solver.knowledge import Knowledge, register, spec_twins, strip_to_fixpoint

shah = importlib.import_module("engine.games.shah")
MARRIAGE_READING = shah.MARRIAGE


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


def shah_stuck(game: Game) -> set[tuple[int, int]]:
    """Шахъ, after the deal, under the edition's reading of marriages (the
    outer circle's): the places (pile, height) of cards that never go home
    nor marry before a space is next filled (a greatest fixpoint;
    `shah_dead` proves it). The cards of the pack are included: dealing one
    onto the talon is the only way they move.

    A card X of suit s and rank r stays in the set while it is *covered* (a
    card of the set lies above it in its ray or in the talon) or *held*. It
    is held when it cannot go home: for each foundation of s, the
    foundation is past r-1, or some rank q it needs before r has no copy
    that could get there (each copy lies in the set, or below X in its ray
    or the talon); and it cannot marry: X lies in the inner circles of its
    ray (a card marries only from a ray of three cards or more), or every
    copy of s's r+1 lies in the pack or the talon (never an outer-circle
    card without a space filled), in the inner circles of a ray, below X,
    or in the set and covered; a queen has no host (the kings are out).
    Both conditions only grow with the set, so removing the cards that meet
    neither, in any order, reaches the greatest such set."""
    piles = game.piles
    stock, talon = game.index["stock"], game.index["talon"]
    stacks = game.by_role["ray"] + (talon,)
    where: dict[int, list[tuple[int, int]]] = {}
    for p in stacks + (stock,):
        for h, card in enumerate(piles[p]):
            where.setdefault(card, []).append((p, h))
    stuck = {place for places in where.values() for place in places}
    covered: dict[tuple[int, int], bool] = dict.fromkeys(stuck, False)
    heights: dict[int, list[int]] = {}
    for f in game.by_role["foundation"]:
        heights.setdefault(game.PILES[f].suit, []).append(len(piles[f]))

    def under(there: tuple[int, int], place: tuple[int, int]) -> bool:
        return there[0] == place[0] and there[1] < place[1] and place[0] != stock

    def held(card: int, place: tuple[int, int]) -> bool:
        rank, base = card & 15, card & 0xF0
        for height in heights[card >> 4]:
            if height < rank and not any(all(there in stuck or under(there, place) for there in where.get(base | q, ()))
                                         for q in range(height + 1, rank)):
                return False  # this foundation may still take it
        if rank == QUEEN or (place[0] != stock and place[0] != talon and place[1] < 2):
            return True
        for there in where.get(card + 1, ()):
            if there[0] in (stock, talon) or there[1] < 2 or under(there, place) or \
                    (there in stuck and covered[there]):
                continue
            return False
        return True

    return strip_to_fixpoint(piles, stacks, stuck, covered, held)


def shah_dead(game: Game) -> bool:
    """Шахъ: lost after the deal, under the outer-circle marriages, when no
    space waits and `shah_stuck` holds a card in every ray at height two or
    more (the outer circle or above), or holds any card once the pack and
    the talon are spent.

    Proof. After the deal, without a space filled, a card moves only home
    (the next card of one of the two foundations of its suit, up to the
    queens), by a marriage (a ray's top card, from a ray of three cards or
    more, or the talon's top, onto a ray's top card of its suit one higher
    in a ray of three cards or more: `shah._outer_circle`), or from the
    pack onto the talon; nothing leaves a foundation. Suppose a card of the
    set S goes home or marries before a space is filled; let X be the
    first, at time t. Until t the cards of S in the rays and the talon are
    where they were, and the cards of the pack are in the pack or on the
    talon. A covered X is covered still. A held X cannot go home: for each
    foundation of its suit some rank it needs has no copy that got there
    (a copy of S is not home; one below X is covered by X, in the ray or
    the talon, where X still lies). X cannot marry: from the inner circles
    it may not; a copy of r+1 in the pack or the talon reaches a ray only
    by a space filled; one in the inner circles is a top only of a ray too
    short to take a marriage; one below X or covered by a card of S is no
    top. So no card of S goes home or marries before a space is filled. A
    space is filled only in a ray shorter than three cards; a ray holding a
    card of S at height two or more never becomes shorter than three (its
    cards up to that one never leave); once the pack and the talon are
    spent no space is ever filled. So no space is ever filled, and the
    cards of S never go home: the game is lost."""
    if game.phase != "play" or MARRIAGE_READING.of(game) is not shah._outer_circle or game.space() is not None:
        return False
    stuck = shah_stuck(game)
    if not stuck:
        return False
    if not (game.piles[game.index["stock"]] or game.piles[game.index["talon"]]):
        return True
    rays = game.by_role["ray"]
    return all(len(game.piles[p]) >= 3 and any((p, h) in stuck for h in range(2, len(game.piles[p])))
               for p in rays)


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
register("shah", Knowledge(twins=spec_twins(shah.GAME), safe=shah_safe, dead=shah_dead))

# Полушарія: the two foundations of a suit (red aces up, black kings down)
# are built alike: `wants` reads only whether a foundation goes up and its
# top card, and a barrier completes whichever of them holds twelve cards.
register("hemispheres", Knowledge(twins=(("up-H-1", "up-H-2"), ("up-D-1", "up-D-2"),
                                         ("down-S-1", "down-S-2"), ("down-C-1", "down-C-2"))))
