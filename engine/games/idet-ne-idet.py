"""Идет — не идет (Goes, Doesn't Go): one pack, seven columns, three layouts.

004 (a modern web page), variant в. Seven cards are laid out face up in a
row (the top row); the aces go to a base row as they come and are built up
in suit; a card taken from the top row while dealing is replaced from the
pack. Row after row of seven is dealt over them; while dealing, only the two
outermost columns on each side may give their bottom card to the bases,
the middle three only their aces, and the top row is always playable. Once
all is dealt, every bottom card and every top-row card may go to the bases
or be laid in suit, one higher, on a bottom card of the lower rows (never on
the top row, nor into its places); a vertical row cleared entirely takes any
playable card. When play stops (nothing left to do but move a lone card
to and fro between freed rows) the columns are gathered from the right, each
laid on the one to its left, and the pack is dealt again the same way: three
layouts in all.

Piles: ``top-1`` .. ``top-7`` (the first row, one card each), ``col-1`` ..
``col-7`` (the lower rows of each vertical row, dealt downwards),
``foundation-S`` .. ``foundation-C`` (the base row), ``stock`` (the pack).
A vertical row is ``top-k`` with ``col-k`` below it. ``extra.rows`` counts
the rows dealt in this layout (1: the top row alone).

Readings (``pasyans readings --game idet-ne-idet``): which moved cards are
replaced from the pack while dealing, whether the top-row cards of the middle
three rows feed the bases while the lower rows are dealt, and whether a
covered ace may go to the bases.
"""

from __future__ import annotations

from engine.cards import ACE
from engine.core import STANDSTILL, Game, Move, Outcome, PileSpec, Termination
from engine.rulebook import Alternative, RuleBook

RULES = RuleBook("idet-ne-idet")

COLUMNS = 7
OUTER = (1, 2, 6, 7)  # the two outermost vertical rows on each side (play.2.2)
MIDDLE = (3, 4, 5)    # the middle three (play.2.3)


def _top_row_while_dealing(game, i: int) -> bool:
    return game.phase == "deal" and game.roles[i] == "top"


def _first_row_only(game, i: int) -> bool:
    return game.phase == "deal" and game.roles[i] == "top" and game.extra["rows"] <= 1


def _every_card_while_dealing(game, i: int) -> bool:
    return game.phase == "deal"


REPLACED = RULES.reading(
    "replaced-while-dealing",
    "«Переложенные карты замещаются из колоды» (play.1.5) stands in the paragraph on the first row, "
    "before the second is laid on it (play.2.1). Which cards moved to the bases are replaced from "
    "the pack, and until when?",
    alternatives=(
        Alternative("top-row", "A card of the top row, as long as the pack is being dealt: the "
                    "sentence is said of the top row and sets no end but the pack's; a card taken from "
                    "the lower rows is not replaced, the card above it becomes the bottom card, as in any "
                    "column.", ("idet-ne-idet.play.1.5", "idet-ne-idet.play.3.2"), _top_row_while_dealing),
        Alternative("first-row", "A card of the top row only while the top row lies alone: once the "
                    "second row is laid on it (play.2.1) the sentence no longer applies.",
                    ("idet-ne-idet.play.1.5", "idet-ne-idet.play.2.1"), _first_row_only),
        Alternative("every-card", "Every card moved to the bases while the pack is being dealt, from the "
                    "top row or the lower rows, is replaced in its place, as «Большая раскладка» says of "
                    "its own rows (grand-layout.play.4.2).",
                    ("idet-ne-idet.play.1.5", "grand-layout.play.4.2"), _every_card_while_dealing),
    ),
    default="top-row",
    why_default="the sentence speaks of the top row, where it stands, and names no moment at which "
                "it stops holding before the pack is out. Cadogan 1874 has no parallel game.",
)


def _top_row_always(game, k: int) -> bool:
    return True


def _middle_barred_while_dealing(game, k: int) -> bool:
    return game.phase != "deal" or game.extra["rows"] <= 1 or k not in MIDDLE


