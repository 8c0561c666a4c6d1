"""The player: a policy that sees only what the rules show.

`play(game, budget)` plays a deal as a player who sees the face-up cards
and remembers every card he has seen, but not the order of the pack he has
not turned, nor a shuffle before it is dealt (`engine.solver.information`).
It never searches the real game: every search runs in a *world*, a copy in
which the unseen cards are dealt at random and redeals shuffle with a
random seed. Its result is a lower bound of what a player can do: a win is
a real win (the moves replay through `play` on the real deal), a loss says
that this policy did not win.

The policy, in order, at each move:

1. Once nothing is hidden any more (no unseen card, no shuffle to come),
   solve the real position exactly and follow the winning line, or stop:
   the deal is then proved lost from there.
2. A move that is safe (`Knowledge.safe`, proved per game) or the only one
   is played at once; so is a card home from the layout (`home_move`: a
   policy's choice, not a proof) where the move shows nothing and no other
   pile offers that foundation its card (which pile sends it is a choice:
   it decides the card uncovered). While a winning line of step 4 is being
   followed, its next move comes first: a safe move or a card home off the
   line (a twin foundation instead of the line's, say) would drop the line,
   whose world knows what they do not. A move after
   which the player would have no move left but back into a position he
   has left is not played while another is (`not_stuck`).
3. Games whose only unknown is the shuffle of a redeal (the fan games):
   search the layout for a win without redealing (exactly, within the
   budget); failing that, list the standstills the layout can reach
   (positions where a redeal may be made), keep the few with most cards
   home, estimate each by dealing `REDEAL_SAMPLES` random shuffles of the
   cards it would gather and searching each sampled layout, and play
   towards the best, then redeal.
4. Otherwise, determinised Monte Carlo sampling: deal `WORLDS` worlds,
   search each for a win with a small budget (the search knows the world's
   pack, a guess), and play the first move of most of the winning lines.
   A world's line is followed while it agrees with the game: after a move
   that shows a card, the world is made to agree with what was shown (its
   other unseen cards keep their places) and its line is kept if it still
   wins there; new worlds are dealt when fewer than `MIN_WORLDS` lines are
   left. If no world wins (or every world is proved lost: the player plays
   on, since the real pack may still win), flat Monte Carlo over the same
   worlds: each of the `CANDIDATES` best-ordered moves is played in every
   world and the game played on by a greedy rollout (`rollout_order`: a
   card home first, else the ordering, passed over now and then; the same
   noise for every move in one world, so the moves are compared, not the
   luck) for as many moves as the decision's budget lets every move have
   in every world; the move with the best mean score (1 for a win, else
   the share of the cards home, the moves left at the end breaking ties)
   is played. After a search of fresh worlds that won none, the next waits
   until a quarter of the cards then unseen are shown (`worth_a_search`).

The budget: the thinking and the exact finish are planned in positions,
`PLAN_RATES` (or `NODES_PER_SECOND`) per second of the budget (its seconds
stay a backstop), so that the same deal plays the same game on any
machine, as long as the backstop is not reached (a game slower than that
rate per position, on a loaded machine, may reach it; a budget given in
positions alone, with seconds to spare, is reproducible move for move).
`FINISH_SHARE` of it is kept for step 1, where wins are made; each
decision of step 4 gets what is left shared among the decisions still to
come, estimated from the cards unseen and the decisions made per card
shown so far. Once the plan is spent the moves are the ordering's, until
nothing is hidden. "Home" is the game's foundations (`home_roles`), or
where it has none the piles it builds (`BUILT_ROLES`: Мельница's centre
and corners).

The player never goes back into a position it has left, so it cannot
shuttle a card for ever; a hint is one step of this policy, taken by a
player who follows the game as it is played (`engine.solver.hints`).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from engine.core import Game, Move
from engine.solver.information import Observer
from engine.solver.keys import state_key
from engine.solver.knowledge import Knowledge
from engine.solver.registry import knowledge
from engine.solver.search import (LOST, UNKNOWN, WON, Budget, DepthFirst, Meter, OutOfBudget, Solution,
                                  children, clock, home_roles, solve)

WORLDS = 4           # worlds dealt when a decision needs them
MIN_WORLDS = 1       # fewer live lines than this: deal new worlds
WORLD_BUDGET = Budget(nodes=3_000, seconds=1.0)  # at most, the search of one world (its positions decide)
BARREN_SHOWN = 0.75  # after a win search in vain, the next waits until this share of the unseen cards is left
WIN_SHARE = 0.5      # of a decision's positions spent searching the worlds for a win
CANDIDATES = 5       # moves compared by rollouts when no world is won (the best of the ordering)
ROLLOUT_MOVES = 250  # the length of one rollout at most
MIN_ROLLOUT = 12     # ... and at least (a rollout's length is what the decision's budget lets every move have)
MOBILITY, MOBILITY_CAP = 0.05, 10  # a rollout's end: each move left counts a twentieth of a card home (ten at most)
# Where a game has no foundation the search knows of (`home_roles` empty),
# the piles it builds to win, which the player's ordering, rollouts and
# scores count as home: in Мельница the centre (aces up) and the corners
# (kings down), which a card leaves only for one another (a king's pile
# lending its top to the centre) and which hold every card once the game is won.
BUILT_ROLES = {"mill": frozenset({"centre", "corner"})}
BUILT_ROLES_TEXT = {"mill": "the centre and the four corners"}
HOME_CHOICE_THOUGHT = True  # not at once where two piles offer one foundation its card (`home_move`)
PLANS_FIRST = True  # a live winning line is followed before a safe move or a card home (`decide`)
HOME_AT_ONCE = True  # a move home from the layout is played without thinking (`Player.home_move`)
ROLLOUT_DEAD_EVERY = 8  # a rollout asks the dead test after every 8th move
ROLLOUT_NOISE = 0.15  # a rollout passes over its greedy choice this often (never a move home)
FINISH_SHARE = 0.4   # of the deal's budget kept for the exact solve once nothing is hidden
NODES_PER_SECOND = 20_000  # the thinking is planned in positions, so a deal plays alike on any machine
# Positions per CPU second planned per game, where the game's search is far
# from `NODES_PER_SECOND` (about what the player meters per CPU second in
# that game on the machine of the committed table, measured by `pasyans
# stats GAME --measure player --deals 20 --budget 1`: nodes over seconds of
# the deals the backstop cut, December 2026): the plan then fits the budget's
# seconds, so that the exact finish gets its reserve and the deal plays
# alike on any machine instead of being cut by the backstop. A faster search
# leaves some seconds unused until these are measured again.
PLAN_RATES = {"cadran": 8_500, "chinese-letter": 9_500, "four-corners": 10_000, "grand-layout": 10_000,
              "hemispheres": 9_500, "shah": 3_000, "mill": 25_000, "idet-ne-idet": 25_000, "salic-law": 27_000}
MIN_SLICE, MAX_SLICE = 100, 40_000  # positions one decision may spend (a small floor: the plan lasts the game)
MIN_WEIGHT, MAX_WEIGHT = 0.67, 1.67  # a decision's share, weighed by its moves to choose from (3 = 1)
STANDSTILLS = 4      # standstills compared before a redeal
REDEAL = Move(action="redeal")
REDEAL_SAMPLES = 6   # shuffles dealt to judge one standstill
MAX_MOVES = 5000
STALL_MOVES = 200    # moves with no card home, none shown and no redeal: the player stops (a loss)

POLICY = ("a player who sees only the face-up cards and remembers the cards he has seen (never the "
          "order of the pack nor a face-down card): once nothing is hidden he solves the position exactly "
          "(%d%% of the budget is kept for this); before that he keeps to a winning line found in a world while that world agrees with the cards "
          "shown, else plays at once a safe move, the "
          "only move, or a card home from the layout that no other pile could send there, and never a move "
          "after which he would have no move left; "
          "every other move he chooses by determinised Monte Carlo: he deals %d worlds in which the "
          "unseen cards lie at random, searches each for a win (not again until a quarter of the cards "
          "then unseen are shown) and plays the move most winning lines start with (following a line "
          "while its world agrees with the cards shown), or, if no world is won, plays each of the %d "
          "best-ordered moves in every world and goes on by a greedy rollout (a card home first, else "
          "the search's move ordering, passed over at random %d%% of the time; as long as the decision's "
          "budget lets every move be tried in every world), choosing the move with the most cards home "
          "on average (the moves left at the end break ties); each decision gets a share of the budget, "
          "planned in positions (%s per CPU second in this game) by the cards still unseen, so that a "
          "deal replays alike")


def player_policy(slug: str) -> str:
    """The `POLICY` sentence for a game (its planned positions per second)."""
    text = POLICY % (round(100 * FINISH_SHARE), WORLDS, CANDIDATES, round(100 * ROLLOUT_NOISE),
                     f"{PLAN_RATES.get(slug, NODES_PER_SECOND):,}")
    if slug in BUILT_ROLES:
        text += "; the game has no foundations: %s count as home" % BUILT_ROLES_TEXT[slug]
    return text


POLICY_FANS = ("a player who sees every card of the layout but never a redeal's shuffle before it is "
               "dealt: in each layout he searches for a win without redealing; failing that he lists the "
               "standstills he can reach, keeps the %d with most cards home, judges each by %d sampled "
               "shuffles of the cards it would gather (each sampled layout searched), plays towards the "
               "best and redeals; the last layout, with nothing hidden, he solves exactly"
               % (STANDSTILLS, REDEAL_SAMPLES))


class PlayResult(NamedTuple):
    status: str                 # won / lost (the policy did not win) / unknown (budget spent)
    moves: tuple[str, ...]      # the moves played in the real game
    nodes: int
    seconds: float
    reason: str = ""            # how it ended: "won", "no move", "proved lost", "gave up", "budget"
    decisions: int = 0          # decisions that dealt worlds
    worlds: int = 0             # worlds searched


class Plan:
    """A world and the rest of a winning line found in it."""

    __slots__ = ("world", "line")

    def __init__(self, world: Game, line: list[Move]):
        self.world, self.line = world, line


class Player:
    """The policy of the module docstring, for one real game."""

    def __init__(self, game: Game, budget: Budget, seed: int = 0, know: Knowledge | None = None,
                 observer: Observer | None = None):
        self.game = game
        self.know = know or knowledge(game)
        self.homes = home_roles(type(game)) or BUILT_ROLES.get(game.slug, frozenset())
        self.observer = observer or Observer(game, self.know)
        self.rng = random.Random(seed * 1_000_003 + game.deal)
        self.start = clock()
        self.meter = Meter(budget, self.start)
        self.budget = budget
        self.visited = {self.observer.masked_key(game)}
        self.plans: list[Plan] = []
        self.decisions = 0
        self.worlds = 0
        self.fan_route: list[Move] = []  # moves to a chosen standstill, then "redeal"
        self.barren = None  # the information state in which fresh worlds last found no win
        self.sampled = 0  # worlds searched when the live plans were found
        self.why: tuple[str, dict] = ("", {})  # which step of the policy chose the last move (`decide`)
        self.route_why: tuple[str, dict] = ("", {})  # what `fan_route` leads to: a layout's win or a standstill
        # the thinking is planned in positions (`PLAN_RATES`); the seconds
        # of the budget stay a backstop only
        self.plan_nodes = min(budget.nodes, int(budget.seconds * PLAN_RATES.get(game.slug, NODES_PER_SECOND)))
        can_finish = not self.know.redeal_shuffles  # every hidden card is shown in the end
        self.reserve = int(FINISH_SHARE * self.plan_nodes) if can_finish else 0
        self.single = False  # one decision alone (a hint): it may spend the whole plan
        self.shown_at_start = self.observer.unseen_count()
        self.total_cards = sum(len(p) for p in game.piles)
        self.home_at_once = HOME_AT_ONCE and not self.know.redeal_shuffles  # see `home_move`

    def rebudget(self, budget: Budget) -> None:
        """A new budget, all of it for the next decision (a hint's)."""
        self.budget, self.start, self.single = budget, clock(), True
        self.meter = Meter(budget, self.start)
        self.plan_nodes = min(budget.nodes, int(budget.seconds * PLAN_RATES.get(self.game.slug, NODES_PER_SECOND)))

    # -- one real move ---------------------------------------------------------------

    def commit(self, move: Move) -> None:
        """Play ``move`` in the real game (checked), and bring the plans along."""
        game = self.game
        unseen = self.observer.unseen_count(), game.redeals_left
        game.play(move)
        self.observer.after(game, move)
        self.visited.add(self.observer.masked_key(game))
        shown = (self.observer.unseen_count(), game.redeals_left) != unseen
        kept = []
        for plan in self.plans:
            if not plan.line or plan.line[0] != move:
                continue
            plan.line.pop(0)
            plan.world.push(move)
            if shown and not self._agree(plan):
                continue
            kept.append(plan)
        self.plans = kept
        if self.fan_route:
            if self.fan_route[0] == move:
                self.fan_route.pop(0)
            else:
                self.fan_route = []

    def _agree(self, plan: Plan) -> bool:
        """After a move that showed cards: make the world agree with the real
        game (its other unseen cards keep their order) and keep the plan if
        its line still wins there."""
        world = self.observer.world(self.game, self.rng)
        old = self._unseen_sequence(plan.world)
        wanted: dict[int, int] = {}
        for c in self._unseen_sequence(world):
            wanted[c] = wanted.get(c, 0) + 1
        seq = []
        for c in old:
            if wanted.get(c, 0):
                wanted[c] -= 1
                seq.append(c)
            else:
                seq.append(None)
        rest = [c for c, n in wanted.items() for _ in range(n)]
        self.rng.shuffle(rest)
        seq = [c if c is not None else rest.pop() for c in seq]
        self._set_unseen(world, seq)
        world.deal = plan.world.deal
        probe = world.copy(stack=False)
        for move in plan.line:
            if move not in list(probe.generate_moves()):
                return False
            probe.push(move)
        if not probe.is_won():
            return False
        plan.world = world
        return True

    def _unseen_sequence(self, world: Game) -> list[int]:
        out = []
        for i in self.observer.hidden:
            n = self.observer.unseen[i]
            if n:
                out += world.piles[i][len(world.piles[i]) - n:]
        return out

    def _set_unseen(self, world: Game, seq: list[int]) -> None:
        k = 0
        for i in self.observer.hidden:
            n = self.observer.unseen[i]
            if n:
                pile = world.piles[i]
                pile[len(pile) - n:] = seq[k:k + n]
                k += n

    # -- the policy --------------------------------------------------------------------

    def remaining(self) -> float:
        return self.meter.deadline - clock()

    def sub_budget(self, nodes: int) -> Budget:
        """A budget for one search inside the player's, or `OutOfBudget`:
        ``nodes`` positions at most, and no seconds of its own (a search cut
        by the clock would make the deal play differently on a busy
        machine): only the deal's backstop."""
        left_nodes = self.meter.max_nodes - self.meter.nodes
        left_seconds = self.remaining()
        if left_nodes <= 0 or left_seconds <= 0:
            raise OutOfBudget
        return Budget(min(nodes, left_nodes), left_seconds)

    def think_slice(self, choices: int = 0) -> int:
        """Positions the next decision may spend: what is left of the plan
        (less the reserve for the exact finish), shared among the decisions
        still to come, estimated from the cards still unseen and the
        decisions made per card shown so far (0: play the ordering's move),
        weighed by the number of moves to choose from (``choices``, of which
        the rollouts compare `CANDIDATES` at most)."""
        left = self.plan_nodes - self.meter.nodes
        if self.single:
            return max(0, left)
        left -= self.reserve
        if left <= 0:
            return 0
        unseen = self.observer.unseen_count()
        shown = self.shown_at_start - unseen
        per_card = (self.decisions + 2) / (shown + 12)  # decisions per card shown, with a prior of 1/6
        to_come = max(2.0, unseen * per_card + 2)
        # a choice among more moves gets more (the rollouts try each move in every world)
        weight = min(MAX_WEIGHT, max(MIN_WEIGHT, choices / 3)) if choices else 1.0
        return int(min(MAX_SLICE, max(MIN_SLICE, weight * left / to_come), left))

    def info_state(self) -> tuple:
        """What the player knows changes only when a card is shown or a shuffle dealt."""
        return self.observer.unseen_count(), self.game.redeals_left

    def run(self) -> PlayResult:
        """Play to the end. When the budget runs out (or an exact search of a
        position with nothing hidden does not finish), the rest of the game
        is played by the move ordering alone, never back into a position
        left, so that every deal ends won or lost for this policy; it stops
        after `STALL_MOVES` moves that get nowhere (each costs time, and the
        ordering may wander without ever repeating a position)."""
        game = self.game
        reason = ""
        greedy = False
        progress, stalled = None, 0
        while len(game.move_stack) < MAX_MOVES:
            if game.is_won():
                reason = "won"
                break
            now = self.progress()
            stalled = stalled + 1 if now == progress else 0
            progress = now
            if stalled >= STALL_MOVES:  # cards moved about for ever (the ordering never repeats a position)
                reason = "no progress"
                break
            try:
                if greedy:
                    move = self.greedy_move()
                else:
                    if self.observer.complete(game):
                        reason = self.finish_exactly()
                        if reason != "greedy":
                            break
                        greedy = True
                        continue
                    move = self.decide()
            except OutOfBudget:
                greedy = True
                self.plans, self.fan_route = [], []
                continue
            if move is None:
                reason = self.reason or "no move"
                break
            self.commit(move)
        else:
            reason = "too many moves"
        status = WON if game.is_won() else LOST
        if greedy and status != WON:
            reason += " (budget spent: moves by ordering)"
        return PlayResult(status, tuple(map(str, game.move_stack)), self.meter.nodes, clock() - self.start,
                          "won" if status == WON else reason, self.decisions, self.worlds)

    def progress(self) -> tuple:
        """What a move that gets somewhere changes: cards home, cards shown, redeals."""
        game = self.game
        home = sum(len(game.piles[i]) for i, role in enumerate(game.roles) if role in self.homes)
        return home, self.observer.unseen_count(), game.redeals_left, game.phase

    def greedy_move(self) -> Move | None:
        moves = self.candidates(self.observer.world(self.game, self.rng))
        return moves[-1] if moves else None

    reason = ""

    def finish_exactly(self) -> str:
        """Nothing is hidden: solve the real position and follow the line."""
        try:
            # what is left of the plan (the reserve, and what the decisions left
            # over): in positions, so that the verdict does not depend on the
            # machine; the fan games, whose layout searches are not planned
            # (step 3), finish with all that is left of the budget
            nodes = self.meter.max_nodes if self.know.redeal_shuffles else max(1, self.plan_nodes - self.meter.nodes)
            budget = self.sub_budget(nodes)
        except OutOfBudget:
            return "greedy"
        solution = solve(self.game, budget, know=self.know)
        self.meter.nodes += solution.nodes
        if solution.status == WON:
            for text in solution.moves:
                self.game.play(text)
            return "won"
        if solution.status == LOST:
            return "proved lost"
        return "greedy"

    def candidates(self, world: Game) -> list[Move]:
        """The moves worth a thought, best last: no pointless move, no move
        back into a position the player has left."""
        moves = children(world, self.know, self.homes)
        fresh = []
        for move in moves:
            if self.observer.reveals(world, move):
                fresh.append(move)  # it shows something new: never back where the player was
                continue
            world.push(move)
            back = self.observer.masked_key(world) in self.visited
            world.pop()
            if not back:
                fresh.append(move)
        return fresh

    def decide(self) -> Move | None:
        """The next move (None: every move leads back where the player
        was); `why` says which step of the policy chose it, for a hint."""
        world = self.observer.world(self.game, self.rng)
        moves = self.candidates(world)
        if not moves:
            self.why = ("stuck", {})
            return None
        fresh = len(moves)
        if len(moves) > 1:
            moves = self.not_stuck(world, moves)
        if len(moves) == 1:
            # the only legal move, the only one that leads somewhere new, or
            # the only one after which the player is not stuck
            legal = sum(1 for _ in world.generate_moves())
            self.why = ("only" if legal == 1 else "only-new" if fresh == 1 else "only-open", {})
            return moves[-1]
        if PLANS_FIRST and any(plan.line and plan.line[0] in moves for plan in self.plans):
            # a winning line is being followed: a safe move or a card home
            # off the line would drop it (its world knows what they do not)
            return self.decide_by_worlds(moves)
        if self.know.safe is not None and self.know.safe(world, moves[-1]):
            self.why = ("safe", {})
            return moves[-1]
        home = self.home_move(world, moves)
        if home is not None:
            self.why = ("home", {})
            return home
        if self.know.redeal_shuffles and self.game.redeals_left:
            return self.decide_layout(world, moves)
        return self.decide_by_worlds(moves)

    def not_stuck(self, world: Game, moves: list[Move]) -> list[Move]:
        """The moves after which the player has a move left (one that shows
        something or does not lead back to a position he has left), or that
        win; all of ``moves`` if none has. A game whose pack is turned only
        at a standstill can hold it back for ever by one card that can move
        only back to where it was: the player keeps out of that."""
        kept = []
        for move in moves:
            if self.observer.reveals(world, move):
                kept.append(move)
                continue
            world.push(move)
            try:
                key = self.observer.masked_key(world)
                if world.is_won() or any(self._fresh_after(world, key, m) for m in world.generate_moves()):
                    kept.append(move)
            finally:
                world.pop()
        return kept or moves

    def _fresh_after(self, world: Game, here: bytes, move: Move) -> bool:
        if self.observer.reveals(world, move):
            return True
        world.push(move)
        try:
            key = self.observer.masked_key(world)
            return key != here and key not in self.visited
        finally:
            world.pop()

    def home_move(self, world: Game, moves: list[Move]) -> Move | None:
        """Step 2 of the policy, a card home: the best-ordered move that
        takes a card from the layout (not from the pack, nor from another
        foundation) to a foundation, played without thinking, where the
        move shows nothing. Not proved safe (a card home may be one a lower
        card of its suit would have married): a policy's choice, which
        leaves the budget to the choices that need it. Not in the fan
        games, which think by layouts (step 3)."""
        if not self.home_at_once:
            return None
        roles, index, homes = world.roles, world.index, self.homes
        home = [move for move in reversed(moves)
                if not move.action and roles[index[move.dst]] in homes and roles[index[move.src]] not in homes
                and roles[index[move.src]] not in world.FACE_DOWN and not self.observer.reveals(world, move)]
        if HOME_CHOICE_THOUGHT:
            sources: dict[str, set] = {}
            for move in home:
                sources.setdefault(move.dst, set()).add(move.src)
            if any(len(srcs) > 1 for srcs in sources.values()):
                return None  # two piles offer a foundation its card: which to send is a choice
        return home[0] if home else None

    # -- determinised Monte Carlo --------------------------------------------------------

    def decide_by_worlds(self, moves: list[Move]) -> Move | None:
        allowed = set(moves)
        live = [p for p in self.plans if p.line and p.line[0] in allowed]
        think = self.think_slice(min(len(moves), CANDIDATES))
        if len(live) < MIN_WORLDS and think:
            self.decisions += 1
            worlds = [self.observer.world(self.game, self.rng) for _ in range(WORLDS)]
            self.sampled = 0  # worlds searched for the lines that decide (a hint says how many won)
            if self.worth_a_search():
                self.sampled = WORLDS
                per_world = max(1, int(think * WIN_SHARE) // WORLDS)
                for world in worlds:
                    solution = self._search(world, per_world)
                    line = [Move.parse(m) for m in solution.moves] if solution.status == WON else []
                    if line and line[0] in allowed:  # never a line back where the player was
                        live.append(Plan(world.copy(stack=False), line))
                if not live:
                    self.barren = self.info_state()  # see `worth_a_search`
                    think -= per_world * WORLDS
            if not live:
                self.plans = []
                return self.rollouts(worlds, moves, think)
        self.plans = live
        if not live:
            self.why = ("ordering", {})
            return moves[-1]  # no thinking left for this decision: the ordering's choice
        votes: dict[Move, int] = {}
        for plan in live:
            votes[plan.line[0]] = votes.get(plan.line[0], 0) + 1
        best, best_votes = moves[-1], 0
        for move in reversed(moves):  # best-ordered first wins ties
            v = votes.get(move, 0)
            if v > best_votes:
                best, best_votes = move, v
        self.why = ("worlds", {"won": best_votes, "worlds": max(self.sampled, len(live)),
                               "to_win": min(len(p.line) for p in live if p.line[0] == best)})
        return best

    def worth_a_search(self) -> bool:
        """Search fresh worlds for a win? Not again after a search that found
        none, until a quarter of the cards then unseen have been shown (or a
        redeal dealt): with most of the pack to come, a world's search at
        this budget rarely wins, and what it would have spent goes to the
        rollouts instead."""
        if self.barren is None:
            return True
        unseen, redeals = self.info_state()
        return redeals != self.barren[1] or unseen <= BARREN_SHOWN * self.barren[0]

    def rollouts(self, worlds: list[Game], moves: list[Move], think: int) -> Move:
        """Flat Monte Carlo over the worlds: each of the `CANDIDATES`
        best-ordered moves is played in every world and the game played on
        by a greedy rollout (`rollout_order`) as far as ``think`` lets every
        move go in every world (`MIN_ROLLOUT` moves at least); the move with
        the best mean score (1 for a win, else the share of the cards home)
        is chosen; the ordering decides ties and a budget too small to try
        them all."""
        candidates = moves[-CANDIDATES:]
        scores = {move: 0.0 for move in candidates}
        tried = {move: 0 for move in candidates}
        try:
            meter = Meter(self.sub_budget(max(1, think)))
        except OutOfBudget:
            self.why = ("ordering", {})
            return moves[-1]
        seeds = [self.rng.randrange(1 << 30) for _ in worlds]
        # the rollouts' length: what lets every move be tried in every world
        length = max(MIN_ROLLOUT, min(ROLLOUT_MOVES, think // (len(worlds) * len(candidates))))
        try:
            for k, world in enumerate(worlds):
                for move in reversed(candidates):
                    work = world.copy(stack=False)
                    work.push(move)
                    # the same noise in one world for every move: the moves are compared, not the luck
                    scores[move] += self._rollout(work, meter, random.Random(seeds[k]), length)
                    tried[move] += 1
        except OutOfBudget:
            pass
        finally:
            self.meter.nodes += meter.nodes
        self.worlds += len(worlds)
        best, best_score = moves[-1], -1.0
        full = max(tried.values())
        for move in reversed(candidates):
            if tried[move] and tried[move] == full and scores[move] / tried[move] > best_score:
                best, best_score = move, scores[move] / tried[move]
        self.why = ("rollouts", {"worlds": len(worlds), "compared": len(candidates),
                                 "searched": self.sampled, "home": min(1.0, max(0.0, best_score) / 0.9)})
        return best

    def _rollout(self, work: Game, meter: Meter, rng: random.Random, length: int = 0) -> float:
        """Play ``work`` (a world) on by the greedy policy of `rollout_order`,
        never back into a position of this rollout: 1.0 if won, else the
        share of the cards home (0 for a position proved dead: the dead test,
        which costs more than a move in some games, is asked every
        `ROLLOUT_DEAD_EVERY` moves)."""
        know, homes, dead = self.know, self.homes, self.know.dead
        seen = {state_key(work, know)}
        for step in range(length or ROLLOUT_MOVES):
            if work.is_won():
                return 1.0
            order = self.rollout_order(work, children(work, know, homes), rng)
            if not order:
                break
            for move in order:
                work.push(move)
                meter.tick()
                key = state_key(work, know)
                if key not in seen:
                    seen.add(key)
                    break
                work.pop()
            else:
                break
            if dead is not None and step % ROLLOUT_DEAD_EVERY == 0 and dead(work):
                return 0.0
        if work.is_won():
            return 1.0
        home = sum(len(work.piles[i]) for i, r in enumerate(work.roles) if r in homes)
        # a rollout cut short: the moves left to the player break ties of cards home
        free = min(MOBILITY_CAP, sum(1 for _ in work.generate_moves()))
        return 0.9 * (home + MOBILITY * free) / self.total_cards

    def rollout_order(self, work: Game, moves: list[Move], rng: random.Random) -> list[Move]:
        """The rollout's greedy policy: the moves to try, best first. A move
        that takes a card home from the layout comes first (the best-ordered
        of them: a card home is never passed over), then the ordering
        (``moves``, best last: a card uncovered that a foundation wants, a
        pile emptied, ..., a space filled and actions last); with no move
        home the first choice is passed over with probability
        `ROLLOUT_NOISE` for one of the next three, so that the rollouts of
        one world differ a little."""
        roles, index, homes = work.roles, work.index, self.homes
        first, rest = [], []
        for move in reversed(moves):
            if not move.action and roles[index[move.dst]] in homes and roles[index[move.src]] not in homes:
                first.append(move)
            else:
                rest.append(move)
        if first:
            return first + rest
        if len(rest) > 1 and rng.random() < ROLLOUT_NOISE:
            k = 1 + int(rng.random() * min(3, len(rest) - 1))
            rest = rest[k:] + rest[:k]
        return rest

    def _search(self, world: Game, nodes: int) -> Solution:
        budget = self.sub_budget(min(nodes, WORLD_BUDGET.nodes))
        solution = solve(world, budget, know=self.know, seed=self.worlds)
        self.worlds += 1
        self.meter.nodes += solution.nodes
        return solution

    # -- fan games: a shuffled redeal ------------------------------------------------------

    def decide_layout(self, world: Game, moves: list[Move]) -> Move | None:
        """Step 3 of the policy: a win in this layout, else the best standstill."""
        if self.fan_route:
            if self.fan_route[0] in self.game.legal_moves:
                kind, figures = self.route_why
                self.why = (kind, {**figures, "to_go": len(self.fan_route)})
                return self.fan_route[0]
            self.fan_route = []  # e.g. not yet a standstill under the rules: think again
        self.decisions += 1
        single = world.copy(stack=False)
        single.redeals_left = 0  # "a win without redealing" is the single-layout question
        solution = self._exact(single, self.sub_budget(200_000))
        if solution.status == WON:
            self.fan_route = [Move.parse(m) for m in solution.moves]
            self.why = self.route_why = ("layout-win", {"to_go": len(self.fan_route)})
            return self.fan_route[0]
        leaves = self._standstills(world)
        if not leaves:
            self.why = ("ordering", {})
            return moves[-1]
        leaves.sort(key=lambda leaf: -leaf[0])
        best, best_value = None, -1.0
        for home, line, layout_world in leaves[:STANDSTILLS]:
            value = self._judge_standstill(layout_world)
            if value > best_value:
                best, best_value = line, value
        self.fan_route = list(best) + [REDEAL]
        self.why = self.route_why = ("standstill", {"to_go": len(self.fan_route),
                                                    "compared": min(STANDSTILLS, len(leaves)),
                                                    "samples": REDEAL_SAMPLES})
        return self.fan_route[0]

    def _exact(self, world: Game, budget: Budget) -> Solution:
        solution = solve(world, budget, know=self.know)
        self.meter.nodes += solution.nodes
        self.worlds += 1
        return solution

    def _standstills(self, world: Game) -> list[tuple[int, tuple, Game]]:
        """Standstills reachable in this layout without a redeal: (cards
        home, line, position), one per set of cards left in the fans."""
        from engine.solver import fans

        meter = Meter(self.sub_budget(80_000))
        try:
            fast = fans.one_pack_standstills(world, meter)
        finally:
            self.meter.nodes += meter.nodes
        if fast is not None:
            out = []
            for home, line, _left in fast:
                position = world.copy(stack=False)
                for move in line:
                    position.push(move)
                out.append((home, line, position))
            return out
        found: dict[bytes, tuple[int, tuple, Game]] = {}
        homes = self.homes

        def visit(g: Game) -> None:
            for m in g.generate_moves():
                if not m.action and not g.is_shuttle(m):
                    return
            # only shuttles are left here, but shuttles may lead to a card
            # move that is none: the rules' own gate says whether the cards
            # may be gathered (`engine.assume.standstill`)
            if REDEAL not in g.legal_moves:
                return
            left = bytes(sorted(c for i, r in enumerate(g.roles) if r not in homes for c in g.piles[i]))
            if left not in found:
                home = sum(len(g.piles[i]) for i, r in enumerate(g.roles) if r in homes)
                found[left] = (home, tuple(g.move_stack), g.copy(stack=False))

        probe = world.copy(stack=False)
        meter = Meter(self.sub_budget(60_000))
        plain = Knowledge(interchangeable=self.know.interchangeable, twins=self.know.twins,
                          interchangeable_when=self.know.interchangeable_when)
        search = DepthFirst(probe, plain, meter, forbid=lambda g, m: bool(m.action), goal=lambda g: False,
                            visit=visit)
        try:
            search.run()
        except OutOfBudget:
            pass
        self.meter.nodes += meter.nodes
        return list(found.values())

    def _judge_standstill(self, position: Game) -> float:
        """The mean, over sampled shuffles, of the share of cards a search of
        the next layout brings home (1.0 for a layout won without a further
        redeal)."""
        from engine.solver import fans

        total = 0.0
        cards = sum(len(p) for p in position.piles)
        for _ in range(REDEAL_SAMPLES):
            sample = position.copy(stack=False)
            sample.deal = self.rng.randrange(1 << 40, 1 << 41)
            sample.push(Move(action="redeal"))
            meter = Meter(self.sub_budget(20_000))
            try:
                won, home = fans.judge_layout(sample, meter)
            finally:
                self.meter.nodes += meter.nodes
            total += 1.0 if won else 0.5 * home / cards
        return total / REDEAL_SAMPLES


def play(game: Game, budget: Budget = Budget(nodes=50_000_000, seconds=10.0), seed: int = 0) -> PlayResult:
    """Play ``game`` (changed in place) as the player of the module docstring."""
    return Player(game, budget, seed).run()
