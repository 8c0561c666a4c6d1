"""Большая раскладка: the first row, replacement while dealing, every card of
the marked rows playable, the standstill before the second layout, the
refusals and the readings (its won game is replayed by test_won_games.py)."""

from __future__ import annotations

import pytest

from engine import Move, find_game
from engine.cards import card_code
from engine.coverage import catch_all_refusals

from engine_helpers import position
from verdict_checks import (assert_readings_round_trip, assert_refusals_cite, assert_routes_cite, both_ways, refusal,
                            under)

GAME = find_game("grand-layout")


def codes(game, name):
    return [card_code(c) for c in game.pile(name)]


def test_rows_of_thirteen_until_the_pack_is_out():
    game = GAME(4)
    assert [len(game.pile(f"col-{k}")) for k in range(1, 14)] == [1] * 13
    rows = 1
    while "deal" in game.legal_moves:
        game.play("deal")
        rows += 1
    assert rows == 8 and game.phase == "play" and not game.pile("stock")


def test_a_card_moved_to_the_bases_while_dealing_is_replaced_in_place():
    game = position("grand-layout", {"phase": "deal", "extra": {"rows": 2},
                                     "piles": {"col-12": ["9S", "AH"], "stock": ["~5C", "~7D"]}})
    game.play("col-12>foundation-H-A")
    assert codes(game, "col-12") == ["9S", "7D"] and game.phase == "deal"
    game.play("deal")
    assert codes(game, "col-1") == ["5C"] and game.phase == "play"


def test_gathered_from_the_thirteenth_to_the_first():
    # no card can move: no two cards of a suit are neighbours, no ace or king, no empty row
    rows = {"col-1": ["2S", "9S"], "col-2": ["4H"], "col-3": ["6D"], "col-4": ["8C"], "col-5": ["QS"],
            "col-6": ["10H"], "col-7": ["QD"], "col-8": ["2C"], "col-9": ["6S"], "col-10": ["8H"],
            "col-11": ["10D"], "col-12": ["4C"], "col-13": ["6C", "QH"]}
    game = position("grand-layout", {"phase": "play", "redeals_left": 1, "piles": rows})
    assert [str(m) for m in game.legal_moves] == ["redeal"]
    game.play("redeal")
    order = [c for k in range(13, 0, -1) for c in rows[f"col-{k}"]]  # the thirteenth's upper card first
    assert [codes(game, f"col-{k}")[0] for k in range(1, 14)] == order[:13]
    assert codes(game, "stock") == order[13:][::-1] and game.phase == "deal"
    assert game.redeals_left == 0 and "redeal" not in game.legal_moves


def test_an_action_with_a_stray_argument_is_refused():
    game = GAME(2)
    verdict = game.explain("redeal:9")
    assert not verdict.allowed and verdict.rules


# -- every card of the first, twelfth and thirteenth rows is playable (issue 10) ----

def test_a_middle_card_of_a_marked_row_goes_home_and_is_replaced_in_its_place():
    game = position("grand-layout", {"phase": "deal", "extra": {"rows": 3},
                                     "piles": {"col-1": ["9S", "AH", "QC"], "stock": ["~5C", "~7D"]}})
    assert "col-1@2>foundation-H-A" in game.legal_moves
    game.play("col-1@2>foundation-H-A")
    assert codes(game, "col-1") == ["9S", "7D", "QC"] and codes(game, "foundation-H-A") == ["AH"]
    game.pop()
    assert codes(game, "col-1") == ["9S", "AH", "QC"]


def test_a_covered_card_of_an_unmarked_row_is_not_playable():
    game = position("grand-layout", {"phase": "play",
                                     "piles": {"col-6": ["AH", "QC"], "col-12": ["AS", "QD"]}})
    verdict = refusal(game, "col-6@1>foundation-H-A")
    assert verdict.rules == ("grand-layout.playable-card",) and "grand-layout.play.4.1" in verdict.clauses
    assert "col-12@1>foundation-S-A" in game.legal_moves


