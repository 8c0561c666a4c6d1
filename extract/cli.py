"""Commands of the extraction stage: clauses, games, tei.

`register` only adds arguments; spaCy, pymorphy3 and lxml are imported by
the handlers, so that `pasyans --help` stays fast.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def register(subparsers) -> None:
    parser = subparsers.add_parser("clauses", help="the clauses of the book with ids, kinds and texts")
    parser.add_argument("--game", metavar="G", help="only this game (a slug, or figures/terms)")
    parser.add_argument("--json", action="store_true", help="print JSON (the default prints one clause a line)")
    parser.set_defaults(func=clauses_command)

    parser = subparsers.add_parser("games", help="the games with titles, decks, source and status")
    parser.add_argument("--json", action="store_true", help="print JSON (the default prints a table)")
    parser.set_defaults(func=games_command)

    parser = subparsers.add_parser("tei", help="the TEI P5 edition")
    parser.add_argument("--out", metavar="FILE", type=Path, help="write to FILE instead of standard output")
    parser.set_defaults(func=tei_command)


def _write(text: str) -> None:
    sys.stdout.write(text)
    if not text.endswith("\n"):
        sys.stdout.write("\n")


def clauses_command(args) -> int:
    import extract
    from pasyans.errors import InputError

    book = extract.book()
    if args.game and args.game not in book.games:
        raise InputError(f"no game {args.game!r}; the games are: {', '.join(book.games)}")
    chosen = [clause for clause in book.clauses if not args.game or clause.game == args.game]
    if args.json:
        from extract.games_cli import rule_ids

        rules = rule_ids()
        records = []
        for clause in chosen:
            record = clause.as_dict()
            record["rule_ids"] = rules.get(clause.id, [])
            records.append(record)
        _write(json.dumps(records, ensure_ascii=False, indent=1))
    else:
        for clause in chosen:
            _write(f"{clause.id}\t{clause.kind}\t{clause.text}")
    return 0


def games_command(args) -> int:
    from extract.games_cli import game_records

    records = game_records()
    if args.json:
        _write(json.dumps(records, ensure_ascii=False, indent=1))
    else:
        for record in records:
            _write(f"{record['slug']:<18} {record['status']:<10} {record['decks']} "
                   f"{record['ru_1912'] or record['ru_modern']} / {record['en']}")
    return 0


def tei_command(args) -> int:
    from extract import tei

    text = tei.serialize(tei.document())
    if args.out:
        try:
            args.out.write_text(text, encoding="utf-8")
        except OSError as error:
            from pasyans.errors import InputError

            raise InputError(f"cannot write: {error.strerror}", str(args.out)) from None
    else:
        _write(text)
    return 0
