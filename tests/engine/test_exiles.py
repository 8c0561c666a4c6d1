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


def test_the_chain_packet_reading_follow_or_same():
    """exiles.assume.chain-packet: after the exile's packet, the chain takes the top card
    of the packet the last card went under (follow), or of the exile's packet again (same)."""
    piles = {"up-S": ["KS"], "exiles": ["~5C"], "packet-5": ["2D", "9H", "7D"],
             "packet-7": ["AS", "QS"], "packet-9": ["8C"], "packet-12": ["6H"]}
    follow = position("exiles", {"piles": piles})
    same = position("exiles", {"piles": piles, "readings": {"exiles.assume.chain-packet": "same"}})
    for game in (follow, same):
        game.play("exile")             # 5C under packet 5
        game.play("chain")             # 7D, packet 5's top, under packet 7: both readings agree
        assert codes(game, "packet-7") == ["7D", "AS", "QS"]
    assert follow.extra["chain"] == 7 and same.extra["chain"] == 5
    follow.play("chain")               # QS, packet 7's top, under packet 12: AS comes free
    assert codes(follow, "packet-7") == ["7D", "AS"] and follow.extra["chain"] == 0
    same.play("chain")                 # 9H, packet 5's top again, under packet 9
    assert codes(same, "packet-9") == ["9H", "8C"] and codes(same, "packet-7") == ["7D", "AS", "QS"]
    assert same.extra["chain"] == 5 and list(map(str, same.legal_moves)) == ["chain"]
    state = same.to_portable()
    assert state["readings"] == {"exiles.assume.chain-packet": "same"}
    assert type(same).from_portable(state).extra["chain"] == 5


def test_the_exchange_count_reading_once_in_the_game_or_once_a_layout():
    """exiles.assume.exchange-count: after the second layout, the one exchange of play.8 is
    spent (once in the game) or granted again (once a layout)."""
    piles = {"up-H": ["KH", "AH..6H"], "down-H": ["KH", "QH..7H"], "packet-5": ["2C", "7D"], "packet-7": ["QS"]}
    verdicts = {}
    for alt in ("once-in-the-game", "once-a-layout"):
        game = position("exiles", {"piles": piles, "extra": {"exchanged": 1},
                                   "readings": {"exiles.assume.exchange-count": alt}})
        assert not game.explain("up-H>down-H").allowed  # spent in the first layout
        game.play("redeal")
        verdicts[alt] = ("up-H>down-H" in game.legal_moves, game.explain("up-H>down-H").allowed)
    assert verdicts == {"once-in-the-game": (False, False), "once-a-layout": (True, True)}


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


@pytest.mark.parametrize("readings", [
    {"exiles.assume.chain-packet": "same"},
    {"exiles.assume.exchange-count": "once-a-layout"},
    {"exiles.assume.chain-packet": "same", "exiles.assume.exchange-count": "once-a-layout"}])
@pytest.mark.parametrize("deal", [3, 17])
def test_random_play_under_the_chain_and_exchange_readings_is_one_answer(deal, readings):
    import random

    from engine import Game

    game = find_game("exiles")(deal, readings=readings)
    rng = random.Random(deal)
    for _ in range(400):
        legal = list(game.legal_moves)
        assert set(legal) == set(Game.generate_moves(game))
        assert all(game.explain(m).allowed for m in legal)
        if not legal:
            break
        game.push(rng.choice(legal))
