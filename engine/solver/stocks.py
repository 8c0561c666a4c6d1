"""Stock games: Мельница (mill), Шахъ (shah), Полушарія (hemispheres),
Салическій законъ (salic-law): a pack turned or dealt one card at a time.

What the search may assume, each item proved here.
"""

from __future__ import annotations

import importlib

from engine.cards import KING, QUEEN
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


def mill_wanted(game: Game) -> set[int]:
    """Мельница: every rank that a move home or a lending could take now: the
    middle's next rank (a king too: if it cannot go there, the corners are
    not all filled and it goes to an empty corner), each begun corner's next
    rank, a king while a corner is empty, and the rank after the middle's
    when a corner of two cards or more shows the middle's rank (the card a
    lending would free a play for, `mill.lending_helps`)."""
    piles = game.piles
    want = game.centre_wants()
    ranks = {want} if want else set()
    for c in game.by_role["corner"]:
        pile = piles[c]
        if not pile:
            ranks.add(KING)
            continue
        top = pile[-1] & 15
        if top > 1:
            ranks.add(top - 1)
        if want and top == want and len(pile) >= 2:
            ranks.add(want % KING + 1)
    return ranks


def mill_dead(game: Game) -> bool:
    """Мельница: lost when stalled (`mill_stalled`) or when an exact search
    says so: with the pack spent (`mill_endgame`) or short (`mill_short_pack`)."""
    return mill_stalled(game) or mill_endgame(game) is False or mill_short_pack(game) is False


def mill_stalled(game: Game) -> bool:
    """Мельница: lost when no wing waits to be filled and no card of a rank
    `mill_wanted` names lies in a wing, on top of the talon, or anywhere in
    the pack (and some card is away from home).

    Proof. Let R be the ranks `mill_wanted` names. While the foundations
    stand as now, a card goes home, or a corner lends, only with a rank of R
    (a lending needs a wing or talon card of the rank after the middle's,
    which is in R); no wing is emptied but by a card going home, and so no
    wing is filled (none waits now); the only other move turns the pack's
    next card onto the talon (`mill.rule.turn-the-pack`; nothing else is
    laid there). So until the first card goes home or is lent, the wings
    hold what they hold now and the talon's top is the present one or a
    card of the pack, none of a rank of R: no first such move exists, and
    nothing is ever home again. With a card away, the game, won only with
    every card home, is lost."""
    piles = game.piles
    stock, talon = piles[game.index["stock"]], piles[game.index["talon"]]
    wings = [piles[i] for i in game.by_role["wing"]]
    if not (stock or talon or any(wings)):
        return False  # everything is home: won, not lost
    if (stock or talon) and not all(wings):
        return False  # a wing waits: the talon's next cards may come up
    ranks = mill_wanted(game)
    if any(w[-1] & 15 in ranks for w in wings if w):
        return False
    if talon and talon[-1] & 15 in ranks:
        return False
    return not any(card & 15 in ranks for card in stock)


mill = importlib.import_module("engine.games.mill")
MILL_ENDGAME_STATES = 4_000  # the endgame search gives up (says nothing) beyond this


def mill_endgame(game: Game) -> bool | None:
    """Мельница once the pack is spent (and no wing waits): won or lost,
    solved exactly over the foundations alone (None beyond
    `MILL_ENDGAME_STATES` states, or before the pack is spent).

    Proof that the foundations fix the rest. With the pack empty, nothing
    is dealt (`mill.rule.turn-the-pack` needs a card in the pack, under
    either `mill.assume.turn-when`), and a wing emptied by a card going
    home is filled at once from the talon's top, the only source left
    (`mill.rule.fill-wings-at-once`, `no-move-before-filling`). So each
    card played home from a wing or the talon brings exactly the next
    talon card into play (the talon's top played: the one beneath shows;
    a wing's card played: the top fills the wing, the one beneath shows),
    and the available cards (wings and the talon's top) after m such plays
    are the present ones plus the talon's m next cards, less those played
    home; a lending moves a card between foundations and exposes nothing.
    The cards played from the piles are the foundations' cards now less
    those at the start, and m their number; every rule reads ranks only.
    So the position is the foundations' heights and `lent`: corners are
    sorted with their own `lent` bit (no rule tells corners apart but by
    that bit). Every move of the engine is modelled (a card to the middle,
    a king there only with the four corners filled; to a corner one lower,
    a king to an empty one; a lending of a card on a king, of the middle's
    rank, by a corner the `mill.assume.lend-limit` reading allows, when an
    available card one higher (a king only with the corners filled) can
    follow; `lent` cleared by a card played from a wing or the talon), and
    the game is won when every card is home, lost when no move is left."""
    piles = game.piles
    if piles[game.index["stock"]] or game.wing_waiting():
        return None
    centre = len(piles[game.index["centre"]])
    corners = [len(piles[i]) for i in game.by_role["corner"]]
    each_packet = mill.LEND_LIMIT.of(game) is mill._each_packet
    lent = game.extra["lent"]
    bits = [lent >> k & 1 for k in range(4)]
    pool = [0] * 14
    for card in game.free_cards():
        pool[card & 15] += 1
    talon = [card & 15 for card in piles[game.index["talon"]][:-1]]  # the next to show last
    return mill_over_foundations(talon, pool, centre, corners, bits, each_packet)


def mill_over_foundations(talon: list[int], pool: list[int], centre: int, corners: list[int],
                          bits: list[int], each_packet: bool, limit: int = 0) -> bool | None:
    """`mill_endgame`'s search: ``pool`` counts the ranks available (index
    0 unused), ``talon`` the ranks each card played home shows, the next
    last (the search works on copies). None beyond ``limit`` states
    (`MILL_ENDGAME_STATES` unless given)."""
    limit = limit or MILL_ENDGAME_STATES
    talon, pool, corners, bits = list(talon), list(pool), list(corners), list(bits)
    entry = (bytes(talon), bytes(pool), centre, tuple(sorted(zip(corners, bits))), each_packet)
    known = _MILL_ENDGAMES.get(entry)
    if known is not None or entry in _MILL_ENDGAMES:
        return known
    if len(_MILL_ENDGAMES) > 20_000:
        _MILL_ENDGAMES.clear()
    seen: set = set()

    def solve(centre: int, corners: list[int], bits: list[int]) -> bool:
        if centre == 52 and all(c == 13 for c in corners):
            return True
        state = (centre, tuple(sorted(zip(corners, bits))), each_packet or any(bits))
        if state in seen:
            return False  # lost, or on the present line (a cycle wins nothing)
        if len(seen) >= limit:
            raise OverflowError
        seen.add(state)
        want = (centre % KING) + 1 if centre < 52 else 0
        filled = all(corners)
        for rank in range(1, 14):
            if not pool[rank]:
                continue
            targets = []
            if rank == want and (rank != KING or filled):
                targets.append(-1)
            targets += [j for j, h in enumerate(corners) if (h == 0 and rank == KING) or (h and 13 - h == rank)]
            for j in targets:
                if play(rank, j, centre, corners, bits):
                    return True
        if want:
            for j, h in enumerate(corners):
                if h < 2 or 14 - h != want or (bits[j] if each_packet else any(bits)):
                    continue
                wanted = want % KING + 1
                if (wanted == KING and not filled) or not pool[wanted]:
                    continue
                corners[j] -= 1
                bits[j] = 1
                won = solve(centre + 1, corners, bits)
                corners[j] += 1
                bits[j] = 0
                if won:
                    return True
        return False

    def play(rank: int, j: int, centre: int, corners: list[int], bits: list[int]) -> bool:
        pool[rank] -= 1
        shown = talon.pop() if talon else 0
        pool[shown] += 1  # pool[0] counts nothing
        if j < 0:
            centre += 1
        else:
            corners[j] += 1
        won = solve(centre, corners, [0, 0, 0, 0])
        if j >= 0:
            corners[j] -= 1
        pool[shown] -= 1
        if shown:
            talon.append(shown)
        pool[rank] += 1
        return won

    try:
        answer = solve(centre, corners, bits)
    except OverflowError:
        answer = None
    if answer is not None or limit >= MILL_ENDGAME_STATES:  # a smaller search's None is no answer
        _MILL_ENDGAMES[entry] = answer
    return answer


