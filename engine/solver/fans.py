"""The fan games' shared machinery: Прекрасная Люція, Домъ въ лѣсу, Домъ на
холмѣ (each game's own dead test or safe moves, and its registration
through `fan_knowledge`, are in engine/solver/games/).

Fans of three face up, suited foundations (aces up; in Домъ на холмѣ also
kings down), marriage of a fan's top card onto another fan's top card in
suit (downwards; in Домъ на холмѣ up or down), an emptied fan stays empty,
and redeals that gather the fans' cards, shuffle them and deal them again.

What the search may assume, each item proved here:

* Fans are interchangeable, redeals or not. No rule of play tells one fan
  from another (every fan takes the same marriages, an empty one takes
  nothing), and a redeal gathers the cards in pack order before it
  shuffles them (`FanGame.do_redeal`), so the next layout depends only on
  which cards are left in the fans, not on which fan holds them; the
  standstill that gates a redeal (`engine.assume.standstill`) asks only
  about moves, which are the same under any renaming of the fans.
* Two foundations built alike (Домъ въ лѣсу: two of each suit, both from
  the ace) holding as many cards are the same pile: they are sorted in
  the key (`knowledge.spec_twins`). Twin cards (the two copies of a card)
  are one card value, so the key never tells them apart either.
* Safe moves (`fan_safe`), dead positions (`fans_dead_one_pack`, `twin_dead`,
  `fans_dead_two_packs`, and in Домъ въ лѣсу `fans_order_dead`: cards that
  must go home before one another in a cycle) and pointless moves
  (`fan_pointless`) hold with no redeal left; their proofs are in their
  docstrings.

`FanSearch` is a specialised exact search for a fan game with no redeal
left (the single-deal measure, and the last layout of a game): the same
moves as `FanGame.generate_moves`, on plain lists (with one pack, card by
card: `FanSearch.run_one_pack`), with the position key and the dead test
kept up to date move by move. tests/solver/test_fans.py checks the one-pack
search position for position against the same search written plainly, and
the two-pack dead test against its fixpoint written plainly; tests/solver/test_solve.py
checks the verdicts against the generic search and replays the won lines.
With two packs the exhaustive search comes after capped random restarts
(`FanSearch.dives`), which find most of these deals' wins; a "lost" comes
from a search that ended under its cap, so it is still a proof.
"""

from __future__ import annotations

import random

from engine.cards import KING
from engine.core import Game, Move
from engine.solver.knowledge import Knowledge, cards_home, spec_twins
from engine.solver.registry import knowledge
from engine.solver.search import LOST, UNKNOWN, WON, Meter, OutOfBudget, clock, exhaustive


def fan_safe(game: Game, move: Move) -> bool:
    """A card X going to a foundation, with no redeal left, is safe when
    every copy of every card that could be married onto X (same suit, one
    lower; in Домъ на холмѣ also one higher) already lies on a foundation.

    Proof: foundation cards never leave; so X can never again be a target,
    and X only covers the card beneath it. Take any winning line L from
    here. L plays X (this copy) home at some point, or its twin plays the
    foundation's X and this X goes to the twin foundation later; either way
    playing X now and then L with X's own later move to the foundation
    skipped (or made by the twin instead: twins are the same card) is
    legal: moving X earlier only uncovers the card beneath it earlier, and
    no rule of these games forbids a move because a card is uncovered (an
    empty fan takes nothing, and with no redeal left no rule waits for a
    standstill). Where X could also be laid onto a fan (X+1 or X-1 on top),
    L's use of X there only ever served to uncover the card below (nothing
    can be laid on X), which going home does too."""
    if move.action or game.redeals_left:
        return False
    dst = game.index[move.dst]
    if game.roles[dst] != "foundation":
        return False
    card = game.piles[game.index[move.src]][-1]
    home = None
    for step in game.MARRY:
        below = card - step  # the card that would be married onto X
        if not 1 <= below & 15 <= KING:
            continue
        if home is None:
            home = cards_home(game)
        if home.get(below, 0) < game.decks:
            return False
    return True


def fan_pointless(game: Game, move: Move) -> bool:
    """A fan game's move of a card lying alone in its fan onto another fan,
    with no redeal left, is never needed.

    Proof: the move uncovers nothing and only covers the card it lands on;
    leave the card X where it is, and every later move of the line is still
    possible (what the line laid on X, or took from X, it lays on or takes
    from X's own fan instead; the card X would have covered stays
    available, which forbids nothing, since an empty fan takes no card and
    no rule waits for a standstill once no redeal is left)."""
    if move.action or game.redeals_left:
        return False
    return len(game.piles[game.index[move.src]]) == 1 and game.roles[game.index[move.dst]] == "fan"


def fans_dead_one_pack(fans: list[list[int]]) -> bool:
    """The dead test of one-pack fans, marriage downwards in suit (see `dead_one_pack`)."""
    pos = {card: (f, k) for f, pile in enumerate(fans) for k, card in enumerate(pile)}
    return dead_one_pack(fans, pos)


