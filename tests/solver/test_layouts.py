"""The knowledge of the layout games (engine/solver/games/) against the
engine's rules: keys that merge positions merge only positions that play
alike, safe moves and dead tests agree with the plain search."""

from __future__ import annotations

import importlib
import random

import pytest

from engine import find_game
from engine.solver.keys import state_key
from engine.solver.registry import knowledge
from engine.solver.search import LOST, WON, Budget, solve

from solver_helpers import plain_search

four_corners_solver = importlib.import_module("engine.solver.games.four-corners")
idet_ne_idet_solver = importlib.import_module("engine.solver.games.idet-ne-idet")

IDET_READINGS = ({}, {"idet-ne-idet.assume.aces-from-any-place": "covered-too"},
                 {"idet-ne-idet.assume.middle-top-cards-while-dealing": "barred"},
                 {"idet-ne-idet.assume.replaced-while-dealing": "every-card"})


def last_layout(cls, deal: int, rng: random.Random, readings=None, steps: int = 2_000):
    """Random play from ``deal`` (moves home preferred) until the last
    layout is dealt out; then the positions of the rest of the walk."""
    game = cls(deal, readings=readings) if readings else cls(deal)
    for _ in range(steps):
        if game.phase == "play" and not game.redeals_left:
            yield game
        moves = list(game.legal_moves)
        if not moves:
            return
        home = [m for m in moves if not m.action and game.roles[game.index[m.dst]] == "foundation"]
        actions = [m for m in moves if m.action]
        pick = home if home and rng.random() < 0.5 else actions if actions and rng.random() < 0.5 else moves
        game.push(rng.choice(pick))


def idet_rows_permuted(game, rng):
    """The same Идет — не идет position with its seven vertical rows in another order."""
    cls = type(game)
    state = game.to_portable()
    piles = state["piles"]
    rows = [(piles.get(cls.names[t], []), piles.get(cls.names[c], [])) for t, c in zip(cls.top, cls.cols)]
    rng.shuffle(rows)
    for (t, c), (top, col) in zip(zip(cls.top, cls.cols), rows):
        piles[cls.names[t]], piles[cls.names[c]] = top, col
    return cls.from_portable(state)


def move_cards(game):
    """Each legal move as (card moved, where it lands: a card, a base or an empty row), sorted."""
    out = []
    for move in game.legal_moves:
        if move.action:
            out.append((move.action, -1, ""))
            continue
        src = game.piles[game.index[move.src]]
        card = src[move.at - 1] if move.at else src[-1]
        dst = game.piles[game.index[move.dst]]
        role = game.roles[game.index[move.dst]]
        out.append(("card", card, role if role == "foundation" or not dst else str(dst[-1])))
    return sorted(out)


@pytest.mark.parametrize("readings", IDET_READINGS, ids=lambda r: ",".join(r.values()) or "default")
def test_idet_rows_in_any_order_play_alike(readings):
    """Idet's key sorts the vertical rows in the last layout: positions with
    equal keys have the same moves (by the cards moved and where they land),
    the same outcome, and the same verdict."""
    cls = find_game("idet-ne-idet")
    know = knowledge(cls)
    rng = random.Random(3)
    checked = solved = 0
    for deal in range(1, 25):
        for game in last_layout(cls, deal, rng, readings):
            other = idet_rows_permuted(game, rng)
            assert state_key(other, know) == state_key(game, know)
            assert move_cards(other) == move_cards(game)
            assert other.is_won() == game.is_won() and (other.outcome() is None) == (game.outcome() is None)
            checked += 1
            if checked % 7 == 0 and solved < 12:
                truth = plain_search(game, 3_000)
                if truth is not None:
                    solved += 1
                    assert solve(other, Budget(100_000, 30)).status == (WON if truth else LOST)
    assert checked > 100 and solved >= 4, (checked, solved)


def test_idet_key_keeps_rows_apart_before_the_last_layout():
    """With a redeal to come (the rows are gathered in order) or while
    dealing (the outer rows feed the bases), the rows are not merged."""
    cls = find_game("idet-ne-idet")
    know = knowledge(cls)
    rng = random.Random(4)
    game = cls(1)
    other = idet_rows_permuted(game, rng)
    if other.piles != game.piles:
        assert state_key(other, know) != state_key(game, know)


@pytest.mark.parametrize("readings", IDET_READINGS[:2], ids=("default", "covered-too"))
def test_idet_safe_moves_agree_with_the_plain_search(readings):
    """Last-layout positions of random walks where a safe move exists: the
    solver, which plays it alone, agrees with the plain search."""
    cls = find_game("idet-ne-idet")
    rng = random.Random(5)
    agreed = 0
    for deal in range(1, 40):
        for game in last_layout(cls, deal, rng, readings):
            if not any(idet_ne_idet_solver.idet_safe(game, m) for m in game.legal_moves):
                continue
            work = game.copy(stack=False)
            truth = plain_search(work, 3_000)
            if truth is None:
                continue
            solution = solve(work, Budget(100_000, 30))
            assert solution.status == (WON if truth else LOST), work.to_portable()
            if truth:
                replay = cls.from_portable(work.to_portable())
                for text in solution.moves:
                    replay.play(text)
                assert replay.is_won()
            agreed += 1
            break
    assert agreed >= 10, agreed


# -- the crossing foundations: Большая раскладка, Китайское письмо, Четыре угла ---------

