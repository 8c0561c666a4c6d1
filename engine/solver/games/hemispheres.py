"""Полушарія (hemispheres): what the search may assume, each item proved here.

Two halves of the table, red suits' foundations built up from the ace
and black suits' down from the king, marriages by the host's colour. Its
dead test (`hemispheres_dead`, asked late: `hemispheres_dead_late`), safe
moves home (`hemispheres_safe`), canonical key (`hemispheres_key`), its
first phase that only looks for wins (`hemispheres_search`) and its
registration.
"""

from __future__ import annotations

import importlib

from engine.core import Game, Move
from engine.solver.knowledge import Knowledge, register


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


_FOUNDATIONS = frozenset(hemispheres.GAME.ups + hemispheres.GAME.downs)


def hemispheres_purposeful(game: Game, move: Move) -> int:
    """A second order of the moves for the playouts (higher first; an order
    only: a playout's win is a replayed line, no verdict rests on it): moves
    home and exchanges first, then a circle card leaving a card a foundation
    wants, then one emptying a place while the pack lasts (the deal fills it
    instead of turning a card onto the talon, which only its top leaves),
    then the talon's top married into the circle, then the deal, and last
    the circle marriages that uncover nothing wanted (the generic order
    makes them before dealing: a playout then wanders among re-orderings of
    the circle while the talon grows). The generic order and this one win
    different deals (deal 107 only by the generic one, 35, 90, 160, 206
    only by this one, with 150 playouts of each kind), so
    `hemispheres_search` takes them in turn: at 77,000 positions, deals 19,
    203, 231, 237 and 263, undecided before, are won."""
    action = move.action
    if action:
        return 10 if action.startswith("exchange") else 5
    index, piles = game.index, game.piles
    src, dst = index[move.src], index[move.dst]
    if dst in _FOUNDATIONS:
        return 9
    if src == game.talon:
        return 6
    if not piles[dst]:
        return 7  # a wrong card crossing at the end into an empty place of its own
    pile = piles[src]
    if len(pile) == 1:
        return 7 if piles[game.stock] else 4
    under = pile[-2]
    if (under >> 4 in hemispheres.RED) == (src in game.north):
        for f in _FOUNDATIONS:
            if hemispheres.wants(game, f) == under:
                return 8
    return 3


# Positions the generic playouts search alone before the purposeful ones
# join them. At 77,000 positions (10 s of this game's 7,700 a second) the
# generic ones then still reach 55,000 positions of their own, past the
# latest win they found on deals 1-300 (deal 89 at 53,336), while the
# purposeful ones get 22,000.
PURPOSEFUL_AFTER = 33_000


def hemispheres_search(game: Game, know: Knowledge, meter) -> tuple | None:
    """Полушарія's search (`Knowledge.exact`): the generic one, but with two
    kinds of playouts, taken in turn, one making the safe moves
    (`hemispheres_safe`), the other making none. The playouts only look for wins (a win is a
    replayed line, no verdict rests on them), and they are greedy: a safe
    move home keeps a win possible but can lead the greedy line elsewhere.
    Deals 1-100 at 1 CPU s: playouts with the safe move win 11 deals those
    without it do not (3, 14, 15, 25, 48...), and lose 11 others (11, 12,
    27, 41...; 11, 12 and 27 stay undecided after 10 s). Once the generic
    playouts have searched `PURPOSEFUL_AFTER` positions alone, the same two
    kinds in the order of `hemispheres_purposeful` take turns with them (a
    portfolio: each order wins deals the other does not). The generic ones
    are played exactly as before, so a deal they win within that many
    positions is won by the same line. The exhaustive
    search, whose verdict "lost" the safe move keeps a proof, plays it
    alone."""
    import random

    from engine.solver.search import WON, exhaustive, home_roles, is_thoughtful, playouts

    if game.is_won():
        return WON, ()
    homes = home_roles(type(game))
    seed = game.deal * 7919
    generic = ((know, random.Random(seed)), (know._replace(safe=None), random.Random(seed)))
    aimed = know._replace(score=hemispheres_purposeful)
    second = ((aimed, random.Random(seed + 1)), (aimed._replace(safe=None), random.Random(seed + 1)))
    made = [0, 0]  # playouts (of each of its two kinds) of the generic order, of the purposeful one
    while made[0] < know.playouts or made[1] < know.playouts:
        # the purposeful order joins once the generic one alone has had its share
        joins = made[1] < know.playouts and (meter.nodes >= PURPOSEFUL_AFTER or made[0] >= know.playouts)
        for n, rounds in enumerate((generic, second)):
            if made[n] >= know.playouts or (n == 1 and not joins):
                continue
            made[n] += 1
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