def needy_of(fan: bytes) -> tuple[tuple[int, int], ...]:
    """The cards of a fan that lie over a lower card of their own suit, with their depths."""
    low = [99, 99, 99, 99]  # the lowest rank of each suit beneath
    out = []
    for k, card in enumerate(fan):
        suit, rank = card >> 4, card & 15
        if low[suit] < rank:
            out.append((card, k))
        elif rank < low[suit]:
            low[suit] = rank
    return tuple(out)


def dead_one_pack(fans: list[list[int]], pos: dict[int, tuple[int, int]]) -> bool:
    """The dead test of one-pack fans, marriage downwards in suit.

    Read "u before v" as: card u must leave its place before card v can
    leave its. A card goes before every card it covers. A card X lying over
    a lower card of its own suit can never go home first (that card is
    covered by X), so X must be married onto X+1, which must first be
    uncovered where it lies now (even to move elsewhere): the card now lying
    just above X+1 goes before X. A king in that plight has no X+1: lost.
    A cycle in "before": lost. One pack, so every card is unique.

    The cycle is looked for among the cards X that must be married ("needy"):
    X -> Y when the card that must go before Y lies in X's fan at X's depth
    or below it (X covers it, or is it). ``pos`` holds each card's (fan,
    depth). `FanSearch.run_one_pack` runs this test once, at the start,
    and then follows it move by move (see the comment at its dead test)."""
    needy = {}
    for f, pile in enumerate(fans):
        found = needy_of(bytes(pile))
        if found:
            needy[f] = found
    blocker: dict[int, tuple[int, int, int, int]] = {}  # X -> (blocking fan, depth, X's fan, X's depth)
    for f, cards in needy.items():
        for card, k in cards:
            if card & 15 == 13:
                return True
            p = pos.get(card + 1)
            if p is not None:
                f2, k2 = p
                if k2 + 1 < len(fans[f2]):
                    blocker[card] = (f2, k2 + 1, f, k)
    if len(blocker) < 2:
        if blocker:  # one needy card blocked by a card in its own fan at or above it? no: above is fine
            (f2, k2, f, k), = blocker.values()
            return f2 == f and k >= k2
        return False
    nodes = list(blocker)
    succ = {x: [y for y in nodes if blocker[x][2] == blocker[y][0] and blocker[x][3] >= blocker[y][1]]
            for x in nodes}
    state: dict[int, int] = {}
    for root in nodes:  # three-colour depth-first search for a cycle
        if root in state:
            continue
        state[root] = 1
        stack = [(root, iter(succ[root]))]
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                state[node] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return True
            elif nxt not in state:
                state[nxt] = 1
                stack.append((nxt, iter(succ[nxt])))
    return False


def twin_dead(game: Game) -> bool:
    """Is this position of a two-pack fan game lost, with no redeal left? (sound, not complete)"""
    if game.redeals_left:
        return False
    cls = type(game)
    return fans_dead_two_packs([game.piles[i] for i in cls._fans],
                               tuple((suit, base, step) for _f, suit, base, step in cls._foundations),
                               [len(game.piles[f]) for f, _s, _b, _t in cls._foundations], cls.MARRY)


def fans_dead_two_packs(fans, found_spec, heights, marry) -> bool:
    """The dead test of two-pack fans (Домъ въ лѣсу, Домъ на холмѣ), with no
    redeal left: True when some cards can provably never leave their
    places, so the game cannot be won. ``fans``: each fan's cards, bottom
    first; ``found_spec``: each foundation's (suit bits, base rank, step);
    ``heights``: the cards on each; ``marry``: the steps a card may marry by
    (card + step must be the top it lands on). Sound, not complete.

    The test computes a set S of cards of the fans, each fan's S being a
    bottom part of it (below its "frontier": S starts as every card in the
    fans). A fan's frontier card X (the highest card of S in it) is
    released (taken out of S; the card under it becomes the frontier) when
    the rules might let it leave its place with the cards of S still where
    they lie:
    * by marriage: a copy of a card X may land on (X + step) is released
      (``free``) or is some fan's frontier card (``fm``: nothing of S lies
      on it);
    * or home: a foundation F of X's suit still to take X (an ace's wants
      rank w <= X, a king's w >= X) and every rank between w and X (w..X-1
      going up, X+1..w going down) has a released copy.
    Release until nothing changes (a greatest fixpoint; releasing only ever
    helps others, so the order does not matter). Dead when S is not empty.

    Proof. Take any line of play from here and the first move in it that
    takes a card of S from its place (cards never come back to their
    places but by leaving them first; foundation cards never move). Before
    it, every card of S lies where it lies now. The card X moved is on top
    of its fan, so every card that lay on it has left: none of them is in
    S, so X is its fan's frontier card, which the fixpoint did not
    release. If X is married onto a copy Z of X + step lying on top of a
    fan: Z came from a fan (foundation cards stay); either Z has left its
    place (then it is not in S, so released), or it lies there with every
    card that covered it gone (none in S: Z is a frontier card, or
    released). If X goes home on F, F took every rank between w and X
    first, each card of a fan that has left its place (a foundation card
    was on F already or stays on another foundation), so not in S:
    released. Both contradict "not released". So no card of S ever
    leaves its fan, none goes home, and the game is lost (no redeal is
    left to gather them). The one-pack cycle test (`dead_one_pack`) rests
    on an argument of the same kind; with two copies (twins are one card
    value) a target or a rank counts as soon as any one copy qualifies.
    It finds every position the earlier, narrower two-pack test found (a
    copy over both copies of a lower card, its targets under it or home:
    such a copy is never released), tests/solver/test_fans.py checks."""
    homes: tuple[list, ...] = ([], [], [], [])
    for (suit, base, step), ht in zip(found_spec, heights):
        w = base + step * ht
        if 1 <= w <= KING:
            if step > 0:
                homes[suit >> 4].append((suit | w, True))
            else:
                homes[suit >> 4].append((suit | w, False))
    nf = [0] * 64  # fans whose frontier is this card
    fm = 0
    h = []
    live = []
    for g, p in enumerate(fans):
        n = len(p)
        h.append(n)
        if n:
            c = p[-1]
            nf[c] += 1
            fm |= 1 << c
            live.append(g)
    free = 0
    both = len(marry) > 1
    changed = True
    while changed:
        changed = False
        still = []
        for g in live:
            p = fans[g]
            k = h[g]
            while k:
                c = p[k - 1]
                ok = free | fm
                if not ((ok >> (c + 1)) & 1 or both and (ok >> (c - 1)) & 1):
                    for w, up in homes[c >> 4]:
                        if up:
                            if c >= w:
                                m = (1 << (c - w)) - 1
                                if (free >> w) & m == m:
                                    break
                        elif c <= w:
                            m = (1 << (w - c)) - 1
                            if (free >> (c + 1)) & m == m:
                                break
                    else:
                        break
                n = nf[c] - 1
                nf[c] = n
                if not n:
                    fm ^= 1 << c
                free |= 1 << c
                k -= 1
                if k:
                    c = p[k - 1]
                    nf[c] += 1
                    fm |= 1 << c
                changed = True
            h[g] = k
            if k:
                still.append(g)
        live = still
        if not live:
            return False
    return True


