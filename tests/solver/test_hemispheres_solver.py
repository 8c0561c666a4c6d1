"""Полушарія's canonical key (`hemispheres_key`, engine/solver/games/): once
the pack is spent, the places of one hemisphere are sorted in the key, and
only then; the search's verdicts do not change."""

from __future__ import annotations

import importlib
import random

from engine import find_game
from engine.solver.keys import state_key
from engine.solver.knowledge import Knowledge
from engine.solver.registry import knowledge
from engine.solver.measures import new_game
from engine.solver.search import LOST, WON, Budget, solve

from solver_helpers import plain_search
from test_hemimill_solver import DEAD, hemi_endgame

hemispheres_solver = importlib.import_module("engine.solver.games.hemispheres")

HEMI = find_game("hemispheres")
LIVE = ({"place-1": ["6H"], "place-2": ["8H"], "place-3": ["10H"], "place-4": ["JH"],
         "place-5": ["QH"], "place-6": ["KH", "9H"]}, ["5H", "7H"])


def moved(places: dict, pairs: dict[str, str]) -> dict:
    """``places`` with the contents of each place of ``pairs`` laid on the other one."""
    out = dict(places)
    for a, b in pairs.items():
        out[b] = places.get(a, [])
    return out


def test_places_of_a_hemisphere_share_a_key_once_the_pack_is_spent():
    places, talon = LIVE
    north = moved(places, {"place-1": "place-4", "place-4": "place-6", "place-6": "place-1"})
    # a red card in the south (it waits to cross), on one southern place or another
    south = moved(places, {"place-1": "place-9"})
    south["place-1"] = []
    south_moved = moved(places, {"place-1": "place-12"})
    south_moved["place-1"] = []
    key = lambda p, **kw: hemispheres_solver.hemispheres_key(hemi_endgame(p, talon, **kw))  # noqa: E731
    assert key(places) == key(north)
    assert key(south) == key(south_moved)
    # not across the hemispheres: a red card in the south is another position
    across = moved(places, {"place-1": "place-7", "place-7": "place-1"})
    assert key(places) != key(across)
    # not under the race reading, which reads the places' races
    race = {"hemispheres.assume.circle-marriage": "race"}
    assert key(places, readings=race) != key(north, readings=race)


def test_places_keep_their_order_while_the_pack_lasts():
    # the deal fills the empty places left to right: the key is the generic one with twins
    game = new_game(HEMI, 1, None)
    know, plain = knowledge(HEMI), Knowledge(twins=knowledge(HEMI).twins)
    rng = random.Random(7)
    checked = 0
    while game.piles[game.stock]:
        moves = list(game.generate_moves())
        game.push(rng.choice(moves))
        if game.piles[game.stock]:
            assert state_key(game, know) == state_key(game, plain)
            checked += 1
    assert checked > 50


def test_verdicts_stand_under_the_sorted_key():
    for layout, verdict in ((DEAD, LOST), (LIVE, WON)):
        places, talon = layout
        turned = moved(places, {"place-2": "place-5", "place-5": "place-2", "place-3": "place-6",
                                "place-6": "place-3"})
        for p in (places, turned):
            game = hemi_endgame(p, talon)
            assert plain_search(game, limit=50_000) is (verdict == WON)
            solution = solve(game, Budget(100_000, 30))
            assert solution.status == verdict
            if verdict == WON:
                work = HEMI.from_portable(game.to_portable())
                for text in solution.moves:
                    work.play(text)
                assert work.is_won()


def test_the_dead_test_waits_for_the_end_of_the_pack():
    # the lost layout: the late test says what the full one says once the pack is short
    game = hemi_endgame(*DEAD)
    assert hemispheres_solver.hemispheres_dead_late(game) and hemispheres_solver.hemispheres_dead(game)
    # with a long pack it is not asked (a weaker test: it never says lost where the full one does not)
    game = new_game(HEMI, 1, None)
    rng = random.Random(3)
    while game.piles[game.stock]:
        if len(game.piles[game.stock]) >= hemispheres_solver.HEMI_LATE:
            assert not hemispheres_solver.hemispheres_dead_late(game)
        else:
            assert hemispheres_solver.hemispheres_dead_late(game) == hemispheres_solver.hemispheres_dead(game)
        game.push(rng.choice(list(game.generate_moves())))
