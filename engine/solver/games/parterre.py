"""Партеръ (parterre): what the search may assume, each item proved here.

Its safe moves (`rank_safe`: the garden builds down regardless of
suit), the cards stuck until a packet is next emptied (`parterre_stuck`)
and the dead test on them (`parterre_dead`), pointless moves
(`parterre_pointless`), canonical key (`parterre_key`), its best-first
search of its own (`ParterreSearch`, `parterre_exact`) and its
registration.
"""

from __future__ import annotations

import importlib

from engine.core import Game, Move
from engine.solver.knowledge import Knowledge, always, register


parterre = importlib.import_module("engine.games.parterre")


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
