"""The board's controls, as a player uses them, one game each: the stock
deals when clicked, a double-click sends a card home, auto-move plays the
solver's safe moves, a hint is marked on the table, a solution plays move
by move, "winnable deals only" picks a proved deal, a new deal asks first
and is really new, the end of a game is announced and stays, and the
statistics count it (on the game page, the statistics page and the home
page's table). The keyboard alone plays a game."""

from __future__ import annotations

import pytest

import saves
from board import clear_storage, corner, moves_count, play, settle
from conftest import wait_ready


def _open(page, server, slug, deal=None):
    page.goto(f"{server}games/{slug}.html")
    clear_storage(page)
    page.reload()
    view = wait_ready(page)
    if deal and view["state"]["deal"] != deal:
        page.fill("input.deal", str(deal))
        page.press("input.deal", "Enter")
        page.wait_for_function("d => window.pasyansDemo.view.state.deal === d", arg=deal)
        settle(page)
        view = page.evaluate("window.pasyansDemo.view")
    return view


def _stats(page, slug):
    return page.evaluate("slug => JSON.parse(localStorage.getItem('pasyans.stats.' + slug) || 'null')", slug)


def test_the_stock_deals_when_clicked_and_the_key_d_deals(tab, server):
    view = _open(tab, server, "idet-ne-idet")
    assert "deal" in view["moves"]
    tab.click('.pile[data-pile="stock"]')
    tab.wait_for_function("() => window.pasyansDemo.view.history.at(-1) === 'deal'")
    settle(tab)
    before = moves_count(tab)
    tab.locator('.pile[data-pile="stock"]').focus()
    tab.keyboard.press("d")
    tab.wait_for_function("n => +document.querySelector('section.demo').dataset.moves > n", arg=before)


def test_a_double_click_sends_the_card_to_its_foundation(tab, server):
    view = _open(tab, server, "belle-lucie", deal=1)
    assert "fan-11>foundation-C" in view["moves"]
    tab.dblclick('.pile[data-pile="fan-11"]', position=corner(tab, "fan-11"))
    tab.wait_for_function("() => window.pasyansDemo.view.history.at(-1) === 'fan-11>foundation-C'")
    settle(tab)
    assert moves_count(tab) == 1  # the first click picked the card up; the double-click played it once
    # A card no foundation takes says so and moves nothing.
    tab.dblclick('.pile[data-pile="fan-1"]', position=corner(tab, "fan-1"))
    tab.wait_for_function("() => /No foundation takes/.test(document.querySelector('.verdict').innerText)")
    assert moves_count(tab) == 1


def test_auto_move_plays_the_moves_the_solver_proves_safe(tab, server):
    view = _open(tab, server, "cadran", deal=1)
    assert view["auto"] and "col-7>foundation-C-1" in view["moves"]
    tab.check("input[data-setting=auto]")
    tab.wait_for_function("() => window.pasyansDemo.view.history.length >= 1")
    settle(tab)
    history = tab.evaluate("window.pasyansDemo.view.history")
    assert history and all(">foundation-" in move for move in history), history
    assert "Auto-move" in tab.locator(".verdict").inner_text()
    # The setting is kept; a game whose solver proves nothing safe greys it out.
    tab.goto(f"{server}games/mill.html")
    wait_ready(tab)
    assert tab.locator("input[data-setting=auto]").is_disabled()
    assert tab.locator("input[data-setting=auto]").is_checked()


def test_a_hint_is_marked_on_the_table(tab, server):
    view = _open(tab, server, "belle-lucie", deal=3)
    tab.click("button[data-op=hint]")
    tab.wait_for_selector(".verdict[data-hint]", timeout=60_000)
    move = tab.locator(".verdict").get_attribute("data-hint")
    assert move in view["moves"]
    src, dst = move.split(">")
    assert tab.locator(f'.pile.hint-from[data-pile="{src}"]').count() == 1
    assert tab.locator(f'.pile.hint-to[data-pile="{dst}"]').count() == 1
    assert "hint" in tab.locator(f'.pile[data-pile="{dst}"]').get_attribute("aria-label")


def _follow_hints(tab, count: int) -> tuple[list[str], dict]:
    """Press Hint and play the hinted move through the board, ``count``
    times at most: the hinted moves and the last view. No position may come
    twice (hints once shuttled a card back and forth for ever)."""
    view = tab.evaluate("window.pasyansDemo.view")
    seen = {str(view["state"])}
    moves = []
    for _ in range(count):
        if view["outcome"]:
            break
        asked = tab.evaluate("window.pasyansDemo.play.hints")
        tab.click("button[data-op=hint]")
        tab.wait_for_function("n => window.pasyansDemo.play.hints > n", arg=asked, timeout=60_000)
        move = tab.locator(".verdict").get_attribute("data-hint")
        if not move:
            break
        assert move in view["moves"]
        moves.append(move)
        view = play(tab, move)
        assert str(view["state"]) not in seen, moves
        seen.add(str(view["state"]))
    return moves, view


