"""Китайское письмо (Chinese Writing): two packs, eleven columns and a pile, three layouts.

004, variant б of «Большая раскладка» (grand-layout), whose base row it keeps:
one ace and one king of each suit, aces built up and kings down, in suit.
Rows of eleven cards are dealt, the twelfth card of each row going to a
pile apart, face up. While dealing, cards are taken only from the sides of
the first and the last vertical rows (every card of theirs) and from the
pile, to the bases, and are replaced from the pack in their place. Once all
is dealt every bottom card is playable and takes a card of its suit one
higher or lower; a cleared vertical row takes any playable card. When all
possible moves have been made, the pile and then the rows from the eleventh
to the first are gathered and dealt again: three layouts.

Piles: ``col-1`` .. ``col-11`` (from the upper, first laid, card to the
bottom card; a card above the bottom one of ``col-1`` or ``col-11`` is
written ``col-1@K>...``), ``pile`` (the twelfth, apart),
``foundation-<suit>-A`` / ``-K``, ``stock``.

Readings (``pasyans readings --game chinese-letter``): whether the cards of
the first and last rows stay playable once all is dealt, whether the pile
takes cards, and whether a card from inside a side row may go onto that
row's own bottom card.
"""

from __future__ import annotations

import importlib

from engine.core import STANDSTILL, PileSpec
from engine.rulebook import Alternative, RuleBook

grand = importlib.import_module("engine.games.grand-layout")

RULES = RuleBook("chinese-letter")
RULES.extend(grand.RULES)
for _unused in (grand.BOTTOMS.id, grand.REFILL.id, grand.OWN_ROW.id, grand.SHUTTLE, grand.GATHER):
    del RULES.assumptions[_unused]  # grand-layout's own: this variant states its own rules

FACE_UP = RULES.assume(
    "pile-face-up",
    "«рубашкой вниз» (back down) is how the page says face up, as in «Идет - не идет»; and the "
    "pile is playable while dealing (play.2.1), so its top card must be seen.",
    "most natural reading",
)
PILE_TOP = RULES.assume(
    "pile-gives-its-top-card",
    "The twelfth cards are laid «стопкой» (play.2.4), one on another: of «отдельно положенного "
    "ряда» (play.2.1) the engine takes the card on top, the one that can be seen. The text does "
    "not say that the cards under it can be taken.",
    "most natural reading",
)
SHUTTLE = RULES.assume(
    "shuttle-taken-back",
    "«Когда все возможные перекладки осуществлены» (play.5.1): the cards are built in suit «в любом "
    "порядке» (play.3.2), so a card built on one neighbour can go to its other neighbour and back "
    "for ever (5H between 6H and 4H), a lone card can go from one emptied row to another, and two "
    "packs add the twin cards of engine.assume.standstill. The engine counts as a shuttle every move "
    "between two piles of the layout that the next move could take straight back, the card "
    "returning to the very place it left; play is at a standstill when only such moves are left and "
    "no position they lead to has another move. A card taken from above the bottom of the first or "
    "the last row never returns to its place: that move is play. (Where a reading lets such a card go onto its own "
    "row's bottom card, the card just above the bottom laid on it is a shuttle: the same move swaps "
    "them back.)",
    "most natural reading: engine.assume.standstill, made exact for cards built both ways",
)
GATHER = RULES.assume(
    "gathered-pack-turned-over",
    "play.5.2 gathers the twelfth first, then «на него собранный снизу вверх одиннадцатый», the "
    "tenth and so on to the first; it does not say how the pack is then turned. The engine reads "
    "«снизу вверх» as pushing each row together from its bottom card up to its upper card, so "
    "that the row lies as it was dealt (its upper card at the bottom of the packet), puts each on "
    "the last, turns the pile face down and deals from the top: the first card dealt again is "
    "the first card of the pile.",
    "most natural reading",
)


def _sides_stay(game, i: int) -> bool:
    return True


def _bottoms_only(game, i: int) -> bool:
    return game.phase == "deal"


