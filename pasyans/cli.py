"""The `pasyans` command: one entry point, one subcommand per pipeline job.

Each stage registers its own subcommands in its `cli` module
(`register(subparsers)`), adding arguments only and importing its heavy
machinery inside the handler, so that `pasyans normalize` starts fast and
never loads spaCy or lxml.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from pasyans import __version__
from pasyans.errors import EXIT_BAD_INPUT, InputError

# The stages, in pipeline order; each module has `register(subparsers)`.
STAGE_CLIS = (
    "normalize.cli",
    "extract.cli",
    "engine.cli",
    "pasyans.solver_cli",
    "pasyans.freshness",
    "edition.cli",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pasyans",
        description="A digital edition of «Двадцать четыре основные пасьянса» (1912).",
    )
    parser.add_argument("--version", action="version", version=f"pasyans {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in STAGE_CLIS:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return EXIT_BAD_INPUT
    try:
        return args.func(args) or 0
    except InputError as error:
        print(f"pasyans: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # `pasyans normalize | head` is not an error
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return 130
