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
exchanged, as soon as it can be, for a wrong card of the other hemisphere,
and once the pack and talon are used up it crosses without exchange into an
empty place of its own. The barriers stay till that end. Cards marry within
their suit; a talon card marries any suit. The rest of the pack first
refills the gaps of the circle, then makes the talon. There is no second
deal.

Readings (the Russian against Cadogan's Les Hémisphères, whose rules it
translates): whether the exchange must come first (`exchange-at-once`),
which way marriages go (`marriage-direction`), whether a circle card
marries across races (`circle-marriage`), and which cards a talon card may
marry (`talon-marriage`).

Piles: ``place-1`` .. ``place-12`` (the circle, three places a race, races
1-2 in the north, 3-4 in the south), ``barrier-H``, ``barrier-D``,
``barrier-C``, ``barrier-S``, ``up-H-1``, ``up-H-2``, ``up-D-1``, ``up-D-2``
(the red aces), ``down-S-1`` .. ``down-C-2`` (the black kings), ``stock``
and ``talon``. ``exchange:P-Q`` swaps the top cards of place P (north) and
place Q (south).
"""

from __future__ import annotations

from engine.cards import ACE, KING, full_deck, make
from engine.core import STANDSTILL, Game, Move, Outcome, PileSpec, Termination
from engine.rulebook import Alternative, RuleBook

RULES = RuleBook("hemispheres")

CADOGAN = "Cadogan 1874, Les Hémisphères (The Hemispheres, 1914 edition)"

RED = (1, 2)  # hearts, diamonds


def is_red(card: int) -> bool:
    return card >> 4 in RED


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
EXCHANGE_WHEN = RULES.assume(
    "exchange-by-the-player",
    "Rule II orders an exchange but not which one when several wrong cards lie in each "
    "hemisphere: the player chooses the pair (any black card showing in the north for any red "
    "card showing in the south), and the engine does not choose for them.",
    "most natural reading",
)
REFILL = RULES.assume(
    "refill-then-talon",
    "play.4 and play.5.2 deal the rest of the pack, filling the free places first, the remainder "
    "making the talon, but do not say how many cards a deal turns: each deal fills every empty "
    "place of the circle from the stock, left to right from place 1; when no place is empty it "
    "turns one card onto the talon. A place is refilled only from the stock (the text fills free "
    "places in the deal, never by the player's hand).",
    "most natural reading; " + CADOGAN,
)
CROSS_AT_END = RULES.assume(
    "crossing-at-the-end",
    "«въ концѣ же игры, когда всѣ карты сдѣланы и талонъ израсходованъ, то карты должны быть "
    "переведены безъ обмѣна» says a wrong card is moved across at the end, not where it goes: "
    "once the stock and the talon are empty, a card in the wrong hemisphere may be moved, without "
    "an exchange, into an empty place of its own hemisphere, where it is available like any other. "
    "Until it is moved it stays unavailable (rule I). From then on no exchange is made: at the end "
    "the text moves the cards «безъ обмѣна».",
    "most natural reading; " + CADOGAN + ", rule II: at the end transferred without an exchange",
)
WRONG_FIRST = RULES.reading(
    "exchange-at-once",
    "Rule II: «Карты не той масти должны быть обмѣнены, какъ только встрѣтится возможность». The "
    "Russian orders the exchange as soon as it can be made; Cadogan's rule II only permits it "
    "whenever the opportunity occurs.",
    alternatives=(
        Alternative("must", "As the Russian says, «должны ... какъ только встрѣтится возможность»: while "
                    "an exchange can be made, nothing else is done; the player chooses which exchange.",
                    ("hemispheres.rule.2",), value=True),
        Alternative("may", "As Cadogan's rule II: wrong cards may be exchanged whenever the player likes.",
                    ("hemispheres.play.3.5",
                     "Cadogan 1874, The Hemispheres, rule II: wrong cards may be exchanged whenever the "
                     "opportunity occurs"), value=False),
    ),
    default="must",
    why_default="The Russian is the edition's text and its rule II is an order («должны»), given a time "
                "(«какъ только встрѣтится возможность»).",
)
DIRECTION = RULES.reading(
    "marriage-direction",
    "The Russian never says which way a marriage goes in this game; the glossary's marriage goes "
    "«въ нисходящемъ или восходящемъ порядкѣ» (terms.marriage.1), and Cadogan adds, right after the "
    "sentence that play.3.5 translates, a note that the red suits marry downwards and the black "
    "upwards. A talon card of another suit marries in the direction of the card it is laid on.",
    alternatives=(
        Alternative("red-down-black-up", "As Cadogan's note: on a red card goes the card one lower (an "
                    "eight on a nine), on a black card the card one higher (a ten on a nine).",
                    ("hemispheres.play.3.5",
                     "Cadogan 1874, The Hemispheres, note after the deal of the races: red suits marry in "
                     "descending, black in ascending line"),
                    value={True: (-1,), False: (1,)}),
        Alternative("up-or-down", "As the glossary defines a marriage: one higher or one lower, in "
                    "either colour.", ("terms.marriage.1", "hemispheres.rule.3"),
                    value={True: (-1, 1), False: (1, -1)}),
    ),
    default="red-down-black-up",
    why_default="The Russian keeps the sentence that Cadogan's note follows and drops only the note "
                "(its line ends on a bracketed [18]); the red ascending and black descending foundations "
                "take the cards the marriages leave in the right order.",
)
RACE = RULES.reading(
    "circle-marriage",
    "Rule III: «Можно дѣлать марьяжъ только съ картами ихъ собственной масти». A marriage is within "
    "the suit by definition (terms.marriage.1), so the Russian clause adds nothing unless «масти» "
    "stands for Cadogan's «Race» (порода, the three places between two barriers), as her rule III "
    "has it.",
    alternatives=(
        Alternative("suit", "As the Russian stands: a card of the circle marries any available card of "
                    "its own suit, in whichever race it lies.", ("hemispheres.rule.3",), value=False),
        Alternative("race", "As Cadogan's rule III: a card of the circle marries only a card of its own "
                    "race (the three places between the same two barriers).",
                    ("hemispheres.play.3.4",
                     "Cadogan 1874, The Hemispheres, rule III: cards marry only those of their own Race"),
                    value=True),
    ),
    default="suit",
    why_default="The Russian text is the edition's authority, and «масти» is what it says.",
)


def _any_suit(card: int, onto: int) -> bool:
    return True


def _same_colour(card: int, onto: int) -> bool:
    return is_red(card) == is_red(onto)


def _same_suit(card: int, onto: int) -> bool:
    return card >> 4 == onto >> 4


TALON = RULES.reading(
    "talon-marriage",
    "Rule III: «съ картами изъ талона можно дѣлать марьяжъ между всякими мастями». A talon card of "
    "one colour may then be laid on a card of the other, that is into the hemisphere where it does "
    "not belong (play.3.1: «Красныя карты ... должны пребывать въ сѣверномъ полушаріи»), where it is "
    "no longer available; and Cadogan's rule III lets a talon card marry a card of any Race, not "
    "of any suit.",
    alternatives=(
        Alternative("any-suit", "As the Russian stands: the talon's top marries an available card of any "
                    "suit, even one of the other colour; laid in the wrong hemisphere, it then waits "
                    "there for an exchange (rule II).", ("hemispheres.rule.3", "hemispheres.play.5.2"),
                    value=_any_suit),
        Alternative("own-hemisphere", "Any suit, but only of its own colour: a talon card is never laid "
                    "in the hemisphere where it does not belong (play.3.1).",
                    ("hemispheres.rule.3", "hemispheres.play.3.1"), value=_same_colour),
        Alternative("own-suit", "As Cadogan's rule III: the talon card marries a card of its own suit, in "
                    "any race.", ("terms.marriage.1",
                                  "Cadogan 1874, The Hemispheres, rule III: cards from the talon may marry "
                                  "those of any Race"), value=_same_suit),
    ),
    default="any-suit",
    why_default="«между всякими мастями» is what the Russian says, and nothing in it forbids a card to "
                "come into the wrong hemisphere: rule II says what becomes of it there.",
)

def wants(game, i: int) -> int:
    """The card foundation ``i`` takes next (0 if full): up from the ace or down from the king, in suit."""
    pile = game.piles[i]
    if not pile or len(pile) == 13:
        return 0
    return pile[-1] + (1 if i in game.ups else -1)


def at_end(game) -> bool:
    """«въ концѣ же игры, когда всѣ карты сдѣланы и талонъ израсходованъ»: stock and talon are empty."""
    return not game.piles[game.stock] and not game.piles[game.talon]


def at_home(game, i: int) -> bool:
    """The top card of place ``i`` lies in its own hemisphere: red in the north, black in the south."""
    pile = game.piles[i]
    return bool(pile) and is_red(pile[-1]) == (i in game.north)


available = at_home  # rule I: only the cards in their own hemisphere are available


def marries(game, card: int, onto: int) -> bool:
    """``card`` goes one step from ``onto`` in the direction the reading gives for ``onto``'s colour."""
    return (card & 15) - (onto & 15) in DIRECTION.of(game)[is_red(onto)]


