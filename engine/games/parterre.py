"""Партеръ (Le Parterre, The Flower-Garden): an editorial reconstruction.

001 line 3 keeps only the last paragraph of the game: it is very difficult;
cards taken from the bouquet («букетъ») cannot be put back; there is one deal
only; when a whole packet has gone, a new one is begun with a card of the
bouquet or of the garden («партеръ»), the only way to shift a king, which,
being the highest card, is never moved across. Its heading, rules and
layout are lost with the table.

Everything else is reconstructed from Cadogan's *Le Parterre* (Illustrated
Games of Patience, game 17; The Flower-Garden in the 1914 edition), whose
last paragraph the surviving one follows sentence by sentence: one pack; the
garden is six packets of six cards spread face up, the bouquet the other
sixteen, every one of them available; the aces go to the foundations as
they come free and are built up in suit to the kings; on the top cards of
the garden cards are laid in descending order whatever their suit, one at a
time, from the garden or the bouquet. Every such rule is an assumption
citing her, and the surviving clauses are cited where they apply.

Piles: ``bed-1`` .. ``bed-6`` (the garden's packets), ``bouquet-1`` ..
``bouquet-16`` (the bouquet, one card a place), ``foundation-S`` ..
``foundation-C``.
"""

from __future__ import annotations

from engine.cards import ACE
from engine.core import STANDSTILL, Game, Move, Outcome, PileSpec, Termination, one_card
from engine.rulebook import RuleBook

RULES = RuleBook("parterre")

CADOGAN = "Cadogan 1874, Le Parterre (The Flower-Garden, 1914 edition)"
ONE_PACK = RULES.assume(
    "one-pack",
    "The decks line is lost with the game's opening: Cadogan's game is played with one pack, 36 cards "
    "for the garden and 16 for the bouquet.",
    f"{CADOGAN}: heading",
)
LAYOUT = RULES.assume(
    "garden-and-bouquet",
    "The layout is lost with its table (the surviving paragraph names only the garden «партеръ», its "
    "packets «пачки» and the bouquet «букетъ»): following Cadogan, six packets of six cards face up, "
    "each spread so the cards show, make the garden (dealt packet by packet), and the other sixteen "
    "cards, all face up, make the bouquet, a reserve that gives cards and takes none.",
    f"{CADOGAN}: play, first paragraph",
)
AVAILABLE = RULES.assume(
    "bouquet-and-top-cards-available",
    "The rules are lost; the surviving paragraph refers to one of them («(правило I)») for the cards "
    "that may begin an emptied packet. As in Cadogan's rules: every card of the bouquet is available, "
    "and the top card of each packet of the garden; a card played to a foundation is no longer one "
    "of them.",
    f"{CADOGAN}: rules, and play (cards are taken from the bouquet at will)",
)
FOUNDATIONS = RULES.assume(
    "aces-up-in-suit",
    "The surviving paragraph speaks of playing cards («играя ихъ», terms.play-cards) but not of the "
    "foundations: as in Cadogan, the aces are played to the foundations as they come free and built "
    "up in suit to the kings.",
    f"{CADOGAN}: play",
)
DOWN_ANY_SUIT = RULES.assume(
    "garden-down-regardless-of-suit",
    "The surviving paragraph places cards «по порядку» (play.1.4), in sequence, and a sequence may be "
    "of different suits (terms.sequence.2); it does not say which way. A king, the highest card, can "
    "never be laid on another (play.1.6), so the sequences go down: on the top card of a packet goes "
    "a card one lower, whatever its suit, from the bouquet or from another packet, as in Cadogan.",
    f"{CADOGAN}: play, the paragraph on descending sequences in the Garden",
)


@RULES.rule("available-cards", cites=(AVAILABLE, "parterre.play.1.6", "terms.available"),
            ru="годны все карты букета и верхние карты пачек партера, по одной",
            en="every card of the bouquet and the top card of each packet of the garden, one at a time")
def available_cards(game, move) -> bool:
    """One available card at a time: any card of the bouquet, the top card of a packet."""
    return one_card.check(game, move)


@RULES.rule("aces-start-foundations", cites=(FOUNDATIONS,),
            ru="основание начинается тузом своей масти", en="a foundation begins with the ace of its suit")
