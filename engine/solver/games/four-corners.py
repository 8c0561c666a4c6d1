"""Четыре угла (four-corners): what the search may assume, each item proved
here.

Its safe moves (`four_corners_safe`: `knowledge.crossing_safe`, while
dealing too), the cards stuck in the last layout and the dead test on them
(`four_corners_stuck`, `four_corners_dead`), pointless moves
(`four_corners_pointless`), its first phase that only looks for wins
(`four_corners_layouts`, layout by layout) and its registration.
"""

from __future__ import annotations

from engine.core import Game, Move
from engine.solver.knowledge import Knowledge, crossing_safe, partner_foundations, register
from engine.solver.layouts import columns_alike


def four_corners_safe(game: Game, move: Move) -> bool:
    """Четыре угла: `knowledge.crossing_safe` in the last layout (no redeal
    left), while it is dealt too: the aces go up and the kings down in
    suit, marriages are up or down in suit (play.5.3). With a redeal to
    come a card home early would change the cards gathered: not safe then.

    While dealing, the proof of `crossing_safe` holds with the pack's cards
    counted among those out of home: a card dealt goes to the packet of
    ``extra.next``, which no move home changes, or, a base card, to its
    empty foundation (the foundation X goes to is begun: X's rank is above
    the ace, since the partner has come down to it; a king never crosses
    an ascending foundation above it), so L' deals each card where L does;
    a card dealt onto X in L lies in L' on the card that was under X, and
    over each card lie in L' only cards that lie over it in L; no card is
    married before the deal ends (play.5.1), and a side packet's card that
    L plays to its foundation beside is its top card in L' too. The
    standstill that ends the game (shuttles aside) comes no sooner in the
    line L': while L still has a move to make, L' has it too, or has won."""
    return not game.redeals_left and crossing_safe(game, move)


def _four_corners_virtual(game: Game):
    """The last layout as it will lie once dealt: each packet's cards with
    the card the deal will put on it next, in order, and for each card its
    turn in the deal (-1: on the table already); and, per suit, what the
    ascending and descending foundations want once the bases still in the
    pack have gone to them. None where a packet holds the base of an empty
    foundation (the deal could then be changed by a move home; never so in
    a real game, where a base dealt goes to its empty place).

    The deal is fixed: a card dealt goes to the packet of ``extra.next``,
    which only a card dealt to a packet moves on, or, the base of an empty
    foundation, to that foundation (play.4); a move home changes neither,
    and no card is married while dealing (play.5.1). With no base of an
    empty foundation in a packet, none ever is (a base dealt goes home), so
    no packet card fills an empty foundation and the foundations are begun
    exactly as the pack's bases come. Each real position of the deal is
    this layout less the cards played home meanwhile."""
    piles, packets = game.piles, game.packets
    empty = {}
    for f in game.by_role["foundation"]:
        if not piles[f]:
            empty[game.foundation_wants(f)] = f
    layout = [list(piles[p]) for p in packets]
    if any(card in empty for pile in layout for card in pile):
        return None
    turns = [[-1] * len(pile) for pile in layout]
    started = set()
    nxt = game.extra["next"]
    for k, card in enumerate(reversed(piles[game.index["stock"]])):
        f = empty.pop(card, None)
        if f is not None:
            started.add(f)
            continue
        layout[nxt].append(card)
        turns[nxt].append(k)
        nxt = (nxt + 1) % 12
    up: dict[int, int] = {}    # suit -> the rank its ascending foundation wants (14: complete)
    down: dict[int, int] = {}  # suit -> the rank its descending foundation wants (0: complete)
    for i, j in partner_foundations(type(game)).items():
        spec = game.PILES[i]
        if spec.step > 0:
            up[spec.suit] = len(piles[i]) + (i in started) + 1
            down[spec.suit] = 13 - len(piles[j]) - (j in started)
    return layout, turns, up, down


