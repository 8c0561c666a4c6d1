"""Commands of the engine: rules, readings, layout, deal, moves, check.

`register` only adds arguments; the games are imported by the handlers.
A bad state file, an unknown game or a malformed move becomes an
`InputError` naming the file and line (never a traceback).
"""

from __future__ import annotations

import json
import sys

from pasyans.errors import EXIT_BAD_INPUT


def register(subparsers) -> None:
    p = subparsers.add_parser("rules", help="the engine's rules with the clause ids they implement")
    p.add_argument("--game", metavar="G", help="only this game (slug or title)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--coverage", action="store_true",
                   help="report which clauses of kind 'rule' no engine rule cites, and citations of unknown ids")
    p.set_defaults(func=rules_command)

    p = subparsers.add_parser("readings", help="every reading of the text the engine can play both ways: "
                              "its alternatives, the edition's default and the reasons")
    p.add_argument("--game", metavar="G", help="only this game (slug or title)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=readings_command)

    p = subparsers.add_parser("layout", help="a game's pile ids and their geometry")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=layout_command)

    p = subparsers.add_parser("deal", help="the opening layout of a deal")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--seed", type=int, required=True, metavar="N", help="the deal number (>= 0)")
    add_reading_option(p)
    p.add_argument("--json", action="store_true", help="print the portable state")
    p.set_defaults(func=deal_command)

    p = subparsers.add_parser("moves", help="the legal moves of a position")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--state", required=True, metavar="FILE", help="a portable state (JSON); - for stdin")
    add_reading_option(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=moves_command)

    p = subparsers.add_parser("check", help="is a move allowed, why, and by which clauses "
                              "(exit status 0 if allowed, 2 if not)")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--state", required=True, metavar="FILE", help="a portable state (JSON); - for stdin")
    p.add_argument("--move", required=True, metavar="M",
                   help="SRC>DST, SRC>DST:N, SRC@K>DST (the K-th card of SRC from the bottom, where the game "
                        "makes it available) or an action name")
    add_reading_option(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=check_command)


def add_reading_option(parser) -> None:
    """``--reading ID=ALT``, repeatable: play under that alternative of a reading."""
    parser.add_argument("--reading", action="append", default=[], metavar="ID=ALT",
                        help="play under alternative ALT of reading ID (repeatable; "
                             "see `pasyans readings --game G`); the short id after '.assume.' will do")


def parse_readings(game_cls, pairs: list[str]) -> dict[str, str]:
    """``["shah.assume.x=literal", "fan-count=36"]`` -> {full id: alternative},
    checked against the game's readings; InputError naming the bad pair."""
    from engine import StateError
    from pasyans.errors import InputError

    chosen: dict[str, str] = {}
    for pair in pairs:
        ident, sep, alt = pair.partition("=")
        ident, alt = ident.strip(), alt.strip()
        if not sep or not ident or not alt:
            raise InputError(f"--reading {pair!r}: write ID=ALTERNATIVE, as in "
                             f"{game_cls.slug}.assume.NAME=ALT")
        if ident not in game_cls.READINGS and f"{game_cls.slug}.assume.{ident}" in game_cls.READINGS:
            ident = f"{game_cls.slug}.assume.{ident}"
        chosen[ident] = alt
    try:
        game_cls.resolve_readings(chosen)
    except StateError as error:
        raise InputError(f"--reading: {error}") from None
    return chosen


def with_readings(game, pairs: list[str]):
    """The loaded position, under the readings of the state and ``--reading``
    (the option decides where both name one reading)."""
    if not pairs:
        return game
    chosen = parse_readings(type(game), pairs)
    for ident, reading in type(game).READINGS.items():
        if ident in chosen and chosen[ident] != game.readings[ident] and reading.changes_deal:
            from pasyans.errors import InputError

            raise InputError(f"--reading {ident}={chosen[ident]}: this reading changes the deal, "
                             f"and the state was laid out under {game.readings[ident]!r}; "
                             f"deal again with `pasyans deal {game.slug} --seed N --reading ...`")
    game.readings = {**game.readings, **chosen}
    return game


