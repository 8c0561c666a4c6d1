"""The player, as a person meets it: hints followed to the end of a deal,
and the player measure at a few budgets. Prints its figures; no assertions
(the suite's tests/site/test_demo_bridge.py checks that following the hints
never repeats a position, on short runs).

Per game, on deals 1..N:

- *followed hints*: Hint pressed and its move played, again and again,
  through the board's own bridge (`site/py/demo_bridge.py`, the board's
  budget `HINT_BUDGET`), until the game ends, the hint has no move, or
  `--moves` moves: how the deals end, how many positions came twice (a
  shuttle; it must be 0), and the hint's CPU time (median and largest), with
  an estimate for the browser (× `PYODIDE_FACTOR`, measured below);
- *player measure*: `engine.solver.measures.run_deal(slug, "player", ...)`
  at each `--budgets` CPU seconds' worth of positions per deal
  (`pasyans.budgets`, so the figure does not depend on the machine's load):
  wins of N.

    .venv/bin/python bench/player_bench.py [--deals N] [--budgets 1,4] [--moves M] [slug ...]

The figures are CPU seconds of this thread; with other work on the machine
they are printed beside the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "site"), str(ROOT / "site" / "py")]

import demo_bridge  # noqa: E402

from engine import GAMES  # noqa: E402
from engine.solver.measures import measures_of, nothing_hidden, run_deal  # noqa: E402
from pasyans.budgets import position_budget  # noqa: E402
from engine.solver.search import Budget  # noqa: E402

# Pyodide's CPython in Chromium against this CPython, on the hint's own work
# (the same search, timed in the worker and here, December 2026): an
# estimate of the browser's time, not a measure of it.
PYODIDE_FACTOR = 2.0


def call(op: str, **args) -> dict:
    answer = json.loads(demo_bridge.handle(json.dumps({"op": op, "args": args})))
    if not answer["ok"]:
        raise RuntimeError(answer["error"])
    return answer["result"]


def follow(slug: str, deal: int, limit: int) -> tuple[str, int, int, list[float]]:
    """(how it ended, moves, positions repeated, hint CPU seconds)."""
    view = call("new", game=slug, deal=deal)
    seen = {json.dumps(view["state"], sort_keys=True)}
    repeats, times = 0, []
    for n in range(limit):
        if view["outcome"]:
            return ("won" if view["outcome"]["won"] else "lost"), n, repeats, times
        start = time.thread_time()
        hint = call("hint")
        times.append(time.thread_time() - start)
        if hint["move"] is None:
            return hint["basis"], n, repeats, times
        view = call("move", move=hint["move"])["view"]
        key = json.dumps(view["state"], sort_keys=True)
        repeats += key in seen
        seen.add(key)
    return "limit", limit, repeats, times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("slugs", nargs="*", help="games (default: all sixteen)")
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--budgets", default="1,4", help="player measure: CPU seconds per deal, comma-separated")
    parser.add_argument("--moves", type=int, default=600, help="followed hints: at most this many moves a deal")
    args = parser.parse_args()
    slugs = args.slugs or [g.slug for g in GAMES]
    budgets = [float(b) for b in args.budgets.split(",") if b]
    deals = range(1, args.deals + 1)
    print(f"load average {os.getloadavg()[0]:.2f}; hint budget {demo_bridge.HINT_BUDGET}; deals 1..{args.deals}")
    print(f"{'game':18} {'followed hints: ends':34} {'repeats':>7} {'hint s median/max':>18} {'browser est.':>12}"
          + "".join(f" {'player ' + format(b, 'g') + ' s':>10}" for b in budgets))
    total_repeats = 0
    for slug in slugs:
        ends: dict[str, int] = {}
        repeats, times = 0, []
        for deal in deals:
            end, _, rep, spent = follow(slug, deal, args.moves)
            ends[end] = ends.get(end, 0) + 1
            repeats += rep
            times += spent
        total_repeats += repeats
        median = statistics.median(times) if times else 0.0
        longest = max(times, default=0.0)
        row = (f"{slug:18} {', '.join(f'{k} {v}' for k, v in sorted(ends.items())):34} {repeats:7} "
               f"{median:8.3f}/{longest:8.3f} {median * PYODIDE_FACTOR:5.2f}/{longest * PYODIDE_FACTOR:5.2f}")
        cls = next(g for g in GAMES if g.slug == slug)
        for budget in budgets:
            if "player" not in measures_of(cls) or nothing_hidden(cls):
                row += f" {'(solvable)':>10}"
                continue
            worth = position_budget(slug, "player", seconds=budget)  # the table's budget: positions decide
            won = sum(run_deal(slug, "player", deal, Budget(worth.nodes, worth.seconds))["status"] == "won"
                      for deal in deals)
            row += f" {f'{won}/{len(deals)}':>10}"
        print(row, flush=True)
    print(f"positions repeated by following the hints, all games: {total_repeats}; "
          f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