_MILL_ENDGAMES: dict[tuple, bool | None] = {}  # endgame -> its answer (a pure function of the tuple)


MILL_SHORT_PACK = 12  # the exact search of a short pack: at most this many cards in it
MILL_SHORT_STATES = 4_000  # ... and it gives up (says nothing) beyond this many positions
MILL_SHORT_DEAR = 300  # a search longer than this that proves nothing is not tried again as long a pack


def mill_short_pack(game: Game) -> bool | None:
    """Мельница with a short pack (1 to `MILL_SHORT_PACK` cards) and no wing
    waiting: won or lost, by an exact search of every line over a model of
    the rules (None beyond `MILL_SHORT_STATES` positions).

    The model holds what the rules read: the pack's cards (the next last),
    the talon's (its top last), the multiset of the wings' ranks, the
    foundations' heights and `lent`, ranks only (no rule reads a suit, nor
    tells wings apart; corners are sorted with their own `lent` bit, which
    is all that tells them apart). Its moves are the engine's: a wing's card
    or the talon's top to the middle (a king only with the four corners
    filled) or to a corner one higher (a king to an empty corner), the
    emptied wing filled at once from the pack's next card or the talon's
    top, either (`mill.rule.fill-wings-at-once`, `no-move-before-filling`;
    the two moves made as one, nothing else being legal between them); a
    lending (`mill.rule.king-pile-lends-one-card`, as `mill_endgame` models
    it); and the deal of the pack's next card onto the talon, when the
    `mill.assume.turn-when` reading allows it: at a standstill, when no
    card move is left (lendings count); or when the talon's top cannot go
    home and no king can go to an empty corner. A card played from a wing or
    the talon clears `lent`; a deal or a fill does not (`Mill.after_move`).
    Every move brings a card home, moves the middle up, or takes a card
    from the pack: no line repeats a position, and the search with a set of
    positions met finds a win if one is reachable."""
    piles = game.piles
    stock = [card & 15 for card in piles[game.index["stock"]]]
    if not 0 < len(stock) <= MILL_SHORT_PACK or game.wing_waiting():
        return None
    if len(stock) >= _MILL_SHORT_CEILING.get(game.deal, MILL_SHORT_PACK + 1):
        return None  # a pack this long overflowed in this deal: not worth the time again
    talon = [card & 15 for card in piles[game.index["talon"]]]
    wings = [0] * 14
    for i in game.by_role["wing"]:
        if piles[i]:
            wings[piles[i][-1] & 15] += 1
    centre = len(piles[game.index["centre"]])
    corners = [len(piles[i]) for i in game.by_role["corner"]]
    each_packet = mill.LEND_LIMIT.of(game) is mill._each_packet
    standstill = mill.TURN_WHEN.of(game) is mill._at_standstill
    lent = game.extra["lent"]
    bits = [lent >> k & 1 for k in range(4)]
    entry = (bytes(stock), bytes(talon), bytes(wings), centre, tuple(sorted(zip(corners, bits))),
             each_packet, standstill)
    if entry in _MILL_SHORT:
        return _MILL_SHORT[entry]
    if len(_MILL_SHORT) > 20_000:
        _MILL_SHORT.clear()
    seen: set = set()

    def targets(rank: int, centre: int, want: int, filled: bool) -> list[int]:
        out = [-1] if rank == want and (rank != KING or filled) else []
        return out + [j for j, h in enumerate(corners) if (h == 0 and rank == KING) or (h and 13 - h == rank)]

    def home(j: int, step: int) -> None:
        if j >= 0:
            corners[j] += step

    def solve(centre: int, bits: list[int]) -> bool:
        if centre == 52 and all(c == 13 for c in corners):
            return True
        state = (len(stock), bytes(talon), bytes(wings), centre, tuple(sorted(zip(corners, bits))))
        if state in seen:
            return False
        if len(seen) >= MILL_SHORT_STATES:
            raise OverflowError
        seen.add(state)
        want = (centre % KING) + 1 if centre < 52 else 0
        filled = all(corners)
        clear = [0, 0, 0, 0]
        moved = blocks_deal = False
        # the talon's top home
        if talon:
            top = talon[-1]
            for j in targets(top, centre, want, filled):
                moved = blocks_deal = True
                talon.pop()
                home(j, 1)
                won = solve(centre + (j < 0), clear)
                home(j, -1)
                talon.append(top)
                if won:
                    return True
        # a wing's card home, the wing filled from the pack or the talon
        for rank in range(1, 14):
            if not wings[rank]:
                continue
            for j in targets(rank, centre, want, filled):
                moved = True
                blocks_deal = blocks_deal or corners[j] == 0 if j >= 0 else blocks_deal
                wings[rank] -= 1
                home(j, 1)
                for source in (stock, talon) if (stock or talon) else (None,):
                    if source is not None:
                        if not source:
                            continue
                        card = source.pop()
                        wings[card] += 1
                    won = solve(centre + (j < 0), clear)
                    if source is not None:
                        wings[card] -= 1
                        source.append(card)
                    if won:
                        home(j, -1)
                        wings[rank] += 1
                        return True
                home(j, -1)
                wings[rank] += 1
        # a lending
        if want:
            wanted = want % KING + 1
            helps = (wanted != KING or filled) and (wings[wanted] or (talon and talon[-1] == wanted))
            for j, h in enumerate(corners):
                if not helps or h < 2 or 14 - h != want or (bits[j] if each_packet else any(bits)):
                    continue
                moved = True
                corners[j] -= 1
                after = bits.copy()
                after[j] = 1
                won = solve(centre + 1, after)
                corners[j] += 1
                if won:
                    return True
        # the deal
        if stock and not (moved if standstill else blocks_deal):
            talon.append(stock.pop())
            won = solve(centre, bits)
            stock.append(talon.pop())
            if won:
                return True
        return False

    try:
        answer = solve(centre, bits)
    except OverflowError:
        answer = None
    if answer is not False and len(seen) > MILL_SHORT_DEAR:
        # dear and no proof: leave packs this long to the main search in this deal
        if len(_MILL_SHORT_CEILING) > 1000:
            _MILL_SHORT_CEILING.clear()
        _MILL_SHORT_CEILING[game.deal] = len(stock)
    _MILL_SHORT[entry] = answer
    return answer


_MILL_SHORT: dict[tuple, bool | None] = {}  # short pack -> its answer (a pure function of the tuple)
# deal -> the shortest pack whose search overflowed (time only: a skipped search proves nothing)
_MILL_SHORT_CEILING: dict[int, int] = {}


# -- Мельница's exact search over a model of the rules ---------------------------------


MILL_PROBE_STATES = 40_000  # the probing pass gives the full pass its turn after this many positions
MILL_BOUND_PACK = 30  # `MillSearch.bound` is tried with at most this many cards in the pack
MILL_BOUND_STATES = 15  # ... and gives up (says nothing) beyond this many states (most proofs are quick)


