"""Идет - не идет: the deal, the replacement of the top row, the gathering
between layouts (its won game is replayed by test_won_games.py)."""

from __future__ import annotations

from engine import find_game
from engine.cards import card_code


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


def test_the_columns_are_gathered_from_the_right_and_dealt_again():
    state = {"game": "idet-ne-idet", "phase": "play", "redeals_left": 1,
             "piles": {"top-1": ["2S"], "col-1": ["3S", "4S"], "top-2": ["5S"], "col-7": ["6S", "7S"],
                       "top-7": ["8S"], "col-4": ["9S"]}}
    game = GAME.from_portable(state)
    game.play("redeal")
    # pack order: vertical row 1 (top-row card first), then 2, ... 7
    order = ["2S", "3S", "4S", "5S", "9S", "8S", "6S", "7S"]
    assert [codes(game, f"top-{k}") for k in range(1, 8)] == [[c] for c in order[:7]]
    assert codes(game, "stock") == ["7S"] and game.phase == "deal" and game.redeals_left == 0
    game.pop()
    assert game.to_portable()["piles"]["col-1"] == ["3S", "4S"]


def test_three_layouts_at_most():
    game = GAME(3)
    layouts = 1
    while True:
        while "deal" in game.legal_moves:
            game.play("deal")
        if "redeal" not in game.legal_moves:
            break
        game.play("redeal")
        layouts += 1
    assert layouts == 3


def test_an_action_with_a_stray_argument_is_refused():
    game = GAME(2)
    verdict = game.explain("deal:9")
    assert not verdict.allowed and verdict.rules
