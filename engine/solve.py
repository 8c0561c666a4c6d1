"""The solver and hints: exact search over the engine's own legal moves.

In: a position of any game (`engine.core.Game`). Out: a `Solution`, won
(with the move list), lost (the search space was exhausted: a proof) or
unknown (the budget ran out), with the nodes searched and the seconds.
Standard library only: the browser runs this module through Pyodide.

There is no second rules implementation here. The search asks the game for
its legal moves (`generate_moves`), applies them with `push`/`pop`, and
asks `is_won`; every won line therefore replays through `play`.

"Thoughtful" solving. A game with a stock, face-down cards or a shuffled
redeal is solved knowing the order of the cards still to come, as Solvitaire
and the literature do: the engine's position holds the stock in order, and a
redeal's shuffle is seeded by the deal number and the redeal number
(engine/deal.py), so `push(redeal)` gives the same cards every time. A
"thoughtful" win rate is an upper bound on what a player who cannot see the
stock can do; `Solution.thoughtful` says when it applies.

The search is a depth-first search (`_Search`; a greedy best-first search,
`_BestFirst`, may be chosen per game) with a transposition table:

* the key of a position is its piles, phase, redeals left and counters, as
  bytes (cards are small ints); a position met before is either on the
  current line (a cycle: two packs let a card shuttle between twins) or was
  searched to the end without a win, so it is skipped;
* where a game allows it (`GAME_KNOWLEDGE`), piles that play the same part
  are sorted in the key (fans once no redeal is left: their order no longer
  matters), and safe moves are played alone (a card to the foundation that
  nothing could ever be laid on any more): both are proved for that game in
  the comment beside it, so `lost` stays a proof;
* moves are tried best first: to the foundations, then moves that empty or
  uncover a pile, then the rest, and actions (deal, redeal) last;
* with cards still to come (a redeal, a stock), a first pass gives each
  redeal or card turned from the stock only `PROBE` positions before it
  backs out, so that many futures are sampled cheaply; a second pass
  searches everything (see `solve`).
"""

from __future__ import annotations

import time
from typing import Callable, NamedTuple

from engine.core import Game, Move

WON, LOST, UNKNOWN = "won", "lost", "unknown"


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
    """How much search a question may cost: positions and wall-clock seconds."""

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

    def to_json(self) -> dict:
        out = {"game": self.game, "deal": self.deal, "status": self.status,
               "moves": list(self.moves), "nodes": self.nodes, "seconds": round(self.seconds, 4),
               "thoughtful": self.thoughtful}
        if self.thoughtful:
            out["note"] = THOUGHTFUL_NOTE
        return out


# -- what a game allows the search to assume ---------------------------------------


def _cards_home(game: Game, homes: tuple[int, ...]) -> dict[int, int]:
    count: dict[int, int] = {}
    for i in homes:
        for card in game.piles[i]:
            count[card] = count.get(card, 0) + 1
    return count


def _fan_safe(marry: tuple[int, ...]) -> Callable[[Game, Move], bool]:
    """Safe-move test of the fan games (belle-lucie and its two-pack variants).

    A card X going to a foundation is safe when no redeal is left and every
    card that could be married onto X (same suit, rank X - step for each
    marriage step) already lies on a foundation, every copy of it. Proof:
    foundation cards never leave; then X can never again be a target, so X
    only covers the card beneath it; any winning line plays X home at some
    point, and playing it now only uncovers that card earlier, which forbids
    nothing (no rule of these games looks at a covered card, and the player
    chooses when to redeal, with none left). With a redeal still to come the
    move is not safe: the redeal shuffles the cards left in the fans, and one
    card fewer gives another shuffle."""

    def safe(game: Game, move: Move) -> bool:
        if move.action or game.redeals_left:
            return False
        dst = game.index[move.dst]
        if game.roles[dst] != "foundation":
            return False
        card = game.piles[game.index[move.src]][-1]
        homes = game.by_role["foundation"]
        home = None
        for step in marry:
            below = card - step  # the card that would be married onto X
            rank = below & 15
            if not 1 <= rank <= 13:
                continue
            if home is None:
                home = _cards_home(game, homes)
            if home.get(below, 0) < game.decks:
                return False
        return True

    return safe