def _print_json(value) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=1) + "\n")


def _game(name: str):
    from engine import find_game
    from pasyans.errors import InputError

    try:
        return find_game(name)
    except KeyError as error:
        raise InputError(error.args[0]) from None


def _line_of(text: str, where: str) -> int | None:
    """The line of the JSON text where the value at path ``where`` sits
    (``piles.fan-3[2]``): the line of the pile's key, then of the k-th card."""
    if not where:
        return None
    head = where.split(".", 1)[-1] if where.startswith(("piles.", "extra.", "readings.")) else where
    key, _, rest = head.partition("[")
    at = text.find(json.dumps(key, ensure_ascii=False))
    if at < 0:
        return None
    if rest:
        k = int(rest.rstrip("]"))
        pos = text.find("[", at)
        for _ in range(k + 1):
            nxt = text.find('"', pos + 1)
            if nxt < 0:
                break
            pos = text.find('"', nxt + 1)
        at = nxt if nxt >= 0 else at
    return text.count("\n", 0, at) + 1


def load_state(game_cls, path: str):
    """A position from a state file, or InputError with file and line."""
    from engine import StateError
    from pasyans.errors import InputError

    name = "<stdin>" if path == "-" else path
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as error:
        raise InputError(f"cannot read the state file: {error.strerror}", name) from None
    except UnicodeDecodeError:
        raise InputError("the state file is not UTF-8", name) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"not JSON: {error.msg}", name, error.lineno) from None
    try:
        return game_cls.from_portable(data)
    except StateError as error:
        raise InputError(f"refused state: {error}", name, _line_of(text, error.where)) from None


def load_played(game_cls, path: str):
    """A position with its history: a board's save (``{"v", "game", "deal",
    "moves", "state"}``: the moves replayed from the deal, checked, and
    refused unless they end in its state), or a plain portable state (a
    position without history). InputError with file and line."""
    from engine import IllegalMoveError, StateError
    from pasyans.errors import InputError

    name = "<stdin>" if path == "-" else path
    if path == "-":
        text = sys.stdin.read()
        path = None
    else:
        try:
            text = open(path, encoding="utf-8").read()
        except (OSError, UnicodeDecodeError):
            return load_state(game_cls, path)  # its error, worded once
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"not JSON: {error.msg}", name, error.lineno) from None
    if not (isinstance(data, dict) and "moves" in data):
        try:
            return game_cls.from_portable(data)
        except StateError as error:
            raise InputError(f"refused state: {error}", name, _line_of(text, error.where)) from None
    moves, state = data.get("moves"), data.get("state")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise InputError("a save's \"moves\" must be a list of moves", name, _line_of(text, "moves"))
    try:
        target = game_cls.from_portable(state)
        game = game_cls(target.deal, readings=target.readings)
        for number, move in enumerate(moves, 1):
            try:
                game.play(move)
            except (IllegalMoveError, ValueError) as error:
                raise InputError(f"move {number} of the save ({move}) cannot be played: {error}", name,
                                 _line_of(text, "moves")) from None
    except StateError as error:
        raise InputError(f"refused state: {error}", name, _line_of(text, error.where)) from None
    if game.to_portable() != target.to_portable():
        raise InputError("the save's moves do not lead to its state", name, _line_of(text, "state"))
    return game


def book_clauses() -> list[dict]:
    """The clauses of the extract stage (id, kind, game), for the coverage report."""
    import extract

    return [{"id": c.id, "kind": c.kind, "game": c.game} for c in extract.book().clauses]


