"""Солнечные часы (Le Cadran): four rows of ten, eight aces, two packs.

000 lines 38-53, printed under the heading «ПОЛУШАРІЯ»; the edition titles
it by its caption in 001 and Cadogan's order (see extract/data/games.toml).
Forty cards in four rows of ten; only the cards of the bottom row (the last
dealt, lying over the rest) are available; aces go to the foundations and are
built up in suit to the kings; available cards marry downwards in suit; a
cleared column may take any available card (but need not be filled); once
no available card is left to use, the rest of the pack is turned one card at
a time, the cards that cannot be used forming a talon. No redeal.

PySolFC's Napoleon at St. Helena (Big Forty) turns the pack whenever the
player likes; the 1912 text turns it only when no available card is left to
use (`cadran.assume.turn-when` names the two readings of «для игры»).

Piles: ``col-1`` .. ``col-10`` hold a column bottom (first row) to top (bottom
row), so a column's top card is the available one.
"""

from __future__ import annotations

from engine.cards import ACE, KING
from engine.core import STANDSTILL, Game, Move, Outcome, PileSpec, Termination
from engine.rulebook import Alternative, RuleBook

RULES = RuleBook("cadran")

TALON_TOP = RULES.assume(
    "talon-top-available",
    "The text makes one packet of the talon (play.7.2) and takes cards «изъ талона» for spaces "
    "(play.5.2) without saying which of its cards may be taken; the engine takes only its top card, "
    "the others being covered by it (terms.available).",
    "most natural reading; terms.available",
)

# The two ways of reading «годныхъ картъ для игры» (play.7.1): which card
# moves hold the pack back. A move into a space never does (play.5.3).
_FOUNDATION_OR_MARRIAGE = frozenset({"foundation", "marriage"})
_FOUNDATION_ONLY = frozenset({"foundation", "turned-card"})  # and the card just turned, where it marries

TURN_WHEN = RULES.reading(
    "turn-when",
    "«Когда не остается болѣе годныхъ картъ для игры, то берутъ остальную колоду, переворачиваютъ "
    "одну карту за другою» (play.7.1): the rest of the pack is turned, card after card, only once no "
    "available card is left «для игры». The text does not say whether a card «для игры» is one that "
    "can be used at all (put on a foundation or married, the two uses the same sentence then names "
    "for each turned card) or, with the book's own term «играть карты» (terms.play-cards: to put "
    "cards on the foundations), one that can go to a foundation. Under either reading a free space "
    "need not be filled (play.5.3), so a card that could only go into a space holds nothing back, "
    "nor does a card that two packs let shuttle between twin cards (engine.assume.standstill); "
    "and each card is turned under the same condition, since only the turned cards that cannot be "
    "used form the talon (play.7.2).",
    alternatives=(
        Alternative(
            "no-card-to-use",
            "The next card is turned only when no available card of the layout, nor the talon's top, "
            "can go to a foundation or be married (twin-card shuttles aside).",
            ("cadran.play.7.1", "cadran.play.7.2", "cadran.play.5.3", "terms.suitable",
             "engine.assume.standstill"),
            _FOUNDATION_OR_MARRIAGE),
        Alternative(
            "no-card-to-play",
            "The next card is turned once no available card can go to a foundation; marriages in "
            "the layout may wait. The card just turned is still laid in the sequences where it can "
            "be: only the turned cards that cannot be put on a foundation or in the sequences go to "
            "the talon (play.7.1-7.2), so the next card is not turned over it (extra «turned»).",
            ("cadran.play.7.1", "cadran.play.7.2", "terms.play-cards",
             "Cadogan 1874, Le Cadran (Napoleon at St. Helena in the 1914 edition), the paragraph on "
             "dealing out the rest of the pack: it waits until no available card is left to play, "
             "and her explanation of terms gives «to play» as placing on the foundations"),
            _FOUNDATION_ONLY),
    ),
    default="no-card-to-use",
    why_default="The sentence goes on to say that each turned card is put on a foundation or laid "
                "in the sequences, and that only the cards which cannot be used so form the talon: "
                "marriage is a use of a card as much as a foundation is. It is also the stricter "
                "reading, and the one the edition takes for the same words in Прекрасная Люція.",
)


