"""Прекрасная Люція (La Belle Lucie): one pack in fans of three.

000 lines 24-35. The pack is dealt in packets of three, face up (the last
packet has one card); the aces go to the foundations as they come free and
are built up in suit to the kings; the top cards of the fans are married
downwards in suit; when nothing more can be done the fans are gathered,
shuffled and dealt again in threes, twice at most.

The two-deck variants «Домъ въ лѣсу» and «Домъ на холмѣ» (line 36-37)
reuse `FanGame`, this module's class, in their own modules.

Readings (both playable, see `pasyans readings --game belle-lucie`):
``belle-lucie.assume.redeal-gate`` (when play.5's redeal comes) and
``belle-lucie.assume.marriage-order`` (whether play.3.2's «Когда вышли
годныя карты» is a condition on marrying). PySolFC's La Belle Lucie lets
marriages and plays come in any order and has its own "merci" draw, which
this text has not.
"""

from __future__ import annotations

from engine.cards import KING
from engine.core import Game, Move, Outcome, PileSpec, Termination
from engine.deal import shuffled
from engine.rulebook import Alternative, RuleBook

RULES = RuleBook("belle-lucie")

CADOGAN = "Cadogan 1874, La Belle Lucie"
EMPTY_FAN = RULES.assume(
    "empty-fan-stays-empty",
    "The only move between fans the text grants is the marriage (play.3.2), which lays a card on "
    "the neighbouring card of its suit (terms.marriage.1); the text never says that a packet once "
    "cleared is begun again (terms.lane names such empty places, and this game fills none). The "
    "assumption reads that silence as: an emptied fan receives nothing.",
    f"most natural reading; {CADOGAN} fills no spaces either",
)
REDEAL_SHUFFLE = RULES.assume(
    "redeal-in-threes",
    "The text says the cards are gathered, shuffled and laid out again «какъ въ первый разъ» but not "
    "how a shuffle is made: the deal number and the redeal number seed the shuffle of the gathered "
    "cards taken in pack order (so the order in which they lay cannot steer it), and they are dealt "
    "again in packets of three from the first fan, the last packet shorter, as in play.1.1.",
    "most natural reading",
)

# -- readings ----------------------------------------------------------------------

STANDSTILL_GATE, NO_PLAY_GATE = "standstill", "no-play"
REDEAL_GATE = RULES.reading(
    "redeal-gate",
    "play.5 redeals «Продѣлавши все сказанное, и когда не окажется больше годныхъ картъ для игры»: "
    "once all that was said has been done and no available card is left «для игры». In the book's "
    "terms «играть карты» is to put cards on the foundations (terms.play-cards), so the words can "
    "close the game either when no card can move at all or when no card can go home.",
    alternatives=(
        Alternative(
            STANDSTILL_GATE,
            "All that was said has been done (the plays of play.3.1 and the marriages of play.3.2) and "
            "no card can move: the position has no way out, which is when terms.repeat-game repeats a "
            "game. With one pack that is simply: no legal card move is left. With two packs a card "
            "that could only go back and forth between twin cards keeps nothing going "
            "(engine.assume.standstill).",
            ("belle-lucie.play.5", "terms.repeat-game",
             f"{CADOGAN}: play, the paragraph on the re-deal (when all this has been done and no "
             "available card is left to play)"),
            STANDSTILL_GATE),
        Alternative(
            NO_PLAY_GATE,
            "«годныхъ картъ для игры» read with terms.play-cards: the cards may be gathered as soon as "
            "no available card can be played to a foundation, even while marriages are left.",
            ("belle-lucie.play.5", "terms.play-cards"),
            NO_PLAY_GATE),
    ),
    default=STANDSTILL_GATE,
    why_default="«Продѣлавши все сказанное» puts the marriages among what is done before the redeal, "
                "and the book repeats a game only when its position has no way out (terms.repeat-game).",
)
MARRIAGE_ORDER = RULES.reading(
    "marriage-order",
    "play.3.2 «Когда вышли годныя карты, то начинаютъ освобождать другія карты, составляя марьяжъ» "
    "follows the plays of play.3.1: it may tell the course of a game (play what you can, then marry) "
    "or set a condition on marrying.",
    alternatives=(
        Alternative(
            "free",
            "The sentence tells how a game goes; the game's rules (rule I, rule II) set no order "
            "between plays and marriages, and the advice of play.3.3 and play.4 leaves the player to "
            "choose which card to free and when: a marriage may be made at any time.",
            ("belle-lucie.rule.1", "belle-lucie.rule.2", "belle-lucie.play.3.3", "belle-lucie.play.4",
             f"{CADOGAN}: play, the paragraph on marriages, told in the order of a game"),
            False),
        Alternative(
            "plays-first",
            "«Когда вышли годныя карты» as a condition: a marriage is made only while no available "
            "card can be played to a foundation.",
            ("belle-lucie.play.3.1", "belle-lucie.play.3.2"),
            True),
    ),
    default="free",
    why_default="The game's rules (rule I and II) are listed apart from the account of play and set "
                "no order; the account's «когда» reads as the course of a game, as in Cadogan's wording.",
)


