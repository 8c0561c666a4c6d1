"""Benchmark of the normaliser: throughput, peak memory, CLI start-up.

Builds a corpus of at least 10 MB from the witnesses' book lines (repeated,
with the line numbers varied so no cache outside the per-word ones helps),
then prints:
- throughput of the diplomatic layer alone and of both layers (MB/s of raw
  UTF-8 input, one core), through `normalize_line` as the CLI calls it;
- peak resident memory of `pasyans normalize FILE --layer modern` on that
  corpus (streamed: should stay far below the 300 MB target);
- time to the first output line of `pasyans normalize - ` (target <= 1 s);
- the repair rate of synthetic damage on proof-read lines;
- throughput on text that is not this book, from empty per-word caches:
  the other books' corpus of tests/normalize/corpus shuffled (1 and 10
  copies), and 1 MB of pseudo-text drawn by word frequency (a vocabulary
  that grows like a real text's: no cache of repeated words flatters it);
- the time of one 1 MB line of letter-spaced print.
Run: .venv/bin/python bench/normalize_bench.py [--mb 10]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import corpus  # noqa: E402
import normalize  # noqa: E402
from normalize.lines import diplomatic_edits  # noqa: E402


def build_corpus(megabytes: float) -> tuple[list[tuple[str, str]], int]:
    lines = []
    for witness in corpus.load():
        for number, text in enumerate(witness.lines, 1):
            if witness.is_book_line(number) and text.strip():
                lines.append((text, witness.orthography))
    result, size = [], 0
    while size < megabytes * 1_000_000:
        for text, orthography in lines:
            result.append((text, orthography))
            size += len(text.encode("utf-8")) + 1
    return result, size


def throughput(lines, size, both: bool) -> float:
    """MB/s of CPU time of this process (the machine is shared: wall time lies)."""
    start = time.process_time()
    for number, (text, orthography) in enumerate(lines, 1):
        if both:
            normalize.normalize_line(text, witness="bench", number=number, orthography=orthography)
        else:
            diplomatic_edits(text, "bench", number, orthography)
    return size / 1_000_000 / (time.process_time() - start)


def cli_peak_memory(path: str) -> tuple[float, float, float]:
    pasyans = ROOT / ".venv" / "bin" / "pasyans"
    script = (
        "import resource, subprocess, sys, time;"
        "t = time.perf_counter();"
        f"subprocess.run([{str(pasyans)!r}, 'normalize', {path!r}, '--layer', 'modern'], stdout=subprocess.DEVNULL, check=True);"
        "usage = resource.getrusage(resource.RUSAGE_CHILDREN);"
        "print(usage.ru_maxrss / 1024, time.perf_counter() - t, usage.ru_utime + usage.ru_stime)"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), float(out[1]), float(out[2])


def first_output_seconds() -> float:
    pasyans = ROOT / ".venv" / "bin" / "pasyans"
    start = time.perf_counter()
    # the orthography is given: detecting it reads ahead until the spelling is
    # clear, and one line on an open stdin is not enough to decide
    proc = subprocess.Popen([str(pasyans), "normalize", "-", "--layer", "modern", "--orthography", "pre-reform"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    proc.stdin.write("Мђста, очерченныя линіями, показываютъ какъ раскладывать.\n".encode("utf-8"))
    proc.stdin.flush()
    proc.stdout.readline()
    elapsed = time.perf_counter() - start
    proc.stdin.close()
    proc.wait()
    return elapsed


def repair_accuracy(seed: int = 1912) -> str:
    """Damage clean pre-reform lines with one confusion each; how many come back exactly?

    Clean lines: the proof-read diplomatic text of the 1912 witnesses and the
    correct prose of tests/normalize/cases/negative.json (other books). Each
    line gets one random substitution from the confusion table, in reverse
    (true -> ocr). Real-word slips (на -> па) cannot be seen by a dictionary,
    so 100% is not expected.
    """
    import csv
    import json
    import random

    import regex

    from normalize import tables

    rng = random.Random(seed)
    clean = []
    for path in sorted((ROOT / "tests/normalize/proofread").glob("00[013]_*.tsv")):
        with open(path, encoding="utf-8") as handle:
            clean += [row["diplomatic"] for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)]
    cases = json.loads((ROOT / "tests/normalize/cases/negative.json").read_text(encoding="utf-8"))
    clean += [case["original"] for case in cases if len(case["original"]) > 30]
    damage = {}
    for ocr, true, *_ in tables.ocr()["confusion"]:
        damage.setdefault(true.lower(), []).append(ocr.lower())
    total = restored = untouched = wrong = 0
    for line in clean:
        words = list(regex.finditer(r"\p{L}{2,}", line))
        if not words:
            continue
        match = rng.choice(words)
        word = match.group()
        spots = [(i, t) for t in damage for i in range(len(word)) if word.startswith(t, i)]
        if not spots:
            continue
        at, true = rng.choice(spots)
        bad = word[:at] + rng.choice(damage[true]) + word[at + len(true):]
        damaged = line[: match.start()] + bad + line[match.end():]
        if bad == word:
            continue
        out = normalize.normalize_line(damaged).diplomatic
        total += 1
        if out == line:
            restored += 1
        elif out == damaged:
            untouched += 1
        else:
            wrong += 1
    return (f"repair of synthetic damage ({total} lines, one confusion each): {restored} restored "
            f"({restored / total:.0%}), {untouched} left as damaged, {wrong} changed wrongly")


def clear_caches() -> None:
    """Forget every per-word answer of normalize/, so a measurement pays for
    each distinct word it meets (the dictionary and frequency list stay loaded)."""
    import functools
    import importlib

    for name in ("ocr", "lines", "modern", "morph", "frequency"):
        module = importlib.import_module(f"normalize.{name}")
        for value in vars(module).values():
            if isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()
    for memo in importlib.import_module("normalize.lines")._SAFE.values():
        memo.clear()  # the pairs of neighbours the spacing joins know to be safe (a plain set)


def _timed(lines) -> float:
    start = time.process_time()
    for number, line in enumerate(lines, 1):
        normalize.normalize_line(line, witness="bench", number=number)
    return time.process_time() - start


def _described(lines) -> str:
    import regex

    words = [w.lower() for line in lines for w in regex.findall(r"\p{L}+", line)]
    size = sum(len(line.encode("utf-8")) + 1 for line in lines)
    return f"{size / 1e6:.2f} MB, {len(words):,} words, {len(set(words)):,} distinct"


def other_text_throughput(copies: int = 1) -> str:
    """MB/s on the pre-reform corpus of other books (tests/normalize/corpus),
    its words shuffled within each line, `copies` times (each copy shuffled
    anew), from empty caches: with one copy every distinct word is met for the
    first time, as in a new 2,000-word text."""
    import csv
    import random

    rows = list(csv.DictReader((ROOT / "tests/normalize/corpus/prereform.tsv").read_text(encoding="utf-8").splitlines(),
                               delimiter="\t", quoting=csv.QUOTE_NONE))
    rng = random.Random(15)
    lines = []
    for _ in range(copies):
        for row in rows:
            words = row["diplomatic"].split(" ")
            rng.shuffle(words)
            lines.append(" ".join(words))
    clear_caches()
    seconds = _timed(lines)
    size = sum(len(line.encode("utf-8")) + 1 for line in lines)
    return (f"other books' text, shuffled, {copies} cop{'y' if copies == 1 else 'ies'} ({_described(lines)}), "
            f"cold caches: {size / 1e6 / seconds:.2f} MB/s")


def frequency_text(megabytes: float, seed: int = 1918) -> list[str]:
    """Pseudo-text that repeats words only as often as language does: words
    drawn by their frequency from wordfreq's Russian list (its 100,000
    commonest Cyrillic words), respelled the pre-reform way by rule (і before
    a vowel, ъ after a final hard consonant), 12 to a line, a comma now and
    then. Its vocabulary grows with its size like a real text's; it holds
    the names, loans and slang of the list, which the dictionary lacks and
    the normaliser must look at."""
    import random

    import regex

    from normalize import frequency

    table = frequency.read_list()  # in frequency order
    words = list(table)[:100_000]
    weights = [10 ** (-table[w] / 100) for w in words]
    rng = random.Random(seed)
    old = [regex.sub(r"и(?=[аеёиоуыэюяй])", "і", w) + ("ъ" if w[-1] in "бвгджзклмнпрстфхцчшщ" else "")
           for w in words]
    lines, size = [], 0
    while size < megabytes * 1e6:
        picked = rng.choices(range(len(words)), weights, k=12)
        line = " ".join(old[i] + ("," if rng.random() < 0.08 else "") for i in picked)
        line = line[0].upper() + line[1:] + "."
        lines.append(line)
        size += len(line.encode("utf-8")) + 1
    return lines


def frequency_text_throughput(megabytes: float = 1.0) -> str:
    lines = frequency_text(megabytes)
    clear_caches()
    seconds = _timed(lines)
    size = sum(len(line.encode("utf-8")) + 1 for line in lines)
    return (f"frequency-drawn pseudo-text ({_described(lines)}), cold caches: "
            f"{size / 1e6 / seconds:.2f} MB/s")


def spaced_line_seconds(megabytes: float = 1.0) -> str:
    """One line of about 1 MB of letter-spaced text (к а р т ы   д ѣ л о ...):
    the other books' corpus, every character spaced, repeated to the size,
    from empty caches (the first copy pays for its words, later ones find them)."""
    import csv

    rows = list(csv.DictReader((ROOT / "tests/normalize/corpus/prereform.tsv").read_text(encoding="utf-8").splitlines(),
                               delimiter="\t", quoting=csv.QUOTE_NONE))
    text = " ".join(" ".join(row["diplomatic"]) for row in rows)
    copies = int(megabytes * 1e6 / len(text.encode("utf-8")) + 1)
    line = (text + " ") * copies
    clear_caches()
    start = time.process_time()
    result = normalize.normalize_line(line)
    seconds = time.process_time() - start
    joins = sum(1 for step in result.steps if step.rule == "spacing.join")
    return (f"one line of {len(line.encode('utf-8')) / 1e6:.1f} MB of spaced letters ({copies} copies of "
            f"{len(text.encode('utf-8')) / 1e3:.0f} KB; {joins:,} spaces removed): {seconds:.1f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=10.0, help="size of the throughput corpus")
    parser.add_argument("--cli-mb", type=float, default=None,
                        help="size of the file given to the CLI for the memory test (default: --mb; try 100)")
    parser.add_argument("--other-mb", type=float, default=1.0, help="size of the frequency-drawn pseudo-text")
    args = parser.parse_args()
    lines, size = build_corpus(args.mb)
    print(f"corpus: {size / 1e6:.1f} MB, {len(lines)} lines built from the witnesses' book lines")
    normalize.normalize_line("прогрѣвъ")  # load the dictionary outside the timing
    dip = throughput(lines, size, both=False)
    both = throughput(lines, size, both=True)
    print(f"diplomatic layer: {dip:.2f} MB/s")
    print(f"both layers (modern, with its apparatus): {both:.2f} MB/s  (target >= 2 MB/s)")
    cli_mb = args.cli_mb or args.mb
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as handle:
        written = 0
        while written < cli_mb * 1_000_000:
            for text, _ in lines[:5000]:
                handle.write(text + "\n")
                written += len(text.encode("utf-8")) + 1
        path = handle.name
    size = written
    try:
        peak, seconds, cpu = cli_peak_memory(path)
        print(f"pasyans normalize FILE ({size / 1e6:.0f} MB) --layer modern: {seconds:.1f} s wall, {cpu:.1f} s CPU "
              f"({size / 1e6 / cpu:.2f} MB/s of CPU), peak memory {peak:.0f} MB  (target <= 300 MB)")
    finally:
        os.unlink(path)
    print(f"time to first output line (pasyans normalize -): {first_output_seconds():.2f} s  (target <= 1 s)")
    print(repair_accuracy())
    print(other_text_throughput(1))
    print(other_text_throughput(10))
    print(frequency_text_throughput(args.other_mb))
    print(spaced_line_seconds())
    print(f"this process: peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
