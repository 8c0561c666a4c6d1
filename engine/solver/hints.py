"""Hints: the player's policy (`engine.solver.player`) one move at a time.

A `Coach` follows one game as the person plays it, hint after hint, and is
the one policy behind the board's Hint button, `pasyans hint` and the
player measure:

- It never hints a move into a position already on the board in this game
  (the game's history travels with it: the moves replayed from the deal),
  so following the hints can never shuttle a card for ever. Where every
  legal move leads back, it says so and hints nothing.
- Where the person plays the hinted move, the next hint continues the same
  plan (a winning line, the worlds' lines, a route to a standstill) rather
  than searching afresh: a fresh search may prefer another line, whose
  first move undoes the last.
- "A winning line" is said only of a line that wins from this very position:
  with nothing hidden, replayed on a copy of the game before it is said;
  with something hidden, the hint says in how many of the sampled worlds
  the line won. Where no win is found, it says so and what the move is for.

`hint(game, budget)` is a coach without memory (the command line, one
position): it still reads the game's history from its move stack.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from engine.core import Game, Move
from engine.solver.information import Observer
from engine.solver.registry import knowledge
from engine.solver.player import Player
from engine.solver.search import LOST, UNKNOWN, WON, Budget, Meter, OutOfBudget, Solution, clock, solve


class Hint(NamedTuple):
    move: str | None        # None when there is no move to hint
    basis: str              # see `BASES`
    solution: Solution      # the search behind it
    options: int = 0        # moves open after it (a lost or undecided position)
    detail: dict = {}       # the policy's step and its figures (see `Hint.why`)

    def why(self) -> str:
        """The hint's reason in one sentence, with its figures."""
        d = self.detail
        if self.basis == "winning-line":
            return (f"the first move of a winning line: {d['to_win']} moves to the win, checked by playing "
                    f"them through from this position{' (the line found before, continued)' if d.get('kept') else ''}")
        if self.basis == "player":
            return STEPS[d.get("step", "")](d)
        if self.basis == "lost" and self.move:
            return BASES["lost"] + "; this move still takes a card home"
        return BASES[self.basis]

    def to_json(self) -> dict:
        search = {k: v for k, v in self.solution.to_json().items() if k not in ("moves", "game", "deal")}
        return {"game": self.solution.game, "move": self.move, "basis": self.basis, "why": self.why(),
                "step": self.detail.get("step"), "figures": {k: v for k, v in self.detail.items() if k != "step"},
                "options_after": self.options if self.basis == "unknown" else None, "search": search}


BASES = {
    "lost": "no line wins from here: nothing is hidden, and every line that does not go back to a position "
            "already played was searched (undo, or start a new deal)",
    "unknown": "no winning line was found within the hint's budget (nothing is hidden, but the search did not "
               "finish); this move keeps the most moves open",
    "stuck": "every legal move leads back to a position already played in this game: nothing new can be "
             "reached, the game is lost (undo, or start a new deal)",
    "no-move": "there is no legal move",
    "won": "the game is won: no move is needed",
}

STEPS = {
    "only": lambda d: "the only legal move",
    "only-new": lambda d: "the only move that does not lead back to a position already played",
    "only-open": lambda d: "the only move after which a move is left that does not lead back",
    "safe": lambda d: "a safe move: it can never spoil a win (proved for this game), so it is played first",
    "home": lambda d: ("a card home, the only one on offer for that foundation (the player's rule of thumb: "
                       "taken at once, not proved safe)"),
    "worlds": lambda d: (f"won in {d['won']} of {d['worlds']} sampled worlds (the unseen cards dealt at random, "
                         f"a world's winning line {d['to_win']} moves long); not a proof: the real pack may differ"),
    "rollouts": lambda d: (f"no sampled world was won{' by a search' if d.get('searched') else ''}; played on in "
                           f"{d['worlds']} sampled worlds, this of the {d['compared']} best moves brought most cards "
                           f"home on average (about {round(100 * d['home'])}% of the cards)"),
    "layout-win": lambda d: f"this layout is won without a redeal: {d['to_go']} moves of the line to go",
    "standstill": lambda d: (f"no win in this layout: the move leads to the best of {d['compared']} standstills "
                             f"(judged by {d['samples']} sampled shuffles each), then the redeal "
                             f"({d['to_go']} moves to go)"),
    "ordering": lambda d: "the search's preferred move (no time was left to think about this one)",
    "": lambda d: "the move a player who sees only the face-up cards would choose",
}


