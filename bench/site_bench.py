"""The edition in Chromium, from localhost: how soon the text is readable,
how soon the demo plays, how long a move takes, and what a page weighs
without Pyodide. Cold = a fresh browser context (empty cache); warm = the
same page loaded again in that context.

Targets (issue 7): text <= 0.5 s, page weight <= 300 KB, a move <= 50 ms;
the time to a playable demo is reported (Pyodide alone takes seconds).

    .venv/bin/python bench/site_bench.py [--game belle-lucie] [--moves 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TEXT_TARGET_S, WEIGHT_TARGET_KB, MOVE_TARGET_MS = 0.5, 300, 50


def load(context, url: str, weights: dict) -> dict:
    """Open `url`; times in seconds from navigation start."""
    page = context.new_page()
    sizes: dict[str, int] = {}

    def on_response(response):
        try:
            sizes[response.url] = len(response.body())
        except Exception:  # a redirect or a 304 has no body to count
            sizes.setdefault(response.url, 0)

    page.on("response", on_response)
    page.goto(url, wait_until="load")
    page.wait_for_selector("#text .clause")
    text = page.evaluate("""() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        return paint ? paint.startTime : performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd;
    }""") / 1000
    page.wait_for_selector("section.demo[data-state=ready]", timeout=120_000)
    ready = page.evaluate("performance.getEntriesByName('pasyans:demo-ready')[0].startTime") / 1000
    weights.update(sizes)
    return {"page": page, "text": text, "ready": ready}


def time_moves(page, count: int) -> list[float]:
    """Milliseconds per legal move, click to redrawn board (worker round trip included)."""
    times = []
    for _ in range(count):
        moves = page.evaluate("window.pasyansDemo.view.moves")
        if not moves:
            page.evaluate("window.pasyansDemo.run('undo', {}, v => window.pasyansDemo.show(v))")
            continue
        elapsed = page.evaluate("""async (move) => {
            const t = performance.now();
            await window.pasyansDemo.tryMove(move);
            await new Promise(requestAnimationFrame);
            return performance.now() - t;
        }""", moves[0])
        times.append(elapsed)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="belle-lucie")
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3, help="warm loads to take the median of (the machine is shared)")
    args = parser.parse_args()

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "site"))
    from playwright.sync_api import sync_playwright

    from edition import inputs, render, serve

    out = Path(tempfile.mkdtemp(prefix="pasyans-bench-"))
    render.build(inputs.load(), out)
    server = serve.serve_in_background(out)
    url = f"{serve.address(server)}games/{args.game}.html"
    print(f"site_bench: {url}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        context = browser.new_context()
        weights: dict[str, int] = {}
        cold = load(context, url, weights)
        page_kb = sum(size for u, size in weights.items() if "/pyodide/" not in u) / 1024
        pyodide_kb = sum(size for u, size in weights.items() if "/pyodide/" in u) / 1024
        cold["page"].evaluate(f"localStorage.removeItem('pasyans.game.{args.game}')")
        moves = time_moves(cold["page"], args.moves)
        cold["page"].close()
        warm_runs = []
        for _ in range(args.runs):
            run = load(context, url, {})
            run["page"].close()
            warm_runs.append(run)
        warm = {key: statistics.median(run[key] for run in warm_runs) for key in ("text", "ready")}
        browser.close()
    server.shutdown()

    def verdict(ok: bool) -> str:
        return "ok" if ok else "OVER TARGET"

    print(f"time to text visible   cold {cold['text']:.3f} s   warm {warm['text']:.3f} s (median of {args.runs})   "
          f"(target <= {TEXT_TARGET_S} s: {verdict(max(cold['text'], warm['text']) <= TEXT_TARGET_S)})")
    print(f"time to playable demo  cold {cold['ready']:.2f} s    warm {warm['ready']:.2f} s (median of {args.runs})   (reported)")
    if moves:
        print(f"time per move          median {statistics.median(moves):.1f} ms   max {max(moves):.1f} ms   "
              f"over {len(moves)} moves (target <= {MOVE_TARGET_MS} ms: {verdict(statistics.median(moves) <= MOVE_TARGET_MS)})")
    print(f"page weight            {page_kb:.0f} KB without Pyodide (target <= {WEIGHT_TARGET_KB} KB: "
          f"{verdict(page_kb <= WEIGHT_TARGET_KB)}); Pyodide itself {pyodide_kb / 1024:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
