"""Ссыльныя (The Exiles): two packs, eight kings as bases, thirteen packets,
and the cards whose rank equals their place in the row set aside as exiles.

001 lines 31-51 (the heading, the decks line and the «Правила.» label are
lost; the eight kings make it a two-pack game). The eight kings are the
bases: on the four of the top row the aces go first, then up to the queens;
on the four of the bottom row the queens, down to the aces, in suit. The
rest is dealt in rows of thirteen, each row covering the last, the
thirteenth packet spread so that all its cards show. A card whose rank is
its place in its row (ace 1 ... queen 12) is laid aside face down as an
exile and the next card takes its place. Then the available cards (every
card of the thirteenth packet, the top card of the others) are played to
the bases and an emptied packet takes any available card. When nothing more
plays, the top exile is played to a base or put under the packet of its own
number; then the top card of that packet goes under the packet of its
number, and so on, until a card for a base comes free. When the exiles are
out, the packets are gathered and dealt once more.

Piles: ``packet-1`` .. ``packet-12``; the thirteenth packet as
``thirteenth-1`` .. ``thirteenth-8`` (its spread cards, one a place, in
dealing order); ``up-S`` .. ``up-C`` (the kings of the top row, aces to
queens) and ``down-S`` .. ``down-C`` (the bottom row, queens to aces);
``exiles`` (face down, the last one laid aside on top).
"""

from __future__ import annotations

from engine.cards import KING, QUEEN, make
from engine.core import STANDSTILL, Game, Move, Outcome, PileSpec, Termination
from engine.rulebook import Alternative, RuleBook

RULES = RuleBook("exiles")

SPREAD = 8  # places of the thirteenth packet: 96 cards make at most eight rows
CHAIN_CAP = 200  # chain steps after which the chain is abandoned (see CHAIN_ENDS)

TWO_PACKS = RULES.assume(
    "two-packs",
    "The decks line is lost; eight kings need two packs, and Cadogan's thirteen-packet games "
    "with eight kings are two-pack games.",
    "most natural reading",
)
ONE_SUIT_EACH = RULES.assume(
    "one-king-of-each-suit-a-row",
    "The text sets four kings in the top row and four in the bottom (play.1.3, play.1.4) without "
    "naming them: each row has one king of each suit, so every suit is built once up from the "
    "ace and once down from the queen.",
    "most natural reading",
)
DEAL_AT_ONCE = RULES.assume(
    "deal-before-play",
    "The exiles are set aside while dealing, but cards are played to the bases only «разложивши "
    "такимъ образомъ всѣ карты» (play.4.1); the engine deals the whole layout at once.",
    "most natural reading",
)
EMPTY_PACKETS = RULES.assume(
    "thirteenth-not-refilled",
    "«На пустое или свободное мѣсто кладется карта изъ пачекъ» does not say which places: an "
    "emptied packet among the twelve takes any available card; the places of the spread "
    "thirteenth packet are not refilled (they are the cards dealt to it, not packets of their "
    "own, and the thirteenth packet is laid apart from the twelve, play.2.1).",
    "most natural reading",
)
PLAY_STOPS = RULES.reading(
    "no-more-play",
    "«Если нельзя такимъ образомъ болѣе играть, то берутъ верхнюю карту изъ числа ссыльныхъ» "
    "(play.5.1), and the second layout «если необходимо» (play.7): «такимъ образомъ» points back "
    "to play.4.1 and play.4.2, the suitable cards played onto the bases and a card from the "
    "packets laid on an empty place. Whether filling an empty place is part of the play that "
    "must come to an end first, the text does not say.",
    alternatives=(
        Alternative("no-base-card", "«Играть» is the glossary's «ставить карты на мѣсто основныхъ, въ "
                    "противоположность раскладыванія ихъ въ другія мѣста»: play has stopped when no "
                    "available card fits a base; laying a card on an empty place is not playing it.",
                    ("exiles.play.5.1", "terms.play-cards"), value=False),
        Alternative("standstill", "Play «такимъ образомъ» includes laying cards on empty places: an exile "
                    "(or the second layout) waits until no available card fits a base and no card can be "
                    "laid on an empty packet so as to uncover another (moving a lone card changes "
                    "nothing: engine.assume.standstill).",
                    ("exiles.play.4.1", "exiles.play.4.2", "exiles.play.5.1", STANDSTILL), value=True),
    ),
    default="no-base-card",
    why_default="The book's own glossary gives «играть» this meaning: cards are played onto the "
                "foundations, as against being laid elsewhere.",
)
CHAIN_ENDS = RULES.assume(
    "chain-ends",
    "The chain of top cards ends when a card for a base comes free (play.5.2); the text does "
    "not say what happens when none ever does, so the chain also ends when the packet to take "
    "from is empty, when a card would go straight back under its own packet, or after 200 "
    "steps, so that it cannot turn for ever.",
    "most natural reading",
)
def _follow_the_card(source: int, card: int) -> int:
    return card & 15


