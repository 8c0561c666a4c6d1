"""Пятнадцать: the sixth-row exception follows the cards dealt in the sixth row.

The rule cases (cases/fifteen.json) judge single positions; these tests play
moves, so that the record of which sixth-row cards are still in place
(`extra["sixth_row"]`) is checked as it changes, undone and reloaded.
"""

from __future__ import annotations

import random

import pytest

from engine import Move, StateError, find_game

from engine_helpers import expand

Fifteen = find_game("fifteen")
ALL = (1 << 15) - 1


def load(piles: dict, **extra) -> "Fifteen":
    state = {"game": "fifteen", "deal": 0, "piles": {k: expand(v) for k, v in piles.items()},
             "extra": {"sixth_ace": 0, "sixth_king": 0, "sixth_row": 0, **extra}}
    return Fifteen.from_portable(state)


def codes(game, pile: str) -> list[str]:
    return game.to_portable()["piles"][pile]


def test_the_deal_records_every_sixth_row_card():
    game = Fifteen(deal=3)
    assert game.extra["sixth_row"] == ALL
    again = Fifteen.from_portable(game.to_portable())
    assert again.extra == game.extra and again.piles == game.piles


def test_the_exception_takes_the_sixth_row_card_and_the_cover_closes_up():
    # KD dealt in the sixth row, under its seventh-row card 4H and the 3H married onto it
    game = load({"col-1": ["9C", "8C", "7C", "6C", "5C", "KD", "4H", "3H"], "col-2": ["8D"]}, sixth_row=1)
    assert Move.parse("sixth-row:col-1") in game.legal_moves
    game.play("sixth-row:col-1")
    assert codes(game, "col-1") == ["9C", "8C", "7C", "6C", "5C", "4H", "3H"]
    assert codes(game, "foundation-D-K") == ["KD"]
    # 4H moved up into the sixth row, but it was not dealt there
    assert game.extra["sixth_row"] == 0 and game.extra["sixth_king"] == 1
    game.pop()
    assert codes(game, "col-1") == ["9C", "8C", "7C", "6C", "5C", "KD", "4H", "3H"]
    assert game.extra == {"sixth_ace": 0, "sixth_king": 0, "sixth_row": 1}


def test_a_card_married_into_the_sixth_place_is_not_from_the_sixth_row():
    # col-1 loses its seventh- and sixth-row cards, then an ace is married
    # onto its fifth and covered; col-2 keeps its dealt KD under a marriage
    game = load({"col-1": ["9C", "8C", "7C", "6C", "2S", "QD", "JH"],
                 "col-2": ["3C", "4C", "5C", "6D", "7D", "KD", "JD"],
                 "col-3": ["3D", "4D", "5D", "6S", "7S", "8S", "QH"],
                 "col-4": ["3H", "4H", "5H", "6H", "7H", "9H", "AS"],
                 "col-5": ["10C", "JC", "QC", "8H", "10H", "10D", "2S"]}, sixth_row=0b11111)
    game.play("col-1>col-3")   # JH onto QH
    game.play("col-1>col-2")   # QD onto JD
    assert game.extra["sixth_row"] == 0b11110  # col-1 is down to its five dealt cards
    game.play("col-4>col-1")   # AS married onto 2S, into col-1's sixth place
    game.play("col-5>col-1")   # the other 2S covers it
    assert codes(game, "col-1")[5] == "AS" and codes(game, "col-2")[5] == "KD"
    assert not game.explain("sixth-row:col-1").allowed
    assert [str(m) for m in game.legal_moves if m.action] == ["sixth-row:col-2"]
    while game.move_stack:
        game.pop()
    assert game.extra["sixth_row"] == 0b11111


def test_an_ordinary_foundation_move_closes_the_exception_for_good():
    game = load({"col-1": ["5S", "6D", "7C", "8S", "9S", "AH", "9D"],
                 "col-2": ["2C", "3C", "4C", "5C", "6C", "KD", "AS"]}, sixth_row=0b11)
    game.play("col-2>foundation-S-A")
    assert game.extra["sixth_row"] == 0
    assert not any(m.action for m in game.legal_moves)
    game.pop()
    assert game.extra["sixth_row"] == 0b11


@pytest.mark.parametrize("extra, where", [
    ({"sixth_row": 1}, "extra.sixth_row"),             # col-1 has too few cards to hold a sixth-row card
    ({"sixth_row": 1 << 15}, "extra.sixth_row"),       # no sixteenth column
    ({"sixth_row": -1}, "extra.sixth_row"),
    ({"sixth_ace": 2}, "extra.sixth_ace"),
])
def test_a_tampered_record_is_refused(extra, where):
    with pytest.raises(StateError) as caught:
        load({"col-1": ["5S", "6D", "7C", "8S", "9S"]}, **extra)
    assert caught.value.where == where


def _deals_opening_the_exception(count: int) -> list[int]:
    found = []
    for deal in range(1, 400):
        if any(m.action for m in Fifteen(deal=deal).legal_moves):
            found.append(deal)
            if len(found) == count:
                break
    return found


@pytest.mark.parametrize("deal", [1, 2, 5] + _deals_opening_the_exception(4))
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