MIDDLE_TOP = RULES.reading(
    "middle-top-cards-while-dealing",
    "«Карты верхнего ряда являются игровыми постоянно» (play.3.2) stands after «После того, как "
    "все карты выложены» (play.3.1), and «Средние три карты не могут быть переложены на базовые» "
    "(play.2.3) in the paragraph on the second and further rows. May the top-row card of a middle "
    "vertical row (the third, fourth or fifth) go to a base while the lower rows are being dealt?",
    alternatives=(
        Alternative("playable", "«постоянно»: the top row is playable at every moment; the bar of "
                    "play.2.3 is said of the lower rows («Во втором и далее рядах», play.2.2).",
                    ("idet-ne-idet.play.3.2", "idet-ne-idet.play.2.2"), _top_row_always),
        Alternative("barred", "While the lower rows are being dealt the middle three of every row, the "
                    "top row's too, give only their aces (play.2.3, play.2.4); play.3.2 speaks of the play "
                    "after the deal.", ("idet-ne-idet.play.2.3", "idet-ne-idet.play.2.4", "idet-ne-idet.play.3.1"),
                    _middle_barred_while_dealing),
    ),
    default="playable",
    why_default="«постоянно» means always, and play.2.2-2.3 name the rows they bar: the second and "
                "further ones.",
)

ACES = RULES.reading(
    "aces-from-any-place",
    "«Исключение делается для тузов, которые по мере выхода выкладываются в базовый ряд из любой "
    "позиции» (play.2.4). Is «любой позиции» any vertical row, the ace being the bottom card as it "
    "comes out, or any place, even under other cards?",
    alternatives=(
        Alternative("bottom", "«по мере выхода»: an ace goes to the base row as it comes out, from any "
                    "vertical row, the middle three too; once covered it waits like any card.",
                    ("idet-ne-idet.play.2.4", "idet-ne-idet.play.2.3"), False),
        Alternative("covered-too", "«из любой позиции»: an ace goes to the base row from wherever it "
                    "lies, even covered by the rows dealt after it.", ("idet-ne-idet.play.2.4",), True),
    ),
    default="bottom",
    why_default="the exception answers the bar on the middle three (play.2.3), which is about where in "
                "the row a card lies; «по мере выхода» puts the ace's move at the moment it is dealt.",
)

FACE_UP = RULES.assume(
    "top-row-face-up",
    "«выкладывают семь карт рубашкой вниз» (play.1.2): back down is how the page says face up, as "
    "«Китайское письмо» says of its twelfth card (chinese-letter.play.1.2); the top row is playable "
    "at once (play.1.3, play.1.5, play.3.2), so its cards must be seen.",
    "most natural reading",
)
ROW_BY_ROW = RULES.assume(
    "deal-a-row-at-a-time",
    "The text lays out the lower rows «ряд» by «ряд» without saying when the player may move: the "
    "engine deals a whole row of seven (the last one shorter) with one action, the player moving "
    "cards to the bases between rows.",
    "most natural reading",
)
BUILD_AFTER_DEAL = RULES.assume(
    "building-after-the-deal",
    "The text does not say whether cards may be laid on the lower rows while dealing: laying them "
    "(play.4.1) is described after «После того, как все карты выложены» (play.3.1), and the dealing "
    "paragraphs speak of the bases only; the engine lays nothing on the rows until all is dealt.",
    "most natural reading",
)
GATHER = RULES.assume(
    "gathered-pack-turned-over",
    "«правый вертикальный ряд сдвигается стопкой, его кладут на шестой, оба на пятый» (play.6.1) "
    "does not say how each row is squared nor how the pack is then dealt: each vertical row is "
    "pushed together as it lies (its top-row card at the bottom), the seventh laid on the sixth, "
    "both on the fifth and so on; the pile so made is turned face down without disturbing its order "
    "and dealt from the top, so the first card dealt is the top-row card of the first vertical row.",
    "most natural reading",
)
SHUTTLE = RULES.assume(
    "shuttle-taken-back",
    "«При остановке пасьянса» (play.6.1): one pack has no twin cards, but a lone card can go from one "
    "freed vertical row to another and back for ever (play.5). The engine counts as a shuttle "
    "(engine.assume.standstill) every card move that the next move could take straight back, the "
    "card returning to the very place it left; play stops when only such moves are left and no "
    "position they lead to has another move. A top-row card moved into a freed row cannot go back "
    "(play.4.2): that move is play.",
    "most natural reading: engine.assume.standstill, made exact for a lone card between freed rows",
)


def vertical(game, k: int) -> tuple[list[int], list[int]]:
    """Vertical row ``k`` (1-7): its top-row pile and its lower-rows pile."""
    return game.piles[game.top[k - 1]], game.piles[game.cols[k - 1]]


