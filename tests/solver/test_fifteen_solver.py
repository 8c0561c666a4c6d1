"""Пятнадцать's solver knowledge: the dead test (`columns.fifteen_dead`) on
layouts where it fires and where it must step aside, against the plain
exhaustive search; the safe-move test's quick refusal of moves that do not
go home."""

from __future__ import annotations

import random

import pytest

from engine import find_game
from engine.solver import columns
from engine.solver.knowledge import crossing_safe
from engine.solver.search import LOST, Budget, solve

from solver_helpers import plain_search

CLS = find_game("fifteen")

# a study position: the spades and diamonds left out cannot go home (the
# deuces to fours and the kings are missing) nor marry (their neighbours
# are missing); the 2♥ goes home and the clubs marry back and forth, but
# no column can ever be emptied: no lane, lost
STUCK = {"foundation-A-1": ["AH"]}
for k, code in enumerate(["5S", "5S", "7S", "7S", "9S", "9S", "JS", "JS", "5D", "5D", "7D", "7D"], start=1):
    STUCK[f"col-{k}"] = [code]
STUCK.update({"col-13": ["9D", "2H"], "col-14": ["9D", "5C"], "col-15": ["JD", "4C"]})


def position(piles: dict, **state):
    return CLS.from_portable({"game": "fifteen", "deal": 0, "piles": piles, **state})


@pytest.mark.parametrize("reading", ["one-per-suit", "any-four"])
def test_a_column_deadlock_is_lost(reading):
    game = position(STUCK, readings={"fifteen.assume.foundation-suits": reading})
    assert list(game.generate_moves())
    assert columns.fifteen_dead(game)
    assert plain_search(game) is False
    assert solve(game, Budget(10_000, 10)).status == LOST


def test_a_card_that_can_clear_its_column_breaks_it():
    # the 9♦ under the 2♥ replaced by the 3♥: both go home, and col-13 is a lane
    game = position({**STUCK, "col-13": ["3H", "2H"]})
    assert not columns.fifteen_dead(game)


def test_a_host_at_a_top_breaks_it():
    # a 10♦ on a top takes a 9♦ or the J♦ (marriage up or down): col-15's
    # J♦ moves onto it, and col-15 can be emptied
    game = position({**STUCK, "col-12": ["7D", "10D"]})
    assert not columns.fifteen_dead(game)


def test_the_sixth_row_exception_makes_it_step_aside():
    # deal 265 cannot begin but by the exception (an ace or a king from
    # under the seventh row): the fixpoint alone would call it lost
    game = CLS(265)
    assert game.extra["sixth_row"]
    assert columns.columns_stuck(game, (1, -1), both_ways=True)
    assert not columns.fifteen_dead(game)


def test_the_quick_refusal_changes_no_answer():
    """`fifteen_safe` says what the test without its role check says, move
    for move, along random games (moves home preferred)."""
    from engine.solver.columns import fifteen

    def slow(game, move):
        return (not game.extra.get("opening") and fifteen.FOUNDATION_SUITS.of(game)
                and crossing_safe(game, move, suits_by_base=True))

    rng = random.Random(3)
    said = 0
    # the hearts' rows have crossed: the 5♥ may go up (as in test_agreement)
    crossed = position({"foundation-A-1": ["AS"], "foundation-A-2": ["AH", "2H", "3H", "4H"],
                        "foundation-K-1": ["KC"],
                        "foundation-K-3": ["KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H"],
                        "col-1": ["9C", "5H"], "col-2": ["6H"], "col-3": ["2S", "QC"]})
    for game in [crossed] + [CLS(deal) for deal in range(1, 25)]:
        for _ in range(250):
            moves = list(game.generate_moves())
            if not moves:
                break
            for move in moves:
                assert bool(columns.fifteen_safe(game, move)) == bool(slow(game, move)), (deal, str(move))
                said += bool(columns.fifteen_safe(game, move))
            home = [m for m in moves if not m.action and m.dst.startswith("foundation")]
            game.push(rng.choice(home) if home and rng.random() < 0.9 else rng.choice(moves))
    assert said


def test_the_ordering_tries_home_first_and_lanes_last():
    """`fifteen_score`: a move home first, then a move uncovering a card a
    row takes, filling a lane with a lone card last (every empty column
    here is a lane)."""
    from engine.solver.search import home_roles, ordered_moves
    from engine.solver.knowledge import knowledge

    game = position({"foundation-A-1": ["AH"], "col-1": ["2H"], "col-2": ["3H", "9C"], "col-3": ["10C"],
                     "col-4": ["5S"], "col-5": []})
    moves = [str(m) for m in ordered_moves(game, home_roles(CLS), knowledge(CLS))]
    assert moves[-1] == "col-1>foundation-A-1"  # best last: the search pops from the end
    assert moves.index("col-2>col-3") > moves.index("col-4>col-5")  # the 9♣ on the 10♣ uncovers the 3♥
    src, dst = moves[0].split(">")
    assert len(game.pile(src)) == 1 and not game.pile(dst)  # a lone card into a lane
