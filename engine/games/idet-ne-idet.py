"""Идет — не идет (Goes, Doesn't Go): one pack, seven columns, three layouts.

004 (a modern web page), variant в. Seven cards are laid out face up in a
row (the top row); the aces go to a base row as they come and are built up
in suit; a card taken from the top row while dealing is replaced from the
pack. Row after row of seven is dealt over them; while dealing, only the two
outermost columns on each side may give their bottom card to the bases,
the middle three only their aces, and the top row is always playable. Once
all is dealt, every bottom card and every top-row card may go to the bases
or be laid in suit, one higher, on a bottom card of the lower rows (never on
the top row); a vertical row cleared entirely takes any playable card. When
play stops the columns are gathered from the right, each laid on the one to
its left, and the pack is dealt again the same way: three layouts in all.

Piles: ``top-1`` .. ``top-7`` (the first row, one card each), ``col-1`` ..
``col-7`` (the lower rows of each vertical row, dealt downwards),
``foundation-S`` .. ``foundation-C`` (the base row), ``stock`` (the pack).
A vertical row is ``top-k`` with ``col-k`` below it.
"""

from __future__ import annotations

from engine.cards import ACE
from engine.core import Game, Move, PileSpec
from engine.rulebook import RuleBook

RULES = RuleBook("idet-ne-idet")

COLUMNS = 7
OUTER = (1, 2, 6, 7)  # the two outermost vertical rows on each side (play.2.2)

TOP_REPLACED = RULES.assume(
    "top-row-replaced-while-dealing",
    "«Переложенные карты замещаются из колоды» stands in the paragraph on the first row: the "
    "engine fills a place of the top row from the pack as soon as its card is moved, for as long "
    "as the pack lasts. A card taken from the lower rows is not replaced: the card above it "
    "becomes the bottom card, as in any column.",
    "most natural reading",
)
ROW_BY_ROW = RULES.assume(
    "deal-a-row-at-a-time",
    "The text lays out the lower rows «ряд» by «ряд»; the engine deals a whole row of seven "
    "(the last one shorter) with one action, the player moving cards to the bases between rows.",
    "most natural reading",
)
BUILD_AFTER_DEAL = RULES.assume(
    "building-after-the-deal",
    "Laying cards on the lower rows (play.4.1) is described after «после того, как все карты "
    "выложены»; while dealing, cards go to the bases only.",
    "most natural reading",
)
GATHER = RULES.assume(
    "gathered-pack-turned-over",
    "Each vertical row is pushed together as it lies (its top-row card at the bottom), the "
    "seventh laid on the sixth, both on the fifth and so on; the pile so made is turned face "
    "down without disturbing its order and dealt from the top, so the first card dealt is the "
    "top-row card of the first vertical row.",
    "most natural reading",
)
STANDSTILL = RULES.assume(
    "player-declares-the-standstill",
    "«При остановке пасьянса»: the engine lets the player gather and deal again whenever the "
    "deal is over, rather than detect a standstill (two playable cards can always be moved "
    "between two empty vertical rows, so 'no move left' might never come).",
    "most natural reading",
)


def vertical(game, k: int) -> tuple[list[int], list[int]]:
    """Vertical row ``k`` (1-7): its top-row pile and its lower-rows pile."""
    return game.piles[game.top[k - 1]], game.piles[game.cols[k - 1]]


@RULES.rule("playable-cards", cites=("idet-ne-idet.play.2.2", "idet-ne-idet.play.2.3",
                                     "idet-ne-idet.play.2.4", "idet-ne-idet.play.3.1",
                                     "idet-ne-idet.play.3.2", "idet-ne-idet.play.1.5", TOP_REPLACED),
            ru="пока идет раскладка, на базовые идут карты двух крайних рядов с каждой стороны, "
               "из средних трех только тузы; верхний ряд годен всегда",
            en="while dealing, only the two outermost columns on each side feed the bases, the middle "
               "three only their aces; the top row is always playable")