# -- moves ---------------------------------------------------------------------------

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


@RULES.rule("empty-fan-stays-empty", cites=("belle-lucie.play.3.2", "terms.marriage.1", EMPTY_FAN),
            ru="на опустевшее место карты не кладутся: марьяж кладет карту на карту",
            en="nothing is laid in an emptied fan: a marriage lays a card on a card")
def empty_fan_stays_empty(game, move) -> bool:
    """A fan once emptied is not filled again: a marriage needs a card to lie on (see the assumption)."""
    return False if not game.piles[game.index[move.dst]] else None


@RULES.rule("marriage-order", cites=("belle-lucie.play.3.2", MARRIAGE_ORDER),
            ru="марьяж делают, когда вышли годные карты: пока карту можно сыграть на основание, марьяжа нет "
               "(прочтение «сначала на основания»)",
            en="marriages come once the available cards have been played: none while a card can go home "
               "(the plays-first reading)")
def marriage_order(game, move) -> bool:
    """Whether a marriage may be made while a card can be played home depends on the reading of play.3.2.

    Under "free" it has nothing to say (the routes are judged millions of
    times; `verdicts_under_readings` shows what the other reading would
    answer); under "plays-first" it refuses a marriage while some available
    card could go to a foundation."""
    if not MARRIAGE_ORDER.of(game) or not game.can_play_home():
        return None
    return False


@RULES.rule("foundation-cards-stay", cites=("belle-lucie.rule.1", "belle-lucie.play.2", "terms.play-cards"),
            ru="годны только верхние карты пачек; сыгранная на основание карта остается там",
            en="only the top cards of the packets are available; a card played home stays there")
def foundation_cards_stay(game, move) -> bool:
    """A card on a foundation is not a card of a packet (rule I): it never moves again."""
    return False


@RULES.rule("redeal-twice", cites=("belle-lucie.play.5", REDEAL_SHUFFLE),
            ru="карты собирают, тасуют и раскладывают вновь, не более двух раз",
            en="the cards are gathered, shuffled and dealt again, at most twice")
def redeal_twice(game, move) -> bool:
    """The fans may be gathered, shuffled and dealt again in threes, twice at most («если нужно, то и дважды»)."""
    return game.redeals_allowed() and any(game.piles[i] for i in game.by_role["fan"])


@RULES.rule("redeal-at-standstill", cites=("belle-lucie.play.5", "terms.repeat-game", REDEAL_GATE),
            ru="собирают карты, когда не окажется больше годных карт для игры",
            en="the cards are gathered only when no available card is left to play")
def redeal_at_standstill(game, move) -> bool:
    """The redeal comes only «когда не окажется больше годныхъ картъ для игры» (play.5; see the reading).

    One pack and no space to fill: no legal card move is left (under the
    "no-play" reading: no card can go to a foundation)."""
    return game.redeal_gate_open()


# -- the end and the layout ------------------------------------------------------------

