"""Наполеон: the layout, the choice of direction, the rows worked from both
ends, and the cellar (its won game is replayed by test_won_games.py)."""

from __future__ import annotations

import pytest

from engine import StateError, find_game
from engine.cards import card_code

from engine_helpers import position

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
    ({"cellar": ["2D", "3D"]}, "piles.cellar"),
])
def test_impossible_positions_are_refused(piles, where):
    with pytest.raises(StateError) as error:
        GAME.from_portable({"game": "napoleon", "phase": "play", "extra": {"direction": 1}, "piles": piles})
    assert error.value.where == where


def test_an_action_with_a_stray_argument_is_refused():
    game = GAME(2)
    verdict = game.explain("choose:9")
    assert not verdict.allowed and verdict.rules
