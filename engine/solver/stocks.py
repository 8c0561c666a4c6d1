"""Stock games: Мельница (mill), Шахъ (shah), Полушарія (hemispheres),
Салическій законъ (salic-law): a pack turned or dealt one card at a time.

What the search may assume, each item proved here.
"""

from __future__ import annotations

from engine.solver.knowledge import Knowledge, always, register

# Мельница: any empty wing is filled, any corner takes a king and lends
# alike; neither wings nor corners are told apart by any rule. Every rule
# reads ranks only («не по мастямъ»), so two positions that differ only in
# the suits of their cards have the same future.
register("mill", Knowledge(interchangeable=("wing", "corner"), interchangeable_when=always, suit_blind=True))

# Салическій законъ: while dealing, the cards go onto the last king laid and
# the first empty places, so order matters; once in play, king piles,
# foundations (any suit) and queens are each alike. No rule reads a suit.
register("salic-law", Knowledge(interchangeable=("king-pile", "foundation", "queen"),
                                interchangeable_when=lambda game: game.phase == "play", suit_blind=True))