def test_several_cards_never_reach_a_foundation():
    # the fault of issue 10: col-12>foundation-H-A:2 laid 9C on the 2H
    game = position("grand-layout", {"phase": "play",
                                     "piles": {"foundation-H-A": ["AH"], "col-12": ["3H", "9C", "2H"]}})
    verdict = refusal(game, "col-12>foundation-H-A:2")
    assert verdict.rules == ("engine.one-card",)
    game.play("col-12>foundation-H-A")
    assert codes(game, "foundation-H-A") == ["AH", "2H"]
    assert "col-12@1>foundation-H-A" in game.legal_moves  # the 3H, from the middle of the twelfth
    game.play("col-12@1>foundation-H-A")
    assert codes(game, "foundation-H-A") == ["AH", "2H", "3H"] and codes(game, "col-12") == ["9C"]
    assert GAME.from_portable(game.to_portable()).to_portable() == game.to_portable()


def test_random_play_never_builds_a_foundation_wrong():
    import random

    from engine_helpers import random_play

    for deal in range(6):
        game = GAME(deal)
        for _ in random_play(game, random.Random(deal), 300):
            for i in game.by_role["foundation"]:
                spec, pile = game.PILES[i], game.piles[i]
                assert all(c >> 4 == spec.suit and c & 15 == spec.base + k * spec.step for k, c in enumerate(pile))
        assert GAME.from_portable(game.to_portable()).to_portable() == game.to_portable()


# -- the redeal waits for the standstill (play.7) --------------------------------

def test_the_redeal_waits_until_no_card_can_be_moved():
    playable = position("grand-layout", {"phase": "play", "redeals_left": 1,
                                         "piles": {"col-1": ["2C", "9D"], "foundation-C-A": ["AC"], "col-5": ["3C"]}})
    assert refusal(playable, "redeal").rules == ("grand-layout.gather-and-deal-again",)
    # the 3C can go on the 4C: a real move (its row is emptied for good), so no standstill yet
    moving = position("grand-layout", {"phase": "play", "redeals_left": 1, "piles": {"col-5": ["3C"], "col-7": ["4C"]}})
    assert not moving.explain("redeal").allowed and not moving.is_standstill()
    moving.play("col-5>col-7")
    assert moving.is_standstill() and "redeal" in moving.legal_moves
    verdict = moving.explain("redeal")
    assert verdict.allowed and "engine.assume.standstill" in verdict.assumptions
    assert "grand-layout.assume.shuttle-taken-back" in verdict.assumptions


def test_a_card_built_on_a_neighbour_shuttles_but_the_row_beneath_still_plays():
    # 5H on the 6H may go to the 4H and straight back: a shuttle; but then
    # the 6H can follow it onto the 5H and bare the 9S: play goes on
    game = position("grand-layout", {"phase": "play", "redeals_left": 1,
                                     "piles": {"col-3": ["9S", "6H", "5H"], "col-4": ["KD", "4H"]}})
    assert game.is_shuttle(Move.parse("col-3>col-4"))
    assert not game.is_shuttle(Move.parse("col-4>col-3"))  # the 4H onto the 5H bares the KD
    assert not game.is_standstill() and "redeal" not in game.legal_moves


def test_the_last_layout_at_a_standstill_is_lost():
    game = position("grand-layout", {"phase": "play", "redeals_left": 0, "piles": {"col-5": ["3C"], "col-7": ["4C"]}})
    assert game.outcome() is None
    game.play("col-5>col-7")
    outcome = game.outcome()
    assert outcome is not None and outcome.termination.value == "lost" and "grand-layout.play.8" in outcome.clauses


def test_every_refusal_cites_a_clause_or_an_assumption():
    assert_routes_cite(GAME)
    for case in ({"phase": "deal", "extra": {"rows": 3},
                  "piles": {"col-1": ["9S", "AH", "QC"], "col-6": ["AS", "2S"], "col-13": ["KH", "5D"],
                            "foundation-D-A": ["AD"], "stock": ["~5C", "~7D"]}},
                 {"phase": "play", "redeals_left": 1,
                  "piles": {"col-1": ["9S", "AH", "QC"], "col-6": ["AS", "2S"], "col-13": ["KH", "5D"],
                            "foundation-D-A": ["AD"]}}):
        assert assert_refusals_cite(position("grand-layout", case))


# -- the readings ------------------------------------------------------------------

