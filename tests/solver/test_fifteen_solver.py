"""Пятнадцать's solver knowledge: the dead test (`fifteen_solver.fifteen_dead`) on
layouts where it fires and where it must step aside, against the plain
exhaustive search; the safe-move test's quick refusal of moves that do not
go home."""

from __future__ import annotations

import importlib
import random

import pytest

from engine import find_game
from engine.solver import columns
from engine.solver.knowledge import crossing_safe
from engine.solver.search import LOST, Budget, solve

from solver_helpers import plain_search

fifteen_solver = importlib.import_module("engine.solver.games.fifteen")

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
    assert fifteen_solver.fifteen_dead(game)
    assert plain_search(game) is False
    assert solve(game, Budget(10_000, 10)).status == LOST


def test_a_card_that_can_clear_its_column_breaks_it():
    # the 9♦ under the 2♥ replaced by the 3♥: both go home, and col-13 is a lane
    game = position({**STUCK, "col-13": ["3H", "2H"]})
    assert not fifteen_solver.fifteen_dead(game)


def test_a_host_at_a_top_breaks_it():
    # a 10♦ on a top takes a 9♦ or the J♦ (marriage up or down): col-15's
    # J♦ moves onto it, and col-15 can be emptied
    game = position({**STUCK, "col-12": ["7D", "10D"]})
    assert not fifteen_solver.fifteen_dead(game)


def test_the_sixth_row_exception_makes_it_step_aside():
    # deal 265 cannot begin but by the exception (an ace or a king from
    # under the seventh row): the fixpoint alone would call it lost
    game = CLS(265)
    assert game.extra["sixth_row"]
    assert columns.columns_stuck(game, (1, -1), both_ways=True)
    assert not fifteen_solver.fifteen_dead(game)


def test_the_quick_refusal_changes_no_answer():
    """`fifteen_safe` says what the test without its role check says, move
    for move, along random games (moves home preferred)."""
    fifteen = fifteen_solver.fifteen  # the game's rules module, as the solver's module reads it

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
                assert bool(fifteen_solver.fifteen_safe(game, move)) == bool(slow(game, move)), (deal, str(move))
                said += bool(fifteen_solver.fifteen_safe(game, move))
            home = [m for m in moves if not m.action and m.dst.startswith("foundation")]
            game.push(rng.choice(home) if home and rng.random() < 0.9 else rng.choice(moves))
    assert said


def test_the_ordering_tries_home_first_and_lanes_last():
    """`fifteen_score`: a move home first, then a move uncovering a card a
    row takes, filling a lane with a lone card last (every empty column
    here is a lane)."""
    from engine.solver.search import home_roles, ordered_moves
    from engine.solver.registry import knowledge

    game = position({"foundation-A-1": ["AH"], "col-1": ["2H"], "col-2": ["3H", "9C"], "col-3": ["10C"],
                     "col-4": ["5S"], "col-5": []})
    moves = [str(m) for m in ordered_moves(game, home_roles(CLS), knowledge(CLS))]
    assert moves[-1] == "col-1>foundation-A-1"  # best last: the search pops from the end
    assert moves.index("col-2>col-3") > moves.index("col-4>col-5")  # the 9♣ on the 10♣ uncovers the 3♥
    src, dst = moves[0].split(">")
    assert len(game.pile(src)) == 1 and not game.pile(dst)  # a lone card into a lane


# -- the best-first search (`fifteen_solver.FifteenSearch`, `fifteen_solver.fifteen_exact`) --

