"""The stages keep some facts twice (the engine must run in the browser
without the pipeline): the game table of extract/ and the engine's game
classes must agree on them."""

import pytest

import engine
from extract import games

TABLE = games.games()


def test_every_game_of_the_table_is_in_the_engine_and_back():
    assert sorted(TABLE) == sorted(game.slug for game in engine.GAMES)


@pytest.mark.parametrize("slug", sorted(TABLE))
def test_titles_and_decks_agree(slug):
    row, game = TABLE[slug], engine.find_game(slug)
    assert game.decks == row.decks
    assert game.title_modern == row.ru_modern
    assert game.title_en == row.en
    if row.ru_1912:  # the modern witnesses have no 1912 title
        assert game.title_1912 == row.ru_1912
