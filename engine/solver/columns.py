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
    r - 2 or lower is on the foundations (every foundation holds r - 2
    cards or more; aces and twos always). Proof. Nothing but a card Y of rank
    r - 1 is ever laid on X, and nothing on such a Y (the cards of rank r - 2
    are home, and nothing leaves a foundation); each such Y, not home, is
    the card its foundation wants (its suit is home up to r - 2). Take a
    winning line L; let L' play X home now, then follow L, skipping the
    moves of X and of the cards it has home, and playing home instead each
    Y that L lays on X. Throughout, L' is L's position with X and those Ys
    taken home (they lie only at a packet's top, X under at most one Y, or
    in the bouquet): a card available in L is available in L', a packet's
    top in L that L lays on (neither X nor a Y) is the same card in L', an
    empty packet of L is empty in L', and a foundation of L' holds L's
    cards and perhaps X or a Y, whose own moves home are skipped: so each
    move of L can be made in L', and L' wins when L does. No other rule
    reads where X lies: an emptied packet may take any card, which only
    adds choices; there is no redeal; and the bouquet, which takes nothing
    back, loses X either way."""
    if move.action or game.roles[game.index[move.dst]] != "foundation":
        return False
    rank = game.piles[game.index[move.src]][-1] & 15
    if rank <= 2:
        return True
    piles = game.piles
    return all(len(piles[i]) >= rank - 2 for i in game.by_role["foundation"])


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
# Only a move home can be safe (`crossing_safe` says no to any other), so
# the other moves, most of them, are turned away first, at the cost of a
# role lookup (the test runs on every move of every position).
def fifteen_safe(game: Game, move: Move) -> bool:
    return (not move.action and game.roles[game.index[move.dst]] == "foundation"
            and not game.extra.get("opening") and fifteen.FOUNDATION_SUITS.of(game)
            and crossing_safe(game, move, suits_by_base=True))


def fifteen_dead(game: Game) -> bool:
    """Пятнадцать: lost when `columns_stuck` (marriage up and down, the
    foundations built up from the aces and down from the kings) finds a
    set S of cards, one in every column, that can never move; asked only
    once the sixth-row exception can never open (extra «sixth_row» empty:
    the exception alone takes a card from under others).

    Proof: `cadran_dead`'s, with these moves: an available card (a column's
    top) home, onto a column's top one higher or lower in suit, or into a
    lane; nothing else (no stock, no redeal). A foundation built up holds
    one copy of each rank of its suit from the ace, one built down one of
    each from the king, under either reading of the foundations' suits: X
    of rank r goes home only once a copy of every rank below it is home,
    or of every rank above it, so a blocked rank on each side keeps it out
    (an ace or a king, which may open a foundation, is never held). The
    reading that keeps column 15's lone card waiting, and the opening's
    order, only forbid moves."""
    return not game.extra.get("sixth_row") and columns_stuck(game, (1, -1), both_ways=True)


_FIFTEEN_WANTED: dict[tuple, frozenset[int]] = {}


def _fifteen_wanted(game: Game) -> frozenset[int]:
    """The cards some foundation takes next (`Fifteen.wanted_cards`), kept
    by the foundations' top cards and the reading of their suits, which
    alone decide them (a row's suit is its base's, an empty place takes a
    base of a suit the reading allows)."""
    piles = game.piles
    key = (fifteen.FOUNDATION_SUITS.of(game), *(piles[f][-1] if piles[f] else 0 for f in game.by_role["foundation"]))
    found = _FIFTEEN_WANTED.get(key)
    if found is None:
        if len(_FIFTEEN_WANTED) > 20_000:
            _FIFTEEN_WANTED.clear()
        found = _FIFTEEN_WANTED[key] = frozenset(game.wanted_cards())
    return found


def fifteen_score(game: Game, move: Move) -> int:
    """Пятнадцать's move ordering (higher first; an ordering only, so no
    verdict depends on it): moves home; then a move that uncovers a card a
    foundation takes; then a move that empties its column (a lane is what
    makes the game, play.3.2), a card from a short column before one from a
    long one (the generic ordering cannot tell which cards the rows want:
    they take the suit of their base); moving a lone card into a lane, or
    filling a lane with no card uncovered for a foundation, last. Deals 1-30
    at 1 CPU s: 11 won -> 21."""
    if move.action:
        return 0
    index = game.index
    dst = index[move.dst]
    if game.roles[dst] == "foundation":
        return 100
    piles = game.piles
    pile, target = piles[index[move.src]], piles[dst]
    if len(pile) == 1:
        return 50 if target else 1
    if pile[-2] in _fifteen_wanted(game):
        return 60 if target else 40
    if not target:
        return 1
    return 30 - 3 * len(pile)


class FifteenSearch:
    """Пятнадцать's exact search (`Knowledge.exact`): a greedy best-first
    search over the engine's own moves, the position with the lowest
    `fifteen_rank` expanded first, with the registered safe moves, dead
    test and pointless moves and the generic canonical key (``know``: the
    registered items, or those a test puts in their place). Each position
    reachable under those reductions is expanded at most once; when the
    frontier runs dry, none of them is won, and the deal is lost.

    Why not the depth-first search: once a few lanes are open, the
    positions that shuffle cards between them are countless, and a
    depth-first search that has taken a wrong turn above them never comes
    back (deal 10 at 5 CPU s: 43,000 positions, nearly all with 60 cards or
    more home and two to five lanes, none won, under a position a few
    moves from the win). Best-first goes back to the most advanced
    position wherever it lies."""

    def __init__(self, game: Game, know: Knowledge, meter, rank=None):
        self.game, self.know, self.meter = game, know, meter
        self.rank = rank or fifteen_rank

    def run(self):
        import heapq

        from engine.solver.keys import state_key
        from engine.solver.search import LOST, WON, line_from

        know, meter, rank = self.know, self.meter, self.rank
        dead, pointless, safe = know.dead, know.pointless, know.safe
        work = self.game.copy(stack=False)
        if work.is_won():
            return WON, ()
        names = tuple(work.extra)
        fast = know.key is None and not know.suit_blind and not know.twins and know.interchangeable == ("column",)
        columns = work.by_role["column"]
        first, last = columns[0], columns[-1] + 1
        fast = fast and list(columns) == list(range(first, last))  # one slice of the piles
        index = work.index
        tails: dict[tuple, bytes] = {}

        def key_of(parts: list[bytes]) -> bytes:
            return fifteen_key(work, parts, know, tails, first, last)

        root = state_key(work, know)
        parent: dict[bytes, tuple] = {root: (None, None)}
        # a waiting position: its piles as one bytes object (card codes are
        # below 0xff) and its counters
        frontier = [(0, 0, root, b"\xff".join(map(bytes, work.piles)), tuple(work.extra.values()))]
        count = 0
        while frontier:
            _, _, here, piles, extra = heapq.heappop(frontier)
            parts = piles.split(b"\xff")
            work.piles = [list(p) for p in parts]
            work.extra = dict(zip(names, extra))
            if dead is not None and dead(work):  # tested when expanded: no time lost on the unexpanded
                continue
            moves = list(work.generate_moves())
            if pointless is not None:
                moves = [m for m in moves if not pointless(work, m)]
            if safe is not None:
                for move in moves:
                    if safe(work, move):
                        moves = [move]
                        break
            for move in moves:
                work.push(move)
                meter.tick()
                if fast and not move.action:  # a card move changes its two piles only
                    child_parts = parts[:]
                    src, dst = index[move.src], index[move.dst]
                    child_parts[src] = bytes(work.piles[src])
                    child_parts[dst] = bytes(work.piles[dst])
                    child = key_of(child_parts)
                else:
                    child_parts = None
                    child = state_key(work, know)
                if child not in parent:
                    parent[child] = (here, move)
                    meter.distinct += 1
                    if work.is_won():
                        return WON, line_from(parent, child)
                    count += 1
                    raw = b"\xff".join(child_parts if child_parts is not None else map(bytes, work.piles))
                    heapq.heappush(frontier, (rank(work), -count, child, raw, tuple(work.extra.values())))
                work.pop()
        return LOST, ()


def fifteen_key(game: Game, parts: list[bytes], know: Knowledge, tails: dict, first: int, last: int) -> bytes:
    """`state_key` of ``game`` under ``know`` (columns interchangeable, no
    twins, suits kept, no key of its own), from its piles as bytes
    (``parts``), written out for `FifteenSearch`: the columns, piles
    ``first`` to ``last`` - 1, sorted when they are interchangeable, the
    tail (phase, redeals, counters) built once per value in ``tails``
    (tests/solver/test_fifteen_solver.py checks it against `state_key`)."""
    values = (game.phase, game.redeals_left, *game.extra.values())
    tail = tails.get(values)
    if tail is None:
        tail = tails[values] = b"\xfe" + (f"{game.phase}|{game.redeals_left}|"
                                          + ",".join(map(str, game.extra.values()))).encode()
    if know.interchangeable_when(game):
        parts = parts[:first] + sorted(parts[first:last]) + parts[last:]
    return b"\xff".join(parts) + tail


def fifteen_rank(game: Game) -> int:
    """The best-first order of `FifteenSearch` (lower first; an order only,
    no verdict depends on it): the cards away from home, less two for each
    lane (a lane is worth more than a card home: it moves any card). On the
    33 deals the table left undecided after 10 CPU s, at 3 CPU s: the
    cards away alone win 3 of the first 5, less two a lane all 33, each
    within 1 s (the weights one and four were tried on three deals only)."""
    piles = game.piles
    away = lanes = 0
    for i in game.by_role["column"]:
        n = len(piles[i])
        away += n
        lanes += not n
    return away - 2 * lanes


# positions given first to the generic depth-first search (`fifteen_exact`)
FIFTEEN_DEPTH_FIRST = 6_000


def fifteen_exact(game: Game, know: Knowledge, meter):
    """Пятнадцать's search: the generic depth-first search for its first
    `FIFTEEN_DEPTH_FIRST` positions (the deals it wins at once it wins in a
    few thousand: deals 1-100 at 1 CPU s, half of its wins within 4,500,
    and deals 27 and 63 that `FifteenSearch` misses), then `FifteenSearch`
    from the start with the rest of the budget. Either verdict is the
    search's own: a depth-first "lost" is its exhaustion, as always."""
    from engine.solver.search import DepthFirst, Meter, OutOfBudget, Budget

    first = Meter(Budget(nodes=max(1, min(FIFTEEN_DEPTH_FIRST, meter.max_nodes - meter.nodes)), seconds=0))
    first.deadline = meter.deadline
    try:
        found = DepthFirst(game, know._replace(exact=None), first).run()
    except OutOfBudget:
        found = None
    meter.nodes += first.nodes
    meter.distinct += first.distinct
    if found is not None:
        return found
    meter.over()  # the clock: the depth-first search may have spent it all
    return FifteenSearch(game, know, meter).run()