def exchanges(game):
    """The possible exchanges: (north place, south place) each showing a card of the wrong colour."""
    if at_end(game):
        return
    wrong_north = [i for i in game.north if game.piles[i] and not is_red(game.piles[i][-1])]
    wrong_south = [i for i in game.south if game.piles[i] and is_red(game.piles[i][-1])]
    for i in wrong_north:
        for j in wrong_south:
            yield i, j


def is_transfer(game, move) -> bool:
    """A card move that takes a wrong card across into an empty place of its own hemisphere (legal or not)."""
    i, j = game.index[move.src], game.index[move.dst]
    return i in game.circle and j in game.circle and bool(game.piles[i]) and not game.piles[j] and \
        not at_home(game, i) and (j in game.north) == is_red(game.piles[i][-1])


@RULES.rule("exchange-at-once", cites=("hemispheres.rule.2", WRONG_FIRST),
            ru="пока можно обменять карты не своего полушария, сначала их обменивают",
            en="while wrong cards can be exchanged, they are exchanged before anything else")
def exchange_at_once(game, move) -> bool:
    """Under the reading `must`: while an exchange can be made, only exchanges are made."""
    if not WRONG_FIRST.of(game) or move.action.startswith("exchange"):
        return None
    return False if any(True for _ in exchanges(game)) else None


