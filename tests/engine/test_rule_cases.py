"""Concrete layouts per rule: where it allows a move, where it forbids one.

Cases live in tests/engine/cases/<slug>.json; each names the rule it
exercises, the move (or the expected outcome), the verdict and clause ids
that must be cited. A meta-test requires an allowing and a forbidding case
for every move rule of every game, and an outcome case for WON and LOST.
"""

from __future__ import annotations

import pytest

from engine import GAMES, Move

from engine_helpers import all_cases, position

CASES = list(all_cases())


@pytest.mark.parametrize("slug, case", [(s, c) for _, s, c in CASES], ids=[i for i, _, _ in CASES])
def test_case(slug, case):
    game = position(slug, case)
    if "outcome" in case:
        outcome = game.outcome()
        if case["outcome"] is None:
            assert outcome is None
            return
        assert outcome is not None and outcome.termination.value == case["outcome"]
        assert outcome.rule == case["rule"]
        assert set(case["cites"]) <= set(outcome.clauses)
        return
    if "setup" in case:
        rule = next(r for r in type(game).SETUP if r.id == case["rule"])
        assert rule.check(game, None) is case["setup"]
        return
    move = Move.parse(case["move"])
    verdict = game.explain(move)
    assert verdict.allowed is case["allowed"], verdict
    assert (move in game.legal_moves) is case["allowed"]
    assert (move in set(game.legal_moves)) is case["allowed"]
    if case["allowed"]:
        said = _rule(game, case["rule"]).check(game, move)
        assert said is not False  # True: it allowed the move; None: it had nothing to say
        assert (case["rule"] in verdict.rules) is (said is True)
    else:
        assert verdict.rules == (case["rule"],), verdict
    # the clauses the case expects: behind the verdict, or the case's rule's own
    # (a rule with nothing to say about an allowed move is not in the verdict)
    assert set(case["cites"]) <= set(verdict.clauses) | set(_rule(game, case["rule"]).cites) | {
        a for r in verdict.rules for a in _rule(game, r).assumptions}
    if not case["allowed"]:
        assert set(case["cites"]) <= set(verdict.clauses) | set(_rule(game, case["rule"]).assumptions)


def _rule(game, ident):
    from engine import all_rules

    return next(r for r in all_rules(game.slug) if r.id == ident)


def _declared(slug) -> dict:
    """A case file's declarations beside its cases: "never_forbids" (permission
    rules, with the reason they cannot forbid), "never_allows" (refusals: a
    route whose rule names the clause that forbids a kind of move, and so never
    allows one) and "never_lost" (the reason no position of the game is
    without a move, so its LOST rule has no case)."""
    from engine_helpers import CASES as folder
    import json

    path = folder / f"{slug}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _never_forbids(slug, key="never_forbids") -> dict:
    return _declared(slug).get(key, {})


def _route_rules(game_cls):
    """The rules of the routes, and of any other tuple of rules a game keeps
    for moves (e.g. shah's refill route), but not its SETUP."""
    from engine import Rule

    routes = list(game_cls.ROUTES.values())
    for klass in game_cls.__mro__:
        for name, value in vars(klass).items():
            if name != "SETUP" and isinstance(value, tuple) and value and all(isinstance(r, Rule) for r in value):
                routes.append(value)
    return {rule.id: rule for route in routes for rule in route}


@pytest.mark.parametrize("game_cls", GAMES, ids=[g.slug for g in GAMES])
def test_every_rule_has_cases_both_ways(game_cls):
    seen = {(c["rule"], c.get("allowed")) for _, slug, c in CASES if slug == game_cls.slug}
    outcomes = {(c["rule"], c["outcome"]) for _, slug, c in CASES if slug == game_cls.slug and "outcome" in c}
    missing = []
    permissions = _never_forbids(game_cls.slug)
    refusals = _never_forbids(game_cls.slug, "never_allows")
    for ident in list(permissions) + list(refusals):
        assert ident in _route_rules(game_cls), f"never_forbids/never_allows names {ident}, no rule of the routes"
    for ident in _route_rules(game_cls):
        for verdict in (True, False):
            if verdict is False and ident in permissions or verdict is True and ident in refusals:
                continue
            if (ident, verdict) not in seen:
                missing.append(f"{ident} {'allows' if verdict else 'forbids'}")
    if (game_cls.WON.id, "won") not in outcomes:
        missing.append(f"{game_cls.WON.id} won")
    if (game_cls.LOST.id, "lost") not in outcomes and "never_lost" not in _declared(game_cls.slug):
        missing.append(f"{game_cls.LOST.id} lost")
    assert not missing, "rules without a case: " + "; ".join(missing)
