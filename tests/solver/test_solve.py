"""engine/solve.py and engine/solver: won lines replay, keys, measures."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys

import pytest

from engine import GAMES, find_game
from engine.solve import LOST, UNKNOWN, WON, Budget, replay, solve, solve_deal, state_key
from engine.solver.knowledge import GAME_KNOWLEDGE, Knowledge
from engine.solver.registry import knowledge, load_games
from engine.solver.measures import measures_of, nothing_hidden, policy, run_deal

from solver_helpers import WON_GAMES, endgame, near_the_end, plain_search

belle_lucie_solver = importlib.import_module("engine.solver.games.belle-lucie")

IDS = [g.slug for g in GAMES]


@pytest.mark.parametrize("slug", IDS)
def test_a_won_line_replays_through_the_engine(slug):
    """From a position of a known won game, the solver finds a win, and the
    whole line (recorded prefix + solver's moves) replays through `play`."""
    if slug not in WON_GAMES:
        pytest.skip(f"no won game recorded for {slug} yet (tests/engine/make_won_games.py)")
    game, prefix = near_the_end(slug, 15)
    solution = solve(game, Budget(nodes=100_000, seconds=20))
    assert solution.status == WON, solution
    final = replay(slug, WON_GAMES[slug]["deal"], prefix + list(solution.moves))
    assert final.is_won() and final.outcome().won
    assert len(game.move_stack) == len(prefix)  # the caller's position is left alone


@pytest.mark.parametrize("slug", IDS)
def test_every_measure_of_every_game_gives_a_record(slug):
    """Each measure that applies, on deal 2 with a tiny budget: a status,
    honest counts, and a won line that replays (run_deal replays it)."""
    cls = find_game(slug)
    for measure in measures_of(cls):
        record = run_deal(slug, measure, 2, Budget(nodes=4_000, seconds=5))
        assert record["deal"] == 2 and record["status"] in (WON, LOST, UNKNOWN)
        assert record["nodes"] >= 0 and record["seconds"] >= 0
        assert policy(cls, measure)
    with pytest.raises(ValueError):
        run_deal(slug, "no-such-measure", 1, Budget(10, 1))


def test_which_measures_apply():
    assert measures_of(find_game("belle-lucie")) == ("player", "single-deal")
    assert measures_of(find_game("house-on-the-hill")) == ("player", "single-deal")
    assert measures_of(find_game("cadran")) == ("solvable", "player")
    # nothing is hidden in these: the player's figure is the solvable one
    assert {g.slug for g in GAMES if nothing_hidden(g)} == {"napoleon", "parterre", "fifteen", "exiles"}
    assert "nothing is ever hidden" in policy(find_game("napoleon"), "player")


def test_the_budget_gives_unknown_never_lost():
    solution = solve_deal("cadran", 1, Budget(nodes=5, seconds=10))
    assert solution.status == UNKNOWN and solution.nodes <= 5 and not solution.moves


def test_a_position_with_no_move_is_lost_at_once():
    state = {"game": "belle-lucie", "deal": 0, "redeals_left": 0,
             "piles": {"fan-1": ["AS", "2S"], "foundation-H": ["AH"]}}
    game = find_game("belle-lucie").from_portable(state)
    assert not list(game.legal_moves)
    assert solve(game).status == LOST


def test_a_won_position_needs_no_move():
    game = find_game("belle-lucie").from_portable(
        {"game": "belle-lucie", "deal": 0, "redeals_left": 0, "piles": {"foundation-S": ["AS"]}})
    solution = solve(game)
    assert solution.status == WON and solution.moves == ()


def test_single_deal_of_belle_lucie_is_decided_and_replays():
    """The single-deal measure (no redeal) decides every deal at once."""
    won = 0
    for deal in range(1, 41):
        record = run_deal("belle-lucie", "single-deal", deal, Budget(2_000_000, 20))
        assert record["status"] in (WON, LOST), deal
        won += record["status"] == WON
    assert 0 < won < 10  # about one deal in twenty comes out without a redeal


# -- the fan search agrees with the generic search -----------------------------------


@pytest.mark.parametrize("slug", ("belle-lucie", "house-in-the-wood", "house-on-the-hill"))
def test_the_fan_search_agrees_with_the_generic_search(slug, monkeypatch):
    know = knowledge(find_game(slug))
    checked = 0
    for seed in range(40):
        game = endgame(slug, seed, 14 if slug == "belle-lucie" else 12)
        fast = solve(game, Budget(400_000, 30))
        slow = solve(game, Budget(400_000, 30), know=know._replace(exact=None))
        if UNKNOWN in (fast.status, slow.status):
            continue
        assert fast.status == slow.status, (slug, seed, game.to_portable())
        if fast.status == WON:
            work = game.copy(stack=False)
            for text in fast.moves:
                work.play(text)
            assert work.is_won()
        checked += 1
    assert checked >= 30


def test_the_fan_search_from_real_deals():
    """Belle Lucie's single deal from the opening, deals 1-25: the fan search
    and the generic search give the same verdicts."""
    know = knowledge(find_game("belle-lucie"))
    for deal in range(1, 26):
        game = find_game("belle-lucie")(deal)
        game.redeals_left = 0
        fast = solve(game, Budget(2_000_000, 20))
        slow = solve(game, Budget(2_000_000, 60), know=know._replace(exact=None))
        assert fast.status == slow.status != UNKNOWN, deal


def test_the_one_pack_dead_test_is_sound():
    found = 0
    for seed in range(200):
        game = endgame("belle-lucie", seed, 16)
        if belle_lucie_solver.lucie_dead(game):
            found += 1
            assert plain_search(game, 20_000) is not True, game.to_portable()
    assert found


# -- keys -------------------------------------------------------------------------------


def test_fans_are_interchangeable_redeals_or_not():
    """A redeal gathers the fans' cards in pack order before it shuffles,
    so which fan holds which cards never matters (engine/solver/fans.py)."""
    cls = find_game("belle-lucie")
    a = {"game": "belle-lucie", "deal": 3, "piles": {"fan-1": ["5S", "9H"], "fan-2": ["KD"]}}
    b = {"game": "belle-lucie", "deal": 3, "piles": {"fan-1": ["KD"], "fan-2": ["5S", "9H"]}}
    for left in (0, 1, 2):
        ga = cls.from_portable({**a, "redeals_left": left})
        gb = cls.from_portable({**b, "redeals_left": left})
        assert state_key(ga) == state_key(gb)


def test_keys_differ_with_phase_counters_and_cards():
    game = find_game("belle-lucie")(1)
    key = state_key(game)
    move = next(iter(game.legal_moves))
    game.push(move)
    assert state_key(game) != key
    game.pop()
    assert state_key(game) == key


def renamed(move: str, names: dict[str, str]) -> str:
    """A move with its pile names mapped (also an action's argument)."""
    if ">" in move:
        src, _, rest = move.partition(">")
        src, at, k = src.partition("@")  # a card above the bottom one: SRC@K>DST
        dst, colon, n = rest.partition(":")
        return f"{names.get(src, src)}{at}{k}>{names.get(dst, dst)}{colon}{n}"
    name, colon, arg = move.partition(":")
    return f"{name}{colon}{names.get(arg, arg)}"


def walk(cls, rng, deals=range(1, 6), steps=300):
    """Positions met in random play (deals and redeals often, to reach later phases)."""
    for deal in deals:
        game = cls(deal)
        for _ in range(steps):
            yield game
            moves = list(game.generate_moves())
            if not moves:
                break
            actions = [m for m in moves if m.action]
            game.push(rng.choice(actions if actions and rng.random() < 0.5 else moves))


load_games()  # every game's module registers its knowledge
INTERCHANGEABLE = sorted(s for s, k in GAME_KNOWLEDGE.items() if k.interchangeable or k.twins)


@pytest.mark.parametrize("slug", INTERCHANGEABLE)
def test_interchangeable_piles_commute_with_the_moves(slug):
    """Where the solver sorts piles in its key, permuting those piles
    permutes the legal moves and keeps won/lost: on positions met in play."""
    from engine.solver.keys import groups

    cls = find_game(slug)
    rng = random.Random(5)
    checked = 0
    for game in walk(cls, rng):
        # a portable state has no moves behind it; nor has a search's start
        # (Партеръ's key also holds a duty its search's own last move set)
        game = game.copy(stack=False)
        know = knowledge(game)
        if not know.interchangeable_when(game):
            continue
        names = {}
        for idx in groups(cls, know):
            ids = [cls.names[i] for i in idx]
            shuffled_ids = ids[:]
            rng.shuffle(shuffled_ids)
            names.update(zip(ids, shuffled_ids))
        state = game.to_portable()
        state["piles"] = {names.get(k, k): v for k, v in state["piles"].items()}
        other = cls.from_portable(state)
        assert state_key(other) == state_key(game)
        mine = {renamed(str(m), names) for m in game.generate_moves()}
        assert mine == {str(m) for m in other.generate_moves()}, (slug, game.to_portable())
        assert other.is_won() == game.is_won()
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("slug", sorted(g.slug for g in GAMES if knowledge(g).suit_blind))
def test_suit_blind_games_ignore_suits(slug):
    """Where the key keeps ranks only, swapping suits through a position
    changes no legal move and no outcome (positions from random play)."""
    cls = find_game(slug)
    rng = random.Random(11)
    checked = 0
    for game in walk(cls, rng, steps=200):
        order = list("SHDC")
        rng.shuffle(order)
        swap = dict(zip("SHDC", order))
        state = game.to_portable()
        state["piles"] = {k: [c[:-1] + swap[c[-1]] for c in v] for k, v in state["piles"].items()}
        other = cls.from_portable(state)
        assert state_key(other) == state_key(game)
        assert {str(m) for m in game.generate_moves()} == {str(m) for m in other.generate_moves()}
        assert other.is_won() == game.is_won()
        checked += 1
    assert checked > 50


def test_best_first_search_agrees_and_replays(monkeypatch):
    """The best-first search (chosen per game by `Knowledge.search`) gives
    the same answers as the plain search, and its wins replay."""
    for slug in ("belle-lucie", "parterre"):
        know = knowledge(find_game(slug))
        monkeypatch.setitem(GAME_KNOWLEDGE, slug, know._replace(search="best-first", exact=None, playouts=0))
        for seed in range(12):
            game = endgame(slug, seed, 9)
            truth = plain_search(game)
            if truth is None:
                continue
            solution = solve(game, Budget(nodes=200_000, seconds=20))
            assert solution.status == (WON if truth else LOST), (slug, seed)
            if truth:
                for text in solution.moves:
                    game.play(text)
                assert game.is_won()
    game, prefix = near_the_end("cadran", 15)
    monkeypatch.setitem(GAME_KNOWLEDGE, "cadran", Knowledge(search="best-first", playouts=0))
    solution = solve(game, Budget(nodes=100_000, seconds=10))
    assert solution.status == WON
    assert replay("cadran", WON_GAMES["cadran"]["deal"], prefix + list(solution.moves)).is_won()


def test_the_solver_imports_only_the_standard_library():
    code = ("import sys, engine.solve, engine.solver.measures\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'pasyans', 'extract', 'normalize', 'dask', 'pydantic', 'regex', 'hypothesis'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_meter_stops_at_its_node_budget_and_reads_the_clock_every_256_positions():
    from engine.solver.search import Meter, OutOfBudget

    meter = Meter(Budget(1000, 60))
    with pytest.raises(OutOfBudget):
        for _ in range(2000):
            meter.tick()
    assert meter.nodes == 1000
    # a spent clock is seen at the next multiple of Meter.EVERY, inline counting or not
    meter = Meter(Budget(10_000, -1.0))
    with pytest.raises(OutOfBudget):
        for _ in range(2000):
            meter.nodes += 1
            if meter.nodes >= meter.check:
                meter.over()
    assert meter.nodes == Meter.EVERY
    # positions counted elsewhere (a sub-search's) are judged at the next tick
    meter = Meter(Budget(1000, 60))
    meter.nodes += 998
    meter.tick()
    with pytest.raises(OutOfBudget):
        meter.tick()
    assert meter.nodes == 1000
