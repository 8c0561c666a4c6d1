"""Мельница's endgame search (`mill_endgame`, engine/solver/games/mill.py): once the
pack is spent the foundations fix the position, and the exact search over
them agrees with a plain exhaustive search over the engine's moves."""

from __future__ import annotations

import importlib
import random

from engine import find_game
from engine.solver.measures import new_game
from engine.solver.search import LOST, Budget, solve

from solver_helpers import plain_search

mill_solver = importlib.import_module("engine.solver.games.mill")

MILL = find_game("mill")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def spent_pack_layout(readings=None):
    """The middle at four, every corner down to seven, the pack spent; one
    six in the wings, the talon's top two cards nines, every five and the
    other sixes beneath them: the six goes to a corner, and then neither
    the middle nor any corner finds its card."""
    pool = {rank: [rank + s for s in "SHDC"] * 2 for rank in RANKS}
    take = lambda rank: pool[rank].pop()  # noqa: E731
    piles = {name: [] for name in MILL.names}
    piles["centre"] = [take(r) for r in ("A", "2", "3", "4")]
    for k in range(1, 5):
        piles[f"corner-{k}"] = [take(r) for r in ("K", "Q", "J", "10", "9", "8", "7")]
    for k, rank in enumerate(("6", "10", "10", "J", "J", "Q", "Q", "K"), 1):
        piles[f"wing-{k}"] = [take(rank)]
    top = [take("9"), take("9")]
    low = [take("5") for _ in range(8)] + [take("6") for _ in range(7)]
    rest = [c for cards in pool.values() for c in cards]
    piles["talon"] = rest + low + top
    state = {"game": "mill", "deal": 1, "phase": "play", "redeals_left": 0, "piles": piles, "extra": {"lent": 0}}
    if readings:
        state["readings"] = readings
    return MILL.from_portable(state)


def test_endgame_proves_a_loss_the_stalled_test_cannot_see():
    game = spent_pack_layout()
    assert not mill_solver.mill_stalled(game)  # a six can go to a corner
    assert mill_solver.mill_endgame(game) is False
    assert mill_solver.mill_dead(game)
    assert plain_search(game, limit=20_000) is False
    assert solve(game, Budget(100_000, 30)).status == LOST


def test_endgame_under_the_other_lending_reading():
    game = spent_pack_layout({"mill.assume.lend-limit": "one-in-all"})
    assert mill_solver.mill_endgame(game) is False
    assert plain_search(game, limit=20_000) is False


def test_endgame_says_nothing_while_the_pack_holds_cards():
    game = new_game("mill", 12)
    assert mill_solver.mill_endgame(game) is None


def spent_positions(deal: int, seed: int, count: int, pack: int = 0, readings=None):
    """Positions met on random walks of a deal once the pack holds ``pack``
    cards or fewer (no wing waiting)."""
    rng = random.Random(seed)
    for _ in range(count):
        game = new_game("mill", deal, readings)
        for _ in range(400):
            moves = list(game.generate_moves())
            if not moves:
                break
            if len(game.piles[game.index["stock"]]) <= pack and not game.wing_waiting() and rng.random() < 0.15:
                yield game
                break
            # prefer moves home, so that walks reach the end with few cards left
            home = [m for m in moves if not m.action and m.dst in MILL.names and
                    MILL.roles[MILL.index[m.dst]] in ("centre", "corner")]
            game.play(rng.choice(home) if home and rng.random() < 0.9 else rng.choice(moves))


def test_endgame_agrees_with_a_plain_search():
    answered = {True: 0, False: 0}
    for deal in range(1, 40):
        for game in spent_positions(deal, deal, 2):
            plain = plain_search(game, limit=30_000)
            if plain is None:
                continue
            assert mill_solver.mill_endgame(game) is plain, (deal, game.to_portable())
            answered[plain] += 1
    assert answered[False] > 0 and answered[True] > 0, answered


def check_short_pack(readings):
    answered = {True: 0, False: 0}
    for deal in range(1, 40):
        for game in spent_positions(deal, deal, 2, pack=3, readings=readings):
            plain = plain_search(game, limit=30_000)
            if plain is None or not game.piles[game.index["stock"]]:
                continue
            mill_solver._MILL_SHORT_CEILING.clear()  # the search is skipped after a dear one in the deal
            assert mill_solver.mill_short_pack(game) is plain, (deal, game.to_portable())
            answered[plain] += 1
    assert answered[False] > 0 and answered[True] > 0, answered


