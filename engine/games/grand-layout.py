"""Большая раскладка (The Grand Layout): two packs, thirteen columns, two layouts.

004 (a modern web page), variant а. A row of twelve cards face up and a
thirteenth a little apart; the aces and kings go to a base row (one ace and
one king of each suit: aces built up, kings down, in suit) and are replaced
from the pack; then row after row is dealt below until the pack is out. The
playable cards are the bottom cards of the vertical rows and every card of
the first, twelfth and thirteenth (marked «И»); while dealing they go to the
bases only, each replaced from the pack at once in its place, and nothing is
laid on them. Once all is dealt, a playable card may go on the bottom card
of any vertical row, in suit, one higher or lower, and a cleared row is
refilled with the upper card of the thirteenth. When no card can be moved
any more, the rows are gathered from the thirteenth to the first and dealt
again, once.

Piles: ``col-1`` .. ``col-12`` (the vertical rows, dealt downwards: a pile
lists its cards from the upper, first laid, to the bottom card),
``col-13`` (the thirteenth, apart), ``foundation-<suit>-A`` and
``foundation-<suit>-K`` (the base row), ``stock`` (the pack). A playable card
above the bottom one is written ``col-1@K>...`` (K counted from the upper
card). `LayoutGame`, the class of this module, is reused by «Китайское
письмо» (chinese-letter).

Readings (``pasyans readings --game grand-layout``): whether the bottom cards
of the unmarked rows feed the bases while the pack is being dealt, which card
of the thirteenth refills a cleared row, and whether a card from inside a
marked row may go onto that row's own bottom card.
"""

from __future__ import annotations

from engine.cards import ACE, KING
from engine.core import STANDSTILL, Game, Move, Outcome, PileSpec, Termination
from engine.rulebook import Alternative, RuleBook

RULES = RuleBook("grand-layout")

REPLACED = RULES.assume(
    "replaced-in-place",
    "«Карты, переложенные на базовые, замещаются из колоды» (play.3.1, play.4.2) does not say where "
    "the new card lies: the engine lays the next card of the pack where the card moved lay, in the "
    "same vertical row at the same place.",
    "most natural reading",
)
ROW_BY_ROW = RULES.assume(
    "deal-a-row-at-a-time",
    "The text deals the rows «до конца колоды» without saying when the player may move between "
    "cards: the engine deals one whole row (one card to each vertical row, left to right; the last "
    "row shorter) with one action, and the player moves cards to the bases between rows.",
    "most natural reading",
)
SHUTTLE = RULES.assume(
    "shuttle-taken-back",
    "«Если ни одной карты более переложить нельзя» (play.7): the cards are built up or down in suit "
    "(play.5), so a card built on one neighbour can go to its other neighbour and back for ever (5H "
    "between 6H and 4H), and two packs add the twin cards of engine.assume.standstill. The engine "
    "counts as a shuttle every move between two vertical rows that the next move could take straight "
    "back, the card returning to the very place it left; play is at a standstill when only such moves "
    "are left and no position they lead to has another move. A card taken from above the bottom of a "
    "row (rows 1, 12, 13) never returns to its place: that move is play. (Where a reading lets such a card go onto its own "
    "row's bottom card, the card just above the bottom laid on it is a shuttle: the same move swaps "
    "them back.)",
    "most natural reading: engine.assume.standstill, made exact for cards built both ways",
)
GATHER = RULES.assume(
    "gathered-pack-turned-over",
    "«собираются в порядке расположения от тринадцатого ряда к первому» (play.7) does not say how "
    "each row is squared nor how the pack is turned: the engine picks up each vertical row as it "
    "lies, its upper card at the bottom, the thirteenth first and the others on it in turn down to "
    "the first; the pile is turned face down and dealt from the top, so the first card dealt again "
    "is the upper card of the thirteenth row.",
    "most natural reading",
)


def _bottoms_always(game, i: int) -> bool:
    return True


def _bottoms_after_the_deal(game, i: int) -> bool:
    return game.phase == "play" or i in game.marked or game.extra["rows"] <= 1