def rules_command(args) -> int:
    import engine

    if args.coverage:
        from engine.coverage import report

        result = report(book_clauses(), args.game and _game(args.game).slug)
        if args.json:
            _print_json(result)
        else:
            for key in ("unknown_citations", "uncited_rule_clauses", "catch_all_refusals"):
                for item in result[key]:
                    print(f"{key}\t{item}")
            print(f"clauses of kind rule: {result['rule_clauses']}, cited: {result['cited']}, "
                  f"not executable: {len(result['not_executable'])}, uncited: {len(result['uncited_rule_clauses'])}, "
                  f"unknown citations: {len(result['unknown_citations'])}, "
                  f"moves refused only by the catch-all: {len(result['catch_all_refusals'])}")
        return 1 if result["unknown_citations"] or result["uncited_rule_clauses"] else 0
    slug = args.game and _game(args.game).slug
    records = engine.rules(slug)
    if args.json:
        _print_json({"rules": records, "assumptions": [a.to_json() for a in engine.all_assumptions(slug)]})
    else:
        for r in records:
            print(f"{r['id']}\t{', '.join(r['clause_ids'] + r['assumption_ids'])}\t{r['doc']}")
    return 0


def readings_command(args) -> int:
    import engine

    slug = args.game and _game(args.game).slug
    records = engine.readings(slug)
    if args.json:
        _print_json({"readings": records})
    else:
        for r in records:
            alts = " | ".join(a["id"] + ("*" if a["id"] == r["default"] else "") for a in r["alternatives"])
            print(f"{r['id']}\t{alts}\t{r['reason']}")
    return 0


def layout_command(args) -> int:
    layout = _game(args.game).layout()
    if args.json:
        _print_json(layout)
    else:
        for pile in layout["piles"]:
            print(f"{pile['id']}\t{pile['role']}\t{pile['x']},{pile['y']}")
    return 0


def deal_command(args) -> int:
    from pasyans.errors import InputError

    if args.seed < 0:
        raise InputError("--seed must be a whole number >= 0")
    game_cls = _game(args.game)
    game = game_cls(args.seed, readings=parse_readings(game_cls, args.reading))
    state = game.to_portable()
    if args.json:
        _print_json(state)
    else:
        print(f"{game.title_1912} ({game.slug}), deal {game.deal}, phase {game.phase}")
        for pile, cards in state["piles"].items():
            print(f"{pile:>16}: {' '.join(cards)}")
    return 0


def moves_command(args) -> int:
    game = with_readings(load_state(_game(args.game), args.state), args.reading)
    records = []
    for move in game.legal_moves:
        verdict = game.explain(move)
        records.append({"move": str(move), "rule_ids": list(verdict.rules),
                        "clause_ids": list(verdict.clauses), "assumption_ids": list(verdict.assumptions),
                        "readings": dict(verdict.readings), "ru": verdict.ru, "en": verdict.en})
    outcome = game.outcome()
    if args.json:
        _print_json({"game": game.slug, "phase": game.phase, "moves": records, "stuck": game.is_stuck(),
                     "outcome": outcome and {"termination": outcome.termination.value,
                                             "rule_id": outcome.rule, "clause_ids": list(outcome.clauses)}})
    else:
        for r in records:
            print(f"{r['move']}\t{', '.join(r['clause_ids'])}")
        if outcome:
            print(f"game over: {outcome.termination.value} ({outcome.rule})")
    return 0


def check_command(args) -> int:
    from engine import Move
    from pasyans.errors import InputError

    game = with_readings(load_state(_game(args.game), args.state), args.reading)
    try:
        move = Move.parse(args.move)
    except ValueError as error:
        raise InputError(str(error)) from None
    verdict = game.explain(move)
    if args.json:
        _print_json({**verdict.to_json(), "under_other_readings": game.verdicts_under_readings(move)})
    else:
        print(("allowed" if verdict.allowed else "not allowed") + f": {verdict.en} / {verdict.ru} "
              f"({', '.join(verdict.rules + verdict.clauses)})")
    if verdict.allowed:
        return 0
    # The verdict is printed either way; an illegal move is still bad input (status 2).
    print(f"pasyans: {args.state}: illegal move {args.move}: {verdict.en} "
          f"({', '.join(verdict.clauses or verdict.rules)})", file=sys.stderr)
    return EXIT_BAD_INPUT