def test_following_the_hints_never_goes_back(tab, server):
    _open(tab, server, "napoleon", deal=1)
    moves, _ = _follow_hints(tab, 12)
    assert len(moves) == 12
    # Four Corners hides its pack: its hints once moved 2♥ between A♥ and 3♥ for ever
    _open(tab, server, "four-corners", deal=1)
    moves, _ = _follow_hints(tab, 12)
    assert moves


def test_a_solution_plays_step_by_step_to_the_win_and_is_counted_solved_with_help(tab, server):
    _open(tab, server, "belle-lucie", deal=1)
    tab.click("button[data-op=solve]")
    tab.wait_for_selector(".solution-bar[data-status=won]:not([hidden])", timeout=60_000)
    text = tab.locator(".solution-text").inner_text()
    assert "winning line" in text and "hidden order" in text  # the solver knew the redeals' shuffles
    tab.click("[data-op=step-solution]")
    tab.wait_for_function("() => window.pasyansDemo.view.history.length === 1")
    settle(tab)
    tab.evaluate("window.pasyansDemo.stepMs = 0")
    tab.click("[data-op=play-solution]")
    tab.wait_for_selector(".outcome.won:not([hidden])", timeout=120_000)
    stats = _stats(tab, "belle-lucie")
    assert stats["played"] == 1 and stats["won"] == 0 and stats["assisted"] == 1
    assert "solved with help" in tab.locator(".outcome").inner_text()


def test_winnable_deals_only_picks_a_deal_the_table_proved(tab, server):
    view = _open(tab, server, "house-in-the-wood")
    winnable = tab.evaluate("window.pasyansDemo.data.winnable")
    from edition.board import winnable_deals

    assert winnable and winnable == winnable_deals("house-in-the-wood")  # the deals data/winrates/ shows won
    tab.check("input[data-setting=winnable]")
    for _ in range(2):
        before = tab.evaluate("window.pasyansDemo.view.state.deal")
        tab.click("button[data-op=new]")
        tab.wait_for_function("d => window.pasyansDemo.view.state.deal !== d", arg=before)
        settle(tab)
        assert tab.evaluate("window.pasyansDemo.view.state.deal") in winnable
    tab.uncheck("input[data-setting=winnable]")
    # A game whose table proves no deal winnable says so (the page served with an empty list:
    # every game of the committed table has a won deal now).
    import re

    def no_winnable(route):
        page = route.fetch().text()
        route.fulfill(body=re.sub(r'"winnable": ?\[[^\]]*\]', '"winnable": []', page),
                      headers={"content-type": "text/html; charset=utf-8"})

    tab.route("**/games/four-corners.html*", no_winnable)
    tab.goto(f"{server}games/four-corners.html")
    wait_ready(tab)
    assert tab.evaluate("window.pasyansDemo.data.winnable.length") == 0
    assert tab.locator("input[data-setting=winnable]").is_disabled()
    tab.unroute("**/games/four-corners.html*")
    assert view


def test_a_new_deal_asks_first_counts_the_game_given_up_and_is_new(tab, server):
    view = _open(tab, server, "belle-lucie", deal=5)
    play(tab, view["moves"][0])
    tab.click("button[data-op=new]")
    dialog = tab.locator("dialog.confirm")
    assert dialog.is_visible() and "count as lost" in dialog.inner_text()
    dialog.locator("button[value=no]").click()
    assert tab.evaluate("window.pasyansDemo.view.state.deal") == 5 and moves_count(tab) == 1
    tab.click("button[data-op=new]")
    dialog.locator("button[value=yes]").click()
    tab.wait_for_function("() => window.pasyansDemo.view.state.deal !== 5")
    settle(tab)
    assert moves_count(tab) == 0
    assert _stats(tab, "belle-lucie")["lost"] == 1
    deal = tab.evaluate("window.pasyansDemo.view.state.deal")
    assert tab.input_value("input.deal") == str(deal)
    # Restart: the same deal from its first card (a game in play: asked first).
    play(tab, tab.evaluate("window.pasyansDemo.view.moves[0]"))
    tab.click("button[data-op=restart]")
    dialog.locator("button[value=yes]").click()
    tab.wait_for_function("() => window.pasyansDemo.view.history.length === 0")
    assert tab.evaluate("window.pasyansDemo.view.state.deal") == deal
    # A deal number that is not one is refused, and the game goes on.
    tab.fill("input.deal", "-3")
    tab.click("button[data-op=go]")
    tab.wait_for_selector(".verdict .no")
    assert tab.evaluate("window.pasyansDemo.view.state.deal") == deal


