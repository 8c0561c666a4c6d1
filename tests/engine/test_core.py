"""Value types, the lazy legal-move set, push/pop/redo, errors, portable state."""

from __future__ import annotations

import pytest

from engine import Card, IllegalMoveError, Move, StateError, Termination, find_game

Lucie = find_game("belle-lucie")


def test_card_round_trips():
    card = Card.parse("10H")
    assert card == Card(rank=10, suit=1) and str(card) == "10H"
    assert eval(repr(card)) == card
    assert Card.from_int(int(card)) == card
    assert card.name_ru() == "десятка черви" and card.name_en() == "ten of hearts"
    with pytest.raises(ValueError):
        Card.parse("1H")
    with pytest.raises(ValueError):
        Card.parse("10X")


@pytest.mark.parametrize("text", ["fan-3>foundation-H", "fan-1>fan-2:3", "redeal", "choose:ascending"])
def test_move_round_trips(text):
    move = Move.parse(text)
    assert str(move) == text
    assert eval(repr(move)) == move


@pytest.mark.parametrize("text", ["", "a>", ">b", "a>b:0", "a>b:x", "two words"])
def test_bad_moves_are_refused(text):
    with pytest.raises(ValueError):
        Move.parse(text)


def test_find_game_by_every_title():
    for name in ["belle-lucie", "Прекрасная Люція", "ПРЕКРАСНАЯ ЛЮЦІЯ.", "Прекрасная Люция", "La Belle Lucie"]:
        assert find_game(name) is Lucie
    assert find_game("«Домъ въ лѣсу»").slug == "house-in-the-wood"
    assert find_game("Дом в лесу").slug == "house-in-the-wood"
    with pytest.raises(KeyError):
        find_game("Klondike")


class CountingGame(Lucie):
    """Counts generator runs, to show `in` and `bool` do not list all moves."""
    runs = 0

    def generate_moves(self):
        type(self).runs += 1
        return super().generate_moves()


def test_legal_moves_are_lazy():
    game = CountingGame(1)
    moves = game.legal_moves
    assert CountingGame.runs == 0
    first = next(iter(moves))
    assert CountingGame.runs == 1
    assert "fan-1>fan-2:2" not in moves
    assert CountingGame.runs == 1  # a move the rules refuse never runs the generator
    assert first in moves
    assert CountingGame.runs == 2  # one the rules allow must also be generated (check == moves)
    assert bool(moves) and len(moves) == len(list(moves))


def test_push_pop_redo():
    game = Lucie(3)
    start = game.to_portable()
    moves = []
    for _ in range(5):
        move = next(iter(game.legal_moves))
        game.push(move)
        moves.append(move)
    after = game.to_portable()
    assert game.move_stack == moves
    for move in reversed(moves):
        assert game.pop() == move
    assert game.to_portable() == start
    assert game.redo_moves == tuple(moves)
    for move in moves:
        assert game.redo() == move
    assert game.to_portable() == after
    with pytest.raises(IndexError):
        game.redo()


def test_a_new_move_clears_redo():
    game = Lucie(3)
    game.push(next(iter(game.legal_moves)))
    game.pop()
    game.push(Move(action="redeal"))
    with pytest.raises(IndexError):
        game.redo()


def test_illegal_move_error_names_rule_clause_and_position():
    game = Lucie(1)
    with pytest.raises(IllegalMoveError) as info:
        game.play("fan-1>fan-2")
    error = info.value
    assert error.rules == ("belle-lucie.marriage-downwards",)
    assert "belle-lucie.play.3.2" in error.clauses
    assert error.position == game.to_portable()
    assert "fan-1>fan-2" in str(error)
    assert not game.move_stack  # nothing was pushed


def test_copy_is_independent():
    game = Lucie(2)
    game.push(next(iter(game.legal_moves)))
    other = game.copy()
    other.pop()
    assert game.to_portable() != other.to_portable()
    game.pop()
    assert game.to_portable() == other.to_portable()


def test_outcome_while_playing_is_none():
    game = Lucie(1)
    assert game.outcome() is None
    assert Termination.WON.value == "won"


