"""`pasyans clauses` (extract/cli.py)."""

from __future__ import annotations

import json

from pasyans.cli import main


def test_clauses_json_for_one_game(capsys):
    assert main(["clauses", "--game", "cadran", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert {r["game"] for r in records} == {"cadran"}
    first = records[0]
    assert set(first) >= {"id", "game", "section", "kind", "text_1912", "text_modern", "english", "spans",
                          "variants", "rule_ids", "editorial_decision"}
    assert first["id"] == "cadran.decks.1"
    caption = next(r for r in records if r["id"] == "cadran.table.1")
    assert "Солнечные часы" in caption["editorial_decision"] or "caption" in caption["editorial_decision"]


def test_clauses_plain(capsys):
    assert main(["clauses", "--game", "terms"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("terms.available\tdefinition\t")


def test_unknown_game_is_an_input_error(capsys):
    assert main(["clauses", "--game", "nope", "--json"]) == 2
    assert "no game 'nope'" in capsys.readouterr().err


def test_help_does_not_load_spacy():
    import subprocess
    import sys

    code = "import sys; from pasyans.cli import build_parser; build_parser(); print('spacy' in sys.modules, 'lxml.etree' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
