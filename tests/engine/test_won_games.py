"""For every game: a complete won game (deal + move list) replayed from the
deal to the win, every move checked by the rules (`play`).

The move lists come from make_won_games.py (a search); the test does not
search, it only replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import GAMES, Termination, find_game

WON = json.loads(Path(__file__).with_name("won_games.json").read_text())


@pytest.mark.parametrize("slug", [g.slug for g in GAMES])
def test_a_won_game_replays(slug):
    assert slug in WON, f"no won game recorded for {slug}: run tests/engine/make_won_games.py {slug}"
    record = WON[slug]
    game = find_game(slug)(record["deal"])
    for text in record["moves"]:
        assert game.outcome() is None
        game.play(text)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.WON
    assert outcome.rule == find_game(slug).WON.id and outcome.clauses
    assert not list(game.legal_moves) or game.is_won()
