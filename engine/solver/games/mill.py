"""Мельница (mill): what the search may assume, each item proved here.

The middle and the corners built by rank alone, wings filled from the
pack. Its dead tests (`mill_dead`: the ranks still wanted, the endgame
and short-pack searches), its own exact search over a model of the rules
(`MillSearch`, `mill_exact`, its won lines replayed through the engine's
moves: `mill_engine_line`) and its registration.
"""

from __future__ import annotations

import importlib

from engine.cards import KING
from engine.core import Game, Move
from engine.solver.knowledge import Knowledge, register


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
    if known is not None:
        # what a search with this limit would answer, so that the answer never
        # depends on which searches ran before in this process
        answer, states = known
        if answer is not None or limit <= states:
            return answer if states <= limit else None  # a smaller search overflows first
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
    _MILL_ENDGAMES[entry] = answer, len(seen)
    return answer


# endgame -> its answer and the states its search met (None: it overflowed at that many); with the
# states, the answer of a search of any limit is a pure function of the tuple
_MILL_ENDGAMES: dict[tuple, tuple[bool | None, int]] = {}


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
        answer, dear = _MILL_SHORT[entry]
        if dear:  # as the search itself would, so that the ceiling never depends on the cache
            _dear_in_this_deal(game.deal, len(stock))
        return answer
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
    dear = answer is not False and len(seen) > MILL_SHORT_DEAR
    if dear:
        _dear_in_this_deal(game.deal, len(stock))
    _MILL_SHORT[entry] = answer, dear
    return answer


def _dear_in_this_deal(deal: int, pack: int) -> None:
    """A search of a pack this long was dear and proved nothing: leave packs
    this long to the main search in this deal."""
    if len(_MILL_SHORT_CEILING) > 1000:
        _MILL_SHORT_CEILING.clear()
    _MILL_SHORT_CEILING[deal] = pack


def mill_forget() -> None:
    """`Knowledge.forget`: the ceilings are not a pure cache (a skipped
    search changes what the main search meets, so its positions), so each
    measured deal starts without those an earlier search of the same deal
    number left."""
    _MILL_SHORT_CEILING.clear()


# short pack -> its answer and whether its search was dear (a pure function of the tuple)
_MILL_SHORT: dict[tuple, tuple[bool | None, bool]] = {}
# deal -> the shortest pack whose search overflowed (time only: a skipped search proves nothing)
_MILL_SHORT_CEILING: dict[int, int] = {}


# -- Мельница's exact search over a model of the rules ---------------------------------


MILL_CAPS = (300, None)  # the passes of `mill_exact`: positions below a card dealt (None: no cap)
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
    there: a won line is a line of `play`.

    The positions proved lost are kept from pass to pass (``lost``, shared
    by the passes of `mill_exact`), so that the full pass does not search
    again what the probing pass settled. A position is kept when every line
    below it was followed to its end in this pass: no cap cut below it, and
    no position below it was one met earlier in this pass and not kept
    (``cuts`` counts both). Proof that it is lost. No line of the model
    meets a position twice (each move brings a card home, moves the middle
    up or takes a card from the pack: `mill_short_pack`), so a position met
    again in a pass is not on the present line: it was kept (lost) or cut
    short (counted as a cut). Below a kept position, then, every line ends
    in a position with no move but no win, a pruning (sound in any pass) or
    a kept position: by induction on the order in which positions are kept,
    each is lost."""

    def __init__(self, game: Game, meter, lost: set | None = None):
        piles = game.piles
        self.meter = meter
        # the positions proved lost, kept from pass to pass (see the class's docstring)
        self.lost: set = set() if lost is None else lost
        self.cuts = 0  # the cuts made so far in the passes of this search (see `solve`)
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
        corners, stock, talon, wings = self.corners, self.stock, self.talon, self.wings
        if centre == 52 and all(h == 13 for h in corners):
            return True
        key = bytes((len(stock), centre, *sorted(2 * h + b for h, b in zip(corners, bits)), *wings)) + bytes(talon)
        if key in self.seen:
            if key not in self.lost:
                self.cuts += 1  # met in this pass and cut short there: no proof
            return False
        if key in self.lost:
            return False  # proved lost by an earlier pass
        self.seen.add(key)
        meter = self.meter
        meter.nodes += 1
        meter.distinct += 1
        if meter.nodes >= meter.check:
            meter.over()
        cuts = self.cuts
        if self.expand(centre, bits, fresh):
            return True
        if self.cuts == cuts:
            self.lost.add(key)  # every line below was followed to its end
        return False

    def expand(self, centre: int, bits: list[int], fresh: bool) -> bool:
        """`solve` below a position met for the first time in this pass."""
        corners, stock, talon, wings, line = self.corners, self.stock, self.talon, self.wings, self.line
        meter = self.meter
        want = (centre % KING) + 1 if centre < 52 else 0
        if self.stalled(centre, want) or (fresh and self.bounded and self.bound(centre, bits) is False):
            return False
        if self.cap is not None and meter.nodes > self.probe_end:
            raise _ProbeSpent
        if self.cap is not None and self.below:
            self.below[-1] += 1
            if self.below[-1] > self.cap:
                self.cutting = self.truncated = True  # back to the position before that card
                self.cuts += 1
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

    from engine.solver.search import LOST, WON, home_roles, playouts

    if game.is_won() or game.wing_waiting():
        return None
    if know.dead is not None and know.dead(game):
        return LOST, ()
    # the generic search's playouts first: they find the easy wins soonest
    line = playouts(game, know, home_roles(type(game)), meter, know.playouts, random.Random(game.deal * 7919))
    if line is not None:
        return WON, line
    lost: set = set()  # the positions proved lost, shared by the passes
    for cap in MILL_CAPS:
        search = MillSearch(game, meter, lost)  # afresh: a probing pass cut short leaves its lists disturbed
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
                           suit_blind=True, dead=mill_dead, exact=mill_exact, forget=mill_forget))