def _counted(game, move) -> bool:
    """Does this card move hold the pack back (under the chosen reading)?

    A foundation move always does; a marriage (onto a card of a column) does
    under "no-card-to-use", and under "no-card-to-play" only for the card
    just turned (play.7.2); a move into a space never does (play.5.3)."""
    dst = game.index[move.dst]
    if game.roles[dst] == "foundation":
        return True
    if not game.piles[dst]:
        return False
    uses = TURN_WHEN.of(game)
    return "marriage" in uses or ("turned-card" in uses and game.extra["turned"] == 1 and move.src == "talon")


@RULES.rule("bottom-row-available", cites=("cadran.rule.1.1", "cadran.rule.1.2", TALON_TOP),
            ru="годна только карта нижнего ряда (или освобожденная), одна за раз, и верхняя карта талона; "
               "карта, положенная на основание, уже не годна",
            en="only a card of the bottom row (or one released) is available, one at a time, and the talon's "
               "top; a card laid on a foundation is available no more")
def bottom_row_available(game, move) -> bool:
    """Only the lowest card of a column, with nothing lying below it, is available (rule I), and the talon's top.

    The available cards are those of the layout's bottom row and the ones
    their removal releases (rule.1.1); a card built on a foundation is none
    of them, so it never comes back."""
    return move.n == 1 and game.roles[game.index[move.src]] != "foundation"


@RULES.rule("aces-during-play", cites=("cadran.rule.2", "cadran.play.2", "cadran.play.3"),
            ru="основание начинается тузом своей масти, взятым во время игры",
            en="a foundation begins with an ace of its suit, taken during play")
def aces_during_play(game, move) -> bool:
    """An empty foundation takes an ace of its suit; the eight aces are found during play (rule II)."""
    i = game.index[move.dst]
    return None if game.piles[i] else game.moving_card(move) == game.foundation_wants(i)


@RULES.rule("foundations-up-in-suit", cites=("cadran.play.2", "cadran.rule.1.3"),
            ru="на туза кладутся следующие карты той же масти до короля",
            en="the aces are built up in suit to the kings")
def foundations_up_in_suit(game, move) -> bool:
    """A started foundation takes the next card of its suit, up to the king («масти соблюдаются»)."""
    i = game.index[move.dst]
    return None if not game.piles[i] else game.moving_card(move) == game.foundation_wants(i)


@RULES.rule("marriage-downwards", cites=("cadran.play.4.1", "cadran.rule.1.3", "terms.marriage.1"),
            ru="марьяж: на карту нижнего ряда кладется карта той же масти, на одну ниже",
            en="marriage: on a card of the bottom row goes a card of the same suit, one lower")
def marriage_downwards(game, move) -> bool:
    """On an available card goes the card of the same suit one lower (marriage downwards)."""
    dst = game.target(move)
    return None if not dst else game.moving_card(move) + 1 == dst[-1]


@RULES.rule("space-takes-any-card", cites=("cadran.play.5.2", "cadran.play.5.3", "cadran.play.6"),
            ru="свободное место можно занять любой годной картой из раскладки или из талона",
            en="a space may take any available card from the layout or the talon")
def space_takes_any_card(game, move) -> bool:
    """A column cleared to the top row may take any available card, when the player likes.

    The card laid there has every right of the card it replaces (play.6): it
    is a column like the others. This rule never forbids."""
    return True if not game.target(move) else None


@RULES.rule("turn-the-pack", cites=("cadran.play.7.1", "cadran.play.7.2", "cadran.play.5.3", TURN_WHEN, STANDSTILL),
            ru="следующую карту колоды переворачивают, только когда не осталось годных карт для игры",
            en="the next card of the pack is turned only when no available card is left to play")
def turn_the_pack(game, move) -> bool:
    """The next card of the pack is turned onto the talon once no available card can be used (play.7.1).

    Which uses count is `cadran.assume.turn-when`; a space may stay empty
    (play.5.3), so a card that could only fill one does not count, nor a
    twin-card shuttle (`engine.assume.standstill`)."""
    return bool(game.piles[game.index["stock"]]) and game.pack_may_turn()


@RULES.rule("pack-and-talon", cites=("cadran.play.7.1", "cadran.play.7.2"),
            ru="карты колоды только переворачивают одну за другой, а в талон идут лишь перевернутые карты, "
               "которые нельзя употребить",
            en="the pack's cards are only turned, one after another, and only turned cards that cannot be "
               "used go to the talon")
