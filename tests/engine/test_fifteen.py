"""Пятнадцать: the sixth-row exception, the bases of the opening, the
foundations' rows and the three readings, on concrete layouts.

The rule cases (cases/fifteen.json) judge single positions; these tests play
moves, so that the records of the game (`extra`: which sixth-row cards are
still in place, the opening, the pair of the exception, column 15's lone
card) are checked as they change, undone and reloaded.
"""

from __future__ import annotations

import json
import random

import pytest

from engine import Move, StateError, find_game
from engine.coverage import catch_all_refusals

from engine_helpers import expand

Fifteen = find_game("fifteen")
ALL = (1 << 15) - 1
LONE = "fifteen.assume.lone-sixth-row-card"
SUITS = "fifteen.assume.foundation-suits"
PAIR = "fifteen.assume.sixth-row-pair"

# Fourteen columns whose cards neither marry each other nor go home: with
# them a layout has no lane and no move but those of the columns a test sets.
FILL = {"col-2": ["2S"], "col-3": ["4S"], "col-4": ["6S"], "col-5": ["8S"], "col-6": ["10S"], "col-7": ["QS"],
        "col-8": ["3H"], "col-9": ["5H"], "col-10": ["7H"], "col-11": ["2D"], "col-12": ["4D"], "col-13": ["6D"],
        "col-14": ["3C"], "col-15": ["5C"]}

# issue 10, regression case: 9H can be married onto 10H, so the game can go on
REGRESSION = ('{"game":"fifteen","deal":0,"piles":{"col-1":["4H"],"col-2":["9C"],"col-3":["8S"],"col-5":["QC"],'
              '"col-6":["2D"],"col-7":["10S"],"col-8":["4D"],"col-10":["QS"],"col-12":["9H"],"col-14":["9D"],'
              '"col-15":["10H"],"col-4":["2C","3H","5D","6H","7S","AS","7D"],"col-9":["8C","9H","10C","JD","QH",'
              '"KD","3C"],"col-11":["2H","3D","5C","6D","7H","AH","5S"],"col-13":["8D","9S","JS","10H","AC","QC",'
              '"6C"]},"extra":{"sixth_row":5384}}')


def load(piles: dict, readings: dict | None = None, fill: bool = False, **extra) -> "Fifteen":
    piles = {**FILL, **piles} if fill else piles
    state = {"game": "fifteen", "deal": 0, "piles": {k: expand(v) for k, v in piles.items()},
             "extra": {"sixth_ace": 0, "sixth_king": 0, "sixth_row": 0, **extra}}
    if readings:
        state["readings"] = readings
    return Fifteen.from_portable(state)


def codes(game, pile: str) -> list[str]:
    return game.to_portable()["piles"][pile]


def actions(game) -> list[str]:
    return [str(m) for m in game.legal_moves if m.action]


# -- the sixth-row exception ------------------------------------------------

def test_regression_the_exception_is_refused_while_a_card_can_be_married():
    game = Fifteen.from_portable(json.loads(REGRESSION))
    verdict = game.explain("sixth-row:col-4")
    assert not verdict.allowed
    assert verdict.rules == ("fifteen.sixth-row-ace-and-king",)
    assert "fifteen.play.1.6" in verdict.clauses and "fifteen.assume.sixth-row-when-stuck" in verdict.assumptions
    assert Move.parse("sixth-row:col-4") not in game.legal_moves
    assert Move.parse("col-12>col-15") in game.legal_moves  # 9H onto 10H


def test_the_exception_opens_only_at_a_standstill_before_the_game_begins():
    ace = ["5S", "6D", "7C", "8S", "9S", "AH", "9D"]
    assert actions(load({"col-1": ace}, fill=True, sixth_row=1)) == ["sixth-row:col-1"]
    # a marriage (10D for 9D), a lane, a card that can go home: each keeps it shut
    assert actions(load({"col-1": ace, "col-2": ["10D"]}, fill=True, sixth_row=1)) == []
    assert actions(load({"col-1": ace, "col-2": []}, fill=True, sixth_row=1)) == []
    assert actions(load({"col-1": ace, "col-2": ["KC"]}, fill=True, sixth_row=1)) == []
    # a foundation laid by an ordinary move: the game has begun
    begun = load({"col-1": ace, "foundation-K-1": ["KC"]}, fill=True, sixth_row=1)
    assert actions(begun) == [] and not begun.explain("sixth-row:col-1").allowed


