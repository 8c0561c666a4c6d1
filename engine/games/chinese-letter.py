"""Китайское письмо (Chinese Writing): two packs, eleven columns and a pile, three layouts.

004, variant б of «Большая раскладка» (grand-layout), whose base row it keeps:
one ace and one king of each suit, aces built up and kings down, in suit.
Rows of eleven cards are dealt, the twelfth card of each row going to a
pile apart, face up. While dealing, cards are taken only from the outer
columns (the first and the eleventh) and from the pile, to the bases, and
are replaced from the pack. Once all is dealt every bottom card is playable
and takes a card of its suit one higher or lower; a cleared column takes
any playable card. When nothing more moves, the pile and then the columns
from the eleventh to the first are gathered and dealt again: three layouts.

Piles: ``col-1`` .. ``col-11``, ``pile`` (the twelfth, apart),
``foundation-<suit>-A`` / ``-K``, ``stock``.
"""

from __future__ import annotations

import importlib

from engine.core import PileSpec
from engine.rulebook import RuleBook

grand = importlib.import_module("engine.games.grand-layout")

RULES = RuleBook("chinese-letter")
RULES.extend(grand.RULES)

FACE_UP = RULES.assume(
    "pile-face-up",
    "«рубашкой вниз» (back down) is how the page says face up, as in «Идет - не идет»; and the "
    "pile is playable while dealing (play.2.1), so its top card must be seen.",
    "most natural reading",
)
PILE_TAKES_NOTHING = RULES.assume(
    "pile-takes-nothing",
    "Cards are laid «на нижние карты», the bottom cards of the columns; the pile apart is a "
    "stack fed by the deal, and takes no card from the player.",
    "most natural reading",
)
GATHER = RULES.assume(
    "gathered-pack-turned-over",
    "The twelfth pile is picked up first, the eleventh column squared as it lies (its first card "
    "at the bottom) is put on it, then the tenth and so on to the first; the pile is turned face "
    "down and dealt from the top, so the first card dealt again is the bottom card of the pile.",
    "most natural reading",
)
STANDSTILL = RULES.assume(
    "player-declares-the-standstill",
    "«Когда все возможные перекладки осуществлены»: the player says when, as in grand-layout.",
    "most natural reading",
)


@RULES.rule("sides-and-pile-while-dealing", cites=("chinese-letter.play.2.1", "chinese-letter.play.2.2",
                                                  "chinese-letter.play.3.2", grand.REPLACED),
            ru="пока идет раскладка, карты берут только с краев — из первого и последнего ряда — и из стопки",
            en="while dealing, cards are taken only from the sides, the first and last columns, and from the pile")
def sides_and_pile_while_dealing(game, move) -> bool:
    """While dealing, only the first and eleventh columns and the pile give cards to the bases.

    The card is then replaced from the pack, in the same place (play.2.2, `after_move`)."""
    return game.phase != "deal" or game.index[move.src] in game.marked


@RULES.rule("build-after-the-deal", cites=("chinese-letter.play.3.1", "chinese-letter.play.3.2"),
            ru="перекладка на нижние карты — после того, как выложена вся колода",
            en="cards are laid on the bottom cards once the whole pack is dealt")
def build_after_the_deal(game, move) -> bool:
    """No card is laid on a column until the whole pack has been dealt."""
    return game.phase == "play"


@RULES.rule("build-in-suit-either-way", cites=("chinese-letter.play.3.2", "chinese-letter.play.4", PILE_TAKES_NOTHING),
            ru="на нижнюю карту кладут карту той же масти, на одну выше или ниже; на место изъятого ряда — любую",
            en="on a bottom card goes a card of its suit one higher or lower; an emptied column takes any card")
def build_in_suit_either_way(game, move) -> bool:
    """On a column's bottom card goes the card of its suit one higher or lower; an empty column takes any card."""
    dst = game.target(move)
    if not dst:
        return True
    card = game.moving_card(move)
    return card == dst[-1] + 1 or card == dst[-1] - 1


@RULES.rule("deal-next-row", cites=("chinese-letter.play.2.3", "chinese-letter.play.2.4", "chinese-letter.play.3.1",
                                    grand.ROW_BY_ROW),
            ru="ниже выкладывают одиннадцать карт, двенадцатую — в стопку, пока не кончится колода",
            en="eleven cards are dealt below and the twelfth onto the pile, until the pack is out")