class MillSearch:
    """Мельница from any position with no wing waiting: won (a line of the
    engine's moves) or lost, by an exact depth-first search of every line
    over the model of the rules that `mill_short_pack` uses, whatever the
    pack's length; its positions are those of the model (ranks only, wings
    as a multiset, corners sorted with their `lent` bits), met once each.

    Proof. The model is `mill_short_pack`'s (its docstring proves that its
    moves are the engine's, under every reading of `mill.assume.turn-when`
    and `mill.assume.lend-limit`; its state holds everything a rule reads),
    and it is searched to the end: "lost" means every line was followed.
    Two prunings: `stalled`, `mill_stalled` read on the model (its proof
    there: no rank a foundation or a lending could take lies in a wing, on
    the talon's top or in the pack, and no wing waits, the fills being made
    with the card that empties the wing); `bound`, a relaxed game that the
    model cannot win if it cannot (proved there). A won line of the model is
    replayed on the engine, step for step (`engine_line`), and is checked
    there: a won line is a line of `play`."""

    def __init__(self, game: Game, meter):
        piles = game.piles
        self.meter = meter
        self.stock = [card & 15 for card in piles[game.index["stock"]]]  # the next last
        self.talon = [card & 15 for card in piles[game.index["talon"]]]  # the top last
        self.wings = [0] * 14
        for i in game.by_role["wing"]:
            if piles[i]:
                self.wings[piles[i][-1] & 15] += 1
        self.centre = len(piles[game.index["centre"]])
        self.corners = [len(piles[i]) for i in game.by_role["corner"]]
        lent = game.extra["lent"]
        self.bits = [lent >> k & 1 for k in range(4)]
        self.each_packet = mill.LEND_LIMIT.of(game) is mill._each_packet
        self.standstill = mill.TURN_WHEN.of(game) is mill._at_standstill
        # in_pack[n]: the ranks of stock[:n], the pack once it holds n cards (the next is popped), as bits
        self.in_pack = [0]
        for rank in self.stock:
            self.in_pack.append(self.in_pack[-1] | 1 << rank)
        self.seen: set = set()
        self.line: list = []  # the model's steps from the start (see `engine_line`)
        # the probing pass: at most `cap` positions below each card dealt (see `search.PROBE`)
        self.cap: int | None = None
        self.below: list[int] = []  # per card dealt on the line: the positions met below it
        self.cutting = self.truncated = False

    def run(self, cap: int | None = None) -> bool:
        """One pass; with a ``cap``, the search below a card dealt gives up
        after ``cap`` positions (`truncated` says that it did: no proof)."""
        self.seen, self.line, self.below = set(), [], []
        self.cap, self.cutting, self.truncated = cap, False, False
        self.bounded = cap is None  # `bound` costs time: the probing pass looks for wins without it
        self.probe_end = self.meter.nodes + MILL_PROBE_STATES
        return self.solve(self.centre, self.bits)

    def stalled(self, centre: int, want: int) -> bool:
        """`mill_stalled` on the model: no wanted rank among the available cards or in the pack."""
        ranks = 1 << want if want else 0
        for h in self.corners:
            if not h:
                ranks |= 1 << KING
                continue
            if h < 13:
                ranks |= 1 << 13 - h
            if want and 14 - h == want and h >= 2:
                ranks |= 1 << want % KING + 1
        wings, talon = self.wings, self.talon
        if any(wings[r] for r in range(1, 14) if ranks >> r & 1):
            return False
        if talon and ranks >> talon[-1] & 1:
            return False
        return not ranks & self.in_pack[len(self.stock)]

    def bound(self, centre: int, bits: list[int]) -> bool | None:
        """The game with the pack's cards all available at once, the talon's
        order kept: `mill_over_foundations` with the pack in the pool. False
        proves the position lost.

        Proof that it is a relaxation. Take any line of the model from here
        and play its cards home in the same order in the relaxed game, where
        the available cards are the pool (the wings, the talon's top and
        every card still in the pack) and each card played home shows the
        talon's next card below the present top. The relaxed pool holds
        every card available in the model: a card of the pack is in it from
        the start, a wing's or the top's are, and a card of the present
        talon becomes available in the model only after every card above it
        has left the talon, each by a card played home (the top itself, or a
        wing's card whose wing it filled), so after at least as many cards
        home as the relaxed game has shown talon cards above it. A lending
        needs a card of the next rank available, in the pool then, and the
        `lent` bits are cleared by the same plays; deals and fills have
        nothing to do in the relaxed game. So a model line that wins is a
        relaxed line that wins."""
        if len(self.stock) > MILL_BOUND_PACK:
            return None
        talon = self.talon
        pool = self.wings.copy()
        if talon:
            pool[talon[-1]] += 1
        for rank in self.stock:
            pool[rank] += 1
        return mill_over_foundations(talon[:-1], pool, centre, self.corners, bits, self.each_packet,
                                     MILL_BOUND_STATES)

    def destinations(self, want: int, filled: bool) -> list[list[int]]:
        """Rank -> where a card of it may go: -1 the middle, else a corner's
        index, one corner of each height (a card played home clears `lent`,
        and corners of one height are then the same in the key)."""
        out: list[list[int]] = [[] for _ in range(14)]
        heights = set()
        for j, h in enumerate(self.corners):
            if h < 13 and h not in heights:
                heights.add(h)
                out[13 - h if h else KING].append(j)
        if want and (want != KING or filled):
            out[want].append(-1)
        return out

    def solve(self, centre: int, bits: list[int], fresh: bool = True) -> bool:
        """``fresh``: the position was reached by a deal (or is the first),
        which hides the talon's top: `bound` is read then only, for time
        (skipping a pruning is always sound)."""
        corners, stock, talon, wings, line = self.corners, self.stock, self.talon, self.wings, self.line
        if centre == 52 and all(h == 13 for h in corners):
            return True
        key = bytes((len(stock), centre, *sorted(2 * h + b for h, b in zip(corners, bits)), *wings)) + bytes(talon)
        if key in self.seen:
            return False  # searched already, or on the present line
        self.seen.add(key)
        meter = self.meter
        meter.nodes += 1
        meter.distinct += 1
        if meter.nodes >= meter.check:
            meter.over()
        want = (centre % KING) + 1 if centre < 52 else 0
        if self.stalled(centre, want) or (fresh and self.bounded and self.bound(centre, bits) is False):
            return False
        if self.cap is not None and meter.nodes > self.probe_end:
            raise _ProbeSpent
        if self.cap is not None and self.below:
            self.below[-1] += 1
            if self.below[-1] > self.cap:
                self.cutting = self.truncated = True  # back to the position before that card
                return False
        filled = all(corners)
        dest = self.destinations(want, filled)
        clear = [0, 0, 0, 0]
        moved = blocks_deal = False
        # the talon's top home
        if talon:
            top = talon[-1]
            for j in dest[top]:
                moved = blocks_deal = True
                talon.pop()
                if j >= 0:
                    corners[j] += 1
                line.append(("talon", top, j))
                if self.solve(centre + (j < 0), clear, False):
                    return True  # the line stands; the model is not needed again
                line.pop()
                if j >= 0:
                    corners[j] -= 1
                talon.append(top)
                if self.cutting:
                    return False
        # a wing's card home, the wing filled at once from the talon or the pack
        for rank in range(13, 0, -1):
            if not wings[rank]:
                continue
            for j in dest[rank]:
                moved = True
                if j >= 0 and not corners[j]:
                    blocks_deal = True
                wings[rank] -= 1
                if j >= 0:
                    corners[j] += 1
                for source in (talon, stock) if (stock or talon) else (None,):
                    if source is not None:
                        if not source:
                            continue
                        card = source.pop()
                        wings[card] += 1
                    line.append(("wing", rank, j, "" if source is None else "talon" if source is talon else "stock"))
                    if self.solve(centre + (j < 0), clear, False):
                        return True
                    line.pop()
                    if source is not None:
                        wings[card] -= 1
                        source.append(card)
                    if self.cutting:
                        break
                if j >= 0:
                    corners[j] -= 1
                wings[rank] += 1
                if self.cutting:
                    return False
        # a lending
        if want:
            wanted = want % KING + 1
            helps = (wanted != KING or filled) and (wings[wanted] or (talon and talon[-1] == wanted))
            tried = set()
            for j, h in enumerate(corners):
                if not helps or h < 2 or 14 - h != want or (bits[j] if self.each_packet else any(bits)):
                    continue
                moved = True
                if h in tried:
                    continue  # a corner of the same height, not lent: the same position
                tried.add(h)
                corners[j] -= 1
                after = bits.copy()
                after[j] = 1
                line.append(("lend", h))
                if self.solve(centre + 1, after, False):
                    return True
                line.pop()
                corners[j] += 1
                if self.cutting:
                    return False
        # the deal
        if stock and not (moved if self.standstill else blocks_deal):
            talon.append(stock.pop())
            line.append(("deal",))
            self.below.append(0)
            if self.solve(centre, bits):
                return True
            self.below.pop()
            line.pop()
            stock.append(talon.pop())
            self.cutting = False  # a cut below this card ends here
        return False


