"""Мельница (Le Moulin, The Mill): an ace in the middle, eight wings, four
kings in the corners.

000 lines 98-107. An ace is taken from the packs and laid in the middle;
eight cards round it are the wings of the windmill; the first four kings go
to the four corners. The kings are built down to the aces and the middle ace
up, four whole sequences one after the other, all regardless of suit. Every
card of the wings is available; a wing left empty is filled at once from the
pack or the talon; the pack is turned one card at a time, the cards that
cannot be played forming the talon, once the available cards have been
played (`mill.assume.turn-when`). A king's pile may lend its top card to the
middle, one card at a time, when that lets a wing or talon card be played
there at once. No redeal.

Piles: ``centre``, ``corner-1`` .. ``corner-4`` (the kings), ``wing-1`` ..
``wing-8``, ``stock``, ``talon``.
"""

from __future__ import annotations

from engine.cards import ACE, KING
from engine.core import Game, Move, PileSpec, one_card
from engine.rulebook import Alternative, RuleBook

RULES = RuleBook("mill")

FIRST_ACE = RULES.assume(
    "first-ace-of-the-shuffle",
    "«Берутъ изъ колоды туза»: the text does not say which ace; any will do, and the engine takes "
    "the first ace of the shuffled packs, so that a deal number fixes the layout.",
    "most natural reading",
)
TALON_TOP = RULES.assume(
    "talon-top-available",
    "The text makes one packet of the talon (play.1.8) and takes cards from it (play.2.1, 2.2) "
    "without saying which: only its top card can be used, the cards beneath being covered by it.",
    "most natural reading; terms.available",
)
LEND_WHEN = RULES.assume(
    "lend-then-play",
    "«Къ этому средству прибѣгаютъ только тогда, когда, со снятіемъ этой карты, можно немедленно же "
    "употребить въ дѣло другую годную карту изъ крыльевъ или талона» (play.2.4), «если нужно» "
    "(play.2.3): the text does not say where the freed card goes. The lending is needed only for a "
    "wing or talon card that can then go on the middle pile, one higher than the lent card (a king "
    "there only once the four corners are filled, play.1.3): a card the king's pile could take "
    "after it, of the lent card's own value, could have gone on the middle pile straight away. A "
    "packet that has lent may lend again only after a wing or talon card has been played (extra "
    "«lent», the packets that have lent since).",
    "most natural reading",
)


KING_STAYS = RULES.assume(
    "lent-card-not-the-king",
    "«Верхняя карта каждой изъ королевскихъ пачекъ можетъ быть ... переложена на тузовую пачку» "
    "(play.2.3) does not say whether a packet that is only its king may lend the king: the engine "
    "lends only a card built on a king, never the king, who is one of the five foundation cards "
    "(play.1.4) and whose corner would be left without a base.",
    "most natural reading",
)


def _at_standstill(game, moves: list[Move]) -> bool:
    return not moves


def _talon_top_unusable(game, moves: list[Move]) -> bool:
    roles, index, piles = game.roles, game.index, game.piles
    for m in moves:
        if roles[index[m.dst]] in ("centre", "corner") and (
                m.src == "talon" or (roles[index[m.dst]] == "corner" and not piles[index[m.dst]])):
            return False  # the talon's top can be played, or a king waits for an empty corner
    return True


TURN_WHEN = RULES.reading(
    "turn-when",
    "«Размѣстивши средняго туза и крылья, берутъ изъ крыльевъ короля ... или же другую подходящую "
    "карту ...; затѣмъ берутъ остальную колоду, переворачиваютъ карты одну за другою и играютъ тѣ изъ "
    "нихъ, которыя ... могутъ быть приняты» (play.1.6, 1.7), «карты, которыя не могутъ быть "
    "употреблены въ дѣло, ... образуютъ собою талонъ» (play.1.8): the text plays the wings first, then "
    "turns the pack, and lays on the talon only the cards that cannot be used; it does not say "
    "whether, once the pack is being turned, a wing card that can be played holds the next card "
    "back.",
    alternatives=(
        Alternative(
            "at-standstill",
            "The next card is turned only when nothing else can be done: no wing or talon card can "
            "be played (a lending that frees one counts), no wing waits to be filled.",
            ("mill.play.1.6", "mill.play.1.7", "mill.play.1.8", "mill.play.2.2"),
            _at_standstill),
        Alternative(
            "talon-top-unusable",
            "The next card is turned once the last one turned cannot be used (the talon's top cannot "
            "be played) and no king waits for an empty corner (play.1.3); a wing card that could be "
            "played may wait, the player preferring the talon's cards (play.2.1).",
            ("mill.play.1.7", "mill.play.1.8", "mill.play.1.3", "mill.play.2.1",
             "Cadogan 1874, Le Moulin: the rest of the pack is dealt card by card, every card that "
             "can be played being played, the others forming the talon"),
            _talon_top_unusable),
    ),
    default="at-standstill",
    why_default="The order of play.1.6 and 1.7 (the wings' cards first, «затѣмъ» the pack) is the "
                "order of the whole game: the pack is the last resort, as in the book's other "
                "games with a talon; it is also the stricter reading.",
)


