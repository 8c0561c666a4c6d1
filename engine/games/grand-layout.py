"""Большая раскладка (The Grand Layout): two packs, thirteen columns, two layouts.

004 (a modern web page), variant а. A row of twelve cards face up and a
thirteenth a little apart; the aces and kings of the first row go to a base
row (one ace and one king of each suit: aces built up, kings down, in suit)
and are replaced from the pack; then row after row is dealt below until the
pack is out. While dealing only the bottom cards of the first, twelfth and
thirteenth columns (marked «И») may go to the bases, each replaced from the
pack at once, and nothing is laid on them. Once all is dealt, a card may go on
the bottom card of any column, in suit, one higher or lower, and a cleared
column is refilled with the card of the thirteenth. When nothing more
moves, the columns are gathered from the thirteenth to the first and dealt
again, once.

Piles: ``col-1`` .. ``col-12`` (the columns, dealt downwards), ``col-13``
(the thirteenth, apart), ``foundation-<suit>-A`` and ``foundation-<suit>-K``
(the base row), ``stock`` (the pack). `LayoutGame`, the class of this
module, is reused by «Китайское письмо» (chinese-letter).
"""

from __future__ import annotations

from engine.cards import ACE, KING
from engine.core import Game, Move, PileSpec
from engine.rulebook import RuleBook

RULES = RuleBook("grand-layout")

FIRST_ROW = RULES.assume(
    "first-row-all-playable",
    "The aces and kings that make the base row come from the first row, wherever they lie, and "
    "are replaced from the pack (play.2.1, play.3.1): until the second row is dealt every card "
    "of the first row is a bottom card and may go to the bases. From the second row on only the "
    "columns marked «И» may (play.4.1).",
    "most natural reading",
)
MARKED = RULES.assume(
    "marked-columns-while-dealing",
    "play.4.1 names two kinds of playable cards; the engine reads the columns marked «И» (the "
    "first, twelfth and thirteenth) as those that may feed the bases while the pack is being "
    "dealt, and the bottom cards of all the columns as playable once it is dealt (play.5), as "
    "«Китайское письмо», the variant that follows, says in so many words.",
    "most natural reading; chinese-letter.play.2.1, chinese-letter.play.3.2",
)
REPLACED = RULES.assume(
    "replaced-in-place",
    "A card moved to the bases while dealing is replaced at once by the next card of the pack, "
    "laid where it lay, at the bottom of the same column.",
    "most natural reading",
)
ROW_BY_ROW = RULES.assume(
    "deal-a-row-at-a-time",
    "The engine deals one whole row (one card to each column, left to right; the last row "
    "shorter) with one action; the player moves cards to the bases between rows.",
    "most natural reading",
)
TOP_OF_13 = RULES.assume(
    "thirteenth-gives-its-bottom-card",
    "«верхней картой тринадцатого ряда»: the engine takes the card of the thirteenth column that "
    "can be taken, the last one dealt there, which lies on top of the others.",
    "most natural reading",
)
GATHER = RULES.assume(
    "gathered-pack-turned-over",
    "The columns are picked up as they lie, each squared with its first card at the bottom, the "
    "thirteenth first and the others on it in turn down to the first; the pile is turned face "
    "down and dealt from the top, so the first card dealt again is the first card of the "
    "thirteenth column.",
    "most natural reading",
)
STANDSTILL = RULES.assume(
    "player-declares-the-standstill",
    "«Если ни одной карты более переложить нельзя»: the engine lets the player gather and deal "
    "again whenever the deal is over rather than detect a standstill, since with two packs a "
    "card can always shuttle between two equal cards.",
    "most natural reading",
)


@RULES.rule("playable-while-dealing", cites=("grand-layout.play.4.1", "grand-layout.play.2.1",
                                             "grand-layout.play.3.1", "grand-layout.play.4.2", MARKED,
                                             FIRST_ROW, REPLACED),
            ru="пока идет раскладка, на базовые идут только нижние карты первого, двенадцатого и "
               "тринадцатого рядов (в первом ряду — любые)",
            en="while dealing, only the bottom cards of the first, twelfth and thirteenth columns go to "
               "the bases (any card of the first row)")
def playable_while_dealing(game, move) -> bool:
    """While dealing, a card goes to the bases only from a column marked «И» (or from the first row).

    The card is then replaced from the pack, in the same column (`after_move`)."""
    if game.phase != "deal" or game.extra["rows"] <= 1:
        return True
    return game.index[move.src] in game.marked


@RULES.rule("aces-and-kings-are-bases", cites=("grand-layout.play.2.1",),
            ru="базовый ряд — четыре туза и четыре короля разной масти",
            en="the base row is four aces and four kings, one of each suit")
def aces_and_kings_are_bases(game, move) -> bool:
    """An empty base takes only its own card: the ace (built up) or the king (built down) of its suit."""
    i = game.index[move.dst]
    return bool(game.piles[i]) or game.moving_card(move) == game.foundation_wants(i)


@RULES.rule("bases-in-suit", cites=("grand-layout.play.2.2",),
            ru="на тузы — в масть вверх, на королей — в масть вниз",
            en="aces are built up in suit, kings down in suit")
