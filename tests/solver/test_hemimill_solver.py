"""Полушарія's and Мельница's knowledge (engine/solver/games/) on layouts
built by hand: each item fires where it should, and a plain exhaustive
search agrees with it."""

from __future__ import annotations

import importlib
from engine import find_game
from engine.cards import parse_card
from engine.solver.search import LOST, WON, Budget, solve

from solver_helpers import plain_search

hemispheres_solver = importlib.import_module("engine.solver.games.hemispheres")
mill_solver = importlib.import_module("engine.solver.games.mill")

HEMI = find_game("hemispheres")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def suit_run(suit: str, first: str, last: str) -> list[str]:
    a, b = RANKS.index(first), RANKS.index(last)
    step = 1 if b >= a else -1
    return [RANKS[k] + suit for k in range(a, b + step, step)]


def hemi_endgame(places: dict[str, list[str]], talon: list[str], readings: dict | None = None):
    """Every card home but those of ``places`` and ``talon`` (hearts only:
    up-H-1 stands at the highest heart below them, up-H-2 is complete with
    its barrier), the pack spent."""
    away = [c for p in places.values() for c in p] + talon
    low = min(RANKS.index(c[:-1]) for c in away)
    piles = {name: [] for name in HEMI.names}
    piles.update({f"place-{k}": [] for k in range(1, 13)})
    piles["up-H-1"] = suit_run("H", "A", RANKS[low - 1])
    piles["up-H-2"] = suit_run("H", "A", "K")
    piles["up-D-1"] = piles["up-D-2"] = suit_run("D", "A", "K")
    piles["down-S-1"] = piles["down-S-2"] = suit_run("S", "K", "A")
    piles["down-C-1"] = piles["down-C-2"] = suit_run("C", "K", "A")
    piles.update(places)
    piles["talon"] = talon
    state = {"game": "hemispheres", "deal": 1, "phase": "play", "redeals_left": 0, "piles": piles}
    if readings:
        state["readings"] = readings
    return HEMI.from_portable(state)


# the five of hearts lies under the eight and the seven on the talon; the
# six waits in the circle for the five, the seven has no host (the eight is
# under it, every black six is home), and the king, held, is nobody's host
# but the queen's, which may marry onto it
DEAD = ({"place-1": ["6H"], "place-2": ["9H"], "place-3": ["10H"], "place-4": ["JH"],
         "place-5": ["QH"], "place-6": ["KH"]}, ["5H", "8H", "7H"])


def test_hemispheres_dead_fires_on_a_lost_layout():
    game = hemi_endgame(*DEAD)
    assert hemispheres_solver.hemispheres_dead(game)
    assert plain_search(game, limit=50_000) is False
    assert solve(game, Budget(100_000, 30)).status == LOST


def test_hemispheres_dead_keeps_quiet_while_a_host_is_free():
    places, talon = {"place-1": ["6H"], "place-2": ["8H"], "place-3": ["10H"], "place-4": ["JH"],
                     "place-5": ["QH"], "place-6": ["KH", "9H"]}, ["5H", "7H"]
    game = hemi_endgame(places, talon)
    assert not hemispheres_solver.hemispheres_dead(game)
    assert plain_search(game, limit=50_000) is True
    solution = solve(game, Budget(100_000, 30))
    assert solution.status == WON
    work = HEMI.from_portable(game.to_portable())
    for text in solution.moves:
        work.play(text)
    assert work.is_won()


def test_hemispheres_dead_reads_the_readings():
    # «own-suit»: the talon's seven may marry only a heart eight, under it: dead still
    game = hemi_endgame(*DEAD, readings={"hemispheres.assume.talon-marriage": "own-suit"})
    assert hemispheres_solver.hemispheres_dead(game)
    assert plain_search(game, limit=50_000) is False
    # «up-or-down»: the seven marries onto the six in the circle and uncovers the five
    game = hemi_endgame(*DEAD, readings={"hemispheres.assume.marriage-direction": "up-or-down"})
    assert not hemispheres_solver.hemispheres_dead(game)
    assert plain_search(game, limit=50_000) is True


