"""Китайское письмо: rows of eleven and the pile, every card of the sides
playable, the standstill before each new layout, the gathering, the refusals
and the readings (its won game is replayed by test_won_games.py)."""

from __future__ import annotations

import pytest

from engine import Move, find_game
from engine.cards import card_code
from engine.coverage import catch_all_refusals

from engine_helpers import position
from verdict_checks import (assert_readings_round_trip, assert_refusals_cite, assert_routes_cite, both_ways, refusal,
                            under)

GAME = find_game("chinese-letter")


def codes(game, name):
    return [card_code(c) for c in game.pile(name)]


def test_eleven_below_and_the_twelfth_on_the_pile():
    game = GAME(9)
    assert [len(game.pile(f"col-{k}")) for k in range(1, 12)] + [len(game.pile("pile"))] == [1] * 12
    rows = 1
    while "deal" in game.legal_moves:
        game.play("deal")
        rows += 1
    # 104 cards in rows of twelve: eight full rows and eight cards over
    assert rows == 9 and len(game.pile("pile")) == 8 and len(game.pile("col-8")) == 9


def test_only_the_sides_and_the_pile_while_dealing_even_in_the_first_row():
    game = position("chinese-letter", {"phase": "deal",
                                       "piles": {"col-4": ["AH"], "col-11": ["AS"], "stock": ["~5C"]}})
    assert set(map(str, game.legal_moves)) == {"col-11>foundation-S-A", "deal"}


def test_gathered_pile_first_then_eleventh_to_first():
    # at a standstill: no neighbours in suit, no ace or king, no empty row to fill
    rows = {"col-1": ["2S", "9S"], "col-2": ["4H"], "col-3": ["6D"], "col-4": ["8C"], "col-5": ["QS"],
            "col-6": ["10H"], "col-7": ["QD"], "col-8": ["2C"], "col-9": ["6S"], "col-10": ["8H"],
            "col-11": ["10D", "4S"], "pile": ["6C", "QH"]}
    game = position("chinese-letter", {"phase": "play", "redeals_left": 2, "piles": rows})
    assert [str(m) for m in game.legal_moves] == ["redeal"]
    game.play("redeal")
    order = rows["pile"] + [c for k in range(11, 0, -1) for c in rows[f"col-{k}"]]
    assert [codes(game, f"col-{k}")[0] for k in range(1, 12)] + codes(game, "pile") == order[:12]
    assert codes(game, "stock") == order[12:][::-1]
    assert game.redeals_left == 1


def test_an_action_with_a_stray_argument_is_refused():
    game = GAME(2)
    verdict = game.explain("deal:9")
    assert not verdict.allowed and verdict.rules


# -- every card of the sides is playable; an emptied row takes a playable card ------

def test_a_middle_card_of_a_side_goes_home_while_dealing_and_is_replaced_in_place():
    game = position("chinese-letter", {"phase": "deal", "piles": {"col-11": ["9S", "AH", "QC"], "stock": ["~5C", "~7D"]}})
    game.play("col-11@2>foundation-H-A")
    assert codes(game, "col-11") == ["9S", "7D", "QC"]


def test_an_emptied_row_takes_a_playable_card_never_a_covered_one():
    case = {"phase": "play", "piles": {"col-4": ["KD", "5S", "2H"], "col-1": ["JD", "5S"], "pile": ["3C", "8H"]}}
    game = position("chinese-letter", case)
    assert refusal(game, "col-4@2>col-6").rules == ("chinese-letter.playable-card",)
    assert refusal(game, "col-4@1>col-6").rules == ("chinese-letter.playable-card",)
    assert refusal(game, "pile@1>col-6").rules == ("chinese-letter.playable-card",)
    for move in ("col-4>col-6", "col-1@1>col-6", "col-1>col-6", "pile>col-6"):
        assert move in game.legal_moves, move


def test_several_cards_are_refused():
    game = position("chinese-letter", {"phase": "play", "piles": {"col-4": ["KD", "5S", "2H"]}})
    assert refusal(game, "col-4>col-6:3").rules == ("engine.one-card",)


# -- the redeal waits for the standstill (play.5.1) --------------------------------

def test_the_redeal_waits_until_every_possible_move_is_made():
    # a lone card moves from one emptied row to another and back: shuttles only
    shuttles = position("chinese-letter", {"phase": "play", "redeals_left": 2, "piles": {"col-5": ["9H"], "col-7": ["8D"]}})
    moves = [m for m in shuttles.legal_moves if not m.action]
    assert moves and all(shuttles.is_shuttle(m) for m in moves)
    assert "redeal" in shuttles.legal_moves
    # 8H onto 9H is a real move (the 3C beneath is bared): no standstill
    real = position("chinese-letter", {"phase": "play", "redeals_left": 2,
                                       "piles": {"col-5": ["3C", "9H"], "col-7": ["8H"]}})
    assert refusal(real, "redeal").rules == ("chinese-letter.gather-and-deal-again",)
    assert not real.is_shuttle(Move.parse("col-5>col-7"))
    # while a card can go home
    home = position("chinese-letter", {"phase": "play", "redeals_left": 2, "piles": {"col-5": ["9H"], "col-7": ["AD"]}})
    assert not home.explain("redeal").allowed