@RULES.rule("playable-cards", cites=("idet-ne-idet.play.2.2", "idet-ne-idet.play.2.3",
                                     "idet-ne-idet.play.2.4", "idet-ne-idet.play.3.1",
                                     "idet-ne-idet.play.3.2", "idet-ne-idet.play.1.5", REPLACED, MIDDLE_TOP, ACES),
            places=True,
            ru="пока идет раскладка, на базовые идут карты двух крайних рядов с каждой стороны, "
               "из средних трех только тузы; верхний ряд годен всегда",
            en="while dealing, only the two outermost columns on each side feed the bases, the middle "
               "three only their aces; the top row is always playable")
def playable_cards(game, move) -> bool:
    """While dealing, a lower-row card goes to a base only from the outer columns, or if it is an ace.

    The top row is always playable (play.3.2; see the reading for its middle
    cards while dealing); once everything is dealt the bottom card of every
    column is (play.3.1). A covered card moves only if it is an ace, under
    the reading that takes aces from any place. A card moved while dealing
    may be replaced from the pack (play.1.5; the reading says which,
    `after_move`)."""
    i = game.index[move.src]
    ace = game.moving_card(move) & 15 == ACE
    if move.at:
        return ace and ACES.of(game)
    if game.roles[i] == "top":
        return ace or MIDDLE_TOP.of(game)(game, game.column_of[i])
    return game.phase != "deal" or game.column_of[i] in OUTER or ace


@RULES.rule("aces-are-bases", cites=("idet-ne-idet.play.1.3", "idet-ne-idet.play.2.4"),
            ru="базовые карты — тузы", en="the base cards are the aces")
def aces_are_bases(game, move) -> bool:
    """An empty place of the base row takes only the ace of its suit."""
    i = game.index[move.dst]
    return bool(game.piles[i]) or game.moving_card(move) == game.foundation_wants(i)


@RULES.rule("bases-up-in-suit", cites=("idet-ne-idet.play.1.4",),
            ru="на тузы собирают карты в масть в восходящем порядке",
            en="the aces are built up in suit")
def bases_up_in_suit(game, move) -> bool:
    """A started base takes the next card of its suit, two on the ace and so on to the king."""
    i = game.index[move.dst]
    return not game.piles[i] or game.moving_card(move) == game.foundation_wants(i)


@RULES.rule("build-after-the-deal", cites=("idet-ne-idet.play.4.1", "idet-ne-idet.play.3.1", BUILD_AFTER_DEAL),
            ru="перекладка на нижние ряды — после того, как разложена вся колода",
            en="cards are laid on the lower rows only once the whole pack is dealt")
def build_after_the_deal(game, move) -> bool:
    """No card is laid on the columns while the pack is being dealt."""
    return game.phase == "play"


@RULES.rule("empty-vertical-row-refilled", cites=("idet-ne-idet.play.5", "idet-ne-idet.play.4.2"),
            ru="пустое место нижних рядов занимают, только если освобожден весь вертикальный ряд",
            en="an empty place in the lower rows is filled only when the whole vertical row is free")
def empty_vertical_row_refilled(game, move) -> bool | None:
    """An empty column takes a card only if its top-row card is gone too (the whole vertical row is free).

    While the top-row card lies there, it is the column's last card, and no
    card may be laid on the top row (play.4.2); the card that refills a
    freed row lies in its lower rows, the top-row place stays empty (4.2)."""
    i = game.index[move.dst]
    if game.piles[i]:
        return None
    top, _ = vertical(game, game.column_of[i])
    return not top


@RULES.rule("lower-rows-up-in-suit", cites=("idet-ne-idet.play.4.1",),
            ru="на карты нижних рядов кладут карту той же масти, на одну выше",
            en="on a lower-row card goes the card of its suit one higher")
def lower_rows_up_in_suit(game, move) -> bool | None:
    """On the bottom card of a column goes the next higher card of the same suit (6 on 5, ascending).

    The text says «в восходящем порядке», as it does of the bases; the
    engine reads it the same way here: the card laid on is one higher."""
    dst = game.target(move)
    if not dst:
        return None
    return game.moving_card(move) == dst[-1] + 1


@RULES.rule("nothing-onto-the-top-row", cites=("idet-ne-idet.play.4.2",),
            ru="на верхний ряд перекладка не допускается", en="no card may be moved onto the top row")
def nothing_onto_the_top_row(game, move) -> bool | None:
    """«На верхний ряд перекладка не допускается»: no card goes onto a top-row card or into its place.

    Says nothing of a move to anywhere else."""
    return False if game.roles[game.index[move.dst]] == "top" else None


