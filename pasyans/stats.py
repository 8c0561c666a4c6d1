"""Win rates: measure deals 1..N of a game and summarise them.

A measure ("solvable", "single-deal", "player": see engine/solver/measures.py)
is run deal by deal on worker processes, or on a Dask distributed cluster
(an address, or "local" for a LocalCluster on this machine), and each
deal's record is written as one JSON line to a results file as soon as it
is known, so that a long run can be stopped and resumed: a re-run skips
the deals already in the file. The first line of the file says which game,
measure, readings and budget the lines belong to.

The budget is counted in positions (`pasyans.budgets`): a deal's verdict
and its positions are the same on any machine, so `recheck` can measure the
records again and find any that differ; CPU seconds are reported, and are a
backstop only. Each won deal keeps its line (`line`: the moves joined by
spaces), which `recheck` replays.

The summary never gives a rate over the decided deals alone: with N deals,
W won and U undecided, the share won lies in the bracket [W/N, (W+U)/N];
`low` is the Wilson 95% lower bound of W/N and `high` the Wilson 95% upper
bound of (W+U)/N, so [low, high] covers both the sampling error and the
undecided deals.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import sys
import time
from pathlib import Path
from typing import Callable, Iterable, Iterator

from pasyans.budgets import decided_by_positions
from pasyans.errors import InputError

Z95 = 1.959963984540054  # the 97.5% point of the standard normal distribution
STATUSES = ("won", "lost", "unknown")


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


def reading_tag(readings: dict[str, str] | None) -> str:
    """A file-name part for a set of readings ("" for the defaults)."""
    if not readings:
        return ""
    return ".".join(f"{ident.rpartition('.assume.')[2] or ident}={alt}" for ident, alt in sorted(readings.items()))


def results_path(folder: Path, slug: str, measure: str, readings: dict[str, str] | None = None) -> Path:
    """data/winrates/GAME.MEASURE.jsonl (with readings: GAME.MEASURE.READINGS.jsonl)."""
    tag = reading_tag(readings)
    return folder / (f"{slug}.{measure}" + (f".{tag}" if tag else "") + ".jsonl")


# -- one deal -------------------------------------------------------------------


def measure_record(slug: str, measure: str, deal: int, nodes: int, seconds: float,
                   readings: dict[str, str] | None = None) -> dict:
    """Measure one deal and return its results line (runs in a worker),
    stamped with the code that measured it (`solver_code`: a player's
    verdicts pair only with the same code's, `pasyans.freshness`)."""
    from engine.solver.measures import run_deal
    from engine.solver.search import Budget
    from pasyans.freshness import solver_digest

    record = run_deal(slug, measure, deal, Budget(nodes, seconds), readings or None)
    return {**record, "solver_code": solver_digest()}


def _measure_star(args: tuple) -> dict:
    return measure_record(*args)


# -- the results file -----------------------------------------------------------


def header(slug: str, measure: str, nodes: int, seconds: float, readings: dict[str, str] | None = None,
           equivalent_s: float | None = None) -> dict:
    """The first line of a results file: ``nodes`` positions per deal decide,
    ``seconds`` is the backstop, ``equivalent_s`` what the positions are
    worth in CPU seconds (`pasyans.budgets`)."""
    return {"game": slug, "measure": measure, "readings": dict(readings or {}),
            "budget": {"nodes": nodes, "seconds": seconds, "equivalent_s": equivalent_s},
            "solver": "engine.solver",
            "clock": "positions decide; CPU seconds of the measuring thread are reported, and are a backstop only "
                     "(a deal it cut is 'unknown' with 'backstop': true)"}


def read_results(path: Path, slug: str, measure: str | None = None) -> tuple[dict | None, dict[int, dict]]:
    """The header and the records by deal of a results file (none if it is absent).

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
                    continue  # the last line of a run that was killed mid-write: measure it again
                raise InputError(f"broken results line: {error.msg}", str(path), number) from None
            if not isinstance(record, dict):
                raise InputError("a results line must be a JSON object", str(path), number)
            if "deal" not in record:
                if record.get("game") != slug:
                    raise InputError(f"this results file is for {record.get('game')!r}, not {slug!r}",
                                     str(path), number)
                if measure is not None and record.get("measure", measure) != measure:
                    raise InputError(f"this results file holds the {record.get('measure')!r} measure, "
                                     f"not {measure!r}", str(path), number)
                head = record
                continue
            if not isinstance(record["deal"], int) or record.get("status") not in STATUSES:
                raise InputError("a results line needs a whole-number deal and a status won/lost/unknown",
                                 str(path), number)
            done[record["deal"]] = record
    return head, done


# -- running ----------------------------------------------------------------------


def run_local(tasks: list[tuple], jobs: int) -> Iterator[dict]:
    """Records of ``tasks`` (measure_record's arguments) in the order they finish."""
    if jobs <= 1:
        for task in tasks:
            yield measure_record(*task)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_measure_star, task) for task in tasks]
        try:
            for future in as_completed(futures):
                yield future.result()
        except BaseException:
            for future in futures:
                future.cancel()
            raise


