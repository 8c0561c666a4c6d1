"""Мельница (Le Moulin, The Mill): an ace in the middle, eight wings, four
kings in the corners.

000 lines 98-107. An ace is taken from the packs and laid in the middle;
eight cards round it are the wings of the windmill; the first four kings go
to the four corners. The kings are built down to the aces and the middle ace
up, four whole sequences one after the other, all regardless of suit. Every
card of the wings is available; a wing left empty is filled at once from the
pack or the talon; the pack is turned one card at a time, the cards that
cannot be played forming the talon. A king's pile may lend its top card to
the middle, one card at a time, when that lets a wing or talon card be played
at once. No redeal.

Piles: ``centre``, ``corner-1`` .. ``corner-4`` (the kings), ``wing-1`` ..
``wing-8``, ``stock``, ``talon``.
"""

from __future__ import annotations

from engine.cards import ACE, KING
from engine.core import Game, Move, PileSpec, one_card
from engine.rulebook import RuleBook

RULES = RuleBook("mill")

FIRST_ACE = RULES.assume(
    "first-ace-of-the-shuffle",
    "«Берутъ изъ колоды туза»: any ace will do; the engine takes the first ace of the shuffled "
    "packs, so that a deal number fixes the layout.",
    "most natural reading",
)
TALON_TOP = RULES.assume(
    "talon-top-available",
    "Only the top card of the talon can be used (it is one packet, play.1.8); the cards beneath "
    "are covered by it.",
    "most natural reading; terms.available",
)
TURN_ANY_TIME = RULES.assume(
    "turn-the-pack-any-time",
    "The text turns the pack after the first plays from the wings («Затѣмъ»); the engine lets the "
    "player turn the next card whenever no wing is waiting to be filled.",
    "most natural reading",
)
LEND_ONCE = RULES.assume(
    "lend-one-card-then-play",
    "«за одинъ разъ можно брать только одну карту съ пачки ... только тогда, когда, со снятіемъ "
    "этой карты, можно немедленно же употребить въ дѣло другую годную карту изъ крыльевъ или "
    "талона»: a king's pile lends its top card to the middle only if, after it, a wing card or the "
    "talon's top can go on that king's pile or on the middle; and no second card may be lent "
    "before a wing or talon card has been played.",
    "most natural reading",
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


@RULES.rule("king-pile-lends-one-card", cites=("mill.play.2.3", "mill.play.2.4", LEND_ONCE),
            ru="верхнюю карту королевской пачки можно переложить на тузовую, по одной, "
               "если это сразу позволяет сыграть карту из крыльев или талона",
            en="a king's pile may lend its top card to the middle, one at a time, "
               "if that lets a wing or talon card be played at once")
def king_pile_lends_one_card(game, move) -> bool:
    """A king's pile may give its top card to the middle ace, once, if a wing or talon card then plays.

    PySolFC's Windmill has no such move (its wings are also refilled
    automatically); the 1912 text allows it, one card at a time and only
    when it lets another available card be used at once (play.2.4)."""
    if game.extra["lent"] or len(game.piles[game.index[move.src]]) < 2:
        return False
    if game.centre_wants() != game.moving_card(move) & 15:
        return False
    return game.lending_helps(game.index[move.src])


@RULES.rule("fill-wings-at-once", cites=("mill.play.2.2",),
            ru="пустое место в крыльях сразу закрывают картой из колоды или талона",
            en="an empty wing is filled at once from the pack or the talon")
def fill_wings_at_once(game, move) -> bool:
    """A card from the pack or the talon goes into an empty wing (and only into an empty one)."""
    return not game.target(move)


@RULES.rule("no-move-before-filling", cites=("mill.play.2.2",),
            ru="пока крыло пусто, сначала его закрывают",
            en="while a wing is empty, it must be filled first")
def no_move_before_filling(game, move) -> bool:
    """While a wing is empty and the pack or talon has a card, nothing else may be done."""
    return False if game.wing_waiting() else None


@RULES.rule("turn-the-pack", cites=("mill.play.1.7", "mill.play.1.8", TURN_ANY_TIME),
            ru="колоду переворачивают по одной карте; негодные карты образуют талон",
            en="the pack is turned one card at a time; cards that cannot be used form the talon")
def turn_the_pack(game, move) -> bool:
    """The next card of the pack is turned onto the talon."""
    return bool(game.piles[game.index["stock"]])


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
    EXTRA = {"lent": 0}  # 1 after a king's pile lent a card, until a wing or talon card is played
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
        "deal": (no_move_before_filling, turn_the_pack),
    }
    WON = won
    LOST = lost
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
        if not (self.piles[self.index["stock"]] or self.piles[self.index["talon"]]):
            return False
        return any(not self.piles[i] for i in self.by_role["wing"])

    def free_cards(self) -> list[int]:
        """The wing cards and the talon's top."""
        cards = [self.piles[i][-1] for i in self.by_role["wing"] if self.piles[i]]
        talon = self.piles[self.index["talon"]]
        if talon:
            cards.append(talon[-1])
        return cards

    def lending_helps(self, corner: int) -> bool:
        """After the corner lends its top to the middle, can a wing or talon card play there?"""
        pile = self.piles[corner]
        corner_wants = (pile[-2] & 15) - 1  # the corner's new top, one lower
        centre_next = (pile[-1] & 15) % KING + 1
        return any((c & 15) in (corner_wants, centre_next) for c in self.free_cards())

    def do_deal(self) -> None:
        self.piles[self.index["talon"]].append(self.piles[self.index["stock"]].pop())

    def after_move(self, move: Move) -> None:
        src = self.roles[self.index[move.src]]
        dst = self.roles[self.index[move.dst]]
        if src == "corner":
            self.extra["lent"] = 1
        elif src in ("wing", "talon") and dst in ("centre", "corner"):
            self.extra["lent"] = 0

    def check_position(self):
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

    def generate_moves(self):
        piles, table = self.piles, self.move_table
        stock, talon = self.index["stock"], self.index["talon"]
        wings = self.by_role["wing"]
        if self.wing_waiting():
            for j in wings:
                if not piles[j]:
                    for i in (stock, talon):
                        if piles[i]:
                            yield table[i][j]
            return
        centre = self.index["centre"]
        centre_rank = self.centre_wants()
        corners = self.by_role["corner"]
        for i in wings + (talon,):
            p = piles[i]
            if not p:
                continue
            rank = p[-1] & 15
            if rank == centre_rank and (rank != KING or all(piles[j] for j in corners)):
                yield table[i][centre]
            for j in corners:
                q = piles[j]
                if (q and (q[-1] & 15) - 1 == rank) or (not q and rank == KING):
                    yield table[i][j]
        if not self.extra["lent"] and centre_rank:
            for j in corners:
                q = piles[j]
                if len(q) >= 2 and q[-1] & 15 == centre_rank and self.lending_helps(j):
                    yield table[j][centre]
        if piles[stock]:
            yield Move(action="deal")


GAME = Mill