def aces_start_foundations(game, move) -> bool:
    """An empty foundation takes only the ace of its suit."""
    i = game.index[move.dst]
    return bool(game.piles[i]) or game.moving_card(move) == game.foundation_wants(i)


@RULES.rule("foundations-up-in-suit", cites=(FOUNDATIONS, "terms.sequence.1"),
            ru="на основание кладут следующую карту той же масти", en="a foundation takes the next card of its suit")
def foundations_up_in_suit(game, move) -> bool:
    """A started foundation takes the next card of its suit, up to the king."""
    i = game.index[move.dst]
    return not game.piles[i] or game.moving_card(move) == game.foundation_wants(i)


@RULES.rule("garden-builds-down", cites=("parterre.play.1.4", "terms.sequence.1", "terms.sequence.2", DOWN_ANY_SUIT,
                                         "parterre.play.1.6"),
            ru="на верхнюю карту пачки кладут карту на одну ниже любой масти; опустевшую пачку "
               "начинают картой из букета или партера",
            en="on a packet's top card goes any card one lower; an emptied packet is begun with a card of "
               "the bouquet or the garden")
def garden_builds_down(game, move) -> bool:
    """On a packet's top card goes a card one lower, of any suit; an empty packet takes any available card."""
    dst = game.target(move)
    return not dst or (game.moving_card(move) & 15) + 1 == dst[-1] & 15


@RULES.rule("bouquet-takes-nothing", cites=("parterre.play.1.2", LAYOUT),
            ru="карты из букета нельзя возвращать: в букет карт не кладут",
            en="cards from the bouquet may not be put back: nothing is laid in the bouquet")
def bouquet_takes_nothing(game, move) -> bool:
    """No card goes into the bouquet: «Карты изъ букета нельзя возвращать» (play.1.2)."""
    return False


@RULES.rule("played-cards-stay", cites=(AVAILABLE, FOUNDATIONS, "terms.play-cards"),
            ru="сыгранная на основание карта остается там", en="a card played home stays there")
def played_cards_stay(game, move) -> bool:
    """A card on a foundation is neither in the bouquet nor on top of a packet: it never moves again."""
    return False


@RULES.rule("one-deal-only", cites=("parterre.play.1.3",),
            ru="игра может быть сделана только один раз", en="the game is dealt only once")
def one_deal_only(game, move) -> bool:
    """There is no second deal: «игра можетъ быть сдѣлана только одинъ разъ» (play.1.3)."""
    return False


@RULES.rule("won", cites=(FOUNDATIONS, "terms.foundation.1", "terms.sequence.1"),
            ru="все карты на основаниях", en="every card is on the foundations")
def won(game, move) -> bool:
    """Won when every card has been built on the foundations."""
    return not any(game.piles[i] for i in game.beds + game.bouquet)


@RULES.rule("lost", cites=("parterre.play.1.3", STANDSTILL),
            ru="ходов нет (кроме перекладывания одинокой карты с места на место), а раскладывают пасьянс "
               "только один раз",
            en="no move is left (but moving a lone card from one empty place to another), and the game is "
               "dealt only once")
def lost(game, move) -> bool:
    """Lost at a standstill: nothing can move but a lone card between empty packets, and there is no second deal."""
    return not game.is_won() and game.is_standstill()


@RULES.rule("one-pack", cites=(ONE_PACK,), ru="одна полная колода", en="one full pack")
def one_pack(game, move) -> bool:
    """One full pack of 52 cards."""
    return game.holds_packs(1)


@RULES.rule("six-packets-and-a-bouquet", cites=(LAYOUT,),
            ru="партер — шесть пачек по шесть карт, букет — шестнадцать карт",
            en="the garden is six packets of six, the bouquet sixteen cards")
def six_packets_and_a_bouquet(game, move) -> bool:
    """Six packets of six cards and sixteen bouquet cards, the foundations empty."""
    return [len(game.piles[i]) for i in game.beds] == [6] * 6 and \
        all(len(game.piles[i]) == 1 for i in game.bouquet)


