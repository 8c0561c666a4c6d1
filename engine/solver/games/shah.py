"""Шахъ (shah): what the search may assume, each item proved here.

A pack dealt into a star of rays round a centre, then turned one card
at a time onto a talon; foundations two of each suit from the ace,
marriages downwards in suit onto the outer circle. Its safe moves home
(`shah_safe`), the cards that can never move (`shah_stuck`) and the dead
test built on them (`shah_dead`), and its registration.
"""

from __future__ import annotations

import importlib

from engine.cards import QUEEN
from engine.core import Game, Move
from engine.solver.columns import marriage_safe
from engine.solver.knowledge import Knowledge, register, spec_twins


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
    deal, so no move is safe then.

    Once the pack and the talon are both spent, X may also leave a ray of
    three cards or fewer: no space is ever filled again (`Shah.space` is
    None, and no card ever comes back to the pack or the talon), so a ray's
    length matters only to marriages, which read the length of a ray whose
    top moves or takes a card. In a winning line L, while X lies on a ray
    (its first, or one it married onto), it is that ray's top and nothing
    can go onto it (both copies of X-1 are home), so the only move of L
    involving that ray is X's own; once X has left it, the ray is the same
    in L and in L' (X played now, then L without X's moves). So every move
    of L is legal in L'."""
    if game.phase != "play" or move.action:
        return False
    src = game.index[move.src]
    if game.roles[src] == "ray" and len(game.piles[src]) < 4 and \
            (game.piles[game.stock] or game.piles[game.talon]):
        return False
    return _shah_marriage(game, move)


def shah_stuck(game: Game, watch_rays: bool = False, fills: bool = False) -> set[tuple[int, int]] | None:
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
    neither, in any order, reaches the greatest such set.

    Computed with a work list: a card is looked at again only when a card
    it depends on leaves the set (a lower card of its suit, a copy of its
    host, or the card of the set above it in its pile), so the cost is about
    one look per dependency instead of one sweep per round. Of the two
    foundations of s only the higher one still below r needs looking at:
    the ranks the lower one needs before r include the higher one's."""
    piles = game.piles
    stock, talon = game.index["stock"], game.index["talon"]
    # places as numbers: pile, height and card of each
    pile_of: list[int] = []
    height_of: list[int] = []
    card_of: list[int] = []
    ids: dict[int, range] = {}  # pile -> its place numbers, bottom first
    for p in game.by_role["ray"] + (talon, stock):
        row = piles[p]
        ids[p] = range(len(card_of), len(card_of) + len(row))
        pile_of += [p] * len(row)
        height_of += range(len(row))
        card_of += row
    where: dict[int, list[int]] = {}
    for n, card in enumerate(card_of):
        if card in where:
            where[card].append(n)
        else:
            where[card] = [n]
    count = len(card_of)
    rays_end = ids[talon].start
    by_suit: dict[int, list[int]] = {0: [], 1: [], 2: [], 3: []}  # the places that may be in the set
    for n in range(rays_end if fills else count):
        by_suit[card_of[n] >> 4].append(n)
    stuck = [True] * rays_end + [not fills] * (count - rays_end)
    # the highest place of the set in each ray and the talon (the pack's cards are never covered)
    top = {p: len(row) - 1 for p, row in ids.items() if p != stock}
    if fills:
        top[talon] = -1
    heights: dict[int, list[int]] = {}
    for f in game.by_role["foundation"]:
        heights.setdefault(game.PILES[f].suit, []).append(len(piles[f]))

    def covered(n: int) -> bool:
        p = pile_of[n]
        return p != stock and height_of[n] < top[p]

    def held(n: int) -> bool:
        card = card_of[n]
        rank, base = card & 15, card & 0xF0
        p, h = pile_of[n], height_of[n]
        t = -1
        for height in heights[card >> 4]:
            if t < height < rank:
                t = height  # the higher foundation still below r: see the docstring
        if t >= 0:
            for q in range(t + 1, rank):
                # is every copy of q in the set, or below X in its pile?
                for there in where.get(base | q, ()):
                    if not stuck[there] and not (pile_of[there] == p and height_of[there] < h and p != stock):
                        break
                else:
                    break  # q never comes home before X: this foundation is barred
            else:
                return False  # this foundation may still take it
        if rank == QUEEN or (p != stock and p != talon and h < 2):
            return True
        for there in where.get(card + 1, ()):
            q = pile_of[there]
            if q == stock or q == talon:
                if fills:
                    return False  # it may fill a space in the outer circle and host X there
                continue
            if height_of[there] < 2 or (q == p and height_of[there] < h) or \
                    (stuck[there] and covered(there)):
                continue
            return False
        return True

    # the rays' cards are looked at first (popped from the end): a ray freed ends a watch early
    queue = [*ids[stock], *ids[talon], *range(rays_end)] if not fills else list(range(rays_end))
    waiting = [True] * count
    while queue:
        n = queue.pop()
        waiting[n] = False
        if not stuck[n] or covered(n) or held(n):
            continue
        stuck[n] = False
        card = card_of[n]
        # the higher cards of its suit (all of them: their ranks are few) and its guests
        again = [m for m in by_suit[card >> 4] if card_of[m] > card]
        again += where.get(card - 1, ())
        p = pile_of[n]
        if p != stock and height_of[n] == top[p]:
            row, h = ids[p], height_of[n] - 1
            while h >= 0 and not stuck[row[h]]:
                h -= 1
            top[p] = h
            if watch_rays and h < 2 and p != talon:
                return None
            if h >= 0:  # uncovered now: it may leave, or host its suit's card one lower
                again.append(row[h])
                again += where.get(card_of[row[h]] - 1, ())
        for there in again:
            if stuck[there] and not waiting[there]:
                waiting[there] = True
                queue.append(there)
    return {(pile_of[n], height_of[n]) for n in range(count) if stuck[n]}


