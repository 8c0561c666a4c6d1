"""Домъ на холмѣ (house-on-the-hill): what the search may assume.

Two packs in fans of three, an ace built up and a king built down in each
suit, marriage up or down in suit: the fan games' knowledge
(`fans.fan_knowledge`, proved in engine/solver/fans.py) with the two-pack
dead test (`fans.twin_dead`), its own safe moves, and its registration.
"""

from __future__ import annotations

import importlib

from engine.core import Game, Move
from engine.solver.fans import fan_knowledge, fan_safe, twin_dead
from engine.solver.knowledge import crossing_safe, register


def hill_safe(game: Game, move: Move) -> bool:
    """Домъ на холмѣ: `fan_safe`, or `knowledge.crossing_safe` (an ace up
    and a king down in each suit, marriage up or down in suit; an empty fan
    takes nothing), with no redeal left."""
    return fan_safe(game, move) or (not game.redeals_left and crossing_safe(game, move))


register("house-on-the-hill", fan_knowledge(importlib.import_module("engine.games.house-on-the-hill").GAME,
                                            twin_dead, hill_safe))
