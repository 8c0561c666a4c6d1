"""What a game lets the search assume, and where each game's knowledge lives.

A `Knowledge` record lists, for one game, the reductions the search may
make without changing any verdict: piles that play the same part (sorted in
the position key), suits that no rule reads, safe moves (played alone, as
the only child), dead positions (lost, not searched), pointless moves (never
needed by a winning line). Each item is proved in the comment beside it in
the family module that registers it (`fans`, `columns`, `stocks`,
`layouts`, `others`), against the rule as the game module and its clauses
state it; tests/solver/test_agreement.py checks every game's knowledge
against a plain exhaustive search on small positions, so that "lost" stays
a proof.
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


GAME_KNOWLEDGE: dict[str, Knowledge] = {}


def register(slug: str, know: Knowledge) -> Knowledge:
    GAME_KNOWLEDGE[slug] = know
    return know


def knowledge(game: Game | type[Game]) -> Knowledge:
    """The registered knowledge of a game (an empty record if none)."""
    _load_families()
    return GAME_KNOWLEDGE.get(game.slug, Knowledge())


_LOADED = False


def _load_families() -> None:
    global _LOADED
    if not _LOADED:
        _LOADED = True
        from engine.solver import columns, fans, layouts, others, stocks  # noqa: F401  (they register)


# -- helpers shared by the family modules ---------------------------------------


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