def mill_engine_line(game: Game, steps) -> tuple[Move, ...]:
    """The engine's moves for a line of `MillSearch`'s steps from ``game``,
    each found among the engine's legal moves (so the line is one of
    `play`): a card of the step's rank from the talon or a wing, to the
    middle or a corner of the step's height; the fill of the emptied wing
    from the step's source; a lending from a corner of the step's height;
    the deal."""
    work = game.copy(stack=False)
    index, roles = work.index, work.roles

    def find(test) -> Move:
        for move in work.generate_moves():
            if test(move):
                return move
        raise ValueError("Мельница's model made a move the engine does not have")

    def lands(move: Move, j: int) -> bool:
        dst = index[move.dst]
        if j < 0:
            return roles[dst] == "centre"
        return roles[dst] == "corner" and len(work.piles[dst]) == heights[j]

    for step in steps:
        heights = [len(work.piles[i]) for i in work.by_role["corner"]]
        kind = step[0]
        if kind == "deal":
            move = find(lambda m: m.action == "deal")
        elif kind == "lend":
            move = find(lambda m: not m.action and roles[index[m.src]] == "corner"
                        and len(work.piles[index[m.src]]) == step[1])
        else:
            _, rank, j = step[:3]
            src_role = "talon" if kind == "talon" else "wing"
            move = find(lambda m: not m.action and roles[index[m.src]] == src_role and m.dst
                        and roles[index[m.dst]] in ("centre", "corner")
                        and work.piles[index[m.src]][-1] & 15 == rank and lands(m, j))
        work.push(move)
        if kind == "wing" and step[3]:
            work.push(find(lambda m: not m.action and m.src == step[3]))
    if not work.is_won():
        raise ValueError("Мельница's model line does not win on the engine")
    return tuple(work.move_stack)


def mill_exact(game: Game, know: Knowledge, meter):
    """Мельница's `Knowledge.exact`: the position's dead tests, then `MillSearch`
    (None, to leave it to the generic search, while a wing waits)."""
    import random

    from engine.solver.search import LOST, PROBE, WON, home_roles, playouts

    if game.is_won() or game.wing_waiting():
        return None
    if know.dead is not None and know.dead(game):
        return LOST, ()
    # the generic search's playouts first: they find the easy wins soonest
    line = playouts(game, know, home_roles(type(game)), meter, know.playouts, random.Random(game.deal * 7919))
    if line is not None:
        return WON, line
    for cap in (PROBE, None):
        search = MillSearch(game, meter)  # afresh: a probing pass cut short leaves its lists disturbed
        try:
            if search.run(cap):
                return WON, mill_engine_line(game, search.line)
        except _ProbeSpent:
            continue
        if not search.truncated:
            return LOST, ()
    return LOST, ()


class _ProbeSpent(Exception):
    """The probing pass met `MILL_PROBE_STATES` positions: on to the full pass."""


# Мельница: any empty wing is filled, any corner takes a king and lends
# alike; neither wings nor corners are told apart by any rule. Every rule
# reads ranks only («не по мастямъ»), so two positions that differ only in
# the suits of their cards have the same future. While `lent` names the
# corners that have lent a card, the corners' places matter.
register("mill", Knowledge(interchangeable=("wing", "corner"),
                           interchangeable_when=lambda game: not game.extra.get("lent"),
                           suit_blind=True, dead=mill_dead, exact=mill_exact))

from engine.cards import ACE, JACK  # noqa: E402  (the ranks Салическій законъ's tests read)

salic = importlib.import_module("engine.games.salic-law")


def salic_never_home(game: Game) -> bool:
    """Салическій законъ, in either phase and under either reading of the
    free king: lost when the greatest set S of the cards away from home
    (on the kings' piles or in the pack; aces excepted, which go home as
    they are dealt) is not empty, where a card X of rank r is in S when it
    is *held* or *buried*. Held: no foundation stands at r-1 and every copy
    of r-1 away from home is in S (whatever X's place, it waits for a
    foundation at r-1 that never comes). Buried (a card on a pile only):
    at least 8 - w cards of S lie above X in its pile, where w is the
    number of other piles holding a card of S (X is never uncovered); with
    no king left in the pack, the pack's cards count as lying over the
    last king's pile, where they will all be dealt.

    Proof. A card leaves a pile only from the top, home (onto a foundation
    standing one lower, any suit, up to the jacks) or, after the deal, onto
    a bare king, which then holds that one card alone until it leaves
    (`salic-law.rule.free-king-takes-one-card`; the reading «once-per-king»
    only refuses some of these moves); cards come onto a pile only on top,
    dealt onto the last king or laid on a bare king; nothing leaves a
    foundation. Take the first time t at which a card of S goes home or a
    buried card is uncovered. (a) A buried X uncovered at t: its k >= 8 - w
    cards of S from above have left its pile without going home, so the
    pack is dealt (during the deal a card leaves a pile only home; the
    pack's cards counted over X were dealt over it, X not having moved),
    and at t each lies alone on a king of its own. The cards of S of each of the w
    other piles are all away from home too, each on a king; two cards lie
    on one king only if both are still on the pile they lay on now (a card
    laid on a bare king stays alone), so the w piles' cards of S take at
    least w kings, none of them X's nor one of the k: k + w + 1 <= 8
    kings, k <= 7 - w, a contradiction. (b) X of S going home at t is not buried (it is a top),
    so it is held: a foundation stands at r-1 at t, none does now, so a
    copy of r-1 went home before t, and every such copy away now is in S:
    a contradiction. So no card of S ever goes home, and the game, won
    only with every card home, is lost. Both conditions only grow with S,
    so removing the cards that meet neither, in any order, reaches the
    greatest such set."""
    piles = game.piles
    at = {piles[f][-1] & 15 for f in game.by_role["foundation"] if piles[f]}
    in_pack = [0] * 16  # copies of each rank in the pack (aces go home when dealt: never held)
    for card in piles[game.index["stock"]]:
        in_pack[card & 15] += 1
    held = [False] * 16
    for r in range(ACE + 1, JACK + 1):
        held[r] = r - 1 not in at and not (in_pack[r - 1] and not held[r - 1])
    if not any(held):
        return False  # a buried card has a held one above it: S is empty
    kings = game.by_role["king-pile"]
    stacks = [[card & 15 for card in piles[p][:0:-1]] for p in kings if len(piles[p]) > 1]
    future = [0] * len(stacks)
    pack = piles[game.index["stock"]]
    if pack and not in_pack[KING] and len(piles[max(p for p in kings if piles[p])]) > 1:
        # no king to come: the pack's other cards will all lie on the last
        # king's pile, over its cards, the last dealt on top (aces and
        # queens go to their rows). They stand there for the pack's cards,
        # free unless their rank is held, but none of them is ever buried:
        # it may go home before the cards dealt over it come.
        coming = [card & 15 for card in pack if card & 15 not in (ACE, QUEEN)]
        stacks[-1][:0] = coming
        future[-1] = len(coming)
        in_pack = [0] * 16
    return bool(_salic_never_home_set(stacks, held, in_pack, len(kings), future))