CROSSING = {  # the piles an endgame's cards are dealt into: marked rows, plain rows, the one apart
    "grand-layout": ("col-1", "col-12", "col-2", "col-5", "col-13"),
    "chinese-letter": ("col-1", "col-11", "col-3", "col-7", "pile"),
    "four-corners": ("left-1", "left-3", "right-2", "right-6", "left-5"),
}


def crossing_endgame(slug: str, seed: int, cards_left: int, stock: int = 0):
    """The last layout dealt out (phase "play", no redeal left): each suit's
    ascending and descending foundations built to random heights that
    cross or nearly cross, the ``cards_left`` cards out of home dealt at
    random into a few piles (`CROSSING`); with ``stock``, that many of them
    still in the pack (phase "deal", the next packet at random: Четыре
    угла only)."""
    rng = random.Random(seed)
    cls = find_game(slug)
    from engine.cards import RANKS, SUITS

    out = [0, 0, 0, 0]  # the cards of each suit out of home
    for _ in range(cards_left):
        out[rng.randrange(4)] += 1
    piles, left = {}, []
    for suit in range(4):
        up = rng.randint(13 - min(13, out[suit]), 13)  # the two foundations hold 26 - out cards of the suit
        down = 26 - out[suit] - up
        if down > 13:
            up, down = up + down - 13, 13
        piles[f"foundation-{SUITS[suit]}-A"] = [RANKS[r] + SUITS[suit] for r in range(1, up + 1)]
        piles[f"foundation-{SUITS[suit]}-K"] = [RANKS[r] + SUITS[suit] for r in range(13, 13 - down, -1)]
        for rank in range(1, 14):
            left += [RANKS[rank] + SUITS[suit]] * (2 - (rank <= up) - (rank > 13 - down))
    rng.shuffle(left)
    names = CROSSING[slug]
    state = {"game": slug, "deal": 0, "phase": "play", "redeals_left": 0}
    if stock:
        piles["stock"], left = ["~" + card for card in left[:stock]], left[stock:]
        state.update(phase="deal", extra={"next": rng.randrange(12)})
    count = rng.randint(2, len(names))
    chosen = rng.sample(names, count)
    for k, name in enumerate(chosen):
        piles[name] = left[k::count]
    return cls.from_portable({**state, "piles": piles})


@pytest.mark.parametrize("slug, stock", [(slug, 0) for slug in sorted(CROSSING)] + [("four-corners", 3)])
def test_crossing_safe_moves_agree_with_the_plain_search(slug, stock):
    """Small last-layout endgames where a foundation move is safe
    (`knowledge.crossing_safe`): the solver, which plays it alone (and uses
    the game's other knowledge), agrees with the plain search, and its won
    lines replay. (A wrong safe move would lose a won position: the won
    ones are the test; lost ones come where a card is buried.)"""
    know = knowledge(find_game(slug))
    fired, truths = 0, []
    for seed in range(600):
        game = crossing_endgame(slug, seed, 3 + stock + seed % 7, stock)
        if not any(know.safe(game, m) for m in game.legal_moves):
            continue
        fired += 1
        truth = plain_search(game, 3_000)
        if truth is None:
            continue
        solution = solve(game, Budget(200_000, 30))
        assert solution.status == (WON if truth else LOST), game.to_portable()
        if truth:
            replay = type(game).from_portable(game.to_portable())
            for text in solution.moves:
                replay.play(text)
            assert replay.is_won()
        truths.append(truth)
        if len(truths) >= 15:
            break
    assert len(truths) >= 15 and truths.count(True) >= 8, (fired, truths)


def test_four_corners_stuck_set_is_closed():
    """`four_corners_stuck` (which reads heights) against the definition
    its proof uses, written with sets: every card of the set is covered by
    a card of the set or held (it cannot go home, each copy of a card it
    needs first being home on the other foundation, in the set or below
    it; and each copy of its hosts in a packet lies below it or is covered
    in the set); and a packet's top card outside the set is not held."""
    cls = find_game("four-corners")
    rng = random.Random(7)
    checked = nonempty = 0
    for deal in range(1, 30):
        for game in last_layout(cls, deal, rng, steps=600):
            stuck = four_corners_solver.four_corners_stuck(game)
            piles = game.piles
            where = {}
            for p in game.packets:
                for h, card in enumerate(piles[p]):
                    where.setdefault(card, []).append((p, h))

            def covered(place):
                p, h = place
                return any((p, k) in stuck for k in range(h + 1, len(piles[p])))

            def held(place):
                p, h = place
                card = piles[p][h]
                suit, rank = card >> 4, card & 15
                up = len(piles[game.index[f"foundation-{'SHDC'[suit]}-A"]]) + 1
                down = 13 - len(piles[game.index[f"foundation-{'SHDC'[suit]}-K"]])

                def lacking(q):
                    return all(t in stuck or (t[0] == p and t[1] < h) for t in where.get(suit << 4 | q, ()))

                if up == rank or (up < rank and not any(lacking(q) for q in range(up, rank))):
                    return False
                if down == rank or (down > rank and not any(lacking(q) for q in range(rank + 1, down + 1))):
                    return False
                hosts = [t for step in (1, -1) if 1 <= rank + step <= 13 for t in where.get(card + step, ())]
                return all((t[0] == p and t[1] < h) or (t in stuck and covered(t)) for t in hosts)

            for place in stuck:
                assert covered(place) or held(place), (place, game.to_portable())
            for p in game.packets:
                if piles[p] and (p, len(piles[p]) - 1) not in stuck:
                    assert not held((p, len(piles[p]) - 1)), game.to_portable()
            checked += 1
            nonempty += bool(stuck)
    assert checked > 200 and nonempty > 50, (checked, nonempty)