def _same_packet(source: int, card: int) -> int:
    return source


CHAIN_FROM = RULES.reading(
    "chain-packet",
    "«Вслѣдъ затѣмъ точно также поступаютъ съ верхнею картою той же пачки (кладя ее подъ низъ пачки "
    "соотвѣтствующей ея достоинству) до тѣхъ поръ, пока ...» (play.5.2): the first step takes the top "
    "card of the packet the exile went under; the text does not say whether each later step takes "
    "the top card of the packet the last card went under, or of that first packet again.",
    alternatives=(
        Alternative("follow", "«Той же пачки» is the packet just named, the one the last card went under: "
                    "the chain goes on from packet to packet, each step changing the top card of another "
                    "packet («этихъ перемѣнъ верхнихъ картъ»).",
                    ("exiles.play.5.1", "exiles.play.5.2"), value=_follow_the_card),
        Alternative("same", "«Той же пачки» is the exile's packet throughout: its top cards are put one "
                    "after another under the packets of their numbers until a card for a base comes free "
                    "(or the packet is spent, or a card of its own number would go back under it).",
                    ("exiles.play.5.2",), value=_same_packet),
    ),
    default="follow",
    why_default="«Точно также» repeats the whole step, which begins at the packet that has just received "
                "a card, as the exile's step began at the exile's packet; the changes of top cards "
                "(plural) that free a base card are then changes of several packets, not of one.",
)


GATHER = RULES.assume(
    "gather-six-thirteenth-six",
    "The figure is lost, so the alternation of rule III cannot be followed; the engine takes up "
    "packets 1-6, puts the thirteenth packet on them, then packets 7-12, each packet squared as "
    "it lies, turns the pile face down and deals it again from the top, exiles and all.",
    "most natural reading",
)
REDEAL_WHEN = RULES.assume(
    "second-deal-when-exiles-are-out",
    "The packets are gathered «вслѣдъ за этимъ», after all the exiles have come out and the "
    "cards they freed are played (play.6), and «если необходимо»: only when play has stopped "
    "(as for an exile, `exiles.assume.no-more-play`) and cards are left in the packets. The text "
    "speaks of one second layout, «вторично», and of no third.",
    "most natural reading",
)


def wants(game, i: int) -> int:
    """The card base ``i`` takes next (0 if full): ace..queen on an upper king,
    queen..ace on a lower one."""
    pile = game.piles[i]
    if not pile or len(pile) == 13:
        return 0
    suit = pile[0] & ~15
    if i in game.ups:
        return suit | len(pile)               # K, then A (1), 2, ...
    return suit | (QUEEN - len(pile) + 1)     # K, then Q, J, ...


def available(game):
    """Rule I: the top card of each of the twelve packets and every card of the thirteenth."""
    for i in game.packets + game.spread:
        if game.piles[i]:
            yield i


def base_card_free(game) -> bool:
    wanted = {wants(game, f) for f in game.bases}
    return any(game.piles[i][-1] in wanted for i in available(game))


def uncovering_fill(game) -> bool:
    """Can a card be laid on an empty packet so as to uncover another (a packet of two or more
    cards gives its top)? Moving a lone card changes nothing (engine.assume.standstill)."""
    piles = game.piles
    return any(not piles[i] for i in game.packets) and any(len(piles[i]) > 1 for i in game.packets)


def play_stopped(game) -> bool:
    """«Если нельзя такимъ образомъ болѣе играть»: no available card fits a base, and under the
    reading `standstill` no card can be laid on an empty packet so as to uncover another."""
    return not base_card_free(game) and not (PLAY_STOPS.of(game) and uncovering_fill(game))


@RULES.rule("not-during-a-chain", cites=("exiles.play.5.2",),
            ru="пока идет цепочка перемен верхних карт, ничего другого не делают",
            en="while the chain of top cards runs, nothing else is done")