MILL = find_game("mill")


def mill_layout(stock_extra: list[str] = ()):
    """The middle at four, every corner down to seven; all sixteen fives and
    sixes deep in the talon under a nine, the wings full of tens to kings,
    the pack without a five or a six (but ``stock_extra``, swapped in for
    the talon's lowest cards)."""
    suits = "SHDC"
    pool = {rank: [rank + s for s in suits] * 2 for rank in RANKS}
    take = lambda rank: pool[rank].pop()  # noqa: E731
    piles = {name: [] for name in MILL.names}
    piles["centre"] = [take(r) for r in ("A", "2", "3", "4")]
    for k in range(1, 5):
        piles[f"corner-{k}"] = [take(r) for r in ("K", "Q", "J", "10", "9", "8", "7")]
    talon = [take("5") for _ in range(8)] + [take("6") for _ in range(8)]
    for card in stock_extra:  # from the talon into the pack
        talon.remove(card)
    talon.append(take("9"))
    for k, rank in enumerate(("10", "10", "J", "J", "Q", "Q", "K", "K"), 1):
        piles[f"wing-{k}"] = [take(rank)]
    stock = list(stock_extra) + [c for cards in pool.values() for c in cards]  # the extra at the bottom
    piles["talon"], piles["stock"] = talon, ["~" + c for c in stock]
    return MILL.from_portable({"game": "mill", "deal": 1, "phase": "play", "redeals_left": 0,
                               "piles": piles, "extra": {"lent": 0}})


def test_mill_dead_fires_when_no_wanted_rank_can_come_up():
    game = mill_layout()
    assert mill_solver.mill_wanted(game) == {5, 6}
    assert mill_solver.mill_dead(game)
    assert plain_search(game, limit=5_000) is False
    assert solve(game, Budget(100_000, 30)).status == LOST


def test_mill_dead_keeps_quiet_while_the_pack_holds_a_wanted_rank():
    game = mill_layout(["6H"])
    assert not mill_solver.mill_dead(game)
    game.play("deal")  # the six lies at the pack's bottom: not dead after a deal either
    assert not mill_solver.mill_dead(game)


def test_hemispheres_dead_holds_a_wrong_card_that_has_nowhere_to_cross():
    # the end: the black sevens wait in the north; every southern place holds
    # a pair married upwards whose cards wait for the sevens
    piles = {name: [] for name in HEMI.names}
    piles["up-H-1"] = piles["up-H-2"] = suit_run("H", "A", "K")
    piles["up-D-1"] = piles["up-D-2"] = suit_run("D", "A", "K")
    piles["down-S-2"], piles["down-C-2"] = suit_run("S", "K", "A"), suit_run("C", "K", "A")
    piles["down-S-1"], piles["down-C-1"] = suit_run("S", "K", "8"), suit_run("C", "K", "8")
    piles.update({"place-1": ["7S"], "place-2": ["7C"],
                  "place-7": ["5S", "6S"], "place-8": ["3S", "4S"], "place-9": ["AS", "2S"],
                  "place-10": ["5C", "6C"], "place-11": ["3C", "4C"], "place-12": ["AC", "2C"]})
    game = HEMI.from_portable({"game": "hemispheres", "deal": 1, "phase": "play", "redeals_left": 0,
                               "piles": piles})
    assert hemispheres_solver.hemispheres_dead(game)
    assert plain_search(game, limit=5_000) is False
    # a southern place empty: the seven crosses into it, and all comes home
    piles["place-3"], piles["place-9"] = piles["place-9"], []
    game = HEMI.from_portable({"game": "hemispheres", "deal": 1, "phase": "play", "redeals_left": 0,
                               "piles": piles})
    assert not hemispheres_solver.hemispheres_dead(game)
    assert plain_search(game, limit=50_000) is True
