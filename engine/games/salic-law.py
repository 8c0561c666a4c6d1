"""Салическій законъ (La Loi Salique, Salic Law): kings, aces up to jacks.

000 lines 69-82. A king is taken from the two packs; the cards are dealt one
by one onto it until the next king turns up, which starts the next pile
beside it, and so on to the eighth king. Aces are played to the foundation
line as they turn up (not taken out beforehand), queens to a row above;
the foundations go up to the jacks regardless of suit. Only the top card of
each king's pile is available. When the deal is over, a king cleared of its
cards may take one card from any pile. No redeal.

Piles: ``king-1`` .. ``king-8`` (the king at the bottom), ``foundation-1`` ..
``foundation-8`` (in the order the aces come), ``queen-1`` .. ``queen-8``,
``stock`` (the rest of the two packs, face down).
"""

from __future__ import annotations

from engine.cards import ACE, JACK, KING, QUEEN, card_code
from engine.core import STANDSTILL, Game, Move, Outcome, PileSpec, Termination
from engine.rulebook import Alternative, RuleBook

RULES = RuleBook("salic-law")

FIRST_KING = RULES.assume(
    "first-king-of-the-shuffle",
    "«Берутъ изъ пачки въ двѣ колоды короля»: the text does not say which king; any will do, and "
    "the engine takes the first king of the shuffled packs, so that a deal number fixes the layout.",
    "most natural reading",
)
DEAL_ONE_BY_ONE = RULES.assume(
    "deal-one-card-per-move",
    "The text deals the pack card after card onto the last king (play.1.2, 1.3) without saying "
    "how the player looks on: dealing is one move per card (`deal`), so that the player can play "
    "to the foundations between cards, as play.5.1 asks («постоянно смотрѣть на поверхность "
    "королевскихъ пачекъ»).",
    "most natural reading",
)
ONE_CARD_ON_A_FREE_KING = RULES.assume(
    "one-card-on-a-free-king",
    "«Когда пасьянсъ оконченъ, то дозволяется одну карту изъ какой бы то ни было пачки класть на "
    "свободнаго короля» (play.5.2): the text does not say what a free king is nor when the leave "
    "begins; the engine reads a king cleared of all his cards, once the whole pack is dealt "
    "(«оконченъ»: the patience laid out), taking one card from the top of any packet (rule I), "
    "never a second card on the first.",
    "most natural reading",
)


def _while_bare(game, i: int) -> bool:
    return True


def _once_per_king(game, i: int) -> bool:
    return not game.extra["given"] >> (i - game.by_role["king-pile"][0]) & 1


FREE_KING = RULES.reading(
    "free-king",
    "«Дозволяется одну карту ... класть на свободнаго короля» (play.5.2): one card on the free king. "
    "The text does not say whether a king may take a card again each time he is cleared, or one "
    "card in the whole game.",
    alternatives=(
        Alternative(
            "while-bare",
            "A king takes one card whenever he is bare: the card may go on to a foundation and the "
            "king take another; never two at once.",
            ("salic-law.play.5.2", "salic-law.rule.1"),
            _while_bare),
        Alternative(
            "once-per-king",
            "Each king takes one card in the whole game, the first time he is free (the engine "
            "records the kings that have had theirs as extra «given»).",
            ("salic-law.play.5.2",
             "Cadogan 1874, La Loi Salique, the paragraph after the deal: one card of the other "
             "packets may be placed on each king"),
            _once_per_king),
    ),
    default="while-bare",
    why_default="The sentence grants a leave to a free king, not a number of uses, and goes on with "
                "the cards (plural) one may choose to release the most suitable ones; PySolFC and "
                "Parlett's rules read it so too.",
)


@RULES.rule("top-card-available", cites=("salic-law.rule.1",),
            ru="годна только верхняя карта королевской пачки, по одной",
            en="only the top card of a king's pile is available, one at a time")
def top_card_available(game, move) -> bool:
    """Only the top card of each king's pile is available; the king itself stays where it lies.

    A card built on a foundation lies on no king's packet: it is available
    no more."""
    i = game.index[move.src]
    return move.n == 1 and game.roles[i] == "king-pile" and len(game.piles[i]) >= 2


