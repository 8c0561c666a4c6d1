"""The position of a patience game, and the only ways to change it.

`Game` is the base class of every game (one subclass per module in
engine/games/). A game instance is a position: piles of cards (lists of
small ints, bottom to top, see engine/cards.py), a phase, the redeals left
and a few game-specific counters (`extra`). Like python-chess's Board:

* `legal_moves` is lazy and set-like: iterating generates, ``move in
  game.legal_moves`` checks one move without listing them all;
* `push(move)` applies a move without checking it, `pop()` undoes it,
  `redo()` replays what was popped; `play(move)` checks first and raises
  `IllegalMoveError` naming the rule and clauses that forbid the move;
* `explain(move)` is the slow, talkative path: a `Verdict` with the reason
  in Russian and English and the clause ids behind it;
* `outcome()` is None while the game goes on, else an `Outcome` whose rule
  names the clause that says the game is won or lost.

A game's moves are decided by its routes: ``ROUTES[(src_role, dst_role)]``
or ``ROUTES[action_name]`` lists the rules a move of that kind must pass.
No route, no move (`engine.only-written-moves`). Games may override
`generate_moves` with a fast generator; tests check that it yields exactly
the moves the routes allow.

One answer, two questions. A move is allowed by `explain`/`play`/`check` if
and only if it is in `legal_moves`: `legal_moves` lists the generated moves
that the routes allow, and `explain` allows a move only if the routes allow
it and the generator yields it. A card move takes one card unless a rule of
its route judges counts (``counts=True``, where a clause allows several),
and it takes the top card unless a rule of its route judges places
(``places=True``, where a clause makes cards below the top available; the
move is then written ``SRC@K>DST``, K counted from the bottom).

Readings. A game is created under a set of readings (``Game(deal,
readings={id: alternative})``; the edition's defaults otherwise), kept in
``game.readings`` and in the portable state's ``"readings"`` (non-default
ones only).
"""

from __future__ import annotations

from enum import Enum
from typing import Iterator, NamedTuple

from engine.cards import RANKS, card_code, full_deck, parse_card
from engine.deal import shuffled
from engine.rulebook import Reading, Rule, RuleBook, Verdict

# The engine's own rules: what no game text needs to say.
ENGINE = RuleBook("engine")
_ONLY_WRITTEN = ENGINE.assume(
    "only-written-moves",
    "The book describes the moves each game allows; a move that no rule of the game names "
    "is refused rather than guessed at.",
    "most natural reading",
)
_ONE_CARD = ENGINE.assume(
    "one-card-at-a-time",
    "None of the games of witness 000 moves several cards at once: every move the book "
    "describes takes the top (available) card of a pile.",
    "most natural reading; terms.available",
)


STANDSTILL = ENGINE.assume(
    "standstill",
    "Where the text allows a redeal (or another action) only once play has come to a standstill "
    "(«когда не окажется больше годныхъ картъ для игры», «Если ни одной карты более переложить "
    "нельзя», «дальнѣйшая игра невозможна») but two packs let a card be moved for ever between "
    "twin cards, a standstill is defined thus: no legal card move is left except shuttles, and no "
    "position reachable by shuttles has any other card move. A shuttle moves a card from one pile "
    "of the layout to another (not to a foundation) and leaves the cards that can be seen on top "
    "of the piles the same, card for card (the card it uncovers is a twin of the card it covers, "
    "or it moves a lone card into an empty place). Such moves change nothing a player can use.",
    "most natural reading: the text's own condition, made exact where twin cards would defeat it",
)


@ENGINE.rule("only-written-moves", cites=(_ONLY_WRITTEN,),
             ru="ход должен быть описан в правилах пасьянса", en="a move must be one the game's rules describe")
def _no_route(game, move) -> bool:
    """A move of a kind the game's rules do not describe is not allowed."""
    return False


@ENGINE.rule("known-piles", cites=(_ONLY_WRITTEN,),
             ru="ход называет две разные пачки этой раскладки", en="a move names two different piles of this layout")
def _unknown_pile(game, move) -> bool:
    """A move must name piles of the game's layout (see `pasyans layout`), two different ones.

    Only a card below the top (``SRC@K>SRC``) may go onto its own pile's top card."""
    return False


@ENGINE.rule("one-card", cites=(_ONE_CARD, "terms.available"),
             ru="карты перекладываются по одной", en="cards are moved one at a time")
def one_card(game, move) -> bool:
    """Cards move one at a time (no game of 000 moves several cards at once).

    Games put it in their routes where no clause of their own says so."""
    return move.n == 1


@ENGINE.rule("top-card", cites=(_ONE_CARD, "terms.available"),
             ru="берут верхнюю карту пачки", en="the top card of a pile is taken")
def top_card(game, move) -> bool:
    """Only the top card of a pile moves, unless a rule of the game makes cards below it available.

    The core puts it in the route of a move ``SRC@K>DST`` whose rules do not
    judge places (no rule declared with ``places=True``)."""
    return not move.at


@ENGINE.rule("place-below-the-top", cites=("terms.available",),
             ru="названное место пачки занято картой под верхней (верхнюю называют без места)",
             en="the place named holds a card below the top (the top card is named without a place)")