# met by the depth-first search on deal 10, 30,000 positions in: four lanes,
# a win some sixty moves away (the A♦-4♦ into a lane, the 9♥ and the
# diamonds down, the K♣ out, ...), which that search did not find in
# 160,000 more positions
LANES = {"foundation-A-1": ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"],
         "foundation-A-2": ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"],
         "foundation-A-3": ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"],
         "foundation-A-4": ["AD", "2D", "3D", "4D", "5D", "6D", "7D"],
         "foundation-K-1": ["KD", "QD", "JD", "10D", "9D", "8D", "7D"],
         "foundation-K-2": ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S"],
         "foundation-K-3": ["KH", "QH", "JH", "10H"],
         "col-1": ["5D"], "col-4": ["8C"], "col-5": ["AS", "2S", "3S"], "col-6": ["9D", "10D", "JD"],
         "col-7": ["9C", "10C"], "col-9": ["QS", "JS"], "col-11": ["QD", "KD"], "col-12": ["2C", "AC"],
         "col-13": ["JC", "9S", "QC", "7C", "6C", "5C", "4C", "3C"],
         "col-14": ["8D", "10S", "KC", "6D", "9H", "4D", "3D", "2D", "AD"],
         "col-15": ["4S", "KS", "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]}


def test_best_first_finds_the_win_among_the_lanes():
    from engine.solver.registry import knowledge
    from engine.solver.search import WON, DepthFirst, Meter, OutOfBudget

    game = position(LANES)
    know = knowledge(CLS)
    meter = Meter(Budget(nodes=20_000, seconds=60))
    status, line = fifteen_solver.FifteenSearch(game, know, meter).run()
    assert status == WON
    work = CLS.from_portable(game.to_portable())
    for move in line:
        work.play(str(move))
    assert work.is_won()
    with pytest.raises(OutOfBudget):  # the depth-first search, lost among the lanes
        DepthFirst(game, know._replace(exact=None), Meter(Budget(nodes=20_000, seconds=60))).run()


@pytest.mark.parametrize("reading", ["one-per-suit", "any-four"])
def test_best_first_exhausted_is_lost(reading):
    """With no dead test, the frontier runs dry on the column deadlock: lost,
    as the plain search says."""
    from engine.solver.registry import knowledge
    from engine.solver.search import Meter

    game = position(STUCK, readings={"fifteen.assume.foundation-suits": reading})
    know = knowledge(CLS)._replace(dead=None)
    assert fifteen_solver.FifteenSearch(game, know, Meter(Budget(10_000, 10))).run() == (LOST, ())
    assert plain_search(game) is False


def test_the_depth_first_search_goes_first():
    """Deal 27 is won by the depth-first search within its first positions
    (`fifteen_solver.FIFTEEN_DEPTH_FIRST`), deal 10 only by the best-first search
    after it; both lines replay."""
    from engine.solver.search import WON

    for deal, most in ((27, fifteen_solver.FIFTEEN_DEPTH_FIRST), (10, None)):
        solution = solve(CLS(deal), Budget(400_000, 60))
        assert solution.status == WON
        assert most is None and solution.nodes > fifteen_solver.FIFTEEN_DEPTH_FIRST or solution.nodes <= most
        work = CLS(deal)
        for text in solution.moves:
            work.play(text)
        assert work.is_won()


@pytest.mark.parametrize("readings", [{}, {"fifteen.assume.lone-sixth-row-card": "with-the-seventh-row"},
                                      {"fifteen.assume.foundation-suits": "any-four"}])
def test_the_written_out_key_is_the_generic_one(readings):
    """`fifteen_solver.fifteen_key` is `state_key`, byte for byte, along random
    games (the sixth-row exception and the waiting lone card included)."""
    from engine.solver.keys import state_key
    from engine.solver.registry import knowledge

    know = knowledge(CLS)
    columns_ = CLS.by_role["column"]
    first, last = columns_[0], columns_[-1] + 1
    rng = random.Random(5)
    tails: dict = {}
    checked = sorted_ = 0
    for deal in (*range(1, 40), 265):
        game = CLS(deal, readings=readings) if readings else CLS(deal)
        for _ in range(300):
            parts = [bytes(p) for p in game.piles]
            assert fifteen_solver.fifteen_key(game, parts, know, tails, first, last) == state_key(game, know)
            checked += 1
            sorted_ += bool(know.interchangeable_when(game))
            moves = list(game.generate_moves())
            if not moves:
                break
            game.push(rng.choice(moves))
    assert checked > 500
    # the columns sorted, and not (under «with-the-seventh-row» random play
    # never frees the lone card, and its column keeps its place)
    assert sorted_ > 100 or "fifteen.assume.lone-sixth-row-card" in readings


def test_the_depth_first_search_keeps_to_a_small_budget():
    """A budget of fewer positions than `fifteen_solver.FIFTEEN_DEPTH_FIRST` (the
    player's searches count positions) is kept."""
    solution = solve(CLS(10), Budget(1_000, 60))
    assert solution.status == "unknown" and solution.nodes <= 1_001
