"""`pasyans normalize` and `pasyans corrections`.

`register` only adds arguments; the normaliser (and pymorphy3 behind it) is
imported inside the handlers so that `pasyans --help` stays fast.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

LAYER_CHOICES = ("diplomatic", "modern")


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "normalize",
        help="print the diplomatic (OCR repaired) or modern layer, one output line per input line",
        description="Print a layer of FILE (or of the whole corpus), one output line per input line. "
        "Without FILE each witness is printed in turn, its name on stderr.",
    )
    parser.add_argument("file", nargs="?", metavar="FILE|-", help="a text file (UTF-8, UTF-8 with BOM or cp1251), or - for stdin")
    parser.add_argument("--layer", choices=LAYER_CHOICES, default="diplomatic")
    parser.add_argument("--witness", metavar="ID", help="only this corpus witness (000, 001, ...)")
    parser.add_argument("--orthography", choices=("auto", "pre-reform", "modern"), default="auto",
                        help="the spelling of FILE (default: detected from its first lines, and said on stderr); "
                        "a file that is byte for byte a corpus witness is read as that witness")
    parser.add_argument("--summary", action="store_true", help="per witness: lines and corrections by kind")
    parser.set_defaults(func=run_normalize)

    parser = subparsers.add_parser(
        "corrections",
        help="the correction apparatus: line, column, OCR text, fix, kind, rule, reason",
    )
    parser.add_argument("file", nargs="?", metavar="FILE|-", help="a text file; without it, the whole corpus")
    parser.add_argument("--witness", metavar="ID", help="only this corpus witness")
    parser.add_argument("--orthography", choices=("auto", "pre-reform", "modern"), default="auto",
                        help="the spelling of FILE (default: detected, and said on stderr and in each JSON step)")
    parser.add_argument("--layer", choices=LAYER_CHOICES + ("all",), default="all")
    parser.add_argument("--json", action="store_true",
                        help="a JSON array of steps (default: tab-separated); written whole at the end, or not at all on an error")
    parser.set_defaults(func=run_corrections)


def _lines_of_file(path: str, orthography: str, info: dict | None = None):
    """(Line, line end) for each line of a user's file, streamed.

    A file that is byte for byte a corpus witness is that witness: its
    manifest says which lines are the book and in which spelling, and the
    book's errata apply; `--orthography` cannot override what is known.
    With orthography "auto" the first lines are read ahead until their
    spelling is clear (`normalize.orthography`); what was found goes to
    stderr and into `info` (orthography, source).
    """
    import itertools

    from normalize import normalize_line, normalize_witness
    from normalize.orthography import Evidence
    from pasyans.textio import read_lines

    info = {} if info is None else info
    known = _corpus_witness_of(path)
    if known is not None:
        import corpus

        info.update(orthography=corpus.witness(known).orthography, source="witness " + known)
        yield from zip(normalize_witness(known), (ending for _, ending in read_lines(path)))
        return
    name = "-" if path == "-" else path
    lines = read_lines(path)
    if orthography == "auto":
        evidence, ahead = Evidence(), []
        for item in lines:
            ahead.append(item)
            evidence.add(item[0])
            if evidence.decided():
                break
        orthography = evidence.orthography
        info.update(orthography=orthography, source="detected")
        print(f"pasyans: {'<stdin>' if path == '-' else path}: {evidence.describe()}", file=sys.stderr)
        lines = itertools.chain(ahead, lines)
    else:
        info.update(orthography=orthography, source="given")
    for number, (text, ending) in enumerate(lines, 1):
        yield normalize_line(text, witness=name, number=number, orthography=orthography), ending


def _corpus_witness_of(path: str) -> str | None:
    """The id of the corpus witness whose bytes the file holds, or None."""
    if path == "-" or not os.path.isfile(path):
        return None
    import hashlib

    import corpus

    size = os.path.getsize(path)
    same_size = [w for w in corpus.load() if w.path.stat().st_size == size]
    if not same_size:  # the usual case: no need to read (a big file) twice
        return None
    with open(path, "rb") as handle:
        digest = hashlib.sha256(handle.read()).hexdigest()
    return next((w.id for w in same_size if w.sha256 == digest), None)


def _lines_of_corpus(witness: str | None):
    import corpus
    from normalize import normalize_witness

    ids = [corpus.witness(witness).id] if witness else [w.id for w in corpus.load()]
    for wid in ids:
        yield wid, normalize_witness(wid)


def run_normalize(args: argparse.Namespace) -> int:
    out = sys.stdout.buffer
    if args.summary:
        return _summary(args)
    if args.file:
        # from a pipe or terminal each line is passed on at once (a reader
        # waits for it); from a file, output is buffered for speed
        interactive = args.file == "-" or not os.path.isfile(args.file)
        for line, ending in _lines_of_file(args.file, args.orthography):
            out.write((line.layer(args.layer) + ending).encode("utf-8"))
            if interactive:
                out.flush()
        out.flush()
        return 0
    for wid, lines in _lines_of_corpus(args.witness):
        if not args.witness:
            print(f"== witness {wid} ({len(lines)} lines) ==", file=sys.stderr)
            sys.stderr.flush()
        for line in lines:
            out.write((line.layer(args.layer) + "\n").encode("utf-8"))
        out.flush()
    return 0


def _summary(args: argparse.Namespace) -> int:
    from collections import Counter

    sources = _lines_of_corpus(args.witness) if not args.file else [(args.file, [l for l, _ in _lines_of_file(args.file, args.orthography)])]
    for wid, lines in sources:
        kinds = Counter(f"{step.layer}/{step.kind}" for line in lines for step in line.steps)
        changed = sum(1 for line in lines if line.raw != line.diplomatic)
        print(f"{wid}: {len(lines)} lines, {changed} repaired, "
              f"{sum(v for k, v in kinds.items() if k.startswith('diplomatic'))} OCR repairs, "
              f"{sum(v for k, v in kinds.items() if k.startswith('modern'))} spelling changes")
        for kind, count in sorted(kinds.items()):
            print(f"  {kind:28} {count}")
    return 0


def run_corrections(args: argparse.Namespace) -> int:
    import shutil
    import tempfile

    out = sys.stdout.buffer
    info: dict = {}
    if args.file:
        lines = (line for line, _ in _lines_of_file(args.file, args.orthography, info))
    else:
        lines = (line for _, group in _lines_of_corpus(args.witness) for line in group)
    if not args.json:
        for line in lines:
            for step in _chosen(line, args.layer):
                fields = (step.witness, step.line, step.start, step.end, step.before, step.after,
                          step.layer, step.kind, step.rule, step.reason)
                out.write(("\t".join(str(f) for f in fields) + "\n").encode("utf-8"))
        out.flush()
        return 0
    # JSON is written whole or not at all: an error half-way (a bad byte on
    # line 9,000) must not leave an unterminated array on stdout. The array
    # is built in a spooled file (memory, then disk) and copied at the end.
    with tempfile.SpooledTemporaryFile(max_size=8 << 20) as buffer:
        first = True
        buffer.write(b"[")
        for line in lines:
            for step in _chosen(line, args.layer):
                record = step.as_dict()
                if info:
                    record["orthography"] = info["orthography"]
                    record["orthography_source"] = info["source"]
                buffer.write((("\n" if first else ",\n") + json.dumps(record, ensure_ascii=False)).encode("utf-8"))
                first = False
        buffer.write(b"\n]\n")
        buffer.seek(0)
        shutil.copyfileobj(buffer, out)
    out.flush()
    return 0


def _chosen(line, layer: str):
    return [step for step in line.steps if layer == "all" or step.layer == layer]