def run_cluster(tasks: list[tuple], address: str, jobs: int = 1) -> Iterator[dict]:
    """The same on a Dask distributed cluster: a scheduler at ``address``,
    or "local" for a LocalCluster of ``jobs`` single-threaded worker
    processes on this machine.

    Each deal is one task running `measure_record`, so the workers need this
    package importable (``pip install -e .`` in their environment); the
    records come back here and are written by this process alone."""
    from dask.distributed import Client, LocalCluster, as_completed

    cluster = None
    try:
        if address == "local":
            cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            client = Client(cluster)
        else:
            client = Client(address, timeout=20)
    except (OSError, TimeoutError, ValueError) as error:
        if cluster is not None:
            cluster.close()
        raise InputError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    try:
        columns = list(zip(*tasks)) if tasks else [[]] * 6
        futures = client.map(measure_record, *columns, pure=False)
        for future in as_completed(futures):
            yield future.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


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


def run(slug: str, deals: int, out: Path, *, measure: str = "solvable", jobs: int = 1,
        cluster: str | None = None, nodes: int = 50_000_000, seconds: float = 10.0, first: int = 1,
        retry_unknown: bool = False, readings: dict[str, str] | None = None,
        progress: Callable[[dict], None] | None = None, equivalent_s: float | None = None) -> list[dict]:
    """Measure deals ``first`` .. ``first + deals - 1`` not yet in ``out``; return all their records.
    ``nodes`` positions per deal decide; ``seconds`` is the CPU seconds' backstop."""
    head, done = read_results(out, slug, measure)
    if head is not None and not decided_by_positions(head):
        raise InputError("this results file's budget is CPU seconds (it was made before positions decided, and "
                         "its verdicts depend on the machine): measure into another file (--out), or move it "
                         "aside; `pasyans stats --recheck` still reads it", str(out), 1)
    wanted = range(first, first + deals)
    todo = [d for d in wanted if d not in done or (retry_unknown and done[d]["status"] == "unknown")]
    if todo and head is not None and not retry_unknown and head["budget"]["nodes"] != nodes:
        # a file of one budget is not extended under another (its figure would
        # mix them); --retry-unknown is the one way to give its deals more
        raise InputError(f"this results file's deals had {head['budget']['nodes']:,} positions each, not "
                         f"{nodes:,}: measure into another file (--out), move it aside, or give the "
                         "undecided deals more with --retry-unknown", str(out), 1)
    # a deal measured again gets what its earlier passes left of ``nodes``
    first_nodes = (head or {}).get("budget", {}).get("nodes", nodes)
    earlier = {d: passes(done[d], first_nodes) for d in todo if d in done}
    left = {d: nodes - sum(p["budget_nodes"] for p in earlier.get(d, ())) for d in todo}
    todo = [d for d in todo if d not in earlier or left[d] >= MIN_PASS_NODES]
    tasks = [(slug, measure, d, left[d], seconds, dict(readings or {})) for d in todo]
    out.parent.mkdir(parents=True, exist_ok=True)
    fresh_head = header(slug, measure, nodes, seconds, readings, equivalent_s)
    known = same_as_solvable(slug, measure, out, readings, head or fresh_head)
    with out.open("a", encoding="utf-8") as sink:
        if head is None:
            sink.write(json.dumps(fresh_head) + "\n")
        # the very search the player's measure would run here (same budget), so its
        # undecided deals too, unless they are to be measured again
        reuse = [known[t[2]] for t in tasks
                 if t[2] in known and not (retry_unknown and known[t[2]]["status"] == "unknown"
                                           and known[t[2]].get("budget_nodes", first_nodes) < nodes)]
        tasks = [t for t in tasks if t[2] not in {r["deal"] for r in reuse}]
        results = iter(reuse)
        if tasks:
            fresh = run_cluster(tasks, cluster, jobs) if cluster else run_local(tasks, jobs)
            results = (r for part in (reuse, fresh) for r in part)
        for record in results:
            if earlier.get(record["deal"]) and "same_as" not in record:
                record = after_passes(record, earlier[record["deal"]], nodes)
            sink.write(json.dumps(record) + "\n")
            sink.flush()
            done[record["deal"]] = record
            if progress:
                progress(record)
    return [done[d] for d in wanted if d in done]


