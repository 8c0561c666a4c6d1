"""Партеръ's solver, this round: the safe moves home once every card two
ranks lower is home (`parterre_solver.rank_safe`), the stuck-card fixpoint peeled
packet by packet (`parterre_solver.parterre_stuck`, against the plain fixpoint it
replaced) and the best-first search's ranks taking turns
(`parterre_solver.ParterreSearch`): every verdict agrees with a plain exhaustive
search on small random positions."""

from __future__ import annotations

import importlib
import random

from engine import find_game
from engine.cards import RANKS
from engine.core import Move
from engine.solver.registry import knowledge
from engine.solver.search import LOST, WON, Budget, Meter

from solver_helpers import plain_search
from test_parterre_knowledge import small_position

parterre_solver = importlib.import_module("engine.solver.games.parterre")


def position(piles: dict[str, list[str]]):
    return find_game("parterre").from_portable({"game": "parterre", "deal": 0, "piles": piles})


def suit_to(suit: str, rank: int) -> list[str]:
    return [RANKS[r] + suit for r in range(1, rank + 1)]


def test_a_card_goes_home_safely_once_every_card_two_lower_is_home():
    """The six of hearts goes home while the five of spades is still in
    the garden: every four is home, so the five would go home rather than
    on the six. With a four away it is not safe."""
    piles = {"foundation-S": suit_to("S", 4), "foundation-H": suit_to("H", 5),
             "foundation-D": suit_to("D", 4), "foundation-C": suit_to("C", 6),
             "bed-1": ["KS", "6H"], "bed-2": ["7S", "5S"], "bed-3": ["KD", "QD", "5D"],
             "bouquet-1": ["JD"]}
    left = {f"{RANKS[r]}{s}" for s in "SHDC" for r in range(1, 14)} - {c for p in piles.values() for c in p}
    piles["bed-4"] = sorted(left, key=lambda c: -RANKS.index(c[:-1]))
    game = position(piles)
    assert parterre_solver.rank_safe(game, Move("bed-1", "foundation-H"))
    assert not parterre_solver.rank_safe(game, Move("bed-2", "bed-1"))
    # the old test (every five home) said no
    assert sum(1 for i in game.by_role["foundation"] for c in game.piles[i] if c & 15 == 5) < 4
    piles["foundation-D"] = suit_to("D", 3)
    piles["bed-4"].append("4D")
    assert not parterre_solver.rank_safe(position(piles), Move("bed-1", "foundation-H"))


def rounds_stuck(game, stop_at_free_packet: bool = False) -> set[int]:
    """The fixpoint of `parterre_solver.parterre_stuck` as it was first written:
    whole rounds over every card of the set, covered marks recomputed at
    the start of each."""
    piles = game.piles
    beds = [piles[i] for i in game.beds]
    bed, height = [-2] * 64, [0] * 64
    for b, pile in enumerate(beds):
        for h, card in enumerate(pile):
            bed[card], height[card] = b, h
    for i in game.bouquet:
        for card in piles[i]:
            bed[card] = -1
    stuck = [b != -2 for b in bed]
    covered = [False] * 64

    def held(card):
        b, h = bed[card], height[card]
        if b < 0:
            b = -3
        if not any(stuck[low] or (bed[low] == b and height[low] < h) for low in range(card & 0xF0 | 1, card)):
            return False
        if card & 15 == 13:
            return True
        for host in range((card & 15) + 1, 64, 16):
            where = bed[host]
            if where == -2 or (where == b and height[host] < h) or (stuck[host] and (where == -1 or covered[host])):
                continue
            return False
        return True

    changed = True
    while changed:
        changed = False
        for pile in beds:
            above = False
            for card in reversed(pile):
                covered[card] = above
                above = above or stuck[card]
            if stop_at_free_packet and not above:
                return set()
        for card in range(64):
            if stuck[card] and not covered[card] and not held(card):
                stuck[card] = False
                changed = True
    return {c for c in range(64) if stuck[c]}


def test_the_peeled_fixpoint_is_the_plain_one():
    cls, rng = find_game("parterre"), random.Random(3)
    for deal in range(1, 25):
        game = cls(deal)
        for _ in range(120):
            for flag in (False, True):
                assert parterre_solver.parterre_stuck(game, flag) == rounds_stuck(game, flag), game.to_portable()
            moves = list(game.generate_moves())
            if not moves:
                break
            game.push(rng.choice(moves))


def test_each_rank_alone_and_all_in_turn_agree_with_a_plain_search():
    cls = find_game("parterre")
    know = knowledge(cls)
    rng = random.Random(12)
    verdicts = []
    for n in range(60):
        game = small_position(rng, away=14 + n % 9)
        truth = plain_search(game, 30_000)
        if truth is None:
            continue
        for ranks in [None] + [(r,) for r in parterre_solver.ParterreSearch.RANKS]:
            status, moves = parterre_solver.ParterreSearch(game, know, Meter(Budget(400_000, 60)), ranks).run()
            assert status == (WON if truth else LOST), (ranks, game.to_portable())
            if truth:
                work = type(game).from_portable(game.to_portable())
                for move in moves:
                    work.play(str(move))
                assert work.is_won()
        verdicts.append(truth)
    assert len(verdicts) >= 30 and True in verdicts and False in verdicts, verdicts