BOTTOMS = RULES.reading(
    "bottom-cards-while-dealing",
    "play.4.1 names the playable cards, «нижние карты вертикальных рядов, а также карты первого, "
    "двенадцатого и тринадцатого ряда», in the paragraph on the dealing, before play.5 («После "
    "того, как вся колода разложена»). May the bottom card of an unmarked row (the fifth, say) go "
    "to a base while the pack is being dealt?",
    alternatives=(
        Alternative("any-time", "play.4.1 sets no time: the bottom cards of all the vertical rows are "
                    "playable throughout, while dealing to the bases only (play.4.3), and the first, "
                    "twelfth and thirteenth rows add every card of theirs. The variant «Китайское "
                    "письмо» needs a «только» (chinese-letter.play.2.1) and an «После этого ... "
                    "становятся» (chinese-letter.play.3.2) to say otherwise.",
                    ("grand-layout.play.4.1", "grand-layout.play.4.2", "grand-layout.play.4.3"),
                    _bottoms_always),
        Alternative("after-the-deal", "Only the rows marked «И» feed the bases while dealing, as in the "
                    "variant that follows (chinese-letter.play.2.1, play.3.2); the bottom cards of the "
                    "other rows become playable once all is dealt (play.5). Until the second row is "
                    "dealt every card of the first row is a bottom card and may go to the base row "
                    "(play.2.1, play.3.1: the aces and kings laid out are replaced from the pack).",
                    ("grand-layout.play.4.1", "grand-layout.play.5", "grand-layout.play.2.1",
                     "grand-layout.play.3.1", "chinese-letter.play.2.1", "chinese-letter.play.3.2"),
                    _bottoms_after_the_deal),
    ),
    default="any-time",
    why_default="play.4.1 says it without a limit of time, and its next sentences («замещаются из "
                "колоды», «в процессе раскладки») are about the dealing; the restriction belongs to "
                "the variant, which states it. Cadogan 1874 has no parallel game.",
)


def _upper_card(game, i: int) -> int:
    return 1 if len(game.piles[i]) > 1 else 0


def _bottom_card(game, i: int) -> int:
    return 0


REFILL = RULES.reading(
    "refill-card",
    "«Вертикальный ряд, разобранный полностью, восполняется верхней картой тринадцатого ряда» "
    "(play.6). Every card of the thirteenth is playable (play.4.1); which of them refills a "
    "cleared row?",
    alternatives=(
        Alternative("upper", "«верхней»: the upper card of the thirteenth, the first laid there, as the "
                    "text calls the last cards of the rows «нижние» (play.4.1, play.5).",
                    ("grand-layout.play.6", "grand-layout.play.4.1"), _upper_card),
        Alternative("bottom", "The card lying on top of the others, the last laid there (the one a "
                    "squared pile would show on top).", ("grand-layout.play.6",), _bottom_card),
    ),
    default="upper",
    why_default="the text's own words: its rows are dealt «ниже», its last cards are «нижние», so "
                "«верхняя» is the first card of the row.",
)


OWN_ROW = RULES.reading(
    "onto-its-own-row",
    "play.5 lets cards be moved «на нижние карты вертикальных рядов»; every card of the first, "
    "twelfth and thirteenth rows is playable (play.4.1). May a card from inside one of those rows go "
    "onto that same row's bottom card?",
    alternatives=(
        Alternative("no", "A card is moved from one row onto another: the text describes cards moved to "
                    "the bottom cards, not a row turned about within itself.", ("grand-layout.play.5",), False),
        Alternative("yes", "The row's own bottom card is one of «нижние карты вертикальных рядов»: a "
                    "playable card from inside the row may be laid on it. (A run of three cards of a suit "
                    "in such a row can then be turned round for ever, and the standstill of play.7 may "
                    "never come.)", ("grand-layout.play.5", "grand-layout.play.4.1"), True),
    ),
    default="no",
    why_default="«перекладывать» moves a card to another place, and under the other reading «ни одной "
                "карты более переложить нельзя» (play.7) could never be true of a row holding three "
                "cards of a suit in sequence.",
)