def _each_packet(game, corner: int) -> bool:
    return not game.extra["lent"] >> game.corner_bit(corner) & 1


def _one_in_all(game, corner: int) -> bool:
    return not game.extra["lent"]


LEND_LIMIT = RULES.reading(
    "lend-limit",
    "«За одинъ разъ можно брать только одну карту съ пачки» (play.2.4): one card at a time from a "
    "packet. The text does not say whether that is one card from each king's packet or one card "
    "in all before a wing or talon card is played.",
    alternatives=(
        Alternative(
            "each-packet",
            "Each king's packet may lend one card; it may lend again once a wing or talon card has "
            "been played. Two packets may each lend one meanwhile, if each lending frees a card.",
            ("mill.play.2.4",
             "Cadogan 1874, Le Moulin: the privilege is limited to one card of each king packet at "
             "a time"),
            _each_packet),
        Alternative(
            "one-in-all",
            "One card in all is lent, from any packet, before a wing or talon card is played.",
            ("mill.play.2.4",),
            _one_in_all),
    ),
    default="each-packet",
    why_default="«Съ пачки» is said of the packet the card comes from, and Cadogan's wording is the "
                "same: one card of each at a time.",
)


@RULES.rule("wing-cards-available", cites=("mill.rule.1", "mill.play.1.6", TALON_TOP),
            ru="все карты крыльев годны, как и верхняя карта талона; по одной",
            en="every card of the wings is available, and the talon's top; one at a time")
def wing_cards_available(game, move) -> bool:
    """Every card in the wings is available (each wing holds one), and the top of the talon."""
    return move.n == 1


@RULES.rule("centre-four-sequences", cites=("mill.play.1.5", "mill.rule.2.3", "mill.rule.2.1"),
            ru="на среднего туза идут четыре полных подбора по порядку, не по мастям",
            en="the middle ace takes four whole sequences in order, regardless of suit")
def centre_four_sequences(game, move) -> bool:
    """The middle ace is built up, any suit, ace to king four times over (52 cards)."""
    return game.centre_wants() == game.moving_card(move) & 15


@RULES.rule("first-kings-to-the-corners", cites=("mill.play.1.3",),
            ru="пока не заняты все четыре угла, король идет в угол, а не на среднего туза",
            en="until the four corners are filled, a king goes to a corner, not onto the middle ace")
def first_kings_to_the_corners(game, move) -> bool:
    """The first four kings are the corners' bases: none goes to the middle while a corner is empty."""
    if game.moving_card(move) & 15 != KING:
        return None
    return all(game.piles[i] for i in game.by_role["corner"])


@RULES.rule("kings-in-the-corners", cites=("mill.play.1.3", "mill.play.1.4", "mill.rule.2.2"),
            ru="первые четыре короля ложатся по четырем углам",
            en="the first four kings go to the four corners")
def kings_in_the_corners(game, move) -> bool:
    """An empty corner takes a king, any king (the four other bases come during play)."""
    return None if game.target(move) else game.moving_card(move) & 15 == KING


@RULES.rule("kings-down-to-aces", cites=("mill.play.1.5", "mill.rule.2.3"),
            ru="короли нисходят по порядку до туза, масти не соблюдаются",
            en="the kings descend in sequence to the aces, regardless of suit")
def kings_down_to_aces(game, move) -> bool:
    """A king's pile takes the next lower card, whatever its suit, down to the ace."""
    dst = game.target(move)
    return None if not dst else (dst[-1] & 15) - 1 == game.moving_card(move) & 15


