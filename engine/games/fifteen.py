"""Пятнадцать (La Quinzaine, Fifteen): seven overlapping rows of fifteen.

000 lines 54-68. Two packs in horizontal rows of fifteen, each row partly
covering the one before; the last (seventh) row has fourteen cards. Only the
cards of the bottom row are available. Four aces (built up in suit to the
kings) and four kings (built down in suit to the aces) are the foundations,
found during play. Available cards marry up or down in suit; a cleared
column («дорожка», a lane) takes any available card. If the game cannot even
start, one ace and one king may be taken from the sixth row. No redeal.

Piles: ``col-1`` .. ``col-15`` hold a column top row first, so the pile's
top card is the bottom-row (available) card; ``col-15`` has six cards.
``extra["sixth_row"]`` remembers which columns still hold the card dealt in
their sixth row, the only cards the exception may take.
"""

from __future__ import annotations

from engine.cards import ACE, KING
from engine.core import Game, Move, PileSpec
from engine.rulebook import RuleBook

RULES = RuleBook("fifteen")

SIXTH_ROW_WHEN = RULES.assume(
    "sixth-row-when-stuck",
    "«Если послѣ первыхъ перемѣщеній не окажется подходящею ни одна годная карта, такъ что нельзя "
    "будетъ даже начать пасьянса»: the engine opens the exception while no foundation has been "
    "begun (other than by the exception itself) and no available card can be played to a "
    "foundation; marriages do not count, as they do not begin the game. At most one ace and one "
    "king in the whole game, each straight to its foundation.",
    "most natural reading",
)

BASES_BY_PLAYER = RULES.assume(
    "bases-out-by-player",
    "«...то ее слѣдуетъ немедленно же изъять и положить на особое мѣсто, затѣмъ...» orders the "
    "player's first moves (the foundation cards of the bottom row out first, then the suitable "
    "cards, then marriages); the engine offers the move from the moment the card is available and "
    "does not make it itself: with two packs both copies of a base card may lie in the bottom row "
    "and the text does not say which one goes, and an automatic play would change the dealt "
    "opening. Waiting gains nothing the rules reward: an available base card is a foundation move, "
    "so the sixth-row exception (play.1.6) stays closed while one lies there.",
    "most natural reading",
)

SIXTH = 5  # index of the sixth-row card in a column pile (top row first)


@RULES.rule("bottom-row-available", cites=("fifteen.rule.1",),
            ru="годна только карта нижнего ряда, по одной", en="only a bottom-row card is available, one at a time")
def bottom_row_available(game, move) -> bool:
    """Only the card of the seventh (bottom) row is available; the card above is freed by its removal."""
    return move.n == 1


@RULES.rule("aces-and-kings-found-in-play",
            cites=("fifteen.rule.2.1", "fifteen.play.1.3", "fifteen.play.1.5", BASES_BY_PLAYER),
            ru="основания — четыре туза и четыре короля, их берут из нижнего ряда во время игры",
            en="the foundations are four aces and four kings, taken from the bottom row during play")
def aces_and_kings_found_in_play(game, move) -> bool:
    """An empty foundation takes its base, an ace or a king of its suit, from the bottom row.

    The text says such a card «слѣдуетъ немедленно же изъять»; the engine
    offers the move and leaves the moment (and, with two copies, the card)
    to the player: `fifteen.assume.bases-out-by-player`."""
    i = game.index[move.dst]
    return None if game.piles[i] else game.moving_card(move) == game.foundation_wants(i)


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


@RULES.rule("sixth-row-ace-and-king", cites=("fifteen.play.1.6", SIXTH_ROW_WHEN),
            ru="если начать нельзя, можно взять из шестого ряда одного туза и одного короля",
            en="if the game cannot start, one ace and one king may be taken from the sixth row")
def sixth_row_ace_and_king(game, move) -> bool:
    """If the game cannot even begin, one ace and one king (once each) may come from the sixth row.

    Only a card dealt in the sixth row and still in its place qualifies
    (`Fifteen.sixth_row_in_place`); the cards that covered it close up in
    their order («пополняя ... нижними картами, которыя прежде закрывали
    ихъ»). PySolFC's Fifteen has no such exception; the 1912 text (and
    Cadogan's La Quinzaine) allow it once."""
    i = game.index.get(move.action.partition(":")[2])
    if i is None or game.roles[i] != "column" or not game.sixth_row_in_place(i):
        return False
    card = game.piles[i][SIXTH]
    kind = "sixth_ace" if card & 15 == ACE else "sixth_king" if card & 15 == KING else None
    if kind is None or game.extra[kind]:
        return False
    if game.base_foundation(card) is None:
        return False
    begun = sum(len(game.piles[f]) for f in game.by_role["foundation"])
    if begun != game.extra["sixth_ace"] + game.extra["sixth_king"]:
        return False
    return not any(game.roles[game.index[m.dst]] == "foundation" for m in game.ordinary_moves())