def place_below_the_top(game, move) -> bool:
    """``SRC@K`` names a card below the top: 1 <= K < the number of cards in SRC.

    The top card is written ``SRC>DST``, so that each move has one spelling."""
    return move.at < len(game.piles[game.index[move.src]])


@ENGINE.rule("non-empty-source", cites=("terms.available",),
             ru="карту берут из непустой пачки", en="the card is taken from a pile that has one")
def non_empty_source(game, move) -> bool:
    """Only a card that is there can be moved: the source pile must not be empty."""
    return bool(game.piles[game.index[move.src]])


class Move(NamedTuple):
    """A move in DESIGN.md's notation: ``SRC>DST``, ``SRC>DST:N``, ``SRC@K>DST`` or an action name.

    ``Move.parse("fan-3>foundation-H") == Move("fan-3", "foundation-H")``;
    ``Move.parse("redeal") == Move(action="redeal")``. ``SRC@K>DST`` takes
    the K-th card of SRC counted from the bottom (1 = the first card laid
    there, as the portable state lists them), where a game makes cards below
    the top available; the top card itself is always written ``SRC>DST``.
    """

    src: str = ""
    dst: str = ""
    n: int = 1
    action: str = ""
    at: int = 0  # the place of the card in SRC, from the bottom (1-based); 0: the top card

    @classmethod
    def parse(cls, text: str) -> "Move":
        text = text.strip()
        if ">" not in text:
            if not text or any(c.isspace() for c in text):
                raise ValueError(f"bad move {text!r}: write SRC>DST, SRC>DST:N, SRC@K>DST or an action name")
            return cls(action=text)
        src, _, dst = text.partition(">")
        n = 1
        if ":" in dst:
            dst, _, count = dst.partition(":")
            if not count.isdigit() or int(count) < 1:
                raise ValueError(f"bad move {text!r}: the count after ':' must be a whole number >= 1")
            n = int(count)
        at = 0
        if "@" in src:
            src, _, place = src.partition("@")
            if not place.isdigit() or int(place) < 1:
                raise ValueError(f"bad move {text!r}: the place after '@' must be a whole number >= 1")
            at = int(place)
        if not src or not dst:
            raise ValueError(f"bad move {text!r}: both piles must be named, as in fan-3>foundation-H")
        return cls(src, dst, n, "", at)

    def __str__(self) -> str:
        if self.action:
            return self.action
        return f"{self.src}" + (f"@{self.at}" if self.at else "") + f">{self.dst}" + \
            (f":{self.n}" if self.n != 1 else "")

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


# `Game.is_standstill`'s answers by shuttle component: ((class, readings,
# limit), `_standstill_key`) -> standstill. A pure function of the position,
# so remembering it changes no answer, only the time; cleared when full.
_STANDSTILLS: dict[tuple, bool] = {}
STANDSTILLS_KEPT = 20_000  # a key is a whole position (a kilobyte or two): some 30 MB at most


class PileSpec(NamedTuple):
    """A pile of the layout: its id, role and where to draw it.

    x, y: position of the bottom card in card units (one card = 1 x 1.4
    high); dx, dy: offset of each following card (a fan), 0 for a squared
    pile; face: "up" or "down"."""

    id: str
    role: str
    x: float
    y: float
    dx: float = 0.0
    dy: float = 0.0
    # a foundation's building: its suit (-1 any), first rank, step (+1 up, -1 down)
    suit: int = -1
    base: int = 0
    step: int = 0

    def to_json(self, face_down: bool) -> dict:
        out = {"id": self.id, "role": self.role, "x": round(self.x, 3), "y": round(self.y, 3),
               "dx": round(self.dx, 3), "dy": round(self.dy, 3), "face": "down" if face_down else "up"}
        if self.step:
            out["builds"] = {"suit": "SHDC"[self.suit] if self.suit >= 0 else None,
                             "from": RANKS[self.base], "direction": "up" if self.step > 0 else "down"}
        return out


class Termination(Enum):
    """How a game ended; the `Outcome` carries the game's rule and clauses."""

    WON = "won"    #: the game's `won` rule holds (every card where the book wants it)
    LOST = "lost"  #: no legal move is left (no redeal, no card to play)


# What an ending clause does (Game.ENDING): it says in words that the game
# comes out or fails; it names where every card must end; it sets the limit
# now reached (no further deal); or the text is silent or lost there and an
# editorial assumption of the engine ends the game.
ENDING_HOW = ("says", "goal", "limit", "assumption")


class Outcome(NamedTuple):
    termination: Termination
    rule: str
    clauses: tuple[str, ...]

    @property
    def won(self) -> bool:
        return self.termination is Termination.WON


class StateError(ValueError):
    """A portable state that cannot be a position of the game; `where` is the
    JSON path of the offending value (``piles.fan-3[2]``) so the command line
    can name the line."""

    def __init__(self, problem: str, where: str = ""):
        super().__init__(problem)
        self.where = where


