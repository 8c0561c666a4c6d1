"""The rule registry: every decision of the engine names where it comes from.

A `Rule` has an id (``<game>.<name>``), the clause ids it implements (or
editorial-assumption ids ``<game>.assume.<name>`` where the book is silent or
lost), a one-line doc and a reason in Russian and English that `explain`
shows. Its `check(game, move)` answers one question about one move; a game's
routes (see engine/core.py) list which rules a kind of move must pass.

An `Assumption` is the engine filling a gap in the text: it has an id, the
reason written out and the source of the filling ("Cadogan 1874: ..." or
"most natural reading"). The site shows them apart from the 1912 text.

A `Reading` is an assumption with alternatives: where the text allows two
readings, each is an `Alternative` (an id, its reason, the clauses and
Cadogan's wording it follows, and the value the rules use), one is the
edition's default, and a game is created with the reading the player
chooses (``game.readings``). Rules ask ``READING.of(game)`` for the chosen
alternative's value, so the alternatives stand beside the rule they change.
"""

from __future__ import annotations

import inspect
import os
from dataclasses import dataclass, field
from typing import Callable, NamedTuple


@dataclass(frozen=True)
class Assumption:
    id: str
    reason: str
    source: str

    def to_json(self) -> dict:
        return {"id": self.id, "reason": self.reason, "source": self.source}


@dataclass(frozen=True)
class Alternative:
    """One way of reading a sentence: its id (``literal``, ``36``...), why,
    what it follows (clause ids, and Cadogan's 1874 wording cited by place,
    never copied), and the value the rules use under it."""

    id: str
    reason: str
    follows: tuple[str, ...] = ()
    value: object = None

    def to_json(self) -> dict:
        return {"id": self.id, "reason": self.reason, "follows": list(self.follows)}


@dataclass(frozen=True)
class Reading(Assumption):
    """An assumption with alternatives (see the module docstring).

    ``default`` is the edition's choice and ``why_default`` says why;
    ``changes_deal`` is True where the alternative changes the layout (then
    a position cannot be judged under another alternative as it stands)."""

    alternatives: tuple[Alternative, ...] = ()
    default: str = ""
    why_default: str = ""
    changes_deal: bool = False

    def alternative(self, ident: str) -> Alternative:
        for alt in self.alternatives:
            if alt.id == ident:
                return alt
        raise KeyError(ident)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(alt.id for alt in self.alternatives)

    def __post_init__(self):
        # rules ask `of` on the solver's hot path: one dict lookup each
        object.__setattr__(self, "_values", {alt.id: alt.value for alt in self.alternatives})

    def of(self, game):
        """The value of the alternative ``game`` is played under."""
        return self._values[game.readings.get(self.id, self.default)]

    def to_json(self) -> dict:
        return {**super().to_json(), "default": self.default, "why_default": self.why_default,
                "changes_deal": self.changes_deal,
                "alternatives": [alt.to_json() for alt in self.alternatives]}


@dataclass(frozen=True)
class Rule:
    id: str
    cites: tuple[str, ...]
    doc: str
    ru: str
    en: str
    check: Callable = field(compare=False, repr=False)
    file: str = ""
    line: int = 0
    counts: bool = False  # the rule judges how many cards move (else the core allows one)
    places: bool = False  # the rule judges cards below the top (``SRC@K>DST``; else the core refuses them)

    @property
    def clauses(self) -> tuple[str, ...]:
        """The cited ids that are clauses of the text (not assumptions)."""
        return tuple(c for c in self.cites if ".assume." not in c)

    @property
    def assumptions(self) -> tuple[str, ...]:
        return tuple(c for c in self.cites if ".assume." in c)

    def __call__(self, game, move) -> bool:
        return self.check(game, move)

    def to_json(self) -> dict:
        return {"id": self.id, "clause_ids": list(self.clauses),
                "assumption_ids": list(self.assumptions), "doc": self.doc,
                "ru": self.ru, "en": self.en, "file": self.file, "line": self.line}


# rule files are reported relative to the repository (engine/games/x.py)
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _relative(path: str) -> str:
    try:
        return os.path.relpath(path, _ROOT).replace(os.sep, "/")
    except ValueError:  # another drive on Windows
        return path


