"""The exact search: won (a line that replays), lost (a proof) or unknown.

In: a position (`engine.core.Game`); the search knows what the position
holds, the order of the pack included (the measures decide what a position
may hold: see `engine.solver.measures`). Out: a `Solution`.

Two phases share one budget (`Meter`):

1. randomised greedy playouts (`Knowledge.playouts` of them): each follows
   the move ordering with some noise and never repeats a position; a win is
   a win, and finds the easy wins of games whose space is too large to
   search in order;
2. a depth-first search with a transposition table (`DepthFirst`; a greedy
   best-first search, `BestFirst`, where a game's knowledge asks for it):
   a position met before is either on the current line (a cycle) or was
   searched to the end without a win, so it is skipped; safe moves are
   played alone, dead positions are not searched, pointless moves are not
   made (`engine.solver.knowledge`). With cards still to come from the pack,
   a first pass gives the search below each card turned only `PROBE`
   positions before it backs out (many futures, cheaply); a second pass
   searches everything. Only an exhaustive pass answers "lost".
"""

from __future__ import annotations

import random
import time
from typing import Callable, NamedTuple

from engine.core import Game, Move
from engine.solver.keys import Keyer, state_key
from engine.solver.knowledge import Knowledge
from engine.solver.registry import knowledge

WON, LOST, UNKNOWN = "won", "lost", "unknown"
PROBE = 300  # positions searched below a card turned from the pack in the first pass


def _cpu_clock() -> Callable[[], float]:
    """The clock of the time budget: this thread's CPU time, so that a solve
    costs the same on a busy shared machine as on an idle one (and a Dask
    worker thread is not charged for its neighbours); the wall clock where
    the platform (Pyodide) has no thread clock."""
    try:
        time.thread_time()
        return time.thread_time
    except (AttributeError, OSError):
        return time.perf_counter


clock = _cpu_clock()

THOUGHTFUL_NOTE = ("solved thoughtfully: the solver knows the order of the cards still to come "
                   "(the stock, face-down cards, the shuffle of each redeal, all fixed by the deal number)")


class Budget(NamedTuple):
    """How much search a question may cost: positions and CPU seconds."""

    nodes: int = 200_000
    seconds: float = 10.0  # CPU seconds of the searching thread (see `clock`)


class Solution(NamedTuple):
    status: str                 # "won", "lost" (proved) or "unknown" (budget spent)
    moves: tuple[str, ...]      # the winning line, from the position solved
    nodes: int                  # positions generated
    seconds: float              # CPU seconds (see `clock`)
    thoughtful: bool            # the hidden order of the cards was known to the search
    game: str = ""
    deal: int = 0
    distinct: int = 0           # distinct positions met (the transposition table's size)
    readings: tuple[tuple[str, str], ...] = ()  # the position's readings other than the edition's

    def to_json(self) -> dict:
        out = {"game": self.game, "deal": self.deal, "status": self.status,
               "moves": list(self.moves), "nodes": self.nodes, "distinct": self.distinct,
               "seconds": round(self.seconds, 4), "thoughtful": self.thoughtful}
        if self.readings:
            out["readings"] = dict(self.readings)
        if self.thoughtful:
            out["note"] = THOUGHTFUL_NOTE
        return out


class OutOfBudget(Exception):
    pass


