"""The game table and `pasyans games` (extract/games.py, extract/games_cli.py)."""

from __future__ import annotations

import json

import pytest

from extract import games, games_cli
from pasyans.errors import InputError

SLUGS = ["belle-lucie", "house-in-the-wood", "house-on-the-hill", "cadran", "fifteen", "salic-law",
         "four-corners", "mill", "shah", "parterre", "hemispheres", "exiles", "napoleon", "grand-layout",
         "chinese-letter", "idet-ne-idet"]


def test_the_fixed_slugs_in_order():
    assert list(games.games()) == SLUGS


def test_variants_inherit_belle_lucie():
    assert games.find("house-in-the-wood").inherits == "belle-lucie"
    assert games.find("house-on-the-hill").inherits == "belle-lucie"


def test_every_game_has_clauses(book):
    with_clauses = {clause.game for clause in book.clauses}
    assert set(SLUGS) <= with_clauses


def test_unknown_game():
    with pytest.raises(InputError, match="no game 'nope'"):
        games.find("nope")


def test_bad_entries_name_their_line(tmp_path):
    path = tmp_path / "games.toml"
    path.write_text('[[game]]\nslug = "a"\nru_modern = "А"\nen = "A"\ndecks = 1\nwitnesses = []\n\n'
                    '[[game]]\nslug = "b"\nru_modern = "Б"\nen = "B"\ndecks = 0\nwitnesses = []\n', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        games.load(path)
    assert caught.value.line == 8 and "decks" in caught.value.problem
    path.write_text('[[game]]\nslug = "a"\nru_modern = "А"\nen = "A"\ndecks = 1\nwitnesses = []\ninherits = "z"\n',
                    encoding="utf-8")
    with pytest.raises(InputError, match="unknown game 'z'"):
        games.load(path)


def test_status_asks_the_engine(monkeypatch):
    class FakeEngine:
        @staticmethod
        def find_game(slug):
            if slug != "mill":
                raise LookupError(slug)
            return object

    monkeypatch.setattr(games_cli, "_engine", lambda: FakeEngine)
    assert games_cli.status("mill") == "playable"
    assert games_cli.status("shah") == "text only"
    monkeypatch.setattr(games_cli, "_engine", lambda: None)
    assert games_cli.status("mill") == "text only"


def test_games_json(capsys):
    from pasyans.cli import main

    assert main(["games", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert [r["slug"] for r in records] == SLUGS
    assert {r["status"] for r in records} <= {"playable", "text only"}
    assert records[0]["ru_1912"] == "Прекрасная Люція" and records[0]["en"] == "La Belle Lucie"
