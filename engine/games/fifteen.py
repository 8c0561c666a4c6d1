"""Пятнадцать (La Quinzaine, Fifteen): seven overlapping rows of fifteen.

000 lines 54-68. Two packs in horizontal rows of fifteen, each row partly
covering the one before; the last (seventh) row has fourteen cards. Only the
cards of the bottom row are available, and a card once nothing lies below
it. Four aces (built up in suit to the kings) and four kings (built down in
suit to the aces) are the foundations, found during play; when the layout is
dealt, the bases of the bottom row and the cards that follow them go up at
once, before the marriages. Available cards marry up or down in suit; a
cleared column («дорожка», a lane) takes any available card. If after the
first moves no available card is suitable, so that the game cannot even
begin, one ace and one king may be taken from the sixth row. No redeal.

Piles: ``foundation-A-1`` .. ``foundation-A-4`` (the aces' row, each built
up in the suit of its ace) and ``foundation-K-1`` .. ``foundation-K-4`` (the
kings' row, built down); ``col-1`` .. ``col-15`` hold a column top row first,
so the pile's top card is the bottom-row (available) card; ``col-15`` has
six cards. ``extra``: see `Fifteen.EXTRA`.

PySolFC's Fifteen has no sixth-row exception; the 1912 text (and Cadogan's
La Quinzaine) allow it once.
"""

from __future__ import annotations

from engine.cards import ACE, KING
from engine.core import STANDSTILL, Game, Move, Outcome, PileSpec, Termination
from engine.rulebook import Alternative, RuleBook

RULES = RuleBook("fifteen")

SIXTH = 5  # index of the sixth-row card in a column pile (top row first)
LONE = "col-15"  # the column whose lowest card lies in the sixth row, with nothing below it

SIXTH_ROW_WHEN = RULES.assume(
    "sixth-row-when-stuck",
    "«Если послѣ первыхъ перемѣщеній не окажется подходящею ни одна годная карта, такъ что нельзя "
    "будетъ даже начать пасьянса» (play.1.6): the text gives the condition but not its measure. "
    "A suitable card is one that can go into play or take a place in the patience (terms.suitable): "
    "so the exception is refused while any available card can be played, married or laid in a lane, "
    "twin-card shuttles aside (engine.assume.standstill). The game «cannot even begin» while no "
    "foundation has been laid but by the exception itself: once a base has gone out from the bottom "
    "row (play.1.5) the game has begun and the exception is closed for good (play.3.1 goes on «Когда "
    "положено одно или нѣсколько основаній»; «послѣ первыхъ перемѣщеній» are then the marriages "
    "tried before any base is found, not bases already laid). One ace and one king at most, each "
    "straight to its foundation, each a card still lying where the sixth row was dealt.",
    "most natural reading; terms.suitable; Cadogan 1874, La Quinzaine, play: the ace and king are "
    "withdrawn when, after the first plays and marriages, no foundation card is available, so that "
    "the patience cannot even begin",
)

OPENING_PLAYS_FIRST = RULES.assume(
    "opening-plays-first",
    "«Когда пасьянсъ разложенъ, и какая-нибудь изъ основныхъ картъ окажется въ самомъ нижнемъ ряду, "
    "то ее слѣдуетъ немедленно же изъять и положить на особое мѣсто, затѣмъ изъ годныхъ картъ всякую "
    "подходящую брать изъ ряда и начать дѣлать марьяжъ» (play.1.5): when the layout is dealt, the "
    "bases of the bottom row go out at once, then every suitable card goes up, and only then do the "
    "marriages begin. The text does not say which copy goes where both packs' copies lie there, nor "
    "in what order several cards go: the player chooses among the foundation moves. The opening "
    "ends with the first move that is not to a foundation (extra «opening»); later a card that can "
    "go up goes when the player likes (rule.2.1: the bases are sought during play). A study "
    "position is not an opening unless its state says so.",
    "most natural reading; Cadogan 1874, La Quinzaine: the foundation cards of the lowest row are "
    "played at once, and any other suitable cards, before the marriages",
)

ROW_OF_BASES = RULES.assume(
    "bases-fill-their-row",
    "The text does not say where in the row each foundation is laid (the figure only reserves the "
    "places); the engine lays each new ace in the first free place of the aces' row and each new "
    "king in the first free place of the kings' row. The place changes nothing in play.",
    "most natural reading",
)


