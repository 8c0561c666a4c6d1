"""Ссыльныя's solver knowledge (engine/solver/games/exiles.py): the safe base move
on layouts where it fires and where it must step aside (the twin still out,
an exchange still possible, odd bases), the key that sorts the thirteenth's
places and, in the final phase, the packets, and the pointless fills of the
final phase; then random small endgames under every reading, searched with
the knowledge and by the plain exhaustive search, which must agree."""

from __future__ import annotations

import importlib
import itertools
import random

import pytest

from engine import find_game
from engine.cards import RANKS, SUITS
from engine.core import Move
from engine.solver.knowledge import GAME_KNOWLEDGE
from engine.solver.registry import knowledge
from engine.solver.search import LOST, WON, Budget, solve

from solver_helpers import plain_search, random_endings

exiles_solver = importlib.import_module("engine.solver.games.exiles")

CLS = find_game("exiles")


def up(suit: str, top: int) -> list[str]:
    """An upper base of ``suit`` built from the ace to rank ``top`` (0: the king alone)."""
    return ["K" + suit] + [RANKS[r] + suit for r in range(1, top + 1)]


def down(suit: str, low: int) -> list[str]:
    """A lower base of ``suit`` built from the queen down to rank ``low`` (13: the king alone)."""
    return ["K" + suit] + [RANKS[r] + suit for r in range(12, low - 1, -1)]


def position(piles: dict, *, exchanged: int = 0, redeals_left: int = 0, readings=None):
    full = {f"{row}-{s}": ["K" + s] for row in ("up", "down") for s in SUITS}
    full.update(piles)
    state = {"game": "exiles", "deal": 0, "piles": full, "redeals_left": redeals_left,
             "extra": {"chain": 0, "steps": 0, "exchanged": exchanged}}
    if readings:
        state["readings"] = readings
    return CLS.from_portable(state)


# -- the safe base move -------------------------------------------------------------


def test_an_ascending_move_is_safe_once_the_twin_is_down_the_other_row():
    # up-S wants the 5♠; down-S holds the other 5♠ and wants the 3♠, below up-S's 4♠
    game = position({"up-S": up("S", 4), "down-S": down("S", 4), "packet-1": ["9H", "5S"]})
    assert exiles_solver.exiles_safe(game, Move("packet-1", "up-S"))


def test_an_ascending_move_waits_while_the_exchange_can_come_between():
    # down-S wants the 4♠, the top of up-S: the exchange may still take it across
    piles = {"up-S": up("S", 4), "down-S": down("S", 5), "packet-1": ["9H", "5S"]}
    assert not exiles_solver.exiles_safe(position(piles), Move("packet-1", "up-S"))
    assert exiles_solver.exiles_safe(position(piles, exchanged=1), Move("packet-1", "up-S"))


def test_a_move_waits_while_the_twin_is_out():
    game = position({"up-S": up("S", 4), "down-S": down("S", 6), "packet-1": ["5S"], "packet-2": ["5S"]})
    assert not exiles_solver.exiles_safe(game, Move("packet-1", "up-S"))


def test_a_descending_move_is_safe_once_the_twin_is_up_the_other_row():
    # down-H wants the 7♥; up-H holds the other 7♥ and the 8♥ on it
    game = position({"up-H": up("H", 8), "down-H": down("H", 8), "thirteenth-1": ["7H"]})
    assert exiles_solver.exiles_safe(game, Move("thirteenth-1", "down-H"))
    # up-H's top is the 7♥ itself: the exchange could bring it across first
    game = position({"up-H": up("H", 7), "down-H": down("H", 8), "thirteenth-1": ["7H"]})
    assert not exiles_solver.exiles_safe(game, Move("thirteenth-1", "down-H"))
    game = position({"up-H": up("H", 7), "down-H": down("H", 8), "thirteenth-1": ["7H"]}, exchanged=1)
    assert exiles_solver.exiles_safe(game, Move("thirteenth-1", "down-H"))


def test_the_top_exile_to_its_base_is_safe_too():
    game = position({"up-S": up("S", 4), "down-S": down("S", 4), "packet-1": ["9H"], "exiles": ["~5S"]})
    assert Move("exiles", "up-S") in set(game.generate_moves())
    assert exiles_solver.exiles_safe(game, Move("exiles", "up-S"))


def test_odd_bases_are_left_alone():
    # a study position whose down-S is not built in order: no claim about its wants
    game = position({"up-S": up("S", 4), "down-S": ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "5S", "6S"],
                     "packet-1": ["5S"]})
    assert not exiles_solver.exiles_safe(game, Move("packet-1", "up-S"))


# -- the key and the pointless fills ------------------------------------------------


def test_the_final_phase_sorts_the_packets_and_the_thirteenth():
    a = position({"packet-1": ["5S", "7H"], "packet-2": ["9D"], "thirteenth-1": ["2C"], "thirteenth-2": ["3C"]})
    b = position({"packet-7": ["5S", "7H"], "packet-3": ["9D"], "thirteenth-5": ["3C"], "thirteenth-2": ["2C"]})
    assert exiles_solver.exiles_key(a) == exiles_solver.exiles_key(b)


