"""Идет - не идет: the deal, the replacement of the top row, the gathering
between layouts (its won game is replayed by test_won_games.py)."""

from __future__ import annotations

import pytest

from engine import Move, find_game
from engine.cards import card_code
from engine.coverage import catch_all_refusals

from engine_helpers import position
from verdict_checks import (assert_readings_round_trip, assert_refusals_cite, assert_routes_cite, both_ways, refusal,
                            under)


GAME = find_game("idet-ne-idet")


def codes(game, name):
    return [card_code(c) for c in game.pile(name)]


def test_first_row_and_rows_of_seven():
    game = GAME(7)
    assert [len(game.pile(f"top-{k}")) for k in range(1, 8)] == [1] * 7
    stock = game.pile("stock")[:]
    game.play("deal")
    assert [codes(game, f"col-{k}") for k in range(1, 8)] == [[card_code(c)] for c in stock[::-1][:7]]


def test_a_top_row_card_is_replaced_while_dealing_but_not_after():
    game = GAME.from_portable({"game": "idet-ne-idet", "phase": "deal",
                               "piles": {"top-3": ["AH"], "stock": ["~5C", "~9D"]}})
    game.play("top-3>foundation-H")
    assert codes(game, "top-3") == ["9D"] and codes(game, "stock") == ["5C"]
    game.play("deal")
    assert game.phase == "play" and codes(game, "col-1") == ["5C"]


STANDSTILL = {"top-1": ["2S"], "col-1": ["3D", "4C"], "top-2": ["5S"], "top-3": ["JH"], "top-4": ["9S"],
              "col-4": ["KD"], "top-5": ["7C"], "top-6": ["QC"], "top-7": ["8S"], "col-7": ["6H", "10D"]}


def test_the_columns_are_gathered_from_the_right_and_dealt_again():
    # no card can move: no ace, no card one higher in suit than a bottom card, no freed row
    game = GAME.from_portable({"game": "idet-ne-idet", "phase": "play", "redeals_left": 1, "piles": STANDSTILL})
    assert [str(m) for m in game.legal_moves] == ["redeal"]
    game.play("redeal")
    # pack order: vertical row 1 (top-row card first), then 2, ... 7
    order = ["2S", "3D", "4C", "5S", "JH", "9S", "KD", "7C", "QC", "8S", "6H", "10D"]
    assert [codes(game, f"top-{k}") for k in range(1, 8)] == [[c] for c in order[:7]]
    assert codes(game, "stock") == order[7:][::-1] and game.phase == "deal" and game.redeals_left == 0
    assert game.extra["rows"] == 1
    game.pop()
    assert game.to_portable()["piles"]["col-1"] == ["3D", "4C"]


def play_to_the_standstill(game):
    """Deal out and play every move that is not a shuttle, then stop: the
    moves that are not shuttles never come back, so this ends."""
    while True:
        moves = list(game.legal_moves)
        action = next((m for m in moves if m.action), None)
        real = [m for m in moves if not m.action and not game.is_shuttle(m)]
        if action is not None and action.action == "deal":
            game.play(action)
        elif real:
            game.play(real[0])
        else:
            return moves


def test_three_layouts_at_most():
    for deal in (3, 8):
        game = GAME(deal)
        layouts = 1
        while True:
            moves = play_to_the_standstill(game)
            if game.is_won():
                break
            if Move(action="redeal") not in moves:
                assert game.redeals_left == 0 and game.outcome().termination.value == "lost"
                break
            game.play("redeal")
            layouts += 1
        assert layouts <= 3 and (game.is_won() or layouts == 3)


def test_an_action_with_a_stray_argument_is_refused():
    game = GAME(2)
    verdict = game.explain("deal:9")
    assert not verdict.allowed and verdict.rules


# -- issue 10 §3: nothing onto the top row (play.4.2) ------------------------------