class Meter:
    """Counts positions against a budget; raises `OutOfBudget` when spent.

    `tick` counts one position; the clock is read once every `EVERY`
    positions (`check` is the count at which `tick` next looks at the
    budget), so that a hot loop may count inline: ``meter.nodes += 1`` and,
    when ``meter.nodes >= meter.check``, ``meter.over()``."""

    __slots__ = ("nodes", "max_nodes", "deadline", "distinct", "check")

    EVERY = 256

    def __init__(self, budget: Budget, start: float | None = None):
        self.nodes = 0
        self.distinct = 0
        self.max_nodes = budget.nodes
        self.deadline = (clock() if start is None else start) + budget.seconds
        self.check = min(self.max_nodes, self.EVERY)

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes >= self.check:
            self.over()

    def over(self) -> None:
        """The count reached `check`: raise if the budget is spent, else set the next check."""
        nodes = self.nodes
        if nodes >= self.max_nodes or clock() > self.deadline:
            raise OutOfBudget
        self.check = min(self.max_nodes, (nodes // self.EVERY + 1) * self.EVERY)


# -- ordering -----------------------------------------------------------------------


def home_roles(cls: type[Game]) -> frozenset[str]:
    """Roles where cards go home: foundations (a pile that builds) and roles
    no move ever takes a card from."""
    sources = {key[0] for key in cls.ROUTES if not isinstance(key, str)}
    building = {p.role for p in cls.PILES if p.step}
    targets = {key[1] for key in cls.ROUTES if not isinstance(key, str)}
    return frozenset(building | (targets - sources) | {r for r in targets if "foundation" in r}
                     | set(getattr(cls, "HOME_ROLES", ())))


_SCORES: dict[tuple, dict] = {}  # (game class, homes) -> move -> (src, dst, score or -1)


def ordered_moves(game: Game, homes: frozenset[str], know: Knowledge | None = None) -> list[Move]:
    """The legal moves, best last (the search pops from the end): moves home
    first, then moves that uncover a card a foundation wants, then moves
    that empty a pile, then the rest, filling a space and actions last.
    Among equals, the move generated first comes last (is tried first)."""
    score = know.score if know is not None else None
    if score is not None:
        scored = [(score(game, move), -n, move) for n, move in enumerate(game.generate_moves())]
        scored.sort()
        return [m for _, _, m in scored]
    cls = type(game)
    table = _SCORES.get((cls, homes))
    if table is None:
        table = _SCORES[(cls, homes)] = {}
    piles = game.piles
    wanted = None
    # the scores are 0..6: one list per score, in the order generated
    b0, b1, b2, b4, b5, b6 = [], [], [], [], [], []
    buckets = (b0, b1, b2, None, b4, b5, b6)
    for move in game.generate_moves():
        if move.action:
            b0.append(move)
            continue
        found = table.get(move)
        if found is None:
            # the move's piles and, for a move home, its score, which the position does not change
            src, dst = cls.index[move.src], cls.index[move.dst]
            static = -1
            if cls.roles[dst] in homes:
                static = 6 if cls.roles[src] not in homes else 1
            found = table[move] = (src, dst, static)
        src, dst, value = found
        if value < 0:
            if not piles[dst]:
                value = 1  # filling a space spends it; try last among card moves
            else:
                pile = piles[src]
                left = len(pile) - move.n
                if left == 0:
                    value = 4
                else:
                    if wanted is None:
                        wanted = _wanted(game)
                    value = 5 if pile[left - 1] in wanted else 2
        buckets[value].append(move)
    out = b0[::-1]
    for bucket in (b1, b2, b4, b5, b6):
        if bucket:
            out += bucket[::-1]
    return out


_SUITED: dict[type, tuple[int, ...]] = {}  # game class -> its suited building piles


def _wanted(game: Game) -> frozenset[int]:
    """The cards the suited foundations take next (none where foundations
    have no `PileSpec.step`: the ordering then does without)."""
    cls = type(game)
    suited = _SUITED.get(cls)
    if suited is None:
        suited = _SUITED[cls] = tuple(i for i, spec in enumerate(cls.PILES) if spec.step and spec.suit >= 0)
    out = set()
    for i in suited:
        card = game.foundation_wants(i)
        if card:
            out.add(card)
    return frozenset(out)


def is_thoughtful(game: Game) -> bool:
    """Does the position hide cards whose order the search knows (stock,
    face-down cards, a redeal's shuffle)?"""
    hidden = any(game.piles[i] for i, role in enumerate(game.roles) if role in game.FACE_DOWN)
    return hidden or game.redeals_left > 0


def line_from(parent: dict, key) -> tuple[Move, ...]:
    """The moves from the root to the position ``key``, read back along
    ``parent`` (position key -> (the parent's key, the move from it); the
    root's entry is (None, None)): the won line of a best-first search."""
    line = []
    while key is not None:
        key, step = parent[key]
        if step is not None:
            line.append(step)
    return tuple(reversed(line))


def children(work: Game, know: Knowledge, homes: frozenset[str],
             forbid: Callable[[Game, Move], bool] | None = None) -> list[Move]:
    """The moves to try from ``work``, best last: the safe move alone if
    there is one, else every move but the pointless (and forbidden) ones."""
    moves = ordered_moves(work, homes, know)
    if forbid is not None:
        moves = [m for m in moves if not forbid(work, m)]
    pointless = know.pointless
    if pointless is not None:
        moves = [m for m in moves if not pointless(work, m)]
    safe = know.safe
    if safe is not None:
        for move in reversed(moves):
            if safe(work, move):
                return [move]
    return moves


# -- phase 1: playouts -------------------------------------------------------------------


def playouts(game: Game, know: Knowledge, homes: frozenset[str], meter: Meter, count: int,
             rng: random.Random, max_length: int = 4000,
             goal: Callable[[Game], bool] | None = None) -> tuple | None:
    """``count`` randomised greedy playouts: the best move first, with
    noise; never back into a position of the same playout. A win (or
    ``goal``) returns its line."""
    dead = know.dead
    goal = goal or Game.is_won
    for _ in range(count):
        work = game.copy(stack=False)
        keyer = Keyer(work, know)
        seen = {keyer.key(work)}
        for _ in range(max_length):
            if goal(work):
                return tuple(work.move_stack)
            moves = children(work, know, homes)
            if not moves:
                break
            # best last: walk from the end, taking each with probability 3/4
            order = moves[::-1]
            k = 0
            while k < len(order) - 1 and rng.random() < 0.25:
                k += 1
            order = order[k:] + order[:k]
            for move in order:
                meter.tick()
                key = keyer.peek(work, move)
                if key is not None:
                    if key in seen:
                        continue
                    work.push(move)
                    keyer.push(work, move)
                elif keyer.simple and not move.action:
                    work.push(move)
                    key = keyer.after(work, move)
                    if key in seen:
                        work.pop()
                        continue
                    keyer.push(work, move)
                else:
                    work.push(move)
                    keyer.push(work, move)
                    key = keyer.key(work)
                    if key in seen:
                        work.pop()
                        keyer.pop()
                        continue
                if not (dead is not None and dead(work)):
                    seen.add(key)
                    break
                work.pop()
                keyer.pop()
            else:
                break
    return None


# -- phase 2: the exhaustive search ------------------------------------------------------


class DepthFirst:
    """One depth-first search with a transposition table (see the module docstring).

    ``forbid(game, move)``: moves never made (the player's search of the
    visible position forbids the moves that would show it a hidden card);
    ``goal(game)``: what counts as a win (default `Game.is_won`);
    ``visit(game)``: called at each new position."""

    def __init__(self, game: Game, know: Knowledge, meter: Meter,
                 forbid: Callable[[Game, Move], bool] | None = None,
                 goal: Callable[[Game], bool] | None = None,
                 visit: Callable[[Game], None] | None = None):
        self.game = game
        self.know = know
        self.homes = home_roles(type(game))
        self.meter = meter
        self.forbid, self.visit = forbid, visit
        self.goal = goal or Game.is_won
        self.truncated = False
        self.seen: set[bytes] = set()

    def run(self, cap: int | None = None) -> tuple[str, tuple]:
        """One pass; with a ``cap``, the search below a card turned from the
        pack stops after ``cap`` positions (and `truncated` says that it did)."""
        know, dead, meter, goal, visit = self.know, self.know.dead, self.meter, self.goal, self.visit
        homes, forbid = self.homes, self.forbid
        work = self.game.copy(stack=False)  # never disturb the caller's undo stack
        self.truncated = False
        if visit is not None:
            visit(work)
        if goal(work):
            return WON, ()
        keyer = Keyer(work, know)
        seen = self.seen = {keyer.key(work)}
        if dead is not None and dead(work):
            return LOST, ()
        stack = [children(work, know, homes, forbid)]
        below: list[list[int]] = []  # per card turned on the line: [stack depth, positions below]
        hidden = tuple(i for i, role in enumerate(work.roles) if role in work.FACE_DOWN)
        if len(hidden) == 1:
            (only,) = hidden

            def in_hand(g: Game) -> int:  # the cards still face down
                return len(g.piles[only])
        else:
            def in_hand(g: Game) -> int:
                piles = g.piles
                return sum(len(piles[i]) for i in hidden)

        def back() -> None:
            work.pop()
            keyer.pop()

        peek = keyer.peek if keyer.peekable else None
        push, keyer_push, after, simple = work.push, keyer.push, keyer.after, keyer.simple
        while stack:
            moves = stack[-1]
            if not moves:
                stack.pop()
                if stack:
                    back()
                if below and len(stack) < below[-1][0]:
                    below.pop()
                continue
            move = moves.pop()
            meter.nodes += 1
            if meter.nodes >= meter.check:
                meter.over()
            # key before move: a child met before is not even made
            key = peek(work, move) if peek is not None else None
            if key is not None:
                if key in seen:
                    continue
                if cap is not None:
                    before = work.redeals_left, in_hand(work)
                push(move)
                keyer_push(work, move)
            elif simple and not move.action:
                if cap is not None:
                    before = work.redeals_left, in_hand(work)
                push(move)
                key = after(work, move)
                if key in seen:
                    work.pop()
                    continue
                keyer_push(work, move)
            else:
                if cap is not None:
                    before = work.redeals_left, in_hand(work)
                push(move)
                keyer_push(work, move)
                key = keyer.key(work)
                if key in seen:
                    back()
                    continue
            seen.add(key)
            meter.distinct += 1
            if visit is not None:
                visit(work)
            if goal(work):
                return WON, tuple(work.move_stack)
            if dead is not None and dead(work):
                back()
                continue
            if cap is not None:
                if (work.redeals_left, in_hand(work)) < before:
                    below.append([len(stack) + 1, 0])
                elif below:
                    below[-1][1] += 1
                    if below[-1][1] > cap:  # give up this card: back to the move before it
                        self.truncated = True
                        depth = below.pop()[0]
                        back()
                        while len(stack) >= depth:
                            stack.pop()
                            back()
                        continue
            stack.append(children(work, know, homes, forbid))
        return LOST, ()


class BestFirst(DepthFirst):
    """Greedy best-first search: expand the position with the fewest cards
    away from home first (the newest among equals), with the same
    transposition table, safe moves and pruning as the depth-first search.
    Exhausting the frontier searches every reachable position, so "lost"
    is a proof here too. Positions wait in the frontier as raw piles (not
    the canonical key), so that moves keep their pile names."""

    def run(self, cap: int | None = None) -> tuple[str, tuple]:
        import heapq

        know, dead, meter, goal = self.know, self.know.dead, self.meter, self.goal
        work = self.game.copy(stack=False)
        if goal(work):
            return WON, ()
        away = tuple(i for i, role in enumerate(work.roles) if role not in self.homes)
        hidden = tuple(i for i, role in enumerate(work.roles) if role in work.FACE_DOWN)

        def raw(g: Game) -> tuple:
            return tuple(bytes(p) for p in g.piles), g.phase, g.redeals_left, dict(g.extra)

        def restore(g: Game, snap: tuple) -> None:
            piles, g.phase, g.redeals_left, extra = snap
            g.piles = [list(p) for p in piles]
            g.extra = dict(extra)

        root = state_key(work, know)
        parent: dict[bytes, tuple] = {root: (None, None)}
        self.seen = parent  # type: ignore[assignment]
        frontier = [(0, 0, root, raw(work))]
        count = 0
        while frontier:
            _, _, key, snap = heapq.heappop(frontier)
            restore(work, snap)
            for move in children(work, know, self.homes, self.forbid):
                work.push(move)
                meter.tick()
                child = state_key(work, know)
                if child not in parent:
                    parent[child] = (key, move)
                    meter.distinct += 1
                    if goal(work):
                        return WON, line_from(parent, child)
                    if dead is None or not dead(work):
                        count += 1
                        piles = work.piles
                        h = sum(len(piles[i]) for i in away) + sum(len(piles[i]) for i in hidden)
                        heapq.heappush(frontier, (h, -count, child, raw(work)))
                work.pop()
        return LOST, ()


def exhaustive(game: Game, know: Knowledge, meter: Meter, thoughtful: bool,
               forbid: Callable[[Game, Move], bool] | None = None) -> tuple[str, tuple]:
    """Phase 2 (see the module docstring): the probing pass, then the full one."""
    kind = DepthFirst if know.search == "depth-first" else BestFirst
    searcher = kind(game, know, meter, forbid)
    caps = (PROBE, None) if thoughtful and know.probe and kind is DepthFirst else (None,)
    status, moves = UNKNOWN, ()
    for cap in caps:
        status, moves = searcher.run(cap)
        if status == WON or (status == LOST and not searcher.truncated):
            return status, moves
        status = UNKNOWN
    return status, moves


def solve(game: Game, budget: Budget = Budget(), *, know: Knowledge | None = None, seed: int = 0,
          forbid: Callable[[Game, Move], bool] | None = None) -> Solution:
    """Search for a win from ``game``'s position; the position is left as it was.

    Everything the position holds is known to the search (for a player's
    view, search a world of `engine.solver.information` instead)."""
    start = clock()
    know = know or knowledge(game)
    meter = Meter(budget, start)
    thoughtful = is_thoughtful(game)
    status, moves = UNKNOWN, ()
    try:
        if know.exact is not None and forbid is None:
            found = know.exact(game, know, meter)
            if found is not None:
                status, moves = found
                return Solution(status, tuple(map(str, moves)), meter.nodes, clock() - start, thoughtful,
                                game.slug, game.deal, meter.distinct, _readings(game))
        if game.is_won():
            status = WON
        else:
            line = None
            if know.playouts and forbid is None:
                line = playouts(game, know, home_roles(type(game)), meter, know.playouts,
                                random.Random(game.deal * 7919 + seed))
            if line is not None:
                status, moves = WON, line
            else:
                status, moves = exhaustive(game, know, meter, thoughtful, forbid)
    except OutOfBudget:
        status, moves = UNKNOWN, ()
    return Solution(status, tuple(map(str, moves)), meter.nodes, clock() - start, thoughtful,
                    game.slug, game.deal, meter.distinct, _readings(game))


def _readings(game: Game) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(game.non_default_readings().items()))