class IllegalMoveError(ValueError):
    """A move refused by `play`: carries the position, the verdict and the
    ids of the rule and clauses that forbid it."""

    def __init__(self, game: "Game", verdict: Verdict):
        self.position = game.to_portable()
        self.verdict = verdict
        self.clauses = verdict.clauses
        self.rules = verdict.rules
        super().__init__(f"illegal move {verdict.move} in {game.slug} deal {game.deal}: "
                         f"{verdict.en} ({', '.join(verdict.rules + verdict.clauses)})")

    def __reduce__(self):
        # rebuilt from its message and attributes, not its arguments, so that
        # it crosses a process pool (a worker's error reaches the measure)
        return _rebuilt_error, (type(self), self.args, self.__dict__)


def _rebuilt_error(cls: type, args: tuple, state: dict) -> Exception:
    error = Exception.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


class LegalMoves:
    """The legal moves of a position, lazily: iterate to generate, `in` to check one."""

    __slots__ = ("game",)

    def __init__(self, game: "Game"):
        self.game = game

    def __iter__(self) -> Iterator[Move]:
        # the generated moves the routes allow: what `explain` allows, no more
        game = self.game
        return (m for m in game.generate_moves() if game.is_legal(m))

    def __contains__(self, move) -> bool:
        if isinstance(move, str):
            move = Move.parse(move)
        return self.game.is_legal(move) and self.game.generates(move)

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"<LegalMoves ({', '.join(map(str, self))})>"