register("fifteen", Knowledge(interchangeable=("column",),
                              interchangeable_when=lambda game: not game.extra.get("sixth_row")
                              and not game.lone_card_waits(),
                              safe=fifteen_safe, score=fifteen_score, exact=fifteen_exact))

def parterre_stuck(game: Game, stop_at_free_packet: bool = False) -> set[int]:
    """Партеръ: cards that can never move before a packet of the garden is
    next emptied (a greatest fixpoint; see `parterre_dead` for the proof).

    A card away from home stays in the set while it is *covered* (a card of
    the set lies above it in its packet) or *held*: it cannot go home (a
    lower card of its suit is in the set, or lies below it in its packet)
    and it has no host (every card one rank higher, of any suit, is home,
    or lies below it in its packet, or is in the set and lies in the
    bouquet or under a card of the set in its packet; a king has none).
    Both conditions only grow with the set, so removing the cards that meet
    neither, in any order, until none is left reaches the greatest such set.
    ``stop_at_free_packet``: return an empty set as soon as a packet holds
    no card of the set (all `parterre_dead` needs to know).

    Only uncovered cards are ever removed, so the set holds, in each
    packet, the cards below a cut (``cut[b]`` of them), and a card of the
    set is covered exactly when it lies below the cut's top card: each pass
    peels every packet from its cut down while the card there is not held,
    then strikes the bouquet's cards that are not held, until a pass
    removes nothing."""
    piles = game.piles
    beds = [piles[i] for i in game.beds]
    # per card code (suit << 4 | rank): its packet (-1: the bouquet, -2: home) and height
    bed = [-2] * 64
    height = [0] * 64
    for b, pile in enumerate(beds):
        for h, card in enumerate(pile):
            bed[card], height[card] = b, h
    bouquet = []
    for i in game.bouquet:
        for card in piles[i]:
            bed[card] = -1
            bouquet.append(card)
    cut = [len(pile) for pile in beds]
    # lowest rank of each suit away from home (one pack: the foundation's height + 1)
    low = [0] * 4
    for i in game.by_role["foundation"]:
        if piles[i]:
            low[piles[i][0] >> 4] = len(piles[i])
    in_bouquet = set(bouquet)

    def held(card: int) -> bool:
        # written out: this is the search's hottest loop
        b, h = bed[card], height[card]
        if b < 0:
            b = -3  # in the bouquet: nothing lies under it
        suit, rank = card & 0xF0, card & 15
        for lower in range(suit | (low[suit >> 4] + 1), card):
            where = bed[lower]
            if where == b and height[lower] < h:
                break  # under this card
            if where >= 0:
                if height[lower] < cut[where]:
                    break
            elif lower in in_bouquet:
                break
        else:
            return False  # it may go home
        if rank == 13:
            return True
        for host in range(rank + 1, 64, 16):
            where = bed[host]
            if where == -2 or (where == b and height[host] < h):
                continue  # home (nothing is laid on a foundation), or under this card
            if where == -1:
                if host in in_bouquet:
                    continue
            elif height[host] < cut[where] - 1:
                continue  # covered by a card of the set
            return False
        return True

    changed = True
    while changed:
        changed = False
        for b, pile in enumerate(beds):
            k = cut[b]
            while k and not held(pile[k - 1]):
                k -= 1
                cut[b] = k
                changed = True
            if stop_at_free_packet and not k:
                return set()
        for card in list(in_bouquet):
            if not held(card):
                in_bouquet.discard(card)
                changed = True
    out = set(in_bouquet)
    for b, pile in enumerate(beds):
        out.update(pile[:cut[b]])
    return out


