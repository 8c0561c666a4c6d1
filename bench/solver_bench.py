"""Solver speed and strength per game, on one core: distinct positions per
second, the share of deals decided within 1 s and within 10 s, and the
distribution of solve times (CPU seconds of the solving thread). Prints its
figures; no assertions.

The headline speed figure is the Belle Lucie single-deal search (no
redeal), the issue's target: >= 100k distinct positions per second in pure
Python. On a shared machine the figure is CPU seconds of the solving
thread (not wall time), repeated (--speed-runs, median and range), printed
beside a calibration loop and the load average before and after, so that a
slow figure can be told from a busy machine. Beside it, the two-pack fan
search's speed, and for every game, family by family, side by side: the
search `pasyans solve` runs (the game's own where it has one: the fan
search, Мельница's model search, a first phase) and the generic
depth-first search alone (`Keyer` keys, the game's knowledge but no search
of its own and no playouts), each in distinct positions per second, with
each family's figure over its games. Strength: the "solvable"
measure (the "single-deal" one for the fan games, whose redeals shuffle),
deals 1..N at --seconds per deal.

    .venv/bin/python bench/solver_bench.py [--deals N] [--seconds S] [slug ...]
    .venv/bin/python bench/solver_bench.py --speed-only
    .venv/bin/python bench/solver_bench.py --generic-only [slug ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import GAMES, find_game  # noqa: E402
from engine.solver.measures import measures_of, run_deal  # noqa: E402
from engine.solver.registry import knowledge  # noqa: E402
from engine.solver.search import Budget, solve  # noqa: E402
from pasyans.stats import percentile  # noqa: E402


def calibration() -> float:
    """CPU seconds of ten million additions in a Python loop: compare machines by it."""
    start = time.thread_time()
    x = 0
    for i in range(10_000_000):
        x += i
    return time.thread_time() - start


def load() -> str:
    """The load average (1, 5, 15 minutes), or "n/a" where the platform has none."""
    try:
        return ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        return "n/a"


def speed(deals: int = 300) -> dict:
    """The Belle Lucie single-deal search, deals 1..N: positions and distinct positions per second."""
    cls = find_game("belle-lucie")
    nodes = distinct = 0
    spent = 0.0
    for deal in range(1, deals + 1):
        game = cls(deal)
        game.redeals_left = 0
        solution = solve(game, Budget(10_000_000, 60))
        nodes += solution.nodes
        distinct += solution.distinct
        spent += solution.seconds
    return {"nodes_per_second": nodes / spent, "distinct_per_second": distinct / spent,
            "new_share": distinct / max(1, nodes), "seconds": spent}


def two_pack_fan_speed(deals: int = 5, nodes: int = 20_000) -> dict:
    """The two-pack fan search (`FanSearch.run`: Домъ въ лѣсу, Домъ на
    холмѣ, no redeal), deals 1..N, at most ``nodes`` positions each."""
    total = distinct = 0
    spent = 0.0
    for slug in ("house-in-the-wood", "house-on-the-hill"):
        cls = find_game(slug)
        for deal in range(1, deals + 1):
            game = cls(deal)
            game.redeals_left = 0
            solution = solve(game, Budget(nodes, 60))
            total += solution.nodes
            distinct += solution.distinct
            spent += solution.seconds
    return {"nodes_per_second": total / spent, "distinct_per_second": distinct / spent,
            "new_share": distinct / max(1, total), "seconds": spent}


# The families of engine/solver/ (their shared machinery: fans.py,
# columns.py, layouts.py; the stock games and the others share none), each
# game's knowledge in engine/solver/games/<slug>.py.
FAMILIES = {
    "fans": ("belle-lucie", "house-in-the-wood", "house-on-the-hill"),
    "columns": ("cadran", "fifteen", "parterre"),
    "stocks": ("mill", "shah", "salic-law", "hemispheres"),
    "layouts": ("grand-layout", "chinese-letter", "idet-ne-idet", "four-corners"),
    "others": ("napoleon", "exiles"),
}


def generic_knowledge(cls):
    """The game's knowledge for the generic depth-first search alone: its
    keys, safe moves and dead tests kept, but no search of its own (its
    `exact` hook: the fan search, Мельница's model search, Parterre's and
    Пятнадцать's best-first searches, the first phases of Four Corners and
    Hemispheres, which only look for wins) and no playouts before it."""
    return knowledge(cls)._replace(exact=None, playouts=0, search="depth-first")


def own_search(cls) -> str:
    """What `pasyans solve` runs first for this game: its own search, or the generic one."""
    know = knowledge(cls)
    if know.exact is not None:
        return know.exact.__name__
    if know.search != "depth-first":
        return know.search
    return f"{know.playouts} playouts" if know.playouts else "generic"


def search_speed(cls, deals: int, nodes: int, generic: bool) -> dict:
    """Deals 1..N of ``cls`` (the fan games with no redeal: their fast search
    runs on the last layout), at most ``nodes`` positions each, searched as
    `pasyans solve` does or (``generic``) by the generic depth-first search
    alone: positions and distinct positions (new to a transposition table)
    per CPU second."""
    know = generic_knowledge(cls) if generic else None
    total = distinct = 0
    spent = 0.0
    for deal in range(1, deals + 1):
        game = cls(deal)
        if cls.slug in FAMILIES["fans"]:
            game.redeals_left = 0
        solution = solve(game, Budget(nodes, 60), know=know)
        total += solution.nodes
        distinct += solution.distinct
        spent += solution.seconds
    return {"nodes_per_second": total / spent, "distinct_per_second": distinct / spent,
            "new_share": distinct / max(1, total), "seconds": spent}


def print_family_speeds(slugs=None, deals: int = 3, nodes: int = 30_000) -> None:
    """Per family and game, side by side: the search `pasyans solve` runs
    (the game's own where it has one) and the generic depth-first search,
    each in positions and distinct positions per CPU second; after each
    family's games, its figures over them all."""
    wanted = set(slugs or ())
    print(f"search speed, deals 1..{deals}, <= {nodes:,} positions each (fan games with no redeal), per CPU s:")
    print(f"{'family':<9}{'game':<19}{'its search':<22}{'positions/s':>12}{'distinct/s':>11}"
          f"{'generic positions/s':>21}{'distinct/s':>11}")
    for family, games in FAMILIES.items():
        rows = []
        for slug in games:
            if wanted and slug not in wanted:
                continue
            cls = find_game(slug)
            own = search_speed(cls, deals, nodes, generic=False)
            gen = search_speed(cls, deals, nodes, generic=True)
            rows.append((own, gen))
            print(f"{family:<9}{slug:<19}{own_search(cls):<22}{own['nodes_per_second']:>12,.0f}"
                  f"{own['distinct_per_second']:>11,.0f}{gen['nodes_per_second']:>21,.0f}"
                  f"{gen['distinct_per_second']:>11,.0f}", flush=True)
        if len(rows) > 1:
            cells = []
            for k in (0, 1):
                spent = sum(r[k]["seconds"] for r in rows)
                cells.append((sum(r[k]["nodes_per_second"] * r[k]["seconds"] for r in rows) / spent,
                              sum(r[k]["distinct_per_second"] * r[k]["seconds"] for r in rows) / spent))
            print(f"{family:<9}{'(its games)':<19}{'':<22}{cells[0][0]:>12,.0f}{cells[0][1]:>11,.0f}"
                  f"{cells[1][0]:>21,.0f}{cells[1][1]:>11,.0f}", flush=True)
    print("(a first phase that only looks for wins, or playouts, keep no table: no distinct positions "
          "while they run)")


def strength(slug: str, deals: int, seconds: float) -> dict:
    measure = measures_of(find_game(slug))[0]
    if measure == "player":
        measure = "single-deal"
    times, counts = [], {"won": 0, "lost": 0, "unknown": 0}
    within1 = within10 = 0
    for deal in range(1, deals + 1):
        record = run_deal(slug, measure, deal, Budget(50_000_000, seconds))
        counts[record["status"]] += 1
        times.append(record["seconds"])
        decided = record["status"] != "unknown"
        within1 += decided and record["seconds"] <= 1.0
        within10 += decided and record["seconds"] <= 10.0
    return {"game": slug, "measure": measure, **counts, "p50": percentile(times, 50), "p90": percentile(times, 90),
            "p99": percentile(times, 99), "max": max(times), "mean": sum(times) / len(times),
            "within1": within1 / deals, "within10": within10 / deals}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="slugs (default: every game)")
    parser.add_argument("--deals", type=int, default=20, help="deals 1..N per game (default 20)")
    parser.add_argument("--seconds", type=float, default=10.0, help="budget per deal (default 10 CPU s)")
    parser.add_argument("--speed-deals", type=int, default=300, help="deals of the speed figure (default 300)")
    parser.add_argument("--speed-runs", type=int, default=3, help="runs of the speed figure (default 3)")
    parser.add_argument("--speed-only", action="store_true", help="print the speed figure only")
    parser.add_argument("--generic-only", action="store_true",
                        help="print the search speeds only, per family and game (the slugs given, or every game): "
                             "each game's own search and the generic one side by side")
    args = parser.parse_args()
    print(f"load average before: {load()}")
    print(f"calibration: 10M additions in {calibration():.2f} CPU s on this machine")
    if args.generic_only:
        print_family_speeds(args.games)
        print(f"calibration: 10M additions in {calibration():.2f} CPU s; load average after: {load()}", flush=True)
        return
    runs = []
    for run in range(1, args.speed_runs + 1):
        s = speed(args.speed_deals)
        runs.append(s)
        print(f"Belle Lucie single-deal search, deals 1..{args.speed_deals}, run {run}: "
              f"{s['nodes_per_second']:,.0f} positions/s, {s['distinct_per_second']:,.0f} distinct positions/s "
              f"({100 * s['new_share']:.0f}% new), {s['seconds']:.2f} CPU s", flush=True)
    if len(runs) > 1:
        nodes = [r["nodes_per_second"] for r in runs]
        new = [r["distinct_per_second"] for r in runs]
        print(f"Belle Lucie single-deal search, deals 1..{args.speed_deals}, {len(runs)} runs: "
              f"median {statistics.median(nodes):,.0f} positions/s ({min(nodes):,.0f}..{max(nodes):,.0f}), "
              f"median {statistics.median(new):,.0f} distinct positions/s ({min(new):,.0f}..{max(new):,.0f})")
    f = two_pack_fan_speed()
    print(f"two-pack fan search, house-in-the-wood and house-on-the-hill single deal, deals 1..5, "
          f"<= 20,000 positions each: {f['nodes_per_second']:,.0f} positions/s, "
          f"{f['distinct_per_second']:,.0f} distinct positions/s ({100 * f['new_share']:.0f}% new), "
          f"{f['seconds']:.1f} CPU s")
    print_family_speeds()
    print(f"calibration: 10M additions in {calibration():.2f} CPU s; load average after: {load()}", flush=True)
    if args.speed_only:
        return
    slugs = args.games or [g.slug for g in GAMES]
    print(f"deals 1..{args.deals}, budget {args.seconds:g} CPU s per deal")
    print(f"{'game':<19}{'measure':<13}{'won':>5}{'lost':>5}{'unkn':>5}{'<=1s':>7}{'<=10s':>7}"
          f"{'mean':>7}{'p50':>7}{'p90':>7}{'p99':>7}{'max':>7}")
    for slug in slugs:
        r = strength(slug, args.deals, args.seconds)
        print(f"{slug:<19}{r['measure']:<13}{r['won']:>5}{r['lost']:>5}{r['unknown']:>5}"
              f"{100 * r['within1']:>6.0f}%{100 * r['within10']:>6.0f}%{r['mean']:>7.2f}{r['p50']:>7.2f}"
              f"{r['p90']:>7.2f}{r['p99']:>7.2f}{r['max']:>7.2f}", flush=True)


if __name__ == "__main__":
    main()
