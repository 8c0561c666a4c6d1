"""Прекрасная Люція (belle-lucie): what the search may assume.

One pack in fans of three, marriage downwards in suit: the fan games'
knowledge (`fans.fan_knowledge`: fans interchangeable, `fans.fan_safe`,
`fans.fan_pointless`, the fast search `fans.FanSearch`, each proved in
engine/solver/fans.py), with its own dead test, and its registration.
"""

from __future__ import annotations

import importlib

from engine.core import Game
from engine.solver.fans import fan_knowledge, fans_dead_one_pack
from engine.solver.knowledge import register

lucie = importlib.import_module("engine.games.belle-lucie")


def lucie_dead(game: Game) -> bool:
    """Is this position of Прекрасная Люція lost, with no redeal left? (sound, not complete)"""
    if game.redeals_left:
        return False
    return fans_dead_one_pack([game.piles[i] for i in game.by_role["fan"]])


register("belle-lucie", fan_knowledge(lucie.BelleLucie, lucie_dead))
