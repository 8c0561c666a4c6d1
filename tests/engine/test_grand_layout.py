"""Большая раскладка: the first row, replacement while dealing, the gathering
between the two layouts (its won game is replayed by test_won_games.py)."""

from __future__ import annotations

from engine import find_game
from engine.cards import card_code

from engine_helpers import position

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
    game = position("grand-layout", {"phase": "play", "redeals_left": 1,
                                     "piles": {"col-1": ["2S", "3S"], "col-2": ["4S"], "col-13": ["5S", "6S"]}})
    game.play("redeal")
    order = ["5S", "6S", "4S", "2S", "3S"]  # the thirteenth's first card is dealt first
    assert [c for k in range(1, 14) for c in codes(game, f"col-{k}")] == order
    assert game.redeals_left == 0 and "redeal" not in game.legal_moves


def test_an_action_with_a_stray_argument_is_refused():
    game = GAME(2)
    verdict = game.explain("redeal:9")
    assert not verdict.allowed and verdict.rules