@RULES.rule("king-pile-lends-one-card", cites=("mill.play.2.3", "mill.play.2.4", LEND_WHEN, LEND_LIMIT, KING_STAYS),
            ru="верхнюю карту королевской пачки можно переложить на тузовую, по одной, "
               "если это сразу позволяет сыграть карту из крыльев или талона; иначе карты оснований "
               "остаются на месте",
            en="a king's pile may lend its top card to the middle, one at a time, "
               "if that lets a wing or talon card be played at once; otherwise foundation cards stay")
def king_pile_lends_one_card(game, move) -> bool:
    """A king's pile may give its top card to the middle ace, once, if a wing or talon card then plays.

    PySolFC's Windmill has no such move (its wings are also refilled
    automatically); the 1912 text allows it, one card at a time and only
    when it lets another available card be used at once (play.2.4). No other
    card leaves a foundation: the middle pile gives nothing back, and a
    king's pile gives only to the middle."""
    src = game.index[move.src]
    if game.roles[src] != "corner" or move.dst != "centre":
        return False
    if len(game.piles[src]) < 2 or not LEND_LIMIT.of(game)(game, src):
        return False
    if game.centre_wants() != game.moving_card(move) & 15:
        return False
    return game.lending_helps(src)


@RULES.rule("fill-wings-at-once", cites=("mill.play.2.2",),
            ru="пустое место в крыльях сразу закрывают картой из колоды или талона",
            en="an empty wing is filled at once from the pack or the talon")
def fill_wings_at_once(game, move) -> bool:
    """A card from the pack or the talon goes into an empty wing (and only into an empty one).

    No other card goes into the wings: neither a foundation's nor another
    wing's."""
    return game.roles[game.index[move.src]] in ("stock", "talon") and not game.target(move)


@RULES.rule("no-move-before-filling", cites=("mill.play.2.2",),
            ru="пока крыло пусто, сначала его закрывают",
            en="while a wing is empty, it must be filled first")
def no_move_before_filling(game, move) -> bool:
    """While a wing is empty and the pack or talon has a card, nothing else may be done."""
    return False if game.wing_waiting() else None


@RULES.rule("turn-the-pack", cites=("mill.play.1.7", "mill.play.1.8", TURN_WHEN),
            ru="колоду переворачивают по одной карте, когда годные карты сыграны; негодные образуют талон",
            en="the pack is turned one card at a time once the available cards are played; cards that "
               "cannot be used form the talon")
def turn_the_pack(game, move) -> bool:
    """The next card of the pack is turned onto the talon, once play waits for it (`mill.assume.turn-when`)."""
    return bool(game.piles[game.index["stock"]]) and TURN_WHEN.of(game)(game, game.card_moves())


@RULES.rule("pack-and-talon", cites=("mill.play.1.7", "mill.play.1.8"),
            ru="карты колоды переворачивают одну за другой, а в талон идут лишь перевернутые карты, "
               "которые нельзя употребить",
            en="the pack's cards are turned one after another, and only turned cards that cannot be used "
               "go to the talon")
def pack_and_talon(game, move) -> bool:
    """No card is played from the pack unturned, and none is laid on the pack or the talon.

    The pack's cards are turned over one after another (play.1.7, the
    `deal`) or fill a wing (play.2.2); the talon is the packet of the turned
    cards that could not be used (play.1.8). The rule speaks to no other move."""
    if move.action:
        return None
    roles = (game.roles[game.index[move.src]], game.roles[game.index[move.dst]])
    if roles == ("stock", "wing"):
        return None
    return False if "stock" in roles or roles[1] == "talon" else None


@RULES.rule("not-dealt-again", cites=("mill.play.2.5",),
            ru="вторично пасьянс не раскладывается", en="the game is not laid out a second time")
def not_dealt_again(game, move) -> bool:
    """There is no second deal: a redeal is refused (play.2.5). The rule speaks to nothing else."""
    return False if move.action == "redeal" else None


@RULES.rule("won", cites=("mill.play.1.5",),
            ru="четыре подбора на тузе и четыре короля до тузов", en="four sequences on the ace, four kings down to aces")
def won(game, move) -> bool:
    """Won when every card lies on the five foundations."""
    return not any(game.piles[i] for i in game.by_role["wing"] + game.by_role["stock"] + game.by_role["talon"])


@RULES.rule("lost", cites=("mill.play.2.5",),
            ru="ходов нет, а вторично пасьянс не раскладывается", en="no move is left, and there is no second deal")
def lost(game, move) -> bool:
    """Lost when nothing can be played, filled or turned: the game is not dealt again."""
    return not game.legal_moves


