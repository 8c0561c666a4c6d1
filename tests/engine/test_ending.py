"""Each game's end names the clause that ends it (Game.ENDING), as the end
banner quotes it: a clause of the book (or, where the text is silent or
lost, an assumption) that the game's won or lost rule implements, and of a
kind that fits the end: a won game's clause says it comes out or names where
every card must end; only a lost game's may be the limit of its deals."""

from __future__ import annotations

import pytest

import engine
from engine.core import ENDING_HOW

# The games whose ending clause says in words when the game comes out or
# fails and also governs play (so another rule cites it too): «Пасьянс
# сошелся, если трех раскладок колоды достаточно…» counts the layouts;
# Fifteen's «пасьянс считается вполне неудавшимся» closes its last resort.
SAYS_AND_DEALS = {"chinese-letter", "grand-layout", "idet-ne-idet", "fifteen"}
FITS = {"won": {"says", "goal", "assumption"}, "lost": {"says", "limit", "assumption"}}


@pytest.fixture(scope="module")
def book_clauses():
    import extract

    return {c.id: c for c in extract.book().clauses}


@pytest.mark.parametrize("game", engine.GAMES, ids=lambda g: g.slug)
def test_the_ending_clause_exists_and_is_the_rules_own(game, book_clauses):
    assumptions = {a.id for a in engine.all_assumptions()}
    for end, rule in (("won", game.WON), ("lost", game.LOST)):
        ident, how = game.ENDING[end]
        assert how in ENDING_HOW and how in FITS[end], f"{game.slug} {end}: {how}"
        if how == "assumption":
            assert ident in assumptions and ident in rule.assumptions, f"{game.slug} {end}: {ident}"
        else:
            assert ident in book_clauses, f"{game.slug} {end}: no clause {ident}"
            assert ident in rule.clauses, f"{game.slug} {end}: {rule.id} does not cite {ident}"
            clause = book_clauses[ident]
            assert clause.game in (game.slug, "belle-lucie"), f"{game.slug} {end}: {ident} is {clause.game}'s"


# A clause that only deals or moves cards never ends a game: the ones the
# engine's redeal and move rules cite (the redeals allowed are a limit, and
# only a lost game's).
def _move_and_deal_clauses(game) -> set[str]:
    ending = {game.WON.id, game.LOST.id}
    return {c for rule in engine.all_rules(game.slug) if rule.id not in ending for c in rule.clauses}


@pytest.mark.parametrize("game", engine.GAMES, ids=lambda g: g.slug)
def test_a_lost_game_is_not_said_to_end_by_a_clause_that_deals(game):
    lost, how = game.ENDING["lost"]
    if lost in _move_and_deal_clauses(game) and how != "limit":
        # a clause the redeal rule also follows may end the game only if it says so in words
        assert how == "says" and game.slug in SAYS_AND_DEALS, f"{game.slug}: {lost} deals; it is the limit reached"


def test_belle_lucie_is_lost_by_the_limit_of_its_redeals_not_by_a_clause_that_says_so():
    lucie = engine.find_game("belle-lucie")
    assert lucie.ENDING["lost"] == ("belle-lucie.play.5", "limit")
    assert engine.find_game("fifteen").ENDING["lost"] == ("fifteen.play.2", "says")  # «пасьянс считается вполне неудавшимся»
