"""Win rates: solve deals 1..N of a game and summarise them.

Each deal is solved by `engine.solve` on worker processes (or on a Dask
distributed cluster) and written as one JSON line to a results file as soon
as it is known, so that a long run can be stopped and resumed: a re-run
skips the deals already in the file. The first line of the file says which
game and budget the lines belong to.

The summary counts won / lost / unknown; the win rate is won / (won + lost)
with a Wilson 95% score interval, and unknowns (the budget ran out) are
reported beside it, never counted as wins or losses.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from pathlib import Path
from typing import Callable, Iterable, Iterator

from pasyans.errors import InputError

Z95 = 1.959963984540054  # the 97.5% point of the standard normal distribution


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (Wilson 1927); (0, 1) with no trials.

    >>> [round(x, 4) for x in wilson(8, 10)]
    [0.4902, 0.9433]
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # at 0 or n successes the bound is exactly 0 or 1 (floating point leaves 1e-16 off)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of ``values``; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


# -- one deal -------------------------------------------------------------------


def solve_record(slug: str, deal: int, nodes: int, seconds: float) -> dict:
    """Solve one deal and return its results line (runs in a worker)."""
    from engine.solve import Budget, solve_deal

    solution = solve_deal(slug, deal, Budget(nodes, seconds))
    return {"deal": deal, "status": solution.status, "moves": len(solution.moves),
            "nodes": solution.nodes, "seconds": round(solution.seconds, 4)}


def _solve_star(args: tuple) -> dict:
    return solve_record(*args)


# -- the results file -----------------------------------------------------------


def header(slug: str, nodes: int, seconds: float) -> dict:
    return {"game": slug, "budget": {"nodes": nodes, "seconds": seconds},
            "solver": "engine.solve", "clock": "CPU seconds of the solving thread"}


def read_results(path: Path, slug: str) -> tuple[dict | None, dict[int, dict]]:
    """The header and the results by deal of a results file (none if it is absent).

    A broken line is an InputError naming the file and line: the file is
    ours, so a broken line means it was edited or cut short by a crash."""
    if not path.exists():
        return None, {}
    head, done = None, {}
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                if not line.endswith("\n"):
                    continue  # the last line of a run that was killed mid-write: solve it again
                raise InputError(f"broken results line: {error.msg}", str(path), number) from None
            if not isinstance(record, dict):
                raise InputError("a results line must be a JSON object", str(path), number)
            if "deal" not in record:
                if record.get("game") != slug:
                    raise InputError(f"this results file is for {record.get('game')!r}, not {slug!r}",
                                     str(path), number)
                head = record
                continue
            if not isinstance(record["deal"], int) or record.get("status") not in ("won", "lost", "unknown"):
                raise InputError("a results line needs a whole-number deal and a status won/lost/unknown",
                                 str(path), number)
            done[record["deal"]] = record
    return head, done


# -- running ----------------------------------------------------------------------


def run_local(tasks: list[tuple], jobs: int) -> Iterator[dict]:
    """Results of ``tasks`` (slug, deal, nodes, seconds) in the order they finish."""
    if jobs <= 1:
        for task in tasks:
            yield solve_record(*task)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_solve_star, task) for task in tasks]
        try:
            for future in as_completed(futures):
                yield future.result()
        except BaseException:
            for future in futures:
                future.cancel()
            raise


def run_cluster(tasks: list[tuple], address: str) -> Iterator[dict]:
    """The same on a Dask distributed cluster (a scheduler at ``address``).

    Each deal is one task running `solve_record`, so the workers need this
    package importable (``pip install -e .`` in their environment); the
    results come back here and are written by this process alone."""
    from dask.distributed import Client, as_completed

    try:
        client = Client(address, timeout=20)
    except (OSError, TimeoutError, ValueError) as error:
        raise InputError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    try:
        columns = list(zip(*tasks)) if tasks else [[], [], [], []]
        futures = client.map(solve_record, *columns, pure=False)
        for future in as_completed(futures):
            yield future.result()
    finally:
        client.close()


class Progress:
    """A one-line progress bar on a terminal (nothing when not a terminal)."""

    def __init__(self, total: int, stream=None, width: int = 30):
        self.total, self.width = total, width
        self.stream = stream if stream is not None else sys.stderr
        self.live = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.done = 0
        self.counts = {"won": 0, "lost": 0, "unknown": 0}
        self.start = time.monotonic()

    def line(self) -> str:
        share = self.done / self.total if self.total else 1.0
        filled = int(share * self.width)
        bar = "#" * filled + "-" * (self.width - filled)
        c = self.counts
        return (f"[{bar}] {self.done}/{self.total}  won {c['won']} lost {c['lost']} "
                f"unknown {c['unknown']}  {time.monotonic() - self.start:.0f}s")

    def update(self, record: dict) -> None:
        self.done += 1
        self.counts[record["status"]] += 1
        if self.live:
            self.stream.write("\r" + self.line())
            self.stream.flush()

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()


def run(slug: str, deals: int, out: Path, *, jobs: int = 1, cluster: str | None = None,
        nodes: int = 200_000, seconds: float = 2.0, first: int = 1, retry_unknown: bool = False,
        progress: Callable[[dict], None] | None = None) -> list[dict]:
    """Solve deals ``first`` .. ``first + deals - 1`` not yet in ``out``; return all their records."""
    head, done = read_results(out, slug)
    wanted = range(first, first + deals)
    todo = [d for d in wanted if d not in done or (retry_unknown and done[d]["status"] == "unknown")]
    tasks = [(slug, d, nodes, seconds) for d in todo]
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a", encoding="utf-8") as sink:
        if head is None:
            sink.write(json.dumps(header(slug, nodes, seconds)) + "\n")
        results = run_cluster(tasks, cluster) if cluster else run_local(tasks, jobs)
        for record in results:
            sink.write(json.dumps(record) + "\n")
            sink.flush()
            done[record["deal"]] = record
            if progress:
                progress(record)
    return [done[d] for d in wanted if d in done]


def summary(slug: str, records: Iterable[dict], budget: dict | None = None) -> dict:
    """Counts, win rate with its Wilson 95% interval, and solve-time percentiles."""
    records = list(records)
    count = {s: sum(1 for r in records if r["status"] == s) for s in ("won", "lost", "unknown")}
    decided = count["won"] + count["lost"]
    low, high = wilson(count["won"], decided)
    times = [r["seconds"] for r in records]
    deals = sorted(r["deal"] for r in records)
    out = {"game": slug, "deals": len(records),
           "first_deal": deals[0] if deals else None, "last_deal": deals[-1] if deals else None,
           **count,
           "win_rate": round(count["won"] / decided, 4) if decided else None,
           "wilson95": [round(low, 4), round(high, 4)] if decided else None,
           "seconds": {f"p{q}": round(percentile(times, q), 4) for q in (50, 90, 95, 99)}
           | {"max": round(max(times), 4) if times else 0.0},
           "decided_within_2s": round(sum(1 for r in records if r["status"] != "unknown"
                                          and r["seconds"] <= 2.0) / len(records), 4) if records else None}
    if budget:
        out["budget"] = budget
    return out


def format_summary(s: dict) -> str:
    lines = [f"{s['game']}: deals {s['first_deal']}..{s['last_deal']} ({s['deals']})",
             f"  won {s['won']}  lost {s['lost']}  unknown {s['unknown']} (budget ran out; not counted)"]
    if s["win_rate"] is not None:
        lo, hi = s["wilson95"]
        lines.append(f"  win rate {100 * s['win_rate']:.1f}% of decided deals, "
                     f"Wilson 95% interval {100 * lo:.1f}%..{100 * hi:.1f}%")
    else:
        lines.append("  win rate: no deal decided")
    t = s["seconds"]
    lines.append(f"  solve time (CPU s): p50 {t['p50']:.3f}  p90 {t['p90']:.3f}  p95 {t['p95']:.3f}  "
                 f"p99 {t['p99']:.3f}  max {t['max']:.3f}")
    return "\n".join(lines)


ABOUT = ("Win rates of the games measured by pasyans' solver (engine/solve.py), one entry per game, "
         "made by `pasyans stats GAME --deals N --jobs 1 --seconds S --table data/winrates.json` "
         "(per-deal results in data/winrates/GAME.jsonl). won / lost / unknown count deals 1..N; "
         "lost is a proof (the whole search space was searched), unknown means the time budget ran out "
         "and is never counted as a win or a loss; win_rate = won / (won + lost) with a Wilson 95% "
         "interval; seconds are CPU seconds per deal. 'thoughtful' rates assume the order of the cards "
         "to come is known (an upper bound for a player who cannot see it).")


def update_table(path: Path, entry: dict) -> None:
    """Put one game's summary into the JSON table of all games (key: slug)."""
    table = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    table["about"] = ABOUT
    games = table.setdefault("games", {})
    games[entry["game"]] = entry
    table["games"] = dict(sorted(games.items()))
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(table, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)