@RULES.rule("two-packs", cites=("mill.decks.1",), ru="две полные колоды карт", en="two full packs of cards")
def two_packs(game, move) -> bool:
    """The game is played with two full packs, 104 cards."""
    return game.holds_packs(2)


@RULES.rule("ace-and-eight-wings", cites=("mill.play.1.1", "mill.play.1.2", "mill.rule.2.2", FIRST_ACE),
            ru="туза кладут посредине, вокруг него восемь карт — крылья мельницы",
            en="an ace in the middle, eight cards round it as the wings of the mill")
def ace_and_eight_wings(game, move) -> bool:
    """The opening: one ace in the middle, one card on each of the eight wings, the corners empty."""
    centre = game.piles[game.index["centre"]]
    return len(centre) == 1 and centre[0] & 15 == ACE and \
        all(len(game.piles[i]) == 1 for i in game.by_role["wing"]) and \
        not any(game.piles[i] for i in game.by_role["corner"])


def _piles() -> tuple[PileSpec, ...]:
    piles = [PileSpec("centre", "centre", 3.0, 3.0)]
    for k, (x, y) in enumerate(((0.0, 0.0), (6.0, 0.0), (6.0, 6.0), (0.0, 6.0)), 1):
        piles.append(PileSpec(f"corner-{k}", "corner", x, y))
    # the wings: top, then clockwise, two cards a sail
    for k, (x, y) in enumerate(((3.0, 0.0), (3.0, 1.5), (4.5, 3.0), (6.0, 3.0),
                                (3.0, 4.5), (3.0, 6.0), (1.5, 3.0), (0.0, 3.0)), 1):
        piles.append(PileSpec(f"wing-{k}", "wing", x, y))
    piles += [PileSpec("stock", "stock", 8.0, 6.0), PileSpec("talon", "talon", 9.5, 6.0)]
    return tuple(piles)