SIDES = RULES.reading(
    "sides-after-the-deal",
    "While dealing, «Карты можно брать только с боков первого и последнего ряда» (play.2.1): every "
    "card of those two vertical rows. «После этого игровыми становятся все нижние карты» "
    "(play.3.2). Is a middle card of the first row still playable once all is dealt?",
    alternatives=(
        Alternative("stay", "play.3.2 makes the bottom cards playable as well («становятся» those that "
                    "were not); nothing takes from the sides what play.2.1 gave them, and they still "
                    "lie at the sides.", ("chinese-letter.play.2.1", "chinese-letter.play.3.2"), _sides_stay),
        Alternative("bottom-only", "play.3.2 replaces the dealing rule: once all is dealt the playable "
                    "cards are the bottom cards, those of the first and last rows too.",
                    ("chinese-letter.play.3.2",), _bottoms_only),
    ),
    default="stay",
    why_default="the text adds playable cards after the deal and takes none away; «только» in "
                "play.2.1 limits the dealing, not the sides. Cadogan 1874 has no parallel game.",
)

PILE_TAKES = RULES.reading(
    "pile-takes-cards",
    "After the deal cards are laid «на нижние карты» in suit (play.3.2). The twelfth is a «ряд» of "
    "its own (play.2.1, play.5.2) but laid «стопкой» (play.2.4). Does its top card take cards?",
    alternatives=(
        Alternative("no", "The pile is a stack fed by the deal, not a vertical row: «нижние карты» are "
                    "the last cards of the rows written downwards, and play.4 refills only those rows.",
                    ("chinese-letter.play.2.4", "chinese-letter.play.3.2"), False),
        Alternative("yes", "The twelfth is a row too (play.5.2 counts it): its top card is one of «все "
                    "нижние карты» and takes a card of its suit one higher or lower.",
                    ("chinese-letter.play.3.2", "chinese-letter.play.5.2"), True),
    ),
    default="no",
    why_default="the pile is dealt as a stack and set apart from the rows; the text builds and "
                "refills the vertical rows only.",
)


OWN_ROW = RULES.reading(
    "onto-its-own-row",
    "After the deal cards are laid «на нижние карты» (play.3.2), and every card of the first and last "
    "rows is playable (play.2.1). May a card from inside one of those rows go onto that same row's "
    "bottom card?",
    alternatives=(
        Alternative("no", "A card is moved from one row onto another: the text describes cards moved to "
                    "the bottom cards, not a row turned about within itself.", ("chinese-letter.play.3.2",), False),
        Alternative("yes", "The row's own bottom card is one of «все нижние карты»: a playable card from "
                    "inside the row may be laid on it. (A run of three cards of a suit in such a row can "
                    "then be turned round for ever, and «Когда все возможные перекладки осуществлены» "
                    "may never come.)", ("chinese-letter.play.3.2", "chinese-letter.play.2.1"), True),
    ),
    default="no",
    why_default="«перекладка» moves a card to another place, and under the other reading play.5.1 could "
                "never be reached in a row holding three cards of a suit in sequence.",
)


@RULES.rule("onto-another-row", cites=("chinese-letter.play.3.2", OWN_ROW),
            ru="карту перекладывают на нижнюю карту другого ряда (по чтению)",
            en="a card is moved onto the bottom card of another row (by the reading)")
def onto_another_row(game, move) -> bool | None:
    """A card from inside a side row goes onto another row's bottom card, not its own (see the reading).

    Says nothing of a move between two rows."""
    return None if move.src != move.dst else game.own_row()


@RULES.rule("playable-card", cites=("chinese-letter.play.2.1", "chinese-letter.play.2.2", "chinese-letter.play.3.2",
                                    PILE_TOP, SIDES, grand.REPLACED),
            places=True,
            ru="пока идет раскладка, карты берут только с боков первого и последнего ряда и из стопки; "
               "после — и все нижние карты",
            en="while dealing, cards are taken only from the sides, the first and last rows, and from the pile; "
               "after it, every bottom card too")
def playable_card(game, move) -> bool:
    """Only a playable card moves: any card of rows 1 and 11, the pile's top card, and once dealt every bottom card.

    A card moved to the bases while dealing is replaced from the pack, in
    the same place (play.2.2, grand-layout.assume.replaced-in-place;
    `after_move`)."""
    return game.playable(game.index[move.src], move.at)


@RULES.rule("build-after-the-deal", cites=("chinese-letter.play.3.1", "chinese-letter.play.3.2"),
            ru="перекладка на нижние карты — после того, как выложена вся колода",
            en="cards are laid on the bottom cards once the whole pack is dealt")