def not_during_a_chain(game, move) -> bool:
    """While a chain of top cards is running, only the chain goes on."""
    return not game.extra["chain"]


@RULES.rule("bases-in-suit", cites=("exiles.rule.2", "exiles.play.1.3", "exiles.play.1.4", "exiles.play.4.1",
                                    ONE_SUIT_EACH),
            ru="на верхних королей — тузы и дальше вверх до дам, на нижних — дамы и вниз до тузов, в масть",
            en="upper kings take the ace and up to the queen, lower kings the queen and down to the ace, in suit")
def bases_in_suit(game, move) -> bool:
    """A base takes the next card of its suit: A, 2 .. Q on an upper king; Q, J .. A on a lower one."""
    return game.moving_card(move) == wants(game, game.index[move.dst])


@RULES.rule("available-cards", cites=("exiles.rule.1.1", "exiles.rule.1.2"),
            ru="годны все карты тринадцатой пачки и верхние карты двенадцати пачек",
            en="every card of the thirteenth packet and the top cards of the twelve are available")
def available_cards(game, move) -> bool:
    """Only available cards move: any card of the thirteenth packet, the top card of another."""
    return move.n == 1


@RULES.rule("empty-packet-takes-a-card", cites=("exiles.play.4.2", EMPTY_PACKETS),
            ru="на пустое место кладут карту из пачек", en="an empty packet takes a card from the packets")
def empty_packet_takes_a_card(game, move) -> bool:
    """An emptied packet (of the twelve) takes any available card; a packet with cards takes none."""
    return not game.target(move)


@RULES.rule("exile-when-stuck", cites=("exiles.play.5.1", PLAY_STOPS),
            ru="верхнюю из ссыльных берут, когда больше нельзя играть",
            en="the top exile is taken when nothing more can be played")
def exile_when_stuck(game, move) -> bool:
    """The top exile comes out only when play has stopped (`PLAY_STOPS`: no available card fits a base)."""
    return move.action in ("", "exile") and bool(game.piles[game.exiles]) and play_stopped(game)


@RULES.rule("exile-under-its-packet", cites=("exiles.play.5.1",),
            ru="ссыльную, не годную ни для одного основания, подкладывают под пачку ее номера",
            en="an exile that fits no base goes under the packet of its number")
def exile_under_its_packet(game, move) -> bool:
    """An exile that fits no base is put under the packet whose number is its rank (five under the fifth)."""
    card = game.piles[game.exiles][-1]
    return card not in {wants(game, f) for f in game.bases}


@RULES.rule("chain-of-top-cards", cites=("exiles.play.5.2", CHAIN_ENDS, CHAIN_FROM),
            ru="верхнюю карту той же пачки подкладывают под пачку ее номера, пока не освободится карта для основания",
            en="the top card of that packet goes under the packet of its number, until a card for a base comes free")
def chain_of_top_cards(game, move) -> bool:
    """While the chain runs, the top card of its packet goes under the packet of its own number."""
    return move.action == "chain" and bool(game.extra["chain"])


def _once_in_the_game(game) -> int:
    return game.extra["exchanged"]


def _once_a_layout(game) -> int:
    return 0


EXCHANGES = RULES.reading(
    "exchange-count",
    "«Раскладывая основанія, можно своевременно одну карту обмѣнять отъ восходящаго къ нисходящему "
    "порядку» (play.8): one card. The sentence follows the second layout, which is «играютъ точно "
    "такъ же, какъ прежде» (play.7); whether the one card is one in the whole game or one in each "
    "layout, the text does not say.",
    alternatives=(
        Alternative("once-in-the-game", "One card in the whole game: once exchanged, no other card "
                    "passes from an ascending base to a descending one, in either layout.",
                    ("exiles.play.8",), value=_once_in_the_game),
        Alternative("once-a-layout", "One card in each layout: the second layout, played «точно такъ "
                    "же, какъ прежде», brings the leave back.",
                    ("exiles.play.8", "exiles.play.7"), value=_once_a_layout),
    ),
    default="once-in-the-game",
    why_default="play.8 closes the whole description, after the second layout, and grants «одну "
                "карту»: one for the game; «точно такъ же» speaks of how the second layout is played.",
)


@RULES.rule("one-exchange", cites=("exiles.play.8", EXCHANGES),
            ru="один раз за игру (по другому чтению — за раскладку) карту можно перенести с восходящего "
               "основания на нисходящее",
            en="once in the game (under the other reading, once a layout) a card may pass from an ascending "
               "base to a descending one")
