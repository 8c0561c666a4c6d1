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
    no card of the set (all `parterre_dead` needs to know)."""
    piles = game.piles
    beds = [piles[i] for i in game.beds]
    # per card code (suit << 4 | rank): its packet (-1: the bouquet, -2: home)
    # and height; in the set; covered by a card of the set
    bed = [-2] * 64
    height = [0] * 64
    for b, pile in enumerate(beds):
        for h, card in enumerate(pile):
            bed[card], height[card] = b, h
    for i in game.bouquet:
        for card in piles[i]:
            bed[card] = -1
    stuck = [b != -2 for b in bed]
    covered = [False] * 64

    def held(card: int) -> bool:
        # ``other`` lies under ``card`` in its packet: bed[other] == b and
        # height[other] < h, with b >= 0 (written out: this is the search's
        # hottest loop)
        b, h = bed[card], height[card]
        if b < 0:
            b = -3  # in the bouquet: nothing lies under it
        suit, rank = card & 0xF0, card & 15
        for lower in range(suit | 1, card):
            if stuck[lower] or (bed[lower] == b and height[lower] < h):
                break
        else:
            return False  # it may go home
        if rank == 13:
            return True
        for host in range(rank + 1, 64, 16):
            where = bed[host]
            if where == -2 or (where == b and height[host] < h):
                continue  # home (nothing is laid on a foundation), or under this card
            if stuck[host] and (where == -1 or covered[host]):
                continue
            return False
        return True

    left = [c for c in range(64) if stuck[c]]
    changed = True
    while changed:
        changed = False
        for pile in beds:
            above = False
            for card in reversed(pile):
                covered[card] = above
                above = above or stuck[card]
            if stop_at_free_packet and not above:
                return set()
        keep = []
        for card in left:
            if not covered[card] and not held(card):
                stuck[card] = False
                changed = True
            else:
                keep.append(card)
        left = keep
    return set(left)


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


def parterre_blockers(piles, beds) -> int:
    """How many cards of the garden lie above a lower card of their own
    suit (each must move off before that card can go home)."""
    count = 0
    for i in beds:
        low = [14, 14, 14, 14]
        for card in piles[i]:
            suit, rank = card >> 4, card & 15
            if rank > low[suit]:
                count += 1
            else:
                low[suit] = rank
    return count


class ParterreSearch:
    """Партеръ's exact search (`Knowledge.exact`): a greedy best-first
    search, the position with the fewest cards away from home and buried
    over lower cards of their suit expanded first, with the game's safe
    moves, dead test, pointless moves and canonical key (``know``: the
    registered ones, or those a test puts in their place). Every position
    reachable under those reductions is expanded at most once; when the
    frontier runs dry, none of them is won, and the deal is lost."""

    def __init__(self, game: Game, know: Knowledge, meter):
        self.game, self.know, self.meter = game, know, meter

    def score(self, work: Game) -> int:
        piles = work.piles
        away = sum(len(piles[i]) for i in work.beds) + sum(1 for i in work.bouquet if piles[i])
        empty = sum(1 for i in work.beds if not piles[i])
        return away + 2 * parterre_blockers(piles, work.beds) - 2 * empty

    def run(self):
        import heapq

        from engine.solver.search import LOST, WON

        know, meter = self.know, self.meter
        safe, dead, pointless, key = know.safe, know.dead, know.pointless, know.key or parterre_key
        work = self.game.copy(stack=False)
        if work.is_won():
            return WON, ()
        root = key(work)
        parent: dict[bytes, tuple] = {root: (None, None)}
        # a waiting position is its piles as one bytes object (card codes are below 0xff)
        frontier = [(0, 0, root, b"\xff".join(map(bytes, work.piles)), None)]
        count = 0
        while frontier:
            _, _, here, piles, last = heapq.heappop(frontier)
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
                        line = []
                        while child is not None:
                            child, step = parent[child]
                            if step is not None:
                                line.append(step)
                        return WON, tuple(reversed(line))
                    count += 1
                    heapq.heappush(frontier, (self.score(work), -count, child, b"\xff".join(map(bytes, work.piles)),
                                              move))
                work.pop()
        return LOST, ()


def parterre_exact(game: Game, know: Knowledge, meter):
    return ParterreSearch(game, know, meter).run()


# Партеръ: the six packets of the garden obey the same rules (an emptied
# one takes any card), and so do the sixteen places of the bouquet.
register("parterre", Knowledge(interchangeable=("bed", "bouquet"), interchangeable_when=always, safe=rank_safe,
                               dead=parterre_dead, pointless=parterre_pointless, key=parterre_key,
                               exact=parterre_exact))