def _salic_never_home_set(stacks: list[list[int]], held: list[bool], in_pack: list[int], kings: int,
                          future: list[int]) -> list:
    """`salic_never_home`'s greatest set, ``stacks`` the ranks of each pile
    from the top down and ``held`` its first guess (no foundation at r-1,
    in place, updated to the end). In a pile, walking down from the top,
    a card is in S when it is held or when the cards of S above it number
    8 - w or more: from there on every card below is buried too. So a
    pile's S is its held cards down to that cut and everything below it
    (a pile holds a card of S exactly when a held card lies above its cut);
    the walk is done again, with fewer held ranks and fewer piles holding
    a card of S, until neither changes (each only shrinks). The first
    ``future[n]`` ranks of pile n are cards still to be dealt onto it,
    never buried, and they bury a card only below a card of S already on
    the pile: that one never leaves during the deal (a card then leaves a
    pile only home), so the card beneath is still there when they come,
    whereas an uncovered card might go home first. Returns S as
    (pile, depth from the top) pairs and the ranks held in the pack."""
    w = len(stacks)  # piles holding a card of S (first guess: all)
    while True:
        out = [0] * 16  # cards of each rank on the piles, not in S
        cuts: list[int | None] = [None] * len(stacks)
        with_s = 0
        for n, s in enumerate(stacks):
            need = kings - w + 1  # every pile is counted in w while it may hold a card of S
            above = 0
            cut = None
            first = future[n]
            covered = False  # a card of S lies above, already on the pile
            for d, q in enumerate(s):
                if above >= need and covered:
                    cut = d
                    break
                if held[q]:
                    above += 1
                    covered = covered or d >= first
                else:
                    out[q] += 1
            cuts[n] = cut
            with_s += bool(above)
        changed = with_s != w
        w = with_s
        for r in range(ACE + 1, JACK + 1):
            if held[r] and (out[r - 1] or (in_pack[r - 1] and not held[r - 1])):
                held[r] = False
                changed = True
        if not changed:
            break
    found = [(n, d) for n, s in enumerate(stacks) for d, q in enumerate(s)
             if (cuts[n] is not None and d >= cuts[n]) or held[q]]
    return found + [("pack", r) for r in range(ACE + 1, JACK + 1) if in_pack[r] and held[r]]


def salic_dead(game: Game) -> bool:
    """`salic_never_home`, or `salic_stuck_dead`."""
    return salic_never_home(game) or salic_stuck_dead(game)


def salic_stuck_dead(game: Game) -> bool:
    """Салическій законъ, after the deal: lost when no king is bare and the
    greatest set S of pile cards (kings excepted) in which each card is
    *covered* (a card of S lies above it) or *held* (no foundation stands
    at its rank less one, and every copy of that rank not yet home lies in
    S or below it in its pile) has a card in every king's pile.

    Proof. After the deal (the whole pack is out, no deal is left) a card
    moves only from the top of a king's pile, home (onto a foundation whose
    top is one lower, any suit, up to the jacks) or onto a bare king
    (`salic-law.rule.free-king-takes-one-card`); nothing leaves a
    foundation, and foundation tops only rise. Suppose a card of S moves;
    let X, of rank r, be the first, at time t. Until t each pile keeps its
    card of S, so no king is bare and X cannot go to a king: it goes home,
    onto a foundation standing at r-1 at t. None stands there now (X is
    held; a covered X is no top, its card of S still above it), so a copy
    of rank r-1 came home before t: each copy not home lies in S (not moved
    before t) or below X (covered by X, which has not moved). So no card of
    S ever moves, no pile is ever cleared, and the game, won only with
    every king bare, is lost. Both conditions only grow with S, so the
    order of removal does not matter."""
    if game.phase != "play":
        return False
    piles = game.piles
    kings = game.by_role["king-pile"]
    if any(len(piles[p]) < 2 for p in kings):
        return False
    at = {piles[f][-1] & 15 for f in game.by_role["foundation"] if piles[f]}
    held = [False] * 16
    for r in range(ACE + 1, JACK + 1):
        held[r] = r - 1 not in at
    # Walking a pile down from its top, the first card of S is held (nothing
    # of S covers it) and every card below it is covered: a pile's S is its
    # first held card and all beneath. A copy of r-1 below X is in S, so X
    # is held exactly when its rank is: no foundation at r-1 and no copy of
    # r-1 above the cut of its pile. Held ranks only shrink, round by round.
    stacks = [[card & 15 for card in piles[p][:0:-1]] for p in kings]
    while True:
        out = [0] * 16  # cards of each rank above their pile's cut
        for ranks in stacks:
            for q in ranks:
                if held[q]:
                    break
                out[q] += 1
            else:
                return False  # a pile with no card of S (its cut only goes down)
        changed = False
        for r in range(ACE + 1, JACK + 1):
            if held[r] and out[r - 1]:
                held[r] = False
                changed = True
        if not changed:
            return True


def salic_safe(game: Game, move: Move) -> bool:
    """Салическій законъ: a card X of rank r going home is safe when all
    eight cards of rank r-1 are home (for a two, all eight aces are out).

    Proof. Foundations take any suit, so the foundations are described by
    how many cards of each rank are home, c(q), and a card of rank q can
    go home exactly when c(q) < c(q-1). Take a winning line L; let L' play
    X now and then L, skipping X's own moves. Each king's pile in L' is
    that of L less X (or the same), so a card on top in L is on top in L',
    a bare king of L is bare in L' and has taken no more cards (the reading
    «once-per-king» records no more), the last king laid is the same, and
    each deal lays the same card on the same pile or row. A move home of
    L of a card Y of rank q: for q ≠ r, r+1, c' = c at q and q-1; for
    q = r+1, c'(r) = c(r) + 1 makes room sooner; for q = r (Y ≠ X, so X is
    not home yet in L), c'(r-1) = c(r-1) = 8 and c'(r) = c(r) + 1 < 8, as
    X and Y are both away in L. So every move of L can be made in L', and
    L' ends with every pile as bare as L's: it wins.

    After the deal, under the reading «while-bare», X going home is safe
    too when it lies alone on its king (it came there as a free king's
    card, or was dealt there). In L, X lies alone on some king until it
    goes home (it may only go home or to another bare king); in L' that
    king is bare. The proof above holds but for a move home of Y of rank
    r at time u at which L' has no room (c(r) + 1 = c(r-1)): there L'
    lays Y instead on the king that holds X in L, bare in L' (any bare king
    may take a card again under «while-bare»; Y is a top in L', whose piles
    are L's elsewhere), and from then on L' is L with X and Y, both of rank
    r, exchanged: Y goes home when L plays X home. Under «once-per-king»
    that king might have had his card already, so the rule steps aside."""
    if move.action or game.roles[game.index[move.dst]] != "foundation":
        return False
    src = game.piles[game.index[move.src]]
    rank = src[-1] & 15
    if sum(len(game.piles[f]) >= rank - 1 for f in game.by_role["foundation"]) == 8:
        return True
    return len(src) == 2 and game.phase == "play" and salic.FREE_KING.of(game) is salic._while_bare