@RULES.rule("aces-come-in-the-deal", cites=("salic-law.rule.2.1", "salic-law.play.3.1"),
            ru="тузы не выбираются заранее: они ложатся на основания, когда выходят при раскладке",
            en="the aces are not picked out beforehand: they go to the foundations as they turn up")
def aces_come_in_the_deal(game, move) -> bool:
    """No ace is taken out of the pack, and an empty foundation takes nothing: aces come with the deal.

    The aces are not picked out beforehand (rule II) but go up the moment
    they turn up (play.3.1), so an ace never lies on a king's pile. In
    PySolFC's Salic Law the player moves an exposed ace to the foundations
    himself, and the queens are set out before the deal; here both go to
    their rows as the deal reaches them (play.3.1, play.3.2)."""
    if game.roles[game.index[move.src]] == "stock" and game.moving_card(move) & 15 == ACE:
        return False
    return None if game.target(move) else False


@RULES.rule("up-to-the-jacks-any-suit", cites=("salic-law.play.2", "salic-law.rule.2.2", "salic-law.play.5.1"),
            ru="на тузы кладутся карты в восходящем порядке до валетов, масти не соблюдаются",
            en="the aces are built up to the jacks, regardless of suit")
def up_to_the_jacks_any_suit(game, move) -> bool:
    """A foundation takes the next card in value up to the jack, whatever its suit: never a queen."""
    dst = game.target(move)
    if not dst:
        return None
    top = dst[-1] & 15
    return top < JACK and game.moving_card(move) & 15 == top + 1


@RULES.rule("free-king-takes-one-card", cites=("salic-law.play.5.2", ONE_CARD_ON_A_FREE_KING, FREE_KING),
            ru="после раскладки на свободного короля можно положить одну карту из любой пачки",
            en="once the deal is over, a bare king may take one card from any pile")
def free_king_takes_one_card(game, move) -> bool:
    """After the deal, one card from the top of any pile may be laid on a king cleared of his cards.

    PySolFC allows a single card on a bare king at any time; the 1912 text
    only «когда пасьянсъ оконченъ», once the pack is dealt. How often a king
    may take one is `salic-law.assume.free-king`."""
    i = game.index[move.dst]
    return game.phase == "play" and len(game.piles[i]) == 1 and FREE_KING.of(game)(game, i)


@RULES.rule("deal-onto-the-last-king",
            cites=("salic-law.play.1.2", "salic-law.play.1.3", "salic-law.play.3.1", "salic-law.play.3.2",
                   DEAL_ONE_BY_ONE),
            ru="карты из колоды кладутся на последнего короля; король начинает новую пачку, "
               "туз идет на основание, дама в верхний ряд",
            en="the cards are dealt onto the last king; a king starts a new pile, "
               "an ace goes to the foundations, a queen to the top row")
def deal_onto_the_last_king(game, move) -> bool:
    """The next card of the pack is dealt: a king starts a pile, an ace and a queen go to their rows.

    The pack's cards come out only so, one by one, until the whole pack is
    dealt (play.1.3): none is taken from the pack by hand, none goes back."""
    if not move.action:
        return False
    return game.phase == "deal" and bool(game.piles[game.index["stock"]])


@RULES.rule("queens-keep-their-row", cites=("salic-law.play.3.2", "salic-law.play.4"),
            ru="дамы только кладутся в свой ряд над основаниями, как выходят, и остаются там",
            en="the queens are only laid in their row above the foundations as they appear, and stay there")
def queens_keep_their_row(game, move) -> bool:
    """A queen goes to the queens' row as the deal reaches her and never leaves it; nothing else goes there.

    The row is there only to complete the final layout (play.4). The rule
    speaks to no move that does not touch the row."""
    if move.action or "queen" not in (game.roles[game.index[move.src]], game.roles[game.index[move.dst]]):
        return None
    return False


@RULES.rule("not-dealt-again", cites=("salic-law.play.6",),
            ru="вторично пасьянс не раскладывается", en="the game is not laid out a second time")