def order_applies(cls) -> bool:
    """Does `fans_order_dead` hold for this game? Two packs, marriage
    downwards only (no card goes on a king), every foundation an ace built
    up by one: Домъ въ лѣсу (Домъ на холмѣ's fans also marry upwards and
    its kings go home too, so it is left out)."""
    return (cls.decks == 2 and tuple(cls.MARRY) == (1,)
            and all(base == 1 and step == 1 for _f, _s, base, step in cls._foundations))


def fans_order_dead(fans, home) -> bool:
    """A dead test of two-pack fans, aces up, marriage downwards in suit
    (`order_applies`), with no redeal left: True when no order in which the
    cards go home can be kept. ``fans``: each fan's cards, bottom first;
    ``home``: the copies of each card on the foundations. Sound, not complete.

    A node is one card of a fan (a copy, at its place). Read u -> v as "in
    every winning line, u goes home before v" (a win sends every card
    home); each edge below is a consequence of the rules and of the edges
    found before it, so a contradiction (a cycle, or a card that would
    have to go home before and after another) means no winning line.

    * A card H is "home-only" when it can never be married: a king (there
      is nothing to marry it onto), or a card each of whose targets (the
      copies of H + 1 still in the fans) lies beneath H in H's own fan, or
      beneath a home-only card G with H -> G. Proof: a marriage needs its
      target on top of a fan; until H first moves it covers the targets
      beneath it, and G covers its own until G goes home (G only ever
      moves home), after H (H -> G) and so after H's first move. So H's
      first move, and so every move of H, is home.
    * A home-only card H goes before every card beneath it in its fan: a
      card leaves from the top, and H leaves only to go home.
    * If u ->+ v where v is of u's suit and lower, u is the first of its
      two copies to go home: the second copy goes on a foundation of its
      suit while the other one holds the first (a foundation holds one
      card of a rank), so both foundations hold a copy of every lower
      rank: every copy of every lower rank is home before it, v too. So
      if u's twin is home already, dead; else u -> twin, and every copy of
      a lower rank of the suit still in the fans -> twin (twin is second).
      Likewise every lower copy in the fans -> a card whose twin is home.
    * u ->+ v as above: u needs a copy of v's rank home before it (its
      foundation holds one), and v comes after, so v's twin (if in the
      fans) -> u.
    * If e ->+ both copies of a card (both in the fans), e -> every card of
      that suit with a higher rank still in the fans: each of them needs a
      copy of that card home before it (its foundation holds one).
    Dead when some u ->+ u. Foundation cards never move and no redeal is
    left, so nothing else moves a card. Under Belle Lucie's reading
    "plays-first" there are fewer marriages, which only strengthens every
    step: it holds under every reading of the game."""
    card: list[int] = []
    below: list[int] = []  # per node, the nodes beneath it in its fan (bits)
    for p in fans:
        base = len(card)
        for k, c in enumerate(p):
            card.append(c)
            below.append(((1 << k) - 1) << base)
    n = len(card)
    copies: dict[int, list[int]] = {}
    for i, c in enumerate(card):
        copies.setdefault(c, []).append(i)
    lower: dict[int, int] = {}  # per card, the nodes of its suit with a lower rank
    for c in copies:
        m = 0
        for d, nodes in copies.items():
            if d >> 4 == c >> 4 and d < c:
                for j in nodes:
                    m |= 1 << j
        lower[c] = m
    pairs = []  # (both copies of a card, the nodes of its suit with a higher rank)
    for c, nodes in copies.items():
        if len(nodes) == 2:
            higher = 0
            for d, others in copies.items():
                if d >> 4 == c >> 4 and d > c:
                    for j in others:
                        higher |= 1 << j
            pairs.append(((1 << nodes[0]) | (1 << nodes[1]), higher))
    succ = [0] * n
    for u, c in enumerate(card):  # u's twin is home: u is the second copy
        if home.get(c, 0):
            m = lower[c]
            while m:
                b = m & -m
                m ^= b
                succ[b.bit_length() - 1] |= 1 << u
    home_only = 0
    while True:
        changed = False
        reach = _closure(succ)
        for i in range(n):
            if reach[i] >> i & 1:
                return True
        for i in range(n):  # new home-only cards, and their edges
            if home_only >> i & 1:
                continue
            c = card[i]
            covered = below[i]
            if c & 15 != KING:
                m = reach[i] & home_only
                while m:
                    b = m & -m
                    m ^= b
                    covered |= below[b.bit_length() - 1]
                if not all(covered >> z & 1 for z in copies.get(c + 1, ())):
                    continue
            home_only |= 1 << i
            if below[i] & ~succ[i]:
                succ[i] |= below[i]
                changed = True
        for u in range(n):
            c = card[u]
            low = reach[u] & lower[c]
            if not low:
                continue
            if home.get(c, 0):  # u would be the second copy home
                return True
            other = [x for x in copies[c] if x != u]
            if not other:  # a card neither home nor in the fans: not a position of these games
                continue
            twin = 1 << other[0]
            if not succ[u] & twin:
                succ[u] |= twin
                changed = True
            m = lower[c]
            while m:
                b = m & -m
                m ^= b
                j = b.bit_length() - 1
                if not succ[j] & twin:
                    succ[j] |= twin
                    changed = True
            m = low
            while m:
                b = m & -m
                m ^= b
                v = b.bit_length() - 1
                for t in copies[card[v]]:
                    if t != v and not succ[t] >> u & 1:
                        succ[t] |= 1 << u
                        changed = True
        for e in range(n):  # e before both copies of a card: before every higher card of its suit
            r = reach[e]
            if r:
                for pair, higher in pairs:
                    if r & pair == pair and higher & ~succ[e]:
                        succ[e] |= higher
                        changed = True
        if not changed:
            return False


