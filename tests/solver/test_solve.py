"""engine/solve.py: won lines replay, lost is a proof, keys, hints."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import GAMES, find_game
from engine.cards import RANKS, SUITS
from engine.solve import (LOST, UNKNOWN, WON, Budget, hint, knowledge, replay, solve, solve_deal,
                          state_key)

WON_GAMES = json.loads((Path(__file__).parents[1] / "engine" / "won_games.json").read_text())
FAN_GAMES = ("belle-lucie", "house-in-the-wood", "house-on-the-hill")
SAFE_GAMES = FAN_GAMES + ("cadran", "fifteen", "parterre")  # games with safe moves or pruning


def near_the_end(slug: str, left: int):
    """The position ``left`` moves before the end of the engine's recorded won game."""
    record = WON_GAMES[slug]
    game = find_game(slug)(record["deal"])
    prefix = record["moves"][:max(0, len(record["moves"]) - left)]
    for text in prefix:
        game.play(text)
    return game, prefix


@pytest.mark.parametrize("slug", [g.slug for g in GAMES])
def test_a_won_line_replays_through_the_engine(slug):
    """For every game: from a position of a known won game, the solver finds
    a win, and the whole line (recorded prefix + solver's moves) replays
    through `play`, every move checked by the rules, to a won outcome."""
    if slug not in WON_GAMES:
        pytest.skip(f"no won game recorded for {slug} yet (tests/engine/make_won_games.py)")
    game, prefix = near_the_end(slug, 15)
    solution = solve(game, Budget(nodes=100_000, seconds=10))
    assert solution.status == WON, solution
    final = replay(slug, WON_GAMES[slug]["deal"], prefix + list(solution.moves))
    assert final.is_won() and final.outcome().won
    assert len(game.move_stack) == len(prefix)  # the caller's position is left alone


@pytest.mark.parametrize("slug", [g.slug for g in GAMES])
def test_deals_from_the_start_give_replayable_answers(slug):
    """A few deals from the start with a tiny budget: the answer is one of the
    three, counts are honest, and any win replays."""
    for deal in (1, 2):
        solution = solve_deal(slug, deal, Budget(nodes=3_000, seconds=3))
        assert solution.status in (WON, LOST, UNKNOWN)
        assert 0 <= solution.nodes <= 3_000 and solution.seconds >= 0
        if solution.status == WON:
            assert replay(slug, deal, list(solution.moves)).is_won()
        else:
            assert solution.moves == ()


def test_belle_lucie_deals_are_decided_and_replay():
    # deal 6 is no longer won within 20 s since a redeal's shuffle ignores the
    # order of the gathered cards (no move can steer it); issue 12 replaces
    # this clairvoyant check with the player measure. Since the redeal comes
    # only at a standstill (issue 10, belle-lucie.play.5) deal 4 is lost and
    # deal 8 undecided within this budget: deals 9 and 10 take their places.
    for deal in (1, 2, 3, 5, 7, 9, 10):
        solution = solve_deal("belle-lucie", deal, Budget(nodes=200_000, seconds=20))
        assert solution.status == WON, (deal, solution.status)
        assert solution.thoughtful  # two shuffled redeals to come
        assert replay("belle-lucie", deal, list(solution.moves)).is_won()


def test_the_budget_gives_unknown_never_lost():
    solution = solve_deal("belle-lucie", 1, Budget(nodes=5, seconds=10))
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


# -- lost is a proof: the game-specific pruning agrees with a plain search ----------


def plain_search(game, limit: int = 5_000) -> bool | None:
    """Exhaustive search with no pruning but a visited set (None past ``limit``)."""
    seen = set()
    count = 0

    def key(g):
        return (tuple(map(tuple, g.piles)), g.phase, g.redeals_left, tuple(g.extra.values()))

    stack = [game.copy(stack=False)]
    while stack:
        g = stack.pop()
        if g.is_won():
            return True
        for move in list(g.generate_moves()):
            child = g.copy(stack=False)
            child.push(move)
            k = key(child)
            if k not in seen:
                seen.add(k)
                count += 1
                if count > limit:
                    return None
                stack.append(child)
    return False