def test_packets_keep_their_numbers_while_an_exile_is_left():
    a = position({"packet-1": ["5S", "7H"], "thirteenth-1": ["2C"], "thirteenth-2": ["3C"], "exiles": ["~9D"]})
    b = position({"packet-7": ["5S", "7H"], "thirteenth-2": ["2C"], "thirteenth-1": ["3C"], "exiles": ["~9D"]})
    c = position({"packet-1": ["5S", "7H"], "thirteenth-2": ["2C"], "thirteenth-1": ["3C"], "exiles": ["~9D"]})
    assert exiles_solver.exiles_key(a) != exiles_solver.exiles_key(b)
    assert exiles_solver.exiles_key(a) == exiles_solver.exiles_key(c)  # no redeal left: the thirteenth is sorted


def test_the_thirteenth_keeps_its_order_while_a_redeal_is_left():
    a = position({"packet-1": ["5S"], "thirteenth-1": ["2C"], "thirteenth-2": ["3C"]}, redeals_left=1)
    b = position({"packet-1": ["5S"], "thirteenth-2": ["2C"], "thirteenth-1": ["3C"]}, redeals_left=1)
    assert exiles_solver.exiles_key(a) != exiles_solver.exiles_key(b)


def test_fills_of_the_final_phase_that_uncover_nothing_are_pointless():
    game = position({"packet-1": ["5S", "7H"], "packet-2": ["9D"], "thirteenth-1": ["2C"]})
    assert exiles_solver.exiles_pointless(game, Move("thirteenth-1", "packet-3"))
    assert exiles_solver.exiles_pointless(game, Move("packet-2", "packet-3"))
    assert not exiles_solver.exiles_pointless(game, Move("packet-1", "packet-3"))
    # an exile left: the packet a card lies on may matter to its chain
    game = position({"packet-1": ["5S", "7H"], "packet-2": ["9D"], "thirteenth-1": ["2C"], "exiles": ["~3H"]})
    assert not exiles_solver.exiles_pointless(game, Move("thirteenth-1", "packet-3"))


# -- small endgames against the plain search ----------------------------------------


def endgame(seed: int, left: int, exiles: int, redeals_left: int, readings=None):
    """Bases built in order to random heights with ``left`` cards out, dealt
    at random to a few packets, places of the thirteenth and the exiles."""
    rng = random.Random(seed)
    height = {(row, s): 12 for row in ("up", "down") for s in SUITS}
    while sum(12 - h for h in height.values()) < left:
        which = rng.choice(list(height))
        if height[which]:
            height[which] -= 1
    piles, out = {}, []
    for (row, s), h in height.items():
        if row == "up":
            piles[f"up-{s}"] = up(s, h)
            out += [RANKS[r] + s for r in range(h + 1, 13)]
        else:
            piles[f"down-{s}"] = down(s, 13 - h)
            out += [RANKS[r] + s for r in range(1, 13 - h)]
    rng.shuffle(out)
    piles["exiles"] = ["~" + c for c in out[:exiles]]
    rest = out[exiles:]
    # every packet holds a card or two, so that an empty packet is dear
    places = [f"packet-{k}" for k in range(1, 13)] + ["thirteenth-1"]
    rng.shuffle(places)
    for n, card in enumerate(rest):
        place = places[n % len(places)]
        if place.startswith("thirteenth") and piles.get(place):
            place = places[0]
        piles.setdefault(place, []).append(card)
    return position(piles, exchanged=rng.randint(0, 1), redeals_left=redeals_left, readings=readings)


READINGS = [None] + [{ident: alt.id} for ident, reading in ((r.id, r) for r in CLS.READINGS.values())
                     for alt in reading.alternatives if alt.id != reading.default]


class Counting:
    def __init__(self, fn):
        self.fn, self.yes = fn, 0

    def __call__(self, *args):
        answer = self.fn(*args)
        self.yes += bool(answer)
        return answer


@pytest.mark.parametrize("readings", READINGS, ids=lambda r: "default" if r is None else next(iter(r.values())))
def test_endgames_agree_with_the_plain_search(readings, monkeypatch):
    know = knowledge(CLS)
    safe, pointless = Counting(know.safe), Counting(know.pointless)
    monkeypatch.setitem(GAME_KNOWLEDGE, "exiles", know._replace(safe=safe, pointless=pointless))
    verdicts = []
    games = [endgame(seed * 10 + k, left, exiles, redeals, readings)
             for seed, (left, exiles, redeals) in enumerate(itertools.product((8, 14, 20), (0, 2), (0, 1)))
             for k in range(2)]
    # and the last positions of random playouts of real deals, often lost
    games += random_endings("exiles", deals=range(1, 9), seed=7, last=3, readings=readings)
    for game in games:
        truth = plain_search(game, 20_000)
        if truth is None:
            continue
        solution = solve(game, Budget(200_000, 30))
        assert solution.status == (WON if truth else LOST), game.to_portable()
        if truth:
            work = CLS.from_portable(game.to_portable())
            for text in solution.moves:
                work.play(text)
            assert work.is_won()
        verdicts.append(truth)
    assert len(verdicts) >= 12 and True in verdicts and False in verdicts
    assert safe.yes and pointless.yes