@RULES.rule("onto-another-row", cites=("grand-layout.play.5", OWN_ROW),
            ru="карту перекладывают на нижнюю карту другого ряда (по чтению)",
            en="a card is moved onto the bottom card of another row (by the reading)")
def onto_another_row(game, move) -> bool | None:
    """A card from inside a marked row goes onto another row's bottom card, not its own (see the reading).

    Says nothing of a move between two rows."""
    return None if move.src != move.dst else game.own_row()


@RULES.rule("playable-card", cites=("grand-layout.play.4.1", "grand-layout.play.2.1", "grand-layout.play.3.1",
                                    "grand-layout.play.4.2", BOTTOMS, REPLACED), places=True,
            ru="перекладывают игровую карту: нижнюю карту вертикального ряда или любую карту первого, "
               "двенадцатого и тринадцатого рядов",
            en="the card moved is playable: the bottom card of a vertical row, or any card of the first, "
               "twelfth and thirteenth rows")
def playable_card(game, move) -> bool:
    """Only a playable card moves: a bottom card (while dealing, see the reading), any card of rows 1, 12, 13.

    A card moved to the bases while dealing is replaced from the pack in its
    place (play.3.1, play.4.2, grand-layout.assume.replaced-in-place; `after_move`)."""
    return game.playable(game.index[move.src], move.at)


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
    """No card is laid on a vertical row until the whole pack has been dealt."""
    return game.phase == "play"


@RULES.rule("cleared-row-from-the-thirteenth", cites=("grand-layout.play.6", REFILL), places=True,
            ru="разобранный ряд восполняется верхней картой тринадцатого ряда",
            en="a cleared row is refilled with the upper card of the thirteenth")
def cleared_row_from_the_thirteenth(game, move) -> bool | None:
    """An empty vertical row takes only the refilling card of the thirteenth (see the reading).

    Says nothing of a move onto a card."""
    if game.target(move):
        return None
    i = game.index[move.src]
    return i == game.apart and move.at == REFILL.of(game)(game, i)


@RULES.rule("build-up-or-down-in-suit", cites=("grand-layout.play.5",),
            ru="на нижнюю карту ряда кладут карту той же масти, на одну выше или ниже",
            en="on a row's bottom card goes a card of its suit one higher or lower")
def build_up_or_down_in_suit(game, move) -> bool | None:
    """On a vertical row's bottom card goes the card of the same suit one higher or one lower."""
    dst = game.target(move)
    if not dst:
        return None
    card = game.moving_card(move)
    return card == dst[-1] + 1 or card == dst[-1] - 1


@RULES.rule("deal-next-row", cites=("grand-layout.play.3.2", ROW_BY_ROW),
            ru="ниже выкладывают следующий ряд, пока не кончится колода",
            en="the next row is dealt below, until the pack is out")
def deal_next_row(game, move) -> bool:
    """While the pack lasts, the next row is dealt below the last, one card to each vertical row."""
    return move.action == "deal" and game.phase == "deal" and bool(game.piles[game.stock])


@RULES.rule("gather-and-deal-again", cites=("grand-layout.play.7", "grand-layout.play.8", GATHER, STANDSTILL,
                                            SHUTTLE),
            ru="когда ни одной карты более переложить нельзя, карты собирают от тринадцатого ряда к первому "
               "и раскладывают вторично; всего две раскладки",
            en="when no card can be moved any more, the cards are gathered from the thirteenth row to the first "
               "and dealt again; two layouts in all")
def gather_and_deal_again(game, move) -> bool:
    """Once all is dealt and no card can move (the standstill), the rows are gathered and dealt again, once."""
    return move.action == "redeal" and game.phase == "play" and game.redeals_left > 0 and \
        any(game.piles[i] for i in game.layout_piles) and game.standstill_now()


@RULES.rule("won", cites=("grand-layout.play.8",),
            ru="все карты собраны на базовые", en="every card is gathered on the bases")
def won(game, move) -> bool:
    """Won when every card lies on the base row."""
    return not any(game.piles[i] for i in game.layout_piles + (game.stock,))


