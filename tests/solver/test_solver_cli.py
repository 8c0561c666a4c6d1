"""pasyans solve / hint / stats: output, and mistakes as one-line errors (exit 2)."""

from __future__ import annotations

import json
import subprocess
import sys

from engine.solve import replay
from pasyans.cli import main


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_json_gives_a_line_that_replays(capsys):
    code, out, _ = run(capsys, "solve", "belle-lucie", "--seed", "2", "--json")
    assert code == 0
    result = json.loads(out)
    assert result["status"] == "won" and result["game"] == "belle-lucie" and result["deal"] == 2
    assert result["thoughtful"] and "thoughtfully" in result["note"]
    assert result["nodes"] > 0 and result["seconds"] >= 0
    assert replay("belle-lucie", 2, result["moves"]).is_won()


def test_solve_text_and_unknown(capsys):
    code, out, _ = run(capsys, "solve", "Прекрасная Люція", "--seed", "1", "--nodes", "3")
    assert code == 0 and "unknown: the budget ran out" in out


def test_solve_mistakes_are_input_errors(capsys):
    code, _, err = run(capsys, "solve", "belle-lucie", "--seed", "-1")
    assert code == 2 and err.startswith("pasyans: --seed")
    code, _, err = run(capsys, "solve", "no-such-game", "--seed", "1")
    assert code == 2 and "no game" in err
    code, _, err = run(capsys, "solve", "belle-lucie", "--seed", "1", "--seconds", "0")
    assert code == 2 and "--seconds" in err


def test_hint_from_a_state_file(capsys, tmp_path):
    state = tmp_path / "s.json"
    code, out, _ = run(capsys, "deal", "belle-lucie", "--seed", "2", "--json")
    state.write_text(out)
    code, out, _ = run(capsys, "hint", "belle-lucie", "--state", str(state), "--json")
    result = json.loads(out)
    assert code == 0 and result["basis"] == "winning-line" and result["search"]["status"] == "won"
    code, out, _ = run(capsys, "hint", "belle-lucie", "--state", str(state), "--nodes", "1")
    assert code == 0 and "most-options" in out


def test_hint_with_a_broken_state_names_file_and_line(capsys, tmp_path):
    state = tmp_path / "bad.json"
    state.write_text('{"game": "belle-lucie",\n "piles": {"fan-1": ["AS", "ZZ"]}}\n')
    code, _, err = run(capsys, "hint", "belle-lucie", "--state", str(state))
    assert code == 2 and f"{state}:2:" in err and "Traceback" not in err
    state.write_text('{"game": \n')
    code, _, err = run(capsys, "hint", "belle-lucie", "--state", str(state))
    assert code == 2 and f"{state}:2:" in err


def test_stats_prints_the_summary_and_fills_the_table(capsys, tmp_path):
    out_file, table = tmp_path / "r.jsonl", tmp_path / "t.json"
    code, out, _ = run(capsys, "stats", "belle-lucie", "--deals", "3", "--out", str(out_file),
                       "--table", str(table), "--nodes", "100000", "--seconds", "30", "--json")
    summary = json.loads(out)
    assert code == 0 and summary["won"] + summary["lost"] + summary["unknown"] == 3
    assert summary["wilson95"] and summary["thoughtful"]
    assert json.loads(table.read_text())["games"]["belle-lucie"]["deals"] == 3
    code, out, _ = run(capsys, "stats", "belle-lucie", "--deals", "3", "--out", str(out_file))
    assert code == 0 and "Wilson 95% interval" in out and "solve time" in out


def test_stats_with_a_broken_results_file(capsys, tmp_path):
    out_file = tmp_path / "r.jsonl"
    out_file.write_text('{"game": "belle-lucie"}\n[1,\n{"deal": 2}\n')
    code, _, err = run(capsys, "stats", "belle-lucie", "--deals", "3", "--out", str(out_file))
    assert code == 2 and f"{out_file}:2:" in err


def test_help_does_not_load_the_solver():
    code = ("import sys; from pasyans.cli import build_parser; build_parser(); "
            "print('engine.solve' in sys.modules, 'dask' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
