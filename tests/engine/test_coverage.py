"""Every engine rule cites existing clauses or declared assumptions, and every
clause of kind "rule" of a playable game is cited or declared not executable."""

from __future__ import annotations

import pytest

import engine
from engine.coverage import report


@pytest.fixture(scope="module")
def clauses():
    import extract

    return [{"id": c.id, "kind": c.kind, "game": c.game} for c in extract.book().clauses]


def test_citations_exist_and_rule_clauses_are_covered(clauses):
    result = report(clauses)
    assert result["unknown_citations"] == []
    assert result["uncited_rule_clauses"] == []
    assert result["rule_clauses"] > 0


def test_every_rule_has_doc_reasons_and_citations():
    for rule in engine.all_rules():
        assert rule.cites and rule.doc and rule.ru and rule.en, rule.id
    assumptions = {a.id for a in engine.all_assumptions()}
    for rule in engine.all_rules():
        for ident in rule.assumptions:
            assert ident in assumptions, f"{rule.id} cites undeclared {ident}"
    for item in engine.all_assumptions():
        assert item.reason and item.source


def test_report_catches_a_bad_citation(clauses):
    trimmed = [c for c in clauses if c["id"] != "belle-lucie.rule.1"]
    result = report(trimmed, "belle-lucie")
    assert any("belle-lucie.rule.1" in u for u in result["unknown_citations"])


def test_every_declared_rule_is_used_by_a_game():
    used = {ident for game in engine.GAMES for ident in game.rule_kinds()}
    declared = {ident for game in engine.GAMES for ident in game.RULES.rules}
    assert declared - used == set()


@pytest.mark.parametrize("game", engine.GAMES, ids=lambda g: g.slug)
def test_every_route_rule_cites_a_clause_or_a_known_assumption(game):
    """Issue 10 §3: a refusal names the sentence (or the named assumption) behind it."""
    known = {a.id for a in engine.all_assumptions(game.slug)}
    routes = list(game.ROUTES.values()) + [getattr(game, "REFILL_ROUTE", ())]
    for route in routes:
        for rule in route:
            assert rule.clauses or rule.assumptions, (game.slug, rule.id)
            assert set(rule.assumptions) <= known, (game.slug, rule.id, set(rule.assumptions) - known)