def not_dealt_again(game, move) -> bool:
    """There is no second deal: a redeal is refused (play.6). The rule speaks to nothing else."""
    return False if move.action == "redeal" else None


@RULES.rule("won", cites=("salic-law.play.4",),
            ru="восемь дам наверху, восемь валетов на основаниях, восемь королей внизу",
            en="eight queens above, eight jacks ending the foundations, eight kings below")
def won(game, move) -> bool:
    """Won when every card but the kings and queens lies on the foundations, the kings bare."""
    return game.phase == "play" and all(len(game.piles[i]) <= 1 for i in game.by_role["king-pile"])


@RULES.rule("lost", cites=("salic-law.play.6", STANDSTILL),
            ru="ходов нет (кроме перекладывания одной карты с короля на свободного короля), "
               "а вторично пасьянс не раскладывается",
            en="no move is left (but a lone card moved from king to bare king), and the game is not dealt again")
def lost(game, move) -> bool:
    """Lost when no card can be played and none dealt: there is no second deal.

    A king's last card laid on a free king only changes which king is bare
    (`SalicLaw.is_shuttle`): it leaves play where it was (`engine.assume.standstill`)."""
    return game.outcome() is not None and not game.is_won()


@RULES.rule("two-packs", cites=("salic-law.decks.1",), ru="две полные колоды карт", en="two full packs of cards")
def two_packs(game, move) -> bool:
    """The game is played with two full packs, 104 cards."""
    return game.holds_packs(2)


@RULES.rule("a-king-begins", cites=("salic-law.play.1.1", FIRST_KING),
            ru="из колоды берут короля и кладут его началом ряда из восьми королей",
            en="a king is taken from the packs to begin the row of eight kings")
def a_king_begins(game, move) -> bool:
    """The opening: one king laid out alone, everything else in hand."""
    kings = game.by_role["king-pile"]
    first = game.piles[kings[0]]
    return len(first) == 1 and first[0] & 15 == KING and not any(game.piles[i] for i in kings[1:]) \
        and len(game.piles[game.index["stock"]]) == 103


