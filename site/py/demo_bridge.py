"""The demo's Python side, run by Pyodide in the browser's Web Worker.

Standard library and `engine` only: this is the same engine the tests and
the command line run. `handle()` takes one JSON request
``{"op": ..., "args": {...}}`` and returns one JSON answer
``{"ok": true, "result": ...}`` or ``{"ok": false, "error": {...}}``, so
that no Python object crosses into JavaScript.

The worker holds one game at a time. Every answer that changes it returns
the whole view (position, legal moves, history, outcome), which is small,
so that the page never keeps a second copy of the rules.

A saved game (localStorage) is ``{"v": 1, "game", "deal", "moves",
"redo", "state"}`` (and ``"readings"`` when the game was started under
readings other than the edition's): `restore` replays the moves from the
deal, each one checked by `Game.play`, and refuses the save unless the
replay ends in the stored portable state, so a corrupted or edited save is
discarded whole.

The solver is asked in one place only (`_hint`, `_solve`, `_safe_test`
below): the board's hint, its solution playback and its auto-move of safe
cards all go through these three functions.
"""

from __future__ import annotations

import json

from engine import Card, IllegalMoveError, Move, StateError, find_game

try:  # the solver came after the demo: without it there are no hints
    from engine import solve as solver
except ImportError:  # pragma: no cover (an engine without engine/solve.py)
    solver = None

SAVE_VERSION = 1
# A hint must come back while the player waits: the coach's one decision
# (engine.solver.hints) within 40,000 positions, 1.5 s at most (Pyodide's
# clock is the wall's), so that with the page's own work it answers within
# 3 s; a hint that continues the plan it gave answers at once. A shown
# solution may think longer: the player asked for it and sees it thinking.
HINT_BUDGET = {"nodes": 40_000, "seconds": 1.5}
SOLVE_BUDGET = {"nodes": 400_000, "seconds": 8.0}
BUILD = ""  # set by the build in the memory snapshot (site/edition/snapshot.mjs)
_game = None  # the current position (an engine.core.Game)
_readings: dict = {}  # the readings the current game was started under
_coach = None  # the hints' memory of the current game (engine.solver.hints.Coach)


# -- the solver, in one place -------------------------------------------------


def _hint(game) -> dict:
    """The coach follows the game as it is played (its history and the plan
    it hinted travel with it: see `engine.solver.hints`)."""
    global _coach
    if _coach is None:
        _coach = solver.Coach()
    return _coach.hint(game, solver.Budget(**HINT_BUDGET)).to_json()


def _solve(game) -> dict:
    """The solver's line from this position: status, moves, and whether the
    search knew the hidden order of the cards (the stock, each redeal)."""
    found = solver.solve(game.copy(stack=False), solver.Budget(**SOLVE_BUDGET)).to_json()
    return {"status": found["status"], "moves": found["moves"], "thoughtful": bool(found.get("thoughtful")),
            "note": found.get("note", ""), "nodes": found.get("nodes"), "seconds": found.get("seconds")}


def _safe_test(game):
    """The solver's proved test of a safe move for this game, or None."""
    if solver is None or not hasattr(solver, "knowledge"):
        return None
    return getattr(solver.knowledge(game), "safe", None)


class BadRequest(Exception):
    """A request the page should not have sent, or a save that is refused."""

    def __init__(self, message: str, kind: str = "bad-request"):
        super().__init__(message)
        self.kind = kind


def _names(state: dict) -> dict:
    """Russian and English names of the cards on the table, by code."""
    names = {}
    for cards in state["piles"].values():
        for code in cards:
            code = code.lstrip("~")
            if code not in names:
                card = Card.parse(code)
                names[code] = [card.name_ru(), card.name_en()]
    return names


# Games whose foundations the engine names by other roles and does not
# count among its HOME_ROLES (which also decide its standstills, so they are
# not widened for the board's sake): the Mill builds on the middle ace and
# on the kings in the corners (mill.play.1.3-1.5).
OTHER_HOMES = {"mill": ("centre", "corner")}


