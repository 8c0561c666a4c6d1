"""An engine that never goes quiet (site/static/js/board/engine.js, busy.js):
a request the worker never answers is shown as such, the player can cancel
it, and one left alone is given up on after its time; either way the worker
is replaced, the position is taken back and play goes on. The stall is made
on purpose: the page's messages to the worker are intercepted and the next
request of one kind dropped, so that the worker, idle, never answers it
(as it was once seen doing for a hint, for over 100 s)."""

from __future__ import annotations

from board import clear_storage, corner, moves_count, settle
from conftest import wait_ready

# Drops the next request whose op is window.__drop (then forgets it); counts
# the workers created, so that a test sees the worker replaced.
STALL = """window.__workers = 0;
window.__dropped = [];
const Real = window.Worker;
window.Worker = class extends Real { constructor(...args) { super(...args); window.__workers += 1; } };
const post = Real.prototype.postMessage;
Real.prototype.postMessage = function (message, ...rest) {
  if (message && window.__drop && message.op === window.__drop) { window.__dropped.push(message.op); window.__drop = null; return; }
  return post.call(this, message, ...rest);
};"""


def _open(page, server, slug="belle-lucie", lang="en"):
    page.add_init_script(STALL)
    page.goto(f"{server}games/{slug}.html?lang={lang}")
    clear_storage(page)
    page.reload()
    return wait_ready(page)


def _click_move(page, view) -> None:
    """A legal card move by the player's two clicks; waits for it."""
    made = moves_count(page)
    src, dst = next(m for m in view["moves"] if ">" in m and ":" not in m).split(">")
    page.click(f'.pile[data-pile="{src}"]', position=corner(page, src))
    page.click(f'.pile[data-pile="{dst}"]', position=corner(page, dst))
    page.wait_for_function("n => +document.querySelector('section.demo').dataset.moves === n", arg=made + 1)
    settle(page)


def _stall_hint(page) -> None:
    page.evaluate("window.__drop = 'hint'")
    page.click("button[data-op=hint]")
    assert page.evaluate("window.__dropped") == ["hint"]


def _back_in_play(page, before: dict) -> None:
    """The worker was replaced, holds the very position, and plays on."""
    page.wait_for_selector(".engine-busy", state="hidden", timeout=60_000)
    settle(page)
    assert page.evaluate("window.__workers") >= 1
    view = page.evaluate("window.pasyansDemo.view")
    assert view["history"] == before["history"] and view["state"] == before["state"]
    # the engine's own copy too: an undo there gives back the move before
    page.click("button[data-op=undo]")
    page.wait_for_function("n => +document.querySelector('section.demo').dataset.moves === n", arg=len(before["history"]) - 1)
    page.click("button[data-op=redo]")
    page.wait_for_function("n => +document.querySelector('section.demo').dataset.moves === n", arg=len(before["history"]))
    settle(page)
    _click_move(page, page.evaluate("window.pasyansDemo.view"))
    progress = page.locator(".progress")
    assert progress.get_attribute("data-state") != "failed"
    assert "may not load" not in progress.inner_text()


def test_a_stalled_hint_is_shown_and_cancelled_and_the_game_goes_on(tab, server):
    page = tab
    view = _open(page, server)
    _click_move(page, view)
    before = page.evaluate("window.pasyansDemo.view")
    workers = page.evaluate("window.__workers")

    _stall_hint(page)
    busy = page.locator(".engine-busy")
    busy.wait_for(state="visible", timeout=6_000)  # said after 3 s, not at once
    assert "Still thinking" in busy.inner_text()
    assert page.locator("section.demo").get_attribute("aria-busy") == "true"
    page.click(".engine-busy button[data-op=cancel]")
    page.wait_for_function("() => /Cancelled/.test(document.querySelector('.verdict').textContent)")
    _back_in_play(page, before)
    assert page.evaluate("window.__workers") == workers + 1  # the stalled worker was replaced

    # A hint now answers (from the fresh worker).
    page.click("button[data-op=hint]")
    page.wait_for_function("() => /Hint|No hint/.test(document.querySelector('.verdict').textContent)", timeout=20_000)


def test_a_russian_reader_is_told_of_the_wait_in_russian_and_can_cancel(tab, server):
    """The line over the table and its button speak the interface's language
    (the catalogue's board.busy.*), and follow a switch of it."""
    page = tab
    view = _open(page, server, lang="ru")
    _click_move(page, view)
    _stall_hint(page)
    busy = page.locator(".engine-busy")
    busy.wait_for(state="visible", timeout=6_000)
    assert "Ещё думаю" in busy.inner_text()
    assert page.locator(".engine-busy button[data-op=cancel]").inner_text() == "Отменить"
    page.click(".engine-busy button[data-op=cancel]")
    page.wait_for_function("() => /Отменено/.test(document.querySelector('.verdict').textContent)")


def test_a_request_left_unanswered_is_given_up_and_the_worker_restarted(tab, server):
    page = tab
    view = _open(page, server, "fifteen")
    _click_move(page, view)
    before = page.evaluate("window.pasyansDemo.view")
    _stall_hint(page)
    page.locator(".engine-busy").wait_for(state="visible", timeout=6_000)
    # nobody presses Cancel: after the hint's 15 s the worker is replaced
    page.wait_for_function("() => /no answer in 15 s/.test(document.querySelector('.verdict').textContent)", timeout=30_000)
    _back_in_play(page, before)


def test_an_engine_up_is_never_said_to_have_failed_to_load(browser, server):
    # The worker's timings after the start ("first answer") once re-armed the
    # start's 60 s watch: a page left alone then said that a file may not load.
    # The page's clock is run 65 s on (a context of its own: the clock is the
    # context's).
    context = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block")
    try:
        page = context.new_page()
        page.clock.install()
        view = _open(page, server)
        _click_move(page, view)
        page.clock.run_for(65_000)
        progress = page.locator(".progress")
        assert progress.get_attribute("data-state") == "ready"
        assert "may not load" not in progress.inner_text()
        _click_move(page, page.evaluate("window.pasyansDemo.view"))
    finally:
        context.close()


def test_a_worker_that_stops_answering_twice_is_said_to_have_stopped_and_retry_keeps_the_game(browser, server):
    # The hint is dropped, then the restore that follows the restart: the
    # engine gives up, says that it stopped answering (not that a file may
    # not load), and Retry brings the game back from the save. The page's
    # clock is run on through the limits (15 s, then 30 s).
    context = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block")
    try:
        page = context.new_page()
        page.clock.install()
        view = _open(page, server)
        _click_move(page, view)
        before = page.evaluate("window.pasyansDemo.view")
        _stall_hint(page)
        page.evaluate("window.__drop = 'restore'")
        page.clock.run_for(16_000)
        page.wait_for_function("() => window.__dropped.length === 2", timeout=60_000)
        page.clock.run_for(31_000)
        progress = page.locator(".progress")
        progress.wait_for(state="visible")
        assert progress.get_attribute("data-state") == "failed"
        said = progress.inner_text()
        assert "stopped answering" in said and "may not load" not in said and "connection" not in said, said
        page.locator(".engine-busy").wait_for(state="hidden")
        page.click(".progress button.retry")
        page.wait_for_selector("section.demo[data-state=ready]", timeout=60_000)
        settle(page)
        view = page.evaluate("window.pasyansDemo.view")
        assert view["history"] == before["history"] and view["state"] == before["state"]
        _click_move(page, view)
    finally:
        context.close()