def _rank_safe(game: Game, move: Move) -> bool:
    """Safe-move test of Партеръ, whose garden builds down regardless of suit.

    A card X of rank r going to a foundation is safe when every card of rank
    r - 1 is on the foundations: then nothing can ever be laid on X again,
    and the proof of `_fan_safe` holds as it stands (an emptied packet may
    take any card, which only adds choices; there is no redeal)."""
    if move.action or game.roles[game.index[move.dst]] != "foundation":
        return False
    rank = game.piles[game.index[move.src]][-1] & 15
    if rank == 1:
        return True
    homes = game.by_role["foundation"]
    return sum(1 for i in homes for c in game.piles[i] if c & 15 == rank - 1) == 4 * game.decks


def _fan_pointless(game: Game, move: Move) -> bool:
    """A fan game's move of a card lying alone in its fan onto another fan,
    with no redeal left, is never needed. Proof: the move uncovers nothing
    and only covers the card it lands on; leave the card X where it is, and
    every later move of the line is still possible (what the line laid on X,
    or took from X, it lays on or takes from X's own fan instead; the card X
    would have covered stays available, which forbids nothing, since an
    empty fan takes no card in these games). With a redeal to come, the
    fans' contents decide the next shuffle, so the move may matter."""
    if move.action or game.redeals_left:
        return False
    return len(game.piles[game.index[move.src]]) == 1 and game.roles[game.index[move.dst]] == "fan"