def home_roles(cls) -> list[str]:
    """Where a double-click sends a card: the engine's home roles, roles that
    build (a foundation's sequence), roles named foundation, and the roles
    the game's moves only ever lay cards on (where the routes say so: a game
    whose routes name every pair, to refuse each by its clause, has none)."""
    sources = {key[0] for key in cls.ROUTES if not isinstance(key, str)}
    targets = {key[1] for key in cls.ROUTES if not isinstance(key, str)}
    building = {p.role for p in cls.PILES if p.step}
    named = {r for r in targets if "foundation" in r} | set(getattr(cls, "HOME_ROLES", ()))
    return sorted(building | (targets - sources) | named | set(OTHER_HOMES.get(cls.slug, ())))


def _outcome(game, outcome) -> dict:
    """The end: its rule and clauses, the rule's reason in both languages,
    and `ending`, the one clause that ends the game and what it does there
    (`Game.ENDING`: says, goal, limit or assumption), for the end banner."""
    end = "won" if outcome.won else "lost"
    rule = game.WON if outcome.won else game.LOST
    ident, how = type(game).ENDING.get(end, (outcome.clauses[0] if outcome.clauses else "", "says"))
    return {"won": outcome.won, "rule": outcome.rule, "clause_ids": list(outcome.clauses),
            "reason": {"ru": rule.ru, "en": rule.en} if rule else None,
            "ending": {"id": ident, "how": how}}


def _view() -> dict:
    game = _game
    state = game.to_portable()
    moves = [str(move) for move in game.legal_moves]
    outcome = game.outcome()
    return {
        "state": state,
        "names": _names(state),
        "moves": moves,
        "history": [str(move) for move in game.move_stack],
        "redo": [str(move) for move in reversed(game._redo)],  # next to redo first
        "outcome": None if outcome is None else _outcome(game, outcome),
        "save": save(),
        "hints": solver is not None,
        "homes": home_roles(type(game)),
        "auto": _safe_test(game) is not None,
        "readings": dict(_readings),
    }


def _require_game():
    if _game is None:
        raise BadRequest("no game is loaded: start a new deal")
    return _game


def _deal_number(value) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 2**31 - 1:
        raise BadRequest("the deal number must be a whole number from 1 to 2147483647", "bad-deal")
    return value


def _readings_arg(value) -> dict:
    if value in (None, {}):
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise BadRequest("readings must be an object of assumption id -> alternative id", "bad-readings")
    return dict(value)


def _make(game_class, deal: int, readings: dict):
    """A new game of `deal` under `readings` (the edition's own when empty)."""
    if not readings:
        return game_class(deal=deal)
    try:
        return game_class(deal=deal, readings=readings)
    except TypeError:
        raise BadRequest("this engine cannot play a game under other readings yet", "bad-readings") from None
    except StateError as error:  # an unknown reading or alternative, in the engine's words
        raise BadRequest(str(error), "bad-readings") from None
    except (KeyError, ValueError) as error:
        raise BadRequest(f"unknown reading: {error}", "bad-readings") from None


def new(args: dict) -> dict:
    """A new game: ``{"game", "deal", "readings"?}``. Restarting the same
    deal under other readings is this same call with other readings."""
    global _game, _readings
    try:
        game_class = find_game(str(args.get("game", "")))
    except KeyError as error:
        raise BadRequest(str(error.args[0]), "no-game") from None
    readings = _readings_arg(args.get("readings"))
    _game = _make(game_class, _deal_number(args.get("deal")), readings)
    _readings = readings
    return _view()


def _verdict(game, parsed) -> dict:
    """The verdict, and where another reading of the text would give the
    other answer (``under_other_readings``, as `pasyans check` prints it):
    "refused under the plays-first reading; allowed under free"."""
    out = game.explain(parsed).to_json()
    out["under_other_readings"] = game.verdicts_under_readings(parsed) if game.READINGS else []
    return out


def move(args: dict) -> dict:
    """Play a move if it is legal; always return the verdict."""
    game = _require_game()
    try:
        parsed = Move.parse(str(args.get("move", "")))
    except ValueError as error:
        raise BadRequest(str(error), "bad-move") from None
    verdict = _verdict(game, parsed)
    if verdict["allowed"]:
        game.push(parsed)
    return {"verdict": verdict, "view": _view()}


def explain(args: dict) -> dict:
    game = _require_game()
    try:
        return _verdict(game, Move.parse(str(args.get("move", ""))))
    except ValueError as error:
        raise BadRequest(str(error), "bad-move") from None