_FILLS_SEEN: dict[bytes, bool] = {}  # rays and foundation heights -> any card stuck whatever is filled


def _stuck_whatever_is_filled(game: Game) -> bool:
    """Does `shah_stuck` with ``fills`` hold a card? Remembered by the rays
    and the foundations' heights: with ``fills`` no card of the pack or the
    talon is in the set, and the fixpoint reads of them only which cards
    lie there (a copy there is neither stuck nor below a ray's card: `held`
    breaks, a host there returns False), never their order nor which of the
    two piles; and which cards lie there is fixed by the rays and the
    foundations, every card of the two packs lying in exactly one pile. So
    positions that differ only in the pack and the talon, as after each card
    turned, share the answer. A study position (`Game.from_portable`) may
    hold fewer cards than the packs: its pack and talon are then not fixed
    by the rest, so it is not remembered."""
    piles = game.piles
    if sum(map(len, piles)) != 52 * game.decks:
        return bool(shah_stuck(game, fills=True))
    key = b"\xff".join([bytes(piles[i]) for i in game.by_role["ray"]] +
                        [bytes(len(piles[f]) for f in game.by_role["foundation"])])
    found = _FILLS_SEEN.get(key)
    if found is None:
        if len(_FILLS_SEEN) > 200_000:
            _FILLS_SEEN.clear()
        found = _FILLS_SEEN[key] = bool(shah_stuck(game, fills=True))
    return found


def shah_dead(game: Game) -> bool:
    """Шахъ: lost after the deal, under the outer-circle marriages, when
    `shah_stuck` with ``fills`` holds any card; or when no space waits and
    `shah_stuck` holds a card in every ray at height two or more (the outer
    circle or above), or holds any card once the pack and the talon are
    spent.

    Proof of the first. After the deal a ray's card moves only home or by a
    marriage (`shah._outer_circle`: from the top of a ray of three cards or
    more, onto the top of another such ray, the card of its suit one
    higher); cards come into a ray only on top (a marriage, or a space
    filled from the pack or the talon). Let S be the set and suppose a card
    of S moves; let X be the first, at time t. Until t every card of S lies
    where it was, at its height, so a covered X is no top. A held X cannot
    go home (for each foundation some rank it needs has every copy in S or
    under X, none of which has moved, and nothing leaves a foundation). It
    cannot marry: a card lies at one height for as long as it stays in its
    ray, so X in the inner circles is a top only of a ray shorter than
    three; a host must be a copy of r+1 on top of a ray of three cards or
    more at t, hence at height two or more; a copy now in the inner circles
    never gets there (it cannot marry, so it leaves its ray only home),
    one below X or covered by a card of S is no top, and the kings are
    never in a ray. So no card of S ever moves, and the game, won only with
    every ray empty, is lost.

    Proof of the second. After the deal, without a space filled, a card moves only home
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
    if game.phase != "play" or MARRIAGE_READING.of(game) is not shah._outer_circle:
        return False
    if _stuck_whatever_is_filled(game):
        return True
    if game.space() is not None:
        return False
    if not (game.piles[game.index["stock"]] or game.piles[game.index["talon"]]):
        return bool(shah_stuck(game))
    # no space waits: every ray holds three cards or more
    stuck = shah_stuck(game, watch_rays=True)
    return stuck is not None and all(any((p, h) in stuck for h in range(2, len(game.piles[p])))
                                     for p in game.by_role["ray"])


# Шахъ: the two foundations of a suit, both from the ace, are built alike
# (twins). The rays are not interchangeable: spaces are refilled in the
# order of the rays.
register("shah", Knowledge(twins=spec_twins(shah.GAME), safe=shah_safe, dead=shah_dead))