def test_short_pack_agrees_with_a_plain_search():
    check_short_pack(None)


def test_short_pack_agrees_under_the_other_readings():
    check_short_pack({"mill.assume.turn-when": "talon-top-unusable", "mill.assume.lend-limit": "one-in-all"})


def test_short_pack_proves_a_loss_the_stalled_test_cannot_see():
    game = spent_pack_layout()
    talon, stock = game.piles[game.index["talon"]], game.piles[game.index["stock"]]
    stock.extend(talon[:2])  # two of the talon's lowest cards, none a five or a six, into the pack
    del talon[:2]
    assert not mill_solver.mill_stalled(game)
    assert mill_solver.mill_endgame(game) is None
    mill_solver._MILL_SHORT_CEILING.clear()
    assert mill_solver.mill_short_pack(game) is False
    assert plain_search(game, limit=30_000) is False


# -- the whole game searched over the model (mill_solver.MillSearch) ----------------


def model_search(game, states=200_000):
    from engine.solver.search import Meter
    search = mill_solver.MillSearch(game, Meter(Budget(states, 60)))
    return search, search.run()


def check_model_search(readings):
    answered = {True: 0, False: 0}
    for deal in range(1, 40):
        for game in spent_positions(deal, deal + 100, 2, pack=4, readings=readings):
            plain = plain_search(game, limit=30_000)
            if plain is None:
                continue
            search, won = model_search(game)
            assert won is plain, (deal, game.to_portable())
            if won:  # the model's line is a line of the engine that wins
                work = MILL.from_portable(game.to_portable())
                for move in mill_solver.mill_engine_line(game, search.line):
                    work.play(str(move))
                assert work.is_won()
            answered[plain] += 1
    assert answered[False] > 0 and answered[True] > 0, answered


def test_model_search_agrees_with_a_plain_search():
    check_model_search(None)


def test_model_search_agrees_under_the_other_readings():
    check_model_search({"mill.assume.turn-when": "talon-top-unusable", "mill.assume.lend-limit": "one-in-all"})


def test_passes_sharing_their_proofs_agree_with_a_plain_search():
    """Capped passes (a cap of one or two positions below each card dealt,
    so that they cut often) hand the positions they proved lost to the next
    pass, as `mill_exact` does: the last, uncapped pass still answers as a
    plain search of the engine's moves, so no position cut short was kept
    as lost."""
    from engine.solver.search import Meter
    answered = {True: 0, False: 0}
    cut = 0
    for deal in range(1, 30):
        for game in spent_positions(deal, deal + 200, 2, pack=5):
            plain = plain_search(game, limit=30_000)
            if plain is None:
                continue
            lost: set = set()
            meter = Meter(Budget(200_000, 60))
            for cap in (1, 2, None):
                search = mill_solver.MillSearch(game, meter, lost)
                try:
                    won = search.run(cap)
                except mill_solver._ProbeSpent:
                    continue
                cut += search.truncated
                if won or not search.truncated:
                    break
            assert won is plain, (deal, game.to_portable())
            answered[plain] += 1
    assert answered[False] > 0 and answered[True] > 0 and cut > 0, (answered, cut)


def test_bound_proves_a_loss_with_cards_in_the_pack():
    """The spent-pack layout with two of the talon's lowest cards in the
    pack: even with the pack's cards all available, the fives and sixes lie
    under the nines."""
    from engine.solver.search import Meter
    game = spent_pack_layout()
    talon, stock = game.piles[game.index["talon"]], game.piles[game.index["stock"]]
    stock.extend(talon[:2])
    del talon[:2]
    search = mill_solver.MillSearch(game, Meter(Budget(1000, 10)))
    assert search.bound(search.centre, search.bits) is False
    assert plain_search(game, limit=30_000) is False
    assert solve(game, Budget(100_000, 30)).status == LOST


def test_a_deal_is_won_on_the_engine_through_the_model():
    game = new_game("mill", 12)
    solution = solve(game, Budget(2_000_000, 60))
    assert solution.status == "won"
    work = new_game("mill", 12)
    for text in solution.moves:
        work.play(text)
    assert work.is_won()
