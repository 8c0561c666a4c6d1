"""The win-rate table's figures tied to the records they came from.

data/winrates.json summarises the per-deal records of data/winrates/
(`pasyans.stats`) as they stood when `pasyans stats` wrote each entry. The
records change afterwards: deals are added, the undecided searched again,
the defaults measured again on a newer solver. A readings entry's
``paired`` (games.G.readings.ID.ALT.measures.M) compares two files deal by
deal, the alternative's and the defaults', so it goes out of date whenever
either changes, and the table would go on saying what the records no
longer do.

So an entry names its records (``sources``: each file's name and a digest
of its verdicts by deal, the defaults' over the deals paired), and whoever
shows the table (the site's build, `pasyans check-winrates`) recomputes
every figure from the records on disk (`refresh`): a summary is a pure
function of one records file, a pairing of two. Only what cannot be
recomputed is marked stale, with its reason (`STALE`).
"""

from __future__ import annotations

import functools
import hashlib
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

from pasyans import stats

# Why a pairing cannot be recomputed. With the pack known a verdict is a
# fact about the deal (a win replays, a loss is an exhausted search), so
# such records pair whatever their budgets and code. A player's verdict is
# the outcome of a policy at a budget, so two records pair only if one
# solver played both (the entries' `solver_code` stamps, or a record's or
# header's where they have one; in an older table the `policy` sentences)
# at the same budget, and only while neither file has been measured again
# since they were paired (`sources`; in a table older than `sources`, while
# the records still give the pairing it stored).
STALE = {
    "policy": "the alternative was measured under another player policy than the edition's reading "
              "(an older solver): the verdicts are not comparable; measure it again",
    "solver": "the alternative was measured by another solver than the edition's reading (or its records "
              "mix two): a player's verdicts are not comparable; measure it again",
    "budget": "the alternative's player had another budget per deal than the edition's reading's: "
              "the verdicts are not comparable; measure it again",
    "remeasured": "one side was measured again (a newer solver) after they were paired: a player's "
                  "verdicts are comparable only from one solver; measure the alternative again",
    "missing": "the records it was measured from are not on disk",
}
COUNTS = ("deals", "won", "lost", "unknown")


def digest(records: Iterable[dict]) -> str:
    """A short digest of verdicts by deal (the order given is irrelevant)."""
    lines = sorted(f"{r['deal']} {r['status']}" for r in records)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def source(path: Path, records: dict[int, dict], deals: Iterable[int] | None = None) -> dict:
    """What an entry was made from: the file's name and the digest of its
    verdicts (over ``deals`` only, where given: the deals paired)."""
    chosen = sorted(records if deals is None else set(deals) & records.keys())
    return {"file": path.name, "deals": len(chosen), "digest": digest(records[d] for d in chosen)}


def _exact(measure: str, record: dict) -> bool:
    """Is this verdict a fact about the deal (not a policy's at a budget)?"""
    return measure != "player" or record.get("same_as") == "solvable"


def _deal_budget(record: dict, head: dict | None) -> tuple:
    budget = (head or {}).get("budget", {})
    return record.get("budget_s", budget.get("seconds")), budget.get("nodes")


def incomparable(measure: str, mine: tuple[dict | None, dict[int, dict]], base: tuple[dict | None, dict[int, dict]],
                 policies: tuple[str | None, str | None] = (None, None),
                 solvers: tuple[str | None, str | None] = (None, None)) -> str | None:
    """None if every deal of ``mine`` (header, records) pairs with ``base``'s,
    else the reason (a key of STALE). ``policies`` and ``solvers`` are the
    table entries' (see `solver_stamp`); an unknown one (None) is taken as the same."""
    (my_head, my_records), (base_head, base_records) = mine, base
    for deal, record in my_records.items():
        other = base_records.get(deal)
        if other is None or (_exact(measure, record) and _exact(measure, other)):
            continue
        # the solver a record or its header names, else its table entry's
        by = (record.get("solver_code", (my_head or {}).get("solver_code", solvers[0])),
              other.get("solver_code", (base_head or {}).get("solver_code", solvers[1])))
        if "mixed" in by or (None not in by and by[0] != by[1]):
            return "solver"
        if None in by and None not in policies and policies[0] != policies[1]:
            return "policy"
        if _deal_budget(record, my_head) != _deal_budget(other, base_head):
            return "budget"
    return None


def pairing(folder: Path, slug: str, measure: str, readings: dict[str, str],
            policies: tuple[str | None, str | None] = (None, None), path: Path | None = None,
            solvers: tuple[str | None, str | None] = (None, None)) -> dict:
    """The alternative ``readings`` against the defaults, from their records
    in ``folder`` (the alternative's at ``path`` if given): {"paired": counts,
    "sources": {"records", "default", "exact": every verdict paired a fact}},
    or {"stale": reason} where they cannot be paired (see `incomparable`)."""
    mine_path = path or stats.results_path(folder, slug, measure, readings)
    base_path = stats.results_path(folder, slug, measure)
    mine, base = stats.read_results(mine_path, slug, measure), stats.read_results(base_path, slug, measure)
    if mine[0] is None or base[0] is None:
        return {"stale": "missing"}
    reason = incomparable(measure, mine, base, policies, solvers)
    if reason:
        return {"stale": reason}
    paired = stats.paired(mine[1].values(), base[1])
    exact = all(_exact(measure, r) and _exact(measure, base[1][d]) for d, r in mine[1].items() if d in base[1])
    return {"paired": paired, "sources": {"records": source(mine_path, mine[1]),
                                          "default": source(base_path, base[1], mine[1]),
                                          "exact": exact}}


