"""Четыре угла (Les Quatre Coins, The Four Corners): twelve packets round
eight foundations, played while dealing.

000 lines 83-97. Twelve packets: on the left a top corner, four side
packets and a bottom corner, the same on the right, the middle left for the
foundations: four aces (up in suit to the kings) and four kings (down in
suit to the aces), one of each suit. The whole pack is dealt round the twelve
packets; the foundation cards go to their places as they appear; while
dealing, a corner packet's top card may be played on any foundation, a side
packet's only on the foundation beside it. After the deal the top cards may
be played anywhere and married up or down; once every combination is made
and no play is left (a card shuttling between twin cards of the two packs
does not count: `engine.assume.standstill`), the packets may be gathered in
order and dealt again: twice, or once under the other reading of play.6.2
(`four-corners.assume.redeal-count`).

Piles: ``left-1`` (top corner) .. ``left-6`` (bottom corner), ``right-1`` ..
``right-6``; ``foundation-<suit>-A`` in the left column of the middle,
``foundation-<suit>-K`` in the right one, rows S H D C beside the side packets
2..5.
"""

from __future__ import annotations

from engine.cards import ACE, KING
from engine.core import STANDSTILL, Game, Move, Outcome, PileSpec, StateError, Termination
from engine.rulebook import Alternative, RuleBook

RULES = RuleBook("four-corners")

PLACES = RULES.assume(
    "foundation-places",
    "The figure is lost, and «на опредѣленныя мѣста» does not say which foundation lies beside "
    "which side packet. The engine puts the aces in the left column of the middle and the kings "
    "in the right, one suit a row (spades, hearts, diamonds, clubs) beside side packets 2-5; a "
    "side packet adjoins the foundation in its row on its side.",
    "most natural reading; Cadogan 1874, The Four Corners, foundations between the side packets",
)
SAME_PLACE = RULES.assume(
    "dealt-foundation-card-leaves-no-gap",
    "play.4 sends a foundation card to its place as soon as it appears in the deal, but does not "
    "say where the next card of the pack goes: to the packet the foundation card would have "
    "fallen on, so that no packet is passed over.",
    "Cadogan 1874, The Four Corners: the next card is placed where the withdrawn one would have gone",
)
GATHER = RULES.assume(
    "gather-left-first",
    "«двѣнадцать пачекъ складываютъ по порядку, начиная съ лѣвой» says the packets are taken up "
    "in order from the left, not how they are stacked: the engine takes left-1 to left-6, then "
    "right-1 to right-6, each packet from its bottom card, not shuffled (the text gathers, it "
    "does not shuffle), and deals them again in the same order as the first time.",
    "most natural reading",
)
EMPTY_STAYS = RULES.assume(
    "empty-packet-stays-empty",
    "The text is silent on a packet cleared after the deal: it never says it is filled, and a "
    "marriage (play.5.3) needs a top card to lie on, so nothing is laid in an empty packet.",
    "most natural reading",
)
REDEAL_COUNT = RULES.reading(
    "redeal-count",
    "«Когда сдѣланы всевозможныя комбинаціи и дальнѣйшая игра невозможна, тогда двѣнадцать пачекъ "
    "складываютъ ... раскладываютъ пасьянсъ снова» (play.6.1), then «Если окажется необходимымъ, то "
    "пасьянсъ можно повторить еще разъ» (play.6.2). Whether play.6.2 grants a second redeal beyond "
    "the one of play.6.1, or only says that the one redeal may be made if it is needed, the text "
    "leaves open.",
    alternatives=(
        Alternative("2", "play.6.1 describes a first redeal, and play.6.2 allows the patience to be "
                    "repeated «еще разъ», once more: two redeals, three layouts in all.",
                    ("four-corners.play.6.1", "four-corners.play.6.2",
                     "Cadogan 1874, Explanation of terms: re-deals are always counted in addition to the "
                     "original deal"),
                    value=2),
        Alternative("1", "play.6.2 restates play.6.1: the patience may be laid out again once, «если "
                    "окажется необходимымъ»; one redeal, two layouts in all.",
                    ("four-corners.play.6.2",), value=1),
    ),
    default="2",
    why_default="«еще разъ» follows a sentence that already lays the patience out again, so it adds "
                "a repetition to it; Cadogan counts re-deals in addition to the first deal.",
)


