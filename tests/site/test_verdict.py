"""The verdict of a move where the eye is: played by clicks on a desktop
(1366 x 768) and on a phone (390 x 844), in Russian and in English, a
refused move's verdict is inside the window and names the cards ("4♥ не
кладётся на 5♣: …"), the clause that forbids it one click away; a legal
move's verdict is one short line."""

from __future__ import annotations

import re

import pytest

from board import corner, settle
from conftest import _watched_context, wait_ready

SIZES = {"desktop": {"viewport": {"width": 1366, "height": 768}},
         "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}}
RANKS = {"ru": {"A": "Т", "K": "К", "Q": "Д", "J": "В"}, "en": {}}
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def short(code: str, lang: str) -> str:
    rank, suit = code[:-1], code[-1]
    return RANKS[lang].get(rank, rank) + SUITS[suit]


@pytest.fixture
def player(browser, server):
    contexts = []

    def open_tab(size: str, lang: str):
        context = _watched_context(browser, server, locale="ru-RU" if lang == "ru" else "en-US",
                                   service_workers="block", reduced_motion="reduce", **SIZES[size])
        contexts.append(context)
        page = context.new_page()
        page.goto(f"{server}games/belle-lucie.html?deal=3#demo")
        return page, wait_ready(page)

    yield open_tab
    for context in contexts:
        errors = list(context.watch.errors)
        context.close()
        assert errors == [], errors


def _click(page, pile: str) -> None:
    page.click(f'.pile[data-pile="{pile}"]', position=corner(page, pile))


def _inside(page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    height = page.evaluate("innerHeight")
    width = page.evaluate("innerWidth")
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, (box, height)
    assert box["x"] >= 0 and box["x"] + min(box["width"], 60) <= width, (box, width)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_refused_move_is_said_with_its_cards_in_sight(player, size, lang):
    page, view = player(size, lang)
    piles = view["state"]["piles"]
    legal = set(view["moves"])
    # a face-up card onto a face-up card that does not take it (fan onto fan)
    src, dst = next((a, b) for a in piles for b in piles
                    if a != b and a.startswith("fan") and b.startswith("fan") and piles[a] and piles[b]
                    and f"{a}>{b}" not in legal)
    _click(page, src)
    _click(page, dst)
    page.wait_for_selector('.verdict[data-allowed="false"]')
    settle(page)
    _inside(page, ".verdict p.no")
    said = page.locator(".verdict p.no").inner_text()
    card, onto = short(piles[src][-1], lang), short(piles[dst][-1], lang)
    expected = f"{card} не кладётся на {onto}: " if lang == "ru" else f"{card} cannot go on {onto}: "
    assert said.startswith(expected), said
    # the clause a click away, and then in sight
    why = page.locator(".verdict details.why")
    assert not why.get_attribute("open")
    why.locator("summary").click()
    quote = why.locator("blockquote").first
    assert quote.is_visible() and quote.locator("[lang=ru]").inner_text().strip()
    _inside(page, ".verdict details.why summary")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_legal_move_is_one_short_line(player, size):
    page, view = player(size, "ru")
    move = next(m for m in view["moves"] if re.fullmatch(r"fan-\d+>fan-\d+", m))
    src, dst = move.split(">")
    card, onto = short(view["state"]["piles"][src][-1], "ru"), short(view["state"]["piles"][dst][-1], "ru")
    _click(page, src)
    _click(page, dst)
    page.wait_for_selector('.verdict[data-allowed="true"]')
    settle(page)
    _inside(page, ".verdict p.yes")
    line = page.locator(".verdict p.yes")
    assert line.inner_text().startswith(f"{card} на {onto} (Веер "), line.inner_text()
    height = line.evaluate("p => p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)")
    assert height <= 1.5, f"{height:.1f} lines"
    assert not page.locator(".verdict details.why").get_attribute("open")