@RULES.rule("lost", cites=("grand-layout.play.8", "grand-layout.play.7", STANDSTILL, SHUTTLE),
            ru="карт переложить больше нельзя, а раскладки исчерпаны",
            en="no card can be moved any more and the layouts are spent")
def lost(game, move) -> bool:
    """Lost when the second layout is at a standstill (twin cards may still shuttle) or nothing moves."""
    return game.layout_lost()


@RULES.rule("bases-keep-their-cards", cites=("grand-layout.play.4.1", "grand-layout.play.8", "terms.play-cards"),
            ru="карты, собранные на базовые, не игровые: с базового ряда их не берут",
            en="the cards gathered on the bases are not playable: none is taken from the base row")
def bases_keep_their_cards(game, move) -> bool:
    """The playable cards are those of the vertical rows (play.4.1); the bases gather the cards (play.8)."""
    return False


@RULES.rule("pack-only-dealt", cites=("grand-layout.play.3.1", "grand-layout.play.3.2", "grand-layout.play.4.2"),
            ru="из колоды карты только раскладывают рядами и ими замещают переложенные на базовые",
            en="the pack's cards are only dealt in rows and replace the cards moved to the bases")
def pack_only_dealt(game, move) -> bool:
    """No card is played from the pack: it is dealt, row by row and into the places the bases emptied."""
    return False


@RULES.rule("pack-made-by-gathering", cites=("grand-layout.play.7",),
            ru="колоду вновь образуют, только собрав все ряды", en="the pack is made again only by gathering every row")
def pack_made_by_gathering(game, move) -> bool:
    """No card is laid on the pack: the rows are gathered into a new one only at the standstill (play.7)."""
    return False


@RULES.rule("two-packs", cites=("grand-layout.play.1.1",),
            ru="две полные колоды, 104 листа", en="two full packs, 104 cards")
def two_packs(game, move) -> bool:
    """The game is played with two full packs."""
    return game.holds_packs(2)


@RULES.rule("first-row", cites=("grand-layout.play.1.2", "grand-layout.play.1.3"),
            ru="ряд из двенадцати открытых карт и тринадцатая поодаль",
            en="a row of twelve cards face up and a thirteenth apart")
def first_row(game, move) -> bool:
    """The opening: one card in each of the thirteen vertical rows, the rest in the pack."""
    return all(len(game.piles[i]) == 1 for i in game.layout_piles) and game.phase == "deal" \
        and game.extra["rows"] == 1


def foundations(x0: float) -> tuple[PileSpec, ...]:
    return tuple(PileSpec(f"foundation-{s}-{b}", "foundation", x0 + (2 * k + (b == "K")) * 1.3, 0.0,
                          suit=k, base=ACE if b == "A" else KING, step=1 if b == "A" else -1)
                 for k, s in enumerate("SHDC") for b in "AK")


def refusals(bases_keep, pack_dealt, pack_gathered) -> dict:
    """The routes of what the text forbids: any move from a base, and any card move out of or into the pack."""
    out = {(role, "stock"): (pack_gathered,) for role in ("column", "apart")}
    out.update({("stock", role): (pack_dealt,) for role in ("foundation", "column", "apart")})
    out.update({("foundation", role): (bases_keep,) for role in ("foundation", "column", "apart", "stock")})
    return out