def undo(args: dict) -> dict:
    game = _require_game()
    if game.move_stack:
        game.pop()
    return _view()


def redo(args: dict) -> dict:
    game = _require_game()
    if game._redo:
        game.redo()
    return _view()


def save() -> dict:
    game = _require_game()
    out = {"v": SAVE_VERSION, "game": game.slug, "deal": game.deal,
           "moves": [str(m) for m in game.move_stack],
           "redo": [str(m) for m in reversed(game._redo)],
           "state": game.to_portable()}
    if _readings:
        out["readings"] = dict(_readings)
    return out


def restore(args: dict) -> dict:
    """Load a save, or refuse it (kind "bad-save") without touching the game."""
    global _game, _readings
    data = args.get("save")
    try:
        if not isinstance(data, dict) or data.get("v") != SAVE_VERSION:
            raise BadRequest("it is not a save of this version")
        game_class = find_game(str(data.get("game")))
        if game_class.slug != args.get("game"):
            raise BadRequest(f"it is a save of {data.get('game')!r}, not of this game")
        moves, redo_moves = data.get("moves"), data.get("redo", [])
        if not (isinstance(moves, list) and isinstance(redo_moves, list)
                and all(isinstance(m, str) for m in moves + redo_moves)):
            raise BadRequest("its move lists are damaged")
        game_class.from_portable(data.get("state"))  # names the damaged field, if any
        readings = _readings_arg(data.get("readings"))
        game = _make(game_class, _deal_number(data.get("deal")), readings)
        for text in moves:
            game.play(text)
        if game.to_portable() != data["state"]:
            raise BadRequest("its position does not follow from its moves")
        for text in redo_moves:  # the undone moves must still be replayable
            game.play(text)
        for _ in redo_moves:
            game.pop()
    except StateError as error:
        raise BadRequest(f"its position is impossible: {error} (at {error.where})", "bad-save") from None
    except IllegalMoveError as error:
        raise BadRequest(f"it holds an illegal move: {error.verdict.move}", "bad-save") from None
    except (KeyError, ValueError, TypeError) as error:
        raise BadRequest(f"it is damaged: {error}", "bad-save") from None
    except BadRequest as error:
        raise BadRequest(str(error), "bad-save") from None
    _game, _readings = game, readings
    return _view()


def hint(args: dict) -> dict:
    game = _require_game()
    if solver is None:
        raise BadRequest("this engine has no solver, so no hints", "no-hints")
    return _hint(game)


def solution(args: dict) -> dict:
    """The solver's winning line from the current position (not played)."""
    game = _require_game()
    if solver is None:
        raise BadRequest("this engine has no solver, so no solution", "no-hints")
    return _solve(game)


def auto(args: dict) -> dict:
    """Play one move the solver proves safe, if there is one: ``{"move",
    "view"}``, or ``{"move": None}``. The board calls it again after each
    move it animates, so the player sees every card go home."""
    game = _require_game()
    safe = _safe_test(game)
    if safe is None or game.outcome() is not None:
        return {"move": None}
    for candidate in game.generate_moves():
        if not candidate.action and safe(game, candidate):
            game.push(candidate)
            return {"move": str(candidate), "view": _view()}
    return {"move": None}


def hello(args: dict) -> dict:
    from engine import GAMES

    return {"engine": "pasyans engine", "games": [game.slug for game in GAMES], "build": BUILD}


OPS = {"hello": hello, "new": new, "move": move, "explain": explain, "undo": undo, "redo": redo,
       "restore": restore, "hint": hint, "solution": solution, "auto": auto}


def handle(request: str) -> str:
    try:
        message = json.loads(request)
        op = OPS.get(message.get("op"))
        if op is None:
            raise BadRequest(f"unknown operation {message.get('op')!r}")
        return json.dumps({"ok": True, "result": op(message.get("args") or {})}, ensure_ascii=False)
    except BadRequest as error:
        return json.dumps({"ok": False, "error": {"kind": error.kind, "message": str(error)}}, ensure_ascii=False)
    except Exception as error:  # a bug: the page shows it, the worker survives
        return json.dumps({"ok": False, "error": {"kind": "internal", "message": f"{type(error).__name__}: {error}"}},
                          ensure_ascii=False)
