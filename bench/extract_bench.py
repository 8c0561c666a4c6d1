"""How long the whole extraction takes: all witnesses to the TEI document.

Runs `pasyans tei` in a fresh interpreter (so spaCy's start-up, the
normaliser and pymorphy3's dictionaries are all counted), three times, and
prints each wall time and the best; the target is 2 s. Then prints, in one
process, where the time goes.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET = 2.0
ROOT = Path(__file__).resolve().parent.parent
PASYANS = Path(sys.executable).with_name("pasyans")


def whole_run(out: Path) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one `pasyans tei` run.

    On a shared machine the wall time depends on the load; the CPU time
    much less, so both are printed.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([str(PASYANS), "tei", "--out", str(out)], check=True, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


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
        runs = [whole_run(out) for _ in range(3)]
        size = os.path.getsize(out)
    walls, cpus = [wall for wall, _ in runs], [cpu for _, cpu in runs]
    print(f"extract: pasyans tei (all witnesses to TEI, fresh process, spaCy start-up included): "
          f"wall {', '.join(f'{t:.2f}' for t in walls)} s, best {min(walls):.2f} s; "
          f"CPU best {min(cpus):.2f} s (target {TARGET:.1f} s); {size} bytes; load {os.getloadavg()[0]:.1f}")
    for name, seconds in stages():
        print(f"  {name:<36} {seconds:6.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