@RULES.rule("top-card-available", cites=("four-corners.rule.1.1", "four-corners.rule.1.2"),
            ru="годна самая верхняя карта каждой пачки, по одной",
            en="the top card of each packet is available, one at a time")
def top_card_available(game, move) -> bool:
    """The uppermost card of each packet is available; those beneath are freed by its removal."""
    return move.n == 1


@RULES.rule("bases-to-their-places", cites=("four-corners.rule.2.1", "four-corners.play.2.1", PLACES),
            ru="основание начинается своим тузом или королем своей масти",
            en="a foundation begins with its own ace or king of its suit")
def bases_to_their_places(game, move) -> bool:
    """An empty foundation takes only its base: the ace (or king) of its suit."""
    i = game.index[move.dst]
    return None if game.piles[i] else game.moving_card(move) == game.foundation_wants(i)


@RULES.rule("foundations-follow-suit", cites=("four-corners.rule.2.2", "four-corners.play.2.2"),
            ru="тузы восходят к королям, короли нисходят к тузам, той же масти",
            en="aces ascend to kings and kings descend to aces, in suit")
def foundations_follow_suit(game, move) -> bool:
    """A started foundation takes the next card of its suit: up on the aces, down on the kings.

    The 1912 text (rule II) insists: «на туза червей идетъ вся его масть»."""
    i = game.index[move.dst]
    return None if not game.piles[i] else game.moving_card(move) == game.foundation_wants(i)


@RULES.rule("side-packets-only-beside", cites=("four-corners.play.4", "four-corners.play.5.1",
                                               "four-corners.play.5.2", PLACES),
            ru="пока раскладка не окончена, карта боковой пачки идет только на соседнее основание",
            en="while dealing, a side packet's card goes only to the foundation beside it")
def side_packets_only_beside(game, move) -> bool:
    """During the deal a side packet's top card may go only to the foundation next to it.

    Corner packets' cards may go to any foundation; the restriction ends with
    the deal (play.5.1)."""
    if game.phase != "deal":
        return None  # the restriction ends with the deal
    return game.beside[game.index[move.src]] == game.index[move.dst]


@RULES.rule("marriage-after-the-deal", cites=("four-corners.play.5.3", "four-corners.play.5.1", "terms.marriage.1"),
            ru="после раскладки верхние карты пачек можно класть марьяжем вверх или вниз, той же масти",
            en="after the deal, top cards marry up or down, in suit")
def marriage_after_the_deal(game, move) -> bool:
    """Once all is dealt, a top card may go on another packet's top card of its suit, one up or down.

    Modern descriptions of Four Corners (Morehead and Mott-Smith, followed
    by most programs) let the packets be built on each other regardless of
    suit; the 1912 text says «марьяжъ», which is always within one suit
    (terms.marriage)."""
    dst = game.target(move)
    if not dst:
        return None  # an empty packet: the next rule's question
    if game.phase != "play":
        return False
    card = game.moving_card(move)
    return card + 1 == dst[-1] or card - 1 == dst[-1]


@RULES.rule("empty-packet-stays-empty", cites=(EMPTY_STAYS,),
            ru="на опустевшее место карты не кладутся", en="nothing is laid in an emptied packet")
def empty_packet_stays_empty(game, move) -> bool:
    """A packet once emptied is not filled again until a redeal (the text is silent)."""
    return None if game.target(move) else False


