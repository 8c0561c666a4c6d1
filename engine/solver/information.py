"""What a player can see, and worlds consistent with it.

A player sees every face-up card and remembers every card he has seen
(the exiles, dealt face up before they are set aside face down; a pack he
gathered himself in order). He does not see the order of the cards of the
pack that he has not turned yet, nor the outcome of a shuffle before it is
dealt. An `Observer` follows a real game and keeps, for each face-down
pile, how many of its top cards are unseen; nothing else of the game is
hidden in the sixteen games of the book (a face-down pile loses cards only
from its top, and is refilled only from cards that were face up).

The Observer reads a face-down pile's cards only through its length, and
the unseen cards as a set through `unseen_cards`, computed as the packs
minus every card the player knows; tests/solver/test_player.py seals the
real game's face-down piles to prove it.

A *world* is a copy of the position in which the unseen cards are dealt
into the unseen places in a random order, and whose redeals shuffle with a
random seed instead of the deal's: a position the player cannot tell from
the real one. The player's search runs in worlds, never in the real game.
"""

from __future__ import annotations

import random

from engine.cards import full_deck
from engine.core import Game, Move
from engine.solver.knowledge import Knowledge
from engine.solver.registry import knowledge


class Observer:
    """The player's knowledge of one real game (see the module docstring).

    Call `after(game, move)` after each move played in the real game."""

    def __init__(self, game: Game, know: Knowledge | None = None):
        self.know = know or knowledge(game)
        self.hidden = tuple(i for i, role in enumerate(game.roles) if role in game.FACE_DOWN)
        seen_roles = self.know.seen_roles
        # per face-down pile: (its length, how many of its top cards are unseen)
        self.unseen = {i: len(game.piles[i]) if game.roles[i] not in seen_roles else 0 for i in self.hidden}
        self.lengths = {i: len(game.piles[i]) for i in self.hidden}
        self.shuffles = bool(self.know.redeal_shuffles)

    # -- what the player knows ----------------------------------------------------

    def unseen_count(self) -> int:
        return sum(self.unseen.values())

    def complete(self, game: Game) -> bool:
        """Does the player know everything that decides the rest of the game
        (no unseen card, and no shuffle to come)?"""
        return not self.unseen_count() and not (self.shuffles and game.redeals_left)

    def unseen_cards(self, game: Game) -> list[int]:
        """The cards the player has not seen, as a sorted list: the packs
        minus every card he sees or remembers (never read from the unseen
        places themselves)."""
        count: dict[int, int] = {}
        for c in full_deck(game.decks):
            count[c] = count.get(c, 0) + 1
        for i, pile in enumerate(game.piles):
            if i in self.unseen:
                known = len(pile) - self.unseen[i]
                cards = pile[:known]  # the bottom cards, seen before (never the unseen top)
            else:
                cards = pile
            for c in cards:
                count[c] -= 1
        out = []
        for c, n in sorted(count.items()):
            out += [c] * n
        return out

    def reveals(self, world: Game, move: Move) -> bool:
        """Would ``move`` show the player something he cannot know yet (a
        card from an unseen place, or a shuffle)? Asked of a world: applies
        the move there and undoes it."""
        if self.shuffles and move.action == "redeal" and world.redeals_left:
            return True
        if not self.unseen_count():
            return False
        before = {i: len(world.piles[i]) for i in self.hidden if self.unseen[i]}
        world.push(move)
        try:
            return any(len(world.piles[i]) < n for i, n in before.items())
        finally:
            world.pop()

    def after(self, game: Game, move: Move) -> None:
        """Follow one move of the real game (only pile lengths are read)."""
        for i in self.hidden:
            old, new = self.lengths[i], len(game.piles[i])
            if new < old:
                self.unseen[i] = max(0, self.unseen[i] - (old - new))
            elif new > old:
                # a face-down pile is refilled only from face-up cards (a
                # pack gathered in order): the player saw them all, unless
                # unseen cards were about before, when he forgets the order
                self.unseen[i] = new if self.unseen_count() else 0
            self.lengths[i] = new

    def masked_key(self, game: Game) -> bytes:
        """A key of what the player sees: the position with each unseen card
        replaced by a blank (0), so positions he cannot tell apart are equal."""
        parts = []
        for i, pile in enumerate(game.piles):
            n = self.unseen.get(i, 0)
            parts.append(bytes(pile[:len(pile) - n]) + bytes(n) if n else bytes(pile))
        extra = ",".join(map(str, game.extra.values()))
        return b"\xff".join(parts) + f"\xfe{game.phase}|{game.redeals_left}|{extra}".encode()

    # -- worlds -------------------------------------------------------------------

    def world(self, game: Game, rng: random.Random) -> Game:
        """A position the player cannot tell from ``game`` (see the module docstring)."""
        cards = self.unseen_cards(game) if self.unseen_count() else []
        rng.shuffle(cards)
        world = object.__new__(type(game))
        world.deal = rng.randrange(1 << 40, 1 << 41)  # a shuffle the player cannot foresee
        world.readings = game.readings
        piles = []
        for i, pile in enumerate(game.piles):
            n = self.unseen.get(i, 0)
            if n:
                known = len(pile) - n
                piles.append(pile[:known] + cards[:n])  # only the seen bottom is read
                del cards[:n]
            else:
                piles.append(pile[:])
        world.piles = piles
        world.phase, world.redeals_left, world.extra = game.phase, game.redeals_left, dict(game.extra)
        world.move_stack, world._undo, world._redo = [], [], []
        return world
