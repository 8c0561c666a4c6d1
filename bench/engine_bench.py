"""Engine speed per game on one core: legal-move generations per second and
random playouts per second. Prints its figures; no assertions (the target
for Прекрасная Люція is >= 50,000 generations per second).

Seconds are this process's CPU seconds (time.process_time), so the figures
are per core even on a machine shared with other jobs; the wall-clock rate
of the generations is printed beside them.

    .venv/bin/python bench/engine_bench.py [--seconds S] [slug ...]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import GAMES, find_game  # noqa: E402


def positions(game_cls, count: int = 200) -> list:
    """Positions met in random play, so generation is timed on real middles of games."""
    rng = random.Random(7)
    found = []
    deal = 1
    while len(found) < count:
        game = game_cls(deal)
        deal += 1
        for _ in range(rng.randrange(0, 60)):
            moves = list(game.legal_moves)
            if not moves:
                break
            game.push(moves[rng.randrange(len(moves))])
        found.append(game.copy(stack=False))
    return found


def generations_per_second(game_cls, seconds: float) -> tuple[float, float]:
    """(per CPU second, per wall-clock second)."""
    pool = positions(game_cls)
    done = 0
    cpu, wall = time.process_time(), time.perf_counter()
    while time.process_time() - cpu < seconds:
        for game in pool:
            list(game.legal_moves)
        done += len(pool)
    return done / (time.process_time() - cpu), done / (time.perf_counter() - wall)


def playouts_per_second(game_cls, seconds: float, cap: int = 1000) -> tuple[float, float]:
    rng = random.Random(1)
    done = moves_made = 0
    deal = 1
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = game_cls(deal)
        deal += 1
        for _ in range(cap):
            moves = list(game.legal_moves)
            if not moves:
                break
            game.push(moves[rng.randrange(len(moves))])
            moves_made += 1
        done += 1
    elapsed = time.process_time() - start
    return done / elapsed, moves_made / max(done, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("games", nargs="*")
    args = parser.parse_args()
    chosen = [find_game(g) for g in args.games] or list(GAMES)
    print(f"{'game':<20} {'generations/s':>14} {'(wall clock)':>13} {'playouts/s':>11} {'moves/playout':>14}")
    for game_cls in chosen:
        gens, wall = generations_per_second(game_cls, args.seconds)
        playouts, length = playouts_per_second(game_cls, args.seconds)
        print(f"{game_cls.slug:<20} {gens:>14,.0f} {wall:>13,.0f} {playouts:>11,.1f} {length:>14.1f}")


if __name__ == "__main__":
    main()