def one_exchange(game, move) -> bool:
    """Once, the top card of an upper base may go to a lower base that wants it (how often: `EXCHANGES`)."""
    src = game.piles[game.index[move.src]]
    return not game.extra["exchanged"] and game.index[move.src] in game.ups and len(src) > 1 \
        and game.index[move.dst] not in game.ups and src[-1] == wants(game, game.index[move.dst])


@RULES.rule("gather-and-deal-again", cites=("exiles.rule.3.1", "exiles.rule.3.2", "exiles.play.7", GATHER, REDEAL_WHEN,
                                             PLAY_STOPS),
            ru="когда вышли все ссыльные и играть больше нельзя, пачки снимают по порядку и раскладывают вторично",
            en="when the exiles are out and no more can be played, the packets are taken up in order and dealt a second time")
def gather_and_deal_again(game, move) -> bool:
    """Once all the exiles are out and play has stopped, the packets may be gathered and dealt again, once."""
    return move.action == "redeal" and game.redeals_left > 0 and not game.piles[game.exiles] and not game.extra["chain"] \
        and any(game.piles[i] for i in game.packets + game.spread) and play_stopped(game)


@RULES.rule("exiles-go-under-their-packet", cites=("exiles.play.4.2", "exiles.play.5.1"),
            ru="ссыльную не кладут на пустое место: на него кладут карту из пачек, а ссыльная идет под пачку своего номера",
            en="an exile is not laid on an empty place (that takes a card from the packets): it goes under the packet of its number")
def exiles_go_under_their_packet(game, move) -> bool:
    """«На пустое или свободное мѣсто кладется карта изъ пачекъ»: an exile is played to a base or put under its packet."""
    return False


@RULES.rule("empty-place-takes-a-packet-card", cites=("exiles.play.4.2",),
            ru="на пустое место кладут карту из пачек, а не с основания",
            en="an empty place takes a card from the packets, not from a base")
def empty_place_takes_a_packet_card(game, move) -> bool:
    """A card built on a base never comes back to the packets: an empty place takes a card from the packets."""
    return False


@RULES.rule("exiles-set-aside-in-the-deal", cites=("exiles.play.3.2", "exiles.play.3.4"),
            ru="в ссыльные откладывают только при раскладке карты, чье достоинство совпадает с их местом",
            en="only the cards whose value matches their place in the deal are set aside as exiles")
def exiles_set_aside_in_the_deal(game, move) -> bool:
    """No card joins the exiles but by the deal (a card whose value is its place in the row)."""
    return False


@RULES.rule("thirteenth-takes-no-card", cites=("exiles.rule.1.1", "exiles.play.2.2", EMPTY_PACKETS),
            ru="на места тринадцатой пачки карт не кладут", en="nothing is laid on the places of the thirteenth packet")
def thirteenth_takes_no_card(game, move) -> bool:
    """The spread thirteenth packet holds the cards dealt to it; its emptied places are not refilled."""
    return False


@RULES.rule("won", cites=("exiles.rule.2", "exiles.play.1.3", "exiles.play.1.4"),
            ru="все карты на основаниях", en="every card is on the bases")
def won(game, move) -> bool:
    """Won when all the cards are built on the eight kings."""
    return not any(game.piles[i] for i in game.packets + game.spread + (game.exiles,))


@RULES.rule("lost", cites=("exiles.play.7", STANDSTILL),
            ru="ходов нет (кроме перекладывания одинокой карты на пустое место), ссыльных нет, "
               "вторая раскладка сыграна",
            en="no move is left (but a lone card moved to an empty place), no exile, and the second layout is played")
def lost(game, move) -> bool:
    """Lost when nothing can be done and the second layout has been played.

    A lone card laid on an empty packet uncovers nothing and changes no card
    that shows (`engine.assume.standstill`): it does not keep the game going."""
    return game.outcome() is not None and not game.is_won()


@RULES.rule("eight-kings-and-two-packs", cites=("exiles.play.1.1", "exiles.play.1.2", TWO_PACKS),
            ru="восемь королей из двух колод — основные карты", en="eight kings of two packs are the bases")
def eight_kings_and_two_packs(game, move) -> bool:
    """Two full packs; the eight kings lie as bases, one of each suit in each row."""
    return game.holds_packs(2) and \
        all(len(game.piles[f]) == 1 and game.piles[f][0] & 15 == KING for f in game.bases)


