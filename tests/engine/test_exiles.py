"""Ссыльныя: the deal with its exiles, the exile put under its packet and
the chain of top cards, the one exchange, the second layout (its won game is replayed by test_won_games.py)."""

from __future__ import annotations

import pytest

from engine import find_game
from engine.cards import RANKS, card_code, full_deck
from engine.deal import shuffled

from engine_helpers import position

GAME = find_game("exiles")


def codes(game, name):
    return [card_code(c) for c in game.pile(name)]


@pytest.mark.parametrize("deal", [1, 2, 77])
def test_the_deal_sets_aside_every_card_matching_its_place(deal):
    """Replay the deal by hand: place k of each row takes the next card whose rank is not k."""
    cards = [c for c in shuffled(full_deck(2), deal) if c & 15 != 13]
    game = GAME(deal)
    exiles, rows, place = [], {}, 1
    for card in cards:
        if card & 15 == place:
            exiles.append(card)
            continue
        rows.setdefault(place, []).append(card)
        place = place % 13 + 1
    assert game.pile("exiles") == exiles
    for k in range(1, 13):
        assert game.pile(f"packet-{k}") == rows.get(k, [])
    assert [c for i in range(1, 9) for c in game.pile(f"thirteenth-{i}")] == rows.get(13, [])


def test_an_exile_goes_under_its_packet_and_the_chain_runs_until_a_base_card_is_free():
    game = position("exiles", {"piles": {"up-S": ["KS"], "exiles": ["~5C"],
                                         "packet-5": ["9H", "7D"], "packet-7": ["AS", "QS"],
                                         "packet-12": ["6H"]}})
    game.play("exile")                 # 5C under packet 5; the chain starts at packet 5
    assert codes(game, "packet-5") == ["5C", "9H", "7D"] and game.extra["chain"] == 5
    assert list(map(str, game.legal_moves)) == ["chain"]
    game.play("chain")                 # 7D under packet 7
    assert codes(game, "packet-7") == ["7D", "AS", "QS"] and game.extra["chain"] == 7
    game.play("chain")                 # QS under packet 12: AS is free for up-S, the chain stops
    assert codes(game, "packet-12") == ["QS", "6H"] and game.extra["chain"] == 0
    assert "packet-7>up-S" in game.legal_moves


def test_one_exchange_only():
    game = position("exiles", {"piles": {"up-H": ["KH", "AH", "2H", "3H", "4H", "5H"],
                                         "down-H": ["KH", "QH..6H"], "packet-1": ["9S"]}})
    game.play("up-H>down-H")
    assert game.extra["exchanged"] == 1
    assert "up-H>down-H" not in game.legal_moves


def test_the_second_layout_gathers_six_thirteenth_six():
    piles = {f"packet-{k}": [RANKS[(k % 12) + 1] + "S"] for k in range(1, 13)}
    piles["thirteenth-1"] = ["9H"]
    game = position("exiles", {"piles": piles})
    game.play("redeal")
    assert game.redeals_left == 0 and "redeal" not in game.legal_moves
    dealt = [c for k in range(1, 13) for c in codes(game, f"packet-{k}")] + codes(game, "thirteenth-1")
    assert sorted(dealt + codes(game, "exiles")) == sorted(sum(piles.values(), []))


def test_an_action_with_a_stray_argument_is_refused():
    game = GAME(2)
    verdict = game.explain("exile:9")
    assert not verdict.allowed and verdict.rules
