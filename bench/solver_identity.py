"""The solver's fingerprint: status, positions and moves of a fixed set of
searches, to prove that a change which only moves code (where a game's
knowledge lives, how modules import each other) changes no verdict, no
node count and no move.

For each game, deals 1..N (3 by default): the exact search
(`pasyans solve GAME --seed N --nodes 20000`, with CPU seconds to spare so
that positions bind), and for the games that hide something the player
measure (`run_deal(slug, "player", deal, ...)`'s search, with its moves).
One JSON line per search; seconds are left out (they vary with the load).

    .venv/bin/python bench/solver_identity.py > before.jsonl
    ... move the code ...
    .venv/bin/python bench/solver_identity.py --check before.jsonl

To record another commit's fingerprint without touching the work tree:
`git archive COMMIT engine pasyans | tar -x -C DIR`, copy this script into
DIR/bench and run it there (the engine needs the standard library only).
About a minute of CPU on this machine.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import GAMES  # noqa: E402
from engine.solver.measures import new_game, nothing_hidden  # noqa: E402
from engine.solver.player import play  # noqa: E402
from engine.solver.search import Budget, solve  # noqa: E402

BUDGET = Budget(nodes=20_000, seconds=600.0)


def fingerprints(slugs: list[str], deals: int):
    for cls in GAMES:
        if slugs and cls.slug not in slugs:
            continue
        for deal in range(1, deals + 1):
            s = solve(new_game(cls, deal), BUDGET)
            yield {"game": cls.slug, "deal": deal, "measure": "solve", "status": s.status,
                   "nodes": s.nodes, "distinct": s.distinct, "moves": list(s.moves)}
            if not nothing_hidden(cls):
                p = play(new_game(cls, deal), BUDGET)
                yield {"game": cls.slug, "deal": deal, "measure": "player", "status": p.status,
                       "nodes": p.nodes, "reason": p.reason, "moves": list(p.moves)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("slugs", nargs="*", help="only these games")
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--check", metavar="FILE", help="compare with a recorded fingerprint; exit 1 on a difference")
    args = parser.parse_args()
    want = {}
    if args.check:
        for line in Path(args.check).read_text().splitlines():
            row = json.loads(line)
            want[(row["game"], row["deal"], row["measure"])] = row
    differ = 0
    for row in fingerprints(args.slugs, args.deals):
        print(json.dumps(row, ensure_ascii=False), flush=True)
        if args.check:
            old = want.get((row["game"], row["deal"], row["measure"]))
            if old != row:
                differ += 1
                print(f"DIFFERS: {row['game']} deal {row['deal']} {row['measure']}: "
                      f"{old and (old['status'], old['nodes'])} -> {(row['status'], row['nodes'])}", file=sys.stderr)
    if args.check:
        print(f"{'identical' if not differ else f'{differ} searches differ'}", file=sys.stderr)
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
