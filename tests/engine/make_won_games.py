"""Find a won deal for each game and write tests/engine/won_games.json.

Not a test: a script that regenerates the test data (run it when a game's
rules change; test_won_games.py then replays the move lists). A plain
depth-first search with a visited set; moves to the foundations first.

    .venv/bin/python tests/engine/make_won_games.py [slug ...]
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import GAMES, find_game  # noqa: E402

OUT = Path(__file__).with_name("won_games.json")
LIMIT = 600  # seconds per game
FOUNDATION_ROLES = {"foundation", "centre"}


def key(game):
    return (tuple(map(tuple, game.piles)), game.phase, game.redeals_left, tuple(sorted(game.extra.items())))


def order(game, moves):
    def rank(move):
        if move.action:
            return 2
        role = game.roles[game.index[move.dst]]
        building = role in FOUNDATION_ROLES or (game.slug == "mill" and role == "corner")
        return 0 if building else 1
    return sorted(moves, key=rank)


def solve(game, budget: int):
    seen = set()
    path = []
    stack = [iter(order(game, list(game.legal_moves)))]
    nodes = 0
    while stack:
        if game.is_won():
            return path[:]
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if path:
                path.pop()
                game.pop()
            continue
        game.push(move)
        k = key(game)
        nodes += 1
        if k in seen or nodes > budget:
            game.pop()
            if nodes > budget:
                return None
            continue
        seen.add(k)
        path.append(move)
        stack.append(iter(order(game, list(game.legal_moves))))
    return None


def main(slugs):
    data = json.loads(OUT.read_text()) if OUT.exists() else {}
    for game_cls in [find_game(s) for s in slugs] or GAMES:
        start = time.time()
        for deal in range(1, 400):
            if time.time() - start > LIMIT:
                print(f"{game_cls.slug}: gave up after {LIMIT} s")
                break
            moves = solve(game_cls(deal), 100_000)
            if moves:
                data[game_cls.slug] = {"deal": deal, "moves": [str(m) for m in moves]}
                print(f"{game_cls.slug}: deal {deal} won in {len(moves)} moves ({time.time() - start:.1f}s)")
                break
        else:
            print(f"{game_cls.slug}: no win found")
        OUT.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