def bases_in_suit(game, move) -> bool:
    """A started base takes the next card of its suit: up on an ace, down on a king."""
    i = game.index[move.dst]
    return not game.piles[i] or game.moving_card(move) == game.foundation_wants(i)


@RULES.rule("nothing-laid-while-dealing", cites=("grand-layout.play.4.3", "grand-layout.play.5"),
            ru="пока идет раскладка, на карты ничего не кладут", en="nothing is laid on the cards while dealing")
def nothing_laid_while_dealing(game, move) -> bool:
    """No card is laid on a column until the whole pack has been dealt."""
    return game.phase == "play"


@RULES.rule("cleared-column-from-the-thirteenth", cites=("grand-layout.play.6", TOP_OF_13),
            ru="разобранный ряд восполняется картой тринадцатого ряда",
            en="a cleared column is refilled with the card of the thirteenth")
def cleared_column_from_the_thirteenth(game, move) -> bool:
    """An empty column takes only the card of the thirteenth column."""
    return bool(game.target(move)) or game.index[move.src] == game.apart


@RULES.rule("build-up-or-down-in-suit", cites=("grand-layout.play.5",),
            ru="на нижнюю карту ряда кладут карту той же масти, на одну выше или ниже",
            en="on a column's bottom card goes a card of its suit one higher or lower")
def build_up_or_down_in_suit(game, move) -> bool:
    """On a column's bottom card goes the card of the same suit one higher or one lower."""
    dst = game.target(move)
    if not dst:
        return True
    card = game.moving_card(move)
    return card == dst[-1] + 1 or card == dst[-1] - 1


@RULES.rule("deal-next-row", cites=("grand-layout.play.3.2", ROW_BY_ROW),
            ru="ниже выкладывают следующий ряд, пока не кончится колода",
            en="the next row is dealt below, until the pack is out")
def deal_next_row(game, move) -> bool:
    """While the pack lasts, the next row is dealt below the last, one card to each column."""
    return move.action == "deal" and game.phase == "deal" and bool(game.piles[game.stock])


@RULES.rule("gather-and-deal-again", cites=("grand-layout.play.7", "grand-layout.play.8", GATHER, STANDSTILL),
            ru="карты собирают от тринадцатого ряда к первому и раскладывают вторично; всего две раскладки",
            en="the cards are gathered from the thirteenth column to the first and dealt again; two layouts in all")
def gather_and_deal_again(game, move) -> bool:
    """After the deal, the columns may be gathered and dealt again, once."""
    return move.action == "redeal" and game.phase == "play" and game.redeals_left > 0 and \
        any(game.piles[i] for i in game.layout_piles)


@RULES.rule("won", cites=("grand-layout.play.8",),
            ru="все карты собраны на базовые", en="every card is gathered on the bases")
def won(game, move) -> bool:
    """Won when every card lies on the base row."""
    return not any(game.piles[i] for i in game.layout_piles + (game.stock,))


@RULES.rule("lost", cites=("grand-layout.play.8",),
            ru="ходов нет, а раскладки исчерпаны", en="no move is left and the layouts are spent")
def lost(game, move) -> bool:
    """Lost when nothing can be moved and the second layout has been dealt."""
    return not game.legal_moves


@RULES.rule("two-packs", cites=("grand-layout.play.1.1",),
            ru="две полные колоды, 104 листа", en="two full packs, 104 cards")
def two_packs(game, move) -> bool:
    """The game is played with two full packs."""
    return game.holds_packs(2)


@RULES.rule("first-row", cites=("grand-layout.play.1.2", "grand-layout.play.1.3"),
            ru="ряд из двенадцати открытых карт и тринадцатая поодаль",
            en="a row of twelve cards face up and a thirteenth apart")
def first_row(game, move) -> bool:
    """The opening: one card in each of the thirteen columns, the rest in the pack."""
    return all(len(game.piles[i]) == 1 for i in game.layout_piles) and game.phase == "deal" \
        and game.extra["rows"] == 1


def foundations(x0: float) -> tuple[PileSpec, ...]:
    return tuple(PileSpec(f"foundation-{s}-{b}", "foundation", x0 + (2 * k + (b == "K")) * 1.3, 0.0,
                          suit=k, base=ACE if b == "A" else KING, step=1 if b == "A" else -1)
                 for k, s in enumerate("SHDC") for b in "AK")


