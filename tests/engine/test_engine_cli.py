"""The engine's commands: rules, layout, deal, moves, check, and their errors."""

from __future__ import annotations

import json

import pytest

from pasyans.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_deal_moves_check_round_trip(tmp_path, capsys):
    code, out, _ = run(capsys, "deal", "belle-lucie", "--seed", "1", "--json")
    assert code == 0
    state = json.loads(out)
    assert state["piles"]["fan-1"] == ["7H", "9S", "4H"]
    path = tmp_path / "state.json"
    path.write_text(out)
    code, out, _ = run(capsys, "moves", "belle-lucie", "--state", str(path), "--json")
    moves = json.loads(out)["moves"]
    assert code == 0 and moves and all(m["clause_ids"] for m in moves)
    first = moves[0]["move"]
    code, out, _ = run(capsys, "check", "belle-lucie", "--state", str(path), "--move", first, "--json")
    verdict = json.loads(out)
    assert verdict["allowed"] and verdict["clause_ids"]
    code, out, err = run(capsys, "check", "Прекрасная Люція", "--state", str(path), "--move", "fan-1>fan-2", "--json")
    verdict = json.loads(out)
    assert code == 2 and "illegal move fan-1>fan-2" in err and "belle-lucie.play.3.2" in err
    assert not verdict["allowed"] and verdict["rule_ids"] == ["belle-lucie.marriage-downwards"]
    assert verdict["ru"].startswith("Нельзя") and verdict["en"].startswith("Not allowed")


def test_layout_and_rules(capsys):
    code, out, _ = run(capsys, "layout", "belle-lucie", "--json")
    assert code == 0 and len(json.loads(out)["piles"]) == 22
    code, out, _ = run(capsys, "rules", "--game", "belle-lucie", "--json")
    data = json.loads(out)
    ids = {r["id"] for r in data["rules"]}
    assert "belle-lucie.marriage-downwards" in ids
    assert all(r["file"].startswith("engine/") and r["line"] > 0 for r in data["rules"])
    assert {a["id"] for a in data["assumptions"]} >= {"belle-lucie.assume.empty-fan-stays-empty"}


@pytest.mark.parametrize("content, line, words", [
    ('{"game": "belle-lucie",\n "piles": {\n  "fan-1": ["KS",\n "KX"]}}', 4, "unknown card"),
    ('{"game": "belle-lucie",\n "piles": {\n  "fan-77": ["KS"]}}', 3, "unknown pile"),
    ('{"game": "belle-lucie",\n "piles": {"fan-1": ["KS"],\n "fan-2": ["KS"]}}', 3, "more copies"),
    ('{"game": "belle-lucie",\n "piles": [}', 2, "not JSON"),
])
def test_bad_state_files_name_file_and_line(tmp_path, capsys, content, line, words):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out, err = run(capsys, "moves", "belle-lucie", "--state", str(path), "--json")
    assert code == 2 and out == ""
    assert err.startswith(f"pasyans: {path}:{line}: ") and words in err
    assert "Traceback" not in err


def test_other_mistakes_exit_2(tmp_path, capsys):
    assert run(capsys, "layout", "klondike")[0] == 2
    assert run(capsys, "moves", "belle-lucie", "--state", str(tmp_path / "missing.json"))[0] == 2
    path = tmp_path / "s.json"
    path.write_text('{"game": "belle-lucie", "piles": {}}')
    code, _, err = run(capsys, "check", "belle-lucie", "--state", str(path), "--move", "a>")
    assert code == 2 and "bad move" in err
    assert run(capsys, "deal", "belle-lucie", "--seed", "-1")[0] == 2


def test_rules_coverage_command(capsys):
    code, out, _ = run(capsys, "rules", "--coverage", "--game", "belle-lucie", "--json")
    result = json.loads(out)
    assert code == 0 and result["games"] == ["belle-lucie"]
    assert result["uncited_rule_clauses"] == [] and result["unknown_citations"] == []
    assert "belle-lucie.rule.1" in result["citations"]
