"""pasyans solve / hint / stats: output, state files, and mistakes as one-line errors (exit 2)."""

from __future__ import annotations

import json

from engine import find_game
import subprocess
import sys

from engine.solve import replay
from pasyans.cli import main


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_json_gives_a_line_that_replays(capsys):
    code, out, _ = run(capsys, "solve", "napoleon", "--seed", "2", "--json")
    assert code == 0
    result = json.loads(out)
    assert result["status"] == "won" and result["game"] == "napoleon" and result["deal"] == 2
    assert result["nodes"] > 0 and result["seconds"] >= 0 and result["distinct"] >= 0
    assert replay("napoleon", 2, result["moves"]).is_won()


def test_solve_single_deal_and_thoughtful_note(capsys):
    code, out, _ = run(capsys, "solve", "belle-lucie", "--seed", "3", "--single-deal", "--json")
    result = json.loads(out)
    assert code == 0 and result["status"] == "won" and not result["thoughtful"]
    code, out, _ = run(capsys, "solve", "cadran", "--seed", "1", "--budget", "0.2", "--json")
    result = json.loads(out)
    assert result["thoughtful"] and "thoughtfully" in result["note"]


def test_solve_text_and_unknown(capsys):
    code, out, _ = run(capsys, "solve", "Солнечные часы", "--seed", "1", "--nodes", "3")
    assert code == 0 and "unknown: the budget ran out" in out


def test_solve_a_state_file_and_json_lines(capsys, tmp_path):
    code, out, _ = run(capsys, "deal", "napoleon", "--seed", "2", "--json")
    single = tmp_path / "one.json"
    single.write_text(out)  # pretty-printed over many lines: one state
    code, out, _ = run(capsys, "solve", "napoleon", "--state", str(single), "--json")
    assert code == 0 and json.loads(out)["status"] == "won"
    lines = []
    for seed in (3, 4, 5):
        code, out, _ = run(capsys, "deal", "napoleon", "--seed", str(seed), "--json")
        lines.append(json.dumps(json.loads(out)))
    batch = tmp_path / "batch.jsonl"
    batch.write_text("\n".join(lines) + "\n")
    code, out, _ = run(capsys, "solve", "napoleon", "--state", str(batch), "--json")
    verdicts = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [v["deal"] for v in verdicts] == [3, 4, 5]
    assert all(v["status"] == "won" for v in verdicts)
    for v in verdicts:
        assert replay("napoleon", v["deal"], v["moves"]).is_won()


def test_a_bad_state_line_names_file_and_line(capsys, tmp_path):
    batch = tmp_path / "bad.jsonl"
    batch.write_text('{"game": "belle-lucie", "deal": 0, "piles": {"fan-1": ["AS"]}}\n'
                     '{"game": "belle-lucie", "piles": {"fan-1": ["ZZ"]}}\n')
    code, out, err = run(capsys, "solve", "belle-lucie", "--state", str(batch), "--json")
    assert code == 2 and err.startswith(f"pasyans: {batch}:2:") and "Traceback" not in err
    assert out == ""  # nothing solved until every line is read
    batch.write_text('{"game": "belle-lucie", "deal": 0, "piles": {}}\nnot json\n')
    code, _, err = run(capsys, "solve", "belle-lucie", "--state", str(batch))
    assert code == 2 and f"{batch}:2:" in err
    one = tmp_path / "one.json"
    one.write_text('{"game": "belle-lucie",\n "piles": {"fan-1": ["AS", "ZZ"]}}\n')
    code, _, err = run(capsys, "solve", "belle-lucie", "--state", str(one))
    assert code == 2 and f"{one}:2:" in err


def test_solve_mistakes_are_input_errors(capsys):
    code, _, err = run(capsys, "solve", "belle-lucie", "--seed", "-1")
    assert code == 2 and err.startswith("pasyans: --seed")
    code, _, err = run(capsys, "solve", "no-such-game", "--seed", "1")
    assert code == 2 and "no game" in err
    code, _, err = run(capsys, "solve", "belle-lucie", "--seed", "1", "--budget", "0")
    assert code == 2 and "--budget" in err
    code, _, err = run(capsys, "solve", "belle-lucie", "--seed", "1", "--reading", "nonsense")
    assert code == 2 and "--reading" in err


def test_hint_from_a_state_file(capsys, tmp_path):
    state = tmp_path / "s.json"
    code, out, _ = run(capsys, "deal", "napoleon", "--seed", "2", "--json")
    state.write_text(out)
    code, out, _ = run(capsys, "hint", "napoleon", "--state", str(state), "--json")
    result = json.loads(out)
    assert code == 0 and result["basis"] == "winning-line" and result["search"]["status"] == "won"
    code, out, _ = run(capsys, "deal", "cadran", "--seed", "2", "--json")
    state.write_text(out)
    code, out, _ = run(capsys, "hint", "cadran", "--state", str(state), "--nodes", "2000", "--json")
    result = json.loads(out)
    assert code == 0 and result["basis"] == "player" and result["move"]
    assert result["step"] and result["why"] and "winning line" not in result["why"]  # the pack is hidden


