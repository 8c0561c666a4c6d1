"""Полушарія (Les Hémisphères, The Hemispheres): two packs, red aces and
black kings as foundations, four barriers, a circle of four races.

001 lines 7-29 (the heading is lost; the caption «Полушарія.» floats in
000). Four red aces (built up in suit to the kings) and four black kings
(built down in suit to the aces) are the foundations; a king of hearts, a
king of diamonds, an ace of clubs and an ace of spades lie crosswise as
barriers and wait till the end, when they complete foundations. Between the
barriers a circle of three cards a race is dealt, starting from the king of
hearts. Red cards belong in the northern hemisphere, black in the southern:
only a card in its own hemisphere is available; a card in the wrong one is
exchanged for a wrong card of the other hemisphere, and once the pack and
talon are used up it crosses over without exchange. Cards marry within their
suit; a talon card marries any suit. The rest of the pack first refills the
gaps of the circle, then makes the talon. There is no second deal.

Piles: ``place-1`` .. ``place-12`` (the circle, three places a race, races
1-2 in the north, 3-4 in the south), ``barrier-H``, ``barrier-D``,
``barrier-C``, ``barrier-S``, ``up-H-1``, ``up-H-2``, ``up-D-1``, ``up-D-2``
(the red aces), ``down-S-1`` .. ``down-C-2`` (the black kings), ``stock``
and ``talon``. ``exchange:P-Q`` swaps the top cards of place P (north) and
place Q (south).
"""

from __future__ import annotations

from engine.cards import ACE, KING, full_deck, make
from engine.core import Game, Move, PileSpec
from engine.rulebook import RuleBook

RULES = RuleBook("hemispheres")

CADOGAN = "Cadogan 1874, Les Hémisphères (The Hemispheres, 1914 edition)"
TWO_PACKS = RULES.assume(
    "two-packs",
    "The decks line is lost; eight foundations and four barriers out of red aces and kings and "
    "black kings and aces need two packs, as Cadogan's heading says.",
    CADOGAN,
)
NORTH = RULES.assume(
    "north-and-south-races",
    "The table is lost. The circle is dealt from the king of hearts; the engine puts the first two "
    "races (places 1-6, by the red barriers) in the northern hemisphere and the last two (places "
    "7-12, by the black barriers) in the southern.",
    "most natural reading; " + CADOGAN,
)
MARRY_DIRECTION = RULES.assume(
    "red-down-black-up",
    "The text does not say in which direction cards marry; Cadogan's note does: red suits marry "
    "downwards (an eight on a nine), black suits upwards (a ten on a nine). A talon card, of any "
    "suit, marries in the direction of the card it is laid on.",
    CADOGAN,
)
EXCHANGE_WHEN = RULES.assume(
    "exchange-by-the-player",
    "«должны быть обмѣнены, какъ только встрѣтится возможность»: the engine offers the exchange "
    "whenever a wrong card lies in each hemisphere and leaves it to the player to make it, "
    "rather than choosing among several possible exchanges itself.",
    "most natural reading",
)
REFILL = RULES.assume(
    "refill-then-talon",
    "Dealing the rest of the pack: each deal first fills every empty place of the circle from the "
    "stock, left to right from place 1; when no place is empty it turns one card onto the talon. "
    "A place is refilled only from the stock, never by the player.",
    "most natural reading; " + CADOGAN,
)
CROSS_AT_END = RULES.assume(
    "crossing-at-the-end",
    "«когда всѣ карты сдѣланы и талонъ израсходованъ, то карты должны быть переведены безъ "
    "обмѣна»: once the stock and the talon are empty, a card in the wrong hemisphere counts as "
    "available, as if moved across.",
    "most natural reading",
)

RED = (1, 2)  # hearts, diamonds


def is_red(card: int) -> bool:
    return card >> 4 in RED


def wants(game, i: int) -> int:
    """The card foundation ``i`` takes next (0 if full): up from the ace or down from the king, in suit."""
    pile = game.piles[i]
    if not pile or len(pile) == 13:
        return 0
    return pile[-1] + (1 if i in game.ups else -1)


def at_end(game) -> bool:
    return not game.piles[game.stock] and not game.piles[game.talon]


def available(game, i: int) -> bool:
    """The top card of place ``i`` is available: it lies in its own hemisphere (or the end has come)."""
    pile = game.piles[i]
    return bool(pile) and (is_red(pile[-1]) == (i in game.north) or at_end(game))