@RULES.rule("own-hemisphere", cites=("hemispheres.rule.1", "hemispheres.play.3.1", NORTH),
            ru="годны только карты, находящиеся в своем полушарии: красные в северном, черные в южном",
            en="only cards in their own hemisphere are available: red in the north, black in the south")
def own_hemisphere(game, move) -> bool:
    """A circle card may move only if it lies in its own hemisphere (red north, black south).

    A wrong card moving across to its own hemisphere is the transfer rule's
    question (rule II), not this one's."""
    if at_home(game, game.index[move.src]):
        return True
    return None if is_transfer(game, move) else False


@RULES.rule("cross-without-exchange-at-the-end", cites=("hemispheres.rule.2", CROSS_AT_END),
            ru="в конце игры, когда колода и талон кончились, карту не своего полушария переводят "
               "без обмена на пустое место своего полушария",
            en="at the end, when stock and talon are used up, a wrong card crosses without exchange "
               "into an empty place of its own hemisphere")
def cross_without_exchange_at_the_end(game, move) -> bool:
    """A card in the wrong hemisphere crosses, unexchanged, to an empty place of its own, only at the end."""
    return at_end(game) if is_transfer(game, move) else None


@RULES.rule("places-filled-from-the-stock", cites=("hemispheres.play.4", REFILL),
            ru="пустые места заполняют только из колоды при раздаче",
            en="empty places are filled only from the pack, as it is dealt")
def places_filled_from_the_stock(game, move) -> bool:
    """Nothing is laid in an empty place by hand (but a wrong card crossing at the end): the deal fills it."""
    if game.target(move) or is_transfer(game, move):
        return None
    return False


@RULES.rule("foundations-follow-suit", cites=("hemispheres.rule.5", "hemispheres.play.2.3"),
            ru="тузы восходят до королей, короли нисходят до тузов, по мастям",
            en="aces ascend to kings and kings descend to aces, in suit")
def foundations_follow_suit(game, move) -> bool:
    """A foundation takes the next card of its suit: up on a red ace, down on a black king."""
    return game.moving_card(move) == wants(game, game.index[move.dst])


@RULES.rule("barriers-stay-till-the-end", cites=("hemispheres.rule.4",),
            ru="барьеры нельзя двигать до конца игры, когда колода и талон кончились",
            en="the barriers cannot be moved till the end of the game, when stock and talon are used up")
def barriers_stay_till_the_end(game, move) -> bool:
    """«Нельзя двигать барьеровъ до конца игры»: a barrier moves only once stock and talon are empty."""
    return at_end(game)


@RULES.rule("barriers-complete-foundations", cites=("hemispheres.rule.4", "hemispheres.play.2.2"),
            ru="барьером пополняют основание: он ложится на него последней картой",
            en="a barrier completes a foundation: it goes on it as its last card")
