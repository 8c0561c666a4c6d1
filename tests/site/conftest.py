"""Fixtures of the site tests: one build, one server, one browser per session.

The site is built once from the live pipeline (or, with
PASYANS_SITE_INPUTS=DIR, from saved stage outputs, see `edition.inputs.Folder`)
into a temporary folder and served on a free port. The browser is Debian's
chromium driven by Playwright, never a downloaded one; Pyodide is slow to
load on a shared machine, so the tests share one context and wait generously.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest

CHROMIUM = os.environ.get("PASYANS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PYODIDE_TIMEOUT_MS = 90_000


@pytest.fixture(scope="session")
def edition_data():
    from edition import inputs

    folder = os.environ.get("PASYANS_SITE_INPUTS")
    return inputs.load(inputs.Folder(Path(folder)) if folder else None)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, edition_data) -> Path:
    from edition import render

    out = tmp_path_factory.mktemp("site")
    render.build(edition_data, out)
    return out


@pytest.fixture(scope="session")
def server(built_site):
    from edition import serve

    httpd = serve.serve_in_background(built_site)
    yield serve.address(httpd)
    httpd.shutdown()
    httpd.server_close()


class Watch:
    """What the browser did that a test may forbid: console errors, page
    errors, and requests to any origin but the site's own."""

    def __init__(self, origin: str):
        self.origin = origin
        self.errors: list[str] = []
        self.foreign: list[str] = []

    def on_console(self, message) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def on_request(self, request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("data", "blob"):
            return
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(request.url)

    def on_request_failed(self, request) -> None:
        # A request the Content-Security-Policy refused never left the browser.
        if (request.failure or "").lower() in ("csp", "net::err_blocked_by_csp") and request.url in self.foreign:
            self.foreign.remove(request.url)

    def on_response(self, response) -> None:
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")

    def clear(self) -> None:
        self.errors.clear()
        self.foreign.clear()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is None:
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (never `playwright install`)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def context(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch = Watch(server.rstrip("/"))
    context.on("request", watch.on_request)
    context.on("requestfailed", watch.on_request_failed)
    context.on("console", watch.on_console)
    context.on("response", watch.on_response)
    context.on("weberror", lambda error: watch.errors.append(f"page error: {error.error}"))
    context.watch = watch
    yield context
    context.close()


@pytest.fixture
def page(context):
    """A fresh tab; the test fails if the page logged an error or reached
    another origin."""
    context.watch.clear()
    tab = context.new_page()
    tab.on("worker", lambda worker: worker.on("console", context.watch.on_console))
    yield tab
    tab.close()
    assert context.watch.errors == [], context.watch.errors
    assert context.watch.foreign == [], context.watch.foreign


def game_slugs() -> list[str]:
    """The games of the edition, for parametrising (read at collection time
    from the games list, which is quick; the full edition is a fixture)."""
    from edition import inputs

    folder = os.environ.get("PASYANS_SITE_INPUTS")
    source = inputs.Folder(Path(folder)) if folder else inputs.Commands()
    return [record["slug"] for record in source.json("games", "--json")]


def playable_slugs() -> list[str]:
    """The games the engine implements (those with rules in its index)."""
    from edition import inputs

    folder = os.environ.get("PASYANS_SITE_INPUTS")
    source = inputs.Folder(Path(folder)) if folder else inputs.Commands()
    try:
        rules = inputs.rule_records(source.json("rules", "--json"))["rules"]
    except inputs.Missing:
        return []
    games = {rule["id"].split(".")[0] for rule in rules}
    return [slug for slug in game_slugs() if slug in games]


def wait_ready(page) -> dict:
    """Wait for the demo's engine (Pyodide) and return its view."""
    page.wait_for_selector("section.demo[data-state=ready]", timeout=PYODIDE_TIMEOUT_MS)
    return page.evaluate("window.pasyansDemo.view")


COUNT_ANIMATIONS = """window.__animations = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) { window.__animations += 1; return animate.apply(this, args); };"""


def _watched_context(browser, server, **options):
    context = browser.new_context(**options)
    watch = Watch(server.rstrip("/"))
    context.on("request", watch.on_request)
    context.on("requestfailed", watch.on_request_failed)
    context.on("console", watch.on_console)
    context.on("response", watch.on_response)
    context.on("weberror", lambda error: watch.errors.append(f"page error: {error.error}"))
    context.watch = watch
    return context


@pytest.fixture(scope="session")
def desk(browser, server):
    """The board's desktop: 1366 x 768, one context for the session (the
    service worker is tested on its own, in test_board_start.py). Its reader
    asked for reduced motion: no card glides (the phone's cards do), and
    each call to Element.animate is counted in window.__animations."""
    context = _watched_context(browser, server, viewport={"width": 1366, "height": 768}, service_workers="block",
                               reduced_motion="reduce")
    context.add_init_script(COUNT_ANIMATIONS)
    yield context
    context.close()


@pytest.fixture(scope="session")
def phone(browser, server):
    """A phone: 390 x 844, touch."""
    context = _watched_context(browser, server, viewport={"width": 390, "height": 844}, is_mobile=True,
                               has_touch=True, device_scale_factor=2, service_workers="block")
    context.add_init_script(COUNT_ANIMATIONS)
    yield context
    context.close()


def _tab(context):
    context.watch.clear()
    page = context.new_page()
    page.on("worker", lambda worker: worker.on("console", context.watch.on_console))
    return page


@pytest.fixture
def tab(desk):
    """A fresh tab on the desktop; the test fails on a logged error or a
    request to another origin."""
    page = _tab(desk)
    yield page
    page.close()
    assert desk.watch.errors == [], desk.watch.errors
    assert desk.watch.foreign == [], desk.watch.foreign


@pytest.fixture
def phone_tab(phone):
    page = _tab(phone)
    yield page
    page.close()
    assert phone.watch.errors == [], phone.watch.errors
    assert phone.watch.foreign == [], phone.watch.foreign