MIN_PASS_NODES = 100  # a deal measured again needs at least this many positions of its budget left


def passes(record: dict, first_nodes: int) -> list[dict]:
    """The searches a record's verdict took, one ``{"budget_nodes", "nodes",
    "seconds", "status"}`` each (a record of one search has no ``passes`` of
    its own: its budget is the header's)."""
    return record.get("passes") or [{"budget_nodes": record.get("budget_nodes", first_nodes),
                                     "nodes": record["nodes"], "seconds": record["seconds"],
                                     "status": record["status"]}]


def after_passes(record: dict, earlier: list[dict], nodes: int) -> dict:
    """A deal measured again (`run`'s ``retry_unknown``): the new search ran
    from scratch with what the earlier ones' budgets left of the deal's
    ``nodes``; the record's ``nodes`` and ``seconds`` count all its searches
    and ``budget_nodes`` is the deal's whole budget, so that "decided within
    10 s" counts every second the deal cost. The verdict (and the line) is
    the last search's."""
    last = {"budget_nodes": nodes - sum(p["budget_nodes"] for p in earlier), "nodes": record["nodes"],
            "seconds": record["seconds"], "status": record["status"]}
    every = [*earlier, last]
    return {**record, "nodes": sum(p["nodes"] for p in every), "seconds": round(sum(p["seconds"] for p in every), 4),
            "budget_nodes": nodes, "passes": every}


def recheck(path: Path, slug: str, measure: str, wanted: Iterable[int] | None = None, *, jobs: int = 1,
            cluster: str | None = None, report: Callable[[str], None] = print) -> int:
    """Measure the records of ``path`` again, each with the budget of the
    search that gave its verdict (a record measured in passes: its last),
    and replay every line kept; report each deal whose verdict differs, whose
    line does not replay, whose positions differ (a note: a change of the
    solver may change them and keep the verdict) or that is won without a
    line (an older record, a note). Returns the number of differences:
    verdicts that differ and lines that do not replay."""
    from engine.solver.measures import new_game, replay

    head, done = read_results(path, slug, measure)
    if head is None:
        raise InputError("no results file to recheck", str(path))
    readings = head.get("readings") or {}
    budget = head.get("budget") or {}
    positions = decided_by_positions(head)
    if not positions:
        report(f"{path}: its budget is CPU seconds (made before positions decided): a verdict near the budget "
               "may differ with the machine's load")
    wanted = None if wanted is None else set(wanted)
    records = [done[d] for d in sorted(done) if wanted is None or d in wanted]
    tasks = []
    for record in records:
        last = passes(record, budget.get("nodes", 0))[-1]
        if positions:
            tasks.append((slug, measure, record["deal"], last["budget_nodes"], budget["seconds"], readings))
        else:
            seconds = last.get("budget_s", budget.get("seconds", 10.0))
            tasks.append((slug, measure, record["deal"], budget.get("nodes", 50_000_000), seconds, readings))
    differ = old_wins = moved = 0
    for record in records:
        if record.get("line") is not None:
            start = new_game(slug, record["deal"], readings or None)
            if measure == "single-deal":
                start.redeals_left = 0
            try:
                replay(start, record["line"].split(), f"deal {record['deal']}'s line")
            except Exception as error:  # IllegalMoveError, or a line that does not win
                differ += 1
                report(f"deal {record['deal']}: its line does not replay: {error}")
        elif record["status"] == "won":
            old_wins += 1
    runner = run_cluster(tasks, cluster, jobs) if cluster else run_local(tasks, jobs)
    for again in runner:
        record = done[again["deal"]]
        last = passes(record, budget.get("nodes", 0))[-1]
        before = last.get("nodes", record["nodes"])  # an older record's passes kept no positions
        if again["status"] != last["status"]:
            differ += 1
            report(f"deal {again['deal']}: recorded {last['status']}, now {again['status']} "
                   f"({before:,} positions then, {again['nodes']:,} now"
                   + (", cut by the backstop" if again.get("backstop") else "") + ")")
        elif positions and again["nodes"] != before:
            moved += 1
            report(f"deal {again['deal']}: {again['status']} as recorded, in {again['nodes']:,} positions "
                   f"(recorded {before:,})")
    report(f"rechecked {len(records)} deals of {path}: {differ} differ" +
           (f"; {moved} in other positions" if moved else "") +
           (f"; {old_wins} won without a line kept (older records)" if old_wins else ""))
    return differ