def test_a_shuttle_that_leads_to_a_move_is_no_standstill():
    # both packs' 9C and 10C: each move now lays a card on its twin's place
    # (a shuttle), but 9C across and then 10C onto it uncovers 2C
    game = load({"col-1": ["9D", "8D", "7D", "6D", "5D", "AH", "2C", "10C", "9C"], "col-2": ["JD", "9C", "10C"]},
                fill=True, sixth_row=1)
    card_moves = [m for m in game.legal_moves if not m.action]
    assert {str(m) for m in card_moves} == {"col-1>col-2", "col-2>col-1"}
    assert all(game.is_shuttle(m) for m in card_moves)
    assert actions(game) == [] and not game.explain("sixth-row:col-1").allowed


def test_the_exception_takes_the_sixth_row_card_and_the_cover_closes_up():
    # KD dealt in the sixth row, under its seventh-row card 4H and the 9H married onto it
    game = load({"col-1": ["9C", "8C", "7C", "6C", "5C", "KD", "4H", "9H"]}, fill=True, sixth_row=1)
    assert Move.parse("sixth-row:col-1") in game.legal_moves
    game.play("sixth-row:col-1")
    assert codes(game, "col-1") == ["9C", "8C", "7C", "6C", "5C", "4H", "9H"]
    assert codes(game, "foundation-K-1") == ["KD"]
    # 4H moved up into the sixth row, but it was not dealt there
    assert game.extra["sixth_row"] == 0 and game.extra["sixth_king"] == 1 and game.extra["sixth_open"] == 1
    game.pop()
    assert codes(game, "col-1") == ["9C", "8C", "7C", "6C", "5C", "KD", "4H", "9H"]
    assert game.extra == {"sixth_ace": 0, "sixth_king": 0, "sixth_row": 1, "sixth_open": 0, "opening": 0}


def test_a_card_married_into_the_sixth_place_is_not_from_the_sixth_row():
    # col-1 loses its seventh- and sixth-row cards, then an ace is married
    # onto its fifth and covered; col-2 keeps its dealt KD under a marriage
    game = load({"col-1": ["9C", "8C", "7C", "6C", "2S", "QD", "JH"],
                 "col-2": ["3C", "4C", "5C", "6D", "7D", "KD", "JD"],
                 "col-3": ["3D", "4D", "5D", "6S", "7S", "8S", "QH"],
                 "col-4": ["3H", "4H", "5H", "6H", "7H", "9H", "AS"],
                 "col-5": ["10C", "JC", "QC", "8H", "10H", "10D", "2S"],
                 "col-6": ["4C"], "col-7": ["6C"], "col-8": ["8C"], "col-9": ["5D"], "col-10": ["7D"],
                 "col-11": ["4S"], "col-12": ["6S"], "col-13": ["8S"], "col-14": ["5H"], "col-15": ["7H"]},
                sixth_row=0b11111)
    game.play("col-1>col-3")   # JH onto QH
    game.play("col-1>col-2")   # QD onto JD
    assert game.extra["sixth_row"] == 0b11110  # col-1 is down to its five dealt cards
    game.play("col-4>col-1")   # AS married onto 2S, into col-1's sixth place
    game.play("col-5>col-1")   # the other 2S covers it
    assert codes(game, "col-1")[5] == "AS" and codes(game, "col-2")[5] == "KD"
    assert not game.explain("sixth-row:col-1").allowed
    assert actions(game) == ["sixth-row:col-2"]
    while game.move_stack:
        game.pop()
    assert game.extra["sixth_row"] == 0b11111


def test_an_ordinary_foundation_move_closes_the_exception_for_good():
    game = load({"col-1": ["5S", "6D", "7C", "8S", "9S", "AH", "9D"],
                 "col-2": ["2C", "3C", "4C", "5C", "6C", "KD", "AS"]}, sixth_row=0b11)
    game.play("col-2>foundation-A-1")
    assert game.extra["sixth_row"] == 0
    assert not any(m.action for m in game.legal_moves)
    game.pop()
    assert game.extra["sixth_row"] == 0b11


