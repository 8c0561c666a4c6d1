"""The solver and hints, as the command line, the stats and the browser call them.

In: a position of any game (`engine.core.Game`). `solve(game, budget)`
searches it exactly, knowing everything the position holds (the order of
the pack, the seeded shuffle of a redeal: "thoughtful"; `Solution.thoughtful`
says when that applies), and answers won (with the move list), lost (the
search space was exhausted: a proof) or unknown (the budget ran out).
`hint(game, budget)` is a player's hint: it never uses what the player
cannot see (see `engine.solver.player`). The measures of the win-rate table
are in `engine.solver.measures`.

The machinery lives in the package `engine.solver` (see its docstring);
this module keeps the names other code imports. Standard library only: the
browser runs it through Pyodide.
"""

from __future__ import annotations

from engine.core import Game, Move
from engine.solver.keys import state_key
from engine.solver.knowledge import GAME_KNOWLEDGE, Knowledge
from engine.solver.registry import knowledge
from engine.solver.hints import Coach, Hint, hint
from engine.solver.search import (LOST, PROBE, THOUGHTFUL_NOTE, UNKNOWN, WON, Budget, Solution, clock,
                                  home_roles, is_thoughtful, ordered_moves, solve)

__all__ = ["Coach", "LOST", "PROBE", "THOUGHTFUL_NOTE", "UNKNOWN", "WON", "Budget", "GAME_KNOWLEDGE", "Hint",
           "Knowledge", "Solution", "clock", "hint", "home_roles", "is_thoughtful", "knowledge",
           "ordered_moves", "replay", "solve", "solve_deal", "state_key"]


def solve_deal(slug: str, deal: int, budget: Budget = Budget(), readings: dict[str, str] | None = None) -> Solution:
    """`solve` from the opening of deal ``deal`` of game ``slug`` (under ``readings``)."""
    from engine.solver.measures import new_game

    return solve(new_game(slug, deal, readings), budget)


def replay(slug: str, deal: int, moves: list[str], readings: dict[str, str] | None = None) -> Game:
    """Play ``moves`` from the deal through the engine's checked `play`."""
    from engine.solver.measures import new_game

    game = new_game(slug, deal, readings)
    for text in moves:
        game.play(text if isinstance(text, (str, Move)) else str(text))
    return game
