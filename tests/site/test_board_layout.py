"""The board's layout engine (site/static/js/board/layout.js, run by node)
on many random tables of every game and many window sizes: piles never
overlap, everything lies on the board, and no card covers the index of the
card it lies on (tests/site/layout_check.mjs)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from engine import GAMES

HERE = Path(__file__).resolve().parent


def test_random_tables_of_every_game_keep_piles_apart_and_indices_readable(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing (it comes with npm: make setup)")
    layouts = tmp_path / "layouts.json"
    layouts.write_text(json.dumps({game.slug: game.layout() for game in GAMES}), encoding="utf-8")
    done = subprocess.run([node, str(HERE / "layout_check.mjs"), str(layouts), "40"],
                          capture_output=True, text=True, timeout=300, cwd=HERE)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["plans"] == 40 * len(GAMES)
    assert report["problems"] == [], json.dumps(report["problems"][:10], indent=1)