def pack_and_talon(game, move) -> bool:
    """No card is taken from the pack but by turning it, and none is laid on the pack or the talon.

    The pack's cards come into play only turned over one after another
    (play.7.1, the `deal`); the talon is the packet of the turned cards that
    could not be used (play.7.2). The rule speaks to no other move."""
    if move.action:
        return None
    roles = (game.roles[game.index[move.src]], game.roles[game.index[move.dst]])
    return False if "stock" in roles or roles[1] == "talon" else None


@RULES.rule("won", cites=("cadran.play.2",),
            ru="все карты на основаниях, до королей", en="every card is on the foundations, up to the kings")
def won(game, move) -> bool:
    """Won when the eight foundations hold every card, ace to king."""
    return not any(game.piles[i] for i in game.by_role["column"] + game.by_role["stock"] + game.by_role["talon"])


@RULES.rule("not-dealt-again", cites=("cadran.play.8",),
            ru="вторично пасьянс не раскладывается", en="the game is not laid out a second time")
def not_dealt_again(game, move) -> bool:
    """There is no second deal: a redeal is refused (play.8). The rule speaks to nothing else."""
    return False if move.action == "redeal" else None


@RULES.rule("lost", cites=("cadran.play.8", STANDSTILL),
            ru="ходов больше нет (кроме перекладывания карты взад и вперед между двумя одинаковыми картами "
               "или одинокой карты с одного свободного места на другое), а вторично пасьянс не раскладывается",
            en="no move is left (but moving a card back and forth between twin cards, or a lone card from "
               "one free space to another), and the game is not dealt again")
def lost(game, move) -> bool:
    """Lost when nothing can be played, married or turned but back and forth: there is no second deal.

    With the pack turned out, a card that can only shuttle between twin
    cards, or a lone card that can only go from one free space to another,
    changes nothing (`engine.assume.standstill`): the game is over."""
    return not game.is_won() and not any(m.action for m in game.generate_moves()) and game.is_standstill()


@RULES.rule("two-packs", cites=("cadran.decks.1",), ru="две полные колоды карт", en="two full packs of cards")
def two_packs(game, move) -> bool:
    """The game is played with two full packs, 104 cards."""
    return game.holds_packs(2)


@RULES.rule("four-rows-of-ten", cites=("cadran.play.1",),
            ru="четыре ряда по десяти карт, слева направо", en="four rows of ten cards, left to right")
def four_rows_of_ten(game, move) -> bool:
    """The opening layout: forty cards in four rows of ten, the rest of the pack in hand."""
    return all(len(game.piles[i]) == 4 for i in game.by_role["column"]) and \
        len(game.piles[game.index["stock"]]) == 64