def test_reading_bottom_cards_while_dealing():
    case = {"phase": "deal", "extra": {"rows": 3}, "piles": {"col-6": ["9S", "QC", "AH"], "stock": ["~5C"]}}
    ours, theirs = both_ways("grand-layout", "bottom-cards-while-dealing", case, "col-6>foundation-H-A", True)
    assert refusal(theirs, "col-6>foundation-H-A").rules == ("grand-layout.playable-card",)
    # the marked rows are playable under both, and so is any first-row card
    marked = {"phase": "deal", "extra": {"rows": 3}, "piles": {"col-12": ["9S", "QC", "AH"], "stock": ["~5C"]}}
    first = {"phase": "deal", "extra": {"rows": 1}, "piles": {"col-6": ["AH"], "stock": ["~5C"]}}
    for case in (marked, first):
        for game in (position("grand-layout", case),
                     under("grand-layout", "bottom-cards-while-dealing", "after-the-deal", case)):
            assert any(m.dst == "foundation-H-A" for m in game.legal_moves)


def test_reading_which_card_refills_a_cleared_row():
    case = {"phase": "play", "piles": {"col-13": ["3C", "QS"], "col-5": ["9D"]}}
    ours, theirs = both_ways("grand-layout", "refill-card", case, "col-13@1>col-4", True)
    both_ways("grand-layout", "refill-card", case, "col-13>col-4", False)
    assert refusal(ours, "col-13>col-4").rules == ("grand-layout.cleared-row-from-the-thirteenth",)
    lone = position("grand-layout", {"phase": "play", "piles": {"col-13": ["QS"], "col-5": ["9D"]}})
    assert "col-13>col-4" in lone.legal_moves  # a lone card is the upper and the last one


def test_readings_round_trip_in_the_portable_state():
    assert_readings_round_trip(GAME)


def test_cards_below_the_top_have_one_answer():
    from verdict_checks import assert_places_one_answer

    assert assert_places_one_answer(GAME, deals=range(1, 4), steps=60) > 0


def test_reading_a_card_onto_its_own_row():
    case = {"phase": "play", "piles": {"col-1": ["5H", "9S", "4H"], "col-13": ["JD", "2C", "QD"]}}
    ours, theirs = both_ways("grand-layout", "onto-its-own-row", case, "col-1@1>col-1", False)
    assert refusal(ours, "col-1@1>col-1").rules == ("grand-layout.onto-another-row",)
    both_ways("grand-layout", "onto-its-own-row", case, "col-13@1>col-13", False)
    theirs.play("col-1@1>col-1")
    assert codes(theirs, "col-1") == ["9S", "4H", "5H"]
    assert refusal(theirs, "col-1>col-1").rules == ("engine.known-piles",)
    assert theirs.is_shuttle(Move.parse("col-1@2>col-1"))  # the last two swapped back
    other = under("grand-layout", "onto-its-own-row", "yes", {"phase": "play", "piles": {"col-5": ["5H", "9S", "4H"]}})
    assert refusal(other, "col-5@1>col-5").rules == ("grand-layout.playable-card",)


@pytest.mark.parametrize("move, case, rule, clause", [
    ("foundation-H-A>col-4", {"phase": "play", "extra": {"rows": 8}, "piles": {"foundation-H-A": ["AH", "2H", "3H"], "col-4": ["4H"]}},
     "grand-layout.bases-keep-their-cards", "grand-layout.play.4.1"),
    ("stock>foundation-H-A", {"phase": "deal", "extra": {"rows": 3}, "piles": {"stock": ["~5C", "~AH"], "col-1": ["9S"]}},
     "grand-layout.pack-only-dealt", "grand-layout.play.3.2"),
    ("col-13>stock", {"phase": "deal", "extra": {"rows": 3}, "piles": {"stock": ["~5C"], "col-13": ["9S", "QC"]}},
     "grand-layout.pack-made-by-gathering", "grand-layout.play.7"),
])
def test_a_base_card_and_the_pack_are_refused_by_the_text(move, case, rule, clause):
    """No card leaves the bases, none is played from the pack nor laid on it:
    each refused by the sentence that says so, never by the catch-all alone."""
    verdict = refusal(position("grand-layout", case), move)
    assert verdict.rules == (rule,) and clause in verdict.clauses
    assert catch_all_refusals([GAME]) == []