def _lucie_dead(game: Game) -> bool:
    """Is this position of Прекрасная Люція lost, with no redeal left? (sound, not complete)

    Read "u before v" as: card u must leave its place before card v can
    leave its. A card goes before every card it covers. A card X lying over
    a lower card of its own suit can never go home first (that card is
    covered by X), so X must be married onto X+1, which must first be
    uncovered where it lies now (even to move elsewhere): the card now lying
    just above X+1 goes before X. A king in that plight has no X+1: lost.
    A cycle in "before": lost. One pack, so every card is unique.

    The cycle is looked for among the cards X that must be married ("needy"):
    X -> Y when the card that must go before Y lies in X's fan at X's depth
    or below it (X covers it, or is it)."""
    if game.redeals_left:
        return False
    fans = [game.piles[i] for i in game.by_role["fan"]]
    where: dict[int, tuple[int, int]] = {}
    needy = []
    for f, pile in enumerate(fans):
        low = [99, 99, 99, 99]  # the lowest rank of each suit beneath
        for k, card in enumerate(pile):
            where[card] = (f, k)
            suit, rank = card >> 4, card & 15
            if low[suit] < rank:
                needy.append(card)
            elif rank < low[suit]:
                low[suit] = rank
    if not needy:
        return False
    blocker: dict[int, tuple[int, int]] = {}  # needy X -> the place of the card just above X+1
    for card in needy:
        if card & 15 == 13:
            return True
        f2, k2 = where.get(card + 1, (-1, 0))
        if f2 >= 0 and k2 + 1 < len(fans[f2]):
            blocker[card] = (f2, k2 + 1)
    if not blocker:
        return False
    nodes = list(blocker)
    succ = {x: [y for y in nodes if where[x][0] == blocker[y][0] and where[x][1] >= blocker[y][1]]
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


class Knowledge(NamedTuple):
    """What the search may assume about one game, each item proved in its comment."""

    interchangeable: tuple[str, ...] = ()         # roles whose piles are sorted in the key ...
    interchangeable_when: Callable[[Game], bool] = lambda game: True  # ... when this holds
    safe: Callable[[Game, Move], bool] | None = None
    dead: Callable[[Game], bool] | None = None     # a sound test that a position is lost
    pointless: Callable[[Game, Move], bool] | None = None  # moves no winning line needs
    search: str = "depth-first"  # (with the redeal probe) or "best-first"
    suit_blind: bool = False  # no rule looks at suits: the key keeps ranks only


def _no_redeal_left(game: Game) -> bool:
    return not game.redeals_left


def _always(game: Game) -> bool:
    return True


# Fans: once no redeal is left, a fan's place matters to nothing (every fan
# has the same rules, and only a redeal reads the fans in order), so two
# positions whose fans are the same multiset of piles are the same position.
GAME_KNOWLEDGE: dict[str, Knowledge] = {
    "belle-lucie": Knowledge(("fan",), _no_redeal_left, _fan_safe((1,)), _lucie_dead, _fan_pointless,
                             "depth-first"),
    "house-in-the-wood": Knowledge(("fan",), _no_redeal_left, _fan_safe((1,)), None, _fan_pointless,
                                   "depth-first"),
    # Домъ на холмѣ marries up and down: a card is safe to play home once
    # every copy of the cards one lower and one higher of its suit is home
    # (if both its foundations want it, the two copies go one to each).
    "house-on-the-hill": Knowledge(("fan",), _no_redeal_left, _fan_safe((1, -1)), None, _fan_pointless,
                                   "depth-first"),
    # Солнечные часы: no redeal, every column obeys the same rules (a space
    # takes any card), so columns are interchangeable; the fan games' proof
    # of safe foundation moves holds as it stands (two packs, marriage
    # downwards in suit, a covered card plays no part, spaces are optional).
    # The pack is turned only at a standstill, but a safe card, which nothing
    # can cover, holds the pack back until it goes home in any line, so
    # playing it first changes no turn of the pack.
    "cadran": Knowledge(("column",), _always, _fan_safe((1,))),
    # Пятнадцать: every column obeys the same rules (a lane takes any card),
    # once the sixth-row exception is closed (while it is open, the counter
    # `sixth_row` names columns, so their places matter). Safe moves as in
    # Домъ на холмѣ (marriage up and down in suit, aces up and kings down);
    # when they apply, a foundation has been begun, so the sixth-row
    # exception is closed already.
    # (Under the reading that keeps column 15's lone card waiting, column 15
    # is set apart while its card waits, so the columns' places matter.)
    "fifteen": Knowledge(("column",), lambda game: not game.extra.get("sixth_row") and not game.lone_card_waits(),
                         _fan_safe((1, -1))),
    # Партеръ: the six packets of the garden obey the same rules (an emptied
    # one takes any card), and so do the sixteen places of the bouquet.
    "parterre": Knowledge(("bed", "bouquet"), _always, _rank_safe),
    # Четыре угла: after the deal the top cards play anywhere and marry
    # alike; only the deal (a side packet feeds the foundation beside it)
    # and a redeal (the packets gathered in order) tell packets apart.
    "four-corners": Knowledge(("corner", "side"), lambda game: game.phase == "play" and not game.redeals_left),
    # Мельница: any empty wing is filled, any corner takes a king and lends
    # alike; neither wings nor corners are told apart by any rule. Every
    # rule reads ranks only («не по мастямъ»), so two positions that differ
    # only in the suits of their cards have the same future. While `lent`
    # names the corners that have lent a card, the corners' places matter.
    "mill": Knowledge(("wing", "corner"), lambda game: not game.extra.get("lent"), suit_blind=True),
    # Салическій законъ: while dealing, the cards go onto the last king laid
    # and the first empty places, so order matters; once in play, king piles,
    # foundations (any suit) and queens are each alike. No rule reads a suit.
    # (Under the reading «once-per-king», `given` names king piles.)
    "salic-law": Knowledge(("king-pile", "foundation", "queen"),
                           lambda game: game.phase == "play" and not game.extra.get("given"),
                           suit_blind=True),
}


def knowledge(game: Game) -> Knowledge:
    return GAME_KNOWLEDGE.get(game.slug, Knowledge())


# -- keys, ordering ---------------------------------------------------------------


_RANK_ONLY = bytes(c & 15 if c < 64 else c for c in range(256))  # a card byte -> its rank


def state_key(game: Game, know: Knowledge | None = None) -> bytes:
    """A canonical key of the position: equal keys, same future."""
    know = know or knowledge(game)
    piles = game.piles
    if know.suit_blind:
        parts = [bytes(p).translate(_RANK_ONLY) for p in piles]
    else:
        parts = [bytes(p) for p in piles]
    if know.interchangeable and know.interchangeable_when(game):
        for role in know.interchangeable:
            idx = game.by_role.get(role, ())
            for i, part in zip(idx, sorted(parts[i] for i in idx)):
                parts[i] = part
    extra = game.extra
    tail = f"{game.phase}|{game.redeals_left}|" + ",".join(map(str, extra.values())) if extra else \
        f"{game.phase}|{game.redeals_left}"
    return b"\xff".join(parts) + b"\xfe" + tail.encode()


def home_roles(cls: type[Game]) -> frozenset[str]:
    """Roles where cards go home: foundations (a pile that builds) and roles
    no move ever takes a card from."""
    sources = {key[0] for key in cls.ROUTES if not isinstance(key, str)}
    building = {p.role for p in cls.PILES if p.step}
    targets = {key[1] for key in cls.ROUTES if not isinstance(key, str)}
    return frozenset(building | (targets - sources) | {r for r in targets if "foundation" in r})


def ordered_moves(game: Game, homes: frozenset[str]) -> list[Move]:
    """The legal moves, best last (the search pops from the end)."""
    scored = []
    roles, index, piles = game.roles, game.index, game.piles
    for n, move in enumerate(game.generate_moves()):
        if move.action:
            score = 0
        elif roles[index[move.dst]] in homes:
            score = 4
        else:
            left = len(piles[index[move.src]]) - move.n
            score = 3 if left == 0 else 2
            if not piles[index[move.dst]]:
                score = 1  # filling a space spends it; try last among card moves
        scored.append((score, -n, move))
    scored.sort()
    return [m for _, _, m in scored]


def is_thoughtful(game: Game) -> bool:
    """Does the position hide cards whose order the search knows (stock,
    face-down cards, a redeal's shuffle)?"""
    hidden = any(game.piles[i] for i, role in enumerate(game.roles) if role in game.FACE_DOWN)
    return hidden or game.redeals_left > 0


# -- the search -------------------------------------------------------------------


def solve(game: Game, budget: Budget = Budget()) -> Solution:
    """Search for a win from ``game``'s position; the position is left as it was.

    With cards to come (a redeal, a stock), a first pass looks at many
    futures cheaply: the search below each redeal or card turned from the
    stock is cut after `PROBE` positions (wins hide behind a lucky shuffle,
    and one shuffle is as good a bet as another).
    If that finds no win, a second pass searches everything; only an
    exhaustive pass can answer `lost`."""
    start = clock()
    kind = _Search if knowledge(game).search == "depth-first" else _BestFirst
    searcher = kind(game, start + budget.seconds, budget.nodes)
    status, moves = UNKNOWN, ()
    try:
        caps = (PROBE, None) if is_thoughtful(game) and kind is _Search else (None,)
        for cap in caps:
            status, moves = searcher.run(cap)
            if status == WON or (status == LOST and not searcher.truncated):
                break
            status = UNKNOWN if cap is not None else status
    except _OutOfBudget:
        status, moves = UNKNOWN, ()
    return Solution(status, tuple(map(str, moves)), searcher.nodes, clock() - start,
                    is_thoughtful(game), game.slug, game.deal)


PROBE = 300  # positions searched below a redeal (or a card from the stock) in the first pass


class _OutOfBudget(Exception):
    pass


class _Search:
    """One depth-first search with a transposition table (see the module docstring)."""

    def __init__(self, game: Game, deadline: float, max_nodes: int):
        self.game = game
        self.know = knowledge(game)
        self.homes = home_roles(type(game))
        self.deadline, self.max_nodes = deadline, max_nodes
        self.nodes = 0
        self.truncated = False

    def children(self, work: Game) -> list[Move]:
        know = self.know
        moves = ordered_moves(work, self.homes)
        if know.pointless is not None:
            moves = [m for m in moves if not know.pointless(work, m)]
        if know.safe is not None:
            for move in reversed(moves):
                if know.safe(work, move):
                    return [move]
        return moves

    def run(self, cap: int | None) -> tuple[str, tuple]:
        """One pass; with a ``cap``, the search below a redeal or a card from
        the stock stops after ``cap`` positions (and `truncated` says that
        it did)."""
        know, dead = self.know, self.know.dead
        work = self.game.copy(stack=False)  # never disturb the caller's undo stack
        if work.is_won():
            return WON, ()
        self.truncated = False
        seen = {state_key(work, know)}
        stack = [self.children(work)]
        below: list[list[int]] = []  # per redeal or stock card on the line: [stack depth, positions below]
        max_nodes, deadline = self.max_nodes, self.deadline
        hidden = tuple(i for i, role in enumerate(work.roles) if role in work.FACE_DOWN)
        while stack:
            moves = stack[-1]
            if not moves:
                stack.pop()
                if stack:
                    work.pop()
                if below and len(stack) < below[-1][0]:
                    below.pop()
                continue
            move = moves.pop()
            before = work.redeals_left, sum(len(work.piles[i]) for i in hidden)
            work.push(move)
            self.nodes += 1
            if self.nodes >= max_nodes or (self.nodes & 255 == 0 and clock() > deadline):
                raise _OutOfBudget
            key = state_key(work, know)
            if key in seen:
                work.pop()
                continue
            seen.add(key)
            if work.is_won():
                return WON, tuple(work.move_stack)
            if dead is not None and dead(work):
                work.pop()
                continue
            if cap is not None:
                if (work.redeals_left, sum(len(work.piles[i]) for i in hidden)) < before:
                    below.append([len(stack) + 1, 0])
                elif below:
                    below[-1][1] += 1
                    if below[-1][1] > cap:  # give up this redeal: back to the move before it
                        self.truncated = True
                        depth = below.pop()[0]
                        work.pop()
                        while len(stack) >= depth:
                            stack.pop()
                            work.pop()
                        continue
            stack.append(self.children(work))
        return LOST, ()


class _BestFirst(_Search):
    """Greedy best-first search: expand the position with the fewest cards
    away from home first (the newest among equals), with the same
    transposition table, safe moves and pruning as the depth-first search.
    Exhausting the frontier searches every reachable position, so `lost`
    is a proof here too. Positions wait in the frontier as raw bytes (the
    piles as they lie, not the canonical key), so that moves keep their
    pile names."""

    def run(self, cap: int | None = None) -> tuple[str, tuple]:
        import heapq

        know, dead = self.know, self.know.dead
        work = self.game.copy(stack=False)
        if work.is_won():
            return WON, ()
        away = tuple(i for i, role in enumerate(work.roles) if role not in self.homes)
        # a card still in the stock is one step further away than a card in play
        hidden = tuple(i for i, role in enumerate(work.roles) if role in work.FACE_DOWN)
        max_nodes, deadline = self.max_nodes, self.deadline

        def raw(g: Game) -> tuple:
            return b"\xff".join(bytes(p) for p in g.piles), g.phase, g.redeals_left, dict(g.extra)

        def restore(g: Game, snap: tuple) -> None:
            piles, g.phase, g.redeals_left, extra = snap
            g.piles = [list(p) for p in piles.split(b"\xff")]
            g.extra = dict(extra)

        root = state_key(work, know)
        parent: dict[bytes, tuple] = {root: (None, None)}
        frontier = [(0, 0, root, raw(work))]
        count = 0
        while frontier:
            _, _, key, snap = heapq.heappop(frontier)
            restore(work, snap)
            for move in self.children(work):
                work.push(move)
                self.nodes += 1
                if self.nodes >= max_nodes or (self.nodes & 255 == 0 and clock() > deadline):
                    raise _OutOfBudget
                child = state_key(work, know)
                if child not in parent:
                    parent[child] = (key, move)
                    if work.is_won():
                        line = []
                        while child is not None:
                            child, step = parent[child]
                            if step is not None:
                                line.append(step)
                        return WON, tuple(reversed(line))
                    if dead is None or not dead(work):
                        count += 1
                        piles = work.piles
                        h = sum(len(piles[i]) for i in away) + sum(len(piles[i]) for i in hidden)
                        heapq.heappush(frontier, (h, -count, child, raw(work)))
                work.pop()
        return LOST, ()


def solve_deal(slug: str, deal: int, budget: Budget = Budget()) -> Solution:
    from engine.registry import find_game

    return solve(find_game(slug)(deal), budget)


def replay(slug: str, deal: int, moves: list[str]) -> Game:
    """Play ``moves`` from the deal through the engine's checked `play`."""
    from engine.registry import find_game

    game = find_game(slug)(deal)
    for text in moves:
        game.play(text)
    return game


# -- hints ------------------------------------------------------------------------


class Hint(NamedTuple):
    move: str | None        # None when there is no legal move
    basis: str              # "winning-line", "most-options", "no-move" or "won"
    solution: Solution      # the search behind it
    options: int = 0        # for "most-options": legal moves after the move

    def to_json(self) -> dict:
        why = {
            "winning-line": "the first move of a winning line found by the solver",
            "most-options": ("no winning line was found within the budget" if self.solution.status == UNKNOWN
                             else "the solver proved that no line wins from here")
                            + "; this move leaves the most legal moves",
            "no-move": "there is no legal move",
            "won": "the game is won: no move is needed",
        }[self.basis]
        return {"game": self.solution.game, "move": self.move, "basis": self.basis, "why": why,
                "options_after": self.options if self.basis == "most-options" else None,
                "search": {k: v for k, v in self.solution.to_json().items() if k not in ("moves", "game", "deal")}}


def hint(game: Game, budget: Budget = Budget()) -> Hint:
    """The next move of a winning line, or else the move keeping most options open."""
    solution = solve(game, budget)
    if solution.status == WON:
        return Hint(solution.moves[0], "winning-line", solution) if solution.moves else \
            Hint(None, "won", solution)
    best, best_options = None, -1
    work = game.copy(stack=False)
    for move in ordered_moves(work, home_roles(type(work)))[::-1]:
        work.push(move)
        options = 10_000 if work.is_won() else sum(1 for _ in work.generate_moves())
        work.pop()
        if options > best_options:  # first of the best-ordered wins ties
            best, best_options = move, options
    if best is None:
        return Hint(None, "no-move", solution)
    return Hint(str(best), "most-options", solution, best_options)
