"""engine/solver/fans.py: the one-pack fan search (`FanSearch.run_one_pack`)
against the same search written plainly, position by position.

The plain search below makes the moves `run_one_pack` makes, in the same
order, but holds the fans as lists, builds each key from the sorted fans
and runs the full dead test (`fans_dead_one_pack`) on every new position a
marriage reaches. So the fast path's incremental key (one field per card),
its look-up before the move and its one-flag dead test must give the same
verdicts, the same lines and the same counts of positions (generated and
distinct), to the position. On the way the plain search checks the two
claims the fast dead test rests on, at every position it meets. The
two-pack dead test (a fixpoint on bit masks) is checked against the same fixpoint
written plainly."""

from __future__ import annotations

import random

import pytest

from engine import find_game
from engine.solver import fans
from engine.solver.fans import FanSearch, fans_dead_one_pack, one_pack_standstills
from engine.solver.search import LOST, WON, Budget, Meter, OutOfBudget, solve

from solver_helpers import endgame

LUCIE = find_game("belle-lucie")

# Deals 1..300 of Belle Lucie's single deal (no redeal) that the previous
# fan search (commit 20a5011: keys rebuilt from the sorted fans, the full
# dead test at every marriage) won; it proved every other one lost.
WON_BEFORE = {3, 23, 60, 85, 106, 113, 135, 149, 168, 266}


def plain_one_pack(game, dead: bool = True, lone: bool = False):
    """(status, nodes, distinct, best cards home, line, standstills) of
    the search `run_one_pack` makes (see the module docstring); a
    standstill is (cards home, line) per set of cards left, first found."""
    cls = type(game)
    table = cls.move_table
    fan_ids = cls._fans
    piles = [list(game.piles[i]) for i in fan_ids]
    height = {suit >> 4: len(game.piles[f]) for f, suit, _base, _step in cls._foundations}
    found_pile = {suit >> 4: f for f, suit, _base, _step in cls._foundations}
    count = {"nodes": 0, "distinct": 0}
    standstills: dict[bytes, tuple] = {}

    def key() -> bytes:
        return b"|".join(sorted(bytes(p) for p in piles))

    def home() -> int:
        return sum(height.values())

    def moves() -> list[tuple]:
        """(kind, fan, fan or suit), best last: the lowest suit's card home
        alone, else every marriage, from the first fan to the last."""
        tops = {p[-1]: s for s, p in enumerate(piles) if p}
        for suit in range(4):
            card = (suit << 4) | (height.get(suit, 13) + 1)
            if card in tops:
                return [("home", tops[card], suit)]
        out = [("marry", s, tops[p[-1] + 1]) for s, p in enumerate(piles)
               if p and p[-1] + 1 in tops and (lone or len(p) > 1)]
        if not out:
            left = bytes(sorted(c for p in piles for c in p))
            standstills.setdefault(left, (home(), as_moves(line)))
        return out

    def do(move) -> None:
        kind, s, to = move
        card = piles[s].pop()
        if kind == "home":
            height[to] += 1
        else:
            piles[to].append(card)

    def undo(move) -> None:
        kind, s, to = move
        if kind == "home":
            height[to] -= 1
            card = (to << 4) | (height[to] + 1)
        else:
            card = piles[to].pop()
        piles[s].append(card)

    def as_moves(moves_made) -> tuple[str, ...]:
        return tuple(str(table[fan_ids[s]][found_pile[to] if kind == "home" else fan_ids[to]])
                     for kind, s, to in moves_made)

    line: list[tuple] = []
    best = home()

    def result(status: str) -> tuple:
        return status, count["nodes"], count["distinct"], best, as_moves(line), standstills

    if not any(piles):
        return result(WON)
    seen = {key()}
    if dead and fans_dead_one_pack(piles):
        return result(LOST)
    stack = [moves()]
    while stack:
        todo = stack[-1]
        if not todo:
            stack.pop()
            if line:
                undo(line.pop())
            continue
        move = todo.pop()
        do(move)
        count["nodes"] += 1
        k = key()
        if k in seen:
            undo(move)
            continue
        seen.add(k)
        count["distinct"] += 1
        if dead:
            lost = fans_dead_one_pack(piles)
            if move[0] == "home":
                # claim 1: a move home never makes a live position dead
                assert not lost, piles
            else:
                # claim 2: a marriage makes a live position dead exactly
                # when the card married lies over a lower card of its suit
                fan = piles[move[2]]
                card = fan[-1]
                assert lost == any(c >> 4 == card >> 4 and c < card for c in fan[:-1]), piles
                if lost:
                    undo(move)
                    continue
        best = max(best, home())
        line.append(move)
        if not any(piles):
            return result(WON)
        stack.append(moves())
    return result(LOST)


