"""The core of readings (issue 11) and of the standstill (issue 10), on a
test-only game: a Прекрасная Люція whose marriage may also go upwards."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine import Alternative, Move, StateError, find_game
from engine.core import STANDSTILL
from engine.rulebook import RuleBook

Lucie = find_game("belle-lucie")
lucie = sys.modules[Lucie.__module__]

RULES = RuleBook("two-ways")
RULES.extend(Lucie.RULES)
DIRECTION = RULES.reading(
    "marriage-direction",
    "A test reading: which way a marriage may go.",
    alternatives=(
        Alternative("down", "downwards only", ("belle-lucie.play.3.2",), value=(1,)),
        Alternative("both", "downwards or upwards", (), value=(1, -1)),
    ),
    default="down", why_default="as in the book")


@RULES.rule("marriage", cites=("belle-lucie.play.3.2", DIRECTION), ru="марьяж", en="marriage")
def marriage(game, move):
    """A card goes on the card of its suit one higher (or lower, under "both")."""
    dst = game.piles[game.index[move.dst]]
    if not dst:
        return None
    card = game.piles[game.index[move.src]][-1]
    return any(card + step == dst[-1] for step in DIRECTION.of(game))


class TwoWays(lucie.FanGame):
    slug = "two-ways"
    decks = 1
    REDEALS = 0
    PILES = Lucie.PILES
    RULES = RULES
    ROUTES = {("fan", "foundation"): Lucie.ROUTES[("fan", "foundation")],
              ("fan", "fan"): (lucie.top_card_available, lucie.empty_fan_stays_empty, marriage)}
    WON = lucie.won
    MARRY = (1, -1)  # the generator offers both; the rule decides

    def generate_moves(self):
        return type(self).__mro__[2].generate_moves(self)  # the routes' slow generator (Game's)


STATE = {"game": "two-ways", "deal": 0, "piles": {"fan-1": ["KS", "6H"], "fan-2": ["5H"]}}


def test_a_game_knows_its_readings_and_their_defaults():
    # the test game's own reading, beside those it takes over from belle-lucie's rule book
    assert set(TwoWays.READINGS) == {"two-ways.assume.marriage-direction"} | set(Lucie.READINGS)
    game = TwoWays.from_portable(STATE)
    assert game.readings == {"two-ways.assume.marriage-direction": "down",
                             **{ident: reading.default for ident, reading in Lucie.READINGS.items()}}
    assert "readings" not in game.to_portable()  # defaults are not written


def test_the_reading_decides_the_verdict_and_is_named():
    down = TwoWays.from_portable(STATE)
    both = TwoWays.from_portable({**STATE, "readings": {DIRECTION.id: "both"}})
    move = Move.parse("fan-1>fan-2")  # 6H onto 5H: upwards
    assert not down.explain(move).allowed and move not in down.legal_moves
    assert both.explain(move).allowed and move in both.legal_moves
    verdict = down.explain(move)
    assert DIRECTION.id in verdict.assumptions and dict(verdict.readings) == {DIRECTION.id: "down"}
    assert verdict.to_json()["readings"] == {DIRECTION.id: "down"}
    other = down.verdicts_under_readings(move)
    assert other == [{"reading": DIRECTION.id, "alternative": "both", "allowed": True,
                      "ru": other[0]["ru"], "en": other[0]["en"], "rule_ids": other[0]["rule_ids"]}]


def test_readings_round_trip_and_survive_copy_and_undo():
    both = TwoWays.from_portable({**STATE, "readings": {DIRECTION.id: "both"}})
    assert both.to_portable()["readings"] == {DIRECTION.id: "both"}
    assert TwoWays.from_portable(both.to_portable()).to_portable() == both.to_portable()
    copy = both.copy()
    copy.push(Move.parse("fan-1>fan-2"))
    copy.pop()
    assert copy.readings == both.readings


@pytest.mark.parametrize("readings, where", [
    ({"two-ways.assume.nothing": "down"}, "readings.two-ways.assume.nothing"),
    ({DIRECTION.id: "sideways"}, f"readings.{DIRECTION.id}"),
])
def test_unknown_readings_are_refused(readings, where):
    with pytest.raises(StateError) as error:
        TwoWays.from_portable({**STATE, "readings": readings})
    assert error.value.where == where
    with pytest.raises(StateError):
        TwoWays(1, readings=readings)


def test_readings_must_be_an_object_of_strings():
    with pytest.raises(StateError):
        TwoWays.from_portable({**STATE, "readings": ["both"]})
    with pytest.raises(StateError):
        TwoWays.from_portable({**STATE, "readings": {DIRECTION.id: 2}})


def test_a_reading_needs_alternatives_and_a_default_among_them():
    book = RuleBook("bad")
    with pytest.raises(ValueError):
        book.reading("one", "r", alternatives=(Alternative("a", "a"),), default="a", why_default="w")
    with pytest.raises(ValueError):
        book.reading("two", "r", alternatives=(Alternative("a", "a"), Alternative("b", "b")),
                     default="c", why_default="w")


# -- the standstill -----------------------------------------------------------------

House = find_game("house-in-the-wood")


def house(piles: dict):
    return House.from_portable({"game": House.slug, "deal": 0, "piles": piles, "redeals_left": 0})


def test_a_twin_shuttle_alone_is_a_standstill():
    game = house({"fan-1": ["9C", "5H", "4H"], "fan-2": ["9C", "5H"]})
    moves = [m for m in game.legal_moves if not m.action]
    assert moves and all(game.is_shuttle(m) for m in moves)
    assert game.is_standstill()
    assert STANDSTILL == "engine.assume.standstill"


def test_shuttles_that_lead_to_a_real_move_are_no_standstill():
    # 4H onto the other 5H is a shuttle, and so is 5H onto 6H; but after the
    # first, fan-1's 5H can go onto 6H and uncover the 9C: play goes on
    game = house({"fan-1": ["9C", "5H", "4H"], "fan-2": ["6H", "5H"], "fan-3": ["6H"]})
    moves = [m for m in game.legal_moves if not m.action]
    assert moves and all(game.is_shuttle(m) for m in moves)
    assert not game.is_standstill()
    assert game.to_portable()["piles"]["fan-1"] == ["9C", "5H", "4H"]  # explored on a copy


def test_a_real_move_is_no_standstill_and_no_move_is_one():
    assert not house({"fan-1": ["9C", "4H"], "fan-2": ["5H"]}).is_standstill()
    assert house({"fan-1": ["9C", "4H"], "fan-2": ["6H"]}).is_standstill()


# -- the command line ---------------------------------------------------------------


def pasyans(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "pasyans", *args], input=stdin, capture_output=True,
                          text=True)


def test_readings_command_lists_readings_as_json():
    result = pasyans("readings", "--json")
    assert result.returncode == 0
    records = json.loads(result.stdout)["readings"]
    for record in records:
        assert record["default"] in [a["id"] for a in record["alternatives"]]
        assert record["reason"] and record["why_default"] and record["games"]


def test_an_unknown_reading_on_the_command_line_is_bad_input():
    result = pasyans("deal", "belle-lucie", "--seed", "1", "--reading", "no-such=thing")
    assert result.returncode == 2 and result.stderr.startswith("pasyans: ")
    assert "unknown reading" in result.stderr
    result = pasyans("deal", "belle-lucie", "--seed", "1", "--reading", "nothing")
    assert result.returncode == 2 and "ID=ALTERNATIVE" in result.stderr


def test_check_json_names_assumptions_and_readings():
    state = json.dumps({"game": "belle-lucie", "deal": 0, "piles": {"fan-1": ["KH"], "fan-2": ["QH"]}})
    result = pasyans("check", "belle-lucie", "--state", "-", "--move", "fan-2>fan-3", "--json", stdin=state)
    verdict = json.loads(result.stdout)
    assert result.returncode == 2 and not verdict["allowed"]
    assert verdict["assumption_ids"] == ["belle-lucie.assume.empty-fan-stays-empty"]
    assert verdict["readings"] == {} and verdict["under_other_readings"] == []