def _closure(succ: list[int]) -> list[int]:
    """The transitive closure of a graph given as successor bit sets."""
    reach = succ[:]
    active = [i for i, s in enumerate(succ) if s]
    changed = True
    while changed:
        changed = False
        for i in active:
            r = reach[i]
            acc, m = r, r
            while m:
                b = m & -m
                m ^= b
                acc |= reach[b.bit_length() - 1]
            if acc != r:
                reach[i] = acc
                changed = True
    return reach


# -- the specialised search ---------------------------------------------------------------

HOME = 63     # `FanSearch.run_one_pack`: ``below`` of a card on its foundation
GO_HOME = 64  # a move of card c to its foundation is GO_HOME + c (a marriage: c)
SHIFT = tuple(6 * c for c in range(64))  # the key's field of card c (6 bits: 0..63)
ONE_BYTE = tuple(bytes((c,)) for c in range(256))
DIVE_SHARE = 0.9      # `FanSearch.dives`: the share of the budget the dives may use (tuned on deals 21-60 at 1 s)
DIVE_NODES = 200      # a dive's cap of positions, times the Luby sequence's term
DIVE_BIAS = 1.0       # a dive's preference for marriages that uncover a useful card (0: none)
DIVE_HOMES_LATE = 0.15  # the chance that a dive's position tries its moves home among the marriages


def luby(n: int) -> int:
    """The n-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ...: restart caps
    within a constant factor of the best fixed cap whatever the distribution of search lengths."""
    k = 1
    while (1 << k) - 1 < n:
        k += 1
    while True:
        if n == (1 << k) - 1:
            return 1 << (k - 1)
        n -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < n:
            k += 1