@pytest.mark.parametrize("move", ["top-1>top-2", "top-3>top-4", "col-5>top-2", "col-5>top-6", "foundation-D>top-2"])
def test_moves_onto_the_top_row_are_refused_citing_the_text(move):
    game = position("idet-ne-idet", {"phase": "play", "piles": {
        "top-1": ["9D"], "top-2": ["8D"], "top-3": ["5H"], "top-4": ["4H"], "col-5": ["7D", "3H"],
        "foundation-D": ["AD", "2D"]}})
    verdict = refusal(game, move)
    assert verdict.rules == ("idet-ne-idet.nothing-onto-the-top-row",) and "idet-ne-idet.play.4.2" in verdict.clauses


def test_every_refusal_cites_a_clause_or_an_assumption():
    assert_routes_cite(GAME)
    for case in ({"phase": "deal", "extra": {"rows": 3}, "piles": {
                     "top-1": ["9D"], "top-4": ["2H"], "col-4": ["AH", "5S"], "col-1": ["AS", "3C"],
                     "foundation-D": ["AD"], "stock": ["~KC", "~QC"]}},
                 {"phase": "play", "redeals_left": 1, "piles": {
                     "top-1": ["9D"], "top-4": ["2H"], "col-4": ["AH", "5S"], "col-1": ["AS", "3C"],
                     "foundation-D": ["AD"]}}):
        assert assert_refusals_cite(position("idet-ne-idet", case))


def test_several_cards_are_refused():
    game = position("idet-ne-idet", {"phase": "play", "piles": {"col-1": ["4S", "3S"], "col-2": ["2S"]}})
    assert refusal(game, "col-1>col-2:2").rules == ("engine.one-card",)


# -- the standstill (play.6.1) --------------------------------------------------------

def test_play_stops_when_only_a_lone_card_can_go_to_and_fro():
    game = position("idet-ne-idet", {"phase": "play", "redeals_left": 2, "piles": {"col-2": ["9D"], "col-5": ["4S"]}})
    moves = [m for m in game.legal_moves if not m.action]
    assert moves and all(game.is_shuttle(m) for m in moves) and "redeal" in game.legal_moves


def test_a_top_row_card_into_a_freed_row_is_play_not_a_shuttle():
    game = position("idet-ne-idet", {"phase": "play", "redeals_left": 2, "piles": {"top-2": ["9D"], "col-5": ["4S"]}})
    assert not game.is_shuttle(Move.parse("top-2>col-3"))  # it can never go back (play.4.2)
    assert refusal(game, "redeal").rules == ("idet-ne-idet.gather-and-deal-again",)
    game.play("top-2>col-3")
    assert "redeal" in game.legal_moves


def test_the_redeal_waits_while_a_card_can_go_home():
    game = position("idet-ne-idet", {"phase": "play", "redeals_left": 2,
                                     "piles": {"top-1": ["KD"], "top-2": ["JD"], "top-3": ["9D"], "top-4": ["7D"],
                                               "top-5": ["5D"], "top-6": ["3D"], "top-7": ["KC"], "col-1": ["5H", "AS"]}})
    assert not game.explain("redeal").allowed and "col-1>foundation-S" in game.legal_moves


# -- the readings ------------------------------------------------------------------

def test_reading_the_middle_top_cards_while_dealing():
    case = {"phase": "deal", "extra": {"rows": 3},
            "piles": {"top-4": ["2S"], "col-4": ["9S", "8H"], "foundation-S": ["AS"], "stock": ["~5C"]}}
    ours, theirs = both_ways("idet-ne-idet", "middle-top-cards-while-dealing", case, "top-4>foundation-S", True)
    assert refusal(theirs, "top-4>foundation-S").rules == ("idet-ne-idet.playable-cards",)
    # under both: the outer top cards, the middle aces, and the first row alone
    outer = {**case, "piles": {"top-2": ["2S"], "foundation-S": ["AS"], "stock": ["~5C"]}}
    ace = {**case, "piles": {"top-4": ["AS"], "stock": ["~5C"]}}
    first = {"phase": "deal", "extra": {"rows": 1}, "piles": {"top-4": ["2S"], "foundation-S": ["AS"], "stock": ["~5C"]}}
    for position_case in (outer, ace, first):
        game = under("idet-ne-idet", "middle-top-cards-while-dealing", "barred", position_case)
        assert any(m.dst == "foundation-S" for m in game.legal_moves), position_case


