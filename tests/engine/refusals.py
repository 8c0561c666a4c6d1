"""Shared checks of the games' refusals (issue 10 §3): every route that can
refuse cites a clause or a named assumption, and so does every refusal met
on a sweep of moves between every pair of piles."""

from __future__ import annotations

from engine import Move


def assert_routes_cite(game_cls) -> None:
    """Each rule of each route cites at least one clause or named assumption."""
    for key, route in game_cls.ROUTES.items():
        for rule in route:
            assert rule.clauses or rule.assumptions, f"{game_cls.slug} {key}: {rule.id} cites nothing"


def assert_refusals_cite(game) -> list:
    """Every move between two piles of ``game`` (top card, one and two cards,
    and the first card of each pile) that is refused names a rule and a clause
    or an assumption; returns the refused verdicts."""
    refused = []
    names = game.names
    for src in names:
        size = len(game.pile(src))
        for dst in names:
            if src == dst:
                continue
            moves = [Move(src, dst), Move(src, dst, 2)] + ([Move(src, dst, at=1)] if size > 1 else [])
            for move in moves:
                verdict = game.explain(move)
                if verdict.allowed:
                    continue
                assert verdict.rules and verdict.ru and verdict.en, (str(move), verdict)
                assert verdict.clauses or verdict.assumptions, (str(move), verdict)
                refused.append(verdict)
    return refused


def refusal(game, move: str):
    """The verdict on ``move``, which must be refused."""
    verdict = game.explain(move)
    assert not verdict.allowed, (move, verdict)
    return verdict