class FanSearch:
    """Exact search of a fan game's layout with no redeal (see the module docstring).

    ``prune``: use the safe moves, dead test and pointless moves (proved
    for no redeal left). The key is the fans' contents, sorted, and the
    foundations' heights (twins sorted): fans are interchangeable, and the
    foundations' cards follow from their heights."""

    best_home = 0

    def __init__(self, game: Game, meter: Meter, prune: bool = True):
        cls = type(game)
        self.game = game
        self.meter = meter
        self.prune = prune
        self.fan_ids = cls._fans
        self.found_ids = tuple(f for f, _, _, _ in cls._foundations)
        self.found_spec = tuple((suit, base, step) for _, suit, base, step in cls._foundations)
        self.marry = cls.MARRY
        self.one_pack = cls.decks == 1
        twins: dict[tuple, list[int]] = {}
        for n, spec in enumerate(self.found_spec):
            twins.setdefault(spec, []).append(n)
        self.twin_groups = tuple(tuple(g) for g in twins.values() if len(g) > 1)
        # an ace built up and a king built down in a suit: each one's partner (Домъ на холмѣ's `hill_safe`)
        self.partner = {n: m for n, (suit, _b, step) in enumerate(self.found_spec)
                        for m, (suit2, _b2, step2) in enumerate(self.found_spec)
                        if suit2 == suit and step2 == -step}

    # the foundations as (height per foundation); the card a foundation wants
    def _wants(self, heights: list[int]) -> dict[int, list[int]]:
        wants: dict[int, list[int]] = {}
        for n, (suit, base, step) in enumerate(self.found_spec):
            rank = base + step * heights[n]
            if 1 <= rank <= KING:
                wants.setdefault(suit | rank, []).append(n)
        return wants

    def run(self) -> tuple[str, tuple]:
        if self.prune and self.one_pack and self.marry == (1,):
            return self.run_one_pack()
        if self.prune and not self.one_pack:
            if order_applies(type(self.game)) and fans_order_dead([self.game.piles[i] for i in self.fan_ids],
                                                                  cards_home(self.game)):
                return LOST, ()
            found = self.dives()
            if found is not None:
                return found
        return self.depth_first()

    def dives(self, share: float | None = None) -> tuple[str, tuple] | None:
        """Short randomised depth-first searches before the exhaustive one
        (two packs): the wins these deals have are mostly found by the first
        few hundred positions of a search or not for a long time (a choice
        made early and wrong is searched to the end below it). So restarts,
        each capped at a number of positions that follows the Luby sequence
        (times `DIVE_NODES`), use ``share`` of what is left of the budget
        (time and positions; default `DIVE_SHARE`). In a dive the marriages
        come in a random order, those that uncover a card a foundation
        wants or one with a top to marry onto tried first (`DIVE_BIAS`);
        the moves home come first but now and then (`DIVE_HOMES_LATE`) among
        the marriages. Each dive has its own table of positions; one that
        ends under its cap searched everything, so its "lost" is a proof as
        the full search's is. Seeded by the deal: the same dives each time.
        None: undecided."""
        meter = self.meter
        if share is None:
            share = DIVE_SHARE
        end = clock() + share * (meter.deadline - clock())
        last = meter.nodes + int(share * (meter.max_nodes - meter.nodes))
        rng = random.Random(self.game.deal * 7919 + 1)
        n = 1
        while meter.nodes < last and clock() < end:
            status, line = self.depth_first(min(DIVE_NODES * luby(n), last - meter.nodes), rng)
            if status != UNKNOWN:
                return status, line
            n += 1
        return None

    def depth_first(self, cap: int | None = None, rng: random.Random | None = None) -> tuple[str, tuple]:
        """The depth-first search of `run` (two packs, or no pruning): at
        most ``cap`` positions (then UNKNOWN), the marriages in a random
        order where ``rng`` is given (else from the first fan's top card to
        the last's, moves home first)."""
        game, meter = self.game, self.meter
        stop = None if cap is None else meter.nodes + cap
        fans = [game.piles[i][:] for i in self.fan_ids]
        heights = [len(game.piles[f]) for f in self.found_ids]
        nfans = len(fans)
        marry = self.marry
        prune = self.prune
        one_pack = self.one_pack
        twin_groups = self.twin_groups
        decks = 1 if one_pack else 2
        dead_test = fans_dead_one_pack if one_pack and marry == (1,) else None
        if prune and not one_pack:
            def dead_test(_fans):  # noqa: E306  (the fans as bytes, kept up to date; heights too)
                return fans_dead_two_packs(fb, found_spec, heights, marry)
        fb = [bytes(p) for p in fans]
        # cards on the foundations, by card, for the safe test
        home: dict[int, int] = {}
        for f in self.found_ids:
            for c in game.piles[f]:
                home[c] = home.get(c, 0) + 1

        def heights_key() -> bytes:
            hb = heights
            if twin_groups:
                hb = heights[:]
                for g in twin_groups:
                    for n, h in zip(g, sorted(heights[i] for i in g)):
                        hb[n] = h
            return b"#" + bytes(hb)

        def key() -> bytes:
            return b"|".join(sorted(fb)) + heights_key()

        def moves_of() -> list[int]:
            """Moves as src * 64 + dst (dst < 48: a fan, else 48 + foundation), best last."""
            wants = self._wants(heights)
            tops: dict[int, list[int]] = {}
            for i in range(nfans):
                p = fans[i]
                if p:
                    c = p[-1]
                    if c in tops:
                        tops[c].append(i)
                    else:
                        tops[c] = [i]
            marriages, empties, homes = [], [], []
            for c, srcs in tops.items():
                targets = []
                rank = c & 15
                for step in marry:
                    if 1 <= rank + step <= KING:
                        targets += tops.get(c + step, ())
                fs = wants.get(c)
                for s in srcs:
                    if fs:
                        if prune and (_safe(c) or _crossing(c, fs[0])):
                            return [s * 64 + 48 + fs[0]]
                        for f in fs:
                            homes.append(s * 64 + 48 + f)
                    lone = len(fans[s]) == 1
                    for d in targets:
                        if d != s:
                            if lone:
                                if not prune:
                                    empties.append(s * 64 + d)
                            else:
                                marriages.append(s * 64 + d)
            if rng is not None:
                if DIVE_BIAS:
                    # tried first (last in the list): the marriages that uncover a card
                    # a foundation wants, then those that uncover a card with a top to marry onto
                    def score(m: int) -> float:
                        p = fans[m >> 6]
                        u = p[-2]
                        if u in wants:
                            return DIVE_BIAS + rng.random()
                        for step in marry:
                            if u + step in tops:
                                return DIVE_BIAS / 2 + rng.random()
                        return rng.random()
                    marriages.sort(key=score)
                else:
                    rng.shuffle(marriages)
                if homes and rng.random() < DIVE_HOMES_LATE:
                    marriages += homes
                    rng.shuffle(marriages)
                    return empties + marriages
            return empties + marriages + homes

        partner = self.partner
        found_spec = self.found_spec

        def _crossing(c: int, n: int) -> bool:  # `knowledge.crossing_safe` on heights
            m = partner.get(n)
            if m is None or not heights[m]:
                return False
            rank = c & 15
            if found_spec[n][2] > 0:
                return KING + 1 - heights[m] <= rank - 1
            return heights[m] >= rank + 1

        def _safe(c: int) -> bool:
            for step in marry:
                below = c - step
                if 1 <= below & 15 <= KING and home.get(below, 0) < decks:
                    return False
            return True

        if not any(fans):
            return WON, ()
        seen = {key()}
        if prune and dead_test is not None and dead_test(fans):
            return LOST, ()
        line: list[int] = []
        stack = [moves_of()]
        hkey = heights_key()  # the key's tail: the foundations' heights
        join = b"|".join
        while stack:
            todo = stack[-1]
            if not todo:
                stack.pop()
                if line:
                    m = line.pop()
                    self._undo(m, fans, fb, heights, home)
                    if m & 63 >= 48:
                        hkey = heights_key()
                continue
            m = todo.pop()
            src, dst = m >> 6, m & 63
            # the child's key, before the move is made: a position met
            # before costs no move and no undo
            a = fb[src]
            card = a[-1]
            parts = fb[:]
            parts[src] = a[:-1]
            if dst < 48:
                parts[dst] = fb[dst] + ONE_BYTE[card]
                hk = hkey
            else:
                heights[dst - 48] += 1
                hk = heights_key()
                heights[dst - 48] -= 1
            parts.sort()
            k = join(parts) + hk
            meter.tick()
            if stop is not None and meter.nodes >= stop:
                return UNKNOWN, ()
            if k in seen:
                continue
            seen.add(k)
            meter.distinct += 1
            fans[src].pop()
            fb[src] = a[:-1]
            if dst < 48:
                fans[dst].append(card)
                fb[dst] += ONE_BYTE[card]
            else:
                heights[dst - 48] += 1
                home[card] = home.get(card, 0) + 1
                hkey = hk
            line.append(m)
            if not any(fans):
                return WON, self._moves(line)
            if prune and dead_test is not None and dead_test(fans):
                self._undo(line.pop(), fans, fb, heights, home)
                if dst >= 48:
                    hkey = heights_key()
                continue
            stack.append(moves_of())
        return LOST, ()

    def run_one_pack(self, dead: bool = True, lone: bool = False, leaf=None) -> tuple[str, tuple]:
        """`run` for one pack, marriage downwards (Прекрасная Люція): the hot
        path of the single-deal measure. ``dead``: cut dead positions;
        ``lone``: also move a fan's last card onto another fan (pointless for
        a win, `fan_pointless`, but it changes which standstill is reached);
        ``leaf(want, line)``: called at each standstill (no card move left),
        with the card each suit's foundation wants next (`left_of` turns it
        into the cards left). `best_home` is the most cards on the
        foundations in any position met.

        The position is held card by card, not fan by fan: ``below[c]`` is
        the card under c in its fan (0 at the bottom, `HOME` on a
        foundation), ``tf[c]`` the fan c tops (-1: none). With one pack that
        relation is the position up to a renaming of the fans (each fan is
        the chain of cards down from its top; the cards home follow from
        who is not in a fan), so its 6-bit fields, as one int, are the
        canonical key (the same positions as the fans' contents sorted).
        Every move changes one field (``below[c]``), so a child's key is the
        parent's plus one shifted difference, computed before the move is
        made: a position met before costs one addition and one look-up.

        Moves: a card c to its foundation (`GO_HOME` + c) or c married onto
        c + 1 (c). With one pack every foundation move is safe (the
        foundation wants X, so X-1 is home: `fan_safe`), so a position with
        a card to play home has that one child (the lowest suit's).
        Marriages are tried from the last fan to the first.

        Dead test, after the full `dead_one_pack` at the start: only a
        marriage can make a live position dead (see the comment at the
        test), and it does exactly when the card c + 1 it lands on is
        "needy" (lies over a lower card of its suit) where it lies; a card
        is needy at most at its place in the layout, so that is one flag
        per card (``bad``), cleared while the card lies married."""
        game, meter = self.game, self.meter
        fans = [game.piles[i] for i in self.fan_ids]
        below = [0] * 64
        tf = [-1] * 64
        bad = [False] * 64
        tops = [p[-1] if p else 0 for p in fans]
        for f in self.found_ids:
            for c in game.piles[f]:
                below[c] = HOME
        want = [(s << 4) | 14 for s in range(4)]  # a suit with no foundation here takes nothing
        for f, (suit, base, _step) in zip(self.found_ids, self.found_spec):
            want[suit >> 4] = suit | (base + len(game.piles[f]))
        for i, p in enumerate(fans):
            for k in range(1, len(p)):
                below[p[k]] = p[k - 1]
            if p:
                tf[p[-1]] = i
            for c, _k in needy_of(bytes(p)):
                bad[c] = True
        bad0 = bad[:]
        self.present = tuple(sorted(c for p in fans for c in p))
        infan = len(self.present)
        key = sum(b << SHIFT[c] for c, b in enumerate(below))
        home_n = sum(w & 15 for w in want) - 4
        self.best_home = best = home_n
        if not infan:
            return WON, ()
        seen = {key}
        if dead and fans_dead_one_pack(fans):
            return LOST, ()
        line: list[tuple[int, int, int, int]] = []  # (move, its fan, the fan it went to, card beneath)
        keys: list[int] = []  # the key before each move of the line
        sh = SHIFT
        w = want
        stack: list[list[int]] = []
        nodes, distinct = meter.nodes, meter.distinct
        max_nodes, deadline = meter.max_nodes, meter.deadline
        check = min(max_nodes, nodes + 256)
        m = 0  # the move that led here (0: the start)
        try:
            while True:
                if m >= 0:  # a new position: its moves, best last
                    if tf[w[0]] >= 0:
                        stack.append([w[0] + GO_HOME])
                    elif tf[w[1]] >= 0:
                        stack.append([w[1] + GO_HOME])
                    elif tf[w[2]] >= 0:
                        stack.append([w[2] + GO_HOME])
                    elif tf[w[3]] >= 0:
                        stack.append([w[3] + GO_HOME])
                    else:
                        if lone:
                            todo = [c for c in tops if c and tf[c + 1] >= 0]
                        else:
                            todo = [c for c in tops if c and below[c] and tf[c + 1] >= 0]
                        if not todo and leaf is not None:
                            leaf(w, line)
                        stack.append(todo)
                todo = stack[-1]
                if not todo:
                    stack.pop()
                    if not line:
                        break
                    m, s, d, old = line.pop()  # undo it
                    if m > HOME:
                        c = m - GO_HOME
                        w[c >> 4] = c
                        home_n -= 1
                        infan += 1
                    else:
                        c = m
                        tops[d] = c + 1
                        tf[c + 1] = d
                        bad[c] = bad0[c]
                    if old:
                        tf[old] = -1
                    tops[s] = c
                    tf[c] = s
                    below[c] = old
                    key = keys.pop()
                    m = -1
                    continue
                m = todo.pop()
                if m > HOME:
                    c = m - GO_HOME
                    k = key + ((HOME - below[c]) << sh[c])
                else:
                    c = m
                    k = key + ((c + 1 - below[c]) << sh[c])
                nodes += 1
                if nodes >= check:
                    if nodes >= max_nodes or clock() > deadline:
                        raise OutOfBudget
                    check = min(max_nodes, nodes + 256)
                if k in seen:
                    m = -1
                    continue
                seen.add(k)
                distinct += 1
                old = below[c]
                s = tf[c]
                if m > HOME:
                    w[c >> 4] = c + 1
                    home_n += 1
                    infan -= 1
                    if home_n > best:
                        best = home_n
                    d = -1
                    below[c] = HOME
                    tf[c] = -1
                else:
                    # Dead test of a marriage (the position before it is
                    # live: the start was tested, a marriage is tested
                    # here, and a move home never makes a live position
                    # dead: it only removes cards, never adds a blocker).
                    # In `dead_one_pack`'s graph the move changes only c's
                    # place; the needy cards and blockers it touches are
                    # c - 1 (whose c stays a top), the card c uncovers in
                    # its fan (now a top: who waited for it is unblocked),
                    # and c itself: now on c + 1, which it covers, so if c
                    # is needy it blocks itself, a cycle. Nodes only go,
                    # but for c; so the child is dead exactly when c is
                    # needy on c + 1, that is when c + 1 is needy where it
                    # lies (c is the only card between). A card is needy
                    # where the layout put it (``bad0``) or nowhere: it is
                    # married only onto a non-needy card, else that child
                    # is dead and cut.
                    if dead and bad[c + 1]:
                        m = -1
                        continue
                    d = tf[c + 1]
                    tf[c + 1] = -1
                    tops[d] = c
                    tf[c] = d
                    below[c] = c + 1
                    bad[c] = False
                if old:
                    tops[s] = old
                    tf[old] = s
                else:
                    tops[s] = 0
                keys.append(key)
                key = k
                line.append((m, s, d, old))
                if not infan:
                    return WON, self._moves_one_pack(line)
            return LOST, ()
        finally:
            self.best_home = best
            meter.nodes, meter.distinct = nodes, distinct

    def left_of(self, want: list[int]) -> bytes:
        """The cards left in the fans of `run_one_pack` when each suit's
        foundation wants ``want`` (cards go home in order)."""
        return bytes(c for c in self.present if c >= want[c >> 4])

    def _undo(self, m: int, fans, fb, heights, home) -> None:
        src, dst = m >> 6, m & 63
        if dst < 48:
            card = fans[dst].pop()
            fb[dst] = fb[dst][:-1]
        else:
            n = dst - 48
            heights[n] -= 1
            suit, base, step = self.found_spec[n]
            card = suit | (base + step * heights[n])
            home[card] -= 1
        fans[src].append(card)
        fb[src] += bytes((card,))

    def _moves_one_pack(self, line: list[tuple[int, int, int, int]]) -> tuple[Move, ...]:
        table = type(self.game).move_table
        found_of = {suit >> 4: f for f, (suit, _b, _s) in zip(self.found_ids, self.found_spec)}
        out = []
        for m, s, d, _old in line:
            i = self.fan_ids[s]
            j = self.fan_ids[d] if m < HOME else found_of[(m - GO_HOME) >> 4]
            out.append(table[i][j])
        return tuple(out)

    def _moves(self, line: list[int]) -> tuple[Move, ...]:
        table = type(self.game).move_table
        out = []
        for m in line:
            src, dst = m >> 6, m & 63
            i = self.fan_ids[src]
            j = self.fan_ids[dst] if dst < 48 else self.found_ids[dst - 48]
            out.append(table[i][j])
        return tuple(out)


