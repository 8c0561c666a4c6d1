"""engine: every game of the book as executable rules that cite the text.

In: nothing but the standard library (this package must load unchanged in
Pyodide; it never imports the other stages). Out: `GAMES`, `find_game`, and
per game a `Game` subclass whose positions give legal moves, apply and undo
them, and explain every verdict by rule ids and clause ids.

    >>> from engine import find_game, Move
    >>> game = find_game("belle-lucie")(deal=1)
    >>> move = next(iter(game.legal_moves))
    >>> game.explain(move).allowed
    True

How to add a game (the whole recipe; engine/games/belle-lucie.py is the model):

1. Create ``engine/games/<slug>.py``; it is found by `engine.registry`
   automatically once it defines ``GAME = YourGame``.
2. ``RULES = RuleBook("<slug>")``. Every decision is a rule function
   ``@RULES.rule("name", cites=("<slug>.rule.1", ...), ru="...", en="...")``
   taking ``(game, move)`` and returning True (allowed), False (forbidden)
   or None (nothing to say about this move); its docstring's first line is
   the one-line doc. Cite the clause ids of
   `pasyans clauses --game <slug> --json`; where the text is silent, declare
   ``A = RULES.assume("name", "reason ...", "Cadogan 1874: ..." or "most
   natural reading")`` and cite ``A``; say in its reason which silence of
   the text it fills (an assumption never widens or narrows a clause).
   Where the text allows two readings, declare ``R = RULES.reading("name",
   reason, alternatives=(Alternative(id, reason, follows, value), ...),
   default=..., why_default=...)``, cite ``R`` and ask ``R.of(game)`` for
   the chosen alternative's value (``changes_deal=True`` if it changes the
   layout). Note differences from PySolFC or modern books in the docstring.
3. Subclass `engine.core.Game`: set slug, title_1912, title_modern,
   title_en, book_order, decks, PILES (a tuple of `PileSpec(id, role, x, y,
   dx, dy)`; roles such as "fan", "foundation", "tableau", "stock",
   "talon", "wing"; the stock's role is face down), PHASES (first = the
   opening phase), REDEALS, EXTRA (game counters, ints), RULES.
4. ROUTES maps ``(src_role, dst_role)`` or an action name ("deal",
   "redeal") to the tuple of rules the move must pass. The engine adds
   "source not empty" and "one card at a time" to card moves (a rule
   declared with ``counts=True`` judges several cards instead, where a
   clause allows them), and takes the top card of a pile (a rule declared
   with ``places=True`` judges ``SRC@K>DST``, the K-th card from the
   bottom, where a clause makes cards below the top available; the fast
   generator then yields those moves too, the top card always without @); a move with no route is refused by
   `engine.only-written-moves`, so where a clause forbids a kind of move,
   give it a route whose rule returns False and cites that clause
   (`pasyans rules --coverage` lists the kinds only the catch-all refuses).
   An action the text allows only at a standstill asks
   ``game.is_standstill()`` (`engine.assume.standstill`).
   Game modules import from engine.core / engine.rulebook / engine.cards
   (not from `engine`, which is still loading while games register);
   a variant imports its parent with importlib (hyphenated module names).
5. ``setup(self, cards)`` lays out the opening position from the shuffled
   cards (deal them from ``cards[0]`` on; `set_stock` keeps the rest).
   Actions are methods ``do_<name>`` (``sixth-row:col-3`` -> ``do_sixth_row("col-3")``;
   override `action_moves(name)` to list an action's arguments);
   card moves are applied by the core, then `after_move` runs side effects
   (a phase change, an automatic play the text orders). If your after_move
   changes only phase and `extra`, set ``AFTER_MOVE_KEEPS_PILES = True``:
   undo then skips copying the piles.
6. ``WON`` and ``LOST`` are rules whose ``check(game, None)`` tells whether
   the game is won / cite the clause saying it is over. ``SETUP`` lists
   rules about the opening layout (decks, how it is dealt) whose check
   holds after `setup`; ``NOT_EXECUTABLE = {clause_id: reason}`` marks
   clauses of kind "rule" no engine rule can implement (`pasyans rules
   --coverage` reports the rest).
7. Optional: override `generate_moves` with a fast generator (the solver
   calls it millions of times); tests/engine/test_games.py checks that it
   yields exactly the moves the routes allow, for every game in GAMES.
8. Optional: `check_position()` refuses impossible loaded states.
9. Tests: add allow/forbid cases per rule to tests/engine/cases/<slug>.json
   and run ``tests/engine/make_won_games.py <slug>`` to record a won game;
   the property, won-game, one-answer (tests/engine/test_one_answer.py)
   and coverage tests pick the game up from GAMES.
   A rule that only ever permits is listed under "never_forbids" there.
   ``move_table[i][j]`` holds the one-card move between piles i and j, to
   yield from a fast generator without allocating.
"""

