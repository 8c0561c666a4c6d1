"""Commands of the solver: solve, hint, stats.

`register` only adds arguments; the engine, the solver and Dask are
imported by the handlers. Mistakes (an unknown game, a bad state file, a
negative deal, an unreachable cluster) become `InputError`s.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pasyans.errors import InputError

DEFAULT_NODES = 200_000
DEFAULT_SECONDS = 10.0


def _budget_args(p, seconds: float = DEFAULT_SECONDS) -> None:
    p.add_argument("--nodes", type=int, default=DEFAULT_NODES, metavar="N",
                   help=f"stop after N positions (default {DEFAULT_NODES:,})")
    p.add_argument("--seconds", type=float, default=seconds, metavar="S",
                   help=f"stop after S CPU seconds (default {seconds:g})")


def register(subparsers) -> None:
    p = subparsers.add_parser("solve", help="won / lost / unknown for a deal, with the winning moves")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--seed", type=int, required=True, metavar="N", help="the deal number (>= 0)")
    p.add_argument("--json", action="store_true", help="print JSON")
    _budget_args(p)
    p.set_defaults(func=solve_command)

    p = subparsers.add_parser("hint", help="the next move of a winning line, or the move keeping most options")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--state", required=True, metavar="FILE", help="a portable state (JSON); - for stdin")
    p.add_argument("--json", action="store_true", help="print JSON")
    _budget_args(p, seconds=2.0)
    p.set_defaults(func=hint_command)

    p = subparsers.add_parser("stats", help="win rate over deals 1..N with a Wilson 95%% interval")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--deals", type=int, required=True, metavar="N", help="solve deals 1..N")
    p.add_argument("--first", type=int, default=1, metavar="K", help="start at deal K instead of 1")
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (default 1)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="run on a Dask distributed scheduler (e.g. tcp://host:8786) instead of local workers")
    p.add_argument("--out", metavar="FILE",
                   help="results file, one JSON line per deal (default data/winrates/GAME.jsonl); "
                        "a re-run skips the deals already there")
    p.add_argument("--retry-unknown", action="store_true", help="solve again the deals left unknown")
    p.add_argument("--table", metavar="FILE", help="also put the summary into this JSON table of all games")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    _budget_args(p, seconds=2.0)
    p.set_defaults(func=stats_command)


def _game(name: str):
    from engine import find_game

    try:
        return find_game(name)
    except KeyError as error:
        raise InputError(error.args[0]) from None


def _check_budget(args) -> None:
    if args.nodes < 1:
        raise InputError("--nodes must be a whole number >= 1")
    if not args.seconds > 0:
        raise InputError("--seconds must be > 0")


def _print_json(value) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=1) + "\n")


def solve_command(args) -> int:
    from engine.solve import THOUGHTFUL_NOTE, Budget, solve

    _check_budget(args)
    if args.seed < 0:
        raise InputError("--seed must be a whole number >= 0")
    game = _game(args.game)(args.seed)
    solution = solve(game, Budget(args.nodes, args.seconds))
    if args.json:
        _print_json(solution.to_json())
        return 0
    what = {"won": f"won in {len(solution.moves)} moves",
            "lost": "lost: no line wins (the whole search space was searched)",
            "unknown": "unknown: the budget ran out before a win or a proof"}[solution.status]
    print(f"{game.title_1912} ({game.slug}), deal {game.deal}: {what} "
          f"({solution.nodes:,} positions, {solution.seconds:.2f} s)")
    if solution.thoughtful:
        print(f"  {THOUGHTFUL_NOTE}")
    if solution.moves:
        print(" ".join(solution.moves))
    return 0


def hint_command(args) -> int:
    from engine.cli import load_state
    from engine.solve import Budget, hint

    _check_budget(args)
    game = load_state(_game(args.game), args.state)
    result = hint(game, Budget(args.nodes, args.seconds))
    if args.json:
        _print_json(result.to_json())
    else:
        record = result.to_json()
        print(f"{record['move'] or '(no move)'}\t{record['basis']}: {record['why']}")
    return 0


def describe(cls, summary: dict) -> dict:
    """What a reader of the table needs beside the counts: titles, whether the
    rate is thoughtful, and a warning where the solver is not fast enough."""
    from engine.solve import THOUGHTFUL_NOTE, is_thoughtful

    out = {"title_1912": cls.title_1912, "title_en": cls.title_en, "thoughtful": is_thoughtful(cls(1))}
    notes = [THOUGHTFUL_NOTE] if out["thoughtful"] else []
    if summary["deals"] and summary["unknown"] / summary["deals"] > 0.05:
        notes.append(f"the solver is not fast enough for this game: {summary['unknown']} of "
                     f"{summary['deals']} deals stayed unknown within the budget, so the win rate of "
                     "the decided deals leans towards the easy deals")
    out["notes"] = notes
    return out


def stats_command(args) -> int:
    from pasyans import stats

    _check_budget(args)
    slug = _game(args.game).slug
    if args.deals < 1 or args.first < 0:
        raise InputError("--deals must be >= 1 and --first >= 0")
    if args.jobs < 1:
        raise InputError("--jobs must be >= 1")
    out = Path(args.out) if args.out else Path("data/winrates") / f"{slug}.jsonl"
    bar = stats.Progress(args.deals)
    head, done = stats.read_results(out, slug)
    bar.total = sum(1 for d in range(args.first, args.first + args.deals)
                    if d not in done or (args.retry_unknown and done[d]["status"] == "unknown"))
    if head and head.get("budget") != {"nodes": args.nodes, "seconds": args.seconds}:
        print(f"pasyans: note: {out} was begun with budget {head.get('budget')}; its deals are kept",
              file=sys.stderr)
    try:
        records = stats.run(slug, args.deals, out, jobs=args.jobs, cluster=args.cluster,
                            nodes=args.nodes, seconds=args.seconds, first=args.first,
                            retry_unknown=args.retry_unknown, progress=bar.update)
    finally:
        bar.close()
    budget = (head or stats.header(slug, args.nodes, args.seconds))["budget"]
    summary = stats.summary(slug, records, budget)
    summary.update(describe(_game(args.game), summary))
    if args.table:
        stats.update_table(Path(args.table), summary)
    if args.json:
        _print_json(summary)
    else:
        print(stats.format_summary(summary))
        print(f"  results: {out}")
    return 0