def deal_next_row(game, move) -> bool:
    """While the pack lasts, eleven cards go below the columns and the twelfth onto the pile."""
    return move.action == "deal" and game.phase == "deal" and bool(game.piles[game.stock])


@RULES.rule("gather-and-deal-again", cites=("chinese-letter.play.5.1", "chinese-letter.play.5.2",
                                            "chinese-letter.play.5.3", "chinese-letter.play.6", GATHER, STANDSTILL),
            ru="карты собирают: стопку, на нее одиннадцатый ряд и так до первого, и раскладывают снова; "
               "всего три раскладки",
            en="the pile, then the eleventh column and so on to the first, are gathered and dealt again; "
               "three layouts in all")
def gather_and_deal_again(game, move) -> bool:
    """After the deal, the columns may be gathered and dealt again, twice at most."""
    return move.action == "redeal" and game.phase == "play" and game.redeals_left > 0 and \
        any(game.piles[i] for i in game.layout_piles)


@RULES.rule("won", cites=("chinese-letter.play.6",),
            ru="все карты собраны на базовые", en="every card is gathered on the bases")
def won(game, move) -> bool:
    """Won when every card lies on the base row."""
    return not any(game.piles[i] for i in game.layout_piles + (game.stock,))


@RULES.rule("lost", cites=("chinese-letter.play.6",),
            ru="ходов нет, а три раскладки исчерпаны", en="no move is left and the three layouts are spent")
def lost(game, move) -> bool:
    """Lost when nothing can be moved and the third layout has been dealt."""
    return not game.legal_moves


@RULES.rule("two-packs", cites=("grand-layout.play.1.1",),
            ru="две полные колоды, как в «Большой раскладке»", en="two full packs, as in the Grand Layout")
def two_packs(game, move) -> bool:
    """Two full packs, as for the Grand Layout, of which this is a variant."""
    return game.holds_packs(2)


@RULES.rule("first-row", cites=("chinese-letter.play.1.1", "chinese-letter.play.1.2", FACE_UP),
            ru="ряд из одиннадцати карт, двенадцатая — в сторону", en="a row of eleven cards, the twelfth put aside")
def first_row(game, move) -> bool:
    """The opening: one card in each of the eleven columns and one on the pile."""
    return all(len(game.piles[i]) == 1 for i in game.layout_piles) and game.phase == "deal"


class ChineseLetter(grand.LayoutGame):
    slug = "chinese-letter"
    title_1912 = ""
    title_modern = "Китайское письмо"
    title_en = "Chinese Writing"
    aliases = ("The Chinese Letter", "Chinese Letter")
    book_order = 15
    decks = 2
    REDEALS = 2
    EMPTY_FROM_APART_ONLY = False
    FIRST_ROW_OPEN = False
    PILES = grand.foundations(1.0) + tuple(
        PileSpec(f"col-{k}", "column", (k - 1) * 1.2, 1.8, dy=0.3) for k in range(1, 12)) + (
        PileSpec("pile", "apart", 11 * 1.2 + 0.6, 1.8), PileSpec("stock", "stock", 11 * 1.2 + 0.6, 0.0))
    RULES = RULES
    ROUTES = {
        ("column", "foundation"): (sides_and_pile_while_dealing, grand.aces_and_kings_are_bases, grand.bases_in_suit),
        ("apart", "foundation"): (sides_and_pile_while_dealing, grand.aces_and_kings_are_bases, grand.bases_in_suit),
        ("column", "column"): (build_after_the_deal, build_in_suit_either_way),
        ("apart", "column"): (build_after_the_deal, build_in_suit_either_way),
        "deal": (deal_next_row,),
        "redeal": (gather_and_deal_again,),
    }
    WON = won
    LOST = lost
    SETUP = (two_packs, first_row)


ChineseLetter.finish([f"col-{k}" for k in range(1, 12)], "pile", ["col-1", "col-11", "pile"],
                     ["pile"] + [f"col-{k}" for k in range(11, 0, -1)], [f"col-{k}" for k in range(1, 12)])

GAME = ChineseLetter