def test_reading_which_cards_are_replaced_while_dealing():
    case = {"phase": "deal", "extra": {"rows": 3},
            "piles": {"top-2": ["AH"], "col-1": ["9C", "AS"], "stock": ["~5C", "~7D", "~JD"]}}
    top_row = position("idet-ne-idet", case)
    top_row.play("top-2>foundation-H")
    top_row.play("col-1>foundation-S")
    assert codes(top_row, "top-2") == ["JD"] and codes(top_row, "col-1") == ["9C"]
    first = under("idet-ne-idet", "replaced-while-dealing", "first-row", case)
    first.play("top-2>foundation-H")
    assert codes(first, "top-2") == [] and codes(first, "stock") == ["5C", "7D", "JD"]
    every = under("idet-ne-idet", "replaced-while-dealing", "every-card", case)
    every.play("top-2>foundation-H")
    every.play("col-1>foundation-S")
    assert codes(every, "top-2") == ["JD"] and codes(every, "col-1") == ["9C", "7D"]
    # before the second row, «first-row» replaces too
    alone = under("idet-ne-idet", "replaced-while-dealing", "first-row",
                  {"phase": "deal", "piles": {"top-2": ["AH"], "stock": ["~5C"]}})
    alone.play("top-2>foundation-H")
    assert codes(alone, "top-2") == ["5C"]


def test_reading_aces_from_any_place():
    case = {"phase": "deal", "extra": {"rows": 3}, "piles": {"col-4": ["9S", "AD", "5C"], "stock": ["~KC"]}}
    ours, theirs = both_ways("idet-ne-idet", "aces-from-any-place", case, "col-4@2>foundation-D", False)
    assert refusal(ours, "col-4@2>foundation-D").rules == ("idet-ne-idet.playable-cards",)
    assert refusal(theirs, "col-4@1>foundation-S").rules != ()  # only aces come from under other cards
    theirs.play("col-4@2>foundation-D")
    assert codes(theirs, "col-4") == ["9S", "5C"]


def test_readings_round_trip_in_the_portable_state():
    assert_readings_round_trip(GAME)


def test_cards_below_the_top_have_one_answer():
    from verdict_checks import assert_places_one_answer

    assert assert_places_one_answer(GAME, deals=range(1, 4), steps=60) > 0


@pytest.mark.parametrize("move, case, rule, clause", [
    ("foundation-H>col-4", {"phase": "play", "extra": {"rows": 8}, "piles": {"foundation-H": ["AH", "2H", "3H"], "col-4": ["4H"]}},
     "idet-ne-idet.bases-keep-their-cards", "idet-ne-idet.play.3.2"),
    ("stock>top-2", {"phase": "deal", "extra": {"rows": 3}, "piles": {"stock": ["~5C", "~AH"], "top-1": ["9S"]}},
     "idet-ne-idet.pack-only-dealt", "idet-ne-idet.play.1.5"),
    ("top-1>stock", {"phase": "deal", "extra": {"rows": 3}, "piles": {"stock": ["~5C"], "top-1": ["9S"]}},
     "idet-ne-idet.pack-made-by-gathering", "idet-ne-idet.play.6.1"),
])
def test_a_base_card_and_the_pack_are_refused_by_the_text(move, case, rule, clause):
    """No card leaves the bases, none is played from the pack nor laid on it:
    each refused by the sentence that says so, never by the catch-all alone."""
    verdict = refusal(position("idet-ne-idet", case), move)
    assert verdict.rules == (rule,) and clause in verdict.clauses
    assert catch_all_refusals([GAME]) == []