def barriers_complete_foundations(game, move) -> bool:
    """A barrier moves only to complete a foundation, as its last card."""
    i = game.index[move.dst]
    return len(game.piles[i]) == 12 and game.moving_card(move) == wants(game, i)


@RULES.rule("barriers-take-nothing", cites=("hemispheres.rule.4", "hemispheres.play.2.2"),
            ru="барьеры лежат на месте до конца игры: на них ничего не кладут, их никуда, кроме основания, не двигают",
            en="the barriers stay in place till the end: nothing is laid on them, and they go nowhere but to a foundation")
def barriers_take_nothing(game, move) -> bool:
    """A barrier is no place for a card, and it never moves but to complete a foundation (rule IV)."""
    return False


@RULES.rule("marry-in-suit", cites=("hemispheres.rule.3", "hemispheres.play.3.5", DIRECTION, RACE),
            ru="марьяж только с доступной картой своей масти: красные вниз, черные вверх (по другим чтениям — "
               "вверх или вниз; только в своей породе)",
            en="marriage only with an available card of the same suit: red downwards, black upwards (under the "
               "other readings up or down; only within the race)")
def marry_in_suit(game, move) -> bool:
    """A circle card goes on an available circle card of its own suit, in the reading's direction (and race).

    A wrong card crossing at the end is the transfer rule's question."""
    i, j = game.index[move.src], game.index[move.dst]
    if not at_home(game, i):
        return None
    card, onto = game.piles[i][-1], game.piles[j][-1]
    return at_home(game, j) and card >> 4 == onto >> 4 and marries(game, card, onto) and \
        (not RACE.of(game) or game.race[i] == game.race[j])


@RULES.rule("talon-marriage", cites=("hemispheres.rule.3", "hemispheres.play.5.2", DIRECTION, TALON),
            ru="с картами из талона можно делать марьяж между всякими мастями (по другим чтениям — только "
               "с картами своего цвета или своей масти)",
            en="a talon card may marry an available circle card of any suit (under the other readings, only "
               "of its own colour or its own suit)")
def talon_marriage(game, move) -> bool:
    """The talon's top card goes on an available circle card of the suits the reading allows, in its direction."""
    j = game.index[move.dst]
    card, onto = game.moving_card(move), game.piles[j][-1]
    return at_home(game, j) and TALON.of(game)(card, onto) and marries(game, card, onto)


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


@RULES.rule("pack-is-dealt", cites=("hemispheres.play.4", "hemispheres.play.5.2", REFILL),
            ru="карты колоды идут только в раздачу: на пустые места круга, остальные в талон",
            en="the pack's cards go out only by the deal: into the empty places, the rest to the talon")
def pack_is_dealt(game, move) -> bool:
    """A card of the pack is never moved by hand: the deal lays it in an empty place or on the talon."""
    return False


@RULES.rule("pack-and-talon-fed-only-by-the-deal", cites=("hemispheres.play.4", "hemispheres.play.5.2",
                                                         "hemispheres.play.6"),
            ru="в колоду карты не возвращаются (вторично пасьянс не раскладывается), а талон получает карты только из колоды",
            en="no card goes back into the pack (there is no second deal), and the talon takes cards only from the pack")
def pack_and_talon_fed_only_by_the_deal(game, move) -> bool:
    """The talon is the remainder of the pack turned by the deal (play.5.2); nothing returns to the pack (play.6)."""
    return False


@RULES.rule("no-second-deal", cites=("hemispheres.play.6",),
            ru="вторично пасьянс не раскладывается", en="the patience is not laid out a second time")
def no_second_deal(game, move) -> bool:
    """«Вторично пасьянсъ не раскладывается»: there is no redeal."""
    return False


@RULES.rule("built-cards-stay", cites=("hemispheres.rule.1", "hemispheres.play.2.3"),
            ru="карта, положенная на основание, остается на нем: годны только карты своего полушария",
            en="a card built on a foundation stays there: only the cards in their own hemisphere are available")
def built_cards_stay(game, move) -> bool:
    """Rule I makes available only the cards of the hemispheres; a card built on a foundation lies in
    none of them: nothing leaves a foundation."""
    return False


@RULES.rule("won", cites=("hemispheres.play.2.3",),
            ru="все карты на основаниях", en="every card is on the foundations")
def won(game, move) -> bool:
    """Won when every card, barriers included, lies on the foundations."""
    return not any(game.piles[i] for i in game.places + game.barriers + (game.stock, game.talon))


