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
onto an end card of a row, in suit and one pip higher or lower. Any card may
go into the cellar at any moment; it comes out only once all four cards of
one door are gone. A row cleared entirely takes any free card.

Piles: ``base-1`` .. ``base-4`` (in the order the base cards turned up),
``row-L1`` .. ``row-L4`` and ``row-R1`` .. ``row-R4`` (the rows of the left
and right squares), each in two halves: ``row-L1-left`` holds the row from
its middle card out to its left end card (on top), ``row-L1-right`` the rest
out to the right end; ``door-L1`` .. ``door-L4``, ``door-R1`` .. ``door-R4``
(one card each) and ``cellar``. A row of two or more cards always has a card
in both halves; a one-card row keeps it in one half, and that card is the row's
end on both sides.
"""

from __future__ import annotations

from engine.cards import KING
from engine.core import Game, Move, PileSpec
from engine.rulebook import RuleBook

RULES = RuleBook("napoleon")

SQUARES = ("L", "R")
ORDER = RULES.assume(
    "laying-out-order",
    "The text does not say in which order the places are filled. The engine lays the first card "
    "on the bases, then the left square row by row (each row left to right), the right square "
    "the same way, then the left door row and the right one; a card of the base rank goes to the "
    "bases as it turns up and the next card takes the place it would have had.",
    "most natural reading",
)
CELLAR_ONE = RULES.assume(
    "cellar-holds-one-card",
    "«любую карту можно класть в подвал, но снимать ее оттуда» speaks of one card at a time; the "
    "engine lets the cellar hold a single card, so a second card goes in only after the first "
    "has come out.",
    "most natural reading",
)
NO_CORNER_IN_ROWS = RULES.assume(
    "rows-do-not-turn-the-corner",
    "The corner (K next to A) is turned on the base cards only, where the text describes it; "
    "on the rows a card goes on one a pip higher or lower, an ace next to a two only.",
    "most natural reading",
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


@RULES.rule("decide-before-playing", cites=("napoleon.play.3.1", "napoleon.play.3.2"),
            ru="сначала решают, собирать ли на базовых вверх или вниз",
            en="first the player decides whether the bases go up or down")
def decide_before_playing(game, move) -> bool:
    """No card is moved before the player has chosen ascending or descending bases."""
    return game.phase == "play"


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


@RULES.rule("cellar-opens-with-a-door", cites=("napoleon.play.7", "napoleon.play.8"),
            ru="из подвала карту берут, только когда убраны все четыре карты одной из дверей",
            en="a card leaves the cellar only once all four cards of one door are gone")
def cellar_opens_with_a_door(game, move) -> bool:
    """The cellar's card may come out only when one door row is empty; then as often as needed."""
    return door_open(game)


@RULES.rule("row-ends-in-suit", cites=("napoleon.play.4.1", "napoleon.play.4.2", "napoleon.play.6.2",
                                       "napoleon.play.9", NO_CORNER_IN_ROWS),
            ru="на крайнюю карту ряда кладут карту той же масти, на очко больше или меньше; "
               "опустевший ряд занимают любой свободной картой",
            en="on a row's end card goes a card of its suit one pip higher or lower; a cleared row takes any free card")
def row_ends_in_suit(game, move) -> bool:
    """On the end card of a main row goes a card of the same suit one higher or lower; an empty row takes any.

    The door cards take nothing (play.6.2): no move ends on a door."""
    end = row_end(game, game.index[move.dst])
    if not end:
        return True
    card = game.moving_card(move)
    return card == end + 1 or card == end - 1


@RULES.rule("cellar-holds-one-card", cites=("napoleon.play.7", CELLAR_ONE),
            ru="в подвал кладут любую свободную карту, если он пуст",
            en="any free card may go into the cellar when it is empty")
def cellar_holds_one_card(game, move) -> bool:
    """Any free card may be put into the cellar at any moment, if the cellar is empty."""
    return not game.target(move)


@RULES.rule("won", cites=("napoleon.play.10",),
            ru="все 52 карты на базовых", en="all 52 cards are on the bases")