def four_corners_stuck(game: Game) -> set[tuple[int, int]]:
    """Четыре угла, last layout (no redeal left), dealt out or still being
    dealt: the places (packet, height) of cards that can never move, in
    the layout as it will lie once dealt (`_four_corners_virtual`; the
    heights are that layout's); `four_corners_dead` proves it.

    A card X of suit s and rank r stays in the set while it is *covered*
    (the card of the set above it is on the table already, or X cannot go
    home before that card is dealt) or *held*: it cannot go home and has
    no host. It cannot go to s's ascending foundation U if U is past r-1,
    or if some rank q that U needs before r (above U's wish, below r) has
    no copy that could get there: each copy of q lies on the descending
    foundation, in the set, or below X in its packet. The same, mirrored,
    for the descending foundation D. "Before the card over X is dealt":
    the same, counting also as lacking the copies dealt at or after it.
    No host: each copy of s's r+1 and r-1 in a packet lies below X, or is
    in the set and covered. All conditions only grow with the set.

    The set is kept, in each packet, as the cards below a height ``t``;
    a card of the set that meets neither condition is cut off with all
    above it, until a whole round cuts none: the set left is closed (each
    card of it meets its condition), which is all the proof needs. Dealt
    out (every turn -1) it is the greatest such set, as before."""
    virtual = _four_corners_virtual(game)
    if virtual is None:
        return set()
    layout, turns, up, down = virtual
    packets = game.packets
    where: dict[int, list[tuple[int, int]]] = {}  # card -> (packet number, height) of its copies
    for n, pile in enumerate(layout):
        for h, card in enumerate(pile):
            where.setdefault(card, []).append((n, h))
    t = [len(pile) for pile in layout]
    tabled = [len(game.piles[p]) for p in packets]  # each packet's cards on the table (turn -1)
    empty: tuple = ()
    never = 1 << 30

    def reachable(card: int, before: int) -> bool:
        """Some copy of ``card`` lies in a packet outside the set, dealt before turn ``before``."""
        for n, h in where.get(card, empty):
            if h >= t[n] and turns[n][h] < before:
                return True
        return False

    def homeless(card: int, before: int) -> bool:
        """``card`` cannot go home before turn ``before`` (ever, with `never`)."""
        rank = card & 15
        base = card & 0xF0
        wants = up[card >> 4]
        if wants == rank:
            return False
        if wants < rank:
            for q in range(wants, rank):
                if not reachable(base | q, before):
                    break
            else:
                return False
        wants = down[card >> 4]
        if wants == rank:
            return False
        if wants > rank:
            for q in range(rank + 1, wants + 1):
                if not reachable(base | q, before):
                    break
            else:
                return False
        return True

    def held(card: int) -> bool:
        if not homeless(card, never):
            return False
        base = card & 0xF0
        for host in (card + 1, card - 1):
            if 1 <= host & 15 <= 13 and host & 0xF0 == base:
                for n, h in where.get(host, empty):
                    if h >= t[n] - 1:  # outside the set, or in it and uncovered
                        return False
        return True

    def first_loose(n: int) -> int:
        """The lowest height of packet ``n``'s part of the set whose card meets neither condition (-1: none)."""
        pile, turn, top = layout[n], turns[n], t[n] - 1
        for h in range(max(0, tabled[n] - 1), top):  # below, the card above is on the table
            if not homeless(pile[h], turn[h + 1]):
                return h
        return top if top >= 0 and not held(pile[top]) else -1

    changed = True
    while changed:
        changed = False
        for n in range(len(packets)):
            h = first_loose(n)
            while h >= 0:
                t[n] = h
                changed = True
                h = first_loose(n)
    return {(p, h) for n, p in enumerate(packets) for h in range(t[n])}


def four_corners_dead(game: Game) -> bool:
    """Четыре угла: lost when the last layout is reached (no redeal left),
    dealt out or still being dealt, and `four_corners_stuck` is not empty.

    Proof. With no redeal left the moves are a packet's top card going
    home (the next card of its foundation: U up from the ace, D down from
    the king, one of each per suit), while dealing from a side packet only
    to the foundation beside it (a narrowing the proof does not need), and,
    once dealt out, a top card married onto another packet's top card of
    its suit one higher or lower (play.5.3); nothing is laid in an emptied
    packet (`four-corners.assume.empty-packet-stays-empty`), no redeal is
    left, nothing leaves a foundation; the cards are dealt where
    `_four_corners_virtual` lays them, and every position is its layout
    less cards gone home. Suppose a card of the set S moves; let X (suit
    s, rank r) be the first, at time t; until t no card of S has moved,
    so none is home. If the card of S above X has been dealt by t, it lies
    above X still: X is not a top card. Else, if X is not the highest of
    S in its packet, t comes before that card's turn: X goes home at t
    (while dealing no other move is made), so U (or D) wants r at t: it
    wants r now, or every rank q from its wish to r-1 reaches it by t; but
    some such q has each copy on D (home for good), in S (unmoved), below
    X (in S) or still in the pack at t (dealt at or after the card above
    X). Else X is held: it cannot go home, by the same count with no turn,
    and each copy of s's r+1 or r-1 in a packet is below X (covered by X)
    or in S and covered (by an unmoved card of S, above it once dealt, and
    marriages come only after the deal); a copy home or in the pack is on
    no packet: X has no host. So X cannot move at t, a contradiction: the
    cards of S never move, never go home, and the game is lost."""
    if game.redeals_left:
        return False
    if game.phase == "deal" and sum(len(game.piles[p]) for p in game.packets) > 12:
        # cost only (asking less is as sound): while dealing, the test is
        # asked in the first round, when the layout's fate is mostly set
        # (the cards then only go home); later it would cost ~5 positions' time
        return False
    return bool(four_corners_stuck(game))