# The readings `FanSearch` plays as the engine does: they change the layout
# or the redeals, never which card move is allowed. Under any other reading
# (Belle Lucie's "plays-first" marriage order: no marriage while a card can
# go home) the fast path would allow moves the rules refuse, so the generic
# search, which asks the engine for its moves, is used instead.
MODELLED_READINGS = frozenset({"belle-lucie.assume.redeal-gate", "house-in-the-wood.assume.fan-count",
                               "house-on-the-hill.assume.fan-count", "house-on-the-hill.assume.redeals"})


def models(game: Game) -> bool:
    """Does the fast path play ``game``'s rules (its readings included)?"""
    return all(ident in MODELLED_READINGS for ident in game.non_default_readings())


def fan_exact(game: Game, know: Knowledge, meter: Meter):
    """`Knowledge.exact` of the fan games: `FanSearch` once no redeal is left."""
    if game.redeals_left or not models(game):
        return None
    return FanSearch(game, meter).run()


def fan_knowledge(cls, dead, safe=fan_safe) -> Knowledge:
    """The knowledge of a fan game ``cls`` with its dead test and safe moves
    (each game's module in engine/solver/games/ registers it)."""
    return Knowledge(interchangeable=("fan",), twins=spec_twins(cls), safe=safe, dead=dead,
                     pointless=fan_pointless, playouts=0, exact=fan_exact,
                     redeal_shuffles=True)