def playable_cards(game, move) -> bool:
    """While dealing, a lower-row card goes to a base only from the outer columns, or if it is an ace.

    The top row is always playable (play.3.2); once everything is dealt the
    bottom card of every column is (play.3.1). While dealing, a top-row card
    so moved is replaced from the pack (play.1.5, `after_move`)."""
    i = game.index[move.src]
    if game.phase != "deal" or game.roles[i] == "top":
        return True
    return game.column_of[i] in OUTER or game.moving_card(move) & 15 == ACE


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


@RULES.rule("build-after-the-deal", cites=("idet-ne-idet.play.4.1", BUILD_AFTER_DEAL),
            ru="перекладка на нижние ряды — после того, как разложена вся колода",
            en="cards are laid on the lower rows only once the whole pack is dealt")
def build_after_the_deal(game, move) -> bool:
    """No card is laid on the columns while the pack is being dealt."""
    return game.phase == "play"


@RULES.rule("empty-vertical-row-refilled", cites=("idet-ne-idet.play.5", "idet-ne-idet.play.4.2"),
            ru="пустое место нижних рядов занимают, только если освобожден весь вертикальный ряд",
            en="an empty place in the lower rows is filled only when the whole vertical row is free")
def empty_vertical_row_refilled(game, move) -> bool:
    """An empty column takes a card only if its top-row card is gone too (the whole vertical row is free).

    While the top-row card lies there, it is the column's last card, and no
    card may be laid on the top row (play.4.2)."""
    i = game.index[move.dst]
    if game.piles[i]:
        return True
    top, _ = vertical(game, game.column_of[i])
    return not top


@RULES.rule("lower-rows-up-in-suit", cites=("idet-ne-idet.play.4.1",),
            ru="на карты нижних рядов кладут карту той же масти, на одну выше",
            en="on a lower-row card goes the card of its suit one higher")
def lower_rows_up_in_suit(game, move) -> bool:
    """On the bottom card of a column goes the next higher card of the same suit (6 on 5, ascending).

    The text says «в восходящем порядке», as it does of the bases; the
    engine reads it the same way here: the card laid on is one higher."""
    dst = game.target(move)
    return not dst or game.moving_card(move) == dst[-1] + 1


@RULES.rule("deal-next-row", cites=("idet-ne-idet.play.2.1", "idet-ne-idet.play.6.2", ROW_BY_ROW),
            ru="на первый ряд выкладывают следующий ряд из семи карт",
            en="the next row of seven is dealt over the first")
def deal_next_row(game, move) -> bool:
    """While the pack lasts, the next row of seven cards is dealt over the columns, left to right."""
    return move.action == "deal" and game.phase == "deal" and bool(game.piles[game.stock])


@RULES.rule("gather-and-deal-again", cites=("idet-ne-idet.play.6.1", "idet-ne-idet.play.6.2",
                                            "idet-ne-idet.play.7", GATHER, STANDSTILL),
            ru="ряды собирают справа налево и раскладывают снова; всего три раскладки",
            en="the columns are gathered from the right and dealt again; three layouts in all")
def gather_and_deal_again(game, move) -> bool:
    """After the deal, the columns may be gathered from the right and dealt again, twice at most."""
    return move.action == "redeal" and game.phase == "play" and game.redeals_left > 0 and \
        any(game.piles[i] for i in game.top + game.cols)


@RULES.rule("won", cites=("idet-ne-idet.play.7",),
            ru="все карты собраны на базовые", en="every card is gathered on the bases")
def won(game, move) -> bool:
    """Won when every card lies on the bases (within the three layouts)."""
    return not any(game.piles[i] for i in game.top + game.cols + (game.stock,))


@RULES.rule("lost", cites=("idet-ne-idet.play.7",),
            ru="ходов нет, а три раскладки исчерпаны", en="no move is left and the three layouts are spent")
def lost(game, move) -> bool:
    """Lost when nothing can be played and the third layout has been dealt."""
    return not game.legal_moves


