"""Properties of every game in GAMES, over random play (hypothesis).

* no card is ever lost or duplicated;
* `pop` restores the exact previous position;
* the portable state round-trips at every step;
* every generated move's verdict is "allowed", and the fast generator yields
  exactly the moves that the routes allow (no move without a rule);
* the setup rules (decks, how the layout is dealt) hold for fresh deals.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import GAMES, Game, Move

from engine_helpers import random_play

IDS = [g.slug for g in GAMES]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cards_of(game) -> Counter:
    return Counter(c for p in game.piles for c in p)


def route_moves(game) -> set:
    """Every move the routes allow, by trying every pair and action (slow)."""
    return set(Game.generate_moves(game))


@pytest.mark.parametrize("game_cls", GAMES, ids=IDS)
@SETTINGS
@given(deal=st.integers(0, 2**32), seed=st.integers(0, 2**16), steps=st.integers(0, 120))
def test_random_play_keeps_every_invariant(game_cls, deal, seed, steps):
    game = game_cls(deal)
    pack = cards_of(game)
    assert sum(pack.values()) == 52 * game_cls.decks
    rng = random.Random(seed)
    for _ in random_play(game, rng, steps):
        assert cards_of(game) == pack
    state = game.to_portable()
    loaded = game_cls.from_portable(state)
    assert loaded.to_portable() == state
    moves = list(game.legal_moves)
    assert list(loaded.legal_moves) == moves, "the portable state misses something the moves depend on"
    assert game.is_stuck() == (not any(m.action != "redeal" for m in moves) and not game.is_won())
    assert len(moves) == len(set(moves)), "a move is generated twice"
    assert set(moves) == route_moves(game)
    for move in moves:
        assert game.explain(move).allowed
        before = game.to_portable()
        game.push(move)
        assert cards_of(game) == pack
        assert game.pop() == move
        assert game.to_portable() == before
    if not moves:
        assert game.outcome() is not None


@pytest.mark.parametrize("game_cls", GAMES, ids=IDS)
def test_undo_all_the_way_back(game_cls):
    game = game_cls(11)
    start = game.to_portable()
    for _ in random_play(game, random.Random(5), 200):
        pass
    while game.move_stack:
        game.pop()
    assert game.to_portable() == start


@pytest.mark.parametrize("game_cls", GAMES, ids=IDS)
@pytest.mark.parametrize("deal", [0, 1, 2, 99, 2**40])
def test_setup_rules_hold_for_fresh_deals(game_cls, deal):
    game = game_cls(deal)
    assert game_cls.SETUP, f"{game_cls.slug} declares no setup rule"
    for rule in game_cls.SETUP:
        assert rule.check(game, None), rule.id


@pytest.mark.parametrize("game_cls", GAMES, ids=IDS)
def test_every_action_is_named_and_applicable(game_cls):
    for key in game_cls.ROUTES:
        if isinstance(key, str):
            name = "do_" + key.replace("-", "_")
            assert callable(getattr(game_cls, name, None)), name


def test_setup_rules_can_fail():
    lucie = [g for g in GAMES if g.slug == "belle-lucie"][0]
    game = lucie(1)
    game.piles[lucie.index["fan-1"]].pop()
    assert not all(rule.check(game, None) for rule in lucie.SETUP)


def _mutations(game_cls):
    """Positions one slip away from a fresh deal: a card lost from a pile,
    or a card moved from one pile to another."""
    fresh = game_cls(3)
    for i, pile in enumerate(fresh.piles):
        if not pile:
            continue
        lost = fresh.copy(stack=False)
        lost.piles[i].pop()
        yield lost
        for j in range(len(fresh.piles)):
            if j != i:
                moved = fresh.copy(stack=False)
                moved.piles[j].append(moved.piles[i].pop())
                yield moved


@pytest.mark.parametrize("game_cls", GAMES, ids=IDS)
def test_every_setup_rule_can_refuse_a_layout(game_cls):
    failing = {rule.id: False for rule in game_cls.SETUP}
    for position in _mutations(game_cls):
        for rule in game_cls.SETUP:
            if not rule.check(position, None):
                failing[rule.id] = True
        if all(failing.values()):
            break
    assert all(failing.values()), f"setup rules that no slip breaks: {[k for k, v in failing.items() if not v]}"


@pytest.mark.parametrize("slug", ["belle-lucie", "house-in-the-wood", "house-on-the-hill", "four-corners"])
def test_a_redeal_lays_out_as_the_first_deal(slug):
    from engine import find_game

    game = find_game(slug)(8)
    rng = random.Random(2)
    while Move(action="redeal") not in game.legal_moves:
        moves = [m for m in game.legal_moves]
        game.push(moves[rng.randrange(len(moves))])
    left = game.redeals_left
    game.play("redeal")
    assert game.redeals_left == left - 1
    for rule in game.SETUP:
        assert rule.check(game, None), rule.id
