"""Shared helpers of the solver tests: a plain exhaustive search (no
knowledge at all), and small positions of every game to compare it on."""

from __future__ import annotations

import json
import random
from pathlib import Path

from engine import find_game
from engine.cards import RANKS, SUITS
from engine.solver.search import home_roles

WON_GAMES = json.loads((Path(__file__).parents[1] / "engine" / "won_games.json").read_text())
FAN_GAMES = ("belle-lucie", "house-in-the-wood", "house-on-the-hill")


def plain_search(game, limit: int = 2_000) -> bool | None:
    """Can ``game`` be won? Exhaustive search over the game's moves (its
    generator, which the engine's tests hold to the routes) with a set of
    exact positions and nothing else (None past ``limit`` positions)."""

    def key(g):
        return (tuple(map(tuple, g.piles)), g.phase, g.redeals_left, tuple(g.extra.items()))

    start = game.copy(stack=False)
    seen = {key(start)}
    stack = [start]
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
                if len(seen) > limit:
                    return None
                stack.append(child)
    return False


def near_the_end(slug: str, left: int):
    """The position ``left`` moves before the end of the engine's recorded
    won game, and the moves that led there."""
    record = WON_GAMES[slug]
    game = find_game(slug)(record["deal"])
    prefix = record["moves"][:max(0, len(record["moves"]) - left)]
    for text in prefix:
        game.play(text)
    return game, prefix


def random_endings(slug: str, deals, seed: int, last: int = 10, steps: int = 500,
                   readings: dict[str, str] | None = None):
    """Positions of random playouts (moves home preferred) among the last
    ``last`` before each playout stopped: small searches, often lost."""
    cls = find_game(slug)
    homes = home_roles(cls)
    rng = random.Random(seed)
    out = []
    for deal in deals:
        game = cls(deal, readings=readings) if readings else cls(deal)
        trail = []
        for _ in range(steps):
            moves = list(game.legal_moves)
            if not moves or game.is_won():
                break
            trail.append(game.copy(stack=False))
            home = [m for m in moves if not m.action and game.roles[game.index[m.dst]] in homes]
            acts = [m for m in moves if m.action]
            if home and rng.random() < 0.7:
                move = rng.choice(home)
            elif acts and rng.random() < 0.3:
                move = rng.choice(acts)
            else:
                move = rng.choice(moves)
            game.push(move)
        else:
            continue  # still going after ``steps``: not near an end
        out.extend(trail[-last:])
    return out


def endgame(slug: str, seed: int, cards_left: int, redeals_left: int = 0, most_fans: int | None = None):
    """A random position of a game whose foundations are suited piles
    (`PileSpec.step`): every foundation built to a random height, about
    ``cards_left`` cards left out, dealt round into a random number of the
    game's fans (columns, packets), at most ``most_fans`` of them."""
    rng = random.Random(seed)
    cls = find_game(slug)
    copies = {(rank, suit): cls.decks for rank in range(1, 14) for suit in range(4)}
    specs = {spec.id: spec for spec in cls.PILES if spec.role == "foundation"}
    heights = {pid: 0 for pid in specs}
    # a foundation that takes any suit (Пятнадцать's rows) follows the suit
    # of its base: give the piles of each row the four suits in turn
    suits, row = {}, {}
    for pid, spec in specs.items():
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
    piles = {pid: [RANKS[specs[pid].base + specs[pid].step * k] + SUITS[suits[pid]] for k in range(h)]
             for pid, h in heights.items()}
    left = [RANKS[rank] + SUITS[suit] for (rank, suit), n in copies.items() for _ in range(n)]
    rng.shuffle(left)
    role = next(r for r in ("fan", "column", "bed") if r in cls.by_role)
    names = [cls.names[i] for i in cls.by_role[role]][:most_fans]
    count = rng.randint(min(len(names), -(-len(left) // 3)), min(len(names), len(left))) if left else 0
    for k, name in enumerate(names[:count]):
        piles[name] = left[k::count]
    state = {"game": slug, "deal": 0, "redeals_left": redeals_left, "piles": piles}
    return cls.from_portable(state)


def walk_positions(slug: str, deals, seed: int = 0, steps: int = 400, every: int = 3, home_share: float = 0.5,
                   rng: random.Random | None = None):
    """Every ``every``-th position of a random walk (moves home preferred ``home_share`` of the time)."""
    cls, rng = find_game(slug), rng or random.Random(seed)
    for deal in deals:
        game = cls(deal)
        for step in range(steps):
            moves = list(game.legal_moves)
            if not moves:
                break
            home = [m for m in moves if not m.action and game.roles[game.index[m.dst]] == "foundation"]
            game.push(rng.choice(home) if home and rng.random() < home_share else rng.choice(moves))
            if step % every == 0:
                yield game
