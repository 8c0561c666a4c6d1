"""The board starts fast and fails loudly: it is drawn from the build before
Python is up, the worker boots from the build's memory snapshot (and boots
without it, slower, when the snapshot holds another engine), a file that
does not load is said within 10 s with a Retry that works, and a game page
once visited plays offline from the service worker's cache (the worker
reading it directly, with the snapshot kept unpacked)."""

from __future__ import annotations

import time

from board import clear_storage, play, settle
from conftest import wait_ready


def test_the_table_is_drawn_before_python_and_the_snapshot_is_used(tab, server):
    timings = []
    tab.on("console", lambda m: timings.append(m.text))
    tab.goto(f"{server}games/shah.html")
    clear_storage(tab)
    tab.reload()
    # Drawn from the build (the opening of deal 1) at once...
    tab.wait_for_selector("section.demo[data-drawn=yes] .board .cards .card")
    assert tab.get_attribute("section.demo", "data-snapshot") == "yes"
    wait_ready(tab)
    # ... and the engine came from the snapshot: no "booting without" warning.
    assert not any("without the memory snapshot" in t for t in timings), timings
    assert tab.evaluate("window.pasyansDemo.engine.call('hello')")["build"] == tab.get_attribute("section.demo", "data-build")
    # One worker, begun by engine-start.js at the top of the page and adopted
    # by the board (not a second one started when demo.js runs).
    assert tab.evaluate("performance.getEntriesByName('pasyans:worker-created').length") == 1
    assert tab.evaluate("window.pasyansEarlyWorker") is None
    stages = tab.evaluate("window.pasyansDemo.timings")
    assert {"worker started", "wasm compiled", "snapshot fetched", "interpreter", "first answer"} <= set(stages), stages


def test_a_failed_load_is_said_with_a_retry_that_works(browser, server):
    context = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block")
    page = context.new_page()
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    started = time.monotonic()
    page.goto(f"{server}games/belle-lucie.html")
    page.wait_for_selector(".progress[data-state=failed]", timeout=10_000)
    assert time.monotonic() - started < 10
    assert page.locator("section.demo").get_attribute("data-state") == "failed"
    message = page.locator(".progress").inner_text()
    assert "could not start" in message and "Retry" in message
    # The table is there all the same (from the build), and Retry works once the file is back.
    assert page.locator(".board .cards .card").count() > 0
    page.unroute("**/pyodide/pyodide.asm.wasm")
    page.click(".progress button.retry")
    view = wait_ready(page)
    assert view["state"]["game"] == "belle-lucie"
    play(page, view["moves"][0])
    context.close()


def _until(page, predicate: str, seconds: float = 60) -> None:
    """Wait for an async predicate (wait_for_function does not await one)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(predicate):
        assert time.monotonic() < deadline, f"not within {seconds} s: {predicate}"
        page.wait_for_timeout(250)


def test_a_second_visit_plays_offline(browser, server):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.goto(f"{server}games/cadran.html")
    clear_storage(page)
    wait_ready(page)
    # The service worker comes after the game is up, and keeps Pyodide and the engine.
    _until(page, "async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated'")
    kept = page.evaluate("""async () => { const names = await caches.keys();
        const cache = await caches.open(names[0]); return (await cache.keys()).map((k) => k.url); }""")
    assert any("pyodide.asm.wasm" in url for url in kept) and any("engine.snapshot.gz" in url for url in kept)
    page.reload()  # now controlled, the page itself is cached too
    wait_ready(page)
    # This visit unpacked the gzipped snapshot once more and kept the bytes
    # for the next one (read straight from the cache, no gunzip).
    _until(page, """async () => { const cache = await caches.open((await caches.keys())[0]);
        return (await cache.keys()).some((k) => /engine[.]snapshot[?]v=/.test(k.url)); }""")
    context.set_offline(True)
    page.reload()
    view = wait_ready(page)
    view = play(page, view["moves"][0])
    assert view["history"]
    settle(page)
    context.close()
