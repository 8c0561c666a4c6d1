"""Find a won deal for each game and write tests/engine/won_games.json.

Not a test: a script that regenerates the test data (run it when a game's
rules change; test_won_games.py then replays the move lists). Greedy random
playouts first, then a depth-first search with a visited set; moves to the
foundations first. Only the named games' entries are rewritten.

    .venv/bin/python tests/engine/make_won_games.py [slug ...]
"""

from __future__ import annotations

import json
import random
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


def is_building(game, move) -> bool:
    if move.action:
        return False
    role = game.roles[game.index[move.dst]]
    return role in FOUNDATION_ROLES or (game.slug == "mill" and role == "corner")


def order(game, moves):
    return sorted(moves, key=lambda m: 2 if m.action else 0 if is_building(game, m) else 1)


def useless(game, move) -> bool:
    """Moves the search skips (never the rules): a lone card into an empty
    pile, or a base card to the second of two equal empty foundations."""
    if move.action:
        return False
    src = game.piles[game.index[move.src]]
    dst = game.piles[game.index[move.dst]]
    if not dst and len(src) == 1 and game.roles[game.index[move.src]] == game.roles[game.index[move.dst]]:
        return True
    return False


def playouts(game_cls, deal: int, tries: int, steps: int, rng):
    """Greedy random playouts: a foundation move when there is one, else a
    random move to a position this playout has not seen."""
    for _ in range(tries):
        game = game_cls(deal)
        seen = {key(game)}
        for _ in range(steps):
            if game.is_won():
                return game.move_stack[:]
            moves = [m for m in game.legal_moves if not useless(game, m)]
            building = [m for m in moves if is_building(game, m)]
            rng.shuffle(moves)
            for move in building + moves:
                game.push(move)
                k = key(game)
                if k not in seen:
                    seen.add(k)
                    break
                game.pop()
            else:
                break
        if game.is_won():
            return game.move_stack[:]
    return None


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
        stack.append(iter(order(game, [m for m in game.legal_moves if not useless(game, m)])))
    return None


def main(slugs):
    for game_cls in [find_game(s) for s in slugs] or GAMES:
        start = time.time()
        for deal in range(1, 400):
            if time.time() - start > LIMIT:
                print(f"{game_cls.slug}: gave up after {LIMIT} s")
                break
            moves = playouts(game_cls, deal, 30, 3000, random.Random(deal)) or solve(game_cls(deal), 20_000)
            if moves:
                # read just before writing: other games' entries may have been added meanwhile
                data = json.loads(OUT.read_text()) if OUT.exists() else {}
                data[game_cls.slug] = {"deal": deal, "moves": [str(m) for m in moves]}
                OUT.write_text(json.dumps(data, indent=1) + "\n")
                print(f"{game_cls.slug}: deal {deal} won in {len(moves)} moves ({time.time() - start:.1f}s)")
                break
        else:
            print(f"{game_cls.slug}: no win found")


if __name__ == "__main__":
    main(sys.argv[1:])