def same_as_solvable(slug: str, measure: str, out: Path, readings: dict[str, str] | None,
                     head: dict) -> dict[int, dict]:
    """In a game where nothing is ever hidden the player's measure is the
    solvable one: the solvable results beside ``out`` (same readings, same
    budget), by deal, to be copied rather than measured again; {} otherwise."""
    if measure != "player":
        return {}
    from engine.registry import find_game
    from engine.solver.measures import nothing_hidden

    if not nothing_hidden(find_game(slug)):
        return {}
    source = results_path(out.parent, slug, "solvable", readings)
    their, done = read_results(source, slug, "solvable")
    if their is None or their.get("budget") != head.get("budget"):
        return {}
    return {d: {**r, "same_as": "solvable"} for d, r in done.items()}


def summary(slug: str, records: Iterable[dict], budget: dict | None = None, measure: str = "solvable",
            policy: str = "") -> dict:
    """One measure of one game: counts, the bracket and its Wilson bounds, times."""
    records = list(records)
    n = len(records)
    count = {s: sum(1 for r in records if r["status"] == s) for s in STATUSES}
    won, unknown = count["won"], count["unknown"]
    low = wilson(won, n)[0] if n else 0.0
    high = wilson(won + unknown, n)[1] if n else 1.0
    times = [r["seconds"] for r in records]
    deals = sorted(r["deal"] for r in records)
    # deals measured again in passes (`after_passes`) had the larger budget of the later pass
    first_budget = (budget or {}).get("seconds")
    escalated = any("passes" in r for r in records)
    in_positions = position_summary(budget, records) if decided_by_positions({"budget": budget}) else {}
    if in_positions:
        # "decided within 10 s" asks what the budget was worth in seconds
        budget = {**budget, "seconds": in_positions["budget_s"] or budget.get("seconds")}
    elif escalated:
        budget = {**(budget or {}), "seconds": max(r.get("budget_s", first_budget or 0) for r in records)}

    def decided_within(limit: float) -> float | None:
        """The share decided within ``limit`` CPU seconds (None if the budget was smaller: not measured)."""
        if not n or (budget or {}).get("seconds", limit) < limit:
            return None
        return round(sum(1 for r in records if r["status"] != "unknown" and r["seconds"] <= limit) / n, 4)

    out = {"game": slug, "measure": measure, "deals": n,
           "first_deal": deals[0] if deals else None, "last_deal": deals[-1] if deals else None,
           **count,
           "rate": round(won / n, 4) if n and not unknown else None,
           "bracket": [round(won / n, 4), round((won + unknown) / n, 4)] if n else None,
           "low": round(low, 4), "high": round(high, 4),
           "decided": round((n - unknown) / n, 4) if n else None,
           "budget_s": (budget or {}).get("seconds"),
           "budget_nodes": (budget or {}).get("nodes"),
           **({"first_pass_s": first_budget} if escalated and not in_positions else {}),
           **in_positions,
           "policy": policy,
           "seconds": {f"p{q}": round(percentile(times, q), 4) for q in (50, 90, 95, 99)}
           | {"max": round(max(times), 4) if times else 0.0,
              "mean": round(sum(times) / n, 4) if n else 0.0},
           "decided_within_1s": decided_within(1.0),
           "decided_within_10s": decided_within(10.0)}
    return out


