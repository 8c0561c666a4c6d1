"""Партеръ (reconstructed from Cadogan): the layout, the bouquet that never
takes a card back, the one deal (its won game is replayed by test_won_games.py)."""

from __future__ import annotations

from engine import find_game

from engine_helpers import position

GAME = find_game("parterre")


def test_every_rule_but_the_surviving_clauses_is_an_assumption_citing_cadogan():
    for rule in GAME.RULES.rules.values():
        for ident in rule.assumptions:
            if ident.startswith("engine."):
                continue  # the engine's own (the standstill), not a filling of the lost text
            assert "Cadogan" in GAME.RULES.assumptions[ident].source
        own = {c for c in rule.clauses if not c.startswith("terms.")}  # the book's general terms may back any rule
        assert rule.assumptions or own <= {"parterre.play.1.2", "parterre.play.1.3", "parterre.play.1.6"}


def test_a_bouquet_card_never_goes_back_citing_play_1_2():
    game = position("parterre", {"piles": {"bouquet-2": ["7C"], "bed-1": ["8H"]}})
    game.play("bouquet-2>bed-1")
    assert not any(m.dst.startswith("bouquet") for m in game.legal_moves)
    for move in ("bed-1>bouquet-2", "bed-1>bouquet-5"):
        verdict = game.explain(move)
        assert not verdict.allowed and verdict.rules == ("parterre.bouquet-takes-nothing",)
        assert "parterre.play.1.2" in verdict.clauses


def test_there_is_no_second_deal_citing_play_1_3():
    game = GAME(4)
    verdict = game.explain("redeal")
    assert not verdict.allowed and verdict.rules == ("parterre.one-deal-only",)
    assert verdict.clauses == ("parterre.play.1.3",)


def test_a_card_played_home_stays():
    game = position("parterre", {"piles": {"foundation-H": ["AH"], "bed-1": ["2C"]}})
    verdict = game.explain("foundation-H>bed-1")
    assert not verdict.allowed and verdict.rules == ("parterre.played-cards-stay",)
    assert verdict.assumptions


def test_sequences_go_down_regardless_of_suit_citing_the_terms():
    game = position("parterre", {"piles": {"bed-1": ["8C", "7D"], "bed-2": ["KS", "8S"], "bouquet-1": ["9H"]}})
    verdict = game.explain("bed-1>bed-2")
    assert verdict.allowed and {"parterre.play.1.4", "terms.sequence.2"} <= set(verdict.clauses)
    assert not game.explain("bouquet-1>bed-2").allowed  # upwards: no
    assert not game.explain("bed-1>bed-2:2").allowed  # one card at a time


def test_a_king_moves_only_into_an_emptied_packet_or_home():
    game = position("parterre", {"piles": {"bed-1": ["KH"], "bed-2": ["2C", "QS"], "bed-3": ["JD"],
                                           "bed-4": ["9C"], "bed-5": ["8C"], "bed-6": ["7C"]}})
    assert "bed-1>bed-2" not in game.legal_moves
    game.play("bed-3>bed-2")
    assert "bed-1>bed-3" in game.legal_moves


def test_a_lone_card_hopping_between_empty_packets_does_not_keep_the_game_going():
    # bed-1's king can hop between the five empty packets for ever; nothing else can move
    piles = {"bed-1": ["KS"], "foundation-H": ["AH"], "bouquet-1": ["3H"]}
    game = position("parterre", {"piles": piles})
    assert list(game.legal_moves) and all(game.is_shuttle(m) for m in game.legal_moves)
    outcome = game.outcome()
    assert outcome is not None and outcome.rule == "parterre.lost"
    assert "parterre.play.1.3" in outcome.clauses
    # with a card that could go on the king, play goes on
    going = position("parterre", {"piles": {**piles, "bouquet-2": ["QD"]}})
    assert going.outcome() is None


def test_a_full_bouquet_with_no_two_cards_a_rank_apart_is_lost():
    # sixteen lone cards could fill the six empty packets in thousands of ways:
    # the standstill is decided without searching them
    cards = ["5S", "7S", "7D", "9C", "9D", "JC", "KC", "KD", "JD", "5C", "7C", "9S", "KS", "JS", "KH", "5H"]
    piles = {"foundation-S": ["AS", "2S", "3S"], "foundation-H": ["AH", "2H", "3H"], "foundation-D": ["AD..4D"]}
    piles.update({f"bouquet-{k + 1}": [c] for k, c in enumerate(cards)})
    outcome = position("parterre", {"piles": piles}).outcome()
    assert outcome is not None and outcome.rule == "parterre.lost"
    piles["bouquet-16"] = ["QH"]  # a king goes into a packet, the queen onto it
    assert position("parterre", {"piles": piles}).outcome() is None


def test_the_standstill_without_search_agrees_with_the_search():
    """Random study positions small enough for the core's search to finish:
    the closed form of `Parterre.is_standstill` gives the same answer."""
    import random

    from engine.core import Game
    from engine.cards import RANKS, SUITS

    rng = random.Random(7)
    pack = [r + s for s in SUITS for r in RANKS if r]
    spaced = [r + s for s in SUITS for r in ("2", "4", "6", "8", "10", "Q")]  # no two a rank apart
    agreed = standstills = 0
    for _ in range(200):
        cards = rng.sample(spaced if rng.random() < 0.6 else pack, 12)
        piles = {}
        for k, code in enumerate(cards[:rng.randrange(0, 4)]):
            piles[f"bouquet-{k + 1}"] = [code]
        rest = cards[len(piles):]
        for bed in rng.sample(range(1, 7), rng.randrange(4, 7)):
            take = rng.randrange(1, 3)
            if rest:
                piles[f"bed-{bed}"], rest = rest[:take], rest[take:]
        game = position("parterre", {"piles": piles})
        fast = game.is_standstill()
        assert fast == Game.is_standstill(game, limit=200_000), piles
        agreed += 1
        standstills += fast
    assert agreed == 200 and 30 < standstills < 170, standstills