def test_the_pair_reading_decides_whether_the_king_may_follow_the_ace():
    # the exception took AH; now 2H could go up, so there is no standstill
    piles = {"col-1": ["2H"], "col-2": ["3S", "4S", "5H", "6H", "7D", "KD", "QC"], "foundation-A-1": ["AH"]}
    extra = {"sixth_ace": 1, "sixth_row": 2, "sixth_open": 1}
    together = load(piles, fill=True, **extra)
    apart = load(piles, {PAIR: "each-at-a-standstill"}, fill=True, **extra)
    assert together.explain("sixth-row:col-2").allowed and "sixth-row:col-2" in actions(together)
    verdict = apart.explain("sixth-row:col-2")
    assert not verdict.allowed and dict(verdict.readings)[PAIR] == "each-at-a-standstill"
    assert [o["alternative"] for o in apart.verdicts_under_readings("sixth-row:col-2")] == ["together"]
    # once another move is made, the pair is broken under both readings
    together.play("col-1>foundation-A-1")
    assert together.extra["sixth_open"] == 0 and actions(together) == []


def test_taking_the_ace_by_the_exception_then_the_king_in_one_go():
    game = load({"col-1": ["5S", "6D", "7C", "8S", "9S", "AH", "2H"],
                 "col-2": ["3S", "4S", "5H", "6H", "7D", "KD", "QC"], "col-8": ["JH"]}, fill=True, sixth_row=0b11)
    game.play("sixth-row:col-1")  # AH up: 2H could follow it now
    assert game.extra["sixth_open"] == 1 and "sixth-row:col-2" in actions(game)
    game.play("sixth-row:col-2")
    assert game.extra == {"sixth_ace": 1, "sixth_king": 1, "sixth_row": 0, "sixth_open": 0, "opening": 0}
    assert codes(game, "foundation-A-1") == ["AH"] and codes(game, "foundation-K-1") == ["KD"]


@pytest.mark.parametrize("extra, where", [
    ({"sixth_row": 1}, "extra.sixth_row"),             # col-1 has too few cards to hold a sixth-row card
    ({"sixth_row": 1 << 15}, "extra.sixth_row"),       # no sixteenth column
    ({"sixth_row": -1}, "extra.sixth_row"),
    ({"sixth_ace": 2}, "extra.sixth_ace"),
    ({"sixth_open": 1}, "extra.sixth_open"),            # open, but nothing was taken
    ({"opening": 3}, "extra.opening"),
])
def test_a_tampered_record_is_refused(extra, where):
    with pytest.raises(StateError) as caught:
        load({"col-1": ["5S", "6D", "7C", "8S", "9S"]}, **extra)
    assert caught.value.where == where


def test_the_deal_records_every_sixth_row_card():
    game = Fifteen(deal=3)
    assert game.extra["sixth_row"] == ALL and game.extra["opening"] == 1
    again = Fifteen.from_portable(game.to_portable())
    assert again.extra == game.extra and again.piles == game.piles


def _deals_reaching_the_exception(count: int) -> list[int]:
    """Deals whose random play (no foundation move) reaches the exception."""
    found = []
    for deal in range(1, 300):
        game = Fifteen(deal=deal)
        rng = random.Random(deal)
        for _ in range(60):
            moves = list(game.legal_moves)
            if any(m.action for m in moves):
                found.append(deal)
                break
            quiet = [m for m in moves if game.roles[game.index[m.dst]] != "foundation"]
            if not quiet:
                break
            game.push(rng.choice(quiet))
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("deal", [1, 2, 5] + _deals_reaching_the_exception(3))
def test_a_recorded_card_is_the_dealt_one_still_in_place(deal):
    """Against an independent tally: a column's bit is set exactly while the
    exception can still open, nothing has been taken from that column, and
    the column was never cut to five cards; its sixth card is then the dealt
    one. The play avoids foundation moves where it can and takes the
    exception half the times it is offered, to stay long in the time before
    the game begins."""
    rng = random.Random(deal)
    game = Fifteen(deal=deal)
    columns = game.by_role["column"]
    dealt = {i: game.piles[i][5] for i in columns}
    shortest = {i: len(game.piles[i]) for i in columns}
    taken: set[int] = set()
    closed = False
    for _ in range(150):
        moves = list(game.legal_moves)
        if not moves:
            break
        taking = [m for m in moves if m.action]
        quiet = [m for m in moves if not m.action and game.roles[game.index[m.dst]] != "foundation"]
        move = rng.choice(taking if taking and rng.random() < 0.5 else quiet or moves)
        game.push(move)
        if move.action:
            taken.add(game.index[move.action.partition(":")[2]])
        else:
            src = game.index[move.src]
            shortest[src] = min(shortest[src], len(game.piles[src]))
            closed |= game.roles[game.index[move.dst]] == "foundation"
        closed |= game.extra["sixth_ace"] + game.extra["sixth_king"] == 2
        for k, i in enumerate(columns):
            expected = not closed and i not in taken and shortest[i] > 5
            assert bool(game.extra["sixth_row"] >> k & 1) is expected
            if expected:
                assert game.piles[i][5] == dealt[i]
        assert Fifteen.from_portable(game.to_portable()).extra == game.extra