def fast_one_pack(game, dead: bool = True, lone: bool = False):
    meter = Meter(Budget(10_000_000, 600))
    search = FanSearch(game, meter)
    standstills: dict[bytes, tuple] = {}

    def leaf(want, line) -> None:
        home = sum(w & 15 for w in want) - 4
        standstills.setdefault(search.left_of(want), (home, tuple(map(str, search._moves_one_pack(line)))))

    status, line = search.run_one_pack(dead=dead, lone=lone, leaf=leaf)
    return status, meter.nodes, meter.distinct, search.best_home, tuple(map(str, line)), standstills


def positions(small: bool = False):
    """Opening layouts and random endgames (cards left 8..30, part of the
    pack on the foundations), with no redeal left; ``small``: only those
    whose search with nothing cut stays small."""
    for deal in (1, 2, 3, 4, 6, 9, 11, 13) if small else range(1, 31):
        game = LUCIE(deal)
        game.redeals_left = 0
        yield f"deal-{deal}", game
    for seed in range(60):
        if not small or 8 + seed % 23 <= 20:
            yield f"endgame-{seed}", endgame("belle-lucie", seed, 8 + seed % 23)


def replays(game, line) -> bool:
    work = game.copy(stack=False)
    for text in line:
        work.play(text)
    return work.is_won()


@pytest.mark.parametrize("dead, lone", [(True, False), (False, True)])
def test_the_fast_one_pack_search_is_the_plain_one_position_for_position(dead, lone):
    won = lost = 0
    for name, game in positions(small=not dead):
        fast = fast_one_pack(game, dead, lone)
        plain = plain_one_pack(game, dead, lone)
        assert fast == plain, name
        if fast[0] == WON:
            assert replays(game, fast[4]), name
            won += 1
        else:
            lost += 1
    assert won >= 5 and lost >= 10  # both verdicts are exercised


def test_a_partial_pack_and_an_empty_layout():
    """Positions of a study with cards missing from the pack: a suit whose
    next card is missing stays where it is."""
    game = LUCIE.from_portable({"game": "belle-lucie", "deal": 0, "redeals_left": 0,
                                "piles": {"fan-1": ["4S", "3D"], "fan-2": ["AD", "3S"], "fan-3": ["2D"],
                                          "foundation-S": ["AS", "2S"]}})
    fast, plain = fast_one_pack(game), plain_one_pack(game)
    assert fast == plain and fast[0] == WON and replays(game, fast[4])
    stuck = LUCIE.from_portable({"game": "belle-lucie", "deal": 0, "redeals_left": 0,
                                 "piles": {"fan-1": ["5S", "3S"], "fan-2": ["4S", "KH"]}})
    assert fast_one_pack(stuck) == plain_one_pack(stuck) and fast_one_pack(stuck)[0] == LOST
    empty = LUCIE.from_portable({"game": "belle-lucie", "deal": 0, "redeals_left": 0,
                                 "piles": {"foundation-D": ["AD"]}})
    assert fast_one_pack(empty)[:2] == (WON, 0) == plain_one_pack(empty)[:2]


def test_single_deal_verdicts_are_those_of_the_previous_search():
    """Every single deal of 1..300 decided as the previous fan search decided it."""
    won = set()
    for deal in range(1, 301):
        game = LUCIE(deal)
        game.redeals_left = 0
        solution = solve(game, Budget(10_000_000, 60))
        assert solution.status in (WON, LOST), deal
        assert solution.distinct <= solution.nodes
        if solution.status == WON:
            won.add(deal)
            assert replays(game, solution.moves), deal
    assert won == WON_BEFORE


def test_the_budget_stops_the_fast_search():
    game = LUCIE(50)  # a lost deal of about 12,000 positions
    game.redeals_left = 0
    meter = Meter(Budget(1_000, 60))
    with pytest.raises(OutOfBudget):
        FanSearch(game, meter).run_one_pack()
    assert meter.nodes == 1_000 and meter.distinct <= 1_000