@RULES.rule("deal-round-the-packets",
            cites=("four-corners.play.1.2", "four-corners.play.1.3", "four-corners.play.3",
                   "four-corners.play.4", SAME_PLACE),
            ru="колоду раскладывают по двенадцати пачкам, ряд за рядом; основные карты сразу идут на свои места",
            en="the pack is dealt round the twelve packets, round after round; foundation cards go to their places")
def deal_round_the_packets(game, move) -> bool:
    """The next card is dealt to the next packet in order; a foundation card goes to its place."""
    return game.phase == "deal" and bool(game.piles[game.index["stock"]])


@RULES.rule("pack-dealt-round-the-packets", cites=("four-corners.play.3", "four-corners.play.4"),
            ru="карты колоды только раскладывают по пачкам, ряд за рядом; основные карты сразу идут на свои места",
            en="the pack's cards are only dealt round the packets, round after round; foundation cards go to their places")
def pack_dealt_round_the_packets(game, move) -> bool:
    """A card of the pack goes out only by the deal (`deal`), never by the player's hand."""
    return False


@RULES.rule("pack-made-only-by-gathering", cites=("four-corners.play.3", "four-corners.play.6.1", GATHER),
            ru="в колоду карты возвращаются только тогда, когда пачки складывают для нового расклада",
            en="cards go back into the pack only when the packets are gathered for a new layout")
def pack_made_only_by_gathering(game, move) -> bool:
    """The whole pack is dealt out (play.3); it is made again only by the redeal's gathering (play.6.1)."""
    return False


@RULES.rule("redeals-counted", cites=("four-corners.play.6.2", REDEAL_COUNT),
            ru="пасьянс повторяют не больше двух раз (по другому чтению — одного)",
            en="the patience is laid out again at most twice (under the other reading, once)")
def redeals_counted(game, move) -> bool:
    """The packets are dealt again only while a redeal of the reading's count is left.

    `redeals_left` starts at the reading's count (`REDEAL_COUNT`): two, or one."""
    return game.redeals_left > 0


@RULES.rule("redeal-at-a-standstill", cites=("four-corners.play.6.1", STANDSTILL, GATHER),
            ru="пачки складывают и раскладывают снова, когда сделаны все комбинации и дальнейшая игра невозможна",
            en="the packets are gathered and dealt again once every combination is made and no play is left")
def redeal_at_a_standstill(game, move) -> bool:
    """After the deal, the twelve packets are gathered from the left and dealt again, only at a standstill.

    «Когда сдѣланы всевозможныя комбинаціи и дальнѣйшая игра невозможна»: no
    card can be played or married any more, except a card shuttling between
    twin cards of the two packs (`engine.assume.standstill`)."""
    return game.phase == "play" and any(game.piles[i] for i in game.packets) and game.standstill()


@RULES.rule("built-cards-stay", cites=("four-corners.rule.1.1", "four-corners.play.2.2"),
            ru="карта, положенная на основание, остается на нем: годны только верхние карты пачек",
            en="a card built on a foundation stays there: only the packets' top cards are available")
def built_cards_stay(game, move) -> bool:
    """«Самая верхняя карта каждой пачки годна для игры и можетъ быть помѣщена на одно изъ основаній»
    (rule I): only a packet's top card moves; nothing leaves a foundation."""
    return False


@RULES.rule("won", cites=("four-corners.play.2.2",),
            ru="все карты на основаниях", en="every card is on the foundations")
def won(game, move) -> bool:
    """Won when the aces have reached the kings and the kings the aces: every card is built."""
    return not any(game.piles[i] for i in game.packets + game.by_role["stock"])


@RULES.rule("lost", cites=("four-corners.play.6.2", REDEAL_COUNT, STANDSTILL),
            ru="ходов нет и повторять пасьянс больше нельзя", en="no move is left and no redeal")
def lost(game, move) -> bool:
    """Lost when nothing can be played or married (but twin cards shuttled) and no redeal is left."""
    return game.outcome() is not None and not game.is_won()


