"""Наполеон: the layout, the choice of direction, the rows worked from both
ends, the cellar, the refusals the text words, and the readings (its won
game is replayed by test_won_games.py)."""

from __future__ import annotations

import pytest

from engine import Move, StateError, find_game
from engine.cards import card_code

from engine_helpers import position
from verdict_checks import assert_readings_round_trip, assert_refusals_cite, assert_routes_cite, both_ways, refusal

GAME = find_game("napoleon")


def codes(game, name):
    return [card_code(c) for c in game.pile(name)]


@pytest.mark.parametrize("deal", [1, 2, 3, 40])
def test_layout_follows_the_first_card(deal):
    from engine.cards import full_deck
    from engine.deal import shuffled

    cards = shuffled(full_deck(1), deal)
    game = GAME(deal)
    assert game.pile("base-1") == [cards[0]]
    rest = [c for c in cards[1:] if c & 15 != cards[0] & 15]
    # row L1 as dealt, left to right: the left half holds it from the middle out
    assert game.pile("row-L1-left")[::-1] + game.pile("row-L1-right") == rest[:5]
    assert [game.pile(f"door-R{d}")[0] for d in range(1, 5)] == rest[44:48]
    assert game.phase == "choose" and set(map(str, game.legal_moves)) == {"choose:up", "choose:down"}


def test_choice_holds_for_all_bases():
    game = GAME(5)
    game.play("choose:down")
    assert game.extra["direction"] == -1 and game.phase == "play"
    assert "choose:up" not in game.legal_moves


def test_a_row_is_worked_from_both_ends():
    game = position("napoleon", {"phase": "play", "extra": {"direction": 1},
                                 "piles": {"row-L1-left": ["5H", "4H"], "row-L1-right": ["6H"],
                                           "base-1": ["3H"], "door-L1": ["7H"]}})
    game.play("row-L1-left>base-1")           # 4H, the left end
    assert codes(game, "row-L1-left") == ["5H"] and codes(game, "row-L1-right") == ["6H"]
    game.play("row-L1-left>base-1")           # 5H: the row is now the one card 6H
    assert codes(game, "row-L1-left") + codes(game, "row-L1-right") == ["6H"]
    # 7H may go on the 6H from either side: the lone card is both ends
    assert "door-L1>row-L1-left" in game.legal_moves and "door-L1>row-L1-right" in game.legal_moves


def test_taking_an_end_pulls_the_middle_card_across():
    game = position("napoleon", {"phase": "play", "extra": {"direction": 1},
                                 "piles": {"row-R2-left": ["9C"], "row-R2-right": ["2D", "3D", "8S"],
                                           "base-1": ["8C"]}})
    game.play("row-R2-left>base-1")
    # the row is 2D 3D 8S: its left end is now 2D
    assert codes(game, "row-R2-left") == ["2D"] and codes(game, "row-R2-right") == ["3D", "8S"]
    game.pop()
    assert codes(game, "row-R2-left") == ["9C"]


def test_the_cellar_opens_when_a_door_is_cleared():
    piles = {"cellar": ["8D"], "base-1": ["7D"], "door-L1": ["2S"], "door-R4": ["3S"], "row-L1-left": ["KC"]}
    game = position("napoleon", {"phase": "play", "extra": {"direction": 1}, "piles": piles})
    assert "cellar>base-1" not in game.legal_moves
    game = position("napoleon", {"phase": "play", "extra": {"direction": 1},
                                 "piles": dict(piles, **{"door-R4": []})})
    assert "cellar>base-1" in game.legal_moves


@pytest.mark.parametrize("piles, where", [
    ({"row-L1-left": [], "row-L1-right": ["2D", "3D"]}, "piles.row-L1-left"),
    ({"door-L2": ["2D", "3D"]}, "piles.door-L2"),
])
def test_impossible_positions_are_refused(piles, where):
    with pytest.raises(StateError) as error:
        GAME.from_portable({"game": "napoleon", "phase": "play", "extra": {"direction": 1}, "piles": piles})
    assert error.value.where == where


