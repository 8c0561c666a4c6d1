"""The layout games' shared machinery, for Большая раскладка (grand-layout)
and Китайское письмо (chinese-letter), dealt row by row, and Четыре угла
(four-corners), dealt round the packets: the safe moves home of the first
two (`layout_safe`) and the test that the last layout is dealt and no
gathering is to come (`columns_alike`), each proved here, with the proof
that their rows of a kind are interchangeable. Each game's own knowledge
is in engine/solver/games/ (with Идет — не идет's).
"""

from __future__ import annotations

from engine.core import Game, Move
from engine.solver.knowledge import crossing_safe


def layout_safe(game: Game, move: Move) -> bool:
    """Большая раскладка and Китайское письмо: `knowledge.crossing_safe`
    once the last layout is dealt out (phase "play", no redeal left): the
    bases are an ace built up and a king built down in each suit, cards go
    on the bottom cards in suit one higher or lower (grand-layout.play.5,
    chinese-letter.play.3.2; the pile too, where its reading lets it take
    cards). Under main's rules a card from inside a marked row (rows «И»)
    is playable, X among them: the proof's "a card available in L is
    available in L'" holds as it stands (a marked row's cards are all
    playable wherever they lie, a plain row's bottom card in L has no card
    over it in L'); the card that refills an emptied row in L (the
    thirteenth's upper or bottom card, by the reading; any playable card in
    chinese-letter) is, in L', the same card or X (whose moves L' skips),
    since L' keeps the order of the cards it has not home; and a card that
    L lays from inside a row onto its own bottom card (the reading
    "onto-its-own-row") finds that bottom card in L' or plays home. While
    dealing, a card moved to the bases is replaced from the pack (play.3.1,
    play.4.2; chinese-letter.play.2.2), which changes the layout, so it is
    not safe then."""
    return game.phase == "play" and not game.redeals_left and crossing_safe(game, move)


def columns_alike(game: Game) -> bool:
    return game.phase == "play" and not game.redeals_left


# The twins that Большая раскладка and Китайское письмо register (their
# modules in engine/solver/games/), proved once for both. Under main's
# rules (every card of the marked rows playable, SRC@K>DST), in the last
# layout once dealt
# (`columns_alike`: the pack is out and no gathering is to come, so neither
# the replacement from the pack nor the gathering order tells rows apart):
# * the unmarked rows (grand-layout 2-11, chinese-letter 2-10) obey the same
#   rules: their bottom card alone is playable (the reading of the bottom
#   cards while dealing no longer applies: `_bottoms_after_the_deal` holds
#   in play), it takes a card of its suit one higher or lower
#   (grand-layout.play.5, chinese-letter.play.3.2), and an emptied one takes
#   the same cards as any other (grand-layout: the refilling card of the
#   thirteenth, play.6 and its reading; chinese-letter: any playable card,
#   play.4);
# * the two marked rows of the layout (grand-layout 1 and 12,
#   chinese-letter 1 and 11, «И») obey the same rules as each other: each of
#   their cards is playable alike (chinese-letter: as its reading of the
#   side rows after the deal says, the same for both), from inside the row
#   onto its own bottom card or not by the same reading, and they take and
#   refill as the unmarked rows do. The thirteenth (grand-layout) and the
#   pile (chinese-letter) are kept apart: they refill rows and, in
#   chinese-letter, take cards by their own readings.
# The standstill that ends the game reads the rows of a kind in the same
# sorted way (`LayoutGame._position_key`). The key only merges positions;
# the line's moves are the engine's own, so a line found replays.
