"""The player's budget curve: its win rate at growing budgets per deal.

For every game in which something is hidden from the player (the measure
"player" of `engine.solver.measures`, where it is not the solver's), deals
1..N are played at each budget of `BUDGETS` CPU seconds' worth of positions
per deal (`pasyans.budgets`: the player's own plan, so a deal plays alike on
any machine: see `engine.solver.player`). Each budget's per-deal records are a results file
of `pasyans.stats` (`data/player-curves/GAME.player.Bs.jsonl`): resumable,
a re-run measures only the deals not yet there. The summary,
`data/player-curves.json`, gives per game and budget the wins, the Wilson
95% interval, and whether the last fourfold budget still paid off.

The run goes budget by budget across the games (all games at 1 s, then at
4 s, ...), so that a run stopped early leaves whole columns, not one game.

    pasyans curves [--deals N] [--budgets 1,4,16,64] [--jobs J] [GAME ...]
    pasyans curves --summary-only
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from pasyans import stats
from pasyans.budgets import decided_by_positions, position_budget
from pasyans.errors import InputError

BUDGETS = (1.0, 4.0, 16.0, 64.0)
DEALS = 50
FOLDER = Path("data/player-curves")
SUMMARY = Path("data/player-curves.json")
NODES = 50_000_000  # the positions of the older files' budgets, whose seconds decided

ABOUT = ("The player's win rate against its budget, per game in which the player does not see everything "
         "(the 'player' measure of data/winrates.json: a lower bound of what a player can win, made by the "
         "policy in 'policy'). For each budget (CPU seconds per deal, planned in positions so that a deal "
         "plays alike on any machine), deals first_deal..last_deal; won of deals, with the Wilson 95% "
         "interval [low, high] of the share won. 'pays_off' compares each budget with the one before: "
         "true where the rate rose by more than the half-width of its own 95% interval; 'flat' says the "
         "last fourfold budget measured did not pay off so. Per-deal records, with each won deal's move "
         "count and the player's reason for a loss, in data/player-curves/GAME.player.Bs.jsonl.")


def hidden_games() -> list[str]:
    """The games whose player measure is a player's (something is hidden)."""
    from engine import GAMES
    from engine.solver.measures import measures_of, nothing_hidden

    return [g.slug for g in GAMES if "player" in measures_of(g) and not nothing_hidden(g)]


def results_path(folder: Path, slug: str, seconds: float) -> Path:
    return folder / f"{slug}.player.{seconds:g}s.jsonl"


def measure(slugs: list[str], budgets: tuple[float, ...], deals: int, folder: Path = FOLDER, jobs: int = 1,
            progress=print) -> None:
    """Measure what is missing, budget by budget (see the module docstring)."""
    for seconds in budgets:
        for slug in slugs:
            out = results_path(folder, slug, seconds)
            start = time.monotonic()
            budget = position_budget(slug, "player", seconds=seconds)
            records = stats.run(slug, deals, out, measure="player", jobs=jobs, nodes=budget.nodes,
                                seconds=budget.seconds, equivalent_s=budget.equivalent_s)
            won = sum(r["status"] == "won" for r in records)
            progress(f"{slug} at {seconds:g} s: won {won} of {len(records)} "
                     f"({time.monotonic() - start:.0f} s wall for this run)")


def summarise(folder: Path = FOLDER, slugs: list[str] | None = None) -> dict:
    """The curves of every game with records in ``folder``."""
    from engine import find_game
    from engine.solver.measures import policy

    games: dict[str, dict] = {}
    for path in sorted(folder.glob("*.player.*s.jsonl")):
        slug, _, rest = path.name.partition(".player.")
        if slugs and slug not in slugs:
            continue
        head, done = stats.read_results(path, slug, "player")
        if not done or head is None:
            continue
        seconds = head["budget"].get("equivalent_s") or head["budget"]["seconds"]
        s = stats.summary(slug, done.values(), head["budget"], "player")
        point = {"seconds": seconds, "deals": s["deals"], "first_deal": s["first_deal"], "last_deal": s["last_deal"],
                 "won": s["won"], "lost": s["lost"], "unknown": s["unknown"],
                 "rate": round(s["won"] / s["deals"], 4), "low": s["low"],
                 "high": round(stats.wilson(s["won"], s["deals"])[1], 4),
                 "cpu_s_mean": s["seconds"]["mean"]}
        game = games.setdefault(slug, {"title_en": find_game(slug).title_en, "policy": policy(find_game(slug), "player"),
                                       "points": []})
        game["points"].append(point)
    for slug, game in games.items():
        points = sorted(game["points"], key=lambda p: p["seconds"])
        game["points"] = points
        for before, after in zip(points, points[1:]):
            half = (after["high"] - after["low"]) / 2
            after["pays_off"] = after["rate"] - before["rate"] > half
        # flat: the last budget measured on all the deals did not pay off (a
        # budget still being measured on fewer deals does not decide)
        whole = [p for p in points if p["deals"] == max(q["deals"] for q in points)]
        game["flat"] = bool(len(whole) > 1 and not whole[-1].get("pays_off"))
        game["table_budget"] = table_budget(points, find_game(slug).decks)
        # the figure to quote: the largest budget measured on the most deals
        best = max(points, key=lambda p: (p["deals"], p["seconds"]))
        game["headline"] = {"seconds": best["seconds"], "deals": best["deals"], "won": best["won"],
                            "rate": best["rate"], "low": best["low"], "high": best["high"]}
    return {"about": ABOUT, "games": games}