def parterre_dead(game: Game) -> bool:
    """Партеръ: lost when no packet is empty and every packet holds a card of
    `parterre_stuck`.

    Proof. Until a packet is next emptied, an available card can go only
    home (the next card of its suit, one pack) or onto the top card of a
    packet one rank higher (any suit); the bouquet takes nothing, nothing
    leaves a foundation, and with no empty packet there is no third move.
    Let S be the set, and suppose some card of S moves before the first
    emptying; let X be the first to move, at time t. Until t no card of S
    has moved. If X is covered, a card of S lies above it still: X is not
    available. Else X is held: a lower card of its suit is in S (unmoved,
    so not home) or lies below X (X has not moved, so it is still covered
    by X): X cannot go home. Each card Y one rank higher is home (a
    foundation takes no card but its own suit's next), or below X (covered
    by X still), or in S and unmoved, in the bouquet (never a packet's top)
    or under a card of S (not a top): X has no host. So X cannot move at
    t, a contradiction: no card of S moves before the first emptying. A
    packet is emptied only when all its cards have moved, and each packet
    holds a card of S; so no packet is ever emptied, the cards of S never
    move, and they never go home: the game is lost."""
    piles = game.piles
    if not all(piles[i] for i in game.beds):
        return False
    stuck = parterre_stuck(game, stop_at_free_packet=True)
    return bool(stuck) and all(any(card in stuck for card in piles[i]) for i in game.beds)