def endgame(slug: str, seed: int, cards_left: int):
    """A random position with no redeal left and about ``cards_left`` cards
    in play: every foundation built to a random height, the other cards
    dealt round into a random number of fans (columns, packets)."""
    rng = random.Random(seed)
    cls = find_game(slug)
    foundations: dict[str, list[str]] = {}
    left: list[str] = []
    copies = {(rank, suit): cls.decks for rank in range(1, 14) for suit in range(4)}
    # lower the foundations one card at a time until few cards are left out
    heights = {spec.id: 0 for spec in cls.PILES if spec.role == "foundation"}
    specs = {spec.id: spec for spec in cls.PILES}
    # a foundation that takes any suit (Пятнадцать's rows) follows the suit
    # of its base: give the piles of each row the four suits in turn
    suits, row = {}, {}
    for pid in heights:
        spec = specs[pid]
        row[(spec.base, spec.step)] = row.get((spec.base, spec.step), -1) + 1
        suits[pid] = spec.suit if spec.suit >= 0 else row[(spec.base, spec.step)] % 4
    out = 52 * cls.decks
    while out > cards_left:
        pid = rng.choice(list(heights))
        spec = specs[pid]
        rank = spec.base + spec.step * heights[pid]
        if not 1 <= rank <= 13 or copies[(rank, suits[pid])] == 0:
            continue
        copies[(rank, suits[pid])] -= 1
        heights[pid] += 1
        out -= 1
    for pid, h in heights.items():
        spec = specs[pid]
        foundations[pid] = [RANKS[spec.base + spec.step * k] + SUITS[suits[pid]] for k in range(h)]
    for (rank, suit), n in copies.items():
        left += [RANKS[rank] + SUITS[suit]] * n
    rng.shuffle(left)
    piles = dict(foundations)
    role = next(r for r in ("fan", "column", "bed") if r in cls.by_role)
    names = [cls.names[i] for i in cls.by_role[role]]
    count = rng.randint(min(len(names), -(-len(left) // 3)), min(len(names), len(left))) if left else 0
    for k, name in enumerate(names[:count]):
        piles[name] = left[k::count]
    return cls.from_portable({"game": slug, "deal": 0, "redeals_left": 0, "piles": piles})


@pytest.mark.parametrize("slug", SAFE_GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), cards=st.integers(5, 18))
def test_pruned_search_agrees_with_a_plain_search(slug, seed, cards):
    if slug not in FAN_GAMES:
        cards = 3 + cards // 3  # spaces make the plain search of these games grow fast
    game = endgame(slug, seed, cards)
    truth = plain_search(game)
    if truth is None:
        return
    solution = solve(game, Budget(nodes=500_000, seconds=30))
    assert solution.status == (WON if truth else LOST), (slug, seed, game.to_portable())


def test_the_random_endgames_are_mixed():
    """The generator above gives won and lost fan-game positions alike (else
    the comparison would prove little). The endgames of the games with
    spaces are nearly always won: there the comparison checks that no safe
    move turns a win into a loss."""
    for slug in FAN_GAMES:
        truths = {plain_search(endgame(slug, seed, 10)) for seed in range(30)}
        assert {True, False} <= truths, slug
    for slug in SAFE_GAMES:
        assert any(plain_search(endgame(slug, seed, 5)) for seed in range(5)), slug


def test_dead_positions_are_really_lost():
    """The dead-position test of Прекрасная Люція never calls a winnable endgame dead."""
    dead = knowledge(find_game("belle-lucie")(1)).dead
    found = 0
    for seed in range(200):
        game = endgame("belle-lucie", seed, 16)
        if dead(game):
            found += 1
            assert plain_search(game) is not True, game.to_portable()
    assert found  # the test looked at some dead positions


# -- keys ---------------------------------------------------------------------------


def test_fans_are_interchangeable_only_when_no_redeal_is_left():
    cls = find_game("belle-lucie")
    a = {"game": "belle-lucie", "deal": 3, "piles": {"fan-1": ["5S", "9H"], "fan-2": ["KD"]}}
    b = {"game": "belle-lucie", "deal": 3, "piles": {"fan-1": ["KD"], "fan-2": ["5S", "9H"]}}
    for left, same in ((0, True), (1, False)):
        ga = cls.from_portable({**a, "redeals_left": left})
        gb = cls.from_portable({**b, "redeals_left": left})
        assert (state_key(ga) == state_key(gb)) is same


def test_keys_differ_with_phase_counters_and_cards():
    game = find_game("belle-lucie")(1)
    key = state_key(game)
    move = next(iter(game.legal_moves))
    game.push(move)
    assert state_key(game) != key
    game.pop()
    assert state_key(game) == key


# -- hints ----------------------------------------------------------------------------


def test_hint_gives_the_first_move_of_a_winning_line():
    game = find_game("belle-lucie")(2)
    result = hint(game, Budget(100_000, 20))
    assert result.basis == "winning-line"
    game.play(result.move)
    assert solve(game, Budget(100_000, 20)).status == WON


def test_hint_without_a_win_keeps_most_options_open():
    game = find_game("belle-lucie")(4)
    result = hint(game, Budget(nodes=2, seconds=5))
    assert result.basis == "most-options" and result.solution.status == UNKNOWN
    counts = {}
    for move in game.generate_moves():
        game.push(move)
        counts[str(move)] = sum(1 for _ in game.generate_moves())
        game.pop()
    assert counts[result.move] == max(counts.values()) == result.options
    assert result.to_json()["why"].startswith("no winning line was found within the budget")


def test_hint_in_a_won_position():
    game = find_game("belle-lucie").from_portable(
        {"game": "belle-lucie", "deal": 0, "redeals_left": 0, "piles": {"foundation-S": ["AS"]}})
    result = hint(game)
    assert result.basis == "won" and result.move is None and "won" in result.to_json()["why"]


def test_hint_with_no_move():
    game = find_game("belle-lucie").from_portable(
        {"game": "belle-lucie", "deal": 0, "redeals_left": 0, "piles": {"fan-1": ["AS", "2S"]}})
    assert hint(game).basis == "no-move" and hint(game).move is None


def test_the_solver_imports_only_the_standard_library():
    code = ("import sys, engine.solve\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'pasyans', 'extract', 'normalize', 'dask', 'pydantic', 'regex', 'hypothesis'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# -- interchangeable piles really are alike --------------------------------------------


def renamed(move: str, names: dict[str, str]) -> str:
    """A move with its pile names mapped (also an action's argument)."""
    if ">" in move:
        src, _, rest = move.partition(">")
        dst, colon, n = rest.partition(":")
        return f"{names.get(src, src)}>{names.get(dst, dst)}{colon}{n}"
    name, colon, arg = move.partition(":")
    return f"{name}{colon}{names.get(arg, arg)}"


@pytest.mark.parametrize("slug", sorted(s for s, k in __import__("engine.solve", fromlist=["x"]).GAME_KNOWLEDGE.items()
                                        if k.interchangeable))
def test_interchangeable_piles_commute_with_the_moves(slug):
    """Where the solver sorts piles of a role in its key, permuting those
    piles permutes the legal moves and keeps won/lost: checked on positions
    met in random play."""
    cls = find_game(slug)
    rng = random.Random(5)
    checked = 0
    for deal in range(1, 6):
        game = cls(deal)
        for _ in range(300):
            know = knowledge(game)
            if know.interchangeable_when(game):
                names = {}
                for role in know.interchangeable:
                    ids = [cls.names[i] for i in cls.by_role[role]]
                    shuffled_ids = ids[:]
                    rng.shuffle(shuffled_ids)
                    names.update(zip(ids, shuffled_ids))
                state = game.to_portable()
                state["piles"] = {names.get(k, k): v for k, v in state["piles"].items()}
                other = cls.from_portable(state)
                assert state_key(other) == state_key(game)
                mine = {renamed(str(m), names) for m in game.generate_moves()}
                assert mine == {str(m) for m in other.generate_moves()}, (slug, deal)
                assert other.is_won() == game.is_won()
                checked += 1
            moves = list(game.generate_moves())
            if not moves:
                break
            actions = [m for m in moves if m.action]  # deal and redeal often, to reach later phases
            game.push(rng.choice(actions if actions and rng.random() < 0.5 else moves))
    assert checked > 20


@pytest.mark.parametrize("slug", sorted(s for s, k in __import__("engine.solve", fromlist=["x"]).GAME_KNOWLEDGE.items()
                                        if k.suit_blind))
def test_suit_blind_games_ignore_suits(slug):
    """Where the key keeps ranks only, swapping suits through a position
    changes no legal move and no outcome (positions from random play)."""
    cls = find_game(slug)
    rng = random.Random(11)
    checked = 0
    for deal in range(1, 6):
        game = cls(deal)
        for _ in range(200):
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
            moves = list(game.generate_moves())
            if not moves:
                break
            actions = [m for m in moves if m.action]
            game.push(rng.choice(actions if actions and rng.random() < 0.5 else moves))
    assert checked > 50


def test_best_first_search_agrees_and_replays(monkeypatch):
    """The best-first search (chosen per game by `Knowledge.search`) gives
    the same answers as the plain search, and its wins replay."""
    import engine.solve as solve_module

    for slug in ("belle-lucie", "parterre"):
        know = solve_module.GAME_KNOWLEDGE.get(slug, solve_module.Knowledge())
        monkeypatch.setitem(solve_module.GAME_KNOWLEDGE, slug, know._replace(search="best-first"))
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
    monkeypatch.setitem(solve_module.GAME_KNOWLEDGE, "cadran", solve_module.Knowledge(search="best-first"))
    solution = solve(game, Budget(nodes=100_000, seconds=10))
    assert solution.status == WON
    assert replay("cadran", WON_GAMES["cadran"]["deal"], prefix + list(solution.moves)).is_won()
