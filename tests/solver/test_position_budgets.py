"""Budgets in positions (pasyans/budgets.py, engine/solver/measures.py): a
verdict and its positions are the same in any process, whatever ran before
in it; won lines are kept and replay; `pasyans stats --recheck` finds a
record that differs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.solver.measures import new_game, run_deal
from engine.solver.search import UNKNOWN, Budget, solve
from pasyans import budgets, stats
from pasyans.cli import main
from pasyans.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 600.0  # a backstop the positions always reach first

# (game, measure, deal, positions): searches that meet a cache or a
# memory of an earlier search (Мельница's player met a ceiling an earlier
# run of the same deal left; Шахъ's dead test remembers across deals)
CASES = [("mill", "player", 2, 20_000), ("shah", "solvable", 1, 20_000), ("parterre", "solvable", 3, 10_000),
         ("salic-law", "player", 1, 20_000), ("belle-lucie", "player", 1, 50_000),
         ("hemispheres", "solvable", 2, 20_000)]

SCRIPT = """
import json, sys
from engine.solver.measures import run_deal
from engine.solver.search import Budget
for slug, measure, deal, nodes in json.loads(sys.argv[1]):
    r = run_deal(slug, measure, deal, Budget(nodes, %r))
    print(json.dumps([slug, measure, deal, r["status"], r["nodes"], r.get("line")]), flush=True)
""" % SECONDS


def _run(cases: list, hash_seed: str) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    out = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(cases)], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True).stdout
    seen: dict = {}
    for line in out.splitlines():
        slug, measure, deal, *result = json.loads(line)
        seen.setdefault((slug, measure, deal), []).append(result)
    return seen


def test_a_tiny_position_budget_gives_unknown_and_the_same_positions_twice():
    one = solve(new_game("shah", 1), Budget(300, SECONDS))
    two = solve(new_game("shah", 1), Budget(300, SECONDS))
    assert one.status == two.status == UNKNOWN and one.nodes == two.nodes == 300
    record = run_deal("parterre", "solvable", 1, Budget(40, SECONDS))
    assert record["status"] == UNKNOWN and record["nodes"] == 40 and "backstop" not in record


def test_the_clocks_backstop_marks_the_deal_it_cut():
    record = run_deal("shah", "solvable", 1, Budget(10**9, 0.01))
    assert record["status"] == UNKNOWN and record["backstop"] is True


def test_verdicts_and_positions_do_not_depend_on_the_hash_seed_nor_on_what_ran_before():
    """Two processes with different PYTHONHASHSEED; the second runs the
    deals in the other order, each twice, after other deals of the games."""
    first = _run(CASES, "1")
    warm = [("mill", "player", 3, 20_000), ("shah", "solvable", 2, 10_000)]  # the games that remember
    second = _run(warm + CASES[::-1] + CASES, "2")
    for case in CASES:
        key = case[:3]
        assert len(first[key]) == 1 and second[key] == first[key] * 2, key


def test_won_lines_are_kept_in_the_records_and_replay(tmp_path):
    out = tmp_path / "r.jsonl"
    records = stats.run("napoleon", 3, out, nodes=20_000, seconds=SECONDS)
    won = [r for r in records if r["status"] == "won"]
    assert won and all(r["line"] for r in won)
    for record in won:
        game = new_game("napoleon", record["deal"])
        for move in record["line"].split():
            game.play(move)
        assert game.is_won()
    head = json.loads(out.read_text().splitlines()[0])
    assert budgets.decided_by_positions(head) and head["budget"]["nodes"] == 20_000


def test_recheck_finds_a_tampered_record_and_a_line_that_does_not_replay(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    stats.run("belle-lucie", 4, out, measure="single-deal", nodes=20_000, seconds=SECONDS)
    args = ["stats", "belle-lucie", "--measure", "single-deal", "--out", str(out), "--recheck"]
    assert main(args) == 0
    assert "rechecked 4 deals" in capsys.readouterr().out
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    lost = next(r for r in lines[1:] if r["status"] == "lost")
    won = next(r for r in lines[1:] if r["status"] == "won")
    lost["status"] = "won"  # a verdict that the search does not give
    won["line"] = " ".join(won["line"].split()[:-1])  # a line one move short of the win
    out.write_text("".join(json.dumps(r) + "\n" for r in lines))
    assert main(args) == 1
    text = capsys.readouterr().out
    assert f"deal {lost['deal']}: recorded won, now lost" in text
    assert f"deal {won['deal']}: its line does not replay" in text and "2 differ" in text
    assert main(args + ["--first", str(lost["deal"]), "--deals", "1"]) == 1  # only that deal


def test_recheck_of_an_older_file_says_its_wins_have_no_line(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    head = {"game": "napoleon", "measure": "solvable", "readings": {}, "budget": {"nodes": 20_000, "seconds": 60.0}}
    record = {"deal": 1, "status": "won", "moves": 0, "nodes": 5, "seconds": 0.1}
    out.write_text(json.dumps(head) + "\n" + json.dumps(record) + "\n")
    assert main(["stats", "napoleon", "--out", str(out), "--recheck"]) == 0
    text = capsys.readouterr().out
    assert "budget is CPU seconds" in text and "1 won without a line kept" in text
    with pytest.raises(InputError, match="budget is CPU seconds"):  # never extended in positions
        stats.run("napoleon", 2, out, nodes=20_000, seconds=SECONDS)


def test_a_bad_records_file_names_file_and_line(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    stats.run("napoleon", 2, out, nodes=20_000, seconds=SECONDS)
    out.write_text(out.read_text() + '{"deal": 3, "status": "maybe"}\n')
    code = main(["stats", "napoleon", "--out", str(out), "--recheck"])
    assert code == 2 and f"{out}:4:" in capsys.readouterr().err
    code = main(["stats", "napoleon", "--out", str(tmp_path / "none.jsonl"), "--recheck"])
    assert code == 2 and "no results file" in capsys.readouterr().err


def test_a_budget_in_seconds_becomes_positions_at_the_games_rate(tmp_path, capsys):
    rate = budgets.rate("shah", "solvable")
    budget = budgets.position_budget("shah", "solvable", seconds=2.0)
    assert budget.nodes == 2 * rate and budget.equivalent_s == 2.0 and budget.seconds == 20.0
    assert budgets.position_budget("shah", "solvable", nodes=rate).equivalent_s == 1.0
    out = tmp_path / "r.jsonl"
    code = main(["stats", "napoleon", "--deals", "1", "--out", str(out), "--nodes", "0"])
    assert code == 2 and "--nodes" in capsys.readouterr().err
    # with --nodes the positions decide, and --budget is the backstop
    args = ["stats", "napoleon", "--deals", "2", "--out", str(out), "--nodes", "20000", "--budget", "30", "--json"]
    assert main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["budget_nodes"] == 20_000 and summary["decides"] == "positions" and summary["backstop"] == 0
    assert summary["backstop_s"] == 30 and json.loads(out.read_text().splitlines()[0])["budget"]["seconds"] == 30
    broken = tmp_path / "rates.json"
    broken.write_text('{"games": {}}\n')
    with pytest.raises(InputError, match="no rate for shah solvable"):
        budgets.rate("shah", "solvable", broken)