@RULES.rule("lost", cites=("hemispheres.play.6", STANDSTILL),
            ru="ходов нет, а вторично пасьянс не раскладывается",
            en="no move is left, and there is no second deal")
def lost(game, move) -> bool:
    """Lost when nothing can be done (but twin cards shuttled): there is no second deal."""
    return game.outcome() is not None and not game.is_won()


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
        ("north", "foundation"): (exchange_at_once, own_hemisphere, foundations_follow_suit),
        ("south", "foundation"): (exchange_at_once, own_hemisphere, foundations_follow_suit),
        ("talon", "foundation"): (exchange_at_once, foundations_follow_suit),
        ("barrier", "foundation"): (exchange_at_once, barriers_stay_till_the_end, barriers_complete_foundations),
        ("north", "north"): (exchange_at_once, own_hemisphere, places_filled_from_the_stock, marry_in_suit),
        ("north", "south"): (exchange_at_once, own_hemisphere, cross_without_exchange_at_the_end,
                             places_filled_from_the_stock, marry_in_suit),
        ("south", "north"): (exchange_at_once, own_hemisphere, cross_without_exchange_at_the_end,
                             places_filled_from_the_stock, marry_in_suit),
        ("south", "south"): (exchange_at_once, own_hemisphere, places_filled_from_the_stock, marry_in_suit),
        ("talon", "north"): (exchange_at_once, places_filled_from_the_stock, talon_marriage),
        ("talon", "south"): (exchange_at_once, places_filled_from_the_stock, talon_marriage),
        "exchange": (exchange_wrong_cards,),
        "deal": (exchange_at_once, deal_the_rest),
        "redeal": (no_second_deal,),
        **{("barrier", role): (barriers_take_nothing,) for role in ("north", "south", "barrier", "talon", "stock")},
        **{(role, "barrier"): (barriers_take_nothing,) for role in ("north", "south", "talon", "stock", "foundation")},
        **{("stock", role): (pack_is_dealt,) for role in ("north", "south", "foundation", "talon")},
        **{(role, "stock"): (pack_and_talon_fed_only_by_the_deal,) for role in ("north", "south", "foundation", "talon")},
        **{(role, "talon"): (pack_and_talon_fed_only_by_the_deal,) for role in ("north", "south", "foundation")},
        **{("foundation", role): (built_cards_stay,) for role in ("north", "south", "foundation")},
    }
    WON = won
    LOST = lost
    ENDING = {"won": ("hemispheres.play.2.3", "goal"), "lost": ("hemispheres.play.6", "limit")}
    SETUP = (bases_and_barriers, circle_of_three_a_race)

    # the cards set out before the deal: up-H-1, up-H-2, up-D-1, up-D-2,
    # down-S-1, down-S-2, down-C-1, down-C-2, then the barriers H D C S
    BASES = (make(ACE, 1), make(ACE, 1), make(ACE, 2), make(ACE, 2),
             make(KING, 0), make(KING, 0), make(KING, 3), make(KING, 3),
             make(KING, 1), make(KING, 2), make(ACE, 3), make(ACE, 0))

    # set below the class
    places: tuple[int, ...] = ()
    circle: frozenset[int] = frozenset()
    race: dict[int, int] = {}
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

    def do_redeal(self) -> None:
        raise ValueError("hemispheres has no second deal (hemispheres.play.6); its route refuses it")

    def do_exchange(self, arg: str) -> None:
        a, _, b = arg.partition("-")
        p, q = self.piles[self.index[f"place-{a}"]], self.piles[self.index[f"place-{b}"]]
        p[-1], q[-1] = q[-1], p[-1]

    def action_moves(self, name: str) -> list[Move]:
        if name == "exchange":
            return [Move(action=f"exchange:{a}-{b}") for a in range(1, 7) for b in range(7, 13)]
        return [Move(action=name)]

    def transfers(self):
        """At the end: (place, empty place) for each wrong card and each empty place of its own hemisphere."""
        if not at_end(self):
            return
        piles, north = self.piles, self.north
        empty = [j for j in self.places if not piles[j]]
        for i in self.places:
            if piles[i] and not at_home(self, i):
                red = is_red(piles[i][-1])
                for j in empty:
                    if (j in north) == red:
                        yield i, j

    def generate_moves(self):
        # the fast path of `exchanges`, `wants`, `at_home` and `transfers`, inlined, in their order
        piles, table = self.piles, self.move_table
        north = self.north
        end = not piles[self.stock] and not piles[self.talon]  # at_end
        if end:
            pending = []
        else:
            wrong_north = [i for i in north if piles[i] and piles[i][-1] >> 4 not in RED]
            wrong_south = [i for i in self.south if piles[i] and piles[i][-1] >> 4 in RED]
            swaps = self.SWAPS
            pending = [swaps[i][j] for i in wrong_north for j in wrong_south]
        if pending and WRONG_FIRST.of(self):
            yield from pending  # rule II: the exchange comes first
            return
        wanted: dict[int, list[int]] = {}
        for f in self.ups:
            pile = piles[f]
            if pile and len(pile) != 13:
                wanted.setdefault(pile[-1] + 1, []).append(f)
        for f in self.downs:
            pile = piles[f]
            if pile and len(pile) != 13:
                wanted.setdefault(pile[-1] - 1, []).append(f)
        free = [i for i in self.places if piles[i] and (piles[i][-1] >> 4 in RED) == (i in north)]
        steps = DIRECTION.of(self)
        by_race = RACE.of(self)
        race = self.race
        # a card marries, in its suit, the free cards one step away: the free places by their top card
        tops: dict[int, list[int]] = {}
        for j in free:
            onto = piles[j][-1]
            if onto in tops:
                tops[onto].append(j)
            else:
                tops[onto] = [j]
        for i in free:
            card = piles[i][-1]
            for f in wanted.get(card, ()):
                yield table[i][f]
            # onto the same suit, so of the card's colour: rank - onto's rank in steps[red]
            found = [j for d in steps[card >> 4 in RED] for j in tops.get(card - d, ())]
            if len(found) > 1:
                found.sort()  # in the order of `free` (the places' order, which is the piles' order)
            for j in found:
                if j != i and (not by_race or race[i] == race[j]):
                    yield table[i][j]
        talon = piles[self.talon]
        if talon:
            card = talon[-1]
            for f in wanted.get(card, ()):
                yield table[self.talon][f]
            suits = TALON.of(self)
            for j in free:
                onto = piles[j][-1]
                if suits(card, onto) and (card & 15) - (onto & 15) in steps[onto >> 4 in RED]:
                    yield table[self.talon][j]
        if end:
            for b in self.barriers:
                if piles[b]:
                    for f in wanted.get(piles[b][-1], ()):
                        if len(piles[f]) == 12:
                            yield table[b][f]
            for i, j in self.transfers():
                yield table[i][j]
        yield from pending
        if piles[self.stock]:
            yield self.DEAL

    def is_shuttle(self, move: Move) -> bool:
        """As `Game.is_shuttle`, but a wrong card crossing to its own hemisphere
        is never a shuttle: it becomes available there."""
        if not move.action and is_transfer(self, move):
            return False
        return super().is_shuttle(move)

    def outcome(self):
        """As `Game.outcome`, and lost also when only twin shuttles are left
        (they change nothing: `engine.assume.standstill`)."""
        result = super().outcome()
        if result is None and not any(m.action for m in self.legal_moves) and self.is_standstill():
            result = Outcome(Termination.LOST, lost.id, lost.clauses)
        return result


