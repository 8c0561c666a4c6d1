"""Commands of the solver: solve, hint, stats.

`register` only adds arguments; the engine, the solver and Dask are
imported by the handlers. Mistakes (an unknown game, a bad state file, a
negative deal, an unreachable cluster) become `InputError`s.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from pasyans.errors import InputError

DEFAULT_NODES = 50_000_000
DEFAULT_SECONDS = 10.0


def _budget_args(p, seconds: float = DEFAULT_SECONDS) -> None:
    p.add_argument("--budget", "--seconds", dest="seconds", type=float, default=seconds, metavar="SECONDS",
                   help=f"stop after SECONDS CPU seconds (default {seconds:g})")
    p.add_argument("--nodes", type=int, default=DEFAULT_NODES, metavar="N",
                   help=f"stop after N positions (default {DEFAULT_NODES:,})")


def _reading_args(p) -> None:
    from engine.cli import add_reading_option

    add_reading_option(p)


def register(subparsers) -> None:
    p = subparsers.add_parser("solve", help="won / lost / unknown for a deal or a position, with the winning moves "
                              "(the search knows the order of the pack)")
    p.add_argument("game", metavar="GAME")
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--seed", type=int, metavar="N", help="the deal number (>= 0)")
    where.add_argument("--state", metavar="FILE",
                       help="a portable state (JSON), or JSON lines of states (one verdict line each); - for stdin")
    p.add_argument("--single-deal", action="store_true", help="no redeal (the first layout alone)")
    p.add_argument("--json", action="store_true", help="print JSON")
    _reading_args(p)
    _budget_args(p)
    p.set_defaults(func=solve_command)

    p = subparsers.add_parser("hint", help="a player's next move: from what the player can see only")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--state", required=True, metavar="FILE",
                   help="a portable state (JSON), or a board's save with its moves (the history a hint never "
                        "goes back into); - for stdin")
    p.add_argument("--json", action="store_true", help="print JSON")
    _reading_args(p)
    _budget_args(p, seconds=2.0)
    p.set_defaults(func=hint_command)

    p = subparsers.add_parser("curves", help="the player's win rate at 1, 4, 16 and 64 CPU s per deal (resumable)")
    p.add_argument("games", nargs="*", metavar="GAME", help="games (default: every game that hides something)")
    p.add_argument("--deals", type=int, default=50, metavar="N", help="deals 1..N at each budget (default 50)")
    p.add_argument("--budgets", default="1,4,16,64", metavar="S,S,...", help="CPU seconds per deal")
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (default 1)")
    p.add_argument("--summary-only", action="store_true", help="measure nothing: summarise the records")
    p.add_argument("--table", metavar="FILE",
                   help="measure the table's 'for a player' figure instead: each game at its curve's "
                        "table_budget (the least budget with the most wins) on 200 deals of a two-pack game, "
                        "1000 of a one-pack one, into data/winrates/GAME.player.jsonl and FILE, and each "
                        "reading's player at the same budget on 30 deals (resumable; records made under another "
                        "budget are first moved aside, a seconds budget's to data/winrates-seconds/)")
    p.set_defaults(func=curves_command)

    p = subparsers.add_parser("stats", help="win rate over deals 1..N with a Wilson 95%% interval")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--measure", choices=("solvable", "player", "single-deal"),
                   help="what the player may know (default: the game's first measure; see engine/solver/measures.py)")
    p.add_argument("--deals", type=int, metavar="N", help="measure deals 1..N (with --recheck: default every record)")
    p.add_argument("--first", type=int, default=1, metavar="K", help="start at deal K instead of 1")
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (default 1)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="run on a Dask distributed scheduler (e.g. tcp://host:8786), or 'local' for a "
                        "LocalCluster of --jobs workers on this machine")
    p.add_argument("--out", metavar="FILE",
                   help="results file, one JSON line per deal (default data/winrates/GAME.MEASURE.jsonl); "
                        "a re-run skips the deals already there")
    p.add_argument("--retry-unknown", action="store_true", help="search again, from scratch, the deals left unknown, with what their earlier searches' budgets left of this budget's positions (so `--budget 1` then `--budget 10 --retry-unknown` gives each deal 10 s' worth of positions in all)")
    p.add_argument("--table", metavar="FILE", help="also put the summary into this JSON table of all games")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--recheck", action="store_true",
                   help="measure the results file's records again (deals --first.. of --deals, or all) with their "
                        "own budgets and replay their lines; exit 1 if a verdict differs or a line does not replay")
    _reading_args(p)
    p.add_argument("--budget", "--seconds", dest="seconds", type=float, metavar="SECONDS",
                   help=f"the budget per deal: the positions that SECONDS CPU seconds search on the table's machine "
                        f"(the game's rate in data/position-rates.json; default {DEFAULT_SECONDS:g})")
    p.add_argument("--nodes", type=int, metavar="N",
                   help="the budget per deal in positions (--budget, if given too, is then the backstop)")
    p.add_argument("--backstop", type=float, metavar="SECONDS",
                   help="CPU seconds after which a deal is cut and recorded unknown (default 10 times the budget's "
                        "worth in seconds, at least 10)")
    p.set_defaults(func=stats_command)


def _game(name: str):
    from engine import find_game

    try:
        return find_game(name)
    except KeyError as error:
        raise InputError(error.args[0]) from None


def _budget(args):
    from engine.solver.search import Budget

    if args.nodes < 1:
        raise InputError("--nodes must be a whole number >= 1")
    if not args.seconds > 0:
        raise InputError("--budget must be > 0 seconds")
    return Budget(args.nodes, args.seconds)


def _readings(cls, args) -> dict[str, str]:
    from engine.cli import parse_readings

    return parse_readings(cls, args.reading)


def _print_json(value, indent: int | None = 1) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=indent) + "\n")


def load_states(cls, path: str, readings: dict[str, str]) -> list:
    """The positions of a state file: one portable state (JSON, over any
    number of lines) or JSON lines of states; every problem is an InputError
    naming the file and line, and nothing is solved until all are read."""
    from engine import StateError
    from engine.cli import _line_of

    name = "<stdin>" if path == "-" else path
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as error:
        raise InputError(f"cannot read the state file: {error.strerror}", name) from None
    except UnicodeDecodeError:
        raise InputError("the state file is not UTF-8", name) from None
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None
    if isinstance(whole, dict):
        items = [(whole, 1, text)]
    else:
        items = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                items.append((json.loads(line), number, line))
            except json.JSONDecodeError as error:
                raise InputError(f"not JSON: {error.msg}", name, number) from None
        if not items:
            raise InputError("no state in the file", name)
    games = []
    for data, number, source in items:
        try:
            game = cls.from_portable(data)
        except StateError as error:
            within = _line_of(source, error.where) if len(items) == 1 else None
            raise InputError(f"refused state: {error}", name, within or number) from None
        if readings:
            from engine.cli import with_readings

            game = with_readings(game, [f"{k}={v}" for k, v in readings.items()])
        games.append(game)
    return games


def solve_command(args) -> int:
    from engine.solve import THOUGHTFUL_NOTE, solve
    from engine.solver.measures import new_game

    budget = _budget(args)
    cls = _game(args.game)
    readings = _readings(cls, args)
    if args.seed is not None:
        if args.seed < 0:
            raise InputError("--seed must be a whole number >= 0")
        games = [new_game(cls, args.seed, readings)]
    else:
        games = load_states(cls, args.state, readings)
    from engine.solver.registry import knowledge

    forget = knowledge(cls).forget
    for game in games:
        if args.single_deal:
            game.redeals_left = 0
        if forget is not None:
            forget()  # each position of a file solved as if alone (see `Knowledge.forget`)
        solution = solve(game, budget)
        if args.json:
            _print_json(solution.to_json(), indent=1 if args.seed is not None else None)
            continue
        what = {"won": f"won in {len(solution.moves)} moves",
                "lost": "lost: no line wins (the whole search space was searched)",
                "unknown": "unknown: the budget ran out before a win or a proof"}[solution.status]
        print(f"{cls.title_1912 or cls.title_modern} ({cls.slug}), deal {game.deal}: {what} "
              f"({solution.nodes:,} positions, {solution.seconds:.2f} s)")
        if solution.thoughtful:
            print(f"  {THOUGHTFUL_NOTE}")
        if solution.moves:
            print(" ".join(solution.moves))
    return 0


def hint_command(args) -> int:
    from engine.cli import load_played, with_readings
    from engine.solve import hint

    budget = _budget(args)
    game = load_played(_game(args.game), args.state)
    if args.reading:
        game = with_readings(game, args.reading)
    result = hint(game, budget)
    if args.json:
        _print_json(result.to_json())
    else:
        record = result.to_json()
        print(f"{record['move'] or '(no move)'}\t{record['basis']}: {record['why']}")
    return 0


def curves_command(args) -> int:
    from pasyans import curves

    slugs = [_game(g).slug for g in args.games] or curves.hidden_games()
    try:
        budgets = tuple(float(b) for b in args.budgets.split(",") if b.strip())
    except ValueError:
        raise InputError(f"--budgets must be numbers separated by commas, not {args.budgets!r}") from None
    if not budgets or min(budgets) <= 0 or args.deals < 1 or args.jobs < 1:
        raise InputError("--budgets must be positive, --deals and --jobs at least 1")
    if args.table:
        return player_table(curves, slugs, args)
    if not args.summary_only:
        curves.measure(slugs, budgets, args.deals, jobs=args.jobs,
                       progress=lambda line: print(line, file=sys.stderr, flush=True))
    command = (f"pasyans curves --deals {args.deals} --budgets {args.budgets} --jobs {args.jobs}"
               + "".join(f" {g}" for g in args.games))
    print(curves.format_curves(curves.write_summary(command=command)))
    return 0


def player_table(curves, slugs: list[str], args) -> int:
    """`pasyans curves --table FILE`: the table's player figure of each game
    at the budget its curve chose, by `pasyans stats`, and each reading's
    player at the same budget on `curves.READING_DEALS` deals, so that the
    table pairs them with the edition's (one game after the other; a run
    stopped early resumes where it stopped)."""
    from pasyans import stats
    from pasyans.budgets import position_budget
    from pasyans.cli import main

    summary = curves.summarise()["games"]
    missing = [slug for slug in slugs if slug not in summary]
    if missing:
        raise InputError(f"no curve measured yet for {', '.join(missing)}: run `pasyans curves` first")
    for slug in slugs:
        plan = summary[slug]["table_budget"]
        nodes = position_budget(slug, "player", seconds=plan["seconds"]).nodes
        runs = [([], plan["deals"])] + [(["--reading", r], curves.READING_DEALS) for r in curves.player_readings(slug)]
        for reading, deals in runs:
            readings = dict([reading[1].split("=", 1)]) if reading else None
            path = stats.results_path(Path("data/winrates"), slug, "player", readings)
            moved = curves.retire(path, slug, nodes)
            if moved:
                print(f"pasyans: {slug}: the records of another budget moved to {moved}", file=sys.stderr)
            status = main(["stats", slug, "--measure", "player", *reading, "--deals", str(deals),
                           "--budget", f"{plan['seconds']:g}", "--jobs", str(args.jobs), "--table", args.table])
            if status:
                return status
    return 0


def _position_budget(args, slug: str, measure: str):
    """--budget / --nodes / --backstop as a `pasyans.budgets.PositionBudget`."""
    from pasyans.budgets import position_budget

    if args.nodes is not None and args.nodes < 1:
        raise InputError("--nodes must be a whole number >= 1")
    if args.seconds is not None and not args.seconds > 0:
        raise InputError("--budget must be > 0 seconds")
    if args.backstop is not None and not args.backstop > 0:
        raise InputError("--backstop must be > 0 seconds")
    if args.nodes is not None:  # the positions decide; --budget, if given, is then the backstop
        backstop = args.backstop if args.backstop is not None else args.seconds
        return position_budget(slug, measure, nodes=args.nodes, backstop_s=backstop)
    seconds = DEFAULT_SECONDS if args.seconds is None else args.seconds
    return position_budget(slug, measure, seconds=seconds, backstop_s=args.backstop)


def stats_command(args) -> int:
    from pasyans import freshness, stats

    from engine.solver.measures import measures_of, policy

    cls = _game(args.game)
    slug = cls.slug
    readings = _readings(cls, args)
    measure = args.measure or measures_of(cls)[0]
    if measure not in measures_of(cls):
        raise InputError(f"--measure {measure} does not apply to {slug} (it has: {', '.join(measures_of(cls))})")
    if (args.deals is None and not args.recheck) or (args.deals is not None and args.deals < 1) or args.first < 0:
        raise InputError("--deals must be >= 1 (it may be left out with --recheck) and --first >= 0")
    if args.jobs < 1:
        raise InputError("--jobs must be >= 1")
    out = Path(args.out) if args.out else stats.results_path(Path("data/winrates"), slug, measure, readings)
    if args.recheck:
        wanted = None if args.deals is None else range(args.first, args.first + args.deals)
        differ = stats.recheck(out, slug, measure, wanted, jobs=args.jobs, cluster=args.cluster)
        return 1 if differ else 0
    budget = _position_budget(args, slug, measure)
    head, done = stats.read_results(out, slug, measure)
    bar = stats.Progress(sum(1 for d in range(args.first, args.first + args.deals)
                             if d not in done or (args.retry_unknown and done[d]["status"] == "unknown")))
    if head and head.get("budget") != budget.header():
        kept = ("the deals left unknown get the rest of --budget" if args.retry_unknown
                else "its deals are kept")
        print(f"pasyans: note: {out} was begun with budget {head.get('budget')}; {kept}", file=sys.stderr)
    if head and head.get("readings", {}) != readings:
        raise InputError(f"this results file was made under readings {head.get('readings')}, not {readings}",
                         str(out), 1)
    start = time.monotonic()
    try:
        records = stats.run(slug, args.deals, out, measure=measure, jobs=args.jobs, cluster=args.cluster,
                            nodes=budget.nodes, seconds=budget.seconds, first=args.first,
                            retry_unknown=args.retry_unknown, readings=readings, progress=bar.update,
                            equivalent_s=budget.equivalent_s)
    finally:
        bar.close()
    wall = time.monotonic() - start
    used = (head or stats.header(slug, measure, budget.nodes, budget.seconds, None, budget.equivalent_s))["budget"]
    summary = stats.summary(slug, records, used, measure, policy(cls, measure))
    # which solver measured the records: a player's verdicts pair only with one solver's
    summary["solver_code"] = freshness.solver_stamp(
        freshness.table_entry(args.table, slug, measure, readings).get("solver_code"), bar.done, len(records),
        records)
    if readings and not any(cls.READINGS[ident].changes_deal for ident in readings):
        # deal by deal against the edition's readings, where the cards are the
        # same, with the records paired named (`pasyans check-winrates` redoes it)
        base = freshness.table_entry(args.table, slug, measure)
        summary.update(freshness.pairing(out.parent, slug, measure, readings, (summary["policy"], base.get("policy")),
                                         out, (summary["solver_code"], base.get("solver_code"))))
    if args.table:
        table = Path(args.table)
        previous = {}
        if table.exists():
            try:
                old = json.loads(table.read_text(encoding="utf-8"))["games"][slug]
                place = old
                for ident, alt in sorted(readings.items()):
                    place = place.get("readings", {}).get(ident, {}).get(alt, {})
                previous = place.get("measures", {}).get(measure, {})
            except (KeyError, TypeError, ValueError, AttributeError):
                previous = {}
        measured = bar.done  # deals measured by this run (the others were in the file)
        run_info = {"wall_s": round((previous.get("wall_s") or 0.0) + (wall if measured else 0.0), 1),
                    "workers": args.jobs, "cluster": "dask " + args.cluster if args.cluster else "processes"}
        stats.update_table(table, summary, readings=readings,
                           game_info={"title_1912": cls.title_1912, "title_modern": cls.title_modern,
                                      "title_en": cls.title_en, "decks": cls.decks,
                                      "measures_apply": list(measures_of(cls))},
                           run_info=run_info)
        if not readings and out.parent.name == "winrates":
            stats.write_won_deals(out.parent)
    if args.json:
        _print_json(summary)
    else:
        print(stats.format_summary(summary))
        if summary.get("stale"):
            from pasyans.freshness import STALE

            print("  against the edition's readings: not paired: " + STALE[summary["stale"]])
        print(f"  results: {out}")
    return 0