@RULES.rule("one-pack", cites=("idet-ne-idet.play.1.1",),
            ru="полная колода в 52 листа", en="a full pack of 52 cards")
def one_pack(game, move) -> bool:
    """The game is played with one full pack: 52 cards, each once."""
    return game.holds_packs(1)


@RULES.rule("first-row-of-seven", cites=("idet-ne-idet.play.1.2",),
            ru="из колоды выкладывают ряд из семи карт", en="a row of seven cards is laid out from the pack")
def first_row_of_seven(game, move) -> bool:
    """The opening: seven cards face up in the top row, nothing below them yet."""
    return all(len(game.piles[i]) == 1 for i in game.top) and not any(game.piles[i] for i in game.cols) \
        and game.phase == "deal"


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
    PILES = _piles()
    RULES = RULES
    ROUTES = {
        ("top", "foundation"): (playable_cards, aces_are_bases, bases_up_in_suit),
        ("column", "foundation"): (playable_cards, aces_are_bases, bases_up_in_suit),
        ("top", "column"): (build_after_the_deal, empty_vertical_row_refilled, lower_rows_up_in_suit),
        ("column", "column"): (build_after_the_deal, empty_vertical_row_refilled, lower_rows_up_in_suit),
        "deal": (deal_next_row,),
        "redeal": (gather_and_deal_again,),
    }
    WON = won
    LOST = lost
    SETUP = (one_pack, first_row_of_seven)

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
        if self.phase == "deal" and self.roles[i] == "top" and stock:
            self.piles[i].append(stock.pop())  # play.1.5: replaced from the pack
            if not stock:
                self.phase = "play"

    def do_deal(self) -> None:
        stock = self.piles[self.stock]
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
        self.set_stock(gathered)
        self.refill_top_row()

    def generate_moves(self):
        # The hot path: the moves the routes allow, found by looking cards up.
        piles, names = self.piles, self.names
        dealing = self.phase == "deal"
        wants: dict[int, int] = {}
        for f in self.by_role["foundation"]:
            card = self.foundation_wants(f)
            if card:
                wants[card] = f
        tops: dict[int, int] = {}  # bottom card of a column -> that column
        empty = []
        if not dealing:
            for k, j in enumerate(self.cols):
                if piles[j]:
                    tops[piles[j][-1]] = j
                elif not piles[self.top[k]]:
                    empty.append(j)
        column_of = self.column_of
        for i in self.top + self.cols:
            p = piles[i]
            if not p:
                continue
            card = p[-1]
            if card in wants and (not dealing or i in self.top or column_of[i] in OUTER or card & 15 == ACE):
                yield Move(names[i], names[wants[card]])
            if dealing:
                continue
            j = tops.get(card - 1)
            if j is not None and j != i and card & 15 > 1:
                yield Move(names[i], names[j])
            for j in empty:
                if j != i:
                    yield Move(names[i], names[j])
        if dealing:
            if piles[self.stock]:
                yield Move(action="deal")
        elif self.redeals_left and any(piles[i] for i in self.top + self.cols):
            yield Move(action="redeal")

    def check_position(self):
        if any(len(self.piles[i]) > 1 for i in self.top):
            return "a place of the top row holds one card at most", "piles"
        if self.phase == "deal" and not self.piles[self.stock]:
            return "the deal phase needs cards in the stock", "phase"
        if self.phase == "play" and self.piles[self.stock]:
            return "cards are left in the stock: the phase is still 'deal'", "phase"
        return None


IdetNeIdet.top = tuple(IdetNeIdet.index[f"top-{k}"] for k in range(1, COLUMNS + 1))
IdetNeIdet.cols = tuple(IdetNeIdet.index[f"col-{k}"] for k in range(1, COLUMNS + 1))
IdetNeIdet.stock = IdetNeIdet.index["stock"]
IdetNeIdet.column_of = {i: n % COLUMNS + 1 for n, i in enumerate(IdetNeIdet.top + IdetNeIdet.cols)}

GAME = IdetNeIdet