class RuleBook:
    """The rules and assumptions of one game (or of the engine itself)."""

    def __init__(self, slug: str):
        self.slug = slug
        self.rules: dict[str, Rule] = {}
        self.assumptions: dict[str, Assumption] = {}

    def assume(self, name: str, reason: str, source: str) -> str:
        """Declare an editorial assumption; returns its id for `cites`."""
        ident = f"{self.slug}.assume.{name}"
        if ident in self.assumptions:
            raise ValueError(f"assumption {ident} declared twice")
        self.assumptions[ident] = Assumption(ident, reason, source)
        return ident

    def reading(self, name: str, reason: str, *, alternatives: tuple[Alternative, ...] | list[Alternative],
                default: str, why_default: str, changes_deal: bool = False) -> Reading:
        """Declare a reading: an assumption with alternatives (see `Reading`).

        ``reason`` says which silence or ambiguity of the text the reading
        fills; cite the returned `Reading` in a rule's ``cites`` as you would
        an assumption id, and ask ``reading.of(game)`` for the value."""
        ident = f"{self.slug}.assume.{name}"
        if ident in self.assumptions:
            raise ValueError(f"assumption {ident} declared twice")
        alternatives = tuple(alternatives)
        ids = [alt.id for alt in alternatives]
        if len(ids) < 2 or len(set(ids)) != len(ids):
            raise ValueError(f"reading {ident} needs two or more alternatives with distinct ids")
        if default not in ids:
            raise ValueError(f"reading {ident}: the default {default!r} is none of {ids}")
        made = Reading(ident, reason, "; ".join(f for alt in alternatives if alt.id == default
                                                for f in alt.follows) or "most natural reading",
                       alternatives, default, why_default, changes_deal)
        self.assumptions[ident] = made
        return made

    def rule(self, name: str, *, cites: tuple[str, ...] | list[str], ru: str, en: str, counts: bool = False,
             places: bool = False):
        """Decorator: register ``check(game, move)`` as rule ``<slug>.<name>``.

        ``counts=True`` says the rule judges moves of several cards
        (``SRC>DST:N``) because a clause allows them; a route without such a
        rule takes one card at a time (the core refuses N > 1).

        ``places=True`` says the rule judges moves of a card lying below the
        top of its pile (``SRC@K>DST``: the K-th card from the bottom)
        because a clause makes such cards available; a route without such a
        rule moves top cards only (the core refuses ``@K``).

        The check returns True (the rule allows the move), False (it forbids
        it) or None (the rule does not speak to this move, e.g. a marriage
        rule asked about an empty target): verdicts cite only the rules that
        spoke.

        The doc is the first line of the function's docstring; the rest of
        the docstring is for readers (where the text differs from other
        programs, what an assumption fills)."""

        cites = tuple(c.id if isinstance(c, Assumption) else c for c in cites)

        def register(check: Callable) -> Rule:
            ident = f"{self.slug}.{name}"
            if ident in self.rules:
                raise ValueError(f"rule {ident} declared twice")
            if not cites:
                raise ValueError(f"rule {ident} cites nothing: every rule needs a clause or an assumption")
            doc = (inspect.getdoc(check) or "").split("\n", 1)[0].strip()
            if not doc:
                raise ValueError(f"rule {ident} has no one-line doc")
            code = check.__code__
            made = Rule(ident, tuple(cites), doc, ru, en, check, _relative(code.co_filename), code.co_firstlineno,
                        counts, places)
            self.rules[ident] = made
            return made

        return register

    def extend(self, other: "RuleBook") -> None:
        """Take over another book's rules (a variant shares its parent's)."""
        self.rules.update(other.rules)
        self.assumptions.update(other.assumptions)


class Verdict(NamedTuple):
    """The answer of `explain`: allowed or not, why, and on which authority:
    the rules that spoke, the clauses and editorial assumptions they cite,
    and the alternative of each reading they depend on ({id: alternative})."""

    allowed: bool
    move: object
    rules: tuple[str, ...]
    clauses: tuple[str, ...]
    ru: str
    en: str
    assumptions: tuple[str, ...] = ()
    readings: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict:
        return {"move": str(self.move), "allowed": self.allowed, "rule_ids": list(self.rules),
                "clause_ids": list(self.clauses), "assumption_ids": list(self.assumptions),
                "readings": dict(self.readings), "ru": self.ru, "en": self.en}