def _never_blocked(game) -> bool:
    return False


def _blocked_until_the_seventh_row_is_gone(game) -> bool:
    lone = game.piles[game.index[LONE]]
    return len(lone) == SIXTH + 1 and any(len(game.piles[i]) > SIXTH + 1 for i in game.by_role["column"])


LONE_CARD = RULES.reading(
    "lone-sixth-row-card",
    "Column 15 has six cards: its lowest card lies in the sixth row with nothing below it. Rule I "
    "makes available «тѣ, которыя составляютъ седьмой или нижній рядъ» and the cards released by "
    "their removal, «такъ какъ ни одна карта не можетъ быть употреблена въ дѣло, если подъ нею лежитъ "
    "другая карта»: the reason given frees that card, the letter of the first words does not.",
    alternatives=(
        Alternative(
            "available",
            "It is available from the deal: nothing lies below it, which is the reason rule I gives "
            "for what is available.",
            ("fifteen.rule.1",
             "Cadogan 1874, La Quinzaine, rule I: no card may be used that has another below it"),
            _never_blocked),
        Alternative(
            "with-the-seventh-row",
            "It is not a seventh-row card and no removal below it releases it: a card lying in "
            "column 15's sixth place is available (and takes marriages) only once the seventh row "
            "has been taken off, no column holding a card there any more («по снятіи ихъ»); until "
            "then only the sixth-row exception may take it.",
            ("fifteen.rule.1", "fifteen.play.1.1"),
            _blocked_until_the_seventh_row_is_gone),
    ),
    default="available",
    why_default="Rule I's own reason, and Cadogan's, is that a card is blocked by a card below it; "
                "the seventh row is named because it is the one with nothing below it, and column "
                "15 has nothing below its sixth card either.",
)

FOUNDATION_SUITS = RULES.reading(
    "foundation-suits",
    "«Четыре туза и четыре короля составляютъ основныя карты» (play.1.3), «за ними слѣдуютъ масти» "
    "(rule.2.2): the text does not say whether the four aces (and the four kings) are of four "
    "different suits, so that a second ace of a suit may not open a foundation of its own.",
    alternatives=(
        Alternative(
            "one-per-suit",
            "The four aces are of four suits, and so are the four kings: each suit is built once up "
            "from its ace and once down from its king, and a second ace (or king) of a suit whose "
            "ace (king) has opened a foundation opens none.",
            ("fifteen.play.1.3", "fifteen.play.1.4", "fifteen.rule.2.2"),
            True),
        Alternative(
            "any-four",
            "Any four aces and any four kings: a second ace of a suit may open a second ascending "
            "foundation of that suit while an ace's place is free (its kings then finish both, and "
            "that suit has no king of its own to descend from).",
            ("fifteen.play.1.3",
             "Cadogan 1874, La Quinzaine: four aces and four kings form the foundations, the suits "
             "unnamed, where her other two-pack games say «of different suits»"),
            False),
    ),
    default="one-per-suit",
    why_default="With two packs, twenty-six cards of each suit fill one foundation up and one "
                "down; the book says «разныхъ мастей» outright for the same foundations in Домъ на "
                "холмѣ, and the edition has laid the game out so until now.",
)

SIXTH_ROW_PAIR = RULES.reading(
    "sixth-row-pair",
    "«То позволяется взять изъ шестого ряда одного туза и одного короля» (play.1.6): one leave for "
    "two cards. The text does not say whether the second may follow the first at once, or must "
    "wait, like the first, for a standstill before the game has begun (the first card may well "
    "free a move).",
    alternatives=(
        Alternative(
            "together",
            "The leave is one: the second card (a king after an ace, or an ace after a king) may be "
            "taken straight after the first, before any other move; later, only under the "
            "exception's own condition.",
            ("fifteen.play.1.6", "Cadogan 1874, La Quinzaine: one ace and one king may be withdrawn "
             "from the sixth row"),
            True),
        Alternative(
            "each-at-a-standstill",
            "Each card needs the exception's condition: once the first card frees a move, the "
            "second may not be taken.",
            ("fifteen.play.1.6",),
            False),
    ),
    default="together",
    why_default="The sentence grants the ace and the king in one breath, as a single remedy for a "
                "game that cannot begin.",
)