@RULES.rule("bases-keep-their-cards", cites=("idet-ne-idet.play.2.2", "idet-ne-idet.play.3.1",
                                             "idet-ne-idet.play.3.2", "idet-ne-idet.play.7", "terms.play-cards"),
            ru="карты, собранные на базовые, не игровые: с базового ряда их не берут",
            en="the cards gathered on the bases are not playable: none is taken from the base row")
def bases_keep_their_cards(game, move) -> bool:
    """The playable cards are those of the rows (play.2.2, play.3.1, play.3.2); the bases gather them (play.7)."""
    return False


@RULES.rule("pack-only-dealt", cites=("idet-ne-idet.play.1.5", "idet-ne-idet.play.2.1", "idet-ne-idet.play.6.2"),
            ru="из колоды карты только раскладывают рядами и ими замещают переложенные",
            en="the pack's cards are only dealt in rows and replace the cards moved")
def pack_only_dealt(game, move) -> bool:
    """No card is played from the pack: it is dealt in rows of seven and into the places emptied (play.1.5)."""
    return False


@RULES.rule("pack-made-by-gathering", cites=("idet-ne-idet.play.6.1", "idet-ne-idet.play.6.2"),
            ru="колоду вновь образуют, только собрав вертикальные ряды при остановке",
            en="the pack is made again only by gathering the vertical rows when play stops")
def pack_made_by_gathering(game, move) -> bool:
    """No card is laid on the pack: the columns are gathered into a new one only when play stops (play.6)."""
    return False


@RULES.rule("deal-next-row", cites=("idet-ne-idet.play.2.1", "idet-ne-idet.play.6.2", ROW_BY_ROW),
            ru="на первый ряд выкладывают следующий ряд из семи карт",
            en="the next row of seven is dealt over the first")
def deal_next_row(game, move) -> bool:
    """While the pack lasts, the next row of seven cards is dealt over the columns, left to right."""
    return move.action == "deal" and game.phase == "deal" and bool(game.piles[game.stock])


@RULES.rule("gather-and-deal-again", cites=("idet-ne-idet.play.6.1", "idet-ne-idet.play.6.2",
                                            "idet-ne-idet.play.7", GATHER, STANDSTILL, SHUTTLE),
            ru="при остановке пасьянса ряды собирают справа налево и раскладывают снова; всего три раскладки",
            en="when play stops, the columns are gathered from the right and dealt again; three layouts in all")
def gather_and_deal_again(game, move) -> bool:
    """Once all is dealt and play has stopped (the standstill), the columns are gathered and dealt again, twice at most."""
    return move.action == "redeal" and game.phase == "play" and game.redeals_left > 0 and \
        any(game.piles[i] for i in game.top + game.cols) and game.standstill_now()


@RULES.rule("won", cites=("idet-ne-idet.play.7",),
            ru="все карты собраны на базовые", en="every card is gathered on the bases")
def won(game, move) -> bool:
    """Won when every card lies on the bases (within the three layouts)."""
    return not any(game.piles[i] for i in game.top + game.cols + (game.stock,))


@RULES.rule("lost", cites=("idet-ne-idet.play.7", "idet-ne-idet.play.6.1", STANDSTILL, SHUTTLE),
            ru="пасьянс остановился, а три раскладки исчерпаны", en="play has stopped and the three layouts are spent")
def lost(game, move) -> bool:
    """Lost when the third layout has stopped (a lone card may still shuttle) or nothing moves."""
    if game.phase == "play" and not game.redeals_left and not game.is_won() and game.standstill_now():
        return True
    return not game.legal_moves


@RULES.rule("one-pack", cites=("idet-ne-idet.play.1.1",),
            ru="полная колода в 52 листа", en="a full pack of 52 cards")
def one_pack(game, move) -> bool:
    """The game is played with one full pack: 52 cards, each once."""
    return game.holds_packs(1)


@RULES.rule("first-row-of-seven", cites=("idet-ne-idet.play.1.2", FACE_UP),
            ru="из колоды выкладывают ряд из семи карт", en="a row of seven cards is laid out from the pack")
def first_row_of_seven(game, move) -> bool:
    """The opening: seven cards face up in the top row, nothing below them yet."""
    return all(len(game.piles[i]) == 1 for i in game.top) and not any(game.piles[i] for i in game.cols) \
        and game.phase == "deal" and game.extra["rows"] == 1