def test_an_action_with_a_stray_argument_is_refused():
    game = GAME(2)
    verdict = game.explain("choose:9")
    assert not verdict.allowed and verdict.rules


# -- issue 10: the regression case, one card at a time -----------------------------

REGRESSION = {"game": "napoleon", "deal": 0, "piles": {"row-L2-left": ["JD", "4H", "9C"],
              "row-L2-right": ["2S", "6C"], "row-L3-left": ["QH", "8C", "7C"], "row-L3-right": ["8D", "2H"]},
              "phase": "play", "extra": {"direction": 1}}


def test_two_cards_at_once_are_refused_by_the_text():
    game = GAME.from_portable(REGRESSION)
    verdict = refusal(game, "row-L3-left>row-L2-right:2")
    assert verdict.rules == ("napoleon.one-at-a-time",) and "napoleon.play.4.2" in verdict.clauses
    assert Move.parse("row-L3-left>row-L2-right:2") not in game.legal_moves
    assert "row-L3-left>row-L2-right" in game.legal_moves  # the 7C alone goes on the 6C


# -- the cellar takes any number of cards -------------------------------------------

def test_the_cellar_takes_card_after_card_and_they_round_trip():
    game = position("napoleon", {"phase": "play", "extra": {"direction": 1},
                                 "piles": {"row-L1-left": ["9H", "KD"], "row-L1-right": ["7S"], "cellar": ["6S"],
                                           "door-L1": ["10S"]}})
    game.play("row-L1-left>cellar")
    game.play("door-L1>cellar")
    assert codes(game, "cellar") == ["6S", "KD", "10S"]
    assert GAME.from_portable(game.to_portable()).to_portable() == game.to_portable()
    # the right door holds no card in this study position: the cellar is open, any card comes out
    assert {"cellar@1>row-L1-right", "cellar@2>row-L1-right"} - set(map(str, game.legal_moves)) == {"cellar@2>row-L1-right"}
    game.play("cellar@1>row-L1-right")  # 6S onto 7S
    assert codes(game, "cellar") == ["KD", "10S"] and codes(game, "row-L1-right") == ["7S", "6S"]


def test_every_position_can_be_won_under_the_default_readings():
    """What the text grants (play.7, play.9): one row into the cellar, a door
    through the emptied row into the cellar, and the open cellar gives back
    every card, in the order the bases want."""
    for deal in (1, 2, 3):
        game = GAME(deal)
        game.play("choose:up")
        while game.pile("row-L1-left") or game.pile("row-L1-right"):
            game.play("row-L1-left>cellar" if game.pile("row-L1-left") else "row-L1-right>cellar")
        for d in range(1, 5):
            game.play(f"door-L{d}>row-L1-left")
            game.play("row-L1-left>cellar")
        for name in game.names:
            while game.pile(name) and name != "cellar" and not name.startswith("base"):
                game.play(f"{name}>cellar")
        while game.pile("cellar"):
            move = next(m for m in game.legal_moves if m.src == "cellar" and m.dst.startswith("base"))
            game.play(move)
        assert game.is_won()


# -- issue 10 §3: refusals name the sentence that forbids them --------------------

def test_every_refusal_cites_a_clause_or_an_assumption():
    assert_routes_cite(GAME)
    for case in ({"phase": "play", "extra": {"direction": 1}, "piles": REGRESSION["piles"] | {
                     "base-1": ["5S", "6S"], "door-L1": ["7S"], "cellar": ["QD", "3H"]}},
                 {"phase": "choose", "piles": {"base-1": ["5S"], "row-L1-left": ["9H"], "door-R2": ["6S"]}}):
        assert assert_refusals_cite(position("napoleon", case))