def build_after_the_deal(game, move) -> bool:
    """No card is laid on a vertical row until the whole pack has been dealt."""
    return game.phase == "play"


@RULES.rule("build-in-suit-either-way", cites=("chinese-letter.play.3.2",),
            ru="на нижнюю карту кладут карту той же масти, на одну выше или ниже",
            en="on a bottom card goes a card of its suit one higher or lower")
def build_in_suit_either_way(game, move) -> bool | None:
    """On a vertical row's bottom card goes the card of its suit one higher or lower, «в любом порядке»."""
    dst = game.target(move)
    if not dst:
        return None
    card = game.moving_card(move)
    return card == dst[-1] + 1 or card == dst[-1] - 1


@RULES.rule("emptied-row-takes-a-playable-card", cites=("chinese-letter.play.4",),
            ru="на место полностью изъятого ряда допускается перекладка любой игровой карты",
            en="a row removed entirely takes any playable card in its place")
def emptied_row_takes_a_playable_card(game, move) -> bool | None:
    """An empty vertical row takes any playable card (never a covered one, which `playable-card` refuses)."""
    return True if not game.target(move) else None


@RULES.rule("pile-takes-cards", cites=("chinese-letter.play.2.4", "chinese-letter.play.3.2", PILE_TAKES),
            ru="на стопку карт не кладут (по чтению)", en="no card is laid on the pile (by the reading)")
def pile_takes_cards(game, move) -> bool | None:
    """Whether the pile's top card takes a card in suit (see the reading; by default it takes none).

    Says nothing of a move onto a vertical row."""
    if game.index[move.dst] != game.apart:
        return None
    return PILE_TAKES.of(game) and bool(game.target(move))


@RULES.rule("deal-next-row", cites=("chinese-letter.play.2.3", "chinese-letter.play.2.4", "chinese-letter.play.3.1",
                                    grand.ROW_BY_ROW),
            ru="ниже выкладывают одиннадцать карт, двенадцатую — в стопку, пока не кончится колода",
            en="eleven cards are dealt below and the twelfth onto the pile, until the pack is out")
def deal_next_row(game, move) -> bool:
    """While the pack lasts, eleven cards go below the vertical rows and the twelfth onto the pile."""
    return move.action == "deal" and game.phase == "deal" and bool(game.piles[game.stock])


@RULES.rule("gather-and-deal-again", cites=("chinese-letter.play.5.1", "chinese-letter.play.5.2",
                                            "chinese-letter.play.5.3", "chinese-letter.play.6", GATHER, STANDSTILL,
                                            SHUTTLE),
            ru="когда все возможные перекладки осуществлены, карты собирают: стопку, на нее одиннадцатый ряд "
               "и так до первого, и раскладывают снова; всего три раскладки",
            en="when every possible move has been made, the pile, then the eleventh row and so on to the first, "
               "are gathered and dealt again; three layouts in all")
def gather_and_deal_again(game, move) -> bool:
    """Once all is dealt and every possible move made (the standstill), the rows are gathered and dealt again, twice at most."""
    return move.action == "redeal" and game.phase == "play" and game.redeals_left > 0 and \
        any(game.piles[i] for i in game.layout_piles) and game.standstill_now()


@RULES.rule("won", cites=("chinese-letter.play.6",),
            ru="все карты собраны на базовые", en="every card is gathered on the bases")
def won(game, move) -> bool:
    """Won when every card lies on the base row."""
    return not any(game.piles[i] for i in game.layout_piles + (game.stock,))


@RULES.rule("lost", cites=("chinese-letter.play.6", "chinese-letter.play.5.1", STANDSTILL, SHUTTLE),
            ru="перекладок больше нет, а три раскладки исчерпаны", en="no move is left and the three layouts are spent")
def lost(game, move) -> bool:
    """Lost when the third layout is at a standstill (twin cards may still shuttle) or nothing moves."""
    return game.layout_lost()


@RULES.rule("bases-keep-their-cards", cites=("chinese-letter.play.2.1", "chinese-letter.play.3.2",
                                             "chinese-letter.play.6", "terms.play-cards"),
            ru="карты, собранные на базовые, не игровые: с базового ряда их не берут",
            en="the cards gathered on the bases are not playable: none is taken from the base row")
