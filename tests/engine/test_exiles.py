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


# -- issues 10 and 11 -------------------------------------------------------------------

PLAY_STOPS = "exiles.assume.no-more-play"


def test_an_exile_into_a_packet_is_refused_citing_play_4_2():
    game = position("exiles", {"piles": {"exiles": ["~6C"], "packet-1": ["9H"], "up-D": ["KD"]}})
    assert "packet-1>packet-6" in game.legal_moves  # an empty place takes a card from the packets
    for move in ("exiles>packet-6", "exiles>packet-1"):
        verdict = game.explain(move)
        assert not verdict.allowed and move not in game.legal_moves
        assert verdict.rules == ("exiles.exiles-go-under-their-packet",)
        assert "exiles.play.4.2" in verdict.clauses


def test_other_refusals_name_their_sentences():
    game = position("exiles", {"piles": {"up-H": ["KH", "AH"], "packet-1": ["9S"], "thirteenth-1": ["5C"]}})
    assert game.explain("up-H>packet-4").clauses == ("exiles.play.4.2",)
    assert "exiles.play.3.2" in game.explain("packet-1>exiles").clauses
    assert "exiles.assume.thirteenth-not-refilled" in game.explain("packet-1>thirteenth-2").assumptions


STUCK_WITH_A_SPACE = {"game": "exiles", "deal": 0, "piles": {
    "exiles": ["~9C"], "up-D": ["KD"], "packet-2": ["AD", "5S"], "packet-3": ["7H"]}}


def test_when_play_stops_is_a_reading():
    """No card fits a base, but the 5S could be laid on an empty packet and
    free the AD: under "no-base-card" the exile may come now, under
    "standstill" only once nothing more can be laid on an empty place."""
    base = GAME.from_portable(STUCK_WITH_A_SPACE)
    still = GAME.from_portable({**STUCK_WITH_A_SPACE, "readings": {PLAY_STOPS: "standstill"}})
    assert base.explain("exile").allowed and "exile" in base.legal_moves
    verdict = still.explain("exile")
    assert not verdict.allowed and "exile" not in still.legal_moves
    assert verdict.rules == ("exiles.exile-when-stuck",) and dict(verdict.readings) == {PLAY_STOPS: "standstill"}
    still.play("packet-2>packet-1")
    assert "packet-2>up-D" in still.legal_moves and "exile" not in still.legal_moves
    # a lone card moved between empty packets changes nothing: no bar to the exile
    lone = GAME.from_portable({**STUCK_WITH_A_SPACE, "readings": {PLAY_STOPS: "standstill"},
                               "piles": {"exiles": ["~9C"], "up-D": ["KD"], "packet-2": ["5S"], "packet-3": ["7H"]}})
    assert "exile" in lone.legal_moves


def test_the_second_layout_waits_until_play_stops():
    state = {"piles": {"packet-5": ["2C", "7D"], "packet-7": ["QS"], "up-D": ["KD", "AD..6D"]}}
    game = position("exiles", state)
    assert "packet-5>up-D" in game.legal_moves and "redeal" not in game.legal_moves
    assert game.explain("redeal").rules == ("exiles.gather-and-deal-again",)
    game.play("packet-5>up-D")
    assert "redeal" in game.legal_moves


def test_the_reading_round_trips():
    game = GAME(8, readings={PLAY_STOPS: "standstill"})
    state = game.to_portable()
    assert state["readings"] == {PLAY_STOPS: "standstill"}
    assert GAME.from_portable(state).to_portable() == state
    assert GAME(8).piles == game.piles


def test_every_refusal_route_cites_a_clause_or_an_assumption():
    for key, route in GAME.ROUTES.items():
        for rule in route:
            assert rule.clauses or rule.assumptions, (key, rule.id)


@pytest.mark.parametrize("readings", [{}, {PLAY_STOPS: "standstill"}])
@pytest.mark.parametrize("deal", [4, 12])
def test_random_play_under_each_reading_is_one_answer(deal, readings):
    import random

    from engine import Game

    game = GAME(deal, readings=readings)
    rng = random.Random(deal)
    for _ in range(250):
        legal = list(game.legal_moves)
        assert set(legal) == set(Game.generate_moves(game))
        assert all(game.explain(m).allowed for m in legal)
        if not legal:
            break
        game.push(rng.choice(legal))