from engine.cards import Card
from engine.core import (ENGINE, Game, IllegalMoveError, LegalMoves, Move, Outcome, PileSpec,
                         StateError, Termination)
from engine.registry import GAMES, find_game
from engine.rulebook import Alternative, Assumption, Reading, Rule, RuleBook, Verdict


def all_rules(game: str | None = None) -> list[Rule]:
    """The rules one game (slug or title) uses, or those of every game and
    the engine, each once."""
    return [rule for rule, _ in _rule_records(game).values()]


def _rule_records(game: str | None) -> dict[str, tuple[Rule, dict]]:
    chosen = [find_game(game)] if game else list(GAMES)
    records: dict[str, tuple[Rule, dict]] = {}
    for game_cls in chosen:
        for ident, (rule, kind) in game_cls.rule_kinds().items():
            rule, info = records.setdefault(ident, (rule, {"kind": kind, "games": []}))
            info["games"].append(game_cls.slug)
    if not game:
        for rule in ENGINE.rules.values():
            records.setdefault(rule.id, (rule, {"kind": "move", "games": []}))
    return records


def all_assumptions(game: str | None = None) -> list[Assumption]:
    chosen = [find_game(game)] if game else list(GAMES)
    seen: dict[str, Assumption] = {}
    for book in [g.RULES for g in chosen] + [ENGINE]:
        for item in book.assumptions.values():
            seen.setdefault(item.id, item)
    return list(seen.values())


def rules(game: str | None = None) -> list[dict]:
    """Rule records (id, clause_ids, assumption_ids, doc, ru, en, file, line,
    kind: move/setup/outcome, games: the slugs using it): what `pasyans rules
    --json` prints and extract/ links to clauses."""
    return [{**rule.to_json(), **info} for rule, info in _rule_records(game).values()]


def readings(game: str | None = None) -> list[dict]:
    """Every reading (an assumption with alternatives) of one game or all:
    its alternatives, the default and why, and the rules and clauses it
    bears on; what `pasyans readings --json` prints and the site shows."""
    chosen = [find_game(game)] if game else list(GAMES)
    out: dict[str, dict] = {}
    for game_cls in chosen:
        for ident, reading in game_cls.READINGS.items():
            record = out.setdefault(ident, {**reading.to_json(), "games": [], "rule_ids": [], "clause_ids": []})
            record["games"].append(game_cls.slug)
            for rule, _kind in game_cls.rule_kinds().values():
                if ident in rule.cites and rule.id not in record["rule_ids"]:
                    record["rule_ids"].append(rule.id)
                    record["clause_ids"].extend(c for c in rule.clauses if c not in record["clause_ids"])
    return list(out.values())


def explain(state: Game, move: Move | str) -> Verdict:
    """`state.explain(move)`: allowed or not, why (ru, en), and the clause ids."""
    return state.explain(move)


__all__ = ["Card", "Game", "IllegalMoveError", "LegalMoves", "Move", "Outcome", "PileSpec",
           "StateError", "Termination", "GAMES", "find_game", "Alternative", "Assumption", "Reading",
           "Rule", "RuleBook", "Verdict", "explain", "readings", "rules", "all_rules", "all_assumptions"]
