"""Прекрасная Люція (La Belle Lucie): one pack in fans of three.

000 lines 24-35. The pack is dealt in packets of three, face up (the last
packet has one card); the aces go to the foundations as they come free and
are built up in suit to the kings; the top cards of the fans are married
downwards in suit; when nothing more can be done the fans are gathered,
shuffled and dealt again in threes, twice at most.

The two-deck variants «Домъ въ лѣсу» and «Домъ на холмѣ» (line 36-37)
reuse `FanGame`, this module's class, in their own modules.
"""

from __future__ import annotations

from engine.cards import KING, full_deck
from engine.core import Game, Move, PileSpec
from engine.deal import shuffled
from engine.rulebook import RuleBook

RULES = RuleBook("belle-lucie")

EMPTY_FAN = RULES.assume(
    "empty-fan-stays-empty",
    "The text never says a fan that has been cleared may be filled again, and a marriage needs "
    "a card to be laid on; so an empty fan receives nothing.",
    "most natural reading; Cadogan 1874, La Belle Lucie, has no filling of spaces either",
)
REDEAL_WHEN = RULES.assume(
    "redeal-when-player-chooses",
    "The text gathers and redeals the fans «когда не окажется больше годныхъ картъ для игры». "
    "The engine lets the player decide when that is: with two packs a card can always shuttle "
    "between two equal cards, so 'no move left' would never come and the redeal would be lost.",
    "most natural reading",
)
REDEAL_SHUFFLE = RULES.assume(
    "redeal-in-threes",
    "A redeal gathers the cards left in the fans, shuffles them (the deal number and the redeal "
    "number seed the shuffle of the gathered cards taken in pack order, so that the order in which "
    "they lay cannot steer it) and deals them again in packets of three from the first fan, as in "
    "the first deal («играютъ снова какъ въ первый разъ»).",
    "most natural reading",
)


@RULES.rule("top-card-available", cites=("belle-lucie.rule.1", "terms.available"),
            ru="годна только верхняя карта пачки", en="only the top card of a fan is available")
def top_card_available(game, move) -> bool:
    """Only the top card of each fan is available until its removal frees the next (rule I)."""
    return move.n == 1 and bool(game.piles[game.index[move.src]])


@RULES.rule("aces-are-foundations", cites=("belle-lucie.play.2", "belle-lucie.play.3.1"),
            ru="основание начинается тузом своей масти",
            en="a foundation begins with the ace of its suit")
def aces_are_foundations(game, move) -> bool:
    """An empty foundation takes only its base card: for Прекрасная Люція the ace of its suit."""
    i = game.index[move.dst]
    if game.piles[i]:
        return None  # a started foundation: the next rule's question
    card = game.piles[game.index[move.src]][-1]
    return card == game.foundation_wants(i)


@RULES.rule("foundations-follow-suit", cites=("belle-lucie.rule.2", "belle-lucie.play.3.1"),
            ru="на основание кладется следующая карта той же масти",
            en="a foundation takes the next card of its own suit")
def foundations_follow_suit(game, move) -> bool:
    """A started foundation takes the next card of its suit, two on the ace and so on (rule II)."""
    i = game.index[move.dst]
    if not game.piles[i]:
        return None
    card = game.piles[game.index[move.src]][-1]
    return card == game.foundation_wants(i)


@RULES.rule("marriage-downwards", cites=("belle-lucie.play.3.2", "terms.marriage.1"),
            ru="марьяж: карта той же масти, на одну ниже", en="marriage: a card of the same suit, one lower")
def marriage_downwards(game, move) -> bool:
    """On a fan's top card goes the card of the same suit one lower (marriage in descending order).

    PySolFC's La Belle Lucie builds the same way; the text's «марьяжъ»
    (terms.marriage) is always within one suit."""
    dst = game.piles[game.index[move.dst]]
    if not dst:
        return None  # an empty fan is the next rule's business
    card = game.piles[game.index[move.src]][-1]
    return card + 1 == dst[-1]


@RULES.rule("empty-fan-stays-empty", cites=(EMPTY_FAN,),
            ru="на опустевшее место карты не кладутся", en="nothing is laid in an emptied fan")
def empty_fan_stays_empty(game, move) -> bool:
    """A fan once emptied is not filled again (the text is silent; see the assumption)."""
    return False if not game.piles[game.index[move.dst]] else None


@RULES.rule("redeal-twice", cites=("belle-lucie.play.5", REDEAL_WHEN, REDEAL_SHUFFLE),
            ru="карты собирают, тасуют и раскладывают вновь, не более двух раз",
            en="the cards are gathered, shuffled and dealt again, at most twice")
def redeal_twice(game, move) -> bool:
    """The fans may be gathered, shuffled and dealt again in threes, twice at most."""
    return game.redeals_left > 0 and any(game.piles[i] for i in game.by_role["fan"])


@RULES.rule("won", cites=("belle-lucie.play.2",),
            ru="все карты на основаниях", en="every card is on the foundations")
def won(game, move) -> bool:
    """The game is won when every card has been built on the foundations up to the kings."""
    return not any(game.piles[i] for i in game.by_role["fan"])


@RULES.rule("lost", cites=("belle-lucie.play.5",),
            ru="ходов больше нет и раскладывать вновь нельзя",
            en="no move is left and no redeal")