def bases_keep_their_cards(game, move) -> bool:
    """Cards are taken from the rows and the pile (play.2.1, play.3.2); the bases gather them (play.6)."""
    return False


@RULES.rule("pack-only-dealt", cites=("chinese-letter.play.2.2", "chinese-letter.play.2.3", "chinese-letter.play.2.4"),
            ru="из колоды карты только раскладывают рядами и ими замещают переложенные",
            en="the pack's cards are only dealt in rows and replace the cards moved")
def pack_only_dealt(game, move) -> bool:
    """No card is played from the pack: it is dealt, row by row and into the places the bases emptied."""
    return False


@RULES.rule("pack-made-by-gathering", cites=("chinese-letter.play.5.1", "chinese-letter.play.5.2"),
            ru="колоду вновь образуют, только собрав все ряды", en="the pack is made again only by gathering every row")
def pack_made_by_gathering(game, move) -> bool:
    """No card is laid on the pack: the rows are gathered into a new one only when every move is made (play.5)."""
    return False


@RULES.rule("two-packs", cites=("grand-layout.play.1.1",),
            ru="две полные колоды, как в «Большой раскладке»", en="two full packs, as in the Grand Layout")
def two_packs(game, move) -> bool:
    """Two full packs, as for the Grand Layout, of which this is a variant."""
    return game.holds_packs(2)


@RULES.rule("first-row", cites=("chinese-letter.play.1.1", "chinese-letter.play.1.2", FACE_UP),
            ru="ряд из одиннадцати карт, двенадцатая — в сторону", en="a row of eleven cards, the twelfth put aside")
def first_row(game, move) -> bool:
    """The opening: one card in each of the eleven vertical rows and one on the pile."""
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
    PILES = grand.foundations(1.0) + tuple(
        PileSpec(f"col-{k}", "column", (k - 1) * 1.2, 1.8, dy=0.3) for k in range(1, 12)) + (
        PileSpec("pile", "apart", 11 * 1.2 + 0.6, 1.8), PileSpec("stock", "stock", 11 * 1.2 + 0.6, 0.0))
    RULES = RULES
    ROUTES = {
        ("column", "foundation"): (playable_card, grand.aces_and_kings_are_bases, grand.bases_in_suit),
        ("apart", "foundation"): (playable_card, grand.aces_and_kings_are_bases, grand.bases_in_suit),
        ("column", "column"): (playable_card, build_after_the_deal, onto_another_row,
                               emptied_row_takes_a_playable_card, build_in_suit_either_way),
        ("apart", "column"): (playable_card, build_after_the_deal, emptied_row_takes_a_playable_card,
                              build_in_suit_either_way),
        ("column", "apart"): (playable_card, build_after_the_deal, pile_takes_cards, build_in_suit_either_way),
        # what the text forbids, by the sentence that forbids it
        **grand.refusals(bases_keep_their_cards, pack_only_dealt, pack_made_by_gathering),
        "deal": (deal_next_row,),
        "redeal": (gather_and_deal_again,),
    }
    WON = won
    LOST = lost
    ENDING = {"won": ("chinese-letter.play.6", "says"), "lost": ("chinese-letter.play.6", "says")}
    SETUP = (two_packs, first_row)

    def playable(self, i: int, at: int) -> bool:
        if i == self.apart:
            return not at  # the top of the pile only
        if i in self.marked:
            return self.phase == "deal" or at == 0 or SIDES.of(self)(self, i)
        return self.phase == "play" and not at

    def fills_empty(self, i: int, at: int) -> bool:
        return self.playable(i, at)

    def own_row(self) -> bool:
        return OWN_ROW.of(self)

    def targets(self):
        tops, empty = self.tops_and_empty(self.build_targets)
        pile = self.piles[self.apart]
        if pile and PILE_TAKES.of(self):
            tops.setdefault(pile[-1], []).append(self.apart)
        return tops, empty

ChineseLetter.finish([f"col-{k}" for k in range(1, 12)], "pile", ["col-1", "col-11"],
                     ["pile"] + [f"col-{k}" for k in range(11, 0, -1)], [f"col-{k}" for k in range(1, 12)])

GAME = ChineseLetter