Hemispheres.places = tuple(Hemispheres.index[f"place-{k}"] for k in range(1, 13))
Hemispheres.circle = frozenset(Hemispheres.places)
assert Hemispheres.places == tuple(sorted(Hemispheres.places))  # generate_moves sorts places by index
Hemispheres.race = {i: k // 3 for k, i in enumerate(Hemispheres.places)}  # three places a race, from the king of hearts
Hemispheres.north = frozenset(Hemispheres.places[:6])
Hemispheres.south = Hemispheres.places[6:]
Hemispheres.barriers = tuple(Hemispheres.index[f"barrier-{s}"] for s in "HDCS")
Hemispheres.ups = tuple(Hemispheres.index[f"up-{s}"] for s in ("H-1", "H-2", "D-1", "D-2"))
Hemispheres.downs = tuple(Hemispheres.index[f"down-{s}"] for s in ("S-1", "S-2", "C-1", "C-2"))
Hemispheres.stock = Hemispheres.index["stock"]
Hemispheres.talon = Hemispheres.index["talon"]
# the moves `generate_moves` yields, built once: exchange:A-B by (north place, south place), and the deal
Hemispheres.SWAPS = {i: {j: Move(action=f"exchange:{Hemispheres.names[i][6:]}-{Hemispheres.names[j][6:]}")
                         for j in Hemispheres.south} for i in Hemispheres.places[:6]}
Hemispheres.DEAL = Move(action="deal")

GAME = Hemispheres
