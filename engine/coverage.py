"""Coverage of the text by the engine (`pasyans rules --coverage`).

Two questions, given the clause list of the extract stage (id, kind, game):
every id an engine rule cites must exist (a clause, or a declared editorial
assumption), and every clause of kind "rule" must be cited by some engine
rule or be declared not executable, with a reason, by its game module
(``NOT_EXECUTABLE = {clause_id: reason}``). Standard library only; the
command line passes the clauses in.

A third list, ``catch_all_refusals``, names the kinds of move (a pair of
pile roles) that only the engine's catch-all `engine.only-written-moves`
refuses: where a clause forbids such a move, the game should say so with a
route whose rule cites it, so that the refusal quotes the book.
"""

from __future__ import annotations

from typing import Iterable


def not_executable(games) -> dict[str, str]:
    marked: dict[str, str] = {}
    for game in games:
        marked.update(getattr(game, "NOT_EXECUTABLE", {}))
    return marked


def catch_all_refusals(games) -> list[str]:
    """``"<slug>: <src role> > <dst role>"`` for every pair of roles of a
    game's layout that no route names (only the catch-all refuses them)."""
    out = []
    for game in games:
        roles = list(dict.fromkeys(game.roles))
        for src in roles:
            for dst in roles:
                if (src, dst) in game.ROUTES:
                    continue
                if src == dst and len(game.by_role[src]) < 2:
                    continue  # one pile of the role: no move from it to itself
                out.append(f"{game.slug}: {src} > {dst}")
    return out


def report(clauses: Iterable[dict], slug: str | None = None) -> dict:
    """``clauses``: records with "id", "kind" and "game" (extract's clauses)."""
    import engine

    games = [engine.find_game(slug)] if slug else list(engine.GAMES)
    slugs = {g.slug for g in games}
    rules = engine.all_rules(slug)
    assumptions = {a.id for a in engine.all_assumptions(slug)}
    clauses = list(clauses)
    known = {c["id"] for c in clauses}
    cited = {}
    unknown = []
    for rule in rules:
        for ident in rule.cites:
            if ident in known or ident in assumptions:
                cited.setdefault(ident, []).append(rule.id)
            else:
                unknown.append(f"{rule.id} cites {ident}")
    marked = not_executable(games)
    for ident in marked:
        if ident not in known:
            unknown.append(f"NOT_EXECUTABLE names {ident}, which is no clause")
    rule_clauses = [c for c in clauses if c["kind"] == "rule" and c["game"] in slugs]
    uncited = [c["id"] for c in rule_clauses if c["id"] not in cited and c["id"] not in marked]
    return {
        "games": sorted(slugs),
        "catch_all_refusals": catch_all_refusals(games),
        "rule_clauses": len(rule_clauses),
        "cited": sum(1 for c in rule_clauses if c["id"] in cited),
        "not_executable": {k: v for k, v in marked.items() if k in known},
        "uncited_rule_clauses": uncited,
        "unknown_citations": unknown,
        "citations": cited,
    }