def salic_pointless(game: Game, move: Move) -> bool:
    """Салическій законъ: moves no winning line needs, because a sibling
    leads to the same position but for two piles swapped.

    A card going to a foundation when a foundation listed before it stands
    at the same rank: the two foundations hold the ranks ace up to that
    one (any suit), and no rule tells two begun foundations apart (an ace
    goes to the first empty one, and both are begun), so the position after
    the move is the one after the move to the earlier foundation with the
    two swapped, and each line from one is a line from the other with the
    two names exchanged. Likewise, after the deal, a card laid on a bare
    king when a king listed before him is bare and may take it too: the
    two kings hold nothing, each may take a card (so under «once-per-king»
    neither has had his), and after the deal no rule reads a king's place.

    And, under «while-bare», a card Y of rank r laid on a bare king B when
    Y could go home now (`_salic_to_king_not_home`): let a winning line L
    lay it there, and L' play Y home instead, then follow L skipping Y's
    moves. In L, Y lies alone on some king (B, or another bare king it
    shuttles to) until it goes home; in L' that king is bare. Every pile
    of L' is L's but that king's, so each top of L is a top of L'. A move
    home of L finds room in L' (one more r home helps r+1), but for one of
    a card Z of rank r when L' has no room: there L' lays Z instead on the
    king holding Y in L (bare in L'; «while-bare»: any bare king takes a
    card), and from then on L' is L with Y and Z, of one rank, exchanged
    (no rule reads a suit). So L' wins, through Y home: the move home,
    kept, is the sibling every such line can take."""
    if move.action:
        return False
    piles, dst = game.piles, game.index[move.dst]
    role = game.roles[dst]
    if role == "king-pile" and _salic_to_king_not_home(game, move):
        return True
    if role == "foundation":
        top = piles[dst][-1] & 15
        for f in game.by_role["foundation"]:
            if f == dst:
                return False
            if piles[f] and piles[f][-1] & 15 == top:
                return True
        return False
    if role == "king-pile" and game.phase == "play":
        may = salic.FREE_KING.of(game)
        for k in game.by_role["king-pile"]:
            if k == dst:
                return False
            if len(piles[k]) == 1 and may(game, k):
                return True
    return False


def _salic_to_king_not_home(game: Game, move: Move) -> bool:
    """After the deal, under «while-bare»: a card laid on a bare king that
    a foundation takes now (see `salic_pointless`)."""
    if game.phase != "play" or salic.FREE_KING.of(game) is not salic._while_bare:
        return False
    piles = game.piles
    rank = piles[game.index[move.src]][-1] & 15
    if rank > JACK:
        return False
    return any(piles[f] and piles[f][-1] & 15 == rank - 1 for f in game.by_role["foundation"])


def salic_score(game: Game, move: Move) -> int:
    """Салическій законъ's move ordering (higher first; it prunes nothing):
    home first, the cards of the longest piles before the others (they
    bury the most), then the deal; after the deal, a card laid on a free
    king that uncovers one a foundation takes now, then the others, from
    the shortest piles first, a lone card's shuttle last."""
    if move.action:
        return 0
    piles = game.piles
    src = piles[game.index[move.src]]
    if game.roles[game.index[move.dst]] == "foundation":
        return 200 + len(src)
    if len(src) < 3:
        return -1  # a lone card to another king: the same position
    below = src[-2] & 15
    for f in game.by_role["foundation"]:
        if piles[f] and piles[f][-1] & 15 == below - 1:
            return 150 - len(src)
    return 100 - len(src)


# Салическій законъ: while dealing, the cards go onto the last king laid and
# the first empty places, so order matters; once in play, king piles,
# foundations (any suit) and queens are each alike. No rule reads a suit.
# (Under the reading «once-per-king», `given` names king piles.)
register("salic-law", Knowledge(interchangeable=("king-pile", "foundation", "queen"),
                                interchangeable_when=lambda game: game.phase == "play" and not game.extra.get("given"),
                                suit_blind=True, dead=salic_dead, safe=salic_safe, pointless=salic_pointless,
                                score=salic_score))

# Шахъ: the two foundations of a suit, both from the ace, are built alike
# (twins). The rays are not interchangeable: spaces are refilled in the
# order of the rays.
register("shah", Knowledge(twins=spec_twins(shah.GAME), safe=shah_safe, dead=shah_dead))

hemispheres = importlib.import_module("engine.games.hemispheres")
DIRECTION_READING, TALON_READING = hemispheres.DIRECTION, hemispheres.TALON
_RED_DOWN = {True: (-1,), False: (1,)}  # «red-down-black-up»: the step of a marriage by the host's colour


_HOSTS: dict[tuple, list[int]] = {}


def _hemi_hosts(game: Game, card: int, from_talon: bool) -> list[int]:
    """`_hemi_hosts_of`, remembered by card and readings."""
    steps = hemispheres.DIRECTION.of(game)
    suits = hemispheres.TALON.of(game) if from_talon else None
    key = (card, id(steps), suits)
    found = _HOSTS.get(key)
    if found is None:
        found = _HOSTS[key] = _hemi_hosts_of(game, card, from_talon)
    return found


def _hemi_hosts_of(game: Game, card: int, from_talon: bool) -> list[int]:
    """Полушарія: every card that ``card`` could ever be married onto, under
    the position's readings: from the circle a card of its own suit, from
    the talon one of the suits `talon-marriage` allows; the step is the one
    `marriage-direction` gives for the host's colour (`hemispheres.marries`).
    The race reading only narrows this, so it is ignored (a superset of
    hosts keeps the test sound)."""
    steps = hemispheres.DIRECTION.of(game)
    suits = hemispheres.TALON.of(game) if from_talon else None
    rank, out = card & 15, []
    for suit in range(4):
        for d in steps[suit in hemispheres.RED]:
            host = (suit << 4) | (rank - d)
            if not 1 <= rank - d <= 13:
                continue
            if (suits(card, host) if from_talon else suit == card >> 4):
                out.append(host)
    return out