@RULES.rule("bottom-row-available", cites=("fifteen.rule.1",),
            ru="годна только карта нижнего ряда, по одной; карта, положенная на основание, уже не годна",
            en="only a bottom-row card is available, one at a time; a card laid on a foundation is available "
               "no more")
def bottom_row_available(game, move) -> bool:
    """Only the lowest card of a column is available; the card above is freed by its removal.

    The cards built on the foundations are none of the available cards of
    rule I, so they never come back."""
    return move.n == 1 and game.roles[game.index[move.src]] != "foundation"


@RULES.rule("lone-card-waits", cites=("fifteen.rule.1", LONE_CARD),
            ru="карта шестого ряда в пятнадцатом столбце годна, лишь когда (по выбранному чтению) она свободна",
            en="column 15's sixth-row card is available only once (under the chosen reading) it is released")
def lone_card_waits(game, move) -> bool:
    """Column 15's lowest card, in the sixth row, neither moves nor takes a card while it is blocked.

    It is blocked only under the reading «with-the-seventh-row» of
    `fifteen.assume.lone-sixth-row-card`; the rule speaks to no other move."""
    if LONE not in (move.src, move.dst) or not LONE_CARD.of(game)(game):
        return None
    return False


@RULES.rule("opening-plays-first", cites=("fifteen.play.1.5", OPENING_PLAYS_FIRST),
            ru="когда пасьянс разложен, основные и подходящие карты нижнего ряда сразу идут на основания, "
               "а марьяж начинают лишь затем",
            en="when the layout is dealt, the bases and suitable cards of the bottom row go up at once; "
               "the marriages begin only after")
def opening_plays_first(game, move) -> bool:
    """At the opening, while a card can go to a foundation, only a card going to a foundation may move.

    The rule speaks only at the opening (`fifteen.assume.opening-plays-first`)
    and to moves that are not to a foundation."""
    if not game.extra["opening"] or game.roles[game.index[move.dst]] == "foundation" \
            or not game.foundation_moves():
        return None
    return False


@RULES.rule("aces-and-kings-found-in-play",
            cites=("fifteen.rule.2.1", "fifteen.play.1.3", "fifteen.play.1.5", FOUNDATION_SUITS),
            ru="основания — четыре туза и четыре короля, их берут из нижнего ряда во время игры",
            en="the foundations are four aces and four kings, taken from the bottom row during play")
def aces_and_kings_found_in_play(game, move) -> bool:
    """An empty place of the aces' row takes an ace, of the kings' row a king (of a suit not yet there).

    Whether the suit may already be there is `fifteen.assume.foundation-suits`."""
    i = game.index[move.dst]
    if game.piles[i]:
        return None
    card = game.moving_card(move)
    return card & 15 == game.PILES[i].base and game.may_open(card)


@RULES.rule("bases-fill-their-row", cites=(ROW_OF_BASES,),
            ru="новое основание ложится на первое свободное место своего ряда",
            en="a new foundation is laid in the first free place of its row")
def bases_fill_their_row(game, move) -> bool:
    """A base goes to the first free place of its row (the place changes nothing in play)."""
    i = game.index[move.dst]
    if game.piles[i]:
        return None
    return i == game.first_free(game.PILES[i].base)


@RULES.rule("foundations-follow-suit", cites=("fifteen.rule.2.2", "fifteen.play.1.4"),
            ru="тузы восходят к королям, короли нисходят к тузам, той же масти",
            en="aces ascend to kings and kings descend to aces, in suit")
def foundations_follow_suit(game, move) -> bool:
    """A started foundation takes the next card of its suit: up on an ace, down on a king."""
    i = game.index[move.dst]
    return None if not game.piles[i] else game.moving_card(move) == game.foundation_wants(i)


@RULES.rule("marriage-up-or-down", cites=("fifteen.play.1.5", "terms.marriage.1"),
            ru="марьяж в восходящем и нисходящем порядке той же масти",
            en="marriage up or down, in suit")
def marriage_up_or_down(game, move) -> bool:
    """On an available card goes the card of the same suit one higher or one lower."""
    dst = game.target(move)
    if not dst:
        return None
    card = game.moving_card(move)
    return card + 1 == dst[-1] or card - 1 == dst[-1]