def test_a_won_game_is_announced_counted_and_kept_and_a_lost_one_too(tab, server):
    won = saves.WON_GAMES["belle-lucie"]
    _open(tab, server, "belle-lucie", deal=won["deal"])
    for move in won["moves"]:
        play(tab, move)
    banner = tab.locator(".outcome")
    assert banner.is_visible() and "Won!" in banner.inner_text()
    assert banner.locator("blockquote").count() >= 1  # the clause that says so
    stats = _stats(tab, "belle-lucie")
    assert (stats["played"], stats["won"], stats["lost"], stats["streak"]) == (1, 1, 0, 1)
    assert stats["fewestMoves"] == len(won["moves"]) and stats["bestTime"] is not None
    tab.locator(".stats-panel summary").click()
    assert "1 (100%)" in tab.locator(".stats-panel").inner_text()
    # The banner stays: after a reload, the game is still won, counted once.
    tab.reload()
    wait_ready(tab)
    assert tab.locator(".outcome.won").is_visible()
    assert _stats(tab, "belle-lucie")["played"] == 1
    # A lost game: no move left.
    stuck = saves.stuck_save("belle-lucie")
    tab.fill("input.deal", str(stuck["deal"]))
    tab.press("input.deal", "Enter")
    tab.wait_for_function("d => window.pasyansDemo.view.state.deal === d", arg=stuck["deal"])
    settle(tab)
    for move in stuck["moves"]:
        play(tab, move)
    assert tab.locator(".outcome.lost").is_visible()
    assert "Lost — no move left" in tab.locator(".outcome").inner_text()
    stats = _stats(tab, "belle-lucie")
    assert (stats["played"], stats["won"], stats["lost"], stats["streak"]) == (2, 1, 1, -1)
    # The statistics page and the home page's table show them.
    tab.goto(f"{server}statistics.html")
    row = tab.locator('tr[data-game="belle-lucie"]')
    assert row.locator("td").nth(1).inner_text() == "2" and "50%" in row.inner_text()
    tab.goto(f"{server}index.html")
    cell = tab.locator("table.games tbody tr", has=tab.locator('a[href="games/belle-lucie.html"]')).locator("td.your-rate")
    assert "50% (1 of 2)" in cell.inner_text()
    tab.goto(f"{server}statistics.html")
    tab.once("dialog", lambda d: d.accept())
    tab.click("button.reset-all")
    assert _stats(tab, "belle-lucie") is None


def test_games_under_other_readings_are_counted_apart_from_the_measured_rate(tab, server):
    """The measured rate is the edition's readings': the home page compares
    the player's games under those alone; the others are shown apart."""
    tab.goto(f"{server}statistics.html")
    tab.evaluate("""async (root) => {
        const stats = await import(root + 'assets/js/board/stats.js');
        localStorage.clear();
        const literal = { 'shah.assume.marriage-outer-circle': 'literal' };
        stats.record('shah', { result: 'won', deal: 1, ms: 9000, moves: 80, readings: {} });
        stats.record('shah', { result: 'lost', deal: 2, ms: 9000, moves: 80, readings: literal });
        stats.record('shah', { result: 'won', deal: 3, ms: 9000, moves: 80, readings: literal });
    }""", server)
    kept = _stats(tab, "shah")
    assert (kept["played"], kept["won"]) == (3, 2)
    assert kept["under"] == {"shah.assume.marriage-outer-circle=literal": {"played": 2, "won": 1}}
    tab.reload()
    row = tab.locator('tr[data-game="shah"]')
    assert row.locator("td").nth(1).inner_text() == "3 (2 under other readings)"
    tab.goto(f"{server}index.html")
    cell = tab.locator("table.games tbody tr", has=tab.locator('a[href="games/shah.html"]')).locator("td.your-rate")
    assert "100% (1 of 1)" in cell.inner_text()
    tab.evaluate("localStorage.clear()")