def won(game, move) -> bool:
    """Won when every card lies on the base cards."""
    return not any(game.piles[i] for i in game.free)


@RULES.rule("lost", cites=("napoleon.play.10",),
            ru="ходов больше нет, а не все карты на базовых", en="no move is left and not every card is on the bases")
def lost(game, move) -> bool:
    """Lost when no card can be moved any more."""
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
    piles.append(PileSpec("cellar", "cellar", 6.0, 6.3))
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
        ("row", "foundation"): (decide_before_playing, bases_in_suit),
        ("door", "foundation"): (decide_before_playing, bases_in_suit),
        ("cellar", "foundation"): (decide_before_playing, cellar_opens_with_a_door, bases_in_suit),
        ("row", "row"): (decide_before_playing, row_ends_in_suit),
        ("door", "row"): (decide_before_playing, row_ends_in_suit),
        ("cellar", "row"): (decide_before_playing, cellar_opens_with_a_door, row_ends_in_suit),
        ("row", "cellar"): (decide_before_playing, cellar_holds_one_card),
        ("door", "cellar"): (decide_before_playing, cellar_holds_one_card),
        "choose": (choose_once,),
    }
    WON = won
    LOST = lost
    SETUP = (one_pack_face_up, first_card_sets_the_bases, two_squares_doors_and_cellar)
    NOT_EXECUTABLE = {
        "napoleon.play.6.1": "kept by the routes rather than by a rule: no route starts from a base, so a "
                             "card laid on a base never moves again (engine.only-written-moves refuses it)",
    }

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
        if len(self.piles[self.cellar]) > 1:
            return "the cellar holds one card at most", "piles.cellar"
        if self.phase == "play" and self.extra["direction"] not in (1, -1):
            return "in phase 'play' extra.direction is 1 (ascending) or -1 (descending)", "extra.direction"
        if self.phase == "choose" and self.extra["direction"] != 0:
            return "in phase 'choose' extra.direction is 0 (not chosen yet)", "extra.direction"
        for i in self.by_role["foundation"]:
            if len(self.piles[i]) > 13:
                return f"{self.names[i]!r} holds more than 13 cards", f"piles.{self.names[i]}"
        return None

    def generate_moves(self):
        piles, names = self.piles, self.names
        if self.phase == "choose":
            yield Move(action="choose:up")
            yield Move(action="choose:down")
            return
        direction = self.extra["direction"]
        wanted: dict[int, int] = {}
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
        cellar = self.cellar
        cellar_free = not piles[cellar]
        sources = list(self.row_piles) + list(self.door_piles)
        if piles[cellar] and door_open(self):
            sources.append(cellar)
        for i in sources:
            p = piles[i]
            if not p:
                continue
            card = p[-1]
            if card in wanted:
                yield Move(names[i], names[wanted[card]])
            rank = card & 15
            for near in ((card - 1,) if rank > 1 else ()) + ((card + 1,) if rank < KING else ()):
                for j in ends.get(near, ()):
                    if j != i:
                        yield Move(names[i], names[j])
            for j in empty_rows:
                yield Move(names[i], names[j])
            if cellar_free and i != cellar:
                yield Move(names[i], names[cellar])


Napoleon.rows = tuple((Napoleon.index[f"row-{r}-left"], Napoleon.index[f"row-{r}-right"]) for r in square_rows())
Napoleon.sibling = {a: b for a, b in Napoleon.rows} | {b: a for a, b in Napoleon.rows}
Napoleon.doors = tuple(tuple(Napoleon.index[f"door-{side}{d}"] for d in range(1, 5)) for side in SQUARES)
Napoleon.cellar = Napoleon.index["cellar"]
Napoleon.free = tuple(i for i, role in enumerate(Napoleon.roles) if role != "foundation")
Napoleon.row_piles = tuple(i for pair in Napoleon.rows for i in pair)
Napoleon.door_piles = tuple(i for door in Napoleon.doors for i in door)

GAME = Napoleon