def state(**changes):
    base = {"game": "belle-lucie", "deal": 5, "piles": {"fan-1": ["KS", "QS"], "foundation-H": ["AH"]},
            "phase": "play", "redeals_left": 2}
    base.update(changes)
    return base


def test_portable_round_trip():
    game = Lucie.from_portable(state())
    again = Lucie.from_portable(game.to_portable())
    assert again.to_portable() == game.to_portable()
    assert game.pile("fan-1") == [int(Card.parse("KS")), int(Card.parse("QS"))]


@pytest.mark.parametrize("changes, where", [
    ({"piles": {"fan-1": ["KX"]}}, "piles.fan-1[0]"),
    ({"piles": {"fan-1": ["KS", "KS"]}}, "piles.fan-1[1]"),
    ({"piles": {"fan-99": ["KS"]}}, "piles.fan-99"),
    ({"piles": {"fan-1": ["~KS"]}}, "piles.fan-1[0]"),
    ({"piles": {"fan-1": "KS"}}, "piles.fan-1"),
    ({"piles": {"fan-1": [7]}}, "piles.fan-1[0]"),
    ({"piles": {"foundation-H": ["AH", "3H"]}}, "piles.foundation-H[1]"),
    ({"piles": {"foundation-H": ["2H"]}}, "piles.foundation-H[0]"),
    ({"piles": {"foundation-H": ["AH", "2S"]}}, "piles.foundation-H[1]"),
    ({"game": "mill"}, "game"),
    ({"phase": "deal"}, "phase"),
    ({"redeals_left": 3}, "redeals_left"),
    ({"redeals_left": True}, "redeals_left"),
    ({"deal": -1}, "deal"),
    ({"extra": {"x": 1}}, "extra.x"),
    ({"surprise": 1}, "surprise"),
])
def test_tampered_states_are_refused(changes, where):
    with pytest.raises(StateError) as info:
        Lucie.from_portable(state(**changes))
    assert info.value.where == where


def test_layout_lists_every_pile_with_geometry():
    layout = Lucie.layout()
    ids = [p["id"] for p in layout["piles"]]
    assert ids == list(Lucie.names) and len(ids) == 22
    assert all({"x", "y", "dx", "dy", "role", "face"} <= set(p) for p in layout["piles"])


def test_stuck_means_only_a_redeal_is_left():
    game = Lucie.from_portable(state(piles={"fan-1": ["3S", "2S"], "fan-2": ["AD", "KD"]}, redeals_left=1))
    assert game.is_stuck() and game.outcome() is None
    assert [str(m) for m in game.legal_moves] == ["redeal"]
    game = Lucie.from_portable(state(piles={"fan-1": ["3S", "2S"], "fan-2": ["AD", "KD"]}, redeals_left=0))
    assert game.is_stuck() and game.outcome().termination is Termination.LOST
    assert not Lucie(1).is_stuck()


@pytest.mark.parametrize("piles, where", [
    ({"centre": ["AD", "3D"]}, "piles.centre[1]"),
    ({"corner-2": ["QD"]}, "piles.corner-2[0]"),
    ({"wing-1": ["QD", "2C"]}, "piles.wing-1[1]"),
])
def test_impossible_mill_states_are_refused(piles, where):
    with pytest.raises(StateError) as info:
        find_game("mill").from_portable({"game": "mill", "piles": piles})
    assert info.value.where == where


@pytest.mark.parametrize("slug, state, where", [
    ("salic-law", {"piles": {"king-1": ["KS", "AH"]}}, "piles.king-1[1]"),
    ("salic-law", {"piles": {"king-1": ["QS"]}}, "piles.king-1[0]"),
    ("shah", {"piles": {"ray-1": ["KS"]}}, "piles.ray-1[0]"),
    ("shah", {"piles": {"shah": ["QS"]}}, "piles.shah[0]"),
    ("shah", {"phase": "play", "piles": {}}, "phase"),
    ("four-corners", {"extra": {"next": 12}, "piles": {}}, "extra.next"),
])
def test_impossible_states_of_other_games_are_refused(slug, state, where):
    with pytest.raises(StateError) as info:
        find_game(slug).from_portable({"game": slug, **state})
    assert info.value.where == where
