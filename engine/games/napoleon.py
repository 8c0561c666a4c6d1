"""Наполеон, or Тюрьма (Napoleon, or The Prison): one pack, two squares, the
cellar doors and the cellar, bases built up or down as the player decides once.

002 (a modern book). The whole pack is laid out face up: the first card sets
the rank of the four base cards and goes to the centre; the others of that
rank join it as they turn up. Left and right of the bases lie two squares of
four rows of five cards; under each square a row of four cards, the "cellar
doors"; between the doors the empty "cellar". Having looked the layout over,
the player decides once for all whether the bases are built up or down, in
suit and turning the corner (… 3, 2, A, K, Q … or back). The end cards of the
eight rows and the eight door cards are moved one at a time to the bases or
onto an end card of a row, in suit and one pip higher or lower. Any free card
may go into the cellar at any moment, as many cards as the player likes; they
come out only once all four cards of one door are gone. A row cleared
entirely takes any free card. Nothing goes back from a base (play.6.1) and
nothing is laid on a door or in its place (play.6.2).

Readings (``pasyans readings --game napoleon``): which card of the cellar is
free (any of them, the default, or the last put there), whether a card may
move before the direction is chosen, and whether the rows turn the corner.

Piles: ``base-1`` .. ``base-4`` (in the order the base cards turned up),
``row-L1`` .. ``row-L4`` and ``row-R1`` .. ``row-R4`` (the rows of the left
and right squares), each in two halves: ``row-L1-left`` holds the row from
its middle card out to its left end card (on top), ``row-L1-right`` the rest
out to the right end; ``door-L1`` .. ``door-L4``, ``door-R1`` .. ``door-R4``
(one card each) and ``cellar`` (its cards in the order they went in; a card
below the last is written ``cellar@K>...``, K counted from the first). A row
of two or more cards always has a card in both halves; a one-card row keeps it
in one half, and that card is the row's end on both sides.
"""

from __future__ import annotations

from engine.cards import KING
from engine.core import Game, Move, PileSpec
from engine.rulebook import Alternative, RuleBook

RULES = RuleBook("napoleon")

SQUARES = ("L", "R")
ORDER = RULES.assume(
    "laying-out-order",
    "The text says where the places lie (play.1.2-1.4, play.2.1-2.2) but not in which order they "
    "are filled. The engine lays the first card on the bases, then the left square row by row "
    "(each row left to right), the right square the same way, then the left door row and the "
    "right one; a card of the base rank goes to the bases as it turns up and the next card takes "
    "the place it would have had.",
    "most natural reading",
)
FREE_CARD = RULES.assume(
    "cellar-takes-a-free-card",
    "«любую карту можно класть в «подвал»» (play.7) frees the cellar from the rule of suit and pip "
    "that binds every other move (play.4.2), whatever card it is; it does not make the middle "
    "cards of the rows playable, which the text never does: the cards «для манипуляций» are the "
    "end cards of the rows and the door cards (play.4.1). The text is silent on a middle card; "
    "the engine takes only those cards to the cellar.",
    "most natural reading: play.4.1",
)


CELLAR_CARD = RULES.reading(
    "cellar-card",
    "The cellar takes any card at any moment, as many as the player puts there (play.7: «В любой "
    "момент любую карту»); the text does not say whether the cards in it lie one on another. "
    "Which of them may come out once a door is open?",
    alternatives=(
        Alternative("any", "«снимать ее оттуда»: the card put into the cellar, whichever it is, may "
                    "be taken out again; nothing in the text piles the cellar's cards on one another, "
                    "so each of them stays free.", ("napoleon.play.7", "napoleon.play.8"), True),
        Alternative("last", "The cellar is one pile, like a waste heap: only the card put there last "
                    "is free, the others under it wait until it has gone.",
                    ("napoleon.play.7", "terms.available"), False),
    ),
    default="any",
    why_default="play.7 speaks of every card put into the cellar as one that may be taken out "
                "(«снимать ее оттуда»); reading the cellar as a pile would refuse cards the sentence "
                "lets out. Cadogan 1874 has no cellar game to compare (its Napoleon's Square is "
                "another game).",
)


