"""The edition in Chromium, from localhost: how soon the text is readable,
how soon the demo plays, how long a move takes, and what a page weighs
without Pyodide. Cold = a fresh browser context (empty cache); warm = the
same page loaded again in that context.

Targets (issue 7): text <= 0.5 s, page weight <= 300 KB, a move <= 50 ms;
(issue 13) the demo ready <= 3 s cold and <= 1.5 s with its files cached.
"Ready" is the board's `pasyans:demo-ready` mark (the engine answered and
the game is drawn), from navigation start. The same loads are measured
without the build's Pyodide memory snapshot (the worker's slower path,
which was the only one before issue 13) for comparison.

The timeline of a load (ms from navigation start, from the page's
performance marks): when the worker was created (engine-start.js, at the top
of the page), the worker's own stages (posted as wall-clock instants: worker
started, pyodide.js, wasm compiled, snapshot fetched, interpreter, engine,
first answer), the board drawn from the build ("early-board"), and ready.

    .venv/bin/python bench/site_bench.py [--game belle-lucie] [--moves 20] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TEXT_TARGET_S, WEIGHT_TARGET_KB, MOVE_TARGET_MS = 0.5, 300, 50
COLD_TARGET_S, CACHED_TARGET_S = 3.0, 1.5


def load(context, url: str, weights: dict, snapshot: bool = True) -> dict:
    """Open `url`; times in seconds from navigation start."""
    page = context.new_page()
    if not snapshot:  # the worker then boots Pyodide and imports the engine itself
        page.route("**/engine.snapshot.gz*", lambda route: route.abort())
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
    # the worker's own stages, in ms from its start (worker.js posts them)
    stages = page.evaluate("window.pasyansDemo.timings || {}")
    timeline = page.evaluate("""() => Object.fromEntries(performance.getEntriesByType('mark')
        .filter((m) => m.name.startsWith('pasyans:')).sort((a, b) => a.startTime - b.startTime)
        .map((m) => [m.name.slice(8).replace('worker:', 'w:'), Math.round(m.startTime)]))""")
    weights.update(sizes)
    return {"page": page, "text": text, "ready": ready, "stages": stages, "timeline": timeline}


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
        page_kb = sum(size for u, size in weights.items() if "/pyodide/" not in u and "engine." not in u) / 1024
        engine_kb = sum(size for u, size in weights.items() if "/pyodide/" in u or "engine." in u) / 1024
        cold["page"].evaluate(f"localStorage.removeItem('pasyans.game.{args.game}')")
        moves = time_moves(cold["page"], args.moves)
        # the service worker (registered once the game is up) has kept the files
        for _ in range(240):
            if cold["page"].evaluate("async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated'"):
                break
            cold["page"].wait_for_timeout(250)
        cold["page"].close()
        warm_runs = []
        for _ in range(args.runs):
            run = load(context, url, {})
            run["page"].close()
            warm_runs.append(run)
        warm = {key: statistics.median(run[key] for run in warm_runs) for key in ("text", "ready")}
        # The worker's path without the snapshot, cold and cached (HTTP cache only).
        plain_context = browser.new_context(service_workers="block")
        plain_cold = load(plain_context, url, {}, snapshot=False)
        plain_cold["page"].close()
        plain_warm = []
        for _ in range(args.runs):
            run = load(plain_context, url, {}, snapshot=False)
            run["page"].close()
            plain_warm.append(run["ready"])
        plain = {"cold": plain_cold["ready"], "warm": statistics.median(plain_warm)}
        browser.close()
    server.shutdown()

    def verdict(ok: bool) -> str:
        return "ok" if ok else "OVER TARGET"

    print(f"time to text visible   cold {cold['text']:.3f} s   warm {warm['text']:.3f} s (median of {args.runs})   "
          f"(target <= {TEXT_TARGET_S} s: {verdict(max(cold['text'], warm['text']) <= TEXT_TARGET_S)})")
    print(f"time to playable demo  cold {cold['ready']:.2f} s    cached {warm['ready']:.2f} s (median of {args.runs})   "
          f"(targets <= {COLD_TARGET_S} s cold: {verdict(cold['ready'] <= COLD_TARGET_S)}, "
          f"<= {CACHED_TARGET_S} s cached: {verdict(warm['ready'] <= CACHED_TARGET_S)})")
    print(f"  the worker's stages (ms from its start), cold: {cold['stages']}; cached: {warm_runs[-1]['stages']}")
    for name, run in (("cold", cold), ("cached", sorted(warm_runs, key=lambda r: r["ready"])[len(warm_runs) // 2])):
        steps = " | ".join(f"{mark} {ms}" for mark, ms in run["timeline"].items())
        print(f"  timeline {name} (ms from navigation): {steps}")
    print(f"  without the snapshot cold {plain['cold']:.2f} s    cached {plain['warm']:.2f} s (the worker's fallback, "
          f"the only path before issue 13)")
    if moves:
        print(f"time per move          median {statistics.median(moves):.1f} ms   max {max(moves):.1f} ms   "
              f"over {len(moves)} moves (target <= {MOVE_TARGET_MS} ms: {verdict(statistics.median(moves) <= MOVE_TARGET_MS)})")
    busy = os.getloadavg()[0]
    print(f"machine                load average {busy:.1f} on {os.cpu_count()} cores at the end (figures scale with it)")
    print(f"page weight            {page_kb:.0f} KB without Pyodide and the engine (target <= {WEIGHT_TARGET_KB} KB: "
          f"{verdict(page_kb <= WEIGHT_TARGET_KB)}); Pyodide and the engine (with its snapshot) {engine_kb / 1024:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