def hemispheres_dead(game: Game) -> bool:
    """Полушарія: lost when the greatest set S of circle and talon cards in
    which each card is *covered* (a card of S lies above it in its pile) or
    *held* is not empty. X (suit s, rank r) is held when it cannot go home
    and cannot marry, and, in the circle, lies in its own hemisphere; or
    when, at the end (pack and talon spent), it lies in the wrong one and
    every place of its own holds a card of S. It
    cannot go home when the foundation of s nearest to r that has not
    passed it (the higher one below r for the red aces going up, the lower
    one above r for the black kings going down; none: both passed) needs a
    rank q before r of which every copy away from home lies in S, or below
    X in its pile. It cannot marry when every copy of every possible host
    (`_hemi_hosts`) is home, or in S and covered, or in S on the talon, or
    below X in its pile (the pack's and barriers' cards are never in S and
    count as free).

    Proof. A card moves only from the top of a place or the talon (home, by
    a marriage onto an available circle top, by an exchange of two wrong
    tops, or crossing at the end into an empty place: a wrong card); a
    barrier only home, the pack only by the deal, onto the talon's or an
    empty place's top; nothing leaves a foundation, and cards come into a
    pile only on top. Suppose a card of S moves; let X be the first, at
    time t. Until t every card of S lies where it was, so a covered X is no
    top. A wrong held X lies at the end, when no exchange is made and the
    pack and talon stay spent: it moves only by crossing into an empty place
    of its own hemisphere (unavailable, rule I, it neither goes home nor
    marries), and each such place holds a card of S, still there. Any
    other held X is not exchanged nor crosses (it lies in its own
    hemisphere, or on the talon, which neither rule touches). It does not
    go home: some rank q the nearest foundation needs has every copy in S or
    below X, none of which has moved, and the farther foundation needs q
    too. It does not marry: a host is an available circle top at t, and no
    copy is (home never leaves; a covered card of S is no top; a card of S
    on the talon never reaches the circle; one below X stays under it). So
    no card of S ever moves, and the game, won only with every card home,
    is lost. Both conditions only grow with S, so the order of removal does
    not matter (`_strip_from_the_tops`). Every reading is read from
    the position (direction, talon suits); the exchange-at-once and race
    readings only forbid moves, which the proof never needs."""
    piles = game.piles
    talon = game.talon
    pile_ids = game.places + (talon,)
    north = game.north
    where: dict[int, list[tuple[int, int]]] = {}
    stuck: set[tuple[int, int]] = set()
    for p in pile_ids:
        for h, card in enumerate(piles[p]):
            where.setdefault(card, []).append((p, h))
            stuck.add((p, h))
    if not stuck:
        return False
    free_copies: dict[int, int] = {}  # copies in the pack, which may come out
    for card in piles[game.stock]:
        free_copies[card] = free_copies.get(card, 0) + 1
    tops: dict[int, list[int]] = {0: [], 1: [], 2: [], 3: []}  # foundation tops by suit
    for f in game.ups + game.downs:
        if piles[f]:
            tops[piles[f][-1] >> 4].append(piles[f][-1] & 15)
    covered = {(p, h): h < len(piles[p]) - 1 for p, h in stuck}  # all in the set: all but the tops

    def below(there: tuple[int, int], place: tuple[int, int]) -> bool:
        return there[0] == place[0] and there[1] < place[1]

    def none_free(card: int, place: tuple[int, int], host: bool) -> bool:
        """Every copy of ``card`` away from home is out of play (see the docstring)."""
        if free_copies.get(card):
            return False
        for there in where.get(card, ()):
            if below(there, place):
                continue
            if there not in stuck:
                return False
            if host and there[0] != talon and not covered[there]:
                return False
        return True

    hosts = {}  # (card, from the talon) -> its possible hosts

    end = not piles[game.stock] and not piles[talon]
    own = {True: [q for q in game.places if q in north], False: [q for q in game.places if q not in north]}

    def held(card: int, place: tuple[int, int]) -> bool:
        p = place[0]
        red = card >> 4 in hemispheres.RED
        if p != talon and red != (p in north):
            # a wrong card may be exchanged, or cross at the end into an empty place of its own
            return end and all(any((q, h) in stuck for h in range(len(piles[q]))) for q in own[red])
        mine = hosts.get((card, p == talon))
        if mine is None:
            mine = hosts[(card, p == talon)] = _hemi_hosts(game, card, p == talon)
        for host in mine:
            if not none_free(host, place, True):
                return False  # it may marry (looked at first: a free host is usually found at once)
        rank, base = card & 15, card & 0xF0
        if card >> 4 in hemispheres.RED:
            near = max((t for t in tops[card >> 4] if t < rank), default=None)
            needed = range(near + 1, rank) if near is not None else None
        else:
            near = min((t for t in tops[card >> 4] if t > rank), default=None)
            needed = range(rank + 1, near) if near is not None else None
        # it may still go home unless a rank it needs is out of play
        return needed is None or any(none_free(base | q, place, False) for q in needed)

    return bool(_strip_from_the_tops(piles, pile_ids, stuck, covered, held))


def _strip_from_the_tops(piles, pile_ids, stuck: set, covered: dict, held) -> set:
    """`knowledge.strip_to_fixpoint`'s greatest set, each pile walked from
    its top down in one go: a card of the set that is uncovered and not
    held leaves it, and the walk goes on to the card beneath, now
    uncovered; below the highest card that stays, every card is covered and
    stays this round. ``covered`` is exact whenever ``held`` reads it (a
    pile's entries change only while that pile is walked, and meanwhile
    ``held`` reads none of them: the cards above the one walked are out of
    the set). The piles are walked in turn until each has been walked once
    since the last removal: every value ``held`` read in those walks is the
    final set's, so every card left is covered or held; removals only
    happen to cards that are neither, so no card of the greatest set is
    lost. The same greatest set, in a few rounds instead of one a layer."""
    # the piles in turn, until each has been walked once since the last removal
    quiet, n, count = 0, 0, len(pile_ids)
    while quiet < count and stuck:
        p = pile_ids[n]
        n = (n + 1) % count
        quiet += 1
        pile = piles[p]
        h = len(pile) - 1
        while h >= 0:
            place = (p, h)
            if place in stuck:
                if held(pile[h], place):
                    break
                stuck.discard(place)
                quiet = 1  # this pile is walked to its end now: it counts as walked
            h -= 1
        # the highest card of the set (if any) covers those beneath it
        for k in range(len(pile) - 1, -1, -1):
            covered[(p, k)] = k < h
    return stuck


def _hemi_pred_home(game: Game, card: int, up: bool) -> bool:
    """Are both copies of ``card``'s predecessor on its foundations (the
    card one lower for an ascending red foundation, one higher for a
    descending black one) home? With two foundations of a suit built the
    same way, the suit's cards home are exactly the ranks up to each
    foundation's top: the copies of rank q are home as many times as the
    foundations have passed q."""
    q = (card & 15) - 1 if up else (card & 15) + 1
    if not 1 <= q <= 13:
        return True
    suit, piles = card >> 4, game.piles
    count = 0
    for f in (game.ups if up else game.downs):
        pile = piles[f]
        if pile and pile[0] >> 4 == suit and (len(pile) >= q if up else len(pile) >= 14 - q):
            count += 1
    return count == 2


