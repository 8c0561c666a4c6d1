"""Position budgets: a measure's budget counted in positions, not CPU seconds.

A verdict of the win-rate table is decided by the positions its search may
meet (`Budget.nodes`, counted by the solver's `Meter`), so that a deal gives
the same verdict, in the same positions, on any machine and under any load.
CPU seconds are reported; they decide nothing but a backstop (`BACKSTOP`
times the budget's worth in seconds), and a deal the backstop cut is
recorded as such (`engine.solver.measures`).

A budget asked in seconds (`pasyans stats --budget S`) is turned into the
positions that S CPU seconds searched on the table's machine: S times the
game's rate in data/position-rates.json (positions per CPU second, per game
and measure, with the command that measured them: bench/position_rates.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

from pasyans.errors import InputError

RATES = Path(__file__).resolve().parents[1] / "data" / "position-rates.json"
BACKSTOP = 10.0       # the clock's backstop: this many times the budget's worth in CPU seconds ...
MIN_BACKSTOP_S = 10.0  # ... and at least this many (a small budget still gets a process warm)


class PositionBudget(NamedTuple):
    nodes: int             # positions per deal: they decide
    seconds: float         # the CPU seconds' backstop
    equivalent_s: float    # what the positions are worth in CPU seconds at the game's rate

    def header(self) -> dict:
        """The budget as a results file's header and the table keep it."""
        return {"nodes": self.nodes, "seconds": self.seconds, "equivalent_s": self.equivalent_s}


def load_rates(path: Path = RATES) -> dict:
    """The rates file: ``games.<slug>.<measure>.positions_per_s``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise InputError(f"cannot read the position rates: {error.strerror}", str(path)) from None
    except json.JSONDecodeError as error:
        raise InputError(f"not JSON: {error.msg}", str(path), error.lineno) from None
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        raise InputError("the position rates need a 'games' object", str(path), 1)
    return data


def rate(slug: str, measure: str, path: Path = RATES) -> int:
    """Positions per CPU second of ``measure`` in ``slug`` on the table's machine."""
    entry = load_rates(path)["games"].get(slug, {}).get(measure)
    value = entry.get("positions_per_s") if isinstance(entry, dict) else None
    if not isinstance(value, (int, float)) or value <= 0:
        raise InputError(f"no rate for {slug} {measure}: measure it with bench/position_rates.py {slug}, "
                         "or give the budget in positions (--nodes)", str(path))
    return int(value)


def backstop(equivalent_s: float) -> float:
    return round(max(MIN_BACKSTOP_S, BACKSTOP * equivalent_s), 3)


def position_budget(slug: str, measure: str, seconds: float | None = None, nodes: int | None = None,
                    backstop_s: float | None = None, path: Path = RATES) -> PositionBudget:
    """The budget of a deal: ``nodes`` positions, or what ``seconds`` CPU
    seconds searched on the table's machine (the game's rate), with the
    backstop ``backstop_s`` (default `backstop` of the worth in seconds)."""
    per_second = rate(slug, measure, path)
    if nodes is None:
        if seconds is None:
            raise ValueError("a budget needs seconds or nodes")
        nodes = max(1, round(seconds * per_second))
        worth = float(seconds)
    else:
        worth = round(nodes / per_second, 4)
    return PositionBudget(nodes, backstop_s if backstop_s is not None else backstop(worth), worth)


def decided_by_positions(head: dict | None) -> bool:
    """Does a results file's header say its budget is in positions? (Files
    made before, whose budget was CPU seconds, do not.)"""
    return bool(head) and "equivalent_s" in (head.get("budget") or {})
