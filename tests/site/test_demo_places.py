"""The demo plays a card below the top of a pile (``SRC@K>DST``) by a click on
that card, in a real browser: Большая раскладка, where every card of the
first, twelfth and thirteenth rows is playable. The board draws its cards
in one layer under the piles' buttons (`.board .cards .card`, `data-k` its
index from the bottom, 0-based; K = k + 1); Enter again on the picked pile
picks the next card below that may move."""

from __future__ import annotations

import json

import saves
from conftest import wait_ready

SLUG = "grand-layout"
KEY = f"pasyans.game.{SLUG}"
# The part of a covered card that shows above the next one (below the top
# edge by more than the 6 px a picked card lifts, so that it stays on its pile).
TOP_STRIP = {"x": 8, "y": 12}


def _save_with_a_card_below_the_top() -> tuple[dict, str]:
    """A save of the recorded won game, cut where a card below the top can move."""
    won = saves.WON_GAMES[SLUG]
    view = saves.ok("new", game=SLUG, deal=won["deal"])
    for move in won["moves"]:
        below = [m for m in view["moves"] if "@" in m.split(">")[0]]
        if below:
            return view["save"], below[0]
        view = saves.ok("move", move=move)["view"]
    raise AssertionError("the won game never offers a card below the top")


def test_a_click_on_a_card_below_the_top_picks_that_card(page, server):
    save, move = _save_with_a_card_below_the_top()
    source, dst = move.split(">")
    pile, place = source.split("@")
    page.goto(f"{server}games/{SLUG}.html")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, json.dumps(save)])
    try:
        _pick_and_play(page, pile, place, dst, save, move)
    finally:  # the browser's storage is shared by the site tests: the next game page starts afresh
        page.evaluate("key => localStorage.removeItem(key)", KEY)


def _pick_and_play(page, pile, place, dst, save, move):
    page.reload()
    view = wait_ready(page)
    made = len(view["history"])
    assert made == len(save["moves"])

    card = f'.board .card[data-pile="{pile}"][data-k="{int(place) - 1}"]'
    _click_card(page, card)
    assert page.locator(f'.board .card.picked[data-pile="{pile}"]').get_attribute("data-k") == str(int(place) - 1)
    assert page.locator(f'.pile.target[data-pile="{dst}"]').count() == 1
    page.locator(f'.pile[data-pile="{dst}"]').click(position={"x": 10, "y": 10})
    page.wait_for_function("n => +document.querySelector('section.demo').dataset.moves === n", arg=made + 1)
    assert page.evaluate("window.pasyansDemo.view")["history"][-1] == move

    # A second click on the picked card puts it down again (a click apart:
    # two at once are a double-click, which sends the top card home).
    page.click("button[data-op=undo]")
    page.wait_for_function("n => +document.querySelector('section.demo').dataset.moves === n", arg=made)
    page.wait_for_function("() => !document.querySelector('section.demo').hasAttribute('aria-busy')")
    _click_card(page, card)
    page.wait_for_timeout(700)
    _click_card(page, card)
    assert page.locator(".pile.selected").count() == 0
    assert page.locator(".board .card.picked").count() == 0

    # The keyboard: Enter picks the top card, Enter again the next card below that may move.
    page.locator(f'.pile[data-pile="{pile}"]').focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    at = page.evaluate("[window.pasyansDemo.selected, window.pasyansDemo.selectedAt]")
    assert at[0] == pile and at[1] >= 1
    page.keyboard.press("Escape")


def _click_card(page, selector):
    """A click on the strip of a covered card that shows above the next one
    (the click lands on the pile's button, which finds the card under it)."""
    card = page.locator(selector)
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    page.mouse.click(box["x"] + TOP_STRIP["x"], box["y"] + TOP_STRIP["y"])