# -- the bases of the opening -------------------------------------------------

def test_the_opening_plays_go_first():
    game = Fifteen(deal=1)
    moves = list(game.legal_moves)
    assert moves and all(game.roles[game.index[m.dst]] == "foundation" for m in moves)
    while game.foundation_moves():
        game.play(game.foundation_moves()[0])
        assert game.extra["opening"] == 1
    # once no card of the bottom row can go up, the marriages begin
    marriage = next((m for m in game.legal_moves if not m.action), None)
    if marriage is not None:
        game.play(marriage)
        assert game.extra["opening"] == 0


def test_a_marriage_waits_while_a_card_of_the_opening_can_go_up():
    piles = {"col-1": ["9D", "AS"], "col-2": ["6S"], "col-3": ["7S"], "col-4": ["5D", "2S"]}
    opening = load(piles, opening=1)
    verdict = opening.explain("col-2>col-3")
    assert not verdict.allowed and verdict.rules == ("fifteen.opening-plays-first",)
    assert "fifteen.play.1.5" in verdict.clauses
    assert [str(m) for m in opening.legal_moves] == ["col-1>foundation-A-1"]
    opening.play("col-1>foundation-A-1")
    # the 2S follows its ace before the marriages
    assert [str(m) for m in opening.legal_moves] == ["col-4>foundation-A-1"]
    opening.play("col-4>foundation-A-1")
    assert opening.extra["opening"] == 1 and Move.parse("col-2>col-3") in opening.legal_moves
    opening.play("col-2>col-3")
    assert opening.extra["opening"] == 0
    # later, or in a study position, a card that could go up may wait
    assert load(piles).explain("col-2>col-3").allowed


# -- the foundations' rows and the readings -------------------------------------

def test_a_base_goes_to_the_first_free_place_of_its_row():
    game = load({"col-1": ["9D", "AH"], "foundation-A-1": ["AS"]})
    assert [str(m) for m in game.legal_moves if game.roles[game.index[m.dst]] == "foundation"] == \
        ["col-1>foundation-A-2"]
    verdict = game.explain("col-1>foundation-A-3")
    assert not verdict.allowed and verdict.rules == ("fifteen.bases-fill-their-row",)
    assert verdict.assumptions == ("fifteen.assume.bases-fill-their-row",)


def test_the_foundation_suits_reading_decides_a_second_ace_of_a_suit():
    piles = {"col-1": ["9D", "AS"], "foundation-A-1": ["AS", "2S"]}
    one = load(piles)
    any_four = load(piles, {SUITS: "any-four"})
    assert not one.explain("col-1>foundation-A-2").allowed
    assert one.explain("col-1>foundation-A-2").rules == ("fifteen.aces-and-kings-found-in-play",)
    assert any_four.explain("col-1>foundation-A-2").allowed
    assert Move.parse("col-1>foundation-A-2") in any_four.legal_moves
    # the second spade pile then follows spades, and the position reloads under its reading
    any_four.play("col-1>foundation-A-2")
    state = any_four.to_portable()
    assert state["readings"] == {SUITS: "any-four"}
    again = Fifteen.from_portable(state)
    assert again.readings[SUITS] == "any-four" and list(again.legal_moves) == list(any_four.legal_moves)
    # under the edition's reading two spade aces' piles are no position of the game
    with pytest.raises(StateError) as caught:
        Fifteen.from_portable({**state, "readings": {}})
    assert caught.value.where == "piles.foundation-A-1"


def test_a_foundation_follows_the_suit_of_its_base():
    with pytest.raises(StateError) as caught:
        load({"foundation-A-1": ["AS", "2H"]})
    assert caught.value.where == "piles.foundation-A-1[1]"


