"""Партеръ's exact search (`parterre_solver.ParterreSearch`) and its duty to cover
a bouquet card at once (`parterre_solver.parterre_pending`): every verdict agrees
with a plain exhaustive search on small random positions, and won lines
replay through `play`."""

from __future__ import annotations

import importlib
import random

from engine import find_game
from engine.cards import RANKS, SUITS
from engine.solver.knowledge import GAME_KNOWLEDGE
from engine.solver.registry import knowledge
from engine.solver.search import LOST, WON, Budget, solve

from solver_helpers import plain_search

parterre_solver = importlib.import_module("engine.solver.games.parterre")


def small_position(rng: random.Random, away: int):
    """The foundations of Партеръ built to random heights, the ``away``
    cards left dealt at random into the six packets and the bouquet."""
    cls = find_game("parterre")
    while True:
        heights = [rng.randint(0, 13) for _ in range(4)]
        if 13 * 4 - sum(heights) == away:
            break
    piles: dict[str, list[str]] = {}
    left = []
    for s, suit in enumerate(SUITS):
        piles[f"foundation-{suit}"] = [RANKS[r] + suit for r in range(1, heights[s] + 1)]
        left += [RANKS[r] + suit for r in range(heights[s] + 1, 14)]
    rng.shuffle(left)
    places = [f"bed-{k}" for k in range(1, 7)]
    bouquet = iter(f"bouquet-{k}" for k in range(1, 17))
    for card in left:
        if rng.random() < 0.15:
            piles[next(bouquet)] = [card]
        else:
            piles.setdefault(rng.choice(places), []).append(card)
    return cls.from_portable({"game": "parterre", "deal": 0, "piles": piles})


class Counting:
    def __init__(self, fn):
        self.fn, self.yes = fn, 0

    def __call__(self, *args):
        answer = self.fn(*args)
        self.yes += bool(answer)
        return answer


def test_the_parterre_search_agrees_with_a_plain_search(monkeypatch):
    know = knowledge(find_game("parterre"))
    assert know.exact is parterre_solver.parterre_exact and know.pointless is parterre_solver.parterre_pointless
    pointless, safe = Counting(know.pointless), Counting(know.safe)
    monkeypatch.setitem(GAME_KNOWLEDGE, "parterre", know._replace(pointless=pointless, safe=safe))
    rng = random.Random(12)
    verdicts = []
    for n in range(60):
        game = small_position(rng, away=14 + n % 9)
        truth = plain_search(game, 30_000)
        if truth is None:
            continue
        solution = solve(game, Budget(400_000, 60))
        assert solution.status == (WON if truth else LOST), game.to_portable()
        if truth:
            work = type(game).from_portable(game.to_portable())
            for text in solution.moves:
                work.play(text)
            assert work.is_won()
        verdicts.append(truth)
    assert len(verdicts) >= 30 and True in verdicts and False in verdicts, verdicts
    assert pointless.yes and safe.yes


def test_a_bouquet_card_laid_on_a_packet_waits_to_be_covered():
    """After a bouquet card goes onto a packet, only a card laid on it may
    follow, and the key remembers the card waiting."""
    cls = find_game("parterre")
    piles = {"bed-1": ["KS", "9H"], "bed-2": ["7D"], "bouquet-1": ["8C"], "bouquet-2": ["2S"],
             "foundation-S": ["AS"], "foundation-H": [RANKS[r] + "H" for r in range(1, 9)]}
    game = cls.from_portable({"game": "parterre", "deal": 0, "piles": piles})
    before = parterre_solver.parterre_key(game)
    game.play("bouquet-1>bed-1")
    assert parterre_solver.parterre_pending(game) == cls.index["bed-1"]
    moves = [m for m in game.generate_moves() if not parterre_solver.parterre_pointless(game, m)]
    assert [str(m) for m in moves] == ["bed-2>bed-1"]
    game.play("bed-2>bed-1")
    assert parterre_solver.parterre_pending(game) is None
    assert not parterre_solver.parterre_pointless(game, next(iter(game.generate_moves())))
    assert parterre_solver.parterre_key(game) != before