DECIDE_FIRST = RULES.reading(
    "moves-before-the-choice",
    "The player decides, having studied the layout, whether the bases go up or down (play.3.1) and "
    "the decision «касается всех четырех базовых карт» (play.3.2). May a card be moved between the "
    "rows or into the cellar before that decision?",
    alternatives=(
        Alternative("decide-first", "No card moves before the decision: the text lays out, "
                    "studies, decides, and only then describes the moves (play.3.1, play.4.1).",
                    ("napoleon.play.3.1", "napoleon.play.3.2"), False),
        Alternative("before-the-bases", "The decision concerns the bases only (play.3.2): moves "
                    "between the rows and into the cellar («В любой момент», play.7) may come before "
                    "it; only a card laid on a base needs the direction.",
                    ("napoleon.play.3.2", "napoleon.play.7"), True),
    ),
    default="decide-first",
    why_default="the text's order: the decision follows the study of the layout and precedes "
                "every manipulation it describes; «В любой момент» speaks of the play that follows.",
)


DOOR_TO_CELLAR = RULES.reading(
    "door-cards-to-the-cellar",
    "play.7 lets «любую карту» go into the cellar; play.6.2 says where the door cards may go: «на "
    "базовые или на подходящие крайние карты в основных рядах». May a door card go straight into "
    "the cellar?",
    alternatives=(
        Alternative("yes", "«В любой момент любую карту»: a door card is a card; play.6.2 grants two "
                    "places and forbids only laying cards on the doors, it does not say «только».",
                    ("napoleon.play.7",), True),
        Alternative("no", "play.6.2 lists the places a door card goes to, and the cellar is not among "
                    "them; putting door cards into the cellar would open a door at will and empty the "
                    "condition of play.7 («когда убраны все четыре карты одной из дверей»).",
                    ("napoleon.play.6.2", "napoleon.play.7"), False),
    ),
    default="yes",
    why_default="both sentences read as written: play.7 names any card, play.6.2 no exclusion. (A door "
                "card can reach the cellar under either reading once a row is empty, through that row: "
                "play.9.)",
)


def neighbours(card: int, corner: bool) -> tuple[int, ...]:
    """The cards of ``card``'s suit one pip lower and higher; an ace and a king
    are neighbours too where the corner is turned."""
    rank = card & 15
    out = ((card - 1,) if rank > 1 else ()) + ((card + 1,) if rank < KING else ())
    if corner and rank == 1:
        out += (card - 1 + KING,)
    elif corner and rank == KING:
        out += (card + 1 - KING,)
    return out


ROW_CORNER = RULES.reading(
    "rows-turn-the-corner",
    "On the bases the text turns the corner (3, 2, A, K, Q: play.3.3); on the rows it says only «по "
    "масти, а больше или меньше на очко» (play.4.2). May an ace lie next to a king on a row?",
    alternatives=(
        Alternative("no", "Only on the bases, where the text describes the corner: on a row a card "
                    "goes one pip higher or lower, and an ace and a king are twelve pips apart.",
                    ("napoleon.play.4.2",), False),
        Alternative("yes", "The corner of the bases holds on the rows too, so that the rows can be "
                    "built in the order the bases take (play.5 advises building the rows against "
                    "the bases).", ("napoleon.play.3.3", "napoleon.play.5"), True),
    ),
    default="no",
    why_default="play.4.2 counts pips, and the corner is stated for the bases alone.",
)


def square_rows():
    for side in SQUARES:
        for r in range(1, 5):
            yield f"{side}{r}"


def wants(game, i: int, direction: int) -> int:
    """The card base ``i`` takes next (0 if it is full): its suit, the next rank,
    turning the corner between king and ace."""
    pile = game.piles[i]
    if not pile or len(pile) == 13:
        return 0
    rank = (pile[-1] & 15) + direction
    rank = 1 if rank > KING else KING if rank < 1 else rank
    return (pile[0] & ~15) | rank


def row_end(game, j: int) -> int:
    """The end card of a row on the side of half ``j`` (0 if the row is empty)."""
    if game.piles[j]:
        return game.piles[j][-1]
    other = game.piles[game.sibling[j]]
    return other[0] if other else 0