TABLE_DEALS = {1: 1000, 2: 200}  # deals of the table's player figure, by packs


def table_budget(points: list[dict], decks: int) -> dict:
    """The budget of the table's "for a player" figure, from a curve (points
    by budget): the least budget whose 95% interval reaches the best share
    won, where the curve's plateau begins, so that more time has not bought
    a higher figure beyond the noise ("plateau"); where that is the largest
    budget measured and it still paid off against the one before (the curve
    has not flattened), it is the largest affordable ("largest"). Only
    budgets measured on as many deals as the most are read (a budget still
    being measured does not decide). ``deals``: 200 for a two-pack game,
    1000 for a one-pack one."""
    full = max(p["deals"] for p in points)
    whole = [p for p in points if p["deals"] == full]
    best = max(p["rate"] for p in whole)
    chosen = next(p for p in whole if p["high"] >= best)
    why = "largest" if chosen is whole[-1] and len(whole) > 1 and chosen.get("pays_off") else "plateau"
    return {"seconds": chosen["seconds"], "why": why, "deals": TABLE_DEALS.get(decks, 200)}


READING_DEALS = 30  # deals of each reading's player, paired with the edition's (as `make winrates-readings`)


def retire_seconds_records(slug: str, folder: Path = Path("data/winrates"),
                           to: Path = Path("data/winrates-seconds")) -> Path | None:
    """Move a game's player records made under a seconds budget (before the
    budgets were counted in positions) out of the table's folder, so that its
    figure is measured afresh; the file moved, or None."""
    return retire(stats.results_path(folder, slug, "player"), slug, None, to)


def retire(path: Path, slug: str, nodes: int | None, to: Path = Path("data/winrates-seconds"),
           other: Path = Path("data/winrates-other-budgets")) -> Path | None:
    """Move a player's results file out of the table's folder where its
    deals were measured under another budget than ``nodes`` positions (None:
    any budget in positions will do): a seconds budget's go to ``to``, another
    position budget's to ``other``; the file moved, or None. (A file of one
    budget is never extended under another: its figure would mix them.)"""
    head, _done = stats.read_results(path, slug, "player")
    if head is None:
        return None
    if decided_by_positions(head):
        if nodes is None or head["budget"]["nodes"] == nodes:
            return None
        to = other
    to.mkdir(parents=True, exist_ok=True)
    target = to / path.name
    if target.exists():
        raise InputError(f"{target} exists already: these records were retired once; remove {path} "
                         "or the older copy by hand", str(path))
    path.rename(target)
    return target


def player_readings(slug: str) -> list[str]:
    """The readings (ID=ALT) other than the edition's under which the
    table pairs ``slug``'s player with the edition's."""
    return [f"{rid}={alt}" for game, measure, rid, alt in stats.reading_items(["player"])
            if game == slug and measure == "player"]


def write_summary(folder: Path = FOLDER, out: Path = SUMMARY, command: str = "") -> dict:
    summary = summarise(folder)
    if command:
        summary["command"] = command
    out.write_text(json.dumps(summary, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return summary


def format_curves(summary: dict) -> str:
    lines = []
    for slug, game in summary["games"].items():
        cells = "  ".join(f"{p['seconds']:g} s: {p['won']}/{p['deals']} ({100 * p['low']:.0f}-{100 * p['high']:.0f}%)"
                          for p in game["points"])
        table = game.get("table_budget")
        plan = f"  table: {table['seconds']:g} s ({table['why']}) on {table['deals']} deals" if table else ""
        lines.append(f"{slug:18} {cells}{'  (flat)' if game['flat'] else ''}{plan}")
    return "\n".join(lines)