def test_the_keyboard_alone_plays(tab, server):
    view = _open(tab, server, "belle-lucie", deal=1)
    # Tab reaches the table: one stop, on a pile.
    tab.locator("button[data-op=new]").focus()
    for _ in range(30):
        tab.keyboard.press("Tab")
        if tab.evaluate("!!document.activeElement.closest('.board')"):
            break
    assert tab.evaluate("document.activeElement.dataset.pile") == "foundation-S"
    # The arrow keys reach every pile: from each pile, where each arrow leads
    # (the keys' own handler, through key events on each pile in turn).
    leads = tab.evaluate("""() => {
        const out = {};
        for (const pile of document.querySelectorAll('.board .pile')) {
          const id = pile.dataset.pile;
          out[id] = {};
          for (const key of ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp']) {
            window.pasyansDemo.focus = id;
            document.querySelector(`.pile[data-pile="${id}"]`).focus();
            document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
            out[id][key] = document.activeElement.dataset.pile;
          }
        }
        return out;
    }""")
    paths, frontier = {"foundation-S": []}, ["foundation-S"]
    while frontier:
        here = frontier.pop(0)
        for key, there in leads[here].items():
            if there not in paths:
                paths[there] = paths[here] + [key]
                frontier.append(there)
    assert set(paths) == set(leads), set(leads) - set(paths)

    def walk_to(target: str) -> None:
        """Real key presses from the first pile, along the way the keys lead."""
        tab.keyboard.press("Home")
        for key in paths[target]:
            tab.keyboard.press(key)
        assert tab.evaluate("document.activeElement.dataset.pile") == target

    src, dst = next(m for m in view["moves"] if m.startswith("fan-")).split(">")
    walk_to(src)
    tab.keyboard.press("Enter")
    assert tab.locator(f'.pile.selected[data-pile="{src}"]').count() == 1
    walk_to(dst)
    tab.keyboard.press("Enter")
    tab.wait_for_function("() => +document.querySelector('section.demo').dataset.moves === 1")
    settle(tab)
    tab.keyboard.press("u")
    tab.wait_for_function("() => +document.querySelector('section.demo').dataset.moves === 0")
    settle(tab)
    walk_to("fan-11")
    tab.keyboard.press("f")
    tab.wait_for_function("() => window.pasyansDemo.view.history.at(-1) === 'fan-11>foundation-C'")


@pytest.mark.parametrize("slug,width,height", [
    ("shah", 390, 844), ("four-corners", 390, 844), ("napoleon", 390, 844), ("house-in-the-wood", 390, 844),
    ("belle-lucie", 390, 844), ("fifteen", 360, 740), ("exiles", 360, 740), ("cadran", 360, 740),
])
def test_a_phone_reads_every_card_and_taps_to_play(phone_tab, server, slug, width, height):
    from board import geometry_ok

    page = phone_tab
    page.set_viewport_size({"width": width, "height": height})
    view = _open(page, server, slug)
    found = geometry_ok(page, "on a phone")
    assert found["card"] >= 40
    # The board never makes the page scroll sideways.
    wide = page.evaluate("""() => [...document.querySelectorAll('section.demo *')].filter((e) => !e.closest('.board-frame')
        && !e.closest('dialog') && e.getBoundingClientRect().right > innerWidth + 0.5).map((e) => e.className)""")
    assert wide == [], wide
    frame = page.locator(".board-frame").bounding_box()
    assert frame["x"] >= 0 and frame["x"] + frame["width"] <= width
    # ... and the table fits the frame: nothing to find by scrolling sideways.
    assert page.evaluate("(f => f.scrollWidth - f.clientWidth)(document.querySelector('.board-frame'))") <= 0
    cards = [m for m in view["moves"] if ">" in m and ":" not in m]
    if not cards:  # the game begins with an action: its button, or the stock
        stock = page.locator('.pile[data-pile="stock"]')
        page.tap('.pile[data-pile="stock"]' if stock.count() else ".actions button")
        page.wait_for_function("() => window.pasyansDemo.view.history.length === 1")
        return
    src, dst = cards[0].split(">")
    page.locator(f'.pile[data-pile="{src}"]').scroll_into_view_if_needed()
    page.tap(f'.pile[data-pile="{src}"]', position=corner(page, src))
    page.locator(f'.pile[data-pile="{dst}"]').scroll_into_view_if_needed()
    page.tap(f'.pile[data-pile="{dst}"]', position=corner(page, dst))
    page.wait_for_function("() => window.pasyansDemo.view.history.length === 1")
    assert page.evaluate("window.__animations") >= 1  # the card glided to its place
    settle(page)
    geometry_ok(page, "after a tapped move")
    assert page.evaluate("(f => f.scrollWidth - f.clientWidth)(document.querySelector('.board-frame'))") <= 0