@RULES.rule("two-packs", cites=("four-corners.decks.1",), ru="две полные колоды карт", en="two full packs of cards")
def two_packs(game, move) -> bool:
    """The game is played with two full packs, 104 cards."""
    return game.holds_packs(2)


@RULES.rule("twelve-cards-left-then-right", cites=("four-corners.play.1.1", "four-corners.play.1.2",
                                                   "four-corners.play.1.3"),
            ru="первые двенадцать карт: слева угол, четыре боковых, угол; то же справа",
            en="the first twelve cards: on the left a corner, four sides, a corner; the same on the right")
def twelve_cards_left_then_right(game, move) -> bool:
    """The opening: one card on each of the twelve packets, the foundation cards already placed."""
    return all(len(game.piles[i]) == 1 for i in game.packets) and game.extra["next"] == 0


def _piles() -> tuple[PileSpec, ...]:
    piles = []
    # packets fan outwards, away from the foundations, so rows do not overlap
    for side, x, dx in (("left", 2.0, -0.2), ("right", 7.6, 0.2)):
        for k in range(1, 7):
            piles.append(PileSpec(f"{side}-{k}", "corner" if k in (1, 6) else "side", x, (k - 1) * 1.6, dx=dx))
    for row, suit in enumerate("SHDC"):
        for b, x in (("A", 3.9), ("K", 5.7)):
            piles.append(PileSpec(f"foundation-{suit}-{b}", "foundation", x, (row + 1) * 1.6,
                                  suit=row, base=ACE if b == "A" else KING, step=1 if b == "A" else -1))
    piles.append(PileSpec("stock", "stock", 4.8, 9.8))
    return tuple(piles)