def _piles() -> tuple[PileSpec, ...]:
    piles = [PileSpec(f"foundation-{s}", "foundation", 2.0 + k * 1.5, 0.0, suit=k, base=ACE, step=1)
             for k, s in enumerate("SHDC")]
    piles += [PileSpec(f"bed-{k}", "bed", (k - 1) * 1.5, 1.8, dy=0.3) for k in range(1, 7)]
    piles += [PileSpec(f"bouquet-{k}", "bouquet", (k - 1) % 8 * 1.1, 6.0 + (k - 1) // 8 * 1.6)
              for k in range(1, 17)]
    return tuple(piles)


class Parterre(Game):
    slug = "parterre"
    title_1912 = "Партеръ"
    title_modern = "Партер"
    title_en = "The Flower-Garden"
    aliases = ("Le Parterre", "Flower Garden")
    book_order = 10
    decks = 1
    PILES = _piles()
    RULES = RULES
    ROUTES = {
        ("bed", "foundation"): (available_cards, aces_start_foundations, foundations_up_in_suit),
        ("bouquet", "foundation"): (available_cards, aces_start_foundations, foundations_up_in_suit),
        ("bed", "bed"): (available_cards, garden_builds_down),
        ("bouquet", "bed"): (available_cards, garden_builds_down),
        ("bed", "bouquet"): (bouquet_takes_nothing,),
        ("bouquet", "bouquet"): (bouquet_takes_nothing,),
        ("foundation", "bouquet"): (bouquet_takes_nothing,),
        ("foundation", "bed"): (played_cards_stay,),
        ("foundation", "foundation"): (played_cards_stay,),
        "redeal": (one_deal_only,),
    }
    WON = won
    LOST = lost
    ENDING = {"won": (FOUNDATIONS, "assumption"), "lost": ("parterre.play.1.3", "limit")}
    SETUP = (one_pack, six_packets_and_a_bouquet)

    beds: tuple[int, ...] = ()
    bouquet: tuple[int, ...] = ()

    def setup(self, cards: list[int]) -> None:
        for k, i in enumerate(self.beds):
            self.piles[i].extend(cards[k * 6:k * 6 + 6])
        for k, i in enumerate(self.bouquet):
            self.piles[i].append(cards[36 + k])

    def outcome(self):
        # A lone card can go from one emptied packet to another for ever: the
        # game is over when nothing else can move (engine.assume.standstill).
        if lost.check(self, None):
            return Outcome(Termination.LOST, lost.id, lost.clauses)
        return super().outcome()

    def do_redeal(self) -> None:
        raise ValueError("Партеръ is dealt only once (parterre.play.1.3): there is no redeal")

    def is_standstill(self, limit: int = 5000, counts=None, moves=None) -> bool:
        """`engine.assume.standstill`, decided without a search: once every card
        move is a lone card going into an empty packet, such moves never change
        which cards are available (so no card can go home), only which of them
        lie in a packet and so take a card one lower. Play goes on exactly when
        an empty packet is left and two available cards are one rank apart:
        the higher goes into the packet, the lower onto it."""
        if counts is not None:
            return super().is_standstill(limit, counts, moves)
        for move in self.generate_moves() if moves is None else moves:
            if not move.action and not self.is_shuttle(move):
                return False
        piles = self.piles
        if all(piles[i] for i in self.beds):
            return True
        ranks = {piles[i][-1] & 15 for i in self.beds + self.bouquet if piles[i]}
        return not any(rank + 1 in ranks for rank in ranks)

    def check_position(self):
        for i in self.bouquet:
            if len(self.piles[i]) > 1:
                return f"a place of the bouquet holds one card: {self.names[i]!r}", f"piles.{self.names[i]}"
        return None

    def generate_moves(self):
        piles, names = self.piles, self.names
        wants: dict[int, int] = {}
        for f in self.by_role["foundation"]:
            card = self.foundation_wants(f)
            if card:
                wants[card] = f
        tops: dict[int, list[int]] = {}
        empty = []
        for j in self.beds:
            if piles[j]:
                tops.setdefault(piles[j][-1] & 15, []).append(j)
            else:
                empty.append(j)
        for i in self.beds + self.bouquet:
            if not piles[i]:
                continue
            card = piles[i][-1]
            if card in wants:
                yield Move(names[i], names[wants[card]])
            for j in tops.get((card & 15) + 1, ()):
                if j != i:
                    yield Move(names[i], names[j])
            for j in empty:
                if j != i:
                    yield Move(names[i], names[j])


Parterre.beds = tuple(Parterre.index[f"bed-{k}"] for k in range(1, 7))
Parterre.bouquet = tuple(Parterre.index[f"bouquet-{k}"] for k in range(1, 17))

GAME = Parterre