def test_the_lone_card_reading_decides_column_15s_lowest_card():
    piles = {"col-15": ["9D", "8C", "7C", "6C", "5C", "AS"], "col-1": ["2H", "3H", "4H", "5H", "6H", "7H", "8H"],
             "col-2": ["2S"]}
    available = load(piles)
    waiting = load(piles, {LONE: "with-the-seventh-row"})
    assert available.explain("col-15>foundation-A-1").allowed
    verdict = waiting.explain("col-15>foundation-A-1")
    assert not verdict.allowed and verdict.rules == ("fifteen.lone-card-waits",)
    assert dict(verdict.readings) == {LONE: "with-the-seventh-row"}
    assert not waiting.explain("col-2>col-15").allowed  # nothing is married onto it either
    assert available.explain("col-2>col-15").allowed
    # the edition's own position shows what the other reading would say
    other = available.verdicts_under_readings("col-15>foundation-A-1")
    assert [(o["alternative"], o["allowed"]) for o in other] == [("with-the-seventh-row", False)]


def test_column_15_is_released_once_the_seventh_row_has_gone():
    game = load({"col-15": ["9D", "8C", "7C", "6C", "5C", "AS"], "col-1": ["2H", "3H", "4H", "5H", "6H", "7H", "8H"],
                 "col-2": ["JC", "9H"]}, {LONE: "with-the-seventh-row"})
    assert game.lone_card_waits() and Move.parse("col-15>foundation-A-1") not in game.legal_moves
    game.play("col-1>col-2")  # 8H onto 9H: no column holds a seventh card any more
    assert not game.lone_card_waits() and Move.parse("col-15>foundation-A-1") in game.legal_moves
    game.pop()
    assert game.lone_card_waits()
    # in a fresh deal it waits under that reading, never under the edition's
    assert Fifteen(deal=4, readings={LONE: "with-the-seventh-row"}).lone_card_waits()
    assert not Fifteen(deal=4).lone_card_waits()


def test_under_the_waiting_reading_the_exception_may_take_column_15s_card():
    piles = {"col-15": ["9D", "8C", "7C", "6C", "5C", "KH"], "col-1": ["2C", "3C", "4C", "5H", "6H", "7C", "9C"]}
    game = load({**{k: v for k, v in FILL.items() if k not in piles}, **piles}, {LONE: "with-the-seventh-row"},
                sixth_row=1 << 14)
    assert actions(game) == ["sixth-row:col-15"]
    game.play("sixth-row:col-15")
    assert not game.lone_card_waits() and codes(game, "foundation-K-1") == ["KH"]
    # under the edition's reading KH is simply available and goes up by an ordinary move
    plain = load({**{k: v for k, v in FILL.items() if k not in piles}, **piles}, sixth_row=1 << 14)
    assert actions(plain) == [] and Move.parse("col-15>foundation-K-1") in plain.legal_moves


# -- refusals cite the text ----------------------------------------------------------

def test_every_refusal_route_cites_a_clause_or_a_named_assumption():
    for key, route in Fifteen.ROUTES.items():
        for rule in route:
            assert rule.clauses or rule.assumptions, (key, rule.id)
    assert catch_all_refusals([Fifteen]) == []
    game = load({"col-1": ["6S"], "foundation-A-1": ["AS", "2S"]})
    redeal = game.explain("redeal")
    assert not redeal.allowed and {"fifteen.play.5.4", "fifteen.play.2"} <= set(redeal.clauses)
    back = game.explain("foundation-A-1>col-1")
    assert not back.allowed and back.clauses == ("fifteen.rule.1",)


# -- the end ------------------------------------------------------------------


def test_the_game_is_lost_when_only_a_lone_card_can_go_from_lane_to_lane():
    """play.2 / play.5.4: no repeat, no further breach of the rules; a lone
    card going into a lane leaves a lane behind and changes nothing
    (`engine.assume.standstill`), so the game is over."""
    fill = {k: v for k, v in FILL.items() if k != "col-2"}
    game = load({**fill, "col-1": ["7C"], "foundation-A-1": ["AC"]}, sixth_ace=1, sixth_king=1)
    moves = list(game.legal_moves)
    assert moves and all(game.is_shuttle(m) for m in moves)
    outcome = game.outcome()
    assert outcome is not None and outcome.rule == "fifteen.lost"
    assert {"fifteen.play.2", "fifteen.play.5.4"} <= set(outcome.clauses)
    # a column of two: its bottom card goes into the lane and uncovers the other, play goes on
    going = load({**fill, "col-1": ["QD", "7C"], "foundation-A-1": ["AC"]}, sixth_ace=1, sixth_king=1)
    assert going.outcome() is None
    going.play("col-1>col-2")
    assert going.outcome() is not None and going.outcome().rule == "fifteen.lost"
