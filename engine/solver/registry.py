"""`knowledge(game)`: each game's registered `Knowledge`, found without a
list to edit.

Every module in engine/solver/games/ (one per game, named by its slug, as
in engine/games/) registers its game's knowledge when imported; they are
imported, through importlib as `engine.registry` imports the games, the
first time a game's knowledge is asked for. Nothing in that folder imports
this module, so the record (`engine.solver.knowledge`) and the games'
modules form no import circle.
"""

from __future__ import annotations

import importlib
import pkgutil

import engine.solver.games
from engine.core import Game
from engine.solver.knowledge import GAME_KNOWLEDGE, Knowledge

_LOADED = False


def knowledge(game: Game | type[Game]) -> Knowledge:
    """The registered knowledge of a game (an empty record if none)."""
    load_games()
    return GAME_KNOWLEDGE.get(game.slug, Knowledge())


def load_games() -> None:
    """Import every module of engine/solver/games/ (each registers its game), once."""
    global _LOADED
    if not _LOADED:
        _LOADED = True
        for info in pkgutil.iter_modules(engine.solver.games.__path__):
            importlib.import_module(f"engine.solver.games.{info.name}")