def lost(game, move) -> bool:
    """The game is lost when no card can be played or married and both redeals are spent."""
    return not game.legal_moves


@RULES.rule("one-pack", cites=("belle-lucie.decks.1",),
            ru="одна полная колода карт", en="one full pack of cards")
def one_pack(game, move) -> bool:
    """The game is played with one full pack: 52 cards, each once."""
    cards = sorted(c for p in game.piles for c in p)
    return cards == sorted(full_deck(game.decks))


@RULES.rule("packets-of-three", cites=("belle-lucie.play.1.1", "belle-lucie.play.1.2"),
            ru="колода разложена на пачки по три карты, в последней меньше",
            en="the pack is laid out in packets of three, the last one shorter")
def packets_of_three(game, move) -> bool:
    """The cards are dealt face up in packets of three; only the last packet is shorter."""
    sizes = [len(game.piles[i]) for i in game.by_role["fan"]]
    sizes = sizes[:sum(1 for s in sizes if s)]
    return bool(sizes) and all(s == 3 for s in sizes[:-1]) and 1 <= sizes[-1] <= 3 and \
        not any(len(game.piles[i]) for i in game.by_role["fan"][len(sizes):])


def fan_piles(count: int, per_row: int, top: float) -> tuple[PileSpec, ...]:
    """Fans in rows, each spread to the right (three cards a fan)."""
    return tuple(PileSpec(f"fan-{k + 1}", "fan", (k % per_row) * 1.9, top + (k // per_row) * 1.8, dx=0.3)
                 for k in range(count))


class FanGame(Game):
    """The fan games: fans of three face up, suited foundations, redeals."""

    PHASES = ("play",)
    FAN_SIZE = 3

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.PILES:
            _prepare_fan_game(cls)
    MARRY = (1,)  # a card goes on the card this much higher (1: downwards; -1 also upwards)

    def setup(self, cards: list[int]) -> None:
        self.deal_in_threes(cards)

    def deal_in_threes(self, cards: list[int]) -> None:
        fans = self.by_role["fan"]
        for i in fans:
            self.piles[i].clear()
        for k in range(0, len(cards), self.FAN_SIZE):
            self.piles[fans[k // self.FAN_SIZE]].extend(cards[k:k + self.FAN_SIZE])

    def do_redeal(self) -> None:
        # The shuffle starts from the gathered cards in pack order: the same
        # cards gathered give the same redeal whatever order they lay in, so
        # a saved game replays and no move can steer the next layout.
        cards = sorted(c for i in self.by_role["fan"] for c in self.piles[i])
        number = self.REDEALS - self.redeals_left + 1
        self.redeals_left -= 1
        self.deal_in_threes(shuffled(cards, self.deal, number))

    def generate_moves(self):
        # The hot path (see engine/README.md): the same moves the routes
        # allow, found by looking cards up instead of trying every pair, and
        # yielding Move values built once per class (no allocation per move).
        piles, table = self.piles, self.move_table
        wants: dict[int, list[int]] = {}
        for f, suit, base, step in self._foundations:
            p = piles[f]
            if not p:
                card = suit | base
            else:
                rank = (p[-1] & 15) + step
                if not 1 <= rank <= KING:
                    continue
                card = suit | rank
            if card in wants:
                wants[card].append(f)
            else:
                wants[card] = [f]
        tops: dict[int, list[int]] = {}
        fans = self._fans
        for i in fans:
            p = piles[i]
            if p:
                c = p[-1]
                if c in tops:
                    tops[c].append(i)
                else:
                    tops[c] = [i]
        marry = self.MARRY
        for card, sources in tops.items():
            rank = card & 15
            targets = wants.get(card, [])
            for step in marry:
                if 1 <= rank + step <= KING:
                    targets = targets + tops.get(card + step, [])
            for i in sources:
                row = table[i]
                for j in targets:
                    yield row[j]
        if self.redeals_left and tops:
            yield self._redeal


def _prepare_fan_game(cls) -> None:
    """Per class: the fans and the foundations' building, looked up once."""
    cls._fans = cls.by_role["fan"]
    cls._foundations = tuple((f, cls.PILES[f].suit << 4, cls.PILES[f].base, cls.PILES[f].step)
                             for f in cls.by_role["foundation"])
    cls._redeal = Move(action="redeal")


class BelleLucie(FanGame):
    slug = "belle-lucie"
    title_1912 = "Прекрасная Люція"
    title_modern = "Прекрасная Люция"
    title_en = "La Belle Lucie"
    aliases = ("Прекрасная Люсия", "Belle Lucie", "Fan")
    book_order = 1
    decks = 1
    REDEALS = 2
    PILES = tuple(PileSpec(f"foundation-{s}", "foundation", 2.5 + k * 1.5, 0.0, suit=k, base=1, step=1)
                  for k, s in enumerate("SHDC")) + fan_piles(18, 6, 2.0)
    RULES = RULES
    ROUTES = {
        ("fan", "foundation"): (top_card_available, aces_are_foundations, foundations_follow_suit),
        ("fan", "fan"): (top_card_available, empty_fan_stays_empty, marriage_downwards),
        "redeal": (redeal_twice,),
    }
    WON = won
    LOST = lost
    SETUP = (one_pack, packets_of_three)


GAME = BelleLucie