class LayoutGame(Game):
    """Columns dealt row by row with play between rows, then built on; gathered and dealt again."""

    PHASES = ("deal", "play")
    EXTRA = {"rows": 1}  # rows dealt so far in this layout
    FACE_DOWN = frozenset({"stock"})

    # set by `finish` below each subclass
    cols: tuple[int, ...] = ()        # the columns, left to right
    apart: int = 0                    # the pile laid apart
    layout_piles: tuple[int, ...] = ()  # cols + apart, in dealing order
    gather_order: tuple[int, ...] = ()  # the piles in the order they are picked up
    stock: int = 0
    marked: frozenset[int] = frozenset()
    build_targets: tuple[int, ...] = ()  # the piles cards may be laid on after the deal
    EMPTY_FROM_APART_ONLY = True  # an empty column takes only the card of the pile apart
    FIRST_ROW_OPEN = True  # while only the first row is dealt, every card of it may go to the bases

    def setup(self, cards: list[int]) -> None:
        self.set_stock(cards)
        self.deal_row()

    def deal_row(self) -> None:
        stock = self.piles[self.stock]
        for i in self.layout_piles:
            if stock:
                self.piles[i].append(stock.pop())
        if not stock:
            self.phase = "play"

    def do_deal(self) -> None:
        self.extra["rows"] += 1
        self.deal_row()

    def after_move(self, move) -> None:
        stock = self.piles[self.stock]
        if self.phase == "deal" and self.roles[self.index[move.dst]] == "foundation" and stock:
            self.piles[self.index[move.src]].append(stock.pop())
            if not stock:
                self.phase = "play"

    def do_redeal(self) -> None:
        gathered = []
        for i in self.gather_order:
            gathered += self.piles[i]
            self.piles[i].clear()
        self.redeals_left -= 1
        self.phase = "deal"
        self.extra["rows"] = 1
        self.set_stock(gathered)
        self.deal_row()

    def check_position(self):
        if self.phase == "deal" and not self.piles[self.stock]:
            return "the deal phase needs cards in the stock", "phase"
        if self.phase == "play" and self.piles[self.stock]:
            return "cards are left in the stock: the phase is still 'deal'", "phase"
        if self.extra["rows"] < 1:
            return "extra.rows counts the rows dealt, 1 or more", "extra.rows"
        return None

    def generate_moves(self):
        # The hot path: the moves the routes allow, found by looking cards up.
        piles, names = self.piles, self.names
        dealing = self.phase == "deal"
        wants = self.wanted_cards()
        whole_row = self.FIRST_ROW_OPEN and self.extra["rows"] <= 1
        sources = self.marked if dealing and not whole_row else self.layout_piles
        for i in self.layout_piles:
            if i in sources and piles[i]:
                for f in wants.get(piles[i][-1], ()):
                    yield Move(names[i], names[f])
        if dealing:
            if piles[self.stock]:
                yield Move(action="deal")
            return
        tops, empty = self.tops_and_empty(self.build_targets)
        for i in self.layout_piles:
            if not piles[i]:
                continue
            card = piles[i][-1]
            rank = card & 15
            for near in ((card - 1,) if rank > 1 else ()) + ((card + 1,) if rank < KING else ()):
                for j in tops.get(near, ()):
                    if j != i:
                        yield Move(names[i], names[j])
            if i == self.apart or not self.EMPTY_FROM_APART_ONLY:
                for j in empty:
                    if j != i:
                        yield Move(names[i], names[j])
        if self.redeals_left and any(piles[i] for i in self.layout_piles):
            yield Move(action="redeal")

    @classmethod
    def finish(cls, columns: list[str], apart: str, marked: list[str], gather: list[str],
               targets: list[str]) -> None:
        cls.cols = tuple(cls.index[c] for c in columns)
        cls.apart = cls.index[apart]
        cls.layout_piles = cls.cols + (cls.apart,)
        cls.gather_order = tuple(cls.index[c] for c in gather)
        cls.stock = cls.index["stock"]
        cls.marked = frozenset(cls.index[c] for c in marked)
        cls.build_targets = tuple(cls.index[c] for c in targets)


class GrandLayout(LayoutGame):
    slug = "grand-layout"
    title_1912 = ""
    title_modern = "Большая раскладка"
    title_en = "The Grand Layout"
    book_order = 14
    decks = 2
    REDEALS = 1
    PILES = foundations(1.0) + tuple(
        PileSpec(f"col-{k}", "column", (k - 1) * 1.2, 1.8, dy=0.3) for k in range(1, 13)) + (
        PileSpec("col-13", "apart", 12 * 1.2 + 0.6, 1.8, dy=0.3), PileSpec("stock", "stock", 12 * 1.2 + 0.6, 0.0))
    RULES = RULES
    ROUTES = {
        ("column", "foundation"): (playable_while_dealing, aces_and_kings_are_bases, bases_in_suit),
        ("apart", "foundation"): (playable_while_dealing, aces_and_kings_are_bases, bases_in_suit),
        ("column", "column"): (nothing_laid_while_dealing, cleared_column_from_the_thirteenth,
                               build_up_or_down_in_suit),
        ("apart", "column"): (nothing_laid_while_dealing, cleared_column_from_the_thirteenth,
                              build_up_or_down_in_suit),
        ("column", "apart"): (nothing_laid_while_dealing, cleared_column_from_the_thirteenth,
                              build_up_or_down_in_suit),
        "deal": (deal_next_row,),
        "redeal": (gather_and_deal_again,),
    }
    WON = won
    LOST = lost
    SETUP = (two_packs, first_row)


GrandLayout.finish([f"col-{k}" for k in range(1, 13)], "col-13", ["col-1", "col-12", "col-13"],
                   [f"col-{k}" for k in range(13, 0, -1)], [f"col-{k}" for k in range(1, 14)])

GAME = GrandLayout