def door_open(game) -> bool:
    """All four cards of one of the cellar doors are gone."""
    return any(not any(game.piles[i] for i in door) for door in game.doors)


@RULES.rule("one-at-a-time", cites=("napoleon.play.4.2",), counts=True,
            ru="карты перекладываются только по одной", en="cards are moved only one at a time")
def one_at_a_time(game, move) -> bool:
    """«Они перекладываются только по одной»: every move takes a single card."""
    return move.n == 1


@RULES.rule("decide-before-playing", cites=("napoleon.play.3.1", "napoleon.play.3.2", DECIDE_FIRST),
            ru="сначала решают, собирать ли на базовых вверх или вниз",
            en="first the player decides whether the bases go up or down")
def decide_before_playing(game, move) -> bool:
    """No card is moved before the player has chosen ascending or descending bases (see the reading).

    Under the reading «before-the-bases» only a move to a base waits for the choice."""
    if game.phase == "play":
        return True
    return DECIDE_FIRST.of(game) and game.roles[game.index[move.dst]] != "foundation"


@RULES.rule("choose-once", cites=("napoleon.play.3.1", "napoleon.play.3.2"),
            ru="решение — вверх или вниз — принимают один раз, для всех четырех базовых",
            en="the choice, up or down, is made once, for all four bases")
def choose_once(game, move) -> bool:
    """Once, before play, the player chooses ascending (``choose:up``) or descending (``choose:down``)."""
    return game.phase == "choose" and move.action in ("choose:up", "choose:down")


@RULES.rule("bases-in-suit-turning-the-corner", cites=("napoleon.play.3.3", "napoleon.play.4.2"),
            ru="на базовую кладут карту той же масти, следующую в выбранном направлении, через туза и короля",
            en="a base takes the next card of its suit in the chosen direction, turning the corner at the ace")
def bases_in_suit(game, move) -> bool:
    """A base takes the next card of its suit, up or down as chosen, K-A-2 or 2-A-K at the corner."""
    return game.moving_card(move) == wants(game, game.index[move.dst], game.extra["direction"])


@RULES.rule("bases-keep-their-cards", cites=("napoleon.play.6.1",),
            ru="карты, уложенные на базовые, с них уже не снимаются",
            en="cards once laid on the bases are never taken off again")
def bases_keep_their_cards(game, move) -> bool | None:
    """No card leaves a base: «с них уже не снимаются и в комбинациях не участвуют».

    Says nothing of a move from anywhere else."""
    return False if game.roles[game.index[move.src]] == "foundation" else None


@RULES.rule("doors-take-nothing", cites=("napoleon.play.6.2",),
            ru="на карты дверей подвала ничего не кладут и их места не занимают",
            en="nothing is laid on the door cards, nor are their places filled")
def doors_take_nothing(game, move) -> bool | None:
    """«класть на вспомогательные другие карты или занимать освободившиеся от них места нельзя».

    Says nothing of a move to anywhere else."""
    return False if game.roles[game.index[move.dst]] == "door" else None


@RULES.rule("cellar-opens-with-a-door", cites=("napoleon.play.7", "napoleon.play.8", "napoleon.play.9"),
            ru="из подвала карту берут, только когда убраны все четыре карты одной из дверей",
            en="a card leaves the cellar only once all four cards of one door are gone")
def cellar_opens_with_a_door(game, move) -> bool:
    """A cellar card may come out only when one door row is empty; then as often as needed."""
    return door_open(game)


@RULES.rule("cellar-card-free", cites=("napoleon.play.7", CELLAR_CARD), places=True,
            ru="из подвала снимают положенную туда карту (какую — см. чтение)",
            en="a card put into the cellar is taken out of it (which one: see the reading)")
def cellar_card_free(game, move) -> bool:
    """Which card of the cellar may come out: any of them, or only the last put there (the reading)."""
    return not move.at or CELLAR_CARD.of(game)