@RULES.rule("won", cites=("belle-lucie.play.2",),
            ru="все карты на основаниях", en="every card is on the foundations")
def won(game, move) -> bool:
    """The game is won when every card has been built on the foundations up to the kings."""
    return not any(game.piles[i] for i in game.by_role["fan"])


@RULES.rule("lost", cites=("belle-lucie.play.5",),
            ru="ходов больше нет и раскладывать вновь нельзя",
            en="no move is left and no redeal")
def lost(game, move) -> bool:
    """The game is lost when no card can be played or married (but back and forth) and no redeal is left."""
    return not game.is_won() and game.is_lost()


@RULES.rule("one-pack", cites=("belle-lucie.decks.1",),
            ru="одна полная колода карт", en="one full pack of cards")
def one_pack(game, move) -> bool:
    """The game is played with one full pack: 52 cards, each once."""
    return game.holds_packs(game.decks)


@RULES.rule("packets-of-three", cites=("belle-lucie.play.1.1", "belle-lucie.play.1.2"),
            ru="колода разложена на пачки по три карты, последняя короче (при первой раскладке — одна карта)",
            en="the pack is laid out in packets of three, the last one shorter (one card, at the first deal)")
def packets_of_three(game, move) -> bool:
    """The cards are dealt face up in packets of three in fan order; only the last packet is shorter.

    After a redeal the gathered cards are dealt in threes again (REDEAL_SHUFFLE)."""
    count = sum(len(game.piles[i]) for i in game.by_role["fan"])
    return game.fan_sizes() == (game.first_layout(count) if not game.redeals_used() else in_threes(count))