def parterre_pending(game: Game) -> int | None:
    """Партеръ: the packet on which the last move laid a card from the
    bouquet (None if the last move did not), in a search's own line (every
    search starts from a copy with no moves behind it).

    A card taken from the bouquet onto a packet must be covered at once:
    any winning line can be rewritten so that each move of a bouquet card X
    onto a packet P is followed by a move laying a card on X. Proof. Take
    the last move m (X from the bouquet onto P, at t1) not so followed, and
    the first later move at t2 that lays a card on X or moves X (until then
    nothing else touches P, X being its top). Until t2 the moves of the
    line touch neither X nor P; with X left in the bouquet each of them is
    as legal (a card's availability and a packet's top elsewhere are the
    same, and no rule reads the bouquet's size). If at t2 a card is laid on
    X, make m just before t2: the positions agree again from there. If at
    t2 X moves on (home, onto another packet, into an empty one), drop m and
    take X there from the bouquet, where every card is available: the
    positions agree from there, and the line is one move shorter. Every
    bouquet move after t1 that was followed by its cover still is (the
    move at t2 covers X, on P, so it did not cover another card laid just
    before it), and only the move just before t1 can lose its cover; so
    each rewriting shortens the line or moves its last uncovered bouquet
    move earlier, and the rewriting ends. With the safe moves (`rank_safe`):
    a safe move goes home, so it never covers a card, and in a position with
    a card waiting none is played; in a position with none waiting, the
    line `rank_safe` builds (the safe move, then the line without the safe
    card's moves) is rewritten as above, which never touches its first
    move, a move home. The search keeps the packet
    waiting to be covered in the key (`parterre_key`), so positions with
    different duties are never taken for each other."""
    stack = game.move_stack
    if not stack:
        return None
    move = stack[-1]
    if move.action:
        return None
    index, roles = game.index, game.roles
    src, dst = index[move.src], index[move.dst]
    return dst if roles[src] == "bouquet" and roles[dst] == "bed" else None