@RULES.rule("row-ends-in-suit", cites=("napoleon.play.4.1", "napoleon.play.4.2", "napoleon.play.6.2", "napoleon.play.9",
                                       ROW_CORNER),
            ru="на крайнюю карту ряда кладут карту той же масти, на очко больше или меньше; "
               "опустевший ряд занимают любой свободной картой",
            en="on a row's end card goes a card of its suit one pip higher or lower; a cleared row takes any free card")
def row_ends_in_suit(game, move) -> bool:
    """On the end card of a main row goes a card of the same suit one higher or lower; an empty row takes any.

    «а больше или меньше на очко, определяет играющий»: either way, move by
    move. Whether an ace goes next to a king is a reading (rows-turn-the-corner)."""
    end = row_end(game, game.index[move.dst])
    if not end:
        return True
    return end in neighbours(game.moving_card(move), ROW_CORNER.of(game))


@RULES.rule("cellar-takes-any-card", cites=("napoleon.play.7", "napoleon.play.4.1", FREE_CARD),
            ru="в подвал в любой момент кладут любую свободную карту, сколько угодно карт",
            en="any free card may go into the cellar at any moment, as many as the player likes")
def cellar_takes_any_card(game, move) -> bool:
    """«В любой момент любую карту можно класть в «подвал»»: an end card or a door card, whatever its suit and rank."""
    return True


@RULES.rule("door-card-to-the-cellar", cites=("napoleon.play.7", "napoleon.play.6.2", DOOR_TO_CELLAR),
            ru="карта двери идет в подвал (по чтению — да или нет)",
            en="a door card goes into the cellar (yes or no, by the reading)")
def door_card_to_the_cellar(game, move) -> bool:
    """Whether a door card may go straight into the cellar: play.7 against play.6.2 (the reading)."""
    return DOOR_TO_CELLAR.of(game)


@RULES.rule("won", cites=("napoleon.play.10",),
            ru="все 52 карты на базовых", en="all 52 cards are on the bases")
def won(game, move) -> bool:
    """Won when every card lies on the base cards."""
    return not any(game.piles[i] for i in game.free)


@RULES.rule("lost", cites=("napoleon.play.10",),
            ru="ходов больше нет, а не все карты на базовых", en="no move is left and not every card is on the bases")
def lost(game, move) -> bool:
    """Lost when no card can be moved any more.

    Which never happens while a card is off the bases: the cellar takes any
    free card at any moment (play.7), and an emptied row takes a door card
    (play.9). Under the default readings every position can even be won: put
    one row into the cellar, pass the four cards of a door through the empty
    row into the cellar, and the open cellar gives every card back."""
    return not game.legal_moves


@RULES.rule("one-pack-face-up", cites=("napoleon.play.1.1",),
            ru="вся полная колода выложена открытой", en="the whole pack is laid out face up")
def one_pack_face_up(game, move) -> bool:
    """All 52 cards of one pack are on the table at once."""
    return game.holds_packs(1)


@RULES.rule("first-card-sets-the-bases", cites=("napoleon.play.1.2", "napoleon.play.2.1", ORDER),
            ru="первая карта определяет базовые; остальные три той же величины кладут под нее",
            en="the first card sets the rank of the bases; the other three of that rank go below it")
def first_card_sets_the_bases(game, move) -> bool:
    """The four bases hold one card each, all of one rank and four suits."""
    bases = [game.piles[i] for i in game.by_role["foundation"]]
    return all(len(b) == 1 for b in bases) and len({b[0] & 15 for b in bases}) == 1 \
        and len({b[0] >> 4 for b in bases}) == 4


@RULES.rule("two-squares-doors-and-cellar", cites=("napoleon.play.1.3", "napoleon.play.1.4", "napoleon.play.2.2"),
            ru="два квадрата по четыре ряда из пяти карт, под ними по четыре карты дверей, подвал пуст",
            en="two squares of four rows of five, four door cards under each, the cellar empty")
def two_squares_doors_and_cellar(game, move) -> bool:
    """Eight rows of five cards, eight door cards and an empty cellar."""
    rows = [len(game.piles[a]) + len(game.piles[b]) for a, b in game.rows]
    return rows == [5] * 8 and all(len(game.piles[i]) == 1 for door in game.doors for i in door) \
        and not game.piles[game.cellar]


