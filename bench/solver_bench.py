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
search's speed and the generic search's on two-pack games (`Keyer` keys),
per game and over all six. Strength: the "solvable"
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


TWO_PACK = ("cadran", "mill", "shah", "four-corners", "hemispheres", "salic-law")


def generic_speed(slugs=TWO_PACK, deals: int = 3, nodes: int = 30_000) -> dict:
    """The generic search (`DepthFirst` with the `Keyer`; no specialised
    path) on two-pack games, deals 1..N, at most ``nodes`` positions each:
    positions and distinct positions (new to the transposition table) per
    second, over all the games and per game (``per_game``)."""
    total = distinct = 0
    spent = 0.0
    per_game = {}
    for slug in slugs:
        cls = find_game(slug)
        g_total = g_distinct = 0
        g_spent = 0.0
        for deal in range(1, deals + 1):
            solution = solve(cls(deal), Budget(nodes, 60))
            g_total += solution.nodes
            g_distinct += solution.distinct
            g_spent += solution.seconds
        per_game[slug] = {"nodes_per_second": g_total / g_spent, "distinct_per_second": g_distinct / g_spent,
                          "new_share": g_distinct / max(1, g_total), "seconds": g_spent}
        total += g_total
        distinct += g_distinct
        spent += g_spent
    return {"nodes_per_second": total / spent, "distinct_per_second": distinct / spent,
            "new_share": distinct / max(1, total), "seconds": spent, "per_game": per_game}


def print_generic_speed(slugs=TWO_PACK) -> None:
    g = generic_speed(slugs)
    for slug, r in g["per_game"].items():
        print(f"  generic search, {slug}, deals 1..3, <= 30,000 positions each: {r['nodes_per_second']:,.0f} "
              f"positions/s, {r['distinct_per_second']:,.0f} distinct positions/s ({100 * r['new_share']:.0f}% new), "
              f"{r['seconds']:.1f} CPU s", flush=True)
    print(f"generic search, {', '.join(slugs)}, deals 1..3, <= 30,000 positions each: "
          f"{g['nodes_per_second']:,.0f} positions/s, {g['distinct_per_second']:,.0f} distinct positions/s "
          f"({100 * g['new_share']:.0f}% new), {g['seconds']:.1f} CPU s")


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
                        help="print the generic search's speed only, per game (the slugs given, or the two-pack six)")
    args = parser.parse_args()
    print(f"load average before: {load()}")
    print(f"calibration: 10M additions in {calibration():.2f} CPU s on this machine")
    if args.generic_only:
        print_generic_speed(tuple(args.games) or TWO_PACK)
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
    print_generic_speed()
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