class Coach:
    """The hints of one game, as its player follows them or not (see the
    module docstring). Call `hint(game, budget)` with the game as it stands,
    its move stack included; the coach replays what was played since."""

    def __init__(self):
        self.player: Player | None = None
        self.moves: list[Move] = []  # the game's moves the player has followed
        self.line: list[Move] = []   # with nothing hidden: the rest of the winning line from here

    def hint(self, game: Game, budget: Budget = Budget()) -> Hint:
        start = clock()
        if game.is_won():
            return Hint(None, "won", _searched(game, 0, start))
        self._follow(game, budget)
        player = self.player
        try:
            if player.observer.complete(player.game):
                return self._exact(budget, start)
            move = player.decide()
        except OutOfBudget:
            move, player.why = None, ("ordering", {})
            moves = player.candidates(player.observer.world(player.game, player.rng))
            if moves:
                move = moves[-1]
        solution = _searched(game, player.meter.nodes, start)
        if move is None:
            return self._nothing_new(solution)
        step, figures = player.why
        return Hint(str(move), "player", solution, detail={"step": step, **figures})

    # -- following the game --------------------------------------------------------

    def _follow(self, game: Game, budget: Budget) -> None:
        """Bring the coach to ``game``: the moves played since the last hint
        (the plans kept where they agree), or a fresh player for a new deal,
        an undo, or a position the coach cannot reach by replaying."""
        player, done = self.player, len(self.moves)
        same = (player is not None and type(player.game) is type(game) and player.game.deal == game.deal
                and player.game.readings == game.readings and game.move_stack[:done] == self.moves)
        if same:
            try:
                for move in game.move_stack[done:]:
                    player.commit(move)
                    self.line = self.line[1:] if self.line and self.line[0] == move else []
                    self.moves.append(move)
            except Exception:
                same = False
            same = same and player.game.to_portable() == game.to_portable()
        if not same:
            self.player, self.moves, self.line = replayed_player(game, budget), list(game.move_stack), []
        self.player.rebudget(budget)  # each hint thinks with its own budget, all of it for this one decision

    # -- nothing hidden: a line that wins from here --------------------------------

    def _exact(self, budget: Budget, start: float) -> Hint:
        player = self.player
        game = player.game
        kept = bool(self.line) and self._wins(self.line)
        if not kept:
            self.line = []
            solution = solve(game, budget, know=player.know)
            line = [Move.parse(m) for m in solution.moves] if solution.status == WON else []
            if line and not self._wins(line):
                # the line passes through a position already played: search again
                # without entering one (what such a search cannot win is "lost"
                # for a player who never goes back)
                solution = solve(game, Budget(budget.nodes, max(0.0, budget.seconds - solution.seconds)),
                                 know=player.know, forbid=self._goes_back)
                line = [Move.parse(m) for m in solution.moves] if solution.status == WON else []
                if line and not self._wins(line):
                    line = []
            self.line = line
            searched = _searched(game, solution.nodes, start, solution.status if line or solution.status != WON
                                 else UNKNOWN)
        else:
            searched = _searched(game, 0, start, WON)
        if self.line:
            return Hint(str(self.line[0]), "winning-line", searched._replace(moves=tuple(map(str, self.line))),
                        detail={"to_win": len(self.line), "kept": kept})
        world = player.observer.world(game, player.rng)
        moves = player.candidates(world)
        if not moves:
            return self._nothing_new(searched)
        if searched.status == LOST:
            # nothing can win: a card home still counts; no move is hinted to
            # wander about the table for ever
            home = _card_home(world, moves, player.homes)
            return Hint(None if home is None else str(home), "lost", searched)
        best = max(reversed(moves), key=lambda m: _options_after(world, m))
        return Hint(str(best), "unknown", searched, _options_after(world, best))

    def _wins(self, line: list[Move]) -> bool:
        """Does ``line`` win when played from the position, legal move by
        legal move, never entering a position already played?"""
        player = self.player
        work = player.game.copy(stack=False)
        for move in line:
            if move not in work.legal_moves:
                return False
            work.push(move)
            if player.observer.masked_key(work) in player.visited:
                return False
        return work.is_won()

    def _goes_back(self, work: Game, move: Move) -> bool:
        work.push(move)
        try:
            return self.player.observer.masked_key(work) in self.player.visited
        finally:
            work.pop()

    def _nothing_new(self, solution: Solution) -> Hint:
        legal = any(True for _ in self.player.game.generate_moves())
        return Hint(None, "stuck" if legal else "no-move", solution)


