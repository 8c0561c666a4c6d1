"""The rule registry: every decision of the engine names where it comes from.

A `Rule` has an id (``<game>.<name>``), the clause ids it implements (or
editorial-assumption ids ``<game>.assume.<name>`` where the book is silent or
lost), a one-line doc and a reason in Russian and English that `explain`
shows. Its `check(game, move)` answers one question about one move; a game's
routes (see engine/core.py) list which rules a kind of move must pass.

An `Assumption` is the engine filling a gap in the text: it has an id, the
reason written out and the source of the filling ("Cadogan 1874: ..." or
"most natural reading"). The site shows them apart from the 1912 text.
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
class Rule:
    id: str
    cites: tuple[str, ...]
    doc: str
    ru: str
    en: str
    check: Callable = field(compare=False, repr=False)
    file: str = ""
    line: int = 0

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

    def rule(self, name: str, *, cites: tuple[str, ...] | list[str], ru: str, en: str):
        """Decorator: register ``check(game, move)`` as rule ``<slug>.<name>``.

        The check returns True (the rule allows the move), False (it forbids
        it) or None (the rule does not speak to this move, e.g. a marriage
        rule asked about an empty target): verdicts cite only the rules that
        spoke.

        The doc is the first line of the function's docstring; the rest of
        the docstring is for readers (where the text differs from other
        programs, what an assumption fills)."""

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
            made = Rule(ident, tuple(cites), doc, ru, en, check, _relative(code.co_filename), code.co_firstlineno)
            self.rules[ident] = made
            return made

        return register

    def extend(self, other: "RuleBook") -> None:
        """Take over another book's rules (a variant shares its parent's)."""
        self.rules.update(other.rules)
        self.assumptions.update(other.assumptions)


class Verdict(NamedTuple):
    """The answer of `explain`: allowed or not, why, and on which authority."""

    allowed: bool
    move: object
    rules: tuple[str, ...]
    clauses: tuple[str, ...]
    ru: str
    en: str

    def to_json(self) -> dict:
        return {"move": str(self.move), "allowed": self.allowed, "rule_ids": list(self.rules),
                "clause_ids": list(self.clauses), "ru": self.ru, "en": self.en}