def parterre_pointless(game: Game, move: Move) -> bool:
    """Партеръ: after a bouquet card is laid on a packet, every move but one
    covering it (`parterre_pending`)."""
    pending = parterre_pending(game)
    return pending is not None and (move.action or game.index[move.dst] != pending)


def parterre_key(game: Game) -> bytes:
    """Партеръ's canonical key: the packets as a multiset (an emptied one
    takes any card, so no rule tells them apart), the bouquet as a set of
    cards (each place holds one card, every card there is available, none
    is laid there), the foundations by their heights (each is its suit's
    cards from the ace, in order), and the card waiting to be covered
    (`parterre_pending`)."""
    piles = game.piles
    beds = sorted([bytes(piles[i]) for i in game.beds])
    bouquet = bytes(sorted([piles[i][0] for i in game.bouquet if piles[i]]))
    homes = bytes([len(piles[i]) for i in game.by_role["foundation"]])
    pending = parterre_pending(game)
    duty = bytes([piles[pending][-1]]) if pending is not None else b""
    return b"\xff".join(beds) + b"\xfe" + bouquet + b"\xfe" + homes + b"\xfe" + duty


def parterre_measures(game: Game) -> tuple[int, int, int, int]:
    """What `ParterreSearch` ranks positions by: the cards away from home,
    the garden's cards over a lower card of their suit (each must move off
    before that card can go home), the empty packets, and the cards lying
    over the next card of each suit that a foundation wants (none over a
    card of the bouquet)."""
    piles, beds, bouquet = game.piles, game.beds, game.bouquet
    away = blockers = empty = depth = 0
    # the next card of each foundation (its suit's ace, or the card over its top; a full one's, rank 14, is no card)
    wants = {piles[i][-1] + 1 if piles[i] else game.PILES[i].suit << 4 | 1 for i in game.by_role["foundation"]}
    for i in beds:
        pile = piles[i]
        n = len(pile)
        if not n:
            empty += 1
            continue
        away += n
        low = [14, 14, 14, 14]
        for h, card in enumerate(pile):
            suit, rank = card >> 4, card & 15
            if rank > low[suit]:
                blockers += 1
            else:
                low[suit] = rank
            if card in wants:
                depth += n - 1 - h
    for i in bouquet:
        if piles[i]:
            away += 1
    return away, blockers, empty, depth