def hint(game: Game, budget: Budget = Budget(), previous: Move | str | None = None) -> Hint:
    """The next move for a player of ``game`` (its history read from its
    move stack), by a coach without memory. ``previous``: for a position
    loaded without history, the move that led to it (the hint never takes
    it back). ``game`` is left as it was."""
    coach = Coach()
    if previous is not None and not game.move_stack and not game.is_won():
        coach._follow(game, budget)
        move = Move.parse(previous) if isinstance(previous, str) else previous
        undone = before(game, move, coach.player.observer)
        if undone is not None:
            coach.player.visited.add(undone)
    return coach.hint(game, budget)


def replayed_player(game: Game, budget: Budget) -> Player:
    """A player who has played ``game``'s moves from its deal (so he
    remembers every position and every card shown), or, for a position
    without history or one its moves do not lead to, a player who starts
    there."""
    know = knowledge(game)
    if game.move_stack:
        try:
            player = Player(type(game)(game.deal, readings=game.readings), budget, know=know)
            for move in game.move_stack:
                player.commit(move)
            if player.game.to_portable() == game.to_portable():
                return player
        except Exception:
            pass
    return Player(game.copy(stack=False), budget, know=know)


def before(game: Game, move: Move, observer: Observer) -> bytes | None:
    """What the player saw before the card move ``move`` (a masked key), for
    a hint without history: the move taken back by hand on a world."""
    if move.action or move.src not in game.index or move.dst not in game.index:
        return None
    work = observer.world(game, random.Random(0))
    src, dst = work.piles[work.index[move.src]], work.piles[work.index[move.dst]]
    if len(dst) < move.n or work.roles[work.index[move.src]] in work.FACE_DOWN:
        return None
    src.extend(dst[-move.n:])
    del dst[-move.n:]
    return observer.masked_key(work)


def _card_home(world: Game, moves: list[Move], homes: frozenset) -> Move | None:
    """The best-ordered of ``moves`` that takes a card home from elsewhere."""
    roles, index = world.roles, world.index
    for move in reversed(moves):
        if not move.action and roles[index[move.dst]] in homes and roles[index[move.src]] not in homes:
            return move
    return None


def _options_after(game: Game, move: Move) -> int:
    work = game.copy(stack=False)
    work.push(move)
    return 10_000 if work.is_won() else sum(1 for _ in work.generate_moves())


def _searched(game: Game, nodes: int, start: float, status: str = UNKNOWN) -> Solution:
    return Solution(status, (), nodes, clock() - start, False, game.slug, game.deal,
                    readings=tuple(sorted(game.non_default_readings().items())))