def marries(card: int, onto: int, any_suit: bool) -> bool:
    """``card`` may be laid on ``onto``: red downwards, black upwards, in suit unless ``any_suit``."""
    step = -1 if is_red(onto) else 1
    if any_suit:
        return (card & 15) == (onto & 15) + step
    return card == onto + step


def exchanges(game):
    """The possible exchanges: (north place, south place) each showing a card of the wrong colour."""
    if at_end(game):
        return
    wrong_north = [i for i in game.north if game.piles[i] and not is_red(game.piles[i][-1])]
    wrong_south = [i for i in game.south if game.piles[i] and is_red(game.piles[i][-1])]
    for i in wrong_north:
        for j in wrong_south:
            yield i, j


@RULES.rule("own-hemisphere", cites=("hemispheres.rule.1", "hemispheres.play.3.1", "hemispheres.rule.2",
                                     NORTH, CROSS_AT_END),
            ru="годны только карты, находящиеся в своем полушарии: красные в северном, черные в южном",
            en="only cards in their own hemisphere are available: red in the north, black in the south")
def own_hemisphere(game, move) -> bool:
    """A circle card may move only if it lies in its own hemisphere (red north, black south), or at the end."""
    return move.n == 1 and available(game, game.index[move.src])


@RULES.rule("foundations-follow-suit", cites=("hemispheres.rule.5", "hemispheres.play.2.3"),
            ru="тузы восходят до королей, короли нисходят до тузов, по мастям",
            en="aces ascend to kings and kings descend to aces, in suit")
def foundations_follow_suit(game, move) -> bool:
    """A foundation takes the next card of its suit: up on a red ace, down on a black king."""
    return game.moving_card(move) == wants(game, game.index[move.dst])


@RULES.rule("barriers-complete-foundations", cites=("hemispheres.rule.4", "hemispheres.play.2.2"),
            ru="барьеры не двигают до конца игры, когда ими пополняют основания",
            en="the barriers stay till the end of the game, when they complete foundations")
def barriers_complete_foundations(game, move) -> bool:
    """A barrier moves only to complete a foundation, as its last card."""
    i = game.index[move.dst]
    return len(game.piles[i]) == 12 and game.moving_card(move) == wants(game, i)


@RULES.rule("marry-in-suit", cites=("hemispheres.rule.3", "hemispheres.play.3.5", MARRY_DIRECTION),
            ru="марьяж только с картами своей масти: красные вниз, черные вверх",
            en="marriage only within the suit: red downwards, black upwards")
def marry_in_suit(game, move) -> bool:
    """A circle card goes on an available circle card of its own suit, one lower if red, one higher if black."""
    j = game.index[move.dst]
    return available(game, j) and marries(game.moving_card(move), game.piles[j][-1], any_suit=False)


@RULES.rule("talon-marries-any-suit", cites=("hemispheres.rule.3", "hemispheres.play.5.2", MARRY_DIRECTION),
            ru="с картами из талона можно делать марьяж между всякими мастями",
            en="a talon card may marry a circle card of any suit")
def talon_marries_any_suit(game, move) -> bool:
    """The talon's top card goes on an available circle card of any suit, in the direction of that card's colour."""
    j = game.index[move.dst]
    return available(game, j) and marries(game.moving_card(move), game.piles[j][-1], any_suit=True)


@RULES.rule("exchange-wrong-cards", cites=("hemispheres.rule.2", "hemispheres.play.3.2", "hemispheres.play.3.5",
                                           EXCHANGE_WHEN),
            ru="карту не в своем полушарии обменивают на карту не в своем полушарии другого",
            en="a card in the wrong hemisphere is exchanged for a wrong card of the other")
def exchange_wrong_cards(game, move) -> bool:
    """A black card showing in the north and a red one in the south change places (until the end)."""
    arg = move.action.partition(":")[2]
    a, _, b = arg.partition("-")
    try:
        pair = (game.index[f"place-{int(a)}"], game.index[f"place-{int(b)}"])
    except (ValueError, KeyError):
        return False
    return pair in set(exchanges(game))


@RULES.rule("deal-the-rest", cites=("hemispheres.play.4", "hemispheres.play.5.1", "hemispheres.play.5.2", REFILL),
            ru="остальную колоду раскладывают, прежде всего наполняя пустые места; остаток — талон",
            en="the rest of the pack is dealt, first filling the empty places; the remainder is the talon")