def _piles() -> tuple[PileSpec, ...]:
    piles = [PileSpec(f"base-{k}", "foundation", 6.0, (k - 1) * 1.5) for k in range(1, 5)]
    for s, side in enumerate(SQUARES):
        x0 = 0.0 if side == "L" else 7.4
        for r in range(1, 5):
            y = (r - 1) * 1.5
            piles.append(PileSpec(f"row-{side}{r}-left", "row", x0 + 2 * 1.1, y, dx=-1.1))
            piles.append(PileSpec(f"row-{side}{r}-right", "row", x0 + 3 * 1.1, y, dx=1.1))
        for d in range(1, 5):
            piles.append(PileSpec(f"door-{side}{d}", "door", x0 + 0.5 + (d - 1) * 1.1, 6.3))
    piles.append(PileSpec("cellar", "cellar", 6.0, 6.3, dy=0.3))  # fanned: any card of it may be free (a reading)
    return tuple(piles)


class Napoleon(Game):
    slug = "napoleon"
    title_1912 = ""
    title_modern = "Наполеон"
    title_en = "Napoleon"
    aliases = ("Тюрьма", "The Prison", "Napoleon")
    book_order = 13
    decks = 1
    PHASES = ("choose", "play")
    EXTRA = {"direction": 0}  # +1 ascending, -1 descending, 0 not chosen yet
    PILES = _piles()
    RULES = RULES
    ROUTES = {
        ("row", "foundation"): (one_at_a_time, decide_before_playing, bases_in_suit),
        ("door", "foundation"): (one_at_a_time, decide_before_playing, bases_in_suit),
        ("cellar", "foundation"): (one_at_a_time, decide_before_playing, cellar_opens_with_a_door,
                                   cellar_card_free, bases_in_suit),
        ("row", "row"): (one_at_a_time, decide_before_playing, row_ends_in_suit),
        ("door", "row"): (one_at_a_time, decide_before_playing, row_ends_in_suit),
        ("cellar", "row"): (one_at_a_time, decide_before_playing, cellar_opens_with_a_door, cellar_card_free,
                            row_ends_in_suit),
        ("row", "cellar"): (one_at_a_time, decide_before_playing, cellar_takes_any_card),
        ("door", "cellar"): (one_at_a_time, decide_before_playing, door_card_to_the_cellar, cellar_takes_any_card),
        # what the text forbids, by the sentence that forbids it
        **{("foundation", role): (bases_keep_their_cards,) for role in ("foundation", "row", "door", "cellar")},
        **{(role, "door"): (doors_take_nothing,) for role in ("row", "door", "cellar")},
        "choose": (choose_once,),
    }
    WON = won
    LOST = lost
    ENDING = {"won": ("napoleon.play.10", "says"), "lost": ("napoleon.play.10", "says")}
    SETUP = (one_pack_face_up, first_card_sets_the_bases, two_squares_doors_and_cellar)

    # set below the class
    rows: tuple[tuple[int, int], ...] = ()  # (left half, right half) of each row
    sibling: dict[int, int] = {}
    doors: tuple[tuple[int, ...], ...] = ()
    cellar: int = 0
    free: tuple[int, ...] = ()  # every pile but the bases

    def setup(self, cards: list[int]) -> None:
        bases = self.by_role["foundation"]
        self.piles[bases[0]].append(cards[0])
        rank = cards[0] & 15
        rest = [c for c in cards[1:] if c & 15 != rank]
        for k, c in enumerate(c for c in cards[1:] if c & 15 == rank):
            self.piles[bases[k + 1]].append(c)
        for n, (left, right) in enumerate(self.rows):
            row = rest[n * 5:n * 5 + 5]
            self.piles[left][:] = row[2::-1]   # the middle card at the bottom, the left end on top
            self.piles[right][:] = row[3:]
        rest = rest[40:]
        for k, i in enumerate(i for door in self.doors for i in door):
            self.piles[i].append(rest[k])

    def do_choose(self, arg: str) -> None:
        self.extra["direction"] = 1 if arg == "up" else -1
        self.phase = "play"

    def action_moves(self, name: str) -> list[Move]:
        return [Move(action="choose:up"), Move(action="choose:down")]

    def after_move(self, move: Move) -> None:
        # keep every row of two or more cards with a card in both halves:
        # the innermost card of the other half is the end on this side
        for j in (self.index[move.src], self.index[move.dst]):
            if j in self.sibling:
                here, there = self.piles[j], self.piles[self.sibling[j]]
                if not here and len(there) >= 2:
                    here.append(there.pop(0))
                elif not there and len(here) >= 2:
                    there.append(here.pop(0))

    def check_position(self):
        for left, right in self.rows:
            a, b = self.piles[left], self.piles[right]
            if (not a and len(b) > 1) or (not b and len(a) > 1):
                name = self.names[left if not a else right]
                return f"pile {name!r} is empty while the other half of its row has several cards", f"piles.{name}"
        for door in self.doors:
            for i in door:
                if len(self.piles[i]) > 1:
                    return f"a door place holds one card at most: {self.names[i]!r}", f"piles.{self.names[i]}"
        if self.phase == "play" and self.extra["direction"] not in (1, -1):
            return "in phase 'play' extra.direction is 1 (ascending) or -1 (descending)", "extra.direction"
        if self.phase == "choose" and self.extra["direction"] != 0:
            return "in phase 'choose' extra.direction is 0 (not chosen yet)", "extra.direction"
        for i in self.by_role["foundation"]:
            if len(self.piles[i]) > 13:
                return f"{self.names[i]!r} holds more than 13 cards", f"piles.{self.names[i]}"
        return None

    def generate_moves(self):
        piles, names, table = self.piles, self.names, self.move_table
        choosing = self.phase == "choose"
        if choosing:
            yield Move(action="choose:up")
            yield Move(action="choose:down")
            if not DECIDE_FIRST.of(self):
                return
        direction = self.extra["direction"]
        wanted: dict[int, int] = {}
        if not choosing:
            for i in self.by_role["foundation"]:
                card = wants(self, i, direction)
                if card:
                    wanted[card] = i
        ends: dict[int, list[int]] = {}  # end card -> row halves showing it
        empty_rows = []
        for left, right in self.rows:
            a, b = piles[left], piles[right]
            if not a and not b:
                empty_rows += [left, right]
                continue
            ends.setdefault(a[-1] if a else b[0], []).append(left)
            ends.setdefault(b[-1] if b else a[0], []).append(right)
        corner = ROW_CORNER.of(self)
        to_cellar = DOOR_TO_CELLAR.of(self)
        cellar = self.cellar
        sources = [(i, 0) for i in self.row_piles + self.door_piles if piles[i]]
        held = piles[cellar]
        if held and door_open(self):
            sources.append((cellar, 0))
            if CELLAR_CARD.of(self):
                sources += [(cellar, k) for k in range(1, len(held))]
        for i, at in sources:
            p = piles[i]
            card = p[at - 1] if at else p[-1]
            if card in wanted:
                yield table[i][wanted[card]] if not at else Move(names[i], names[wanted[card]], at=at)
            targets = neighbours(card, corner)
            for end in targets:
                for j in ends.get(end, ()):
                    if j != i:
                        yield table[i][j] if not at else Move(names[i], names[j], at=at)
            for j in empty_rows:
                yield table[i][j] if not at else Move(names[i], names[j], at=at)
            if i != cellar and (to_cellar or self.roles[i] == "row"):
                yield table[i][cellar]

Napoleon.rows = tuple((Napoleon.index[f"row-{r}-left"], Napoleon.index[f"row-{r}-right"]) for r in square_rows())
Napoleon.sibling = {a: b for a, b in Napoleon.rows} | {b: a for a, b in Napoleon.rows}
Napoleon.doors = tuple(tuple(Napoleon.index[f"door-{side}{d}"] for d in range(1, 5)) for side in SQUARES)
Napoleon.cellar = Napoleon.index["cellar"]
Napoleon.free = tuple(i for i, role in enumerate(Napoleon.roles) if role != "foundation")
Napoleon.row_piles = tuple(i for pair in Napoleon.rows for i in pair)
Napoleon.door_piles = tuple(i for door in Napoleon.doors for i in door)

GAME = Napoleon
