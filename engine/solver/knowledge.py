"""What a game lets the search assume: the `Knowledge` record, `register`,
and the helpers that several games' proofs share.

A `Knowledge` record lists, for one game, the reductions the search may
make without changing any verdict: piles that play the same part (sorted in
the position key), suits that no rule reads, safe moves (played alone, as
the only child), dead positions (lost, not searched), pointless moves (never
needed by a winning line). Each item is proved in the comment beside it in
the game's own module that registers it (engine/solver/games/<slug>.py, or
the family machinery it uses: `fans`, `columns`, `layouts`), against the
rule as the game module and its clauses state it;
tests/solver/test_agreement.py checks every game's knowledge against a
plain exhaustive search on small positions, so that "lost" stays a proof.
This module imports no game's module: `engine.solver.registry` imports
them, and `registry.knowledge(game)` is how the search asks.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from engine.core import Game, Move


def always(game: Game) -> bool:
    return True


def no_redeal_left(game: Game) -> bool:
    return not game.redeals_left


class Knowledge(NamedTuple):
    """What the search may assume about one game (each item proved where it is registered)."""

    # piles sorted in the key: roles (every pile of the role) and groups of
    # pile ids, while `interchangeable_when` holds
    interchangeable: tuple[str, ...] = ()
    twins: tuple[tuple[str, ...], ...] = ()
    interchangeable_when: Callable[[Game], bool] = always
    suit_blind: bool = False  # no rule reads a suit: the key keeps ranks only
    safe: Callable[[Game, Move], bool] | None = None      # play this move alone
    dead: Callable[[Game], bool] | None = None            # a sound test that the position is lost
    pointless: Callable[[Game, Move], bool] | None = None  # moves no winning line needs
    score: Callable[[Game, Move], int] | None = None      # move ordering (higher first)
    search: str = "depth-first"  # or "best-first"
    playouts: int = 8            # randomised greedy playouts before the exhaustive search
    probe: bool = True           # first pass: cap the search below each card turned from the pack
    # face-down roles whose cards the player saw when they were laid there
    # (the exiles are dealt face up, then set aside face down)
    seen_roles: frozenset[str] = frozenset()
    redeal_shuffles: bool = False  # a redeal shuffles the cards (its outcome is unknown until dealt)
    # a specialised exact search for positions it accepts (see fans.FanSearch)
    exact: Callable | None = None
    # a game's own canonical key (replaces the generic one; proved where registered)
    key: Callable[[Game], bytes] | None = None
    # clears what the game's searches remember from one search to the next
    # where it changes what a search does, not only its speed (a measure
    # calls it before each deal, so that a verdict and its positions do not
    # depend on what the process ran before)
    forget: Callable[[], None] | None = None


# slug -> Knowledge, filled by the games' modules (engine/solver/games/) as
# `engine.solver.registry.load_games` imports them
GAME_KNOWLEDGE: dict[str, Knowledge] = {}


def register(slug: str, know: Knowledge) -> Knowledge:
    GAME_KNOWLEDGE[slug] = know
    return know


# -- helpers shared by the games' modules ---------------------------------------


def cards_home(game: Game) -> dict[int, int]:
    """How many copies of each card lie on the home piles (foundations)."""
    count: dict[int, int] = {}
    for i, role in enumerate(game.roles):
        if role in game.HOME_ROLES:
            for card in game.piles[i]:
                count[card] = count.get(card, 0) + 1
    return count


def spec_twins(cls: type[Game], role: str = "foundation") -> tuple[tuple[str, ...], ...]:
    """Groups of piles of ``role`` built alike (same suit, base card and
    direction): with two packs, two foundations of a suit that are equally
    high take the same cards."""
    groups: dict[tuple, list[str]] = {}
    for spec in cls.PILES:
        if spec.role == role and spec.step:
            groups.setdefault((spec.suit, spec.base, spec.step), []).append(spec.id)
    return tuple(tuple(g) for g in groups.values() if len(g) > 1)


_PARTNERS: dict[type, dict[int, int]] = {}


def partner_foundations(cls: type[Game]) -> dict[int, int]:
    """For games with, in each suit, one foundation built up from the ace and
    one built down from the king, each of a named suit: each foundation's
    index -> the other's ({} where foundations take their suit from their
    base card: see `crossing_safe`)."""
    found = _PARTNERS.get(cls)
    if found is not None:
        return found
    by_suit: dict[int, dict[int, int]] = {}
    for i, spec in enumerate(cls.PILES):
        if spec.role in cls.HOME_ROLES and spec.step and spec.suit >= 0:
            by_suit.setdefault(spec.suit, {})[spec.step] = i
    out = {}
    for pair in by_suit.values():
        if set(pair) == {1, -1}:
            out[pair[1]], out[pair[-1]] = pair[-1], pair[1]
    _PARTNERS[cls] = out
    return out


def _begun_partner(game: Game, dst: int) -> int | None:
    """Where foundations take the suit of their base card (Пятнадцать's rows,
    under a reading that gives each suit one ascending and one descending
    foundation): the begun foundation of the other direction in the suit
    of ``dst``, if there is exactly one and ``dst`` is the only begun one of
    its own direction in that suit."""
    piles, specs = game.piles, game.PILES
    if not piles[dst]:
        return None
    suit, step = piles[dst][0] >> 4, specs[dst].step
    same = other = None
    for i in game.by_role["foundation"]:
        pile = piles[i]
        if not pile or pile[0] >> 4 != suit or not specs[i].step:
            continue
        if specs[i].step == step:
            if same is not None:
                return None
            same = i
        else:
            if other is not None:
                return None
            other = i
    return other if same == dst else None


def crossing_safe(game: Game, move: Move, suits_by_base: bool = False) -> bool:
    """Safe foundation moves where each suit has an ascending foundation U
    (from the ace) and a descending one D (from the king), two packs, and
    cards marry in suit one higher or lower.

    A card X of rank r going to U (which wants r) is safe once D has come
    down to r-1 or below; going to D (which wants r) once U has come up to
    r+1 or above. Proof for U (D is the mirror): U holds A..r-1 and D holds
    K..r-1 or lower, one copy each, so of X's suit there are out of home:
    no copy of r-1, one copy of each rank from r to K (X is the copy of r),
    destined for U. A card laid on X could only be a copy of r-1 or r+1 of
    its suit: only the copy c of r+1 exists. Take a winning line L; let L'
    play X now and then follow L, skipping the moves of cards it has home,
    and playing home each card that L lays on a card L' has home: that card
    is the next copy U wants (c on X, then the copy of r+2 on c, and so on:
    there is one copy of each, and every card between is home in L'). Every
    card of L' is where L has it, or home; a card available in L is
    available in L' (the cards over it in L' are among those over it in L),
    an empty place of L is empty in L', so each move of L can be made in L'
    (a space that L fills with X stays free, and spaces may be left empty),
    and L' wins when L does. The registration says in which phases no other
    rule depends on where X lies (no card dealt or replaced from the pack
    onto its place, no redeal left to gather it).

    ``suits_by_base``: the foundations have no suit of their own but take
    the suit of their base card; the proof needs U and D to be the only
    foundations of X's suit for the rest of the game, which the caller
    must guarantee (a reading giving each suit one of each), and both begun."""
    if move.action:
        return False
    dst = game.index[move.dst]
    if suits_by_base:
        partner = _begun_partner(game, dst)
    else:
        partner = partner_foundations(type(game)).get(dst)
    if partner is None:
        return False
    spec = game.PILES[dst]
    card = game.piles[game.index[move.src]][-1]
    rank = card & 15
    other = game.piles[partner]
    if not other:
        return False
    top = other[-1] & 15
    return top <= rank - 1 if spec.step > 0 else top >= rank + 1


def strip_to_fixpoint(piles, pile_ids, stuck: set, covered: dict, held) -> set:
    """The greatest set of places (pile, height) whose cards never move, for
    the dead tests of the layout and stock games: drop from ``stuck`` every
    card that is neither *covered* (a card of the set lies above it in
    ``pile_ids``' piles) nor ``held(card, place)``, until none is dropped.
    Both conditions only grow with the set, so the order of removal does not
    matter. ``covered`` is kept up to date in place: ``held`` may read it."""
    changed = True
    while changed and stuck:
        changed = False
        for p in pile_ids:
            above = False
            for h in range(len(piles[p]) - 1, -1, -1):
                covered[(p, h)] = above
                above = above or (p, h) in stuck
        for place in list(stuck):
            if not covered[place] and not held(piles[place[0]][place[1]], place):
                stuck.discard(place)
                changed = True
    return stuck
