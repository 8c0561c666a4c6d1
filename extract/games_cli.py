"""The game table as records for `pasyans games`, with the engine's status.

The engine is optional here: if it is installed and `engine.find_game(slug)`
returns a game, the game's status is "playable", otherwise "text only".
Likewise `rule_ids()` asks the engine which rules cite each clause, if the
engine offers `engine.rules()` (records with `id` and `clause_ids`).
"""

from __future__ import annotations

from extract import games


def _engine():
    try:
        import engine
    except ImportError:
        return None
    return engine


def status(slug: str) -> str:
    engine = _engine()
    find = getattr(engine, "find_game", None)
    if find is None:
        return "text only"
    try:
        found = find(slug)
    except (LookupError, ValueError):
        found = None
    except Exception as error:  # an engine error must not hide the text edition
        if type(error).__name__ != "InputError":
            raise
        found = None
    return "playable" if found is not None else "text only"


def game_records() -> list[dict]:
    records = []
    for game in games.games().values():
        record = game.model_dump()
        record["status"] = status(game.slug)
        records.append(record)
    return records


def rule_ids() -> dict[str, list[str]]:
    """Clause id -> ids of the engine rules that cite it (empty without an engine)."""
    engine = _engine()
    rules = getattr(engine, "rules", None)
    if rules is None:
        return {}
    result: dict[str, list[str]] = {}
    for rule in rules():
        rule_id = rule["id"] if isinstance(rule, dict) else getattr(rule, "id")
        cited = rule["clause_ids"] if isinstance(rule, dict) else getattr(rule, "clause_ids")
        for clause_id in cited:
            result.setdefault(clause_id, []).append(rule_id)
    return result