def test_standstills_and_judged_layouts_come_from_the_same_search():
    """`one_pack_standstills` (the player's) lists the standstills the plain
    search reaches, and `judge_layout` gives its verdict and best count."""
    total = 0
    for deal in (1, 2, 6, 9):
        game = LUCIE(deal)
        game.redeals_left = 0
        plain = plain_one_pack(game, dead=False, lone=True)
        found = one_pack_standstills(game, Meter(Budget(10_000_000, 60)))
        total += len(found)
        assert {left: (home, tuple(map(str, line))) for home, line, left in found} == plain[5]
        status, _nodes, _distinct, best, _line, _ = plain_one_pack(game)
        assert fans.judge_layout(LUCIE(deal), Meter(Budget(10_000_000, 60))) == (status == WON, best)
    assert total > 4


def plain_dead_two_packs(fans, marry) -> bool:
    """The two-pack dead test before the fixpoint (commit 9b42b79, as it was
    written plainly in commit 20a5011): a copy lying over both copies of a
    lower card of its suit (on the hill, and of a higher one), with every
    copy of its targets under it or home."""
    count: dict[int, int] = {}
    for pile in fans:
        for card in pile:
            count[card] = count.get(card, 0) + 1
    both_ways = len(marry) > 1
    for pile in fans:
        if len(pile) < 3:
            continue
        seen: dict[int, int] = {}
        for k, card in enumerate(pile):
            if k >= 2:
                suit, rank = card & ~15, card & 15
                low = any(seen.get(suit | r, 0) == 2 for r in range(1, rank))
                high = both_ways and any(seen.get(suit | r, 0) == 2 for r in range(rank + 1, 14))
                if low and (high or not both_ways):
                    targets = [card + step for step in marry if 1 <= (card + step) & 15 <= 13]
                    if not any(count.get(t, 0) > seen.get(t, 0) for t in targets):
                        return True
            seen[card] = seen.get(card, 0) + 1
    return False


def plain_stuck(game) -> bool:
    """`fans_dead_two_packs` written plainly from its docstring: the set S
    of card places, each card of S released (by the rules' own reading of
    the foundations, `Game.foundation_wants`) when nothing of S lies on it
    and it could marry onto a released or uncovered copy of its target, or
    go home once every rank between has a released copy; dead when S
    keeps a card."""
    cls = type(game)
    piles = [list(game.piles[i]) for i in cls._fans]
    stuck = {(g, k) for g, pile in enumerate(piles) for k in range(len(pile))}

    def uncovered(g, k):
        return all((g, j) not in stuck for j in range(k + 1, len(piles[g])))

    changed = True
    while changed:
        changed = False
        for g, k in sorted(stuck):
            if not uncovered(g, k):
                continue
            card = piles[g][k]
            released = {piles[a][b] for a, pile in enumerate(piles) for b in range(len(pile))
                        if (a, b) not in stuck}
            can = any(c == card + step and ((a, b) not in stuck or uncovered(a, b))
                      for step in cls.MARRY for a, pile in enumerate(piles) for b, c in enumerate(pile))
            for f in game.by_role["foundation"]:
                want = game.foundation_wants(f)
                if not want or want >> 4 != card >> 4:
                    continue
                step = game.PILES[f].step
                if (card - want) * step < 0:
                    continue
                between = range(want, card) if step > 0 else range(card + 1, want + 1)
                can = can or all(c in released for c in between)
            if can:
                stuck.discard((g, k))
                changed = True
    return bool(stuck)


@pytest.mark.parametrize("slug", ("house-in-the-wood", "house-on-the-hill"))
def test_the_two_pack_dead_test_is_its_plain_fixpoint(slug):
    """On layouts and endgames, and along random play from them, the bit-mask
    dead test answers as the plain fixpoint, and it says dead wherever the
    earlier, narrower test (a copy over both copies of a lower card, its
    targets buried under it or home) did; both answers occur."""
    cls = find_game(slug)
    rng = random.Random(5)
    answers = set()
    games = [cls(deal) for deal in range(1, 5)] + \
        [endgame(slug, seed, 30 + seed % 60, most_fans=(2, 3, 6, 12)[seed % 4]) for seed in range(40)]
    for game in games:
        game.redeals_left = 0
        for _ in range(40):
            dead = fans.twin_dead(game)
            assert dead == plain_stuck(game), game.to_portable()
            if plain_dead_two_packs([game.piles[i] for i in cls._fans], cls.MARRY):
                assert dead, game.to_portable()
            answers.add(dead)
            moves = [m for m in game.generate_moves() if not m.action]
            if not moves:
                break
            game.push(rng.choice(moves))
    assert answers == {True, False}


