"""Полушарія's safe move home (`hemispheres_safe`, engine/solver/games/): a
card whose predecessor's two copies are home, with nothing of the pack or
the talon able to marry onto it, goes home alone; it steps aside under the
other marriage directions, while the pack could fill the place it empties,
over a wrong card, and where a talon card could be laid on it."""

from __future__ import annotations

import importlib
from engine import find_game
from engine.core import Move
from engine.solver.registry import knowledge
from engine.solver.search import LOST, WON, Budget, solve

from solver_helpers import plain_search
from test_hemimill_solver import hemi_endgame

hemispheres_solver = importlib.import_module("engine.solver.games.hemispheres")

HEMI = find_game("hemispheres")


def with_piles(game, **piles):
    """``game`` with some piles replaced (cards as codes; the stock's face down)."""
    state = game.to_portable()
    for name, cards in piles.items():
        state["piles"][name.replace("_", "-")] = cards
    return HEMI.from_portable(state)


def home(src: str, dst: str = "up-H-1") -> Move:
    return Move(src, dst)


def test_a_card_whose_predecessors_are_home_goes_alone():
    # up-H-1 stands at the four, up-H-2 is complete: both fours of hearts are home
    game = hemi_endgame({"place-1": ["5H"], "place-2": ["7H", "6H"], "place-3": ["8H"]}, [])
    assert hemispheres_solver.hemispheres_safe(game, home("place-1"))
    # the six has no predecessor home twice yet
    assert not hemispheres_solver.hemispheres_safe(game, Move("place-2", "place-3"))
    assert plain_search(game, limit=50_000) is True
    assert solve(game, Budget(100_000, 30)).status == WON


def test_the_rule_steps_aside():
    places = {"place-1": ["5H"], "place-2": ["7H", "6H"], "place-3": ["8H"]}
    # another marriage direction: a card one higher might come onto the five
    game = hemi_endgame(places, [], readings={"hemispheres.assume.marriage-direction": "up-or-down"})
    assert not hemispheres_solver.hemispheres_safe(game, home("place-1"))
    # a talon card of rank four (any suit marries from the talon) could be laid on the five
    diamonds = [c + "D" for c in ("4", "K", "Q", "J", "10", "9", "8", "7", "6", "5")]
    game = with_piles(hemi_endgame(places, []), up_D_1=["AD", "2D", "3D"], talon=diamonds)
    assert not hemispheres_solver.hemispheres_safe(game, home("place-1"))
    assert hemispheres_solver.hemispheres_safe(with_piles(game, up_D_1=["AD", "2D", "3D", "4D"], talon=diamonds[1:]),
                                   home("place-1"))
    # alone in its place while the pack lasts: the next deal would fill the place
    queens = ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD"]
    game = with_piles(hemi_endgame(places, []), up_D_1=queens, stock=["~KD"])
    assert not hemispheres_solver.hemispheres_safe(game, home("place-1"))
    assert hemispheres_solver.hemispheres_safe(with_piles(game, place_1=["6H", "5H"], place_2=["7H"]), home("place-1"))
    # over a wrong card (a black one in the north): uncovering it would change the exchanges
    spades = [c + "S" for c in ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3")]
    game = with_piles(hemi_endgame(places, []), place_1=["2S", "5H"], place_12=["AS"], down_S_1=spades)
    assert not hemispheres_solver.hemispheres_safe(game, home("place-1"))
    assert hemispheres_solver.hemispheres_safe(with_piles(game, place_1=["6H", "5H"], place_2=["7H"]), home("place-1"))


def test_verdicts_agree_with_a_plain_search():
    # small endgames, won and lost, with the safe move in play: the same verdicts as a plain search
    layouts = (({"place-1": ["5H"], "place-2": ["7H", "6H"], "place-3": ["8H"]}, ["QH", "JH", "10H", "9H"]),
               ({"place-1": ["6H", "5H"], "place-2": ["8H"], "place-3": ["7H"]}, ["9H", "KH", "QH", "JH", "10H"]),
               ({"place-1": ["5H"], "place-2": ["8H", "6H"], "place-3": ["10H"]}, ["7H", "9H", "QH", "KH", "JH"]))
    fired = 0
    for places, talon in layouts:
        game = hemi_endgame(places, talon)
        fired += any(hemispheres_solver.hemispheres_safe(game, m) for m in game.generate_moves())
        plain = plain_search(game, limit=100_000)
        assert plain is not None
        assert solve(game, Budget(100_000, 30)).status == (WON if plain else LOST)
    assert fired
    assert knowledge(HEMI).safe is hemispheres_solver.hemispheres_safe


def test_a_talon_card_with_no_host_left_goes_alone():
    # the talon's nine of hearts: both eights of hearts home, and its hosts (a red ten, a black
    # eight) home or below it in the talon, so it never enters the circle, though the eight of
    # clubs under it could be married onto it there
    clubs = ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C"]
    game = hemi_endgame({"place-1": ["JH"], "place-2": ["QH"]}, [])
    game = with_piles(game, up_H_1=["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"],
                      down_C_1=["KC", "QC", "JC", "10C", "9C"], talon=clubs + ["KH", "10H", "9H"])
    assert hemispheres_solver.hemispheres_safe(game, home("talon"))
    # a red ten in the circle could host it: then the eight of clubs could follow it there
    game = with_piles(game, place_3=["10H"], talon=clubs + ["KH", "9H"])
    assert not hemispheres_solver.hemispheres_safe(game, home("talon"))