def hemispheres_safe(game: Game, move: Move) -> bool:
    """Полушарія, under the marriage direction «red-down-black-up»: a card
    X (suit s, rank r) going home is safe, played alone, when both copies
    of its predecessor P (r-1 of s for a red X going up, r+1 for a black
    one going down) are home, and:
    * X is a barrier (at the end);
    * or X is the talon's top and none of the cards it could be married
      onto (`_hemi_hosts`) lies in the circle or the stock: the circle
      takes cards only from the stock (the deal) and the talon's top (a
      marriage), and those of the talon lie below X, so X never enters
      the circle, and it leaves the talon only home;
    * or no card of the stock or the talon could ever be married onto X
      (rank r-1 for red, r+1 for black, of a suit `talon-marriage`
      allows on X), and X is the talon's top, every card of the other
      colour that X could be married onto (rank r-1 black for a red X,
      r+1 red for a black X: the talon marries any suit under
      «any-suit») lying on a foundation or a barrier, never to come into
      the circle (under «own-hemisphere» and «own-suit» there is none);
    * or that, and X is the top of a circle place in its own hemisphere,
      the card beneath it (if any) is of the place's own colour, and X
      does not leave its place empty while the stock lasts.

    Proof. Take a winning line L; let L' play X home now and then L,
    skipping X's own moves. (1) Nothing is ever laid on X in L: a circle
    card marries in suit onto X only as P (both copies home: never), a
    talon card only one of the excluded ones; the talon and barriers
    take no card. So X is a top wherever it lies in L, or the talon's top
    when L moves it, and a move of L touching X's pile takes X itself.
    (2) Every top of L' is the top of L or a card L has under X: piles of
    L' are L's less X. X's colour matches every place it lies in during L
    (a circle X marries only its own suit; a talon X onto the other
    colour is excluded, and one that never enters the circle touches no
    place), and the card under X in its first place matches
    too, and where X married, its host of the same suit matches; so the
    wrong tops of L' are L's, the exchanges (rule II, forced under
    «must») are the same, and so is every availability L uses. (3) A
    place emptied only in L' (X alone) is never filled by a deal (the
    stock is spent), and at the end it only offers crossings more. (4)
    Foundations: the twins of a suit are interchangeable (see
    `hemispheres_key`), so they are described by the copies of each rank
    home, and a card of rank q goes home when fewer copies of q than of
    its predecessor are. L' has one copy of r more than L home, and both
    copies of P home throughout; X's twin going home in L finds room in
    L' (one copy of r home before it, two of P), and a card after X finds
    more room. So each move of L is legal in L' and L' ends with every
    card home: it wins. The race reading only narrows marriages, which
    the proof never needs; any other marriage direction steps aside."""
    if move.action or DIRECTION_READING.of(game) != _RED_DOWN:
        return False
    piles = game.piles
    src = game.index[move.src]
    pile = piles[src]
    card = pile[-1]
    red = card >> 4 in hemispheres.RED
    if not _hemi_pred_home(game, card, red):
        return False
    if src in game.barriers:
        return True
    rank = card & 15
    if src == game.talon:
        hosts = _hemi_hosts(game, card, True)
        if not any(c in hosts for i in game.places + (game.stock,) for c in piles[i]):
            return True  # it never enters the circle: see the docstring
    elif src not in game.circle:
        return False
    guest = rank - 1 if red else rank + 1  # the rank of a card laid on X
    allowed = TALON_READING.of(game)
    for i in (game.stock, game.talon):
        for c in piles[i]:
            if c & 15 == guest and allowed(c, card):
                return False
    if src == game.talon:
        if allowed is not hemispheres._any_suit:
            return True
        # hosts of the other colour: a black card of rank r-1 (red X), a red one of rank r+1 (black X)
        wrong = {(s << 4) | (rank - 1 if red else rank + 1) for s in range(4) if (s in hemispheres.RED) != red}
        return not any(c in wrong for i in game.places + (game.stock, game.talon) for c in piles[i])
    if len(pile) == 1:
        return not piles[game.stock]
    return (pile[-2] >> 4 in hemispheres.RED) == (src in game.north)


HEMI_LATE = 20  # the dead test is asked only once the pack holds fewer cards


def hemispheres_dead_late(game: Game) -> bool:
    """`hemispheres_dead`, asked only once fewer than `HEMI_LATE` cards are
    left in the pack. Sound as a weaker test: it says lost only where
    `hemispheres_dead` does. Why: with a long pack nearly every card has a
    free host in it, and the test, most of the search's time (cProfile, deal
    1: 76% of the playouts), fired in none of some 2,500 such positions of
    deals 1 and 3 (18 times in 3,000 with 10-19 cards left)."""
    return len(game.piles[game.stock]) < HEMI_LATE and hemispheres_dead(game)


def hemispheres_key(game: Game) -> bytes:
    """Полушарія's canonical key: `state_key` with the twin foundations
    sorted (see the registration) and, once the pack is spent and under the
    `circle-marriage` reading «suit», the six northern places sorted among
    themselves and the six southern ones too.

    Proof that such places are interchangeable then: a place's index is
    read only by the deal (it fills the empty places left to right: no deal
    is left), by the race reading (not in force) and by the hemisphere it
    lies in (kept: places are sorted only within one). Every other rule
    reads a place by its hemisphere and its cards alone: availability (rule
    I), an exchange (any wrong northern top for any wrong southern one),
    marriages (onto any available top of the suit, or any suit from the
    talon), moves home, the crossing at the end (into any empty place of
    its own hemisphere), the barriers (they read the foundations only) and
    the standstill (by the cards on top). So a permutation of the places
    within each hemisphere maps every legal move to a legal move and wins
    to wins: the two positions share one future."""
    parts = [bytes(p) for p in game.piles]
    for a, b in _HEMI_TWINS:
        if parts[b] < parts[a]:
            parts[a], parts[b] = parts[b], parts[a]
    if not game.piles[game.stock] and not hemispheres.RACE.of(game):
        for half in _HEMI_HALVES:
            for i, part in zip(half, sorted([parts[i] for i in half])):
                parts[i] = part
    tail = f"{game.phase}|{game.redeals_left}"
    if game.extra:
        tail += "|" + ",".join(map(str, game.extra.values()))
    return b"\xff".join(parts) + b"\xfe" + tail.encode()


def hemispheres_search(game: Game, know: Knowledge, meter) -> tuple | None:
    """Полушарія's search (`Knowledge.exact`): the generic one, but with two
    kinds of playouts, taken in turn, one making the safe moves
    (`hemispheres_safe`), the other making none. The playouts only look for wins (a win is a
    replayed line, no verdict rests on them), and they are greedy: a safe
    move home keeps a win possible but can lead the greedy line elsewhere.
    Deals 1-100 at 1 CPU s: playouts with the safe move win 11 deals those
    without it do not (3, 14, 15, 25, 48...), and lose 11 others (11, 12,
    27, 41...; 11, 12 and 27 stay undecided after 10 s). The exhaustive
    search, whose verdict "lost" the safe move keeps a proof, plays it
    alone."""
    import random

    from engine.solver.search import WON, exhaustive, home_roles, is_thoughtful, playouts

    if game.is_won():
        return WON, ()
    homes = home_roles(type(game))
    rounds = ((know, random.Random(game.deal * 7919)), (know._replace(safe=None), random.Random(game.deal * 7919)))
    for _ in range(know.playouts):
        for kind, rng in rounds:  # the k-th playout of each kind is the one a run of its own makes
            line = playouts(game, kind, homes, meter, 1, rng)
            if line is not None:
                return WON, line
    return exhaustive(game, know, meter, is_thoughtful(game))


# Полушарія: the two foundations of a suit (red aces up, black kings down)
# are built alike: `wants` reads only whether a foundation goes up and its
# top card, and a barrier completes whichever of them holds twelve cards.
_HEMI_TWIN_NAMES = (("up-H-1", "up-H-2"), ("up-D-1", "up-D-2"), ("down-S-1", "down-S-2"), ("down-C-1", "down-C-2"))
_HEMI_TWINS = tuple((hemispheres.GAME.index[a], hemispheres.GAME.index[b]) for a, b in _HEMI_TWIN_NAMES)
_HEMI_HALVES = (tuple(i for i in hemispheres.GAME.places if i in hemispheres.GAME.north),
                tuple(hemispheres.GAME.south))
# The playouts (an order only: a win is a replayed line, no verdict rests on
# them) are where this game's wins are found: the depth-first search sinks
# into the end of the pack under its first choices. Deals 1-40 at 1 CPU s:
# 8 playouts win 18, 40 or 150 win 26 (deals 9-12, 16, 17, 24, 27, 37 among
# them, undecided after 10 s before), one (32) the search won is lost to the
# budget at 1 s; 150 (about 3 s) leave the search the rest of a 10 s budget.
register("hemispheres", Knowledge(twins=_HEMI_TWIN_NAMES, dead=hemispheres_dead_late, key=hemispheres_key,
                                  safe=hemispheres_safe, exact=hemispheres_search, playouts=150))