@RULES.rule("lane-takes-any-card", cites=("fifteen.play.4.1", "fifteen.play.4.2", "fifteen.play.3.2"),
            ru="на открытую дорожку можно положить любую годную карту",
            en="an open lane may take any available card")
def lane_takes_any_card(game, move) -> bool:
    """A cleared column (a lane) takes any available card, which then builds as the others.

    This rule never forbids; the lanes are what makes the game (play.3.2, 4.1)."""
    return True if not game.target(move) else None


@RULES.rule("sixth-row-ace-and-king", cites=("fifteen.play.1.6", SIXTH_ROW_WHEN, SIXTH_ROW_PAIR, STANDSTILL),
            ru="если не окажется ни одной подходящей годной карты и пасьянс нельзя даже начать, "
               "можно взять из шестого ряда одного туза и одного короля",
            en="if no available card is suitable, so that the game cannot even begin, one ace and one king "
               "may be taken from the sixth row")
def sixth_row_ace_and_king(game, move) -> bool:
    """If the game cannot even begin, one ace and one king (once each) may come from the sixth row.

    Only a card dealt in the sixth row and still in its place qualifies
    (`Fifteen.sixth_row_in_place`); the cards that covered it close up in
    their order («пополняя ... нижними картами, которыя прежде закрывали
    ихъ»). The condition is `fifteen.assume.sixth-row-when-stuck`: no
    foundation laid but by the exception, and no available card that can be
    played, married or laid in a lane (shuttles aside); the second card may
    follow the first at once under `fifteen.assume.sixth-row-pair`."""
    i = game.index.get(move.action.partition(":")[2])
    if i is None or game.roles[i] != "column" or not game.sixth_row_in_place(i):
        return False
    card = game.piles[i][SIXTH]
    kind = "sixth_ace" if card & 15 == ACE else "sixth_king" if card & 15 == KING else None
    if kind is None or game.extra[kind] or game.base_foundation(card) is None:
        return False
    if game.extra["sixth_open"] and SIXTH_ROW_PAIR.of(game):
        return True
    return game.not_begun() and game.is_standstill(moves=game.ordinary_moves())


@RULES.rule("not-dealt-again", cites=("fifteen.play.2", "fifteen.play.5.4"),
            ru="пасьянс не повторяется вновь", en="the game is not dealt again")
def not_dealt_again(game, move) -> bool:
    """There is no second deal: a redeal is refused (play.2, play.5.4). The rule speaks to nothing else."""
    return False if move.action == "redeal" else None


@RULES.rule("won", cites=("fifteen.play.1.4",),
            ru="все карты на основаниях", en="every card is on the foundations")
def won(game, move) -> bool:
    """Won when the eight foundations hold all the cards."""
    return not any(game.piles[i] for i in game.by_role["column"])


@RULES.rule("lost", cites=("fifteen.play.2", "fifteen.play.5.4", STANDSTILL),
            ru="ходов нет (кроме перекладывания одинокой карты с одной дорожки на другую); пасьянс не повторяется",
            en="no move is left (but moving a lone card from one lane to another); the game is not dealt again")
def lost(game, move) -> bool:
    """Lost when no move is left but back and forth, the sixth-row exception included: it is not dealt again.

    A lone card that can only go from its column into a lane, leaving a lane
    behind, changes nothing (`engine.assume.standstill`)."""
    return not game.is_won() and not any(m.action for m in game.generate_moves()) and game.is_standstill()


@RULES.rule("two-packs", cites=("fifteen.decks.1",), ru="две полные колоды карт", en="two full packs of cards")
def two_packs(game, move) -> bool:
    """The game is played with two full packs, 104 cards."""
    return game.holds_packs(2)


@RULES.rule("rows-of-fifteen", cites=("fifteen.play.1.1", "fifteen.play.1.2"),
            ru="ряды по пятнадцати карт, последний из четырнадцати, каждый покрывает предыдущий",
            en="rows of fifteen, the last of fourteen, each partly covering the one before")
def rows_of_fifteen(game, move) -> bool:
    """The opening layout: seven rows of fifteen cards but the last, which has fourteen."""
    sizes = [len(game.piles[i]) for i in game.by_role["column"]]
    return sizes == [7] * 14 + [6]