@pytest.mark.parametrize("move, rule, clause", [
    ("row-L3-left>door-L1", "napoleon.doors-take-nothing", "napoleon.play.6.2"),
    ("door-R2>door-L1", "napoleon.doors-take-nothing", "napoleon.play.6.2"),
    ("cellar>door-L1", "napoleon.doors-take-nothing", "napoleon.play.6.2"),
    ("base-1>row-L2-right", "napoleon.bases-keep-their-cards", "napoleon.play.6.1"),
    ("base-1>cellar", "napoleon.bases-keep-their-cards", "napoleon.play.6.1"),
    ("base-1>door-R2", "napoleon.bases-keep-their-cards", "napoleon.play.6.1"),
])
def test_the_known_refusals_cite_their_clauses(move, rule, clause):
    game = position("napoleon", {"phase": "play", "extra": {"direction": 1}, "piles": REGRESSION["piles"] | {
        "base-1": ["5D", "6D"], "door-R2": ["7D"], "cellar": ["8H"]}})
    verdict = refusal(game, move)
    assert verdict.rules == (rule,) and clause in verdict.clauses


# -- issue 11: the readings, each where its alternatives disagree -----------------

def test_reading_which_cellar_card_is_free():
    case = {"phase": "play", "extra": {"direction": 1},
            "piles": {"cellar": ["8D", "QS"], "base-1": ["7D"], "door-L1": ["2S"]}}
    ours, theirs = both_ways("napoleon", "cellar-card", case, "cellar@1>base-1", True)
    assert refusal(theirs, "cellar@1>base-1").rules == ("napoleon.cellar-card-free",)
    assert "cellar>row-L2-left" in theirs.legal_moves  # the last card in is free under both


def test_reading_moves_before_the_choice():
    case = {"phase": "choose", "piles": {"base-1": ["5S"], "row-L1-left": ["9H"], "row-L2-left": ["8H"]}}
    ours, theirs = both_ways("napoleon", "moves-before-the-choice", case, "row-L1-left>cellar", False)
    both_ways("napoleon", "moves-before-the-choice", case, "row-L2-left>row-L1-left", False)
    assert refusal(ours, "row-L1-left>cellar").rules == ("napoleon.decide-before-playing",)
    # a base needs the direction under either reading
    assert not theirs.explain("row-L2-left>base-1").allowed
    assert "choose:up" in theirs.legal_moves


def test_reading_rows_turn_the_corner():
    case = {"phase": "play", "extra": {"direction": 1},
            "piles": {"row-L2-left": ["QD", "5H"], "row-L2-right": ["JD", "KS"], "door-L3": ["AS"]}}
    both_ways("napoleon", "rows-turn-the-corner", case, "door-L3>row-L2-right", False)
    case = {"phase": "play", "extra": {"direction": 1},
            "piles": {"row-L2-left": ["AH"], "door-L3": ["KH"]}}
    both_ways("napoleon", "rows-turn-the-corner", case, "door-L3>row-L2-left", False)


def test_reading_door_cards_to_the_cellar():
    case = {"phase": "play", "extra": {"direction": 1}, "piles": {"door-L3": ["AS"], "row-L1-left": ["9C"]}}
    ours, theirs = both_ways("napoleon", "door-cards-to-the-cellar", case, "door-L3>cellar", True)
    assert refusal(theirs, "door-L3>cellar").rules == ("napoleon.door-card-to-the-cellar",)
    assert "row-L1-left>cellar" in theirs.legal_moves


def test_readings_round_trip_in_the_portable_state():
    assert_readings_round_trip(GAME)
    with pytest.raises(StateError):
        GAME.from_portable({**REGRESSION, "readings": {"napoleon.assume.cellar-card": "first"}})


def test_cards_below_the_top_have_one_answer():
    from verdict_checks import assert_places_one_answer

    assert assert_places_one_answer(GAME, deals=range(1, 4), steps=60) > 0