def position_summary(budget: dict, records: list[dict]) -> dict:
    """A budget in positions, for the table: ``budget_nodes`` decides (with
    passes, the whole of the largest), ``budget_s`` is what it is worth in CPU
    seconds at the game's rate, ``backstop_s`` the clock's backstop and
    ``backstop`` the deals it cut; with passes, ``first_pass_nodes`` and
    ``first_pass_s`` the first pass's."""
    nodes, worth = budget["nodes"], budget.get("equivalent_s")
    top = max([r.get("budget_nodes", nodes) for r in records] or [nodes])
    out = {"decides": "positions", "budget_nodes": top,
           "budget_s": round(top * worth / nodes, 2) if worth else None, "backstop_s": budget.get("seconds"),
           "backstop": sum(1 for r in records if r.get("backstop"))}
    if any("passes" in r for r in records):
        out.update(first_pass_nodes=nodes, first_pass_s=worth)
    return out


def paired(records: Iterable[dict], default: dict[int, dict]) -> dict:
    """A reading's deals against the same deals under the edition's readings
    (same measure): how many change their verdict. The deal numbers are the
    same and, where the reading does not change the layout, so are the
    cards, so a difference is the reading's own doing rather than the luck
    of the draw. Pairs where either side ran out of budget are told apart:
    they may or may not differ."""
    out = {"deals": 0, "won_both": 0, "won_here_only": 0, "won_default_only": 0, "lost_both": 0,
           "undecided": 0, "default_won": 0, "default_unknown": 0}
    for record in records:
        other = default.get(record["deal"])
        if other is None:
            continue
        out["deals"] += 1
        here, there = record["status"], other["status"]
        out["default_won"] += there == "won"  # the edition's reading on these same deals
        out["default_unknown"] += there == "unknown"
        if "unknown" in (here, there):
            out["undecided"] += 1
        elif here == there:
            out["won_both" if here == "won" else "lost_both"] += 1
        else:
            out["won_here_only" if here == "won" else "won_default_only"] += 1
    return out


def paired_text(pair: dict) -> str:
    """The pairing in a sentence (the command line and the game page)."""
    if not pair.get("deals"):
        return "no deal measured under both"
    changed = pair["won_here_only"] + pair["won_default_only"]
    text = (f"{changed} of {pair['deals']} deals change their verdict ({pair['won_here_only']} won only "
            f"under this reading, {pair['won_default_only']} only under the edition's")
    if "default_won" in pair:
        text += f", which wins {pair['default_won']} of these {pair['deals']}"
        if pair.get("default_unknown"):
            text += f" with {pair['default_unknown']} undecided"
    text += ")"
    if pair["undecided"]:
        text += f"; {pair['undecided']} undecided under one or both"
    return text


def reading_items(measures: Iterable[str] | None = None) -> list[tuple[str, str, str, str]]:
    """Every alternative of every reading that is not the edition's, with
    each measure of its game: (slug, measure, reading id, alternative), the
    solvable measure before the player's (the player's copies it where
    nothing is hidden). Every reading changes which moves are allowed, so
    each can change a result; `make winrates` measures them all."""
    import engine
    from engine.registry import find_game
    from engine.solver.measures import measures_of

    wanted = set(measures) if measures else None
    items = []
    for record in engine.readings(None):
        for slug in record.get("games") or [record["id"].split(".")[0]]:
            kinds = [m for m in measures_of(find_game(slug)) if wanted is None or m in wanted]
            for alt in record["alternatives"]:
                if alt["id"] != record["default"]:
                    items += [(slug, m, record["id"], alt["id"]) for m in kinds]
    return items


