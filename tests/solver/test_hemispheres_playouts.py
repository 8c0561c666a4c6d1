"""Полушарія's second order for the playouts (`hemispheres_purposeful`):
an order only (a playout's win is a replayed line), which puts the moves
home before the deal and the circle marriages that uncover nothing wanted
after it; and the search's wins with it replay through the engine."""

from __future__ import annotations

import importlib
import random

from engine import find_game
from engine.solver.measures import new_game
from engine.solver.search import WON, Budget, solve

hemispheres_solver = importlib.import_module("engine.solver.games.hemispheres")
hemispheres = importlib.import_module("engine.games.hemispheres")

HEMI = find_game("hemispheres")
FOUNDATIONS = set(HEMI.ups + HEMI.downs)


def test_the_order_puts_home_first_and_idle_marriages_after_the_deal():
    score = hemispheres_solver.hemispheres_purposeful
    seen = {"home": 0, "idle": 0}
    for deal in (1, 2, 3):
        game = new_game(HEMI, deal, None)
        rng = random.Random(deal)
        while game.piles[game.stock]:
            moves = list(game.generate_moves())
            deal_score = score(game, HEMI.DEAL)
            for move in moves:
                if move.action:
                    continue
                src, dst = HEMI.index[move.src], HEMI.index[move.dst]
                if dst in FOUNDATIONS:
                    assert score(game, move) > deal_score
                    seen["home"] += 1
                elif src in HEMI.circle and len(game.piles[src]) > 1:
                    under = game.piles[src][-2]
                    if not any(hemispheres.wants(game, f) == under for f in FOUNDATIONS):
                        assert score(game, move) < deal_score
                        seen["idle"] += 1
            game.push(rng.choice(moves))
    assert seen["home"] > 10 and seen["idle"] > 10
