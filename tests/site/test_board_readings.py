"""The readings of the text on a game page, as a reader uses them: a switch
per reading beside the engine's assumption, with its alternatives, reasons
and odds; switching restarts the same deal under it; the move that the
readings judge differently is refused under one and allowed under the
other, and the verdict names the reading; the choice is kept in the
address (a permalink) and in the saved game.

The position: La Belle Lucie, deal 1, before any move. Fan 2's top card
(5♣) may marry onto fan 7's (6♣) while aces can still go home: allowed
under the edition's reading of marriage order ("free"), refused under
"plays-first" (`pasyans check belle-lucie ... fan-2>fan-7 --reading
marriage-order=plays-first` says the same)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from board import clear_storage, corner, moves_count, settle
from conftest import wait_ready

READING = "belle-lucie.assume.marriage-order"
MOVE = ("fan-2", "fan-7")


def _open(page, url):
    page.goto(url)
    clear_storage(page)
    page.goto(url)
    return wait_ready(page)


def _query(page) -> dict:
    return {key: values[0] for key, values in parse_qs(urlsplit(page.url).query).items()}


def _choose(page, alternative):
    page.check(f'fieldset[data-reading="{READING}"] input[value="{alternative}"]')
    page.wait_for_function("([id, alt, dflt]) => (JSON.parse(document.querySelector('section.demo').dataset.readings || '{}')[id] || dflt) === alt",
                           arg=[READING, alternative, "free"])
    settle(page)


def _marry(page):
    src, dst = MOVE
    page.click(f'.pile[data-pile="{src}"]', position=corner(page, src))
    page.click(f'.pile[data-pile="{dst}"]', position=corner(page, dst))
    page.wait_for_function("() => document.querySelector('.verdict').dataset.allowed !== undefined")
    settle(page)
    return page.locator(".verdict").inner_text()


@pytest.fixture
def lucie(tab, server):
    url = f"{server}games/belle-lucie.html"
    view = _open(tab, url)
    if view["state"]["deal"] != 1:
        tab.fill("input.deal", "1")
        tab.press("input.deal", "Enter")
        tab.wait_for_function("() => window.pasyansDemo.view.state.deal === 1")
        settle(tab)
    return tab


def test_each_reading_is_shown_with_its_alternatives_reasons_and_odds(lucie):
    sets = lucie.locator("section#readings fieldset.reading")
    assert sets.count() >= 2
    chosen = lucie.locator(f'fieldset[data-reading="{READING}"]')
    radios = chosen.locator("input[type=radio]")
    assert [radios.nth(i).get_attribute("value") for i in range(radios.count())] == ["free", "plays-first"]
    assert chosen.locator("input[value=free]").is_checked() and chosen.locator("input[value=free]").is_enabled()
    for alternative in ("free", "plays-first"):
        block = chosen.locator(f'.alternative[data-alternative="{alternative}"]')
        assert block.locator("p.why").inner_text().strip()
        assert "under this reading" in block.locator("p.odds").inner_text()
    assert "Why the edition reads" in chosen.inner_text()
    # The clause the reading turns on links to its switch, and so does the assumption.
    assert lucie.locator(f'.clause a.reading-link[href="#reading-{READING}"]').count() >= 1
    assert lucie.locator(f'aside.editorial a.reading-switch[href="#reading-{READING}"]').count() == 1
    assert "edition’s readings" in lucie.locator(".readings-in-force").inner_text()


def test_a_reading_switched_refuses_the_move_names_the_reading_and_is_kept(lucie, server):
    tab = lucie
    _choose(tab, "plays-first")
    assert tab.evaluate("window.pasyansDemo.view.state.deal") == 1  # the same deal, from its first card
    assert tab.evaluate("window.pasyansDemo.view.state.readings") == {READING: "plays-first"}
    assert _query(tab) == {"deal": "1", READING: "plays-first"}
    assert "plays first" in tab.locator(".readings-in-force").inner_text()
    said = _marry(tab)
    assert moves_count(tab) == 0
    assert tab.locator(".verdict").get_attribute("data-allowed") == "false"
    line = tab.locator(f'.verdict .reading-verdict[data-reading="{READING}"]')
    assert line.count() == 1, said
    text = line.inner_text()
    assert "Refused under the “plays first” reading of marriage order" in text
    assert "allowed under the “free” reading (the edition’s)" in text
    assert line.locator("a").get_attribute("href") == f"#reading-{READING}"
    # Reload: the save and the address keep the reading.
    tab.reload()
    wait_ready(tab)
    assert tab.evaluate("window.pasyansDemo.view.state.readings") == {READING: "plays-first"}
    assert tab.locator(f'fieldset[data-reading="{READING}"] input[value="plays-first"]').is_checked()
    # The permalink alone (no save) opens the same deal under the same reading.
    link = tab.url
    _open(tab, link)
    assert tab.evaluate("window.pasyansDemo.view.state.readings") == {READING: "plays-first"}
    assert tab.evaluate("window.pasyansDemo.view.state.deal") == 1
    # Back to the edition's reading: the same move is allowed, and the
    # verdict says the other reading would refuse it.
    _choose(tab, "free")
    assert READING not in _query(tab)
    _marry(tab)
    assert moves_count(tab) == 1
    text = tab.locator(f'.verdict .reading-verdict[data-reading="{READING}"]').inner_text()
    assert "Allowed under the “free” reading (the edition’s) of marriage order" in text
    assert "refused under the “plays first” reading" in text


def test_switching_in_the_middle_of_a_game_asks_first(lucie):
    tab = lucie
    _marry(tab)
    assert moves_count(tab) == 1
    dialog = tab.locator("dialog.confirm")
    tab.check(f'fieldset[data-reading="{READING}"] input[value="plays-first"]')
    dialog.wait_for(state="visible")
    assert "plays first" in dialog.inner_text()
    dialog.locator("button[value=no]").click()
    settle(tab)
    assert moves_count(tab) == 1  # kept playing, under the reading it had
    assert tab.locator(f'fieldset[data-reading="{READING}"] input[value="free"]').is_checked()
    tab.check(f'fieldset[data-reading="{READING}"] input[value="plays-first"]')
    dialog.locator("button[value=yes]").click()
    tab.wait_for_function("id => (window.pasyansDemo.view.state.readings || {})[id] === 'plays-first'", arg=READING)
    settle(tab)
    assert moves_count(tab) == 0 and tab.evaluate("window.pasyansDemo.view.state.deal") == 1