def test_the_last_layout_at_a_standstill_is_lost():
    game = position("chinese-letter", {"phase": "play", "redeals_left": 0, "piles": {"col-5": ["9H"], "col-7": ["8D"]}})
    assert any(not m.action for m in game.legal_moves)  # shuttles remain
    outcome = game.outcome()
    assert outcome is not None and outcome.termination.value == "lost"


def test_every_refusal_cites_a_clause_or_an_assumption():
    assert_routes_cite(GAME)
    for case in ({"phase": "deal", "piles": {"col-1": ["9S", "AH", "QC"], "col-6": ["AS", "2S"], "pile": ["KH", "5D"],
                                            "foundation-D-A": ["AD"], "stock": ["~5C", "~7D"]}},
                 {"phase": "play", "redeals_left": 1,
                  "piles": {"col-1": ["9S", "AH", "QC"], "col-6": ["AS", "2S"], "pile": ["KH", "5D"],
                            "foundation-D-A": ["AD"]}}):
        assert assert_refusals_cite(position("chinese-letter", case))


# -- the readings ------------------------------------------------------------------

def test_reading_a_middle_card_of_a_side_once_all_is_dealt():
    case = {"phase": "play", "piles": {"col-1": ["JD", "5S", "9C"], "col-3": ["4S"]}}
    ours, theirs = both_ways("chinese-letter", "sides-after-the-deal", case, "col-1@2>col-3", True)
    both_ways("chinese-letter", "sides-after-the-deal", case, "col-1@1>col-2", True)
    assert refusal(theirs, "col-1@2>col-3").rules == ("chinese-letter.playable-card",)
    assert "col-1>col-2" in theirs.legal_moves  # its bottom card is playable under both
    dealing = {"phase": "deal", "piles": {"col-1": ["AS", "5S", "9C"], "stock": ["~2D"]}}
    assert "col-1@1>foundation-S-A" in under("chinese-letter", "sides-after-the-deal", "bottom-only", dealing).legal_moves


def test_reading_the_pile_takes_cards():
    case = {"phase": "play", "piles": {"col-1": ["JD", "5S"], "pile": ["4S"]}}
    ours, theirs = both_ways("chinese-letter", "pile-takes-cards", case, "col-1>pile", False)
    assert refusal(ours, "col-1>pile").rules == ("chinese-letter.pile-takes-cards",)
    assert not theirs.explain("col-1@1>pile").allowed  # in suit, one higher or lower: JD is not


def test_reading_a_card_onto_its_own_row():
    case = {"phase": "play", "piles": {"col-11": ["5H", "9S", "4H"]}}
    ours, theirs = both_ways("chinese-letter", "onto-its-own-row", case, "col-11@1>col-11", False)
    assert refusal(ours, "col-11@1>col-11").rules == ("chinese-letter.onto-another-row",)


def test_readings_round_trip_in_the_portable_state():
    assert_readings_round_trip(GAME)
    assert set(GAME.READINGS) == {"chinese-letter.assume.sides-after-the-deal", "chinese-letter.assume.pile-takes-cards",
                                  "chinese-letter.assume.onto-its-own-row"}
    assert not [a for a in GAME.RULES.assumptions if a.startswith("grand-layout.assume.")
                and a not in ("grand-layout.assume.replaced-in-place", "grand-layout.assume.deal-a-row-at-a-time")]


def test_cards_below_the_top_have_one_answer():
    from verdict_checks import assert_places_one_answer

    assert assert_places_one_answer(GAME, deals=range(1, 4), steps=60) > 0


@pytest.mark.parametrize("move, case, rule, clause", [
    ("foundation-D-K>pile", {"phase": "deal", "extra": {"rows": 3}, "piles": {"foundation-D-K": ["KD", "QD"], "pile": ["JD"], "stock": ["~5C"]}},
     "chinese-letter.bases-keep-their-cards", "chinese-letter.play.2.1"),
    ("stock>col-3", {"phase": "deal", "extra": {"rows": 3}, "piles": {"stock": ["~5C", "~AH"], "col-3": ["9S"]}},
     "chinese-letter.pack-only-dealt", "chinese-letter.play.2.3"),
    ("col-1>stock", {"phase": "play", "piles": {"col-1": ["9S", "QC"]}},
     "chinese-letter.pack-made-by-gathering", "chinese-letter.play.5.1"),
])
def test_a_base_card_and_the_pack_are_refused_by_the_text(move, case, rule, clause):
    """No card leaves the bases, none is played from the pack nor laid on it:
    each refused by the sentence that says so, never by the catch-all alone."""
    verdict = refusal(position("chinese-letter", case), move)
    assert verdict.rules == (rule,) and clause in verdict.clauses
    assert catch_all_refusals([GAME]) == []
