"""How long the whole extraction takes: all witnesses to the TEI document.

Runs `pasyans tei` in a fresh interpreter (so spaCy's start-up, the
normaliser and pymorphy3's dictionaries are all counted), three times, and
prints each wall time and the best; the target is 2 s. Then prints, in one
process, where the time goes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET = 2.0
ROOT = Path(__file__).resolve().parent.parent
PASYANS = Path(sys.executable).with_name("pasyans")


def whole_run(out: Path) -> float:
    start = time.perf_counter()
    subprocess.run([str(PASYANS), "tei", "--out", str(out)], check=True, cwd=ROOT)
    return time.perf_counter() - start


def stages() -> list[tuple[str, float]]:
    code = """
import time
t = time.perf_counter(); marks = []
def mark(name):
    global t
    now = time.perf_counter(); marks.append((name, now - t)); t = now
import spacy; mark("import spaCy")
import corpus, normalize
for w in corpus.witnesses(): normalize.normalize_witness(w)
mark("normalise the witnesses")
from extract import clauses; book = clauses.build(); mark("structure + segmentation (spaCy)")
import extract; extract.book(); mark("English + collation")
from extract import glossary; glossary.glossary(); mark("glossary uses (pymorphy3)")
from extract import tei; text = tei.serialize(tei.document()); mark("TEI tree + serialisation")
for name, seconds in marks: print(f"{name}\\t{seconds:.3f}")
"""
    result = subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, capture_output=True, text=True)
    return [(name, float(seconds)) for name, seconds in (line.split("\t") for line in result.stdout.splitlines())]


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "edition.xml"
        times = [whole_run(out) for _ in range(3)]
        size = os.path.getsize(out)
    best = min(times)
    print(f"extract: pasyans tei (all witnesses to TEI, fresh process): "
          f"{', '.join(f'{t:.2f}' for t in times)} s; best {best:.2f} s (target {TARGET:.1f} s); {size} bytes")
    for name, seconds in stages():
        print(f"  {name:<36} {seconds:6.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
