"""Shared checks of verdicts: refusals (issue 10 §3: every route that can
refuse cites a clause or a named assumption, and so does every refusal met
on a sweep of moves between every pair of piles) and readings (issue 11: a
position where the alternatives of a reading disagree, checked both ways)."""

from __future__ import annotations

from engine import Move, find_game

from engine_helpers import position, state_of


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


def under(slug: str, reading: str, alternative: str, case: dict):
    """The case's position played under ``alternative`` of ``<slug>.assume.<reading>``."""
    state = state_of(slug, case)
    state["readings"] = {f"{slug}.assume.{reading}": alternative}
    return find_game(slug).from_portable(state)


def both_ways(slug: str, reading: str, case: dict, move: str, default_allows: bool):
    """``move`` in the case's position: allowed (or refused) under the default
    alternative of the reading, the other way under the other one; the verdict
    names the reading, and `verdicts_under_readings` shows the other answer.
    Returns the two positions (default, other)."""
    game_cls = find_game(slug)
    ident = f"{slug}.assume.{reading}"
    reading_ = game_cls.READINGS[ident]
    ours = position(slug, case)
    other = next(a for a in reading_.ids if a != reading_.default)
    theirs = under(slug, reading, other, case)
    parsed = Move.parse(move)
    assert ours.explain(move).allowed is default_allows and (parsed in ours.legal_moves) is default_allows
    assert theirs.explain(move).allowed is not default_allows
    assert (parsed in theirs.legal_moves) is not default_allows
    assert dict(ours.explain(move).readings).get(ident) == reading_.default or ident in ours.explain(move).assumptions
    assert any(v["reading"] == ident and v["alternative"] == other for v in ours.verdicts_under_readings(move))
    return ours, theirs


def assert_readings_round_trip(game_cls, deal: int = 4) -> None:
    """Every alternative of every reading survives the portable state; the
    defaults are not written."""
    for ident, reading in game_cls.READINGS.items():
        for alt in reading.ids:
            game = game_cls(deal, readings={ident: alt})
            state = game.to_portable()
            assert state.get("readings", {}) == ({} if alt == reading.default else {ident: alt})
            again = game_cls.from_portable(state)
            assert again.readings == game.readings and again.to_portable() == state
            assert list(again.legal_moves) == list(game.legal_moves)


def assert_places_one_answer(game_cls, deals=range(1, 9), steps: int = 120, seed: int = 0) -> int:
    """`check` and `moves` are one answer for cards below the top too: over
    random play, every ``SRC@K>DST`` of the layout (every pile pair, every
    place) is allowed by `explain` exactly when `legal_moves` lists it, and
    a refusal cites a clause or an assumption. Returns the moves judged."""
    import random

    judged = 0
    for deal in deals:
        rng = random.Random(seed * 1000 + deal)
        game = game_cls(deal)
        for _ in range(steps):
            listed = set(game.legal_moves)
            names = game.names
            for src in names:
                for k in range(1, len(game.pile(src)) + 1):
                    for dst in names:
                        move = Move(src, dst, at=k)
                        verdict = game.explain(move)
                        assert verdict.allowed == (move in listed), (str(move), game.to_portable())
                        if not verdict.allowed:
                            assert verdict.rules and (verdict.clauses or verdict.assumptions), str(move)
                        judged += 1
            moves = list(listed)
            if not moves:
                break
            moves.sort(key=str)
            game.push(moves[rng.randrange(len(moves))])
    return judged