def four_corners_pointless(game: Game, move: Move) -> bool:
    """Четыре угла, no redeal left: marrying a card that lies alone in its
    packet is never needed by a shortest winning line.

    Proof. Let P have X alone in packet A and Y (X's suit, one up or down)
    on top of B; P' is P after X goes onto Y, A empty. Take a winning line
    L from P'; mirror it from P: what L does with B's cards above Y (X and
    what is laid on it) it does with A's, the rest alike. The tops are the
    same cards at every step (A's top is the top of B's part above Y, B's
    part from Y down is B itself), the foundations alike, and in play a
    move reads only the tops (play.5.3; the side packets' bar ends with the
    deal, play.5.1); A, empty in P', takes nothing
    (`four-corners.assume.empty-packet-stays-empty`) and is empty in the
    mirror exactly when B is down to Y in L. So each move of L is legal in
    the mirror (a move of L that leaves the tops the same, a shuttle, is a
    move of the mirror too), no position of it is a standstill where L's is
    not (its real moves include L's: only the move of B's last card above
    Y differs, and it is real in the mirror, A emptying), and no redeal is
    left to read the packets' order. The mirror wins in |L| moves: P has a
    line one shorter than any through P'. The other items keep a shortest
    line: the safe move's line (`four_corners_safe`) is no longer than the
    one it follows (each card's moves replaced by one move home), the dead
    test says lost only of lost positions, and the key merges positions
    with the same future."""
    if move.action or game.redeals_left or game.phase != "play":
        return False
    src, dst = game.index[move.src], game.index[move.dst]
    return len(game.piles[src]) == 1 and game.roles[dst] != "foundation"


# Четыре угла's first phase: a win search layout by layout. The depth-first
# search sinks into the first last layout it reaches (nine tenths of its
# positions), and the randomised playouts wander in the marriages of the
# first layouts; yet a winnable last layout is won within a few hundred
# positions. This phase searches depth first with a cap on the positions
# of each layout (its own, not those of the layouts after it): a layout
# that has spent its cap is left, back to the redeal that began it, so many
# second and third layouts are tried cheaply; then again with larger caps.
# It only looks for wins (a win is a line of the engine's moves, replayed
# by the measures); it never says lost: the generic search follows it with
# the rest of the budget, the only one to prove a loss. The randomised
# playouts come first, within a share of the budget (some easy wins are
# theirs: deals 2, 7, 14 within 0.1-0.3 s; a hundred of them that fail take
# over a second); the generic search then makes none (playouts=0).
FOUR_CORNERS_CAPS = ({0: 400, 1: 300, 2: 300}, {0: 1000, 1: 1000, 2: 1000}, {0: 3000, 1: 3000, 2: 3000})
FOUR_CORNERS_PLAYOUTS = 100
# the budget's shares (of what is left at the start): the playouts stop at
# the first, the capped passes at the second, the generic search has the
# rest. The playouts' wins come within 0.55 s at 1 s a deal (deals 1-100:
# 0.05-0.53 s), the passes' mostly within 0.3 s more.
FOUR_CORNERS_SHARES = (0.55, 0.97)


class _LayoutCut(Exception):
    pass