@RULES.rule("rank-and-place-never-meet", cites=("exiles.play.2.2", "exiles.play.2.3", "exiles.play.3.1",
                                                "exiles.play.3.2", "exiles.play.3.3", "exiles.play.3.4",
                                                DEAL_AT_ONCE),
            ru="карта, достоинство которой равно ее месту в ряду, отложена как ссыльная",
            en="a card whose value equals its place in the row has been set aside as an exile")
def rank_and_place_never_meet(game, move) -> bool:
    """After the deal no packet holds a card of its own number (those went to the exiles)."""
    return all(not any(c & 15 == k + 1 for c in game.piles[i]) for k, i in enumerate(game.packets))


def _piles() -> tuple[PileSpec, ...]:
    piles = []
    for row, kind in enumerate(("up", "down")):
        for k, s in enumerate("SHDC"):
            piles.append(PileSpec(f"{kind}-{s}", "foundation", 3.0 + k * 1.3 + row * 5.4, 0.0))
    piles += [PileSpec(f"packet-{k}", "packet", (k - 1) * 1.2, 1.8, dy=0.05) for k in range(1, 13)]
    piles += [PileSpec(f"thirteenth-{k}", "spread", 12 * 1.2 + 0.6, 1.8 + (k - 1) * 0.35) for k in range(1, SPREAD + 1)]
    piles.append(PileSpec("exiles", "exiles", 0.0, 0.0))
    return tuple(piles)


