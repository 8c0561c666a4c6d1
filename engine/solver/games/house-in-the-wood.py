"""Домъ въ лѣсу (house-in-the-wood): what the search may assume.

Two packs in fans of three, every foundation an ace built up, marriage
downwards in suit: the fan games' knowledge (`fans.fan_knowledge`, proved
in engine/solver/fans.py), with its own dead test (`wood_dead`: the
two-pack fixpoint, or an impossible order of the cards home), and its
registration.
"""

from __future__ import annotations

import importlib

from engine.core import Game
from engine.solver.fans import fan_knowledge, fans_order_dead, order_applies, twin_dead
from engine.solver.knowledge import cards_home, register


def wood_dead(game: Game) -> bool:
    """Домъ въ лѣсу's dead test with no redeal left: `twin_dead`, or the
    order of the cards home is impossible (`fans_order_dead`)."""
    if twin_dead(game):
        return True
    if game.redeals_left or not order_applies(type(game)):
        return False
    return fans_order_dead([game.piles[i] for i in type(game)._fans], cards_home(game))


register("house-in-the-wood", fan_knowledge(importlib.import_module("engine.games.house-in-the-wood").GAME,
                                            wood_dead))
