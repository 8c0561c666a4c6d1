"""Солнечные часы (Le Cadran): four rows of ten, eight aces, two packs.

000 lines 38-53, printed under the heading «ПОЛУШАРІЯ»; the edition titles
it by its caption in 001 and Cadogan's order (see extract/data/games.toml).
Forty cards in four rows of ten; only the cards of the bottom row (the last
dealt, lying over the rest) are available; aces go to the foundations and are
built up in suit to the kings; available cards marry downwards in suit; a
cleared column may take any available card; then the rest of the pack is
turned one card at a time, the cards that cannot be used forming a talon.
No redeal.

Piles: ``col-1`` .. ``col-10`` hold a column bottom (first row) to top (bottom
row), so a column's top card is the available one.
"""

from __future__ import annotations

from engine.cards import ACE, KING
from engine.core import Game, Move, PileSpec
from engine.rulebook import RuleBook

RULES = RuleBook("cadran")

TURN_ANY_TIME = RULES.assume(
    "turn-stock-any-time",
    "The text turns the rest of the pack «когда не остается болѣе годныхъ картъ для игры». "
    "The engine lets the player turn a card whenever he likes: with two packs a card can shuttle "
    "between two equal cards for ever, so 'no card left to play' would never come.",
    "most natural reading; Cadogan 1874, Le Cadran, turns the pack as the game goes on",
)
TALON_TOP = RULES.assume(
    "talon-top-available",
    "Only the top card of the talon can be used: the talon is one packet (play.7.2) of which the "
    "book takes cards «изъ талона» for spaces (play.5.2); the cards under it are covered.",
    "most natural reading; terms.available",
)


@RULES.rule("bottom-row-available", cites=("cadran.rule.1.1", "cadran.rule.1.2", TALON_TOP),
            ru="годна только карта нижнего ряда (или освобожденная), одна за раз, и верхняя карта талона",
            en="only a card of the bottom row (or one released) is available, one at a time, and the talon's top")
def bottom_row_available(game, move) -> bool:
    """Only the lowest card of a column, with nothing lying below it, is available (rule I)."""
    return move.n == 1


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


@RULES.rule("turn-the-pack", cites=("cadran.play.7.1", "cadran.play.7.2", TURN_ANY_TIME),
            ru="остальную колоду переворачивают по одной карте; негодные идут в талон",
            en="the rest of the pack is turned one card at a time; unused cards form the talon")
def turn_the_pack(game, move) -> bool:
    """The next card of the pack is turned onto the talon, whence it may be played or married."""
    return bool(game.piles[game.index["stock"]])


@RULES.rule("won", cites=("cadran.play.2",),
            ru="все карты на основаниях, до королей", en="every card is on the foundations, up to the kings")
def won(game, move) -> bool:
    """Won when the eight foundations hold every card, ace to king."""
    return not any(game.piles[i] for i in game.by_role["column"] + game.by_role["stock"] + game.by_role["talon"])


@RULES.rule("lost", cites=("cadran.play.8",),
            ru="ходов больше нет, а вторично пасьянс не раскладывается",
            en="no move is left, and the game is not dealt again")
def lost(game, move) -> bool:
    """Lost when nothing can be played, married or turned: there is no second deal."""
    return not game.legal_moves


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
    SOURCES = ("column", "talon")
    ROUTES = {
        ("column", "foundation"): (bottom_row_available, aces_during_play, foundations_up_in_suit),
        ("talon", "foundation"): (bottom_row_available, aces_during_play, foundations_up_in_suit),
        ("column", "column"): (bottom_row_available, marriage_downwards, space_takes_any_card),
        ("talon", "column"): (bottom_row_available, marriage_downwards, space_takes_any_card),
        "deal": (turn_the_pack,),
    }
    WON = won
    LOST = lost
    SETUP = (two_packs, four_rows_of_ten)

    def setup(self, cards: list[int]) -> None:
        columns = self.by_role["column"]
        for k, card in enumerate(cards[:40]):
            self.piles[columns[k % 10]].append(card)
        self.set_stock(cards[40:])

    def do_deal(self) -> None:
        self.piles[self.index["talon"]].append(self.piles[self.index["stock"]].pop())

    def generate_moves(self):
        piles, table = self.piles, self.move_table
        wants = self.wanted_cards()
        columns = self.by_role["column"]
        tops, empty = self.tops_and_empty(columns)
        for i in columns + self.by_role["talon"]:
            p = piles[i]
            if not p:
                continue
            card = p[-1]
            for f in wants.get(card, ()):
                yield table[i][f]
            if card & 15 < KING:
                for j in tops.get(card + 1, ()):
                    if j != i:
                        yield table[i][j]
            for j in empty:
                yield table[i][j]
        if piles[self.index["stock"]]:
            yield Move(action="deal")


GAME = Cadran