class Exiles(Game):
    slug = "exiles"
    title_1912 = "Ссыльныя"
    title_modern = "Ссыльные"
    title_en = "The Exiles"
    book_order = 12
    decks = 2
    REDEALS = 1
    FACE_DOWN = frozenset({"exiles"})
    EXTRA = {"chain": 0, "steps": 0, "exchanged": 0}  # chain: packet number of a running chain (0: none)
    PILES = _piles()
    RULES = RULES
    ROUTES = {
        ("packet", "foundation"): (not_during_a_chain, available_cards, bases_in_suit),
        ("spread", "foundation"): (not_during_a_chain, available_cards, bases_in_suit),
        ("exiles", "foundation"): (not_during_a_chain, exile_when_stuck, bases_in_suit),
        ("packet", "packet"): (not_during_a_chain, available_cards, empty_packet_takes_a_card),
        ("spread", "packet"): (not_during_a_chain, available_cards, empty_packet_takes_a_card),
        ("foundation", "foundation"): (not_during_a_chain, one_exchange),
        "exile": (not_during_a_chain, exile_when_stuck, exile_under_its_packet),
        "chain": (chain_of_top_cards,),
        "redeal": (not_during_a_chain, gather_and_deal_again),
        ("exiles", "packet"): (exiles_go_under_their_packet,),
        ("exiles", "spread"): (exiles_go_under_their_packet,),
        ("foundation", "packet"): (empty_place_takes_a_packet_card,),
        **{(role, "exiles"): (exiles_set_aside_in_the_deal,) for role in ("packet", "spread", "foundation")},
        **{(role, "spread"): (thirteenth_takes_no_card,) for role in ("packet", "spread", "foundation")},
    }
    WON = won
    LOST = lost
    ENDING = {"won": ("exiles.play.1.3", "goal"), "lost": ("exiles.play.7", "limit")}
    SETUP = (eight_kings_and_two_packs, rank_and_place_never_meet)

    # set below the class
    packets: tuple[int, ...] = ()
    spread: tuple[int, ...] = ()
    bases: tuple[int, ...] = ()
    ups: frozenset[int] = frozenset()
    exiles: int = 0

    def setup(self, cards: list[int]) -> None:
        # the two kings of a suit are alike: one goes to each row of bases
        for n, f in enumerate(self.bases):
            self.piles[f].append(make(KING, n % 4))
        self.lay_out([c for c in cards if c & 15 != KING])

    def lay_out(self, cards: list[int]) -> None:
        """Deal rows of thirteen; a card whose rank is its place goes to the exiles (play.3)."""
        places = self.packets + (None,)
        pack = cards[::-1]
        row = 0
        while pack:
            for place, i in enumerate(places, start=1):
                while pack and pack[-1] & 15 == place:
                    self.piles[self.exiles].append(pack.pop())
                if not pack:
                    break
                target = i if i is not None else self.spread[row]
                self.piles[target].append(pack.pop())
            row += 1

    def do_exile(self) -> None:
        card = self.piles[self.exiles].pop()
        self.piles[self.packets[(card & 15) - 1]].insert(0, card)
        self.extra["chain"] = card & 15
        self.extra["steps"] = 0
        self.settle_chain()

    def do_chain(self) -> None:
        source = self.extra["chain"]
        packet = self.piles[self.packets[source - 1]]
        card = packet.pop()
        self.piles[self.packets[(card & 15) - 1]].insert(0, card)
        self.extra["chain"] = CHAIN_FROM.of(self)(source, card)  # the packet the next step takes from
        self.extra["steps"] += 1
        if card & 15 == source:
            self.extra["chain"] = 0
        self.settle_chain()

    def settle_chain(self) -> None:
        chain = self.extra["chain"]
        if chain and (base_card_free(self) or not self.piles[self.packets[chain - 1]]
                      or self.extra["steps"] >= CHAIN_CAP):
            self.extra["chain"] = 0
        if not self.extra["chain"]:
            self.extra["steps"] = 0

    def after_move(self, move: Move) -> None:
        if self.roles[self.index[move.src]] == "foundation":
            self.extra["exchanged"] = 1

    def do_redeal(self) -> None:
        order = self.packets[:6] + self.spread + self.packets[6:]
        gathered = []
        for i in order:
            gathered += self.piles[i]
            self.piles[i].clear()
        self.redeals_left -= 1
        self.extra["exchanged"] = EXCHANGES.of(self)(self)  # the leave of play.8, kept or renewed
        self.lay_out(gathered)

    def outcome(self):
        """As `Game.outcome`, and lost also when only lone cards can be moved
        to empty packets (`engine.assume.standstill`)."""
        result = super().outcome()
        if result is None and not any(m.action for m in self.legal_moves) and self.is_standstill():
            result = Outcome(Termination.LOST, lost.id, lost.clauses)
        return result

    def check_position(self):
        if not 0 <= self.extra["chain"] <= 12:
            return "extra.chain is a packet number from 1 to 12, or 0", "extra.chain"
        if self.extra["exchanged"] not in (0, 1):
            return "extra.exchanged is 0 or 1", "extra.exchanged"
        for i in self.spread:
            if len(self.piles[i]) > 1:
                return f"a place of the thirteenth packet holds one card: {self.names[i]!r}", f"piles.{self.names[i]}"
        for f in self.bases:
            pile = self.piles[f]
            if pile and pile[0] & 15 != KING:
                return f"base {self.names[f]!r} must start with its king", f"piles.{self.names[f]}"
        return None

    def generate_moves(self):
        piles, names = self.piles, self.names
        if self.extra["chain"]:
            yield Move(action="chain")
            return
        wanted: dict[int, list[int]] = {}
        for f in self.bases:
            card = wants(self, f)
            if card:
                wanted.setdefault(card, []).append(f)
        free = False
        empty = [j for j in self.packets if not piles[j]]
        for i in available(self):
            card = piles[i][-1]
            for f in wanted.get(card, ()):
                free = True
                yield Move(names[i], names[f])
            for j in empty:
                if j != i:
                    yield Move(names[i], names[j])
        exiles = piles[self.exiles]
        stopped = not free and not (PLAY_STOPS.of(self) and uncovering_fill(self))
        if exiles and stopped:
            if exiles[-1] in wanted:
                for f in wanted[exiles[-1]]:
                    yield Move(names[self.exiles], names[f])
            else:
                yield Move(action="exile")
        if not self.extra["exchanged"]:
            for i in self.ups:
                if len(piles[i]) > 1:
                    for f in wanted.get(piles[i][-1], ()):
                        if f not in self.ups:
                            yield Move(names[i], names[f])
        if self.redeals_left and not exiles and stopped and any(piles[i] for i in self.packets + self.spread):
            yield Move(action="redeal")


Exiles.packets = tuple(Exiles.index[f"packet-{k}"] for k in range(1, 13))
Exiles.spread = tuple(Exiles.index[f"thirteenth-{k}"] for k in range(1, SPREAD + 1))
Exiles.bases = tuple(Exiles.index[f"{kind}-{s}"] for kind in ("up", "down") for s in "SHDC")
Exiles.ups = frozenset(Exiles.bases[:4])
Exiles.exiles = Exiles.index["exiles"]

GAME = Exiles