@functools.lru_cache(maxsize=1)
def solver_digest() -> str:
    """A digest of the engine's source (its rules and its solver): what
    plays a deal. Any change counts, even a comment's: a stamp that cannot
    tell is one that errs towards measuring again."""
    import engine

    root = Path(engine.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def solver_stamp(previous: str | None, measured: int, total: int, records: Iterable[dict] = ()) -> str | None:
    """Which solver measured a records file of ``total`` deals, this run
    having measured ``measured`` of them: where every record says which
    (``records``, each stamped by `pasyans.stats`), theirs, or "mixed" if
    they differ; else this code's (`solver_digest`) if this run measured
    them all, the file's earlier stamp if it measured none, and "mixed"
    where two solvers' deals now share the file (None: not known, a file
    measured before the stamps)."""
    codes = {record.get("solver_code") for record in records}
    if codes and None not in codes:
        return codes.pop() if len(codes) == 1 else "mixed"
    current = solver_digest()
    if measured and measured >= total:
        return current
    if not measured:
        return previous
    return current if previous == current else "mixed"


def table_entry(table: str | Path | None, slug: str, measure: str, readings: dict[str, str] | None = None) -> dict:
    """The table's entry for a game's measure (under ``readings``), or {}."""
    import json

    try:
        place = json.loads(Path(table).read_text(encoding="utf-8"))["games"][slug]
        for ident, alt in sorted((readings or {}).items()):
            place = place["readings"][ident][alt]
        return place["measures"][measure]
    except (TypeError, OSError, ValueError, KeyError):
        return {}


def changes_deal(slug: str, ident: str) -> bool:
    """Does this reading change the cards dealt (then no pairing: other cards)?"""
    from engine.registry import find_game

    try:
        reading = find_game(slug).READINGS.get(ident)
    except KeyError:  # a game the engine no longer has: nothing to pair it by
        return True
    return bool(reading and reading.changes_deal)


@dataclass
class Finding:
    """One figure of the table against its records: "fresh" (the table says
    what the records say), "unsigned" (it does, but names no records: an
    older table), "recomputed" (it did not: the records' figure replaces
    it) or "stale" (not recomputable: `reason`, a key of STALE)."""

    slug: str
    measure: str
    readings: dict[str, str]
    state: str
    reason: str = ""
    what: str = ""  # which figure: "summary" or "pairing"

    def line(self) -> str:
        under = "".join(f" --reading {ident}={alt}" for ident, alt in self.readings.items())
        said = {"recomputed": "the table is out of date; recomputed from the records",
                "unsigned": "agrees with the records but does not name them",
                "stale": f"stale: {STALE.get(self.reason, self.reason)}"}.get(self.state, self.state)
        return f"{self.slug} --measure {self.measure}{under}: {self.what}: {said}"


def entries(table: dict) -> Iterator[tuple[str, str, dict[str, str], dict]]:
    """Every entry of the table: (slug, measure, readings, entry), the defaults first."""
    for slug, game in table.get("games", {}).items():
        for measure, entry in game.get("measures", {}).items():
            yield slug, measure, {}, entry
        for ident, alternatives in game.get("readings", {}).items():
            for alt, place in alternatives.items():
                for measure, entry in place.get("measures", {}).items():
                    yield slug, measure, {ident: alt}, entry


def refresh(table: dict, folder: Path, changes: Callable[[str, str], bool] = changes_deal) -> list[Finding]:
    """Bring every entry of ``table`` (changed in place) to what the records in
    ``folder`` say: its summary, and a reading's pairing with the defaults;
    a pairing that cannot be recomputed is taken out and the entry marked
    ``"stale": reason``. Returns a finding for each figure."""
    findings = []
    for slug, measure, readings, entry in list(entries(table)):
        findings.append(_refresh_summary(folder, slug, measure, readings, entry))
        if readings and not any(changes(slug, ident) for ident in readings):
            default = table["games"][slug].get("measures", {}).get(measure, {})
            findings.append(_refresh_pairing(folder, slug, measure, readings, entry, default))
    return findings


def _refresh_summary(folder: Path, slug: str, measure: str, readings: dict[str, str], entry: dict) -> Finding:
    head, records = stats.read_results(stats.results_path(folder, slug, measure, readings), slug, measure)
    found = Finding(slug, measure, readings, "fresh", what="summary")
    if head is None:
        found.state, found.reason = "stale", "missing"
        return found
    counts = {s: sum(1 for r in records.values() if r["status"] == s) for s in stats.STATUSES}
    if [entry.get(k) for k in COUNTS] != [len(records), counts["won"], counts["lost"], counts["unknown"]]:
        entry.update(stats.summary(slug, records.values(), head.get("budget"), measure, entry.get("policy", "")))
        found.state = "recomputed"
    return found


def _refresh_pairing(folder: Path, slug: str, measure: str, readings: dict[str, str], entry: dict,
                     default: dict) -> Finding:
    found = Finding(slug, measure, readings, "fresh", what="pairing")
    now = pairing(folder, slug, measure, readings, (entry.get("policy"), default.get("policy")),
                  solvers=(entry.get("solver_code"), default.get("solver_code")))
    if "stale" not in now and not now["sources"]["exact"] and _measured_again(entry, now):
        now = {"stale": "remeasured"}
    if "stale" in now:
        found.state, found.reason = "stale", now["stale"]
        entry.pop("paired", None)
        entry["stale"] = now["stale"]
        return found
    if entry.get("paired") != now["paired"]:
        found.state = "recomputed"
    elif entry.get("sources") != now["sources"]:
        found.state = "unsigned"  # the same counts, but the table does not name the records (an older table)
    entry.pop("stale", None)
    entry.update(now)
    return found


def _measured_again(entry: dict, now: dict) -> bool:
    """Has either records file changed since ``entry``'s pairing was made
    (its digests; without them, the counts it stored)? No stored pairing
    at all is no evidence that they were measured by one solver."""
    if "sources" in entry:
        return {k: entry["sources"].get(k) for k in ("records", "default")} != \
            {k: now["sources"][k] for k in ("records", "default")}
    return entry.get("paired") != now["paired"]


# -- `pasyans check-winrates` -----------------------------------------------------


def read_table(path: Path) -> dict:
    import json

    from pasyans.errors import InputError

    try:
        table = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("no such table", str(path)) from None
    except json.JSONDecodeError as error:
        raise InputError(f"not JSON: {error.msg}", str(path), error.lineno) from None
    if not isinstance(table, dict) or not isinstance(table.get("games"), dict):
        raise InputError("not a win-rate table of `pasyans stats --table` (no games)", str(path))
    return table


def retire(table: dict, folder: Path, findings: list[Finding]) -> list[Path]:
    """Make the stale pairings measurable again: each alternative whose
    player is not comparable with the defaults' leaves the table, its records move
    to ``folder``/retired/, so that `make winrates-readings` measures it
    afresh. Idempotent: a run of it cut short keeps its new records,
    since their entry has already left the table."""
    moved = []
    for found in findings:
        if found.what != "pairing" or found.reason not in ("policy", "solver", "budget", "remeasured"):
            continue
        (ident, alt), = found.readings.items()
        alternatives = table["games"][found.slug]["readings"][ident]
        alternatives[alt]["measures"].pop(found.measure, None)
        if not alternatives[alt]["measures"]:
            del alternatives[alt]
        path = stats.results_path(folder, found.slug, found.measure, found.readings)
        if path.exists():
            target = folder / "retired" / path.name
            target.parent.mkdir(exist_ok=True)
            path.replace(target)
            moved.append(target)
    return moved


def check_command(args) -> int:
    """Exit 0 when every figure of the table is what its records say, 1
    (listing them) when some are not, 2 on a broken table or records file."""
    import json
    import os

    table_path, folder = Path(args.table), Path(args.records)
    with stats._locked(table_path):  # noqa: SLF001 (the table's one lock, shared with `pasyans stats`)
        table = read_table(table_path)
        findings = refresh(table, folder)
        if args.retire:
            for path in retire(table, folder, findings):
                print(f"retired: {path}")
            findings = refresh(table, folder)
        if args.update or args.retire:
            table["about"] = stats.ABOUT
            tmp = table_path.with_suffix(".tmp")
            tmp.write_text(json.dumps(table, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            os.replace(tmp, table_path)
            findings = refresh(table, folder)  # what the table written says now
    wrong = [f for f in findings if f.state in ("stale", "recomputed")]
    for found in wrong:
        print(found.line())
    agree = sum(1 for f in findings if f.state in ("fresh", "unsigned"))
    unsigned = sum(1 for f in findings if f.state == "unsigned")
    print(f"{table_path}: {agree} of {len(findings)} figures agree with the records in {folder}"
          + (f" ({unsigned} without naming them: --update)" if unsigned else "")
          + (" (the table rewritten)" if args.update or args.retire else ""), file=sys.stderr)
    return 1 if wrong else 0


def register(subparsers) -> None:
    p = subparsers.add_parser("check-winrates", help="is every figure of the win-rate table what its per-deal "
                              "records say? (exit 1 listing those that are not)")
    p.add_argument("--table", default="data/winrates.json", metavar="FILE", help="default data/winrates.json")
    p.add_argument("--records", default="data/winrates", metavar="DIR", help="default data/winrates")
    p.add_argument("--update", action="store_true", help="write the figures recomputed from the records into the "
                   "table (then only what cannot be recomputed is listed)")
    p.add_argument("--retire", action="store_true", help="also take out of the table the alternatives that "
                   "cannot be paired (another policy or budget) and move their records to DIR/retired/, "
                   "for `make winrates-readings` to measure again")
    p.set_defaults(func=check_command)