def fan_piles(count: int, per_row: int, top: float) -> tuple[PileSpec, ...]:
    """Fans in rows, each spread to the right (three cards a fan)."""
    return tuple(PileSpec(f"fan-{k + 1}", "fan", (k % per_row) * 1.9, top + (k // per_row) * 1.8, dx=0.3)
                 for k in range(count))


def in_threes(count: int) -> list[int]:
    """Packet sizes of ``count`` cards dealt in threes, the last packet shorter."""
    return [3] * (count // 3) + ([count % 3] if count % 3 else [])


class FanGame(Game):
    """The fan games: fans of three face up, suited foundations, redeals at a standstill.

    Subclasses set MARRY (a card goes on the card this much higher: (1,)
    downwards, (1, -1) also upwards) and may override `first_layout` (the
    packet sizes of the first deal) and `redeals_allowed`."""

    PHASES = ("play",)
    MARRY = (1,)
    _gate_busy = False  # True while the redeal gate lists the card moves (no redeal asked then)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.PILES:
            _prepare_fan_game(cls)

    # -- the layout

    def first_layout(self, count: int) -> list[int]:
        """The sizes of the packets of the first deal of ``count`` cards (play.1.1, play.1.2)."""
        return in_threes(count)

    def fan_sizes(self) -> list[int]:
        """The sizes of the fans, up to the last one holding cards."""
        sizes = [len(self.piles[i]) for i in self._fans]
        while sizes and not sizes[-1]:
            sizes.pop()
        return sizes

    def setup(self, cards: list[int]) -> None:
        self.deal_packets(cards, self.first_layout(len(cards)))

    def deal_packets(self, cards: list[int], sizes: list[int]) -> None:
        fans = self._fans
        for i in fans:
            self.piles[i].clear()
        k = 0
        for f, size in enumerate(sizes):
            self.piles[fans[f]].extend(cards[k:k + size])
            k += size

    # -- the redeal

    def redeals_granted(self) -> int:
        """How many redeals the game grants (play.5: «если нужно, то и дважды»)."""
        return self.REDEALS

    def redeals_allowed(self) -> bool:
        """Is a redeal left?"""
        return min(self.redeals_left, self.redeals_granted()) > 0

    def redeals_used(self) -> int:
        return self.redeals_granted() - min(self.redeals_left, self.redeals_granted())

    def do_redeal(self) -> None:
        # The shuffle starts from the gathered cards in pack order: the same
        # cards gathered give the same redeal whatever order they lay in, so
        # a saved game replays and no move can steer the next layout.
        cards = sorted(c for i in self._fans for c in self.piles[i])
        number = self.REDEALS - self.redeals_left + 1
        self.redeals_left -= 1
        self.deal_packets(shuffled(cards, self.deal, number), in_threes(len(cards)))

    def can_play_home(self) -> bool:
        """Can an available card go to a foundation now?"""
        wants = self.wanted_cards()
        return any(self.piles[i] and self.piles[i][-1] in wants for i in self._fans)

    def redeal_gate_open(self) -> bool:
        """Has play come to the point where play.5 lets the cards be gathered (see REDEAL_GATE)?"""
        busy, self._gate_busy = self._gate_busy, True
        try:
            moves = [m for m in self.generate_moves() if not m.action]
        finally:
            self._gate_busy = busy
        if REDEAL_GATE.of(self) == NO_PLAY_GATE:
            return not any(self.roles[self.index[m.dst]] == "foundation" for m in moves)
        if not moves:
            return True
        if not all(self.is_shuttle(m) for m in moves):
            return False
        return self.is_standstill()

    def is_standstill(self, *args, **kwargs) -> bool:
        busy, self._gate_busy = self._gate_busy, True  # the exploration asks the card moves only
        try:
            return super().is_standstill(*args, **kwargs)
        finally:
            self._gate_busy = busy

    def is_lost(self) -> bool:
        """No redeal can come and no card can move except back and forth (a standstill)."""
        if any(m.action for m in self.generate_moves()):
            return False
        return self.is_standstill()

    def outcome(self):
        # A game whose only moves go back and forth between twin cards (or
        # neighbours, with marriage both ways) with no redeal left is over.
        if not self.is_won() and self.is_lost():
            return Outcome(Termination.LOST, self.LOST.id, self.LOST.clauses)
        return super().outcome()

    # -- the hot path

    def generate_moves(self):
        # The hot path (see engine/README.md): the same moves the routes
        # allow, found by looking cards up instead of trying every pair, and
        # yielding Move values built once per class (no allocation per move).
        # The redeal's gate is decided from the card moves found on the way.
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
        for i in self._fans:
            p = piles[i]
            if p:
                c = p[-1]
                if c in tops:
                    tops[c].append(i)
                else:
                    tops[c] = [i]
        marry = self.MARRY
        marrying = True
        if wants and MARRIAGE_ORDER.of(self):  # "plays-first": no marriage while a card can go home
            marrying = not any(card in wants for card in tops)
        played = progress = moved = False
        for card, sources in tops.items():
            home = wants.get(card)
            targets = None
            if marrying:
                rank = card & 15
                for step in marry:
                    if 1 <= rank + step <= KING:
                        found = tops.get(card + step)
                        if found:
                            targets = found if targets is None else targets + found
            for i in sources:
                row = table[i]
                if home:
                    played = True
                    for j in home:
                        yield row[j]
                if targets:
                    moved = True
                    # a shuttle uncovers a twin of its target (core's is_shuttle): here
                    # only "maybe", and the standstill's exploration decides
                    if not progress:
                        p = piles[i]
                        progress = len(p) < 2 or p[-2] - card not in marry
                    for j in targets:
                        yield row[j]
        if played or not tops or not self.redeals_left or self._probing or self._gate_busy \
                or not self.redeals_allowed():
            return
        if REDEAL_GATE.of(self) == NO_PLAY_GATE or not moved or (not progress and self.is_standstill()):
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
        ("fan", "fan"): (top_card_available, empty_fan_stays_empty, marriage_downwards, marriage_order),
        ("foundation", "fan"): (foundation_cards_stay,),
        ("foundation", "foundation"): (foundation_cards_stay,),
        "redeal": (redeal_twice, redeal_at_standstill),
    }
    WON = won
    LOST = lost
    ENDING = {"won": ("belle-lucie.play.2", "goal"), "lost": ("belle-lucie.play.5", "limit")}
    SETUP = (one_pack, packets_of_three)


GAME = BelleLucie
