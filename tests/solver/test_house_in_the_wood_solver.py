"""Домъ въ лѣсу's solver: the order-of-homes dead test (`fans.fans_order_dead`)."""

from __future__ import annotations

import importlib
import pytest

from engine import find_game
from engine.solver import fans
from engine.solver.knowledge import cards_home
from engine.solver.search import LOST, WON, Budget, solve

from solver_helpers import endgame, plain_search

house_in_the_wood_solver = importlib.import_module("engine.solver.games.house-in-the-wood")

SLUG = "house-in-the-wood"
FULL = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def order_dead(game) -> bool:
    return fans.fans_order_dead([game.piles[i] for i in type(game)._fans], cards_home(game))


def two_kings_game():
    """Clubs left from the nines up, both foundations of clubs at the eight;
    one king of clubs lies on a jack, the other on a nine (deal 6's lock)."""
    cls = find_game(SLUG)
    piles = {f"foundation-{s}-{n}": [r + s for r in FULL] for s in "SHD" for n in (1, 2)}
    piles.update({f"foundation-C-{n}": [r + "C" for r in FULL[:8]] for n in (1, 2)})
    left = [["JC", "KC"], ["9C", "KC"], ["9C"], ["10C"], ["10C"], ["JC"], ["QC"], ["QC"]]
    names = [cls.names[i] for i in cls.by_role["fan"]]
    piles.update(zip(names, left))
    return cls.from_portable({"game": SLUG, "deal": 0, "redeals_left": 0, "piles": piles})


def test_two_kings_each_over_a_card_of_their_suit_lock_the_game():
    """Whichever king of clubs goes home second needs both jacks (or both
    nines) home, one of them under it: lost. The fixpoint `twin_dead` lets
    both kings go (each one alone could), the order test does not, and the
    plain search agrees."""
    game = two_kings_game()
    assert not fans.twin_dead(game)
    assert order_dead(game) and house_in_the_wood_solver.wood_dead(game)
    assert plain_search(game, 20_000) is False
    assert solve(game, Budget(10_000, 60)).status == LOST


def test_a_king_over_a_card_of_its_suit_is_fine_while_its_twin_is_not_home():
    """One king of clubs on a jack, the other free: the first king home is
    the one on the jack, and the game is won; the test must not fire."""
    game = two_kings_game()
    fans_ = [i for i in type(game)._fans if game.piles[i]]
    game.piles[fans_[1]][:] = [game.piles[fans_[1]][1], game.piles[fans_[1]][0]]  # the king under its nine
    assert not order_dead(game)
    assert plain_search(game, 20_000) is True


def test_deal_6_is_lost_at_the_start():
    """The table's deal 6 (92 cards home at best, in ten seconds of search):
    the two kings of clubs lie on a jack and a nine of clubs."""
    game = find_game(SLUG)(6)
    game.redeals_left = 0
    assert not fans.twin_dead(game) and order_dead(game)
    assert solve(game, Budget(1_000, 60)).status == LOST


@pytest.mark.parametrize("cards, most, limit", [(10, 4, 5_000), (14, 5, 5_000), (20, 4, 5_000), (26, 4, 5_000),
                                                (34, 6, 60_000)])
def test_the_order_test_is_confirmed_by_the_plain_search(cards, most, limit):
    """Random endgames: wherever the order test calls a position lost, the
    plain exhaustive search (no knowledge) runs to its end and finds no
    win (a proof on each such position, not a search cut short); it fires
    where the fixpoint does not (the openings' losses, deals 6 and 87
    above, rest on such a firing alone)."""
    beyond = 0
    for seed in range(120):
        game = endgame(SLUG, seed, cards, most_fans=most)
        if order_dead(game):
            assert plain_search(game, limit) is False, game.to_portable()
            beyond += not fans.twin_dead(game)
    assert beyond >= 3


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5, 7])
def test_the_order_test_never_fires_on_a_winning_line(deal):
    """Every position of a won deal's winning line can be won: the test
    says alive all along it."""
    game = find_game(SLUG)(deal)
    game.redeals_left = 0
    solution = solve(game, Budget(2_000_000, 60))
    assert solution.status == WON
    for text in solution.moves:
        assert not order_dead(game), (deal, text)
        game.play(text)
    assert game.is_won()


def test_the_order_test_steps_aside_for_house_on_the_hill():
    """Домъ на холмѣ marries up and down and its kings go home too: the
    proof does not hold there, and its dead test is unchanged."""
    assert fans.order_applies(find_game(SLUG))
    assert not fans.order_applies(find_game("house-on-the-hill"))
    assert not fans.order_applies(find_game("belle-lucie"))


def test_a_king_whose_twin_is_home_comes_after_every_lower_card_of_its_suit():
    """Late in play (deal 49's best position in ten seconds of search): the
    king of spades in the fans is the second one, so the two and the eight
    of spades go home before it; they lie under the kings of diamonds, and
    it lies on the last queen of diamonds, which both of them wait for."""
    cls = find_game(SLUG)
    piles = {f"foundation-{s}-{n}": [r + s for r in FULL] for s in "HC" for n in (1, 2)}
    piles["foundation-S-1"] = [r + "S" for r in FULL]
    piles["foundation-S-2"] = ["AS"]
    piles["foundation-D-1"] = [r + "D" for r in FULL[:12]]
    piles["foundation-D-2"] = [r + "D" for r in FULL[:11]]
    left = [["4S"], ["2S", "KD"], ["QD", "KS", "QS", "JS"], ["7S", "6S", "5S"], ["10S", "9S"], ["8S", "KD"],
            ["3S"]]
    names = [cls.names[i] for i in cls.by_role["fan"]]
    piles.update(zip(names, left))
    game = cls.from_portable({"game": SLUG, "deal": 0, "redeals_left": 0, "piles": piles})
    assert not fans.twin_dead(game)
    assert order_dead(game)
    assert plain_search(game, 20_000) is False


def test_deal_87_is_lost_at_the_start():
    """Deal 87 needs the rule "a card before both copies of a card goes
    before every higher card of their suit" (each needs one of them home
    first): without it the order test finds no cycle there."""
    game = find_game(SLUG)(87)
    game.redeals_left = 0
    assert not fans.twin_dead(game) and order_dead(game)
    assert solve(game, Budget(1_000, 60)).status == LOST
