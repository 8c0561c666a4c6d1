"""What the downloads add to `pasyans build`: the seconds (CPU of this
process, and wall clock) of the pages alone and of each EPUB and PDF, and
the size of each file. Prints its figures; no assertions.

    .venv/bin/python bench/downloads_bench.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "site"))


def timed(step):
    cpu, wall = time.process_time(), time.perf_counter()
    result = step()
    return result, time.process_time() - cpu, time.perf_counter() - wall


def main() -> int:
    from edition import epub, inputs, pdf, render

    edition, cpu, wall = timed(inputs.load)
    print(f"downloads_bench: inputs loaded in {cpu:.1f} s CPU ({wall:.1f} s wall)")
    out = Path(tempfile.mkdtemp(prefix="pasyans-downloads-"))
    _, cpu, wall = timed(lambda: render.build(edition, out, downloads=False))
    print(f"pages, without downloads      {cpu:6.1f} s CPU {wall:6.1f} s wall")
    total = 0.0
    for writer, suffix in ((epub.write, "epub"), (pdf.write, "pdf")):
        for layer in ("1912", "modern"):
            path, cpu, wall = timed(lambda: writer(edition, layer, out / f"pasyans-{layer}.{suffix}"))
            total += cpu
            print(f"{suffix.upper():4} {layer:7}                 {cpu:6.1f} s CPU {wall:6.1f} s wall   "
                  f"{path.stat().st_size / 1024:6.0f} KB")
    print(f"the downloads add             {total:6.1f} s CPU to a build")
    return 0


if __name__ == "__main__":
    sys.exit(main())