class _Share:
    """The search's `Meter` as seen by one phase: its ticks count in the
    meter (which raises when the whole budget is spent), and `_LayoutCut`
    ends the phase past its own share of positions or CPU time."""

    def __init__(self, meter, share: float):
        from engine.solver.search import clock

        self.meter, self.clock = meter, clock
        now = clock()
        self.stop = now + share * max(0.0, meter.deadline - now)
        self.last = meter.nodes + int(share * max(0, meter.max_nodes - meter.nodes))

    def tick(self) -> None:
        meter = self.meter
        meter.tick()
        if meter.nodes >= self.last or (meter.nodes % 64 == 0 and self.clock() > self.stop):
            raise _LayoutCut


def four_corners_layouts(game: Game, know: Knowledge, meter) -> tuple | None:
    """Knowledge.exact of Четыре угла: ("won", line) if the playouts or the
    capped passes find a win within their shares of the budget, else None
    (the generic depth-first search goes on with the rest)."""
    import random

    from engine.solver.search import WON, children, home_roles, playouts

    if game.is_won():
        return None
    homes = home_roles(type(game))
    try:
        # the playouts keep the lone marriages (they only look for wins; these win more)
        line = playouts(game, know._replace(pointless=None), homes, _Share(meter, FOUR_CORNERS_SHARES[0]),
                        FOUR_CORNERS_PLAYOUTS, random.Random(game.deal * 7919))
    except _LayoutCut:
        line = None
    if line is not None:
        return WON, line
    share = _Share(meter, (FOUR_CORNERS_SHARES[1] - FOUR_CORNERS_SHARES[0]) / (1 - FOUR_CORNERS_SHARES[0]))
    for caps in FOUR_CORNERS_CAPS:
        try:
            line = _four_corners_pass(game, know, share, homes, caps, children)
        except _LayoutCut:
            return None  # the phase's share is spent
        if line is not None:
            return WON, line
    return None


def _four_corners_pass(game, know, meter, homes, caps, children) -> tuple | None:
    """One capped pass (see `four_corners_layouts`): the won line, or None."""
    from engine.solver.keys import Keyer

    work = game.copy(stack=False)
    keyer = Keyer(work, know)
    seen = {keyer.key(work)}
    dead = know.dead
    stack = [children(work, know, homes)]
    layouts_on = [[0, 0]]  # per layout on the line: [index of its first frame, its positions]
    while stack:
        moves = stack[-1]
        if not moves:
            _drop_frame(stack, layouts_on, work, keyer)
            continue
        move = moves.pop()
        meter.tick()
        work.push(move)
        keyer.push(work, move)
        key = keyer.key(work)
        if key in seen:
            work.pop()
            keyer.pop()
            continue
        seen.add(key)
        if work.is_won():
            return tuple(work.move_stack)
        if dead is not None and dead(work):
            work.pop()
            keyer.pop()
            continue
        if move.action == "redeal":
            layouts_on.append([len(stack), 0])
        else:
            layouts_on[-1][1] += 1
            if layouts_on[-1][1] > caps.get(work.redeals_left, 0):
                # leave this layout: back to the redeal that began it (or give up the pass)
                first = layouts_on[-1][0]
                if first == 0:
                    return None
                work.pop()
                keyer.pop()
                while len(stack) > first:
                    _drop_frame(stack, layouts_on, work, keyer)
                continue
        stack.append(children(work, know, homes))
    return None


def _drop_frame(stack, layouts_on, work, keyer) -> None:
    """Pop the last frame and the move that led to it (and its layout's record, if it began one)."""
    stack.pop()
    if layouts_on and layouts_on[-1][0] == len(stack) and len(stack) > 0:
        layouts_on.pop()
    if stack:
        work.pop()
        keyer.pop()


# Четыре угла: after the deal the top cards play anywhere and marry alike;
# only the deal (a side packet feeds the foundation beside it) and a redeal
# (the packets gathered in order) tell packets apart.
# Playouts: the exhaustive search of Четыре угла sinks into the third
# layout below the first choices it makes (deals 1, 3, 4: nine tenths of its
# positions are last-layout ones), where no win is; 100 randomised playouts
# first win 3 of deals 1-20 within 1 CPU s, 8 win 1 (400 win the same 3);
# they are now made by the first phase, `four_corners_layouts` (the
# "exact" hook: it answers only "won", else the generic search goes on).
register("four-corners", Knowledge(interchangeable=("corner", "side"),
                                   interchangeable_when=columns_alike, safe=four_corners_safe,
                                   dead=four_corners_dead, pointless=four_corners_pointless,
                                   exact=four_corners_layouts, playouts=0))
