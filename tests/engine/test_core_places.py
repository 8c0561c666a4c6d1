"""Cards below the top (``SRC@K>DST``): the notation, and the core's law that
a card below the top moves only where a rule of the route judges places
(declared ``places=True`` because a clause makes such cards available)."""

from __future__ import annotations

import sys

import pytest

from engine import Game, Move, find_game
from engine.rulebook import RuleBook

Lucie = find_game("belle-lucie")
lucie = sys.modules[Lucie.__module__]

RULES = RuleBook("spread-fans")
RULES.extend(Lucie.RULES)


@RULES.rule("every-card-of-a-fan", cites=("belle-lucie.play.3.1",), places=True,
            ru="любая карта веера идет на основную своей масти",
            en="any card of a fan goes to the foundation of its suit")
def every_card_of_a_fan(game, move):
    """A test rule: any card of a fan may go to its foundation, if it is the card wanted."""
    return game.moving_card(move) == game.foundation_wants(game.index[move.dst])


class SpreadFans(lucie.FanGame):
    """A test-only Прекрасная Люція whose fans are spread: every card available."""

    slug = "spread-fans"
    decks = 1
    REDEALS = 0
    PILES = Lucie.PILES
    RULES = RULES
    ROUTES = {("fan", "foundation"): (every_card_of_a_fan,)}
    WON = lucie.won

    def generate_moves(self):
        return Game.generate_moves(self)  # the routes' slow generator


STATE = {"deal": 0, "piles": {"fan-1": ["AS", "7H", "AH"], "fan-2": ["9C"]}}


def test_the_notation_round_trips():
    move = Move.parse("fan-1@2>foundation-H")
    assert move == Move("fan-1", "foundation-H", at=2) and str(move) == "fan-1@2>foundation-H"
    assert Move.parse(str(move)) == move and Move.parse("fan-1>fan-2").at == 0
    for bad in ("fan-1@0>fan-2", "fan-1@x>fan-2", "fan-1@>fan-2", "@2>fan-2"):
        with pytest.raises(ValueError):
            Move.parse(bad)


def test_a_card_below_the_top_is_refused_where_no_rule_judges_places():
    game = Lucie.from_portable({"game": "belle-lucie", **STATE})
    verdict = game.explain("fan-1@1>foundation-S")
    assert not verdict.allowed and verdict.rules == ("engine.top-card",)
    assert "terms.available" in verdict.clauses
    assert "fan-1>foundation-H" in game.legal_moves


def test_a_route_that_judges_places_moves_the_card_at_its_place():
    game = SpreadFans.from_portable({"game": "spread-fans", **STATE})
    assert set(map(str, game.legal_moves)) == {"fan-1>foundation-H", "fan-1@1>foundation-S"}
    assert game.moving_card(Move.parse("fan-1@1>foundation-S")) == game.pile("fan-1")[0]
    before = game.to_portable()
    game.play("fan-1@1>foundation-S")
    assert game.to_portable()["piles"]["fan-1"] == ["7H", "AH"]
    assert game.to_portable()["piles"]["foundation-S"] == ["AS"]
    game.pop()
    assert game.to_portable() == before


def test_the_top_card_has_one_spelling():
    game = SpreadFans.from_portable({"game": "spread-fans", **STATE})
    verdict = game.explain("fan-1@3>foundation-H")
    assert not verdict.allowed and verdict.rules == ("engine.place-below-the-top",)
    assert not game.explain("fan-1@9>foundation-H").allowed
    assert not game.explain("fan-1@1>foundation-S:2").allowed  # still one card at a time


def test_can_take_back_asks_the_reverse_move_and_leaves_the_position():
    House = find_game("house-on-the-hill")
    game = House.from_portable({"game": House.slug, "deal": 0, "redeals_left": 0,
                                "piles": {"fan-1": ["9C", "5H", "4H"], "fan-2": ["3H"], "fan-3": ["KS", "9D"]}})
    before = game.to_portable()
    move = Move.parse("fan-1>fan-2")  # 4H onto 3H (upwards): 4H can go back onto the 5H
    assert move in game.legal_moves and game.can_take_back(move)
    assert game.to_portable() == before
    back = Move.parse("fan-2>fan-1")  # 3H onto 4H leaves fan-2 empty, and an empty fan takes nothing
    assert back in game.legal_moves and not game.can_take_back(back)
    assert game.to_portable() == before
    assert not game.can_take_back(Move.parse("fan-1@2>fan-2")) and not game.can_take_back(Move(action="redeal"))


def test_a_card_below_the_top_may_go_onto_its_own_pile():
    game = SpreadFans.from_portable({"game": "spread-fans", **STATE})
    assert Move.parse("fan-1@1>fan-1").at == 1
    # the route (fan, fan) does not exist in this test game: refused by the catch-all, not as unknown piles
    assert game.explain("fan-1@1>fan-1").rules == ("engine.only-written-moves",)
    assert game.explain("fan-1>fan-1").rules == ("engine.known-piles",)
