"""Полушарія: the bases and barriers, the circle and its hemispheres, the
exchange, refilling before the talon, crossing at the end (its won game is replayed by test_won_games.py)."""

from __future__ import annotations

from engine import find_game
from engine.cards import card_code

from engine_helpers import position

GAME = find_game("hemispheres")


def codes(game, name):
    return [card_code(c) for c in game.pile(name)]


def test_bases_barriers_and_circle():
    game = GAME(12)
    assert codes(game, "barrier-H") + codes(game, "barrier-D") + codes(game, "barrier-C") + \
        codes(game, "barrier-S") == ["KH", "KD", "AC", "AS"]
    assert codes(game, "up-D-2") == ["AD"] and codes(game, "down-C-1") == ["KC"]
    assert sum(len(game.pile(f"place-{k}")) for k in range(1, 13)) == 12
    assert len(game.pile("stock")) == 104 - 24


def test_a_deal_refills_the_circle_before_the_talon():
    game = position("hemispheres", {"piles": {"place-1": ["5H"], "place-4": ["9D"],
                                              "stock": ["~3C", "~QC", "~7S"]}})
    game.play("deal")   # the empty places, from place 2 on, take the stock's cards in turn
    assert codes(game, "place-2") + codes(game, "place-3") + codes(game, "place-5") == ["7S", "QC", "3C"]
    assert not game.pile("stock") and not game.pile("talon")


def test_the_talon_comes_when_the_circle_is_full():
    circle = ["9H", "7H", "5H", "3H", "9D", "7D", "9S", "7S", "5S", "3S", "9C", "7C"]
    piles = {f"place-{k}": [card] for k, card in enumerate(circle, start=1)}
    piles["stock"] = ["~2S", "~4D"]
    game = position("hemispheres", {"piles": piles})
    game.play("deal")
    assert codes(game, "talon") == ["4D"]


def test_exchange_swaps_the_wrong_cards():
    game = position("hemispheres", {"piles": {"place-3": ["2D", "7C"], "place-10": ["JD"], "stock": ["~9C"]}})
    game.play("exchange:3-10")
    assert codes(game, "place-3") == ["2D", "JD"] and codes(game, "place-10") == ["7C"]
    assert not any(m.action.startswith("exchange") for m in game.legal_moves)


def test_wrong_cards_cross_over_at_the_end():
    state = {"piles": {"place-8": ["2H"], "up-H-1": ["AH"], "stock": ["~9C"]}}
    assert "place-8>up-H-1" not in position("hemispheres", state).legal_moves
    del state["piles"]["stock"]
    assert "place-8>up-H-1" in position("hemispheres", state).legal_moves


def test_an_action_with_a_stray_argument_is_refused():
    game = GAME(2)
    verdict = game.explain("deal:9")
    assert not verdict.allowed and verdict.rules