@RULES.rule("won", cites=("fifteen.play.1.4",),
            ru="все карты на основаниях", en="every card is on the foundations")
def won(game, move) -> bool:
    """Won when the eight foundations hold all the cards."""
    return not any(game.piles[i] for i in game.by_role["column"])


@RULES.rule("lost", cites=("fifteen.play.2", "fifteen.play.5.4"),
            ru="ходов нет; пасьянс не повторяется", en="no move is left; the game is not dealt again")
def lost(game, move) -> bool:
    """Lost when no move is left, the sixth-row exception included: it is not dealt again."""
    return not game.legal_moves


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
    EXTRA = {"sixth_ace": 0, "sixth_king": 0, "sixth_row": 0}
    AFTER_MOVE_KEEPS_PILES = True  # after_move only clears sixth_row bits
    PILES = (tuple(PileSpec(f"foundation-{s}-{b}", "foundation", 3.0 + (2 * k + (b == "K")) * 1.3, 0.0,
                            suit=k, base=ACE if b == "A" else KING, step=1 if b == "A" else -1)
                   for k, s in enumerate("SHDC") for b in "AK")
             + tuple(PileSpec(f"col-{k}", "column", (k - 1) * 1.2, 2.0, dy=0.35) for k in range(1, 16)))
    RULES = RULES
    ROUTES = {
        ("column", "foundation"): (bottom_row_available, aces_and_kings_found_in_play, foundations_follow_suit),
        ("column", "column"): (bottom_row_available, marriage_up_or_down, lane_takes_any_card),
        "sixth-row": (sixth_row_ace_and_king,),
    }
    WON = won
    LOST = lost
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

    def sixth_row_in_place(self, i: int) -> bool:
        """Whether column pile ``i`` still holds the card dealt in its sixth row, at `SIXTH`."""
        return bool(self.extra["sixth_row"] >> (i - self.by_role["column"][0]) & 1)

    def after_move(self, move: Move) -> None:
        mask = self.extra["sixth_row"]
        if not mask:
            return
        if self.roles[self.index[move.dst]] == "foundation":
            # a foundation begun by an ordinary move: the exception of
            # play.1.6 («нельзя будетъ даже начать») can never open again
            self.extra["sixth_row"] = 0
            return
        i = self.index[move.src]
        if len(self.piles[i]) <= SIXTH:  # the sixth-row card has left its place
            self.extra["sixth_row"] = mask & ~(1 << (i - self.by_role["column"][0]))

    def base_foundation(self, card: int) -> int | None:
        """The empty foundation whose base ``card`` is, if any."""
        for f in self.by_role["foundation"]:
            if not self.piles[f] and self.foundation_wants(f) == card:
                return f
        return None

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
        mask = self.extra["sixth_row"] & ~(1 << (i - self.by_role["column"][0]))
        self.extra["sixth_row"] = 0 if self.extra["sixth_ace"] and self.extra["sixth_king"] else mask

    def check_position(self) -> tuple[str, str] | None:
        for key in ("sixth_ace", "sixth_king"):
            if self.extra[key] not in (0, 1):
                return f"extra.{key} is 1 once the exception has taken its card, else 0", f"extra.{key}"
        mask = self.extra["sixth_row"]
        columns = self.by_role["column"]
        if not 0 <= mask < 1 << len(columns):
            return f"extra.sixth_row is a set of columns, a whole number from 0 to {(1 << len(columns)) - 1}", \
                "extra.sixth_row"
        for k, i in enumerate(columns):
            if mask >> k & 1 and len(self.piles[i]) <= SIXTH:
                return (f"extra.sixth_row says {self.names[i]!r} still holds its sixth-row card, "
                        f"but it has {len(self.piles[i])} cards"), "extra.sixth_row"
        return None

    def ordinary_moves(self):
        piles, table = self.piles, self.move_table
        wants = self.wanted_cards()
        columns = self.by_role["column"]
        tops, empty = self.tops_and_empty(columns)
        for i in columns:
            p = piles[i]
            if not p:
                continue
            card = p[-1]
            for f in wants.get(card, ()):
                yield table[i][f]
            rank = card & 15
            for step in (1, -1):
                if 1 <= rank + step <= KING:
                    for j in tops.get(card + step, ()):
                        if j != i:
                            yield table[i][j]
            for j in empty:
                yield table[i][j]

    def generate_moves(self):
        yield from self.ordinary_moves()
        # the exception is open only before the game has begun: ask the rule
        # only then (the check itself lists the ordinary moves again)
        used = self.extra["sixth_ace"] + self.extra["sixth_king"]
        begun = sum(len(self.piles[f]) for f in self.by_role["foundation"])
        if self.extra["sixth_row"] and used < 2 and begun == used:
            for move in self.action_moves("sixth-row"):
                if sixth_row_ace_and_king.check(self, move):
                    yield move


GAME = Fifteen