class SalicLaw(Game):
    slug = "salic-law"
    title_1912 = "Салическій законъ"
    title_modern = "Салический закон"
    title_en = "The Salic Law"
    aliases = ("La Loi Salique",)
    book_order = 6
    decks = 2
    PHASES = ("deal", "play")
    # given: bit k set once king-(k+1) has taken his card after the deal
    # (recorded only under the reading «once-per-king» of `salic-law.assume.free-king`)
    EXTRA = {"given": 0}
    AFTER_MOVE_KEEPS_PILES = True  # after_move only records «given»
    PILES = (tuple(PileSpec(f"queen-{k}", "queen", (k - 1) * 1.3, 0.0) for k in range(1, 9))
             + tuple(PileSpec(f"foundation-{k}", "foundation", (k - 1) * 1.3, 1.8, base=ACE, step=1)
                     for k in range(1, 9))
             + tuple(PileSpec(f"king-{k}", "king-pile", (k - 1) * 1.3, 3.6, dy=0.3) for k in range(1, 9))
             + (PileSpec("stock", "stock", 11.0, 3.6),))
    RULES = RULES
    ROUTES = {
        ("king-pile", "foundation"): (top_card_available, aces_come_in_the_deal, up_to_the_jacks_any_suit),
        ("king-pile", "king-pile"): (top_card_available, free_king_takes_one_card),
        # refusals, each citing the clause that forbids the move
        ("stock", "foundation"): (aces_come_in_the_deal, deal_onto_the_last_king),
        ("stock", "king-pile"): (deal_onto_the_last_king,),
        ("stock", "queen"): (deal_onto_the_last_king,),
        ("king-pile", "stock"): (deal_onto_the_last_king,),
        ("foundation", "stock"): (deal_onto_the_last_king,),
        ("queen", "stock"): (deal_onto_the_last_king,),
        ("queen", "foundation"): (aces_come_in_the_deal, up_to_the_jacks_any_suit, queens_keep_their_row),
        ("queen", "king-pile"): (queens_keep_their_row,),
        ("queen", "queen"): (queens_keep_their_row,),
        ("king-pile", "queen"): (queens_keep_their_row,),
        ("foundation", "queen"): (queens_keep_their_row,),
        ("foundation", "foundation"): (top_card_available,),
        ("foundation", "king-pile"): (top_card_available,),
        "deal": (deal_onto_the_last_king,),
        "redeal": (not_dealt_again,),
    }
    WON = won
    LOST = lost
    ENDING = {"won": ("salic-law.play.4", "says"), "lost": ("salic-law.play.6", "limit")}
    SETUP = (two_packs, a_king_begins)

    def setup(self, cards: list[int]) -> None:
        first = next(k for k, c in enumerate(cards) if c & 15 == KING)
        self.piles[self.by_role["king-pile"][0]].append(cards[first])
        self.set_stock(cards[:first] + cards[first + 1:])

    def do_deal(self) -> None:
        stock = self.piles[self.index["stock"]]
        card = stock.pop()
        rank = card & 15
        if rank == KING:
            row = "king-pile"
        elif rank == ACE:
            row = "foundation"
        elif rank == QUEEN:
            row = "queen"
        else:
            row = None
        if row is None:
            kings = [i for i in self.by_role["king-pile"] if self.piles[i]]
            self.piles[kings[-1]].append(card)
        else:
            self.piles[next(i for i in self.by_role[row] if not self.piles[i])].append(card)
        if not stock:
            self.phase = "play"

    def do_redeal(self) -> None:
        raise ValueError("salic-law is not laid out a second time (salic-law.play.6)")

    def after_move(self, move: Move) -> None:
        i = self.index[move.dst]
        if self.roles[i] == "king-pile" and FREE_KING.of(self) is _once_per_king:
            self.extra["given"] |= 1 << (i - self.by_role["king-pile"][0])

    def is_shuttle(self, move: Move) -> bool:
        """A king's only card laid on a free king: the kings swap being bare, the
        cards that show are the same (`engine.assume.standstill`)."""
        if move.action:
            return False
        i, j = self.index[move.src], self.index[move.dst]
        return self.roles[i] == self.roles[j] == "king-pile" and len(self.piles[i]) == 2

    def outcome(self):
        """As `Game.outcome`, and lost also when only such shuttles are left."""
        result = super().outcome()
        if result is None and not any(m.action for m in self.legal_moves) and self.is_standstill():
            result = Outcome(Termination.LOST, lost.id, lost.clauses)
        return result

    def check_position(self):
        if not 0 <= self.extra["given"] < 1 << 8:
            return "extra.given is a set of kings, a whole number from 0 to 255", "extra.given"
        for i in self.by_role["king-pile"]:
            pile = self.piles[i]
            if pile and pile[0] & 15 != KING:
                return f"pile {self.names[i]} must begin with a king", f"piles.{self.names[i]}[0]"
            for k, card in enumerate(pile[1:], 1):  # kings, queens and aces never lie on a king
                if card & 15 in (KING, QUEEN, ACE):
                    return f"a {card_code(card)} cannot lie on a king's pile", f"piles.{self.names[i]}[{k}]"
        for i in self.by_role["queen"]:
            if any(c & 15 != QUEEN for c in self.piles[i]) or len(self.piles[i]) > 1:
                return f"pile {self.names[i]} holds one queen at most", f"piles.{self.names[i]}"
        return None

    def generate_moves(self):
        piles, table = self.piles, self.move_table
        wants: dict[int, list[int]] = {}
        for f in self.by_role["foundation"]:
            p = piles[f]
            if p and p[-1] & 15 < JACK:
                wants.setdefault((p[-1] & 15) + 1, []).append(f)
        kings = self.by_role["king-pile"]
        if self.phase == "play":
            may = FREE_KING.of(self)
            bare = [i for i in kings if len(piles[i]) == 1 and may(self, i)]
        else:
            bare = []
        for i in kings:
            p = piles[i]
            if len(p) < 2:
                continue
            for f in wants.get(p[-1] & 15, ()):
                yield table[i][f]
            for j in bare:
                yield table[i][j]
        if self.phase == "deal" and piles[self.index["stock"]]:
            yield Move(action="deal")


GAME = SalicLaw