def deal_the_rest(game, move) -> bool:
    """While the stock lasts, a deal fills the empty places of the circle, or else turns a card onto the talon."""
    return move.action == "deal" and bool(game.piles[game.stock])


@RULES.rule("won", cites=("hemispheres.play.2.3",),
            ru="все карты на основаниях", en="every card is on the foundations")
def won(game, move) -> bool:
    """Won when every card, barriers included, lies on the foundations."""
    return not any(game.piles[i] for i in game.places + game.barriers + (game.stock, game.talon))


@RULES.rule("lost", cites=("hemispheres.play.6",),
            ru="ходов нет, а вторично пасьянс не раскладывается",
            en="no move is left, and there is no second deal")
def lost(game, move) -> bool:
    """Lost when nothing can be done: there is no second deal."""
    return not game.legal_moves


@RULES.rule("bases-and-barriers", cites=("hemispheres.play.1", "hemispheres.play.2.1", "hemispheres.play.2.2",
                                         TWO_PACKS),
            ru="четыре красных туза и четыре черных короля; барьеры — короли червей и бубен, тузы треф и пик",
            en="four red aces and four black kings; barriers the kings of hearts and diamonds, aces of clubs and spades")
def bases_and_barriers(game, move) -> bool:
    """Two packs; the eight foundation cards and the four barriers are in place."""
    if sorted(c for p in game.piles for c in p) != sorted(full_deck(2)):
        return False
    firsts = [game.piles[i][:1] for i in game.ups + game.downs + game.barriers]
    return firsts == [[c] for c in game.BASES]


@RULES.rule("circle-of-three-a-race", cites=("hemispheres.play.3.3", "hemispheres.play.3.4"),
            ru="между барьерами раскладывают круг по три карты", en="a circle of three cards is dealt between the barriers")
def circle_of_three_a_race(game, move) -> bool:
    """The opening circle: one card on each of the twelve places, nothing on the talon yet."""
    return all(len(game.piles[i]) == 1 for i in game.places) and not game.piles[game.talon]


def _piles() -> tuple[PileSpec, ...]:
    # the circle: races 1-2 along the top (north), 3-4 back along the bottom
    # (south); a barrier between each two races; the foundations inside
    xs = (0.6, 1.8, 3.0, 5.4, 6.6, 7.8, 7.8, 6.6, 5.4, 3.0, 1.8, 0.6)
    piles = [PileSpec(f"place-{k}", "north" if k <= 6 else "south", x, 0.0 if k <= 6 else 7.2, dy=0.3)
             for k, x in enumerate(xs, start=1)]
    for s, x, y in (("H", 4.2, 0.0), ("D", 9.0, 3.6), ("C", 4.2, 7.2), ("S", -0.6, 3.6)):
        piles.append(PileSpec(f"barrier-{s}", "barrier", x, y))
    for n, s in enumerate(("H-1", "H-2", "D-1", "D-2")):
        piles.append(PileSpec(f"up-{s}", "foundation", (1.8, 3.0, 5.4, 6.6)[n], 2.4))
    for n, s in enumerate(("S-1", "S-2", "C-1", "C-2")):
        piles.append(PileSpec(f"down-{s}", "foundation", (1.8, 3.0, 5.4, 6.6)[n], 4.8))
    piles.append(PileSpec("stock", "stock", 10.5, 0.0))
    piles.append(PileSpec("talon", "talon", 10.5, 1.8))
    return tuple(piles)