class Mill(Game):
    slug = "mill"
    title_1912 = "Мельница"
    title_modern = "Мельница"
    title_en = "The Mill"
    aliases = ("Le Moulin",)
    book_order = 8
    decks = 2
    # lent: bit k set once corner-(k+1) has lent a card to the middle, until
    # a wing or talon card is played (`mill.assume.lend-then-play`)
    EXTRA = {"lent": 0}
    AFTER_MOVE_KEEPS_PILES = True  # after_move only sets "lent"
    PILES = _piles()
    RULES = RULES
    _TO_CENTRE = (no_move_before_filling, wing_cards_available, centre_four_sequences, first_kings_to_the_corners)
    _TO_CORNER = (no_move_before_filling, wing_cards_available, kings_in_the_corners, kings_down_to_aces)
    ROUTES = {
        ("wing", "centre"): _TO_CENTRE,
        ("talon", "centre"): _TO_CENTRE,
        ("wing", "corner"): _TO_CORNER,
        ("talon", "corner"): _TO_CORNER,
        ("corner", "centre"): (no_move_before_filling, wing_cards_available, king_pile_lends_one_card),
        ("stock", "wing"): (one_card, fill_wings_at_once),
        ("talon", "wing"): (one_card, fill_wings_at_once),
        # refusals, each citing the clause that forbids the move
        **{(src, dst): (king_pile_lends_one_card,) for src in ("centre", "corner")
           for dst in ("centre", "corner") if (src, dst) != ("corner", "centre")},
        **{(src, "wing"): (fill_wings_at_once,) for src in ("centre", "corner", "wing")},
        **{pair: (pack_and_talon,) for pair in (
            ("centre", "stock"), ("centre", "talon"), ("corner", "stock"), ("corner", "talon"),
            ("wing", "stock"), ("wing", "talon"), ("talon", "stock"),
            ("stock", "centre"), ("stock", "corner"), ("stock", "talon"))},
        "deal": (no_move_before_filling, turn_the_pack),
        "redeal": (not_dealt_again,),
    }
    WON = won
    LOST = lost
    ENDING = {"won": ("mill.play.1.5", "goal"), "lost": ("mill.play.2.5", "limit")}
    SETUP = (two_packs, ace_and_eight_wings)

    def setup(self, cards: list[int]) -> None:
        first = next(k for k, c in enumerate(cards) if c & 15 == ACE)
        self.piles[self.index["centre"]].append(cards[first])
        rest = cards[:first] + cards[first + 1:]
        for k, i in enumerate(self.by_role["wing"]):
            self.piles[i].append(rest[k])
        self.set_stock(rest[8:])

    def centre_wants(self) -> int:
        """The rank the middle pile takes next (0 when its four sequences are complete)."""
        centre = self.piles[self.index["centre"]]
        if len(centre) >= 52:
            return 0
        return (centre[-1] & 15) % KING + 1 if centre else ACE

    def wing_waiting(self) -> bool:
        """An empty wing that the pack or the talon could fill."""
        piles = self.piles
        if not (piles[self.index["stock"]] or piles[self.index["talon"]]):
            return False
        for i in self.by_role["wing"]:
            if not piles[i]:
                return True
        return False

    def free_cards(self) -> list[int]:
        """The wing cards and the talon's top."""
        cards = [self.piles[i][-1] for i in self.by_role["wing"] if self.piles[i]]
        talon = self.piles[self.index["talon"]]
        if talon:
            cards.append(talon[-1])
        return cards

    def corner_bit(self, corner: int) -> int:
        return corner - self.by_role["corner"][0]

    def lending_helps(self, corner: int) -> bool:
        """After the corner lends its top to the middle, can a wing or talon card go on the middle?

        One higher than the lent card; a king only with the four corners
        filled (play.1.3). (A card of the lent card's value, which the
        corner's next card would take, could go on the middle already: the
        lending is not needed for it, `mill.assume.lend-then-play`.)"""
        wanted = (self.piles[corner][-1] & 15) % KING + 1
        if wanted == KING and not all(self.piles[i] for i in self.by_role["corner"]):
            return False  # the first kings go to the corners (play.1.3)
        return any(c & 15 == wanted for c in self.free_cards())

    def do_deal(self) -> None:
        self.piles[self.index["talon"]].append(self.piles[self.index["stock"]].pop())

    def do_redeal(self) -> None:
        raise ValueError("mill is not laid out a second time (mill.play.2.5)")

    def after_move(self, move: Move) -> None:
        src = self.index[move.src]
        if self.roles[src] == "corner":
            self.extra["lent"] |= 1 << self.corner_bit(src)
        elif self.roles[src] in ("wing", "talon") and self.roles[self.index[move.dst]] in ("centre", "corner"):
            self.extra["lent"] = 0

    def check_position(self):
        if not 0 <= self.extra["lent"] < 1 << 4:
            return "extra.lent is a set of corners, a whole number from 0 to 15", "extra.lent"
        for i in self.by_role["wing"]:
            if len(self.piles[i]) > 1:
                return "a wing holds one card at most", f"piles.{self.names[i]}[1]"
        centre = self.piles[self.index["centre"]]
        for k, card in enumerate(centre):
            if card & 15 != k % 13 + 1 or k >= 52:
                return "the middle pile runs ace to king, four times over", f"piles.centre[{k}]"
        for i in self.by_role["corner"]:
            for k, card in enumerate(self.piles[i]):
                if card & 15 != KING - k:
                    return f"{self.names[i]} runs from a king down to an ace", f"piles.{self.names[i]}[{k}]"
        return None

    def card_moves(self) -> list[Move]:
        """Every card move of the position (the deal aside)."""
        piles, table = self.piles, self.move_table
        stock, talon = self.index["stock"], self.index["talon"]
        wings = self.by_role["wing"]
        if self.wing_waiting():
            return [table[i][j] for j in wings if not piles[j] for i in (stock, talon) if piles[i]]
        moves = []
        centre = self.index["centre"]
        centre_rank = self.centre_wants()
        corners = self.by_role["corner"]
        for i in wings + (talon,):
            p = piles[i]
            if not p:
                continue
            rank = p[-1] & 15
            if rank == centre_rank and (rank != KING or all(piles[j] for j in corners)):
                moves.append(table[i][centre])
            for j in corners:
                q = piles[j]
                if (q and (q[-1] & 15) - 1 == rank) or (not q and rank == KING):
                    moves.append(table[i][j])
        if centre_rank:
            may_lend = LEND_LIMIT.of(self)
            for j in corners:
                q = piles[j]
                if len(q) >= 2 and q[-1] & 15 == centre_rank and may_lend(self, j) and self.lending_helps(j):
                    moves.append(table[j][centre])
        return moves

    def generate_moves(self):
        moves = self.card_moves()
        yield from moves
        if self.piles[self.index["stock"]] and not self.wing_waiting() and TURN_WHEN.of(self)(self, moves):
            yield Move(action="deal")


GAME = Mill