class FourCorners(Game):
    slug = "four-corners"
    title_1912 = "Четыре угла"
    title_modern = "Четыре угла"
    title_en = "The Four Corners"
    aliases = ("Les Quatre Coins", "Four Corners")
    book_order = 7
    decks = 2
    REDEALS = 2
    PHASES = ("deal", "play")
    EXTRA = {"next": 0}  # the packet (0..11, dealing order) the next card goes to
    PILES = _piles()
    RULES = RULES
    ROUTES = {
        ("corner", "foundation"): (top_card_available, bases_to_their_places, foundations_follow_suit),
        ("side", "foundation"): (top_card_available, side_packets_only_beside, bases_to_their_places,
                                 foundations_follow_suit),
        ("corner", "corner"): (top_card_available, empty_packet_stays_empty, marriage_after_the_deal),
        ("corner", "side"): (top_card_available, empty_packet_stays_empty, marriage_after_the_deal),
        ("side", "corner"): (top_card_available, empty_packet_stays_empty, marriage_after_the_deal),
        ("side", "side"): (top_card_available, empty_packet_stays_empty, marriage_after_the_deal),
        "deal": (deal_round_the_packets,),
        **{("stock", role): (pack_dealt_round_the_packets,) for role in ("corner", "side", "foundation")},
        "redeal": (redeals_counted, redeal_at_a_standstill),
        **{(role, "stock"): (pack_made_only_by_gathering,) for role in ("corner", "side", "foundation")},
        **{("foundation", role): (built_cards_stay,) for role in ("corner", "side", "foundation")},
    }
    WON = won
    LOST = lost
    ENDING = {"won": ("four-corners.play.2.2", "goal"), "lost": ("four-corners.play.6.2", "limit")}
    SETUP = (two_packs, twelve_cards_left_then_right)

    # set below the class: the packets in dealing order (left-1..left-6,
    # right-1..right-6) and each side packet's foundation
    packets: tuple[int, ...] = ()
    beside: dict[int, int] = {}

    _asking = False  # True while `standstill` runs (the generator then skips its own redeal test)

    def setup(self, cards: list[int]) -> None:
        self.redeals_left = REDEAL_COUNT.of(self)
        self.set_stock(cards)
        self.deal_round()

    @classmethod
    def from_portable(cls, state: dict) -> "FourCorners":
        """As `Game.from_portable`; a state without ``redeals_left`` has the
        reading's count, and none may have more."""
        game = super().from_portable(state)
        most = REDEAL_COUNT.of(game)
        if "redeals_left" not in state:
            game.redeals_left = most
        elif game.redeals_left > most:
            raise StateError(f"redeals_left must be a whole number from 0 to {most} under "
                             f"{REDEAL_COUNT.id} = {game.readings[REDEAL_COUNT.id]}", "redeals_left")
        return game

    def standstill(self) -> bool:
        """`Game.is_standstill`, guarded: the generator it runs does not ask again."""
        if self._asking:
            return False
        self._asking = True
        try:
            return self.is_standstill()
        finally:
            self._asking = False

    def outcome(self):
        """As `Game.outcome`, and lost also when only twin shuttles are left
        and no redeal (they change nothing: `engine.assume.standstill`)."""
        result = super().outcome()
        if result is None and self.phase == "play" and not any(m.action for m in self.legal_moves) \
                and self.standstill():
            result = Outcome(Termination.LOST, lost.id, lost.clauses)
        return result

    def deal_round(self) -> None:
        """Deal until each of the twelve packets has received a card (the first round)."""
        stock = self.piles[self.index["stock"]]
        while stock and not all(self.piles[i] for i in self.packets):
            self.do_deal()

    def do_deal(self) -> None:
        stock = self.piles[self.index["stock"]]
        card = stock.pop()
        for f in self.by_role["foundation"]:
            if not self.piles[f] and self.foundation_wants(f) == card:
                self.piles[f].append(card)
                break
        else:
            self.piles[self.packets[self.extra["next"]]].append(card)
            self.extra["next"] = (self.extra["next"] + 1) % 12
        if not stock:
            self.phase = "play"
            self.extra["next"] = 0

    def do_redeal(self) -> None:
        cards = []
        for i in self.packets:
            cards.extend(self.piles[i])
            self.piles[i].clear()
        self.redeals_left -= 1
        self.phase = "deal"
        self.extra["next"] = 0
        self.set_stock(cards)
        self.deal_round()

    def check_position(self):
        if not 0 <= self.extra["next"] < 12:
            return "extra.next must be a packet number from 0 to 11", "extra.next"
        return None

    def generate_moves(self):
        piles, phase, table = self.piles, self.phase, self.move_table
        wants = self.wanted_cards()
        tops: dict[int, list[int]] = {}
        if phase == "play":
            for i in self.packets:
                if piles[i]:
                    tops.setdefault(piles[i][-1], []).append(i)
        beside = self.beside
        moved = real = False  # a card move found; one that is not a shuttle between twins
        for i in self.packets:
            p = piles[i]
            if not p:
                continue
            card = p[-1]
            for f in wants.get(card, ()):
                if phase == "play" or i not in beside or beside[i] == f:
                    moved = real = True
                    yield table[i][f]
            if phase == "play":
                rank = card & 15
                under = p[-2] if len(p) > 1 else -1
                for step in (1, -1):
                    if 1 <= rank + step <= KING:
                        for j in tops.get(card + step, ()):
                            if j != i:
                                moved = True
                                real = real or under != card + step  # else a shuttle: the tops stay the same
                                yield table[i][j]
        if phase == "deal" and piles[self.index["stock"]]:
            yield Move(action="deal")
        if phase == "play" and self.redeals_left and not real and any(piles[i] for i in self.packets) \
                and (not moved or self.standstill()):
            yield Move(action="redeal")


FourCorners.packets = tuple(
    FourCorners.index[f"{side}-{k}"] for side in ("left", "right") for k in range(1, 7))
FourCorners.beside = {FourCorners.index[f"{side}-{row + 2}"]: FourCorners.index[f"foundation-{suit}-{b}"]
                      for row, suit in enumerate("SHDC") for side, b in (("left", "A"), ("right", "K"))}

GAME = FourCorners
