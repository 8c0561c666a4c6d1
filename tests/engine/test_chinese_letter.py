"""Китайское письмо: rows of eleven and the pile, the gathering between the
three layouts (its won game is replayed by test_won_games.py)."""

from __future__ import annotations

from engine import find_game
from engine.cards import card_code

from engine_helpers import position

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
    game = position("chinese-letter", {"phase": "play", "redeals_left": 2,
                                       "piles": {"col-1": ["2S", "3S"], "col-11": ["4S"], "pile": ["5S", "6S"]}})
    game.play("redeal")
    assert [c for k in range(1, 12) for c in codes(game, f"col-{k}")] + codes(game, "pile") == \
        ["5S", "6S", "4S", "2S", "3S"]
    assert game.redeals_left == 1


def test_an_action_with_a_stray_argument_is_refused():
    game = GAME(2)
    verdict = game.explain("deal:9")
    assert not verdict.allowed and verdict.rules
