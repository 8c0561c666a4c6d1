"""The measures of the win-rate table, one deal at a time.

* "solvable": the deal can be won by a player who knows the order of the
  pack (the "thoughtful" measure of the solitaire literature). Exact per
  deal: won with a line that replays, or lost with a proof (the whole
  search space searched). It applies where no shuffle happens during play:
  every game but the fan games, whose redeals shuffle.
* "single-deal": the fan games' first layout played out with no redeal;
  every card is face up, so it is exact too.
* "player": the deal is won by the policy of `engine.solver.player`, which
  sees only what the rules show. A lower bound of a player's chances. In a
  game where nothing is ever hidden (every card dealt face up, no shuffle
  to come) a player knows what the search knows, and the player's result
  is the solvable one.

`run_deal(slug, measure, deal, budget)` returns the deal's record; every
"won" line is replayed through `Game.play` on a fresh deal before it is
reported, so a won verdict never rests on the search alone, and is kept in
the record (`line`: the moves joined by spaces) for anyone to replay.

The budget's positions decide (`Budget.nodes`, counted by the `Meter`), so
that a deal gives the same verdict, in the same positions, on any machine
and under any load; its CPU seconds are a backstop only. A deal the backstop
cut (the clock ran out before the positions) is recorded "unknown" with
``"backstop": true``: its verdict would depend on the machine.
"""

from __future__ import annotations

from engine.core import Game
from engine.solver.information import Observer
from engine.solver.registry import knowledge
from engine.solver.player import POLICY_FANS, play, player_policy
from engine.solver.search import LOST, UNKNOWN, WON, Budget, solve

MEASURES = ("solvable", "single-deal", "player")

POLICIES = {
    "solvable": "the search knows the order of the pack (no shuffle happens during play); exact per deal: "
                "won with a line that replays, or lost when the whole search space was searched",
    "single-deal": "the first layout alone, with no redeal; every card is face up, so the search is exact",
    "player": player_policy(""),  # at the default rate: `policy` gives a game's own sentence
    "player-fans": POLICY_FANS,
    "player-exact": "nothing is ever hidden in this game (every card is dealt face up and no shuffle is to "
                    "come): a player knows what the search knows, so the figure is the solvable one",
}


def new_game(game: str | type[Game], deal: int, readings: dict[str, str] | None = None) -> Game:
    """Deal ``deal`` of ``game`` (a slug or a class) under ``readings``."""
    if isinstance(game, str):
        from engine.registry import find_game

        game = find_game(game)
    return game(deal, readings=readings) if readings else game(deal)


def measures_of(cls: type[Game]) -> tuple[str, ...]:
    """The measures that apply to a game (see the module docstring)."""
    if knowledge(cls).redeal_shuffles:
        return ("player", "single-deal")
    return ("solvable", "player")


def nothing_hidden(cls: type[Game]) -> bool:
    """Is every card of every deal of ``cls`` seen from the start, with no shuffle to come?"""
    know = knowledge(cls)
    if know.redeal_shuffles:
        return False
    game = cls(1)
    return Observer(game, know).complete(game)


def policy(cls: type[Game], measure: str) -> str:
    if measure == "player" and nothing_hidden(cls):
        return POLICIES["player-exact"]
    if measure == "player" and knowledge(cls).redeal_shuffles:
        return POLICIES["player-fans"]
    if measure == "player":
        return player_policy(cls.slug)
    return POLICIES[measure]


def run_deal(slug: str, measure: str, deal: int, budget: Budget,
             readings: dict[str, str] | None = None) -> dict:
    """Measure one deal: its record for the results file."""
    from engine.registry import find_game

    cls = find_game(slug)
    if measure not in measures_of(cls):
        raise ValueError(f"measure {measure!r} does not apply to {slug} (it has {', '.join(measures_of(cls))})")
    game = new_game(cls, deal, readings)
    know = knowledge(cls)
    if know.forget is not None:
        know.forget()  # nothing an earlier search in this process remembered changes this one
    record: dict = {"deal": deal}
    if measure == "player" and not nothing_hidden(cls):
        result = play(game, budget)
        record.update(status=result.status, moves=len(result.moves), nodes=result.nodes,
                      seconds=round(result.seconds, 4), reason=result.reason)
        line, start = result.moves, new_game(cls, deal, readings)
    else:
        if measure == "single-deal":
            game.redeals_left = 0
        solution = solve(game, budget)
        record.update(status=solution.status, moves=len(solution.moves), nodes=solution.nodes,
                      seconds=round(solution.seconds, 4))
        line, start = solution.moves, new_game(cls, deal, readings)
        if measure == "single-deal":
            start.redeals_left = 0
    if record["status"] == WON:
        replay(start, line, f"{slug} deal {deal}: the {measure} line")
        record["line"] = " ".join(line)
    if record["seconds"] > budget.seconds:  # the clock read past the backstop: the positions did not decide
        record.update(status=UNKNOWN, backstop=True)
    return record


def replay(start: Game, line, what: str) -> None:
    """Play ``line`` (move strings) on ``start``: an `IllegalMoveError` if a
    move breaks the rules, an AssertionError if the line does not win."""
    for text in line:
        start.play(text)
    if not start.is_won():
        raise AssertionError(f"{what} does not end in a win")


__all__ = ["LOST", "MEASURES", "POLICIES", "UNKNOWN", "WON", "measures_of", "new_game", "nothing_hidden",
           "policy", "replay", "run_deal"]
