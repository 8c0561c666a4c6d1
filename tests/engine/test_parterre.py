"""Партеръ (reconstructed from Cadogan): the layout, the bouquet that never
takes a card back, the one deal (its won game is replayed by test_won_games.py)."""

from __future__ import annotations

from engine import find_game

from engine_helpers import position

GAME = find_game("parterre")


def test_every_rule_but_the_surviving_clauses_is_an_assumption_citing_cadogan():
    for rule in GAME.RULES.rules.values():
        for ident in rule.assumptions:
            assert "Cadogan" in GAME.RULES.assumptions[ident].source
        own = {c for c in rule.clauses if not c.startswith("terms.")}  # the book's general terms may back any rule
        assert rule.assumptions or own <= {"parterre.play.1.3", "parterre.play.1.6"}


def test_a_bouquet_card_never_goes_back():
    game = position("parterre", {"piles": {"bouquet-2": ["7C"], "bed-1": ["8H"]}})
    game.play("bouquet-2>bed-1")
    assert not any(m.dst.startswith("bouquet") for m in game.legal_moves)
    verdict = game.explain("bed-1>bouquet-2")
    assert not verdict.allowed and verdict.rules == ("engine.only-written-moves",)


def test_a_king_moves_only_into_an_emptied_packet_or_home():
    game = position("parterre", {"piles": {"bed-1": ["KH"], "bed-2": ["2C", "QS"], "bed-3": ["JD"],
                                           "bed-4": ["9C"], "bed-5": ["8C"], "bed-6": ["7C"]}})
    assert "bed-1>bed-2" not in game.legal_moves
    game.play("bed-3>bed-2")
    assert "bed-1>bed-3" in game.legal_moves