class ParterreSearch:
    """Партеръ's exact search (`Knowledge.exact`): greedy best-first
    searches taking turns over one table of positions, with the game's safe
    moves, dead test, pointless moves and canonical key (``know``: the
    registered ones, or those a test puts in their place). Each keeps its
    own frontier, in the order of its rank (`RANKS`); every new position
    goes into each frontier, and is expanded the first time one of them
    gives it. Every position reachable under those reductions is expanded
    at most once; when every frontier runs dry, each of them has been
    expanded and none is won, and the deal is lost.

    Several ranks because each alone loses its way in different deals
    (deals 1-40 at 1 CPU s: fewest cards away and buried, 6 won; that and
    the cards over each suit's next card, 7 won, but only 2 in common)."""

    # weights of (cards away, cards over a lower card of their suit, empty
    # packets, cards over the next card of each suit)
    RANKS = ((1, 2, -2, 0), (1, 2, -2, 2))

    def __init__(self, game: Game, know: Knowledge, meter, ranks=None):
        self.game, self.know, self.meter = game, know, meter
        self.ranks = self.RANKS if ranks is None else ranks

    def scores(self, work: Game) -> list[int]:
        m = parterre_measures(work)
        return [w[0] * m[0] + w[1] * m[1] + w[2] * m[2] + w[3] * m[3] for w in self.ranks]

    def run(self):
        import heapq

        from engine.solver.search import LOST, WON, line_from

        know, meter = self.know, self.meter
        safe, dead, pointless, key = know.safe, know.dead, know.pointless, know.key or parterre_key
        work = self.game.copy(stack=False)
        if work.is_won():
            return WON, ()
        root = key(work)
        parent: dict[bytes, tuple] = {root: (None, None)}
        expanded: set[bytes] = set()
        # a waiting position is its piles as one bytes object (card codes are below 0xff)
        entry = (root, b"\xff".join(map(bytes, work.piles)), None)
        frontiers = [[(0, 0, entry)] for _ in self.ranks]
        count = turn = 0
        while True:
            for k in range(len(frontiers)):  # the next frontier that still holds a position
                frontier = frontiers[(turn + k) % len(frontiers)]
                while frontier and frontier[0][2][0] in expanded:
                    heapq.heappop(frontier)
                if frontier:
                    break
            else:
                return LOST, ()
            turn += 1
            here, piles, last = heapq.heappop(frontier)[2]
            expanded.add(here)
            work.piles = [list(p) for p in piles.split(b"\xff")]
            if dead is not None and dead(work):  # tested when expanded: no time lost on the unexpanded
                continue
            work.move_stack = [last] if last is not None else []
            moves = list(work.generate_moves())
            if pointless is not None:
                moves = [m for m in moves if not pointless(work, m)]
            if safe is not None:
                for move in moves:
                    if safe(work, move):
                        moves = [move]
                        break
            for move in moves:
                work.push(move)
                meter.tick()
                child = key(work)
                if child not in parent:
                    parent[child] = (here, move)
                    meter.distinct += 1
                    if work.is_won():
                        return WON, line_from(parent, child)
                    count += 1
                    entry = (child, b"\xff".join(map(bytes, work.piles)), move)
                    for frontier, score in zip(frontiers, self.scores(work)):
                        heapq.heappush(frontier, (score, -count, entry))
                work.pop()


def parterre_exact(game: Game, know: Knowledge, meter):
    return ParterreSearch(game, know, meter).run()


# Партеръ: the six packets of the garden obey the same rules (an emptied
# one takes any card), and so do the sixteen places of the bouquet.
register("parterre", Knowledge(interchangeable=("bed", "bouquet"), interchangeable_when=always, safe=rank_safe,
                               dead=parterre_dead, pointless=parterre_pointless, key=parterre_key,
                               exact=parterre_exact))
