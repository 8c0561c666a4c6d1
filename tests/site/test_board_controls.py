"""Controls that keep their word (issue 28, item 4), through the page as a
player uses it: the deal played is in the address and a bad one there is
refused aloud; a game finished by playing a shown solution counts as solved
with help (not lost, the streak kept) on the game page, the statistics page
and the home page; the end banner names the clause that ends the game for
what it does; a deal with no choice in it is laid out with one click on the
stock, in the book's order, up to the first choice."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

import saves
from board import clear_storage, play, settle
from conftest import wait_ready


def _deal_in_address(page):
    return parse_qs(urlsplit(page.url).query).get("deal")


def _fresh(page, server, slug, query=""):
    page.goto(f"{server}games/{slug}.html")
    clear_storage(page)
    page.goto(f"{server}games/{slug}.html{query}")
    return wait_ready(page)


def test_the_deal_played_is_in_the_address_and_a_reload_keeps_it(tab, server):
    view = _fresh(tab, server, "belle-lucie")
    assert _deal_in_address(tab) == [str(view["state"]["deal"])]
    tab.click("button[data-op=new]")
    tab.wait_for_function("() => window.pasyansDemo.view.state.deal !== 1")
    settle(tab)
    deal = tab.evaluate("window.pasyansDemo.view.state.deal")
    assert _deal_in_address(tab) == [str(deal)]
    # shared: a fresh browser (no save) opening the address plays that deal
    shared = tab.url
    clear_storage(tab)
    tab.goto(shared)
    assert wait_ready(tab)["state"]["deal"] == deal
    tab.reload()
    assert wait_ready(tab)["state"]["deal"] == deal and _deal_in_address(tab) == [str(deal)]


@pytest.mark.parametrize("bad", ["-1", "abc", "1.5", "0", "2147483648", "1e3", ""])
def test_a_bad_deal_in_the_address_is_refused_with_a_message(tab, server, bad):
    view = _fresh(tab, server, "belle-lucie", f"?deal={bad}")
    warning = tab.locator(".verdict .warn")
    assert warning.is_visible()
    assert f"“{bad}”" in warning.inner_text() and "not a deal number" in warning.inner_text()
    assert view["state"]["deal"] == 1  # a valid deal opened instead, and the address says which
    assert _deal_in_address(tab) == ["1"]


def test_a_bad_deal_typed_in_is_refused(tab, server):
    _fresh(tab, server, "belle-lucie")
    for bad in ("1.5", "2147483648"):
        tab.fill("input.deal", bad)
        tab.click("button[data-op=go]")
        tab.wait_for_selector(".verdict .no")
        assert "whole number from 1 to 2147483647" in tab.locator(".verdict").inner_text()
        assert tab.evaluate("window.pasyansDemo.view.state.deal") == 1


def _stats(page, slug):
    return page.evaluate("slug => JSON.parse(localStorage.getItem('pasyans.stats.' + slug) || 'null')", slug)


def test_a_game_finished_with_the_shown_solution_is_solved_with_help_and_keeps_the_streak(tab, server):
    _fresh(tab, server, "belle-lucie", "?deal=1")
    # two games won before (the player's own record): a streak of 2 won
    tab.evaluate("""localStorage.setItem('pasyans.stats.belle-lucie', JSON.stringify(
        {played: 2, won: 2, lost: 0, assisted: 0, streak: 2, bestStreak: 2, worstStreak: 0, bestTime: 60000, fewestMoves: 90, last: []}))""")
    tab.click("button[data-op=solve]")
    tab.wait_for_selector(".solution-bar[data-status=won]:not([hidden])", timeout=60_000)
    tab.evaluate("window.pasyansDemo.stepMs = 0")
    tab.click("[data-op=play-solution]")
    tab.wait_for_selector(".outcome.won:not([hidden])", timeout=120_000)
    settle(tab)
    stats = _stats(tab, "belle-lucie")
    assert (stats["played"], stats["won"], stats["lost"], stats["assisted"], stats["streak"]) == (3, 2, 0, 1, 2)
    assert "solved with help" in tab.locator(".outcome").inner_text()
    tab.locator(".stats-panel summary").click()
    panel = tab.locator(".stats-panel").inner_text()
    assert "Current streak\t2 won" in panel or "Current streak 2 won" in panel.replace("\t", " ")
    assert "lost" not in panel.split("Current streak")[1].split("\n")[0]
    # the statistics page: a column of its own, the rate over the games decided alone
    tab.goto(f"{server}statistics.html")
    row = tab.locator('tr[data-game="belle-lucie"]')
    headers = tab.locator("table.stats-all thead th").all_inner_texts()
    cells = row.locator("td").all_inner_texts()
    by = dict(zip(headers, cells))
    assert (by["Played"], by["Won"], by["Lost or given up"], by["Solved with help"], by["Your rate"], by["Current streak"]) \
        == ("3", "2", "0", "1", "100%", "2 won")
    # the home page's "yours / measured"
    tab.goto(f"{server}index.html")
    cell = tab.locator("table.games tbody tr", has=tab.locator('a[href="games/belle-lucie.html"]')).locator("td.your-rate")
    assert "100% (2 of 2; 1 solved with help)" in cell.inner_text()


def test_a_lost_game_names_the_clause_whose_limit_ends_it(tab, server):
    stuck = saves.stuck_save("belle-lucie")
    _fresh(tab, server, "belle-lucie", f"?deal={stuck['deal']}")
    for move in stuck["moves"]:
        play(tab, move)
    banner = tab.locator(".outcome.lost")
    assert banner.is_visible()
    text = banner.inner_text()
    assert "says the game is over" not in text
    assert "allows no further deal" in text and "no move is left and no redeal" in text
    assert banner.locator("blockquote").count() == 1
    assert banner.locator("blockquote").get_attribute("data-clause") == "belle-lucie.play.5"


def _forced_deals_from(slug, deal, history):
    """Replay `history` in the bridge: every position before its last deal
    offered the deal alone (no choice), the last one offers a choice."""
    view = saves.ok("new", game=slug, deal=deal)
    for move in history:
        assert view["moves"] == ["deal"], f"{slug}: a choice was passed over at {view['moves']}"
        view = saves.ok("move", move=move)["view"]
    return view


@pytest.mark.parametrize("slug, cards", [("shah", 24), ("four-corners", 2)])
def test_a_deal_without_a_choice_is_laid_out_with_one_click_on_the_stock(tab, server, slug, cards):
    _fresh(tab, server, slug, "?deal=1")
    tab.click('.pile[data-pile="stock"]')
    tab.wait_for_function("n => window.pasyansDemo.view.history.length >= n", arg=cards, timeout=60_000)
    settle(tab)
    view = tab.evaluate("window.pasyansDemo.view")
    assert view["history"] == ["deal"] * cards  # one card per deal move, in the book's order
    after = _forced_deals_from(slug, 1, view["history"])
    assert after["state"]["piles"] == view["state"]["piles"]
    assert len(view["moves"]) > 1  # stopped at the first real choice
    assert "dealt in the book’s order" in tab.locator(".verdict").inner_text()
    # the next click goes on from there; a button says the same
    if "deal" in view["moves"]:
        assert tab.locator("[data-op=deal-all]").count() == 0  # a choice: no "Deal all" offered
        tab.click('.pile[data-pile="stock"]')
        tab.wait_for_function("n => window.pasyansDemo.view.history.length > n", arg=cards)
        settle(tab)
        view = tab.evaluate("window.pasyansDemo.view")
        assert len(view["history"]) == cards + 1 or view["moves"] != ["deal"]


def test_deal_all_is_a_button_and_animates_each_card(phone_tab, server):
    _fresh(phone_tab, server, "shah", "?deal=1")
    button = phone_tab.locator(".actions [data-op=deal-all]")
    assert button.is_visible() and button.inner_text() == "Deal all"
    before = phone_tab.evaluate("window.__animations")
    button.click()
    phone_tab.wait_for_function("() => window.pasyansDemo.view.history.length >= 24", timeout=60_000)
    settle(phone_tab)
    assert phone_tab.evaluate("window.__animations") - before >= 24  # each card glides from the stock
    assert phone_tab.locator(".actions [data-op=deal-all]").count() == 0


def test_auto_move_plays_at_once_after_a_new_start_and_says_when_nothing_is_proved_safe(tab, server):
    _fresh(tab, server, "cadran", "?deal=1")
    tab.check("input[data-setting=auto]")
    tab.wait_for_function("() => window.pasyansDemo.view.history.length >= 1")
    settle(tab)
    # the same deal again from its first card: its free ace goes home at once, unasked
    # (the board before the restart had played that move too: wait for a new board)
    tab.evaluate("() => { window.__before = window.pasyansDemo.view; }")
    tab.click("button[data-op=restart]")
    tab.locator("dialog.confirm button[value=yes]").click()
    tab.wait_for_function("""() => { const v = window.pasyansDemo.view;
        return v !== window.__before && v.history.length >= 1 && v.history[0] === 'col-7>foundation-C-1'; }""")
    settle(tab)
    assert "Auto-move" in tab.locator(".verdict").inner_text()
    # ticked where the solver proves nothing safe yet (Belle Lucie with its redeals to come): said, not silent
    tab.uncheck("input[data-setting=auto]")
    _fresh(tab, server, "belle-lucie", "?deal=1")
    tab.check("input[data-setting=auto]")
    tab.wait_for_selector(".verdict :text('no move here is proved safe yet')")
    assert tab.evaluate("window.pasyansDemo.view.history.length") == 0
