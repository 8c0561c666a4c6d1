"""Lost stays a proof: every game's knowledge agrees with a plain search.

For every game, small positions (near the end of the engine's recorded won
game, near the end of random playouts, and random endgames where the
foundations are suited piles) are searched twice: by `engine.solver` with
all its knowledge (safe moves, dead positions, pointless moves,
interchangeable piles, canonical keys, the fan search) and by a plain
exhaustive search over the legal moves with no knowledge at all. The two
must agree, each won line must replay through `play`, and each knowledge
item of the game must have been put to use at least once (else the
comparison would prove nothing about it).
"""

from __future__ import annotations

import importlib
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import GAMES, find_game
from engine.solver import fans
from engine.solver.knowledge import GAME_KNOWLEDGE
from engine.solver.registry import knowledge
from engine.solver.search import LOST, WON, Budget, solve

from solver_helpers import FAN_GAMES, WON_GAMES, endgame, near_the_end, plain_search, random_endings

belle_lucie_solver = importlib.import_module("engine.solver.games.belle-lucie")

IDS = [g.slug for g in GAMES]
BUDGET = Budget(nodes=400_000, seconds=60)


class Counting:
    """Wraps a knowledge function and counts the times it said yes."""

    def __init__(self, fn):
        self.fn, self.yes = fn, 0

    def __call__(self, *args):
        answer = self.fn(*args)
        self.yes += bool(answer)
        return answer


def counted(monkeypatch, slug):
    know = knowledge(find_game(slug))
    counters = {}
    changes = {}
    for name in ("safe", "dead", "pointless"):
        fn = getattr(know, name)
        if fn is not None:
            counters[name] = changes[name] = Counting(fn)
    monkeypatch.setitem(GAME_KNOWLEDGE, slug, know._replace(**changes))
    if know.exact is not None:  # the fan search calls its dead tests directly
        for name in ("dead_one_pack", "fans_dead_two_packs"):
            counters[name] = Counting(getattr(fans, name))
            monkeypatch.setattr(fans, name, counters[name])
    return counters


MORE_DEALS = {"parterre": 10, "exiles": 8, "idet-ne-idet": 8, "cadran": 8, "salic-law": 12}
LIMIT = {"napoleon": 800, "chinese-letter": 1_200, "salic-law": 1_200, "house-on-the-hill": 1_200}  # games whose playouts seldom end small


def positions(slug: str) -> list:
    out = []
    if slug in WON_GAMES:
        for left in (1, 3, 6, 10, 16):
            game, _ = near_the_end(slug, left)
            out.append(game)
    out += random_endings(slug, deals=range(1, MORE_DEALS.get(slug, 5)), seed=len(slug), last=5)
    return out


def check(game, truth: bool) -> None:
    solution = solve(game, BUDGET)
    state = game.to_portable()
    assert solution.status == (WON if truth else LOST), (game.slug, solution.status, state)
    if truth:
        work = type(game).from_portable(state)
        for text in solution.moves:
            work.play(text)
        assert work.is_won(), (game.slug, state)


@pytest.mark.parametrize("slug", IDS)
def test_the_solver_agrees_with_a_plain_search(slug, monkeypatch):
    counters = counted(monkeypatch, slug)
    verdicts = []
    for game in positions(slug):
        truth = plain_search(game, LIMIT.get(slug, 2_000))
        if truth is None:
            continue
        check(game, truth)
        verdicts.append(truth)
    assert len(verdicts) >= 6, f"{slug}: only {len(verdicts)} small positions"
    if slug in FAN_GAMES:  # their endgames (below) exercise the knowledge
        return
    unused = [name for name, c in counters.items() if not c.yes and name in ("safe", "dead")]
    assert not unused or slug in NOT_REACHED, f"{slug}: knowledge never used on these positions: {unused}"


def other_readings():
    """(slug, reading id, alternative) for every alternative that is not the edition's choice."""
    out = []
    for cls in GAMES:
        for reading in cls.READINGS.values():
            out += [(cls.slug, reading.id, alt.id) for alt in reading.alternatives if alt.id != reading.default]
    return out


@pytest.mark.parametrize("slug, ident, alt", other_readings())
def test_the_solver_agrees_with_a_plain_search_under_every_reading(slug, ident, alt):
    """`pasyans stats --reading` measures under the other readings: there too
    every verdict of the solver is the plain search's."""
    readings = {ident: alt}
    verdicts = []
    for game in random_endings(slug, deals=range(1, MORE_DEALS.get(slug, 5) + 3), seed=len(ident), last=4,
                               readings=readings):
        assert game.readings.get(ident, alt) == alt
        truth = plain_search(game, LIMIT.get(slug, 2_000))
        if truth is None:
            continue
        check(game, truth)
        verdicts.append(truth)
    if not verdicts and (slug, ident, alt) in NO_SMALL_POSITIONS:
        pytest.skip(f"{ident}={alt}: random playouts never end within 500 moves, no small position to compare")
    assert len(verdicts) >= 3, f"{slug} under {ident}={alt}: only {len(verdicts)} small positions"


