"""Cards as small ints, and their names in the notation of DESIGN.md.

A card is ``suit * 16 + rank``: rank 1 (ace) .. 13 (king), suit 0..3 for
spades, hearts, diamonds, clubs (the order of DESIGN.md's ``S H D C``).
Ints keep the hot path (legal-move generation, millions of calls from the
solver) free of object allocation; `Card` is the value type for people,
tests and the console, and converts both ways.

With two decks the same code appears twice: copies are indistinguishable,
as they are on the table.
"""

from __future__ import annotations

from typing import NamedTuple

SUITS = "SHDC"
RANKS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ACE, JACK, QUEEN, KING = 1, 11, 12, 13

SUIT_NAMES_RU = ("пики", "черви", "бубны", "трефы")
SUIT_NAMES_EN = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES_RU = ("", "туз", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка",
                 "семёрка", "восьмёрка", "девятка", "десятка", "валет", "дама", "король")
RANK_NAMES_EN = ("", "ace", "two", "three", "four", "five", "six", "seven",
                 "eight", "nine", "ten", "jack", "queen", "king")


def rank_of(card: int) -> int:
    return card & 15


def suit_of(card: int) -> int:
    return card >> 4


def make(rank: int, suit: int) -> int:
    return suit << 4 | rank


def card_code(card: int) -> str:
    """``card_code(make(10, 1)) == "10H"``."""
    return RANKS[card & 15] + SUITS[card >> 4]


_CODES = {card_code(make(r, s)): make(r, s) for s in range(4) for r in range(1, 14)}


def parse_card(code: str) -> int:
    """The int of a card code such as ``"QS"`` or ``"10H"``; ValueError otherwise."""
    try:
        return _CODES[code]
    except (KeyError, TypeError):
        raise ValueError(f"unknown card {code!r} (a rank A 2-10 J Q K and a suit S H D C, e.g. '10H')") from None


def full_deck(decks: int = 1) -> list[int]:
    """The cards of ``decks`` packs in the order they are shuffled from: pack by
    pack, suit by suit (S H D C), ace to king. This order is part of the deal
    contract (see engine/deal.py): changing it changes every deal."""
    one = [make(r, s) for s in range(4) for r in range(1, 14)]
    return one * decks


class Card(NamedTuple):
    """A card as a value: ``Card.parse("10H") == Card(rank=10, suit=1)``."""

    rank: int
    suit: int

    @classmethod
    def parse(cls, code: str) -> "Card":
        card = parse_card(code)
        return cls(rank_of(card), suit_of(card))

    @classmethod
    def from_int(cls, card: int) -> "Card":
        return cls(rank_of(card), suit_of(card))

    def __int__(self) -> int:
        return make(self.rank, self.suit)

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def name_ru(self) -> str:
        return f"{RANK_NAMES_RU[self.rank]} {SUIT_NAMES_RU[self.suit]}"

    def name_en(self) -> str:
        return f"{RANK_NAMES_EN[self.rank]} of {SUIT_NAMES_EN[self.suit]}"