@pytest.mark.parametrize("slug, deal, status, nodes, distinct", [
    ("house-in-the-wood", 1, WON, 6_596, 3_541),
    ("house-in-the-wood", 3, WON, 154, 154),
    ("house-in-the-wood", 6, LOST, 0, 0),  # lost at the start: `fans.fans_order_dead`
    ("house-in-the-wood", 49, "unknown", 20_000, 12_391),
    ("house-on-the-hill", 1, WON, 342, 324),
    ("house-on-the-hill", 8, WON, 127, 127),
])
def test_the_two_pack_fan_search_meets_the_positions_it_met_before(slug, deal, status, nodes, distinct):
    """The two-pack search is pinned position for position (at 20,000
    positions at most, so the dives stop at 18,000; figures of commit
    "solver: two-pack dives"): work on its speed must not change what it
    searches unnoticed."""
    game = find_game(slug)(deal)
    game.redeals_left = 0
    solution = solve(game, Budget(20_000, 600))
    assert (solution.status, solution.nodes, solution.distinct) == (status, nodes, distinct)
    if status == WON:
        assert replays(game, solution.moves)


def test_the_fast_path_steps_aside_under_a_reading_that_changes_the_moves():
    """Under the plays-first marriage order (no marriage while a card can go
    home) the fan search would allow refused marriages: the generic search,
    by the engine's own moves, decides instead, and its line replays
    (house-in-the-wood deal 21: the fast path's line married too soon)."""
    from engine.solver.registry import knowledge
    from engine.solver.measures import run_deal

    plays_first = {"belle-lucie.assume.marriage-order": "plays-first"}
    for slug in ("belle-lucie", "house-in-the-wood", "house-on-the-hill"):
        game = find_game(slug)(21, readings=plays_first)
        game.redeals_left = 0
        assert not fans.models(game)
        assert fans.fan_exact(game, knowledge(game), Meter(Budget(1_000, 60.0))) is None
        assert fans.one_pack_standstills(game, Meter(Budget(1_000, 60.0))) is None
    # readings of the layout or the redeals keep the fast path
    assert fans.models(find_game("house-in-the-wood")(21, readings={"house-in-the-wood.assume.fan-count": "35"}))
    assert fans.models(find_game("belle-lucie")(21, readings={"belle-lucie.assume.redeal-gate": "no-play"}))
    record = run_deal("house-in-the-wood", "single-deal", 21, Budget(100_000, 600.0), plays_first)
    assert record["status"] == WON  # run_deal replays the line through play: a refused marriage would raise


@pytest.mark.parametrize("slug", ("house-in-the-wood", "house-on-the-hill"))
def test_the_dives_agree_with_a_plain_search(slug):
    """`FanSearch.dives` alone (the whole budget, no full search after
    them): a dive that ends under its cap says "lost" only where the plain
    search finds no win, its won lines replay, and both verdicts occur."""
    from solver_helpers import plain_search

    verdicts = set()
    for seed in range(40):
        game = endgame(slug, seed, 12 + seed % 10)
        truth = plain_search(game, 3_000)
        if truth is None:
            continue
        found = FanSearch(game, Meter(Budget(200_000, 60)), prune=True).dives(share=1.0)
        if found is None:
            continue
        status, line = found
        assert status == (WON if truth else LOST), game.to_portable()
        if status == WON:
            assert replays(game, line)
        verdicts.add(status)
    assert verdicts == {WON, LOST}


def test_luby():
    assert [fans.luby(n) for n in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


@pytest.mark.parametrize("slug", ("house-in-the-wood", "house-on-the-hill"))
def test_the_two_pack_dead_test_is_confirmed_by_the_plain_search(slug):
    """Thick endgames (26 cards in at most four fans, as late in play): each
    position the dead test calls lost, the plain exhaustive search (no
    knowledge) searches to the end and finds no win."""
    from solver_helpers import plain_search

    confirmed = 0
    for seed in range(60):
        game = endgame(slug, seed, 26, most_fans=4)
        if fans.twin_dead(game):
            assert plain_search(game, 3_000) is False, game.to_portable()
            confirmed += 1
    assert confirmed >= 20
