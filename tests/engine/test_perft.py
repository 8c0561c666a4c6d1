"""Perft for patience: the number of move sequences of each length from a
seeded deal, pinned in perft.json (python-chess's perft idea, STYLE.md).
A change in any game's move generation or deal shows up here.

Regenerate after a deliberate rule change:
    .venv/bin/python tests/engine/test_perft.py belle-lucie cadran ...
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

PERFT = Path(__file__).with_name("perft.json")
DATA = json.loads(PERFT.read_text()) if PERFT.exists() else {}


def perft(game, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in list(game.legal_moves):
        game.push(move)
        total += perft(game, depth - 1)
        game.pop()
    return total


@pytest.mark.parametrize("slug", sorted(DATA))
def test_perft(slug):
    from engine import find_game

    record = DATA[slug]
    game = find_game(slug)(record["deal"])
    start = game.to_portable()
    assert [perft(game, d) for d in range(1, len(record["counts"]) + 1)] == record["counts"]
    assert game.to_portable() == start


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from engine import find_game

    data = json.loads(PERFT.read_text()) if PERFT.exists() else {}
    for slug in sys.argv[1:]:
        game = find_game(slug)(1)
        counts = []
        for depth in range(1, 9):  # as deep as stays under ~30,000 leaves
            count = perft(game, depth)
            if count > 30_000:
                break
            counts.append(count)
        data[slug] = {"deal": 1, "counts": counts}
        print(slug, counts)
    PERFT.write_text(json.dumps(data, indent=1) + "\n")
