"""Solver speed per game on one core: positions per second and the
distribution of solve times (CPU seconds of the solving thread) over deals
1..N, with the share decided (won or lost) within 2 s. Prints its figures;
no assertions. The target for Прекрасная Люція (two redeals): >= 95% of
deals 1..1000 decided within 2 s each.

    .venv/bin/python bench/solver_bench.py [--deals N] [--seconds S] [slug ...]
    .venv/bin/python bench/solver_bench.py --deals 1000 belle-lucie
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import GAMES, find_game  # noqa: E402
from engine.solve import Budget, solve  # noqa: E402
from pasyans.stats import percentile  # noqa: E402


def bench(slug: str, deals: int, seconds: float, nodes: int) -> dict:
    cls = find_game(slug)
    times, total_nodes, counts = [], 0, {"won": 0, "lost": 0, "unknown": 0}
    within = 0
    for deal in range(1, deals + 1):
        solution = solve(cls(deal), Budget(nodes, seconds))
        counts[solution.status] += 1
        times.append(solution.seconds)
        total_nodes += solution.nodes
        within += solution.status != "unknown" and solution.seconds <= 2.0
    spent = sum(times) or 1e-9
    return {"game": slug, **counts, "nodes_per_second": total_nodes / spent,
            "p50": percentile(times, 50), "p90": percentile(times, 90), "p95": percentile(times, 95),
            "max": max(times), "decided_2s": within / deals}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="slugs (default: every game)")
    parser.add_argument("--deals", type=int, default=20, help="deals 1..N per game (default 20)")
    parser.add_argument("--seconds", type=float, default=2.0, help="budget per deal (default 2 CPU s)")
    parser.add_argument("--nodes", type=int, default=1_000_000, help="node budget per deal")
    args = parser.parse_args()
    slugs = args.games or [g.slug for g in GAMES]
    print(f"deals 1..{args.deals}, budget {args.seconds:g} CPU s / {args.nodes:,} positions per deal")
    print(f"{'game':<20}{'won':>6}{'lost':>6}{'unkn':>6}{'pos/s':>9}{'p50':>8}{'p90':>8}{'p95':>8}"
          f"{'max':>8}{'<=2s':>7}")
    for slug in slugs:
        r = bench(slug, args.deals, args.seconds, args.nodes)
        print(f"{slug:<20}{r['won']:>6}{r['lost']:>6}{r['unknown']:>6}{r['nodes_per_second']:>9,.0f}"
              f"{r['p50']:>8.3f}{r['p90']:>8.3f}{r['p95']:>8.3f}{r['max']:>8.3f}{100 * r['decided_2s']:>6.1f}%",
              flush=True)


if __name__ == "__main__":
    main()