def _foundations() -> tuple[PileSpec, ...]:
    aces = tuple(PileSpec(f"foundation-A-{k}", "foundation", 2.5 + (k - 1) * 1.3, 0.0, base=ACE, step=1)
                 for k in range(1, 5))
    kings = tuple(PileSpec(f"foundation-K-{k}", "foundation", 8.0 + (k - 1) * 1.3, 0.0, base=KING, step=-1)
                  for k in range(1, 5))
    return aces + kings


class Fifteen(Game):
    slug = "fifteen"
    title_1912 = "Пятнадцать"
    title_modern = "Пятнадцать"
    title_en = "The Fifteen"
    aliases = ("La Quinzaine",)
    book_order = 5
    decks = 2
    # sixth_ace, sixth_king: 1 once the exception has taken its ace, its king.
    # sixth_row: bit k set while col-(k+1) still holds its dealt sixth-row
    # card in place (set at the deal; 0, none, for a study position). It is
    # cleared when the column is cut to five cards or the exception takes the
    # card, and wholly once the exception can never open again, so that
    # finished business does not tell positions apart.
    # sixth_open: 1 just after the exception took its first card, until the
    # next move (`fifteen.assume.sixth-row-pair`).
    # opening: 1 from the deal until the first move that is not to a
    # foundation (`fifteen.assume.opening-plays-first`).
    EXTRA = {"sixth_ace": 0, "sixth_king": 0, "sixth_row": 0, "sixth_open": 0, "opening": 0}
    AFTER_MOVE_KEEPS_PILES = True  # after_move only updates the counters
    PILES = _foundations() + tuple(PileSpec(f"col-{k}", "column", (k - 1) * 1.2, 2.0, dy=0.35)
                                   for k in range(1, 16))
    RULES = RULES
    ROUTES = {
        ("column", "foundation"): (bottom_row_available, lone_card_waits, opening_plays_first,
                                   aces_and_kings_found_in_play, bases_fill_their_row, foundations_follow_suit),
        ("column", "column"): (bottom_row_available, lone_card_waits, opening_plays_first, marriage_up_or_down,
                               lane_takes_any_card),
        # refusals, each citing the clause that forbids the move
        ("foundation", "foundation"): (bottom_row_available,),
        ("foundation", "column"): (bottom_row_available,),
        "sixth-row": (sixth_row_ace_and_king,),
        "redeal": (not_dealt_again,),
    }
    WON = won
    LOST = lost
    ENDING = {"won": ("fifteen.play.1.4", "goal"), "lost": ("fifteen.play.2", "says")}
    SETUP = (two_packs, rows_of_fifteen)
    NOT_EXECUTABLE = {
        "fifteen.play.5.3": "strategy, not a rule: keep an open lane free until another opens; "
                            "the rules let any available card go into a lane (play.4.1), and the "
                            "choice of when is the player's",
    }

    def setup(self, cards: list[int]) -> None:
        columns = self.by_role["column"]
        for k, card in enumerate(cards):
            self.piles[columns[k % 15]].append(card)
        self.extra["sixth_row"] = (1 << len(columns)) - 1  # every column has six rows or more
        self.extra["opening"] = 1

    # -- the foundations ----------------------------------------------------

    def rows_of_bases(self):
        """(base rank, the places of its row) for the aces' and the kings' rows."""
        found = self.by_role["foundation"]
        return ((ACE, found[:4]), (KING, found[4:]))

    def first_free(self, base: int) -> int | None:
        """The first free place of the row of ``base`` (ACE or KING), if any."""
        for rank, places in self.rows_of_bases():
            if rank == base:
                return next((f for f in places if not self.piles[f]), None)
        return None

    def may_open(self, card: int) -> bool:
        """May base ``card`` open a foundation (`fifteen.assume.foundation-suits`)?"""
        if not FOUNDATION_SUITS.of(self):
            return True
        base = self.by_role["foundation"][:4] if card & 15 == ACE else self.by_role["foundation"][4:]
        return all(self.piles[f][0] >> 4 != card >> 4 for f in base if self.piles[f])

    def base_foundation(self, card: int) -> int | None:
        """The place base ``card`` (an ace or a king) would open, if it may open one."""
        rank = card & 15
        if rank not in (ACE, KING) or not self.may_open(card):
            return None
        return self.first_free(rank)

    def foundation_wants(self, i: int) -> int:
        """The card a started foundation takes next: its suit, one up (aces) or down (kings); 0 if none."""
        pile = self.piles[i]
        if not pile:
            return 0
        rank = (pile[-1] & 15) + self.PILES[i].step
        return pile[-1] + self.PILES[i].step if 1 <= rank <= KING else 0

    def wanted_cards(self) -> dict[int, list[int]]:
        """Each card some foundation takes -> those foundations (a base -> its first free place)."""
        wants: dict[int, list[int]] = {}
        piles = self.piles
        distinct = FOUNDATION_SUITS.of(self)
        for base, places in self.rows_of_bases():
            free = None
            taken = set()
            for f in places:
                p = piles[f]
                if p:
                    taken.add(p[0] >> 4)
                    card = self.foundation_wants(f)
                    if card:
                        wants.setdefault(card, []).append(f)
                elif free is None:
                    free = f
            if free is not None:
                for suit in range(4):
                    if not (distinct and suit in taken):
                        wants.setdefault(suit << 4 | base, []).append(free)
        return wants

    def foundation_moves(self) -> list[Move]:
        """The moves of an available card onto a foundation."""
        found = self.roles
        return [m for m in self.ordinary_moves(opening=False) if found[self.index[m.dst]] == "foundation"]

    def not_begun(self) -> bool:
        """No foundation laid but by the sixth-row exception («нельзя будетъ даже начать»)."""
        begun = sum(len(self.piles[f]) for f in self.by_role["foundation"])
        return begun == self.extra["sixth_ace"] + self.extra["sixth_king"]

    # -- the sixth row and column 15 ----------------------------------------

    def sixth_row_in_place(self, i: int) -> bool:
        """Whether column pile ``i`` still holds the card dealt in its sixth row, at `SIXTH`."""
        return bool(self.extra["sixth_row"] >> (i - self.by_role["column"][0]) & 1)

    def lone_card_waits(self) -> bool:
        """Does the card in column 15's sixth place wait (`fifteen.assume.lone-sixth-row-card`)?"""
        return LONE_CARD.of(self)(self)

    def after_move(self, move: Move) -> None:
        extra = self.extra
        extra["sixth_open"] = 0
        if extra["opening"] and self.roles[self.index[move.dst]] != "foundation":
            extra["opening"] = 0  # the first move that is not to a foundation
        mask = extra["sixth_row"]
        if not mask:
            return
        if self.roles[self.index[move.dst]] == "foundation":
            # a foundation begun or built by an ordinary move: the exception
            # of play.1.6 («нельзя будетъ даже начать») can never open again
            extra["sixth_row"] = 0
            return
        i = self.index[move.src]
        if len(self.piles[i]) <= SIXTH:  # the sixth-row card has left its place
            extra["sixth_row"] = mask & ~(1 << (i - self.by_role["column"][0]))

    def action_moves(self, name: str) -> list[Move]:
        if name == "sixth-row":
            return [Move(action=f"sixth-row:{self.names[i]}") for i in self.by_role["column"]]
        return super().action_moves(name)

    def do_sixth_row(self, column: str) -> None:
        i = self.index[column]
        # the cards that covered it move up into its place, in their order
        card = self.piles[i].pop(SIXTH)
        self.piles[self.base_foundation(card)].append(card)
        self.extra["sixth_ace" if card & 15 == ACE else "sixth_king"] = 1
        both = self.extra["sixth_ace"] and self.extra["sixth_king"]
        mask = self.extra["sixth_row"] & ~(1 << (i - self.by_role["column"][0]))
        self.extra["sixth_row"] = 0 if both else mask
        self.extra["sixth_open"] = 0 if both else 1
        self.extra["opening"] = 0

    def do_redeal(self) -> None:
        raise ValueError("fifteen is not dealt again (fifteen.play.5.4)")

    def outcome(self):
        # The end may come while a lone card can still go from lane to lane
        # (engine.assume.standstill).
        if lost.check(self, None):
            return Outcome(Termination.LOST, lost.id, lost.clauses)
        return super().outcome()

    def _position_key(self) -> tuple:
        # The standstill's exploration asks which positions shuttles reach.
        # The columns obey the same rules but for their mark in extra
        # «sixth_row» and, under the reading «with-the-seventh-row», column
        # 15's place: a column's cards with its mark, in any column, are one
        # position (a lone card going from lane to lane reaches no new one).
        columns = self.by_role["column"]
        mask = self.extra["sixth_row"]
        lone = self.index[LONE] if LONE_CARD.of(self) is _blocked_until_the_seventh_row_is_gone else -1
        rest = tuple(tuple(p) for i, p in enumerate(self.piles) if i not in columns or i == lone)
        marked = sorted((tuple(self.piles[i]), mask >> k & 1) for k, i in enumerate(columns) if i != lone)
        counters = tuple(v for key, v in self.extra.items() if key != "sixth_row")
        return rest, tuple(marked), mask >> (lone - columns[0]) & 1 if lone >= 0 else 0, counters

    def check_position(self) -> tuple[str, str] | None:
        for key in ("sixth_ace", "sixth_king", "sixth_open", "opening"):
            if self.extra[key] not in (0, 1):
                return f"extra.{key} is 0 or 1", f"extra.{key}"
        if self.extra["sixth_open"] and self.extra["sixth_ace"] + self.extra["sixth_king"] != 1:
            return "extra.sixth_open is 1 only just after the exception took its first card", "extra.sixth_open"
        mask = self.extra["sixth_row"]
        columns = self.by_role["column"]
        if not 0 <= mask < 1 << len(columns):
            return f"extra.sixth_row is a set of columns, a whole number from 0 to {(1 << len(columns)) - 1}", \
                "extra.sixth_row"
        for k, i in enumerate(columns):
            if mask >> k & 1 and len(self.piles[i]) <= SIXTH:
                return (f"extra.sixth_row says {self.names[i]!r} still holds its sixth-row card, "
                        f"but it has {len(self.piles[i])} cards"), "extra.sixth_row"
        for base, places in self.rows_of_bases():
            suits = []
            for f in places:
                pile = self.piles[f]
                for k, card in enumerate(pile):
                    if card >> 4 != pile[0] >> 4:
                        return (f"foundation {self.names[f]!r} follows the suit of its base"), \
                            f"piles.{self.names[f]}[{k}]"
                if pile:
                    suits.append(pile[0] >> 4)
            if FOUNDATION_SUITS.of(self) and len(set(suits)) != len(suits):
                return ("two foundations of a row share a suit (fifteen.assume.foundation-suits: "
                        "one-per-suit)"), f"piles.{self.names[places[0]]}"
        return None

    # -- moves ----------------------------------------------------------------

    def ordinary_moves(self, opening: bool = True) -> list[Move]:
        """The card moves. At the opening (``opening``), while a card can go
        to a foundation, only those moves (`fifteen.assume.opening-plays-first`)."""
        piles, table = self.piles, self.move_table
        wants = self.wanted_cards()
        columns = self.by_role["column"]
        lone = self.index[LONE] if self.lone_card_waits() else -1
        tops, empty = self.tops_and_empty(c for c in columns if c != lone)
        moves: list[Move] = []
        up: list[Move] = []
        for i in columns:
            p = piles[i]
            if not p or i == lone:
                continue
            card = p[-1]
            for f in wants.get(card, ()):
                moves.append(table[i][f])
                up.append(table[i][f])
            rank = card & 15
            for step in (1, -1):
                if 1 <= rank + step <= KING:
                    for j in tops.get(card + step, ()):
                        if j != i:
                            moves.append(table[i][j])
            for j in empty:
                moves.append(table[i][j])
        if opening and up and self.extra["opening"]:
            return up
        return moves

    def _exception_may_open(self, moves: list[Move]) -> bool:
        """Cheap test before the rule: could the sixth-row exception be open?"""
        extra = self.extra
        if not extra["sixth_row"] or extra["sixth_ace"] + extra["sixth_king"] == 2:
            return False
        if extra["sixth_open"] and SIXTH_ROW_PAIR.of(self):
            return True
        if not self.not_begun():
            return False
        piles = self.piles
        for m in moves:  # a move that is no shuttle: play goes on
            src = piles[self.index[m.src]]
            dst = piles[self.index[m.dst]]
            if self.roles[self.index[m.dst]] == "foundation":
                return False
            if len(src) == 1 and dst or len(src) > 1 and not (dst and src[-2] == dst[-1]):
                return False
        return True

    def generate_moves(self):
        moves = self.ordinary_moves()
        yield from moves
        if self._exception_may_open(moves):
            for move in self.action_moves("sixth-row"):
                if sixth_row_ace_and_king.check(self, move):
                    yield move


GAME = Fifteen
