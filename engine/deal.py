"""Deterministic deals: a PRNG and a shuffle of our own.

The platform's `random.shuffle` may change between Python versions; a deal
number must give the same layout everywhere, forever, including Pyodide.

Algorithm (the contract; tests/engine/test_deal.py pins a test vector):

* PRNG: SplitMix64 (Steele, Lea, Flood 2014). State is a 64-bit int; each
  step adds 0x9E3779B97F4A7C15 and returns the state mixed by
  ``z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27;
  z *= 0x94D049BB133111EB; z ^= z >> 31``, every product masked to 64 bits.
* Seed: deal number N and redeal number k (0 for the opening deal) give the
  state ``(N + k * 0x632BE59BD9B4E019) mod 2**64``.
* Bounded draw: ``below(n)`` takes the top bits by rejection: draw r, accept
  if ``r < 2**64 - (2**64 % n)``, return ``r % n`` (no modulo bias).
* Shuffle: Fisher-Yates from the end: for i = len-1 down to 1, swap item i
  with item ``below(i + 1)``.
* The pack before shuffling is `engine.cards.full_deck` (S H D C, A..K, pack
  after pack); the shuffled list is dealt from its first item onwards.
"""

from __future__ import annotations

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
REDEAL_STREAM = 0x632BE59BD9B4E019


class SplitMix64:
    """The 64-bit generator of the deal contract."""

    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed & MASK

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An unbiased int in ``range(n)``."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next()
            if r < limit:
                return r % n


def shuffle(items: list, rng: SplitMix64) -> list:
    """Fisher-Yates in place (from the end); returns the list for chaining."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def shuffled(cards: list[int], deal: int, redeal: int = 0) -> list[int]:
    """A shuffled copy of ``cards`` for deal number ``deal`` (redeal ``redeal``)."""
    rng = SplitMix64(deal + redeal * REDEAL_STREAM)
    return shuffle(list(cards), rng)