def format_summary(s: dict) -> str:
    if s.get("decides") == "positions":
        worth = f" (worth {s['budget_s']:g} CPU s here)" if s.get("budget_s") else ""
        passes = (f"; every deal {s['first_pass_nodes']:,} first, the undecided searched again with the rest"
                  if s.get("first_pass_nodes") else "")
        budget = (f"budget {s['budget_nodes']:,} positions per deal{worth}{passes}; "
                  f"backstop {s['backstop_s']:g} CPU s")
    else:
        passes = (f" (every deal {s['first_pass_s']:g} s first, the undecided searched again with the rest)"
                  if s.get("first_pass_s") else "")
        budget = f"budget {s['budget_s']:g} CPU s per deal{passes}"
    cut = f", {s['backstop']} of them cut by the backstop" if s.get("backstop") else ""
    lines = [f"{s['game']} ({s['measure']}): deals {s['first_deal']}..{s['last_deal']} ({s['deals']}), {budget}",
             f"  won {s['won']}  lost {s['lost']}  unknown {s['unknown']} (budget ran out{cut})"]
    if s["deals"]:
        lo, hi = s["bracket"]
        if s["unknown"]:
            lines.append(f"  won {100 * lo:.1f}%..{100 * hi:.1f}% of all deals (the undecided either way); "
                         f"Wilson 95% {100 * s['low']:.1f}%..{100 * s['high']:.1f}%")
        else:
            lines.append(f"  won {100 * lo:.1f}% of all deals, Wilson 95% interval "
                         f"{100 * s['low']:.1f}%..{100 * s['high']:.1f}%")
    t = s["seconds"]
    lines.append(f"  time per deal (CPU s): mean {t['mean']:.3f}  p50 {t['p50']:.3f}  p90 {t['p90']:.3f}  "
                 f"p99 {t['p99']:.3f}  max {t['max']:.3f}")
    if s.get("policy"):
        lines.append(f"  what was known: {s['policy']}")
    if s.get("paired"):
        lines.append("  against the edition's readings: " + paired_text(s["paired"]))
    return "\n".join(lines)


ABOUT = ("Win rates of the sixteen games, measured by pasyans' solver (engine/solver/), one entry per game "
         "and measure, made by `pasyans stats GAME --measure M --deals N --table data/winrates.json` "
         "(`make winrates` runs them all; per-deal records in data/winrates/GAME.MEASURE.jsonl). "
         "Measures: 'solvable' - the deal can be won by one who knows the order of the pack (only where no "
         "shuffle happens during play), exact per deal; 'single-deal' - the first layout alone, no redeal, "
         "exact; 'player' - a player who sees only what the rules show wins the deal, following the policy "
         "described in 'policy' (a lower bound). won / lost / unknown count deals first_deal..last_deal; "
         "unknown means the budget ran out. bracket = [won/N, (won+unknown)/N]; low / high are the Wilson 95% "
         "bounds of won/N and (won+unknown)/N; seconds are CPU seconds per deal. Where an entry says decides: positions, the "
         "budget is budget_nodes positions per deal (the solver's count, the same on any machine: a deal's verdict "
         "does not depend on the load), worth budget_s CPU seconds at the game's rate (data/position-rates.json); "
         "CPU seconds are reported and decide nothing but a backstop of backstop_s, and 'backstop' counts the deals "
         "it cut (left unknown); each won deal's line is in its record. Older entries' budget_s was CPU seconds "
         "that decided. Where an entry has first_pass_s, every deal was searched "
         "with that budget first and the undecided ones were searched again from scratch with what was left of "
         "budget_s (the records' 'passes'); a deal's seconds count all its searches. Under games.G.readings.ID.ALT, "
         "the same measures under another reading of the text; their 'paired' counts the same deals' verdicts "
         "against the edition's readings (won_here_only, won_default_only, won_both, lost_both, and undecided "
         "where either ran out of budget), where the reading leaves the layout as it is; their 'sources' name the records "
         "paired (file, deals, a digest of the verdicts by deal), and 'stale' in place of 'paired' says why a pairing "
         "cannot be recomputed from them (`pasyans check-winrates`, which the site's build follows); an entry's "
         "'solver_code' is a digest of the engine's source that measured all its deals ('mixed' where two did), "
         "since a player's verdicts pair only when one solver gave both.")