# readings under which the random playouts of `random_endings` never stop
# (main's napoleon.assume.cellar-card=last, new at the last merge): the game
# has no knowledge of its own registered, so its search is the plain one
# with the engine's moves; a generator of small positions for it is to do
NO_SMALL_POSITIONS = {("napoleon", "napoleon.assume.cellar-card", "last")}


# games whose safe moves need positions later than the random ones reach
# (the foundations of a suit must have crossed); the endgames below and the
# won games' ends test them
NOT_REACHED = {"four-corners", "grand-layout", "chinese-letter", "fifteen", "cadran"}

ENDGAME_GAMES = [g.slug for g in GAMES if all(s.step for s in g.PILES if s.role == "foundation")
                 and any(r in g.by_role for r in ("fan", "column", "bed"))
                 and g.slug not in ("grand-layout", "chinese-letter")]


@pytest.mark.parametrize("slug", ENDGAME_GAMES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), cards=st.integers(5, 18))
def test_endgames_agree_with_a_plain_search(slug, seed, cards):
    if slug not in FAN_GAMES:
        cards = 3 + cards // 3  # spaces make the plain search of these games grow fast
    try:
        game = endgame(slug, seed, cards)
    except Exception:  # a layout rule of the game refuses this random layout
        return
    truth = plain_search(game)
    if truth is None:
        return
    check(game, truth)


def test_the_endgames_are_mixed():
    """The endgame generator gives won and lost fan-game positions alike,
    and the dead tests of the fan games fire on them."""
    for slug in FAN_GAMES:
        truths = {plain_search(endgame(slug, seed, 10)) for seed in range(30)}
        assert {True, False} <= truths, slug
    found = 0
    for seed in range(150):
        game = endgame("belle-lucie", seed, 14)
        if belle_lucie_solver.lucie_dead(game):
            found += 1
            assert plain_search(game, 5_000) is not True, game.to_portable()
    assert found
    found = 0
    for slug in ("house-in-the-wood", "house-on-the-hill"):
        for seed in range(200):
            game = endgame(slug, seed, 26, most_fans=4)  # thick fans, as late in play
            if fans.twin_dead(game):
                found += 1
                assert plain_search(game, 3_000) is not True, game.to_portable()
    assert found


def test_crossing_foundations_are_safe_only_when_the_partner_has_passed():
    from engine.solver.knowledge import crossing_safe

    cls = find_game("four-corners")
    base = {"game": "four-corners", "deal": 0, "phase": "play", "redeals_left": 0}
    up = ["AH", "2H", "3H", "4H"]
    down = ["KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H"]
    game = cls.from_portable({**base, "piles": {"foundation-H-A": up, "foundation-H-K": down,
                                                "left-1": ["9C", "5H"], "left-2": ["6H"]}})
    assert crossing_safe(game, find_move(game, "left-1>foundation-H-A"))
    game = cls.from_portable({**base, "piles": {"foundation-H-A": up, "foundation-H-K": down[:-2],
                                                "left-1": ["9C", "5H"], "left-2": ["6H"], "left-3": ["5H"],
                                                "left-4": ["4H"]}})
    assert not crossing_safe(game, find_move(game, "left-1>foundation-H-A"))


def test_fifteen_reads_the_suit_of_its_foundations_from_their_bases():
    """Пятнадцать's rows take the suit of their base: the partner of the
    hearts' ascending row is the descending row begun with a king of
    hearts, wherever it lies; under the reading «any four» (a second ace of
    hearts may open a second row later) no move is safe."""
    safe = knowledge(find_game("fifteen")).safe
    cls = find_game("fifteen")
    up = ["AH", "2H", "3H", "4H"]
    down = ["KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H"]
    piles = {"foundation-A-1": ["AS"], "foundation-A-2": up, "foundation-K-1": ["KC"], "foundation-K-3": down,
             "col-1": ["9C", "5H"], "col-2": ["6H"]}
    state = {"game": "fifteen", "deal": 0, "piles": piles}
    game = cls.from_portable(state)
    assert safe(game, find_move(game, "col-1>foundation-A-2"))
    game = cls.from_portable({**state, "piles": {**piles, "foundation-K-3": down[:-2], "col-3": ["5H"],
                                                  "col-4": ["4H"]}})
    assert not safe(game, find_move(game, "col-1>foundation-A-2"))
    game = cls.from_portable({**state, "readings": {"fifteen.assume.foundation-suits": "any-four"}})
    assert not safe(game, find_move(game, "col-1>foundation-A-2"))


def find_move(game, text):
    for move in game.generate_moves():
        if str(move) == text:
            return move
    raise AssertionError(f"{text} is not legal in {game.to_portable()}")