def _piles() -> tuple[PileSpec, ...]:
    piles = [PileSpec(f"foundation-{s}", "foundation", 1.5 + k * 1.5, 0.0, suit=k, base=ACE, step=1)
             for k, s in enumerate("SHDC")]
    piles += [PileSpec(f"top-{k}", "top", (k - 1) * 1.3, 1.8) for k in range(1, COLUMNS + 1)]
    piles += [PileSpec(f"col-{k}", "column", (k - 1) * 1.3, 3.4, dy=0.3) for k in range(1, COLUMNS + 1)]
    piles.append(PileSpec("stock", "stock", 9.5, 0.0))
    return tuple(piles)


class IdetNeIdet(Game):
    slug = "idet-ne-idet"
    title_1912 = ""
    title_modern = "Идет — не идет"
    title_en = "Goes, Doesn't Go"
    aliases = ("Идет - не идет", "Идёт — не идёт", "Идет-не идет", "It Goes, It Doesn't")
    book_order = 16
    decks = 1
    REDEALS = 2
    PHASES = ("deal", "play")
    EXTRA = {"rows": 1}  # rows dealt so far in this layout (1: the top row alone)
    PILES = _piles()
    RULES = RULES
    ROUTES = {
        ("top", "foundation"): (playable_cards, aces_are_bases, bases_up_in_suit),
        ("column", "foundation"): (playable_cards, aces_are_bases, bases_up_in_suit),
        ("top", "column"): (build_after_the_deal, empty_vertical_row_refilled, lower_rows_up_in_suit),
        ("column", "column"): (build_after_the_deal, empty_vertical_row_refilled, lower_rows_up_in_suit),
        # what the text forbids, by the sentence that forbids it
        **{(role, "top"): (nothing_onto_the_top_row,) for role in ("top", "column", "foundation")},
        **{(role, "stock"): (pack_made_by_gathering,) for role in ("top", "column")},
        **{("stock", role): (pack_only_dealt,) for role in ("foundation", "top", "column")},
        **{("foundation", role): (bases_keep_their_cards,) for role in ("foundation", "column", "stock")},
        "deal": (deal_next_row,),
        "redeal": (gather_and_deal_again,),
    }
    WON = won
    LOST = lost
    ENDING = {"won": ("idet-ne-idet.play.7", "says"), "lost": ("idet-ne-idet.play.7", "says")}
    SETUP = (one_pack, first_row_of_seven)
    _gating = False  # True while `standstill_now` asks the core (the generator then skips the gate)

    # set below the class
    top: tuple[int, ...] = ()
    cols: tuple[int, ...] = ()
    stock: int = 0
    column_of: dict[int, int] = {}

    def setup(self, cards: list[int]) -> None:
        self.set_stock(cards)
        self.refill_top_row()

    def refill_top_row(self) -> None:
        """Fill each empty place of the top row from the pack, left to right (play.1.2, play.1.5)."""
        stock = self.piles[self.stock]
        for i in self.top:
            if not self.piles[i] and stock:
                self.piles[i].append(stock.pop())
        if not stock:
            self.phase = "play"

    def after_move(self, move) -> None:
        i = self.index[move.src]
        stock = self.piles[self.stock]
        if stock and self.roles[self.index[move.dst]] == "foundation" and REPLACED.of(self)(self, i):
            src = self.piles[i]
            src.insert(move.at - 1 if move.at else len(src), stock.pop())  # play.1.5: replaced from the pack
            if not stock:
                self.phase = "play"

    def do_deal(self) -> None:
        stock = self.piles[self.stock]
        self.extra["rows"] += 1
        for i in self.cols:
            if stock:
                self.piles[i].append(stock.pop())
        if not stock:
            self.phase = "play"

    def do_redeal(self) -> None:
        gathered = []
        for top, col in zip(self.top, self.cols):
            gathered += self.piles[top] + self.piles[col]
            self.piles[top].clear()
            self.piles[col].clear()
        self.redeals_left -= 1
        self.phase = "deal"
        self.extra["rows"] = 1
        self.set_stock(gathered)
        self.refill_top_row()

    # -- the standstill (engine.assume.standstill) --------------------------------

    SHUTTLES_GO_BACK = True  # a shuttle is a move the next move takes back (`is_shuttle`)

    def is_shuttle(self, move: Move) -> bool:
        """A card move the next move could take straight back
        (idet-ne-idet.assume.shuttle-taken-back): with one pack, a lone card
        between two freed vertical rows."""
        if move.action or self.roles[self.index[move.dst]] == "foundation":
            return False
        return self.can_take_back(move)

    def standstill_now(self) -> bool:
        return self._standstill(list(self.card_moves()))

    def _standstill(self, card_moves: list[Move]) -> bool:
        if not card_moves:
            return True
        for move in card_moves:
            if not self.is_shuttle(move):
                return False
        self._gating = True
        try:
            return self.is_standstill()
        finally:
            self._gating = False

    def _position_key(self) -> tuple:
        # for the standstill's search only: once all is dealt every vertical
        # row obeys the same rules, so rows that hold the same cards in
        # another order of rows are the same position for what can follow
        if self.phase != "play":
            return super()._position_key()
        rows = sorted((tuple(self.piles[t]), tuple(self.piles[c])) for t, c in zip(self.top, self.cols))
        return (tuple(rows), tuple(map(tuple, (self.piles[f] for f in self.by_role["foundation"]))),
                self.redeals_left)

    def outcome(self):
        # the end is the standstill of the third layout, not only "no move":
        # a lone card may go to and fro between freed rows for ever
        if not self.is_won() and self.phase == "play" and not self.redeals_left and self.standstill_now():
            return Outcome(Termination.LOST, self.LOST.id, self.LOST.clauses)
        return super().outcome()

    # -- the moves ---------------------------------------------------------------

    def card_moves(self):
        # The hot path: the moves the routes allow, found by looking cards up.
        piles, names, table = self.piles, self.names, self.move_table
        dealing = self.phase == "deal"
        wants: dict[int, int] = {}
        for f in self.by_role["foundation"]:
            card = self.foundation_wants(f)
            if card:
                wants[card] = f
        column_of = self.column_of
        middle_top = MIDDLE_TOP.of(self)
        for i in self.top:
            p = piles[i]
            if p and p[-1] in wants and (p[-1] & 15 == ACE or middle_top(self, column_of[i])):
                yield table[i][wants[p[-1]]]
        for i in self.cols:
            p = piles[i]
            if p and p[-1] in wants and (not dealing or column_of[i] in OUTER or p[-1] & 15 == ACE):
                yield table[i][wants[p[-1]]]
        if ACES.of(self):  # covered aces (a lower-row card below the bottom one)
            for i in self.cols:
                p = piles[i]
                for k in range(1, len(p)):
                    if p[k - 1] & 15 == ACE and p[k - 1] in wants:
                        yield Move(names[i], names[wants[p[k - 1]]], at=k)
        if dealing:
            return
        tops: dict[int, int] = {}  # bottom card of a column -> that column
        empty = []
        for k, j in enumerate(self.cols):
            if piles[j]:
                tops[piles[j][-1]] = j
            elif not piles[self.top[k]]:
                empty.append(j)
        for i in self.top + self.cols:
            p = piles[i]
            if not p:
                continue
            card = p[-1]
            j = tops.get(card - 1)
            if j is not None and j != i and card & 15 > 1:
                yield table[i][j]
            for j in empty:
                if j != i:
                    yield table[i][j]

    def generate_moves(self):
        # the redeal's gate is decided from the card moves before anything is yielded
        moves = list(self.card_moves())
        piles = self.piles
        if self.phase == "deal":
            if piles[self.stock]:
                moves.append(Move(action="deal"))
        elif self.redeals_left and not self._gating and any(piles[i] for i in self.top + self.cols) \
                and self._standstill(moves):
            moves.append(Move(action="redeal"))
        return iter(moves)

    def check_position(self):
        if any(len(self.piles[i]) > 1 for i in self.top):
            return "a place of the top row holds one card at most", "piles"
        if self.phase == "deal" and not self.piles[self.stock]:
            return "the deal phase needs cards in the stock", "phase"
        if self.phase == "play" and self.piles[self.stock]:
            return "cards are left in the stock: the phase is still 'deal'", "phase"
        if self.extra["rows"] < 1:
            return "extra.rows counts the rows dealt, 1 or more", "extra.rows"
        return None


IdetNeIdet.top = tuple(IdetNeIdet.index[f"top-{k}"] for k in range(1, COLUMNS + 1))
IdetNeIdet.cols = tuple(IdetNeIdet.index[f"col-{k}"] for k in range(1, COLUMNS + 1))
IdetNeIdet.stock = IdetNeIdet.index["stock"]
IdetNeIdet.column_of = {i: n % COLUMNS + 1 for n, i in enumerate(IdetNeIdet.top + IdetNeIdet.cols)}

GAME = IdetNeIdet