class Game:
    """Base class of all games; see the module docstring and engine/README.md."""

    slug: str = ""
    title_1912: str = ""
    title_modern: str = ""
    title_en: str = ""
    aliases: tuple[str, ...] = ()
    book_order: int = 99  # place in the edition (Cadogan's order), for GAMES
    decks: int = 1
    PILES: tuple[PileSpec, ...] = ()
    FACE_DOWN: frozenset[str] = frozenset({"stock"})  # roles whose cards lie face down
    PHASES: tuple[str, ...] = ("play",)
    REDEALS: int = 0
    EXTRA: dict[str, int] = {}  # game-specific counters and their defaults
    RULES: RuleBook = ENGINE
    ROUTES: dict = {}
    WON: Rule | None = None
    LOST: Rule | None = None
    # The one clause that ends the game, as the end banner quotes it:
    # {"won" | "lost": (id, how)}. `how` says what the clause does, so that
    # the banner never calls a redeal clause "the clause that says the game is
    # over": ENDING_HOW's keys. tests/engine/test_ending.py checks each game's.
    ENDING: dict[str, tuple[str, str]] = {}
    # True if `after_move` changes no pile (only phase and counters), so that
    # undoing a card move needs no copy of the piles; games whose after_move
    # refills or moves cards leave it False. Derived: True without an after_move.
    AFTER_MOVE_KEEPS_PILES: bool = False
    SETUP: tuple[Rule, ...] = ()  # how the opening layout is made; check(game, None) holds after setup
    NOT_EXECUTABLE: dict[str, str] = {}  # clause id -> why no engine rule can implement it
    # roles where cards go home (a shuttle never ends there); derived: the
    # roles of building piles and any role called "foundation"
    HOME_ROLES: frozenset[str] = frozenset()
    READINGS: dict[str, Reading] = {}  # derived: the readings of the game's rule book
    _probing = False  # True on the copy `is_standstill` explores (no nested standstill test)
    # True where a shuttle's move back is always a shuttle too (`is_shuttle`
    # defined by `can_take_back`), so that shuttles reach from one another
    # and `is_standstill` may remember one answer for all they reach
    SHUTTLES_GO_BACK = False

    # derived per class by __init_subclass__
    names: tuple[str, ...] = ()
    index: dict[str, int] = {}
    roles: tuple[str, ...] = ()
    by_role: dict[str, tuple[int, ...]] = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.names = tuple(p.id for p in cls.PILES)
        cls.index = {p.id: i for i, p in enumerate(cls.PILES)}
        cls.roles = tuple(p.role for p in cls.PILES)
        by_role: dict[str, list[int]] = {}
        for i, p in enumerate(cls.PILES):
            by_role.setdefault(p.role, []).append(i)
        cls.by_role = {role: tuple(ix) for role, ix in by_role.items()}
        if len(cls.index) != len(cls.PILES):
            raise ValueError(f"{cls.__name__}: two piles share an id")
        # every one-card move between two piles, built once: generators
        # yield these values instead of allocating (``move_table[i][j]``)
        cls.move_table = tuple(tuple(Move(a, b) for b in cls.names) for a in cls.names)
        if "HOME_ROLES" not in vars(cls):
            cls.HOME_ROLES = frozenset(p.role for p in cls.PILES if p.step or p.role == "foundation")
        cls.READINGS = {a.id: a for a in cls.RULES.assumptions.values() if isinstance(a, Reading)}
        cls._simple_card_moves = cls.apply is Game.apply and (
            cls.after_move is Game.after_move or cls.AFTER_MOVE_KEEPS_PILES)

    # -- making positions -------------------------------------------------

    def __init__(self, deal: int = 1, readings: dict[str, str] | None = None):
        self.deal = deal
        self._blank(readings)
        self.setup(shuffled(full_deck(self.decks), deal))

    @classmethod
    def resolve_readings(cls, chosen: dict[str, str] | None) -> dict[str, str]:
        """Every reading of the game -> its alternative: the edition's
        defaults, with ``chosen`` over them; `StateError` for an unknown
        reading or alternative."""
        readings = {ident: reading.default for ident, reading in cls.READINGS.items()}
        for ident, alt in (chosen or {}).items():
            reading = cls.READINGS.get(ident)
            if reading is None:
                known = ", ".join(cls.READINGS) or "none"
                raise StateError(f"unknown reading {ident!r} for {cls.slug} (its readings: {known}; "
                                 f"see `pasyans readings --game {cls.slug}`)", f"readings.{ident}")
            if alt not in reading.ids:
                raise StateError(f"reading {ident!r} has no alternative {alt!r} "
                                 f"(expected one of {', '.join(reading.ids)})", f"readings.{ident}")
            readings[ident] = alt
        return readings

    def non_default_readings(self) -> dict[str, str]:
        return {ident: alt for ident, alt in self.readings.items() if alt != self.READINGS[ident].default}

    def _blank(self, readings: dict[str, str] | None = None) -> None:
        self.readings = self.resolve_readings(readings)
        self.piles: list[list[int]] = [[] for _ in self.PILES]
        self.phase = self.PHASES[0]
        self.redeals_left = self.REDEALS
        self.extra = dict(self.EXTRA)
        self.move_stack: list[Move] = []
        self._undo: list[tuple] = []
        self._redo: list[Move] = []

    def setup(self, cards: list[int]) -> None:
        """Lay out the opening position from the shuffled cards (dealt from
        ``cards[0]`` onwards). Every game overrides this."""
        raise NotImplementedError

    def foundation_wants(self, i: int) -> int:
        """The card a suited foundation pile ``i`` takes next (0 if it is full).

        Only for foundations with a suit: `PileSpec.suit` >= 0."""
        spec = self.PILES[i]
        pile = self.piles[i]
        if not pile:
            return spec.suit << 4 | spec.base
        rank = (pile[-1] & 15) + spec.step
        return spec.suit << 4 | rank if 1 <= rank <= 13 else 0

    def holds_packs(self, decks: int) -> bool:
        """Whether the piles hold exactly ``decks`` full packs, each card once
        per pack (the "N packs" rule of a game's decks clause)."""
        return sorted(c for p in self.piles for c in p) == sorted(full_deck(decks))

    def wanted_cards(self) -> dict[int, list[int]]:
        """For fast generators: each card a suited foundation takes next ->
        the foundations taking it (with two packs, two may want one card)."""
        wants: dict[int, list[int]] = {}
        if type(self).foundation_wants is not Game.foundation_wants:
            for f in self.by_role["foundation"]:
                card = self.foundation_wants(f)
                if card:
                    wants.setdefault(card, []).append(f)
            return wants
        piles, specs = self.piles, self.PILES
        for f in self.by_role["foundation"]:  # `foundation_wants`, inlined (the solver asks at every node)
            spec = specs[f]
            pile = piles[f]
            if pile:
                rank = (pile[-1] & 15) + spec.step
                if not 1 <= rank <= 13:
                    continue
                card = spec.suit << 4 | rank
            else:
                card = spec.suit << 4 | spec.base
            if card:
                wants.setdefault(card, []).append(f)
        return wants

    def tops_and_empty(self, indices) -> tuple[dict[int, list[int]], list[int]]:
        """For fast generators: top card -> the piles among ``indices`` that
        show it, and the empty ones."""
        piles = self.piles
        tops: dict[int, list[int]] = {}
        empty = []
        for i in indices:
            pile = piles[i]
            if pile:
                card = pile[-1]
                if card in tops:
                    tops[card].append(i)
                else:
                    tops[card] = [i]
            else:
                empty.append(i)
        return tops, empty

    def moving_card(self, move: Move) -> int:
        """The card a card move takes: the top of its source pile, or the
        card at its place (``SRC@K``)."""
        return self.piles[self.index[move.src]][move.at - 1 if move.at else -1]

    def target(self, move: Move) -> list[int]:
        """The pile a card move lays its card on."""
        return self.piles[self.index[move.dst]]

    def pile(self, name: str) -> list[int]:
        return self.piles[self.index[name]]

    def set_stock(self, cards: list[int], role: str = "stock") -> None:
        """Put ``cards`` (dealing order) into the stock, first card on top."""
        self.piles[self.by_role[role][0]][:] = cards[::-1]

    def copy(self, stack: bool = True) -> "Game":
        other = object.__new__(type(self))
        other.deal = self.deal
        other.readings = self.readings  # never changed in place: shared
        other.piles = [p[:] for p in self.piles]
        other.phase = self.phase
        other.redeals_left = self.redeals_left
        other.extra = dict(self.extra)
        other.move_stack = self.move_stack[:] if stack else []
        # snapshots are reused by pop(), so each copy needs its own
        other._undo = [(s[0] if isinstance(s[0], Move) else [p[:] for p in s[0]], s[1], s[2], dict(s[3]))
                       for s in self._undo] if stack else []
        other._redo = self._redo[:] if stack else []
        return other

    # -- changing positions -----------------------------------------------

    def _snapshot(self) -> tuple:
        return (list(map(list.copy, self.piles)), self.phase, self.redeals_left, dict(self.extra))

    def _restore(self, snap: tuple) -> None:
        # the snapshot leaves the undo stack here, so its lists can be reused
        self.piles, self.phase, self.redeals_left, self.extra = snap

    def push(self, move: Move) -> None:
        """Apply ``move`` without checking it (use `play` for a checked move)."""
        if not move.action and not move.at and self._simple_card_moves:
            # A card move of the core's own `apply` changes its two piles (and
            # phase and counters): undo records just that, instead of copying
            # every pile (the solver pushes millions). `apply`'s card move, inlined.
            self._undo.append((move, self.phase, self.redeals_left, dict(self.extra)))
            index, piles = self.index, self.piles
            src = piles[index[move.src]]
            dst = piles[index[move.dst]]
            n = move.n
            if n == 1 and src:
                dst.append(src.pop())
            else:  # (an unchecked move from an empty pile moves nothing, as `apply` has it)
                dst.extend(src[-n:])
                del src[-n:]
            self.after_move(move)
        else:
            self._undo.append(self._snapshot())
            self.apply(move)
        self.move_stack.append(move)
        if self._redo:
            self._redo.clear()

    def pop(self) -> Move:
        """Undo the last move and return it; it can be replayed by `redo`."""
        if not self._undo:
            raise IndexError("pop from a game with no moves")
        entry = self._undo.pop()
        if isinstance(entry[0], Move):
            move, self.phase, self.redeals_left, self.extra = entry
            index, piles = self.index, self.piles
            src = piles[index[move.src]]
            dst = piles[index[move.dst]]
            n = move.n
            if n == 1 and dst:
                src.append(dst.pop())
            else:
                src.extend(dst[-n:])
                del dst[-n:]
        else:
            self._restore(entry)
        move = self.move_stack.pop()
        self._redo.append(move)
        return move

    def redo(self) -> Move:
        """Replay the last undone move."""
        if not self._redo:
            raise IndexError("nothing to redo")
        move = self._redo.pop()
        rest = self._redo[:]
        self.push(move)
        self._redo = rest
        return move

    @property
    def redo_moves(self) -> tuple[Move, ...]:
        """The undone moves that `redo` would replay, the next one first."""
        return tuple(reversed(self._redo))

    def play(self, move: Move | str) -> Move:
        """Check ``move`` and push it; raise `IllegalMoveError` if it is not legal."""
        if isinstance(move, str):
            move = Move.parse(move)
        verdict = self.explain(move)
        if not verdict.allowed:
            raise IllegalMoveError(self, verdict)
        self.push(move)
        return move

    def apply(self, move: Move) -> None:
        """Change the position; games override for actions and side effects."""
        if move.action:
            name, _, arg = move.action.partition(":")
            method = getattr(self, "do_" + name.replace("-", "_"))
            method(arg) if arg else method()
            return
        src = self.piles[self.index[move.src]]
        dst = self.piles[self.index[move.dst]]
        if move.at:  # one card from below the top (the route's rule judged places)
            dst.append(src.pop(move.at - 1))
        else:
            n = move.n
            dst.extend(src[-n:])
            del src[-n:]
        self.after_move(move)

    def after_move(self, move: Move) -> None:
        """Hook for what follows a card move by rule (a phase ending, ...)."""

    # -- judging moves ----------------------------------------------------

    @property
    def legal_moves(self) -> LegalMoves:
        return LegalMoves(self)

    def route(self, move: Move) -> tuple[Rule, ...]:
        """The rules a move of this kind must pass, or the engine's refusal."""
        if move.action:
            # "sixth-row:col-3" is routed by its name, "sixth-row"
            return self.ROUTES.get(move.action.partition(":")[0], (_no_route,))
        index = self.index
        if move.src not in index or move.dst not in index or (move.src == move.dst and not move.at):
            return (_unknown_pile,)
        rules = self.ROUTES.get((self.roles[index[move.src]], self.roles[index[move.dst]]))
        if rules is None:
            return (_no_route,)
        if move.at:
            if not any(r.places for r in rules):
                return (non_empty_source, top_card)
            rules = (place_below_the_top,) + tuple(rules)
        if any(r.counts for r in rules) or one_card in rules:
            return (non_empty_source,) + tuple(rules)
        # last, so that a game's own rule (its clause) speaks first
        return (non_empty_source,) + tuple(rules) + (one_card,)

    def explain(self, move: Move | str) -> Verdict:
        """Allowed or not, the reason in Russian and English, the clauses and
        assumptions behind it, and the readings it depends on.

        Allowed exactly when the move is in `legal_moves`: the routes must
        allow it and the generator must yield it (a move the routes allow but
        the generator misses is a defect the property tests look for; it is
        refused here rather than let `check` and `moves` disagree)."""
        if isinstance(move, str):
            move = Move.parse(move)
        passed = []
        for rule in self.route(move):
            result = rule.check(self, move)
            if result is None:  # the rule does not speak to this move
                continue
            if not result:
                return self._verdict(False, move, [rule], "Нельзя: " + rule.ru + ".",
                                     "Not allowed: " + rule.en + ".")
            passed.append(rule)
        if not self.generates(move):
            return self._verdict(False, move, [_no_route], "Нельзя: " + _no_route.ru + ".",
                                 "Not allowed: " + _no_route.en + ".")
        # the reason quotes the game's own rules; the engine's checks are in the ids
        said = [r for r in passed if not r.id.startswith("engine.")] or passed
        return self._verdict(True, move, passed, "Можно: " + "; ".join(r.ru for r in said) + ".",
                             "Allowed: " + "; ".join(r.en for r in said) + ".")

    def _verdict(self, allowed: bool, move: Move, rules: list[Rule], ru: str, en: str) -> Verdict:
        clauses = tuple(dict.fromkeys(c for r in rules for c in r.clauses))
        assumptions = tuple(dict.fromkeys(a for r in rules for a in r.assumptions))
        readings = tuple((a, self.readings[a]) for a in assumptions if a in self.readings)
        return Verdict(allowed, move, tuple(r.id for r in rules), clauses, ru, en, assumptions, readings)

    def is_legal(self, move: Move) -> bool:
        """Do the routes allow ``move``? (`legal_moves` also asks the generator.)"""
        for rule in self.route(move):
            result = rule.check(self, move)
            if result is not None and not result:
                return False
        return True

    def generates(self, move: Move) -> bool:
        """Does the move generator yield ``move`` in this position?"""
        return any(m == move for m in self.generate_moves())

    def verdicts_under_readings(self, move: Move | str) -> list[dict]:
        """The verdict on ``move`` in this very position under each other
        alternative of the readings that do not change the deal: where the
        answer would differ, the reader can see which reading decides it."""
        if isinstance(move, str):
            move = Move.parse(move)
        out = []
        here = self.explain(move).allowed
        for ident, reading in self.READINGS.items():
            if reading.changes_deal:
                continue
            for alt in reading.ids:
                if alt == self.readings[ident]:
                    continue
                other = self.copy(stack=False)
                other.readings = {**self.readings, ident: alt}
                verdict = other.explain(move)
                if verdict.allowed != here:
                    out.append({"reading": ident, "alternative": alt, "allowed": verdict.allowed,
                                "ru": verdict.ru, "en": verdict.en, "rule_ids": list(verdict.rules)})
        return out

    def generate_moves(self) -> Iterator[Move]:
        """Every legal move, by asking `is_legal` of every candidate the routes
        name (slow; games override it with a fast path that must agree)."""
        piles, names, by_role = self.piles, self.names, self.by_role
        for key in self.ROUTES:
            if isinstance(key, str):
                candidates = self.action_moves(key)
            else:
                src_role, dst_role = key
                candidates = [Move(names[i], names[j]) for i in by_role.get(src_role, ()) if piles[i]
                              for j in by_role.get(dst_role, ()) if i != j]
                if any(r.places for r in self.ROUTES[key]):  # cards below the top, too
                    candidates += [Move(names[i], names[j], at=k) for i in by_role.get(src_role, ())
                                   for k in range(1, len(piles[i]))
                                   for j in by_role.get(dst_role, ())]  # onto its own pile's top, too
            for move in candidates:
                if self.is_legal(move):
                    yield move

    def action_moves(self, name: str) -> list[Move]:
        """The candidate moves of action ``name`` (one, unless it takes an argument)."""
        return [Move(action=name)]

    @classmethod
    def rule_kinds(cls) -> dict[str, tuple[Rule, str]]:
        """Every rule this game uses, by id, with its kind: "move" (in a
        route), "setup" (how the layout is made), "outcome" (won, lost)."""
        found: dict[str, tuple[Rule, str]] = {}
        routes = list(cls.ROUTES.values())
        for klass in cls.__mro__:
            for name, value in vars(klass).items():
                if name != "SETUP" and isinstance(value, tuple) and value and all(isinstance(r, Rule) for r in value):
                    routes.append(value)
        places = any(r.places for route in routes for r in route)
        routes.append((non_empty_source, one_card, top_card) + ((place_below_the_top,) if places else ()))
        for route in routes:
            for rule in route:
                found.setdefault(rule.id, (rule, "move"))
        for rule in cls.SETUP:
            found.setdefault(rule.id, (rule, "setup"))
        for rule in (cls.WON, cls.LOST):
            if rule is not None:
                found.setdefault(rule.id, (rule, "outcome"))
        for rule in (_no_route, _unknown_pile):
            found.setdefault(rule.id, (rule, "move"))
        return found

    # -- the end ----------------------------------------------------------

    def is_won(self) -> bool:
        return self.WON is not None and self.WON.check(self, None)

    def is_stuck(self) -> bool:
        """«Положеніе пасьянса сдѣлалось безвыходнымъ» (terms.repeat-game): no
        card can move and nothing is left to deal; only a redeal (if any is
        left) goes on. Not the end of the game while a redeal remains."""
        return not self.is_won() and all(m.action == "redeal" for m in self.generate_moves())

    def is_shuttle(self, move: Move) -> bool:
        """Is ``move`` a shuttle (`engine.assume.standstill`)? A card move
        from a face-up pile to a pile that is not a home, after which the
        cards on top of the piles are the same, card for card: the card it
        uncovers is a twin of the card it covers, or it takes a lone card
        into an empty place. Games where cards below the top are available
        override this."""
        if move.action or move.at:
            return False
        i, j = self.index[move.src], self.index[move.dst]
        if self.roles[i] in self.FACE_DOWN or self.roles[j] in self.HOME_ROLES or move.n != 1:
            return False
        src, dst = self.piles[i], self.piles[j]
        if len(src) == 1:
            return not dst
        return bool(dst) and src[-2] == dst[-1]

    def can_take_back(self, move: Move) -> bool:
        """Could the next move take the top-card move ``move`` straight back,
        the card returning to the very place it left? For games whose
        shuttles are such moves (an override of `is_shuttle`, where cards are
        built both up and down and a card can go to and fro between its two
        neighbours for ever). The position is left as it was; `after_move` is
        not run, so a game whose card moves have side effects cannot use it."""
        if move.action or move.at or move.n != 1:
            return False
        src, dst = self.piles[self.index[move.src]], self.piles[self.index[move.dst]]
        if not src:
            return False
        dst.append(src.pop())
        try:
            return self.is_legal(Move(move.dst, move.src))
        finally:
            src.append(dst.pop())

    def is_standstill(self, limit: int = 5000, counts=None, moves=None) -> bool:
        """No card move is left but shuttles, and no position that shuttles
        reach has another card move (`engine.assume.standstill`; with one
        pack and no empty place to fill, simply: no card move is left).

        ``counts(game, move)``, where given, names the card moves the gate
        looks at: one it passes over neither breaks the standstill nor is
        explored (e.g. filling a space that the text says need not be
        filled). ``moves``: the position's moves, where a generator deciding
        an action from the card moves it found has them already (and must
        not be asked again from inside itself).

        Explores a copy; more than ``limit`` positions reached by shuttles
        counts as no standstill (the player still has moves to try).

        The answers are remembered (`_STANDSTILLS`) for every position the
        exploration reached, where they are sure to be the same there (see
        the comment below): a search meets those positions one by one and
        would otherwise explore them again from each. Only the plain
        question (no ``counts``) is remembered."""
        if self._probing:
            return False  # asked from inside a probe: actions are not explored
        for move in self.generate_moves() if moves is None else moves:
            if not move.action and (counts is None or counts(self, move)) and not self.is_shuttle(move):
                return False
        work = self.copy(stack=False)
        work._probing = True
        members: list | None = None
        if counts is None:
            rules = (type(self), tuple(sorted(self.readings.items())), limit)
            known = _STANDSTILLS.get((rules, work._standstill_key()))
            if known is not None:
                return known
            members = []
        verdict = self._explore_shuttles(work, limit, counts, members)
        if members is not None:
            if len(_STANDSTILLS) + len(members) > STANDSTILLS_KEPT:
                _STANDSTILLS.clear()
            # every position reached from here reaches only positions this one
            # reaches, so a standstill here is one there; "no standstill" holds
            # for them too only where each shuttle's move back is a shuttle
            for key in members if verdict or self.SHUTTLES_GO_BACK else members[:1]:
                _STANDSTILLS[(rules, key)] = verdict
        return verdict

    def _standstill_key(self) -> tuple:
        """`_position_key` with all else a move may depend on (a subclass's key may leave it out)."""
        return self._position_key(), self.phase, self.redeals_left, tuple(self.extra.items())

    @staticmethod
    def _explore_shuttles(work: "Game", limit: int, counts, members: list | None) -> bool:
        """`is_standstill`'s search of the shuttle component of ``work``:
        False at the first card move that is not a shuttle or past ``limit``
        positions, True when the component is spent; ``members`` (if given)
        gets the `_standstill_key` of every position reached."""
        seen = {work._position_key()}
        if members is not None:
            members.append(work._standstill_key())
        pending = [iter(list(work.generate_moves()))]
        while pending:
            move = next(pending[-1], None)
            if move is None:
                pending.pop()
                if work.move_stack:
                    work.pop()
                continue
            if move.action or (counts is not None and not counts(work, move)):
                continue
            if not work.is_shuttle(move):
                return False
            work.push(move)
            key = work._position_key()
            if key in seen:
                work.pop()
                continue
            seen.add(key)
            if members is not None:
                members.append(work._standstill_key())
            if len(seen) > limit:
                return False
            pending.append(iter(list(work.generate_moves())))
        return True

    def _position_key(self) -> tuple:
        return (tuple(map(tuple, self.piles)), self.phase, self.redeals_left, tuple(self.extra.items()))

    def outcome(self) -> Outcome | None:
        if self.is_won():
            return Outcome(Termination.WON, self.WON.id, self.WON.clauses)
        if not self.legal_moves:
            rule = self.LOST
            return Outcome(Termination.LOST, rule.id if rule else "", rule.clauses if rule else ())
        return None

    # -- portable state (DESIGN.md) ---------------------------------------

    def to_portable(self) -> dict:
        piles = {}
        for spec, cards in zip(self.PILES, self.piles):
            down = "~" if spec.role in self.FACE_DOWN else ""
            piles[spec.id] = [down + card_code(c) for c in cards]
        state = {"game": self.slug, "deal": self.deal, "piles": piles,
                 "phase": self.phase, "redeals_left": self.redeals_left}
        if self.extra:
            state["extra"] = dict(self.extra)
        readings = self.non_default_readings()
        if readings:
            state["readings"] = readings
        return state

    @classmethod
    def from_portable(cls, state: dict) -> "Game":
        """A position from DESIGN.md's portable state; `StateError` if it is
        tampered with or impossible. Nothing is kept from a refused state.

        Piles left out are empty: a state may list fewer cards than the
        packs hold (a study position), never more copies than the packs."""
        if not isinstance(state, dict):
            raise StateError("a game state is a JSON object", "")
        known = {"game", "deal", "piles", "phase", "redeals_left", "extra", "readings"}
        for key in state:
            if key not in known:
                raise StateError(f"unknown field {key!r} (expected {', '.join(sorted(known))})", key)
        if state.get("game") != cls.slug:
            raise StateError(f"this state is for game {state.get('game')!r}, not {cls.slug!r}", "game")
        readings_in = state.get("readings", {})
        if not isinstance(readings_in, dict) or not all(isinstance(v, str) for v in readings_in.values()):
            raise StateError("readings must be an object of reading id -> alternative id", "readings")
        readings = cls.resolve_readings(readings_in)
        deal = state.get("deal", 0)
        if not isinstance(deal, int) or isinstance(deal, bool) or deal < 0:
            raise StateError("deal must be a whole number >= 0", "deal")
        piles_in = state.get("piles")
        if not isinstance(piles_in, dict):
            raise StateError("piles must be an object of pile id -> list of cards", "piles")
        piles = [[] for _ in cls.PILES]
        counts: dict[int, int] = {}
        for name, codes in piles_in.items():
            if name not in cls.index:
                raise StateError(f"unknown pile {name!r} for {cls.slug} (see `pasyans layout {cls.slug}`)",
                                 f"piles.{name}")
            if not isinstance(codes, list):
                raise StateError(f"pile {name!r} must be a list of cards", f"piles.{name}")
            face_down = cls.PILES[cls.index[name]].role in cls.FACE_DOWN
            for k, code in enumerate(codes):
                where = f"piles.{name}[{k}]"
                if not isinstance(code, str):
                    raise StateError(f"card {code!r} is not a string", where)
                down = code.startswith("~")
                try:
                    card = parse_card(code[1:] if down else code)
                except ValueError as error:
                    raise StateError(str(error), where) from None
                if down != face_down:
                    side = "face down (~)" if face_down else "face up"
                    raise StateError(f"cards of pile {name!r} lie {side}: {code!r}", where)
                counts[card] = counts.get(card, 0) + 1
                if counts[card] > cls.decks:
                    raise StateError(f"more copies of {card_code(card)} than {cls.decks} pack(s) hold", where)
                piles[cls.index[name]].append(card)
        phase = state.get("phase", cls.PHASES[0])
        if phase not in cls.PHASES:
            raise StateError(f"unknown phase {phase!r} (expected one of {', '.join(cls.PHASES)})", "phase")
        redeals = state.get("redeals_left", cls.REDEALS)
        if not isinstance(redeals, int) or isinstance(redeals, bool) or not 0 <= redeals <= cls.REDEALS:
            raise StateError(f"redeals_left must be a whole number from 0 to {cls.REDEALS}", "redeals_left")
        extra = dict(cls.EXTRA)
        extra_in = state.get("extra", {})
        if not isinstance(extra_in, dict):
            raise StateError("extra must be an object", "extra")
        for key, value in extra_in.items():
            if key not in cls.EXTRA:
                raise StateError(f"unknown extra field {key!r} for {cls.slug}", f"extra.{key}")
            if not isinstance(value, int) or isinstance(value, bool):
                raise StateError(f"extra field {key!r} must be a whole number", f"extra.{key}")
            extra[key] = value
        for i, spec in enumerate(cls.PILES):
            if spec.step:  # a foundation holds its sequence and nothing else
                for k, card in enumerate(piles[i]):
                    rank = spec.base + k * spec.step
                    if card & 15 != rank or (spec.suit >= 0 and card >> 4 != spec.suit):
                        raise StateError(f"foundation {spec.id!r} must be built {RANKS[spec.base]} "
                                         f"{'up' if spec.step > 0 else 'down'}"
                                         + (f" in {'SHDC'[spec.suit]}" if spec.suit >= 0 else "")
                                         + f"; card {k + 1} is {card_code(card)}", f"piles.{spec.id}[{k}]")
        game = object.__new__(cls)
        game.deal = deal
        game._blank(readings)
        game.piles, game.phase, game.redeals_left, game.extra = piles, phase, redeals, extra
        problem = game.check_position()
        if problem:
            raise StateError(problem[0], problem[1])
        return game

    def check_position(self) -> tuple[str, str] | None:
        """Game-specific impossibilities of a loaded state: (problem, where) or None."""
        return None

    @classmethod
    def layout(cls) -> dict:
        return {"game": cls.slug, "decks": cls.decks, "card": {"width": 1.0, "height": 1.4},
                "piles": [p.to_json(p.role in cls.FACE_DOWN) for p in cls.PILES]}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} deal={self.deal} phase={self.phase} moves={len(self.move_stack)}>"
