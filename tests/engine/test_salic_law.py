"""Салическій законъ: the refusals the text names (an ace from the pack, a
queen onto a jack, a second deal) and the reading of the free king."""

from __future__ import annotations

import random

from engine import find_game
from engine.coverage import catch_all_refusals

from engine_helpers import expand, random_play

Salic = find_game("salic-law")
FREE = "salic-law.assume.free-king"


def load(piles: dict, phase: str = "play", readings: dict | None = None, **extra) -> "Salic":
    state = {"game": "salic-law", "deal": 0, "phase": phase,
             "piles": {k: expand(v) for k, v in piles.items()}, "extra": extra}
    if readings:
        state["readings"] = readings
    return Salic.from_portable(state)


def test_an_ace_is_not_taken_from_the_pack():
    game = load({"king-1": ["KS", "2H"], "stock": ["~5C", "~AS"]}, phase="deal")
    for target in ("foundation-1", "foundation-2"):
        verdict = game.explain(f"stock>{target}")
        assert not verdict.allowed and verdict.rules == ("salic-law.aces-come-in-the-deal",)
        assert "salic-law.rule.2.1" in verdict.clauses
    # it comes with the deal, straight to the foundations' line
    game.play("deal")
    assert game.to_portable()["piles"]["foundation-1"] == ["AS"]


def test_a_queen_never_goes_onto_a_jack():
    game = load({"queen-1": ["QS"], "king-1": ["KH", "4C"], "foundation-1": ["AD..JD"]})
    verdict = game.explain("queen-1>foundation-1")
    assert not verdict.allowed and verdict.rules == ("salic-law.up-to-the-jacks-any-suit",)
    assert "salic-law.play.2" in verdict.clauses
    for move in ("queen-1>king-1", "king-1>queen-2", "queen-1>queen-2"):
        refused = game.explain(move)
        assert not refused.allowed and {"salic-law.play.3.2", "salic-law.play.4"} <= set(refused.clauses), move


def test_the_game_is_not_dealt_again():
    game = load({"king-1": ["KS", "5H"], "king-2": ["KD", "9C"], "foundation-1": ["AD", "2D"]})
    assert game.outcome() is not None and game.outcome().clauses == ("salic-law.play.6",)
    verdict = game.explain("redeal")
    assert not verdict.allowed and verdict.clauses == ("salic-law.play.6",)


def test_the_free_king_reading():
    piles = {"king-1": ["KS", "7D", "5H"], "king-2": ["KD"], "foundation-1": ["AD..4D"]}
    bare = load(piles)
    once = load(piles, readings={FREE: "once-per-king"})
    # the first card: both readings allow it; the card goes home and the king is bare again
    for game in (bare, once):
        game.play("king-1>king-2")
        game.play("king-2>foundation-1")
    assert once.extra["given"] == 0b10 and bare.extra["given"] == 0
    assert bare.explain("king-1>king-2").allowed
    verdict = once.explain("king-1>king-2")
    assert not verdict.allowed and dict(verdict.readings) == {FREE: "once-per-king"}
    assert [o["alternative"] for o in once.verdicts_under_readings("king-1>king-2")] == ["while-bare"]
    # the record round-trips with the reading, and undo clears it
    state = once.to_portable()
    assert state["readings"] == {FREE: "once-per-king"} and state["extra"] == {"given": 2}
    again = Salic.from_portable(state)
    assert list(again.legal_moves) == list(once.legal_moves)
    once.pop()
    once.pop()
    assert once.extra["given"] == 0


def test_no_card_goes_on_a_king_during_the_deal():
    game = load({"king-1": ["KS", "7D", "5H"], "king-2": ["KD"], "stock": ["~2C"]}, phase="deal")
    verdict = game.explain("king-1>king-2")
    assert not verdict.allowed and "salic-law.play.5.2" in verdict.clauses


def test_random_games_under_both_readings_keep_the_records():
    for reading in ("while-bare", "once-per-king"):
        game = Salic(deal=3, readings={FREE: reading})
        for _ in random_play(game, random.Random(3), 400):
            assert Salic.from_portable(game.to_portable()).extra == game.extra
            if reading == "while-bare":
                assert game.extra["given"] == 0


def test_every_refusal_route_cites_a_clause_or_a_named_assumption():
    for key, route in Salic.ROUTES.items():
        for rule in route:
            assert rule.clauses or rule.assumptions, (key, rule.id)
    assert catch_all_refusals([Salic]) == []
    game = load({"king-1": ["KS", "3D"], "foundation-1": ["AD", "2D"], "queen-1": ["QC"]})
    for move, clause in (("foundation-1>king-1", "salic-law.rule.1"), ("foundation-1>queen-2", "salic-law.play.3.2"),
                         ("king-1>stock", "salic-law.play.1.3")):
        verdict = game.explain(move)
        assert not verdict.allowed and clause in verdict.clauses, move