class Hemispheres(Game):
    slug = "hemispheres"
    title_1912 = "Полушарія"
    title_modern = "Полушария"
    title_en = "The Hemispheres"
    aliases = ("Les Hémisphères",)
    book_order = 11
    decks = 2
    PILES = _piles()
    RULES = RULES
    ROUTES = {
        ("north", "foundation"): (own_hemisphere, foundations_follow_suit),
        ("south", "foundation"): (own_hemisphere, foundations_follow_suit),
        ("talon", "foundation"): (foundations_follow_suit,),
        ("barrier", "foundation"): (barriers_complete_foundations,),
        ("north", "north"): (own_hemisphere, marry_in_suit),
        ("north", "south"): (own_hemisphere, marry_in_suit),
        ("south", "north"): (own_hemisphere, marry_in_suit),
        ("south", "south"): (own_hemisphere, marry_in_suit),
        ("talon", "north"): (talon_marries_any_suit,),
        ("talon", "south"): (talon_marries_any_suit,),
        "exchange": (exchange_wrong_cards,),
        "deal": (deal_the_rest,),
    }
    WON = won
    LOST = lost
    SETUP = (bases_and_barriers, circle_of_three_a_race)

    # the cards set out before the deal: up-H-1, up-H-2, up-D-1, up-D-2,
    # down-S-1, down-S-2, down-C-1, down-C-2, then the barriers H D C S
    BASES = (make(ACE, 1), make(ACE, 1), make(ACE, 2), make(ACE, 2),
             make(KING, 0), make(KING, 0), make(KING, 3), make(KING, 3),
             make(KING, 1), make(KING, 2), make(ACE, 3), make(ACE, 0))

    # set below the class
    places: tuple[int, ...] = ()
    north: frozenset[int] = frozenset()
    south: tuple[int, ...] = ()
    barriers: tuple[int, ...] = ()
    ups: tuple[int, ...] = ()
    downs: tuple[int, ...] = ()
    stock: int = 0
    talon: int = 0

    def setup(self, cards: list[int]) -> None:
        rest = list(cards)
        for i, card in zip(self.ups + self.downs + self.barriers, self.BASES):
            rest.remove(card)
            self.piles[i].append(card)
        for k, i in enumerate(self.places):
            self.piles[i].append(rest[k])
        self.set_stock(rest[12:])

    def do_deal(self) -> None:
        stock = self.piles[self.stock]
        empty = [i for i in self.places if not self.piles[i]]
        if empty:
            for i in empty:
                if stock:
                    self.piles[i].append(stock.pop())
        else:
            self.piles[self.talon].append(stock.pop())

    def do_exchange(self, arg: str) -> None:
        a, _, b = arg.partition("-")
        p, q = self.piles[self.index[f"place-{a}"]], self.piles[self.index[f"place-{b}"]]
        p[-1], q[-1] = q[-1], p[-1]

    def action_moves(self, name: str) -> list[Move]:
        if name == "exchange":
            return [Move(action=f"exchange:{a}-{b}") for a in range(1, 7) for b in range(7, 13)]
        return [Move(action=name)]

    def generate_moves(self):
        piles, names = self.piles, self.names
        wanted: dict[int, list[int]] = {}
        for f in self.ups + self.downs:
            card = wants(self, f)
            if card:
                wanted.setdefault(card, []).append(f)
        free = [i for i in self.places if available(self, i)]
        for i in free:
            card = piles[i][-1]
            for f in wanted.get(card, ()):
                yield Move(names[i], names[f])
            for j in free:
                if j != i and marries(card, piles[j][-1], any_suit=False):
                    yield Move(names[i], names[j])
        talon = piles[self.talon]
        if talon:
            card = talon[-1]
            for f in wanted.get(card, ()):
                yield Move(names[self.talon], names[f])
            for j in free:
                if marries(card, piles[j][-1], any_suit=True):
                    yield Move(names[self.talon], names[j])
        for b in self.barriers:
            if piles[b]:
                for f in wanted.get(piles[b][-1], ()):
                    if len(piles[f]) == 12:
                        yield Move(names[b], names[f])
        for i, j in exchanges(self):
            yield Move(action=f"exchange:{names[i][6:]}-{names[j][6:]}")
        if piles[self.stock]:
            yield Move(action="deal")


Hemispheres.places = tuple(Hemispheres.index[f"place-{k}"] for k in range(1, 13))
Hemispheres.north = frozenset(Hemispheres.places[:6])
Hemispheres.south = Hemispheres.places[6:]
Hemispheres.barriers = tuple(Hemispheres.index[f"barrier-{s}"] for s in "HDCS")
Hemispheres.ups = tuple(Hemispheres.index[f"up-{s}"] for s in ("H-1", "H-2", "D-1", "D-2"))
Hemispheres.downs = tuple(Hemispheres.index[f"down-{s}"] for s in ("S-1", "S-2", "C-1", "C-2"))
Hemispheres.stock = Hemispheres.index["stock"]
Hemispheres.talon = Hemispheres.index["talon"]

GAME = Hemispheres
