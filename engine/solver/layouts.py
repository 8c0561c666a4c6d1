"""Layout games dealt row by row or round the packets: Большая раскладка
(grand-layout), Китайское письмо (chinese-letter), Идет — не идет
(idet-ne-idet), Четыре угла (four-corners).

What the search may assume, each item proved here.
"""

from __future__ import annotations

import importlib

from engine.core import Game, Move
from engine.solver.keys import state_key
from engine.solver.knowledge import Knowledge, crossing_safe, register

idet = importlib.import_module("engine.games.idet-ne-idet")


def idet_safe(game: Game, move: Move) -> bool:
    """Идет — не идет: once the pack is dealt for the last time (phase
    "play", no redeal left), a card X going to its base is safe.

    One pack: the base wants X, so X-1 is home. On a card of the lower rows
    goes only the card of its suit one higher (play.4.1), and nothing goes
    on the top row (play.4.2), so the only card that could ever lie on X is
    X+1, X's successor on the base. The proof of `others.napoleon_safe`
    holds as it stands: a line L' that plays X home now and then follows L
    (skipping moves of cards it has home, playing home a card that L lays on
    a card it has home) keeps every card where L has it, or home; a bottom
    card or top-row card of L is one of L' too, and a vertical row free in L
    is free in L' (play.5), so every move of L can be made in L'. While the
    pack is still dealt the move is not safe (a top-row card moved is
    replaced from the pack, play.1.5, which changes the layout), nor with a
    redeal to come (the cards gathered would change)."""
    if move.action or game.phase != "play" or game.redeals_left:
        return False
    return game.roles[game.index[move.dst]] == "foundation"


def idet_key(game: Game) -> bytes:
    """Идет — не идет's key: once the pack is dealt for the last time, the
    seven vertical rows (a top-row place and the lower rows below it) are
    interchangeable: in play every bottom card and top-row card is playable
    wherever it lies (play.3.1, 3.2), cards are laid on the lower rows of
    any vertical row alike (play.4.1), and a freed vertical row, any of
    them, takes any playable card (play.5); only the deal (the outer
    columns, play.2.2) and the gathering for a redeal (play.6.1) tell them
    apart."""
    if game.phase != "play" or game.redeals_left:
        return state_key(game, IDET_PLAIN)
    piles = game.piles
    verticals = sorted(bytes(piles[t]) + b"/" + bytes(piles[c]) for t, c in zip(game.top, game.cols))
    bases = b"|".join(bytes(piles[i]) for i in game.by_role["foundation"])
    return b"|".join(verticals) + b"#" + bases + b"#" + bytes(piles[game.stock]) + b"#play"


IDET_PLAIN = Knowledge()
# Not registered while main's rules of Идет — не идет (covered aces
# available, moves of a card below the top) are new: `idet_safe` and
# `idet_key` were proved for the rules before them and wait to be proved
# again; the search of this game uses the engine's moves and exact keys only.
register("idet-ne-idet", Knowledge())

def four_corners_safe(game: Game, move: Move) -> bool:
    """Четыре угла: `knowledge.crossing_safe` once the last deal is dealt
    out (phase "play", no redeal left): the aces go up and the kings down
    in suit, marriages are up or down in suit (play.5.3), the pack is
    empty. With a redeal to come a card home early would change the cards
    gathered; while dealing, the foundation cards dealt go to their places
    as they appear, so a foundation built early could change where a dealt
    card goes: not safe then. The standstill that ends the game (shuttles
    aside) comes no sooner in the line L' of the proof: while L still has a
    move to make, L' has it too, or has won."""
    return game.phase == "play" and not game.redeals_left and crossing_safe(game, move)


def layout_safe(game: Game, move: Move) -> bool:
    """Большая раскладка and Китайское письмо: `knowledge.crossing_safe`
    once the last layout is dealt out (phase "play", no redeal left): the
    bases are an ace built up and a king built down in each suit, cards go
    on the bottom cards in suit one higher or lower (grand-layout.play.5,
    chinese-letter.play.3.2). While dealing, a card moved to the bases is
    replaced from the pack (play.3.1, play.4.2; chinese-letter.play.2.2),
    which changes the layout, so it is not safe then."""
    return game.phase == "play" and not game.redeals_left and crossing_safe(game, move)


def columns_alike(game: Game) -> bool:
    return game.phase == "play" and not game.redeals_left


# Четыре угла: after the deal the top cards play anywhere and marry alike;
# only the deal (a side packet feeds the foundation beside it) and a redeal
# (the packets gathered in order) tell packets apart.
register("four-corners", Knowledge(interchangeable=("corner", "side"),
                                   interchangeable_when=columns_alike, safe=four_corners_safe))

# Большая раскладка and Китайское письмо: not registered while main's rules
# of their marked rows (cards below the top available, SRC@K>DST) are new:
# the twin columns (2-11, 2-10) and `layout_safe` were proved for the rules
# before them and wait to be proved again; their search uses the engine's
# moves and exact keys only.
register("grand-layout", Knowledge())
register("chinese-letter", Knowledge())