class Cadran(Game):
    slug = "cadran"
    title_1912 = "Солнечные часы"
    title_modern = "Солнечные часы"
    title_en = "The Dial"
    aliases = ("Le Cadran", "The Dial")
    book_order = 4
    decks = 2
    PILES = (tuple(PileSpec(f"foundation-{s}-{n}", "foundation", (2 * k + n - 1) * 1.3, 0.0,
                            suit=k, base=ACE, step=1)
                   for k, s in enumerate("SHDC") for n in (1, 2))
             + tuple(PileSpec(f"col-{k}", "column", (k - 1) * 1.3, 2.0, dy=0.35) for k in range(1, 11))
             + (PileSpec("stock", "stock", 0.0, 5.0), PileSpec("talon", "talon", 1.5, 5.0, dx=0.0)))
    RULES = RULES
    # turned: 1 while the talon's top is the card just turned, under the
    # reading "no-card-to-play" only (0 under the default, which counts every
    # marriage): that card is laid in the sequences if it can be (play.7.2).
    EXTRA = {"turned": 0}
    AFTER_MOVE_KEEPS_PILES = True  # after_move only updates the counter
    SOURCES = ("column", "talon")
    ROUTES = {
        ("column", "foundation"): (bottom_row_available, aces_during_play, foundations_up_in_suit),
        ("talon", "foundation"): (bottom_row_available, aces_during_play, foundations_up_in_suit),
        ("column", "column"): (bottom_row_available, marriage_downwards, space_takes_any_card),
        ("talon", "column"): (bottom_row_available, marriage_downwards, space_takes_any_card),
        # refusals, each citing the clause that forbids the move
        **{("foundation", role): (bottom_row_available,) for role in ("foundation", "column", "talon", "stock")},
        **{pair: (pack_and_talon,) for pair in (("column", "talon"), ("column", "stock"), ("talon", "stock"),
                                                 ("stock", "foundation"), ("stock", "column"), ("stock", "talon"))},
        "deal": (turn_the_pack,),
        "redeal": (not_dealt_again,),
    }
    WON = won
    LOST = lost
    ENDING = {"won": ("cadran.play.2", "goal"), "lost": ("cadran.play.8", "limit")}
    SETUP = (two_packs, four_rows_of_ten)

    def setup(self, cards: list[int]) -> None:
        columns = self.by_role["column"]
        for k, card in enumerate(cards[:40]):
            self.piles[columns[k % 10]].append(card)
        self.set_stock(cards[40:])

    def outcome(self):
        # The end may come while shuttles are left (engine.assume.standstill).
        if lost.check(self, None):
            return Outcome(Termination.LOST, lost.id, lost.clauses)
        return super().outcome()

    def _position_key(self) -> tuple:
        # The standstill's exploration (engine.assume.standstill) asks which
        # positions shuttles reach: the ten columns obey the same rules, so
        # columns holding the same cards in another order are one position
        # (a lone card going from space to space reaches no new one).
        columns = set(self.by_role["column"])
        rest = tuple(tuple(p) for i, p in enumerate(self.piles) if i not in columns)
        return rest, tuple(sorted(tuple(self.piles[i]) for i in columns)), self.phase, self.redeals_left, \
            self.extra["turned"]

    def do_deal(self) -> None:
        self.piles[self.index["talon"]].append(self.piles[self.index["stock"]].pop())
        self.extra["turned"] = 1 if "turned-card" in TURN_WHEN.of(self) else 0

    def after_move(self, move: Move) -> None:
        if self.extra["turned"] and move.src == "talon":
            self.extra["turned"] = 0  # the turned card has been used; the talon's next is an old one

    def check_position(self):
        turned = self.extra["turned"]
        if turned not in (0, 1):
            return "extra.turned is 0 or 1", "extra.turned"
        if turned and not self.piles[self.index["talon"]]:
            return "extra.turned says the talon's top was just turned, but the talon is empty", "extra.turned"
        return None

    def do_redeal(self) -> None:
        raise ValueError("cadran is not laid out a second time (cadran.play.8)")

    def is_shuttle(self, move: Move) -> bool:
        """A card from the talon is never a shuttle: the talon takes no card
        back, and the card laid in the layout can take a marriage there."""
        if not move.action and self.roles[self.index[move.src]] == "talon":
            return False
        return super().is_shuttle(move)

    def pack_may_turn(self, moves: list[Move] | None = None) -> bool:
        """Is no available card left to use (`cadran.assume.turn-when`)?"""
        return self.is_standstill(counts=_counted, moves=self.card_moves()[0] if moves is None else moves)

    def card_moves(self) -> tuple[list[Move], bool, bool]:
        """The card moves, whether one of them holds the pack back for certain
        (a foundation move, or a marriage that is no shuttle, where marriages
        count), and whether a counted marriage that is a shuttle is among them."""
        piles, table = self.piles, self.move_table
        wants = self.wanted_cards()
        columns = self.by_role["column"]
        talon = self.by_role["talon"]
        tops, empty = self.tops_and_empty(columns)
        uses = TURN_WHEN.of(self)
        marriages_count = "marriage" in uses
        turned_counts = "turned-card" in uses and self.extra["turned"] == 1
        moves: list[Move] = []
        blocked = shuttles = False
        for i in columns + talon:
            p = piles[i]
            if not p:
                continue
            card = p[-1]
            for f in wants.get(card, ()):
                moves.append(table[i][f])
                blocked = True
            if card & 15 < KING:
                for j in tops.get(card + 1, ()):
                    if j != i:
                        moves.append(table[i][j])
                        if turned_counts and i in talon:
                            blocked = True  # the card just turned marries: it is laid there (play.7.2)
                        elif marriages_count:
                            # a shuttle: the card it uncovers is a twin of the one it covers
                            if i not in talon and len(p) >= 2 and p[-2] == card + 1:
                                shuttles = True
                            else:
                                blocked = True
            for j in empty:
                moves.append(table[i][j])
        return moves, blocked, shuttles

    def generate_moves(self):
        moves, blocked, shuttles = self.card_moves()
        yield from moves
        if self.piles[self.index["stock"]] and not blocked and (
                not shuttles or self.is_standstill(counts=_counted, moves=moves)):
            yield Move(action="deal")


GAME = Cadran