def one_pack_standstills(game: Game, meter: Meter) -> list[tuple[int, tuple[Move, ...], bytes]] | None:
    """For the player of Прекрасная Люція: the standstills this layout can
    reach without a redeal (no card move left), one per set of cards left
    in the fans, as (cards home, the moves to it, the cards left); None for
    a game this fast path does not cover. Budget-limited: raises
    `OutOfBudget` only if not one standstill was found."""
    cls = type(game)
    if cls.decks != 1 or cls.MARRY != (1,) or not models(game):
        return None
    search = FanSearch(game, meter, prune=False)
    found: dict[tuple, tuple[int, tuple[Move, ...], bytes]] = {}

    def leaf(want, line) -> None:
        at = tuple(want)  # the cards left follow from what the foundations want
        if at not in found:
            found[at] = (sum(w & 15 for w in want) - 4, search._moves_one_pack(line), search.left_of(want))

    try:
        search.run_one_pack(dead=False, lone=True, leaf=leaf)
    except OutOfBudget:
        if not found:
            raise
    return list(found.values())


def judge_layout(game: Game, meter: Meter) -> tuple[bool, int]:
    """Can this layout be won without a redeal, and how many cards at most
    can it bring home? (the fast path where it applies, else the generic search)"""
    work = game.copy(stack=False)
    work.redeals_left = 0
    if not models(work):  # the generic search, by the engine's moves; the cards home as the layout has them
        try:
            status, _ = exhaustive(work, knowledge(work)._replace(exact=None), meter, False)
        except OutOfBudget:
            status = ""
        return status == WON, sum(cards_home(work).values())
    search = FanSearch(work, meter)
    if search.one_pack and search.marry == (1,):
        try:
            status, _ = search.run_one_pack()
        except OutOfBudget:
            status = ""
        return status == WON, search.best_home
    try:
        status, _ = search.run()
    except OutOfBudget:
        status = ""
    return status == WON, sum(len(work.piles[f]) for f in search.found_ids)