def update_table(path: Path, entry: dict, *, readings: dict[str, str] | None = None,
                 game_info: dict | None = None, run_info: dict | None = None) -> None:
    """Put one measure of one game into the JSON table of all games:
    ``games[slug]["measures"][measure]``, or under the readings
    ``games[slug]["readings"][id][alternative]["measures"][measure]``.
    Runs writing one table side by side (`make -j2 winrates`) take turns."""
    with _locked(path):
        _update_table(path, entry, readings, game_info, run_info)


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path``'s lock file (PATH.lock) while it is rewritten."""
    import fcntl

    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(path.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _update_table(path: Path, entry: dict, readings: dict[str, str] | None, game_info: dict | None,
                  run_info: dict | None) -> None:
    try:
        table = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    except json.JSONDecodeError as error:
        raise InputError(f"not JSON: {error.msg}", str(path), error.lineno) from None
    table["about"] = ABOUT
    games = table.setdefault("games", {})
    game = games.setdefault(entry["game"], {})
    game.update(game_info or {})
    if run_info:
        entry = {**entry, **run_info}
    if readings:
        place = game.setdefault("readings", {})
        for ident, alt in sorted(readings.items()):
            place = place.setdefault(ident, {}).setdefault(alt, {})
        place.setdefault("measures", {})[entry["measure"]] = entry
    else:
        game.setdefault("measures", {})[entry["measure"]] = entry
    table["games"] = dict(sorted(games.items()))
    table["notes"] = table_notes(table)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(table, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def table_notes(table: dict) -> dict:
    """The run's totals: wall time and CPU time of every entry, workers used."""
    wall = cpu = 0.0
    workers = set()
    for game in table.get("games", {}).values():
        for entry in game.get("measures", {}).values():
            wall += entry.get("wall_s") or 0.0
            cpu += (entry.get("seconds") or {}).get("mean", 0.0) * entry.get("deals", 0)
            if entry.get("workers"):
                workers.add(f"{entry['workers']} ({entry.get('cluster') or 'processes'})")
    for place in _reading_entries(table):
        wall += place.get("wall_s") or 0.0
        cpu += (place.get("seconds") or {}).get("mean", 0.0) * place.get("deals", 0)
    old = table.get("notes", {})
    notes = {"wall_s": round(wall, 1), "cpu_s": round(cpu, 1), "workers": sorted(workers),
             "machine": f"{os.cpu_count()} cores shared with other work; budgets are positions (older entries: "
                        "CPU seconds), times CPU seconds of the measuring thread, so a busy machine slows the run "
                        "but does not change a verdict"}
    for key in ("command", "load", "finished", "run", "scale", "code"):  # the last three are written by hand
        if key in old:
            notes[key] = old[key]
    return notes


def _reading_entries(table: dict) -> Iterator[dict]:
    """Every measure entry under a reading (games.G.readings.ID.ALT.measures.M)."""
    for game in table.get("games", {}).values():
        for alts in game.get("readings", {}).values():
            for alt in alts.values():
                yield from alt.get("measures", {}).values()


def note_command(path: Path, command: str) -> None:
    """Record in the table's notes the command that made it, the machine's
    load average at the end and the time it finished (`make winrates`)."""
    with _locked(path):
        _note_command(path, command)


def _note_command(path: Path, command: str) -> None:
    table = json.loads(path.read_text(encoding="utf-8"))
    notes = table_notes(table)
    notes["command"] = command
    notes["load"] = "load average at the end of the run (1, 5, 15 min): " + \
        ", ".join(f"{x:.1f}" for x in os.getloadavg())
    notes["finished"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    table["notes"] = notes
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(table, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def won_deals(folder: Path) -> dict:
    """Every results file's won deals: {game: {measure: [deal, ...]}} (the
    board's "winnable deals only" reads data/winrates/won-deals.json)."""
    out: dict[str, dict[str, list[int]]] = {}
    for path in sorted(folder.glob("*.jsonl")):
        parts = path.name[:-len(".jsonl")].split(".")
        if len(parts) != 2:
            continue  # other readings than the defaults
        slug, measure = parts
        _, done = read_results(path, slug, measure)
        out.setdefault(slug, {})[measure] = sorted(d for d, r in done.items() if r["status"] == "won")
    return out


def write_won_deals(folder: Path) -> Path:
    target = folder / "won-deals.json"
    data = {"about": "deals won under each measure (see data/winrates.json); the lines replay through "
                     "the engine", "games": won_deals(folder)}
    target.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return target
