"""Пятнадцать (fifteen): what the search may assume, each item proved here.

Its safe moves (`fifteen_safe`, `knowledge.crossing_safe` with the
foundations' suits read from their bases), dead test (`fifteen_dead`, on
`columns.columns_stuck`), move ordering (`fifteen_score`), its best-first
search of its own (`FifteenSearch`, `fifteen_exact`) and its registration.
"""

from __future__ import annotations

import importlib

from engine.core import Game, Move
from engine.solver.columns import columns_stuck
from engine.solver.knowledge import Knowledge, crossing_safe, register


fifteen = importlib.import_module("engine.games.fifteen")


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