class LayoutGame(Game):
    """Vertical rows dealt row by row with play to the bases between rows, then
    built on; gathered and dealt again at a standstill.

    A subclass says which cards are playable (`playable`), which card may
    fill an empty vertical row (`fills_empty`) and which piles take cards
    once all is dealt (``build_targets``)."""

    PHASES = ("deal", "play")
    EXTRA = {"rows": 1}  # rows dealt so far in this layout
    FACE_DOWN = frozenset({"stock"})
    _gating = False  # True while `standstill_now` asks the core (the generator then skips the gate)

    # set by `finish` below each subclass
    cols: tuple[int, ...] = ()        # the vertical rows, left to right
    apart: int = 0                    # the pile laid apart
    layout_piles: tuple[int, ...] = ()  # cols + apart, in dealing order
    gather_order: tuple[int, ...] = ()  # the piles in the order they are picked up
    stock: int = 0
    marked: frozenset[int] = frozenset()  # piles whose every card is playable
    build_targets: tuple[int, ...] = ()  # the piles cards may be laid on after the deal

    def playable(self, i: int, at: int) -> bool:
        """Is the card at place ``at`` of pile ``i`` playable (0: its last card)?

        Where a pile's cards above its last are playable, all of them are."""
        if at:
            return i in self.marked
        return BOTTOMS.of(self)(self, i)

    def fills_empty(self, i: int, at: int) -> bool:
        """May the card at place ``at`` of pile ``i`` go into an empty vertical row?"""
        return i == self.apart and at == REFILL.of(self)(self, i)

    def own_row(self) -> bool:
        """May a card from inside a row go onto that row's own bottom card?"""
        return OWN_ROW.of(self)

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
        # while dealing, a card moved to the bases is replaced from the pack in its place
        stock = self.piles[self.stock]
        if self.phase == "deal" and self.roles[self.index[move.dst]] == "foundation" and stock:
            src = self.piles[self.index[move.src]]
            if move.at:
                src.insert(move.at - 1, stock.pop())
            else:
                src.append(stock.pop())
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

    # -- the standstill (engine.assume.standstill) --------------------------------

    SHUTTLES_GO_BACK = True  # a shuttle is a move the next move takes back (`is_shuttle`)

    def is_shuttle(self, move: Move) -> bool:
        """A card move between two vertical rows that the next move could take
        straight back (grand-layout.assume.shuttle-taken-back): a twin card
        uncovered where its twin is covered, a card built on one neighbour
        moved to its other neighbour, a lone card moved between two places
        that both take it. A card taken from above the bottom of a row never
        goes back to its place: such a move is play, not a shuttle."""
        if move.action or self.roles[self.index[move.dst]] in self.HOME_ROLES:
            return False
        if move.src == move.dst:  # the card just above the bottom laid on it: the same move swaps them back
            return move.at == len(self.piles[self.index[move.src]]) - 1
        return self.can_take_back(move)

    def _position_key(self) -> tuple:
        # for the standstill's search only: once all is dealt the vertical rows
        # of one kind (every card playable, or the last only) obey the same
        # rules, so the order of the rows within a kind changes nothing that can follow
        if self.phase != "play":
            return super()._position_key()
        piles = self.piles
        marked = sorted(tuple(piles[i]) for i in self.cols if i in self.marked)
        plain = sorted(tuple(piles[i]) for i in self.cols if i not in self.marked)
        return (tuple(marked), tuple(plain), tuple(piles[self.apart]),
                tuple(tuple(piles[f]) for f in self.by_role["foundation"]), self.redeals_left)

    def standstill_now(self) -> bool:
        """Is play at a standstill (no card move left but shuttles)? Asked by the
        redeal rule and by the generator, which passes the card moves it found."""
        return self._standstill(list(self.card_moves()))

    def _standstill(self, card_moves: list[Move]) -> bool:
        if not card_moves:
            return True
        homes = self.HOME_ROLES
        for move in card_moves:
            if self.roles[self.index[move.dst]] in homes or not self.is_shuttle(move):
                return False
        self._gating = True
        try:
            return self.is_standstill()
        finally:
            self._gating = False

    def layout_lost(self) -> bool:
        """No move is left, or the last layout is at a standstill."""
        if self.phase == "play" and not self.redeals_left and not self.is_won() and self.standstill_now():
            return True
        return not self.legal_moves

    def outcome(self):
        # the end is the standstill of the last layout, not only "no move":
        # two packs let a twin card shuttle for ever (engine.assume.standstill)
        if not self.is_won() and self.phase == "play" and not self.redeals_left and self.standstill_now():
            return Outcome(Termination.LOST, self.LOST.id, self.LOST.clauses)
        return super().outcome()

    # -- the moves ---------------------------------------------------------------

    def available(self) -> list[tuple[int, int, int]]:
        """The playable cards: (pile, place, card), place 0 for a pile's last card."""
        piles = self.piles
        out = []
        if type(self).playable is LayoutGame.playable:
            # the fast path of `playable`: the reading's test of a last card, and every card of a marked pile
            bottom, marked = BOTTOMS.of(self), self.marked
            for i in self.layout_piles:
                p = piles[i]
                if not p:
                    continue
                if bottom(self, i):
                    out.append((i, 0, p[-1]))
                if i in marked and len(p) > 1:
                    out.extend((i, k, p[k - 1]) for k in range(1, len(p)))
            return out
        for i in self.layout_piles:
            p = piles[i]
            if not p:
                continue
            if self.playable(i, 0):
                out.append((i, 0, p[-1]))
            if i in self.marked and len(p) > 1 and self.playable(i, 1):
                out.extend((i, k, p[k - 1]) for k in range(1, len(p)))
        return out

    def targets(self) -> tuple[dict[int, list[int]], list[int]]:
        """The piles cards may be laid on once all is dealt: bottom card -> piles, and the empty ones."""
        return self.tops_and_empty(self.build_targets)

    def card_moves(self):
        piles, names, table = self.piles, self.names, self.move_table
        wants = self.wanted_cards()
        cards = self.available()
        for i, at, card in cards:
            for f in wants.get(card, ()):
                yield table[i][f] if not at else Move(names[i], names[f], at=at)
        if self.phase == "deal":
            return
        tops, empty = self.targets()
        own_row = self.own_row()
        for i, at, card in cards:
            rank = card & 15
            for near in ((card - 1,) if rank > 1 else ()) + ((card + 1,) if rank < KING else ()):
                for j in tops.get(near, ()):
                    if j != i or (at and own_row):  # onto its own row's bottom card: see the reading
                        yield table[i][j] if not at else Move(names[i], names[j], at=at)
            if empty and self.fills_empty(i, at):
                for j in empty:
                    if j != i:
                        yield table[i][j] if not at else Move(names[i], names[j], at=at)

    def generate_moves(self):
        # The hot path: the moves the routes allow, found by looking cards up;
        # the redeal's gate is decided from them before anything is yielded.
        moves = list(self.card_moves())
        piles = self.piles
        if self.phase == "deal":
            if piles[self.stock]:
                moves.append(Move(action="deal"))
        elif self.redeals_left and not self._gating and any(piles[i] for i in self.layout_piles) \
                and self._standstill(moves):
            moves.append(Move(action="redeal"))
        return iter(moves)

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
        ("column", "foundation"): (playable_card, aces_and_kings_are_bases, bases_in_suit),
        ("apart", "foundation"): (playable_card, aces_and_kings_are_bases, bases_in_suit),
        ("column", "column"): (playable_card, nothing_laid_while_dealing, onto_another_row,
                               cleared_row_from_the_thirteenth, build_up_or_down_in_suit),
        ("apart", "column"): (playable_card, nothing_laid_while_dealing, cleared_row_from_the_thirteenth,
                              build_up_or_down_in_suit),
        ("column", "apart"): (playable_card, nothing_laid_while_dealing, cleared_row_from_the_thirteenth,
                              build_up_or_down_in_suit),
        ("apart", "apart"): (playable_card, nothing_laid_while_dealing, onto_another_row, build_up_or_down_in_suit),
        # what the text forbids, by the sentence that forbids it
        **refusals(bases_keep_their_cards, pack_only_dealt, pack_made_by_gathering),
        "deal": (deal_next_row,),
        "redeal": (gather_and_deal_again,),
    }
    WON = won
    LOST = lost
    ENDING = {"won": ("grand-layout.play.8", "says"), "lost": ("grand-layout.play.8", "says")}
    SETUP = (two_packs, first_row)


GrandLayout.finish([f"col-{k}" for k in range(1, 13)], "col-13", ["col-1", "col-12", "col-13"],
                   [f"col-{k}" for k in range(13, 0, -1)], [f"col-{k}" for k in range(1, 14)])

GAME = GrandLayout