def test_hint_from_a_save_never_takes_back_its_last_move(capsys, tmp_path):
    """A board's save carries the game's history: the hint never leads back
    into a position already played (a state alone has no history)."""
    code, out, _ = run(capsys, "deal", "napoleon", "--seed", "1", "--json")
    state = json.loads(out)
    game = find_game("napoleon").from_portable(state)
    game.play("choose:up")
    move = next(m for m in game.legal_moves if not m.action and "@" not in str(m))
    game.play(move)
    save = tmp_path / "save.json"
    save.write_text(json.dumps({"v": 1, "game": "napoleon", "deal": 1, "moves": ["choose:up", str(move)],
                                "state": game.to_portable()}))
    code, out, _ = run(capsys, "hint", "napoleon", "--state", str(save), "--json")
    result = json.loads(out)
    assert code == 0 and result["move"] != f"{move.dst}>{move.src}"
    game.play(result["move"])
    save.write_text(json.dumps({"v": 1, "game": "napoleon", "deal": 1, "moves": ["choose:up", "nonsense"],
                                "state": game.to_portable()}))
    code, _, err = run(capsys, "hint", "napoleon", "--state", str(save), "--json")
    assert code == 2 and str(save) in err and "move 2" in err


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
    code, out, _ = run(capsys, "stats", "belle-lucie", "--measure", "single-deal", "--deals", "3",
                       "--out", str(out_file), "--table", str(table), "--budget", "30", "--json")
    summary = json.loads(out)
    assert code == 0 and summary["won"] + summary["lost"] + summary["unknown"] == 3
    assert summary["measure"] == "single-deal" and summary["policy"] and summary["budget_s"] == 30
    data = json.loads(table.read_text())
    entry = data["games"]["belle-lucie"]["measures"]["single-deal"]
    assert entry["deals"] == 3 and entry["workers"] == 1 and entry["wall_s"] >= 0
    code, out, _ = run(capsys, "stats", "belle-lucie", "--measure", "single-deal", "--deals", "3",
                       "--out", str(out_file))
    assert code == 0 and "Wilson 95% interval" in out and "time per deal" in out
    code, _, err = run(capsys, "stats", "belle-lucie", "--measure", "solvable", "--deals", "3",
                       "--out", str(tmp_path / "x.jsonl"))
    assert code == 2 and "does not apply" in err


def test_stats_default_measure_and_default_file(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "stats", "napoleon", "--deals", "2", "--json")
    assert code == 0 and json.loads(out)["measure"] == "solvable"
    assert (tmp_path / "data" / "winrates" / "napoleon.solvable.jsonl").exists()


def test_stats_with_a_broken_results_file(capsys, tmp_path):
    out_file = tmp_path / "r.jsonl"
    out_file.write_text('{"game": "belle-lucie"}\n[1,\n{"deal": 2}\n')
    code, _, err = run(capsys, "stats", "belle-lucie", "--measure", "player", "--deals", "3", "--out", str(out_file))
    assert code == 2 and f"{out_file}:2:" in err


def test_help_does_not_load_the_solver():
    code = ("import sys; from pasyans.cli import build_parser; build_parser(); "
            "print('engine.solve' in sys.modules, 'dask' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


# -- --reading on solve, hint and stats -------------------------------------------


def test_solve_under_a_reading_says_so_and_its_line_replays_under_it(capsys):
    """Домъ въ лѣсу with 35 fans (a reading that changes the deal): the
    verdict names the reading, and a won line replays under it only."""
    ident = "house-in-the-wood.assume.fan-count"
    code, out, _ = run(capsys, "solve", "house-in-the-wood", "--seed", "3", "--single-deal",
                       "--reading", "fan-count=35", "--budget", "5", "--json")
    result = json.loads(out)
    assert code == 0 and result["readings"] == {ident: "35"}
    code, out, _ = run(capsys, "solve", "house-in-the-wood", "--seed", "3", "--single-deal",
                       "--budget", "5", "--json")
    assert "readings" not in json.loads(out)  # the edition's readings are not named
    code, out, _ = run(capsys, "deal", "house-in-the-wood", "--seed", "3", "--reading", "fan-count=35", "--json")
    assert sum(1 for pile, cards in json.loads(out)["piles"].items() if pile.startswith("fan") and cards) == 35


def test_hint_under_a_reading(capsys, tmp_path):
    state = tmp_path / "s.json"
    code, out, _ = run(capsys, "deal", "salic-law", "--seed", "2", "--json")
    state.write_text(out)
    code, out, _ = run(capsys, "hint", "salic-law", "--state", str(state), "--reading",
                       "free-king=once-per-king", "--nodes", "3000", "--json")
    result = json.loads(out)
    assert code == 0 and result["move"]
    assert result["search"]["readings"] == {"salic-law.assume.free-king": "once-per-king"}


def test_stats_under_a_reading_keeps_its_own_file_and_table_entry(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    table = tmp_path / "t.json"
    args = ["stats", "salic-law", "--measure", "solvable", "--deals", "2", "--budget", "2", "--table", str(table)]
    code, out, _ = run(capsys, *args, "--reading", "free-king=once-per-king", "--json")
    assert code == 0 and json.loads(out)["deals"] == 2
    code, out, _ = run(capsys, *args, "--json")
    assert code == 0
    files = sorted(p.name for p in (tmp_path / "data" / "winrates").glob("salic-law.solvable*.jsonl"))
    assert len(files) == 2 and "salic-law.solvable.jsonl" in files
    game = json.loads(table.read_text())["games"]["salic-law"]
    assert game["measures"]["solvable"]["deals"] == 2
    under = game["readings"]["salic-law.assume.free-king"]["once-per-king"]["measures"]["solvable"]
    assert under["deals"] == 2 and {"won", "lost", "unknown", "low", "high", "budget_s", "policy"} <= set(under)
    code, _, err = run(capsys, *args, "--reading", "free-king=nonsense")
    assert code == 2 and "free-king" in err
