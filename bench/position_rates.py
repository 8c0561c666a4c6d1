"""Positions per CPU second, per game and measure: the rates that turn a
budget in seconds into one in positions (`pasyans.budgets`).

For each game and measure of the table, the deals of the committed results
(data/winrates/GAME.MEASURE.jsonl) that cost the most CPU seconds there (the
undecided ones first: they spent the whole budget, which is where a budget
binds) are measured again with `--probe` CPU seconds each and no position
limit, as long as the budget the rate turns into positions (the table's
10 s, which the undecided deals spend in all), one process on a machine
otherwise idle: a search's rate changes along the search (first phases,
playouts, what its dead tests remember) and with the load, and 3 s probes
beside other work measured half of what the 10 s records show or less
(December 2026, 3 s under load / 10 s idle: Полушарія 7,700 / 14,000, Shah
9,200 / 22,000, Солнечные часы 42,000 / 120,000, Салическій законъ 13,000 /
27,000); the rate is the median of their positions per CPU second (a deal
whose search does much work between two positions, as Idet - ne idet's
deal 636 does, says little of the others), after one deal to
warm the process up (Shah's dead test remembers what it learned, and runs
twice as fast once warm, as a worker of a long run is). Two exceptions:

- the player of a game where something is hidden plans its thinking in
  positions already (`engine.solver.player.PLAN_RATES`, or
  `NODES_PER_SECOND`): its rate is that plan, so that a budget of S seconds'
  worth plays exactly the game the S-second budget planned; the positions it
  metered per CPU second are printed beside it. The fan games' player is not
  planned (it thinks until the budget is spent), so it is measured;
- where nothing is hidden the player's records are the solvable ones, and
  so is its rate.

    .venv/bin/python bench/position_rates.py [--deals 4] [--probe 10] [--write] [slug ...]

With --write the figures go into data/position-rates.json (merged: games
not named keep theirs), with this command, the date and the load average.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import os
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import GAMES  # noqa: E402
from engine.solver.measures import measures_of, nothing_hidden, run_deal  # noqa: E402
from engine.solver.player import NODES_PER_SECOND, PLAN_RATES  # noqa: E402
from engine.solver.registry import knowledge  # noqa: E402
from engine.solver.search import Budget  # noqa: E402
from pasyans.budgets import RATES  # noqa: E402
from pasyans.stats import read_results, results_path  # noqa: E402

ABOUT = ("Positions per CPU second of each game's measures on the machine of the win-rate table (2 cores "
         "shared with other work): a budget of S CPU seconds is S times this many positions "
         "(pasyans/budgets.py). 'deals' were measured with 'probe_s' CPU seconds each and no position "
         "limit (the deals of the committed results that cost the most, undecided first); 'per_deal' gives "
         "deal, positions and CPU seconds, and the rate is the median of their positions per second. The "
         "player's rate, where something is hidden and the game is not a fan "
         "game, is its own plan (engine/solver/player.py PLAN_RATES), 'metered' what it metered per CPU "
         "second; where nothing is hidden the player is the solvable measure, and so is its rate.")


def two_digits(x: float) -> int:
    """``x`` to two significant digits: a rate is not known better."""
    if x <= 0:
        return 0
    step = 10 ** max(0, int(math.log10(x)) - 1)
    return int(round(x / step) * step)


def hardest(slug: str, measure: str, count: int) -> list[int]:
    """The deals of the committed results that cost the most, undecided first."""
    path = results_path(ROOT / "data" / "winrates", slug, measure)
    _, done = read_results(path, slug, measure)
    ranked = sorted(done.values(), key=lambda r: (r["status"] != "unknown", -r["seconds"], r["deal"]))
    return [r["deal"] for r in ranked[:count]] or list(range(1, count + 1))


def probe(slug: str, measure: str, deals: list[int], seconds: float) -> dict:
    run_deal(slug, measure, 1, Budget(10**9, min(seconds, 0.5)))  # warm the process up (not counted)
    per_deal = []
    for deal in deals:
        record = run_deal(slug, measure, deal, Budget(10**9, seconds))
        per_deal.append([deal, record["nodes"], record["seconds"]])
        print(f"  {slug} {measure} deal {deal}: {record['nodes']:,} positions in {record['seconds']:.2f} s "
              f"({record['nodes'] / max(record['seconds'], 1e-9):,.0f}/s)", flush=True)
    rates = [nodes / spent for _, nodes, spent in per_deal if spent > 0]
    return {"deals": deals, "probe_s": seconds, "per_deal": per_deal,
            "metered": two_digits(statistics.median(rates)) if rates else 0}


def measure_game(cls, count: int, seconds: float) -> dict:
    out = {}
    for measure in measures_of(cls):
        slug = cls.slug
        if measure == "player" and nothing_hidden(cls):
            out[measure] = {**out["solvable"], "same_as": "solvable"}
            continue
        found = probe(slug, measure, hardest(slug, measure, count), seconds if measure != "player" else 1.0)
        if measure == "player" and not knowledge(cls).redeal_shuffles:
            plan = PLAN_RATES.get(slug, NODES_PER_SECOND)
            found = {**found, "positions_per_s": plan, "source": "engine.solver.player.PLAN_RATES"
                     if slug in PLAN_RATES else "engine.solver.player.NODES_PER_SECOND"}
        else:
            found = {**found, "positions_per_s": found["metered"]}
        out[measure] = found
        print(f"{slug} {measure}: {found['positions_per_s']:,} positions per CPU second", flush=True)
    return out


def dump(data: dict) -> str:
    """JSON, one line per list of numbers (the deals and their figures)."""
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return re.sub(r"\[[\d.,\s\[\]]*\]", lambda m: re.sub(r"\s+", "", m.group()).replace(",", ", "), text) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("slugs", nargs="*", help="only these games")
    parser.add_argument("--deals", type=int, default=4, help="deals per game and measure (default 4)")
    parser.add_argument("--probe", type=float, default=10.0,
                        help="CPU seconds per deal (default 10, the table's budget; 1 for the player)")
    parser.add_argument("--write", action="store_true", help=f"merge the figures into {RATES.relative_to(ROOT)}")
    args = parser.parse_args()
    start_load = os.getloadavg()
    games = {}
    for cls in GAMES:
        if not args.slugs or cls.slug in args.slugs:
            games[cls.slug] = measure_game(cls, args.deals, args.probe)
    if args.write:
        old = json.loads(RATES.read_text(encoding="utf-8")) if RATES.exists() else {}
        runs = old.get("runs", [])
        runs.append({"command": "bench/position_rates.py " + " ".join(sys.argv[1:]),
                     "finished": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                     "games": sorted(games),
                     "load": "load average (1, 5, 15 min) before and after: "
                             + ", ".join(f"{x:.1f}" for x in start_load) + " / "
                             + ", ".join(f"{x:.1f}" for x in os.getloadavg())})
        data = {"about": ABOUT, "runs": runs, "games": dict(sorted({**old.get("games", {}), **games}.items()))}
        RATES.write_text(dump(data), encoding="utf-8")
        print(f"written: {RATES}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
