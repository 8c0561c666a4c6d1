"""The board of every playable game, in a real browser at 1366 x 768: the
engine loads in its worker, every card a player needs can be read (after the
deal and after 20 random legal moves), every pile stays on the table and in
its own box, the table and the verdict line fit the window, legal moves are
made by clicking, an illegal one is refused with the clause that forbids
it, and a reload restores the game.

Pyodide boots from the build's memory snapshot (a second or two): each game
loads twice (the page and its reload); the controls a player uses (stock,
double-click, auto-move, keyboard, solution, winnable deals, the end and
the statistics) are tested on one game each in test_board_play.py.
"""

from __future__ import annotations

import json
import re

import pytest

from board import clear_storage, corner, geometry_ok, moves_count, random_moves, settle
from conftest import playable_slugs, wait_ready

DESKTOP = {"width": 1366, "height": 768}  # the `desk` context (conftest.py)


def _an_illegal_move(page) -> str | None:
    """A card move the engine refuses by a clause of the text (not only by
    an editorial assumption), asked of the engine in the page."""
    return page.evaluate("""async () => {
        const view = window.pasyansDemo.view, legal = new Set(view.moves);
        const piles = Object.entries(view.state.piles).filter(([, c]) => c.length && !c.at(-1).startsWith('~')).map(([p]) => p);
        for (const src of piles) for (const dst of Object.keys(view.state.piles)) {
          const move = `${src}>${dst}`;
          if (dst === src || legal.has(move)) continue;
          const verdict = await window.pasyansDemo.engine.call('explain', { move });
          if (!verdict.allowed && verdict.clause_ids.length) return move;
        }
        return null;
    }""")


@pytest.mark.parametrize("slug", playable_slugs())
def test_every_card_reads_and_the_board_plays_refuses_and_keeps(tab, server, slug):
    page = tab
    page.goto(f"{server}games/{slug}.html")
    clear_storage(page)
    page.reload()
    # The text is there before the engine is, and so is the table (from the build).
    assert page.locator("#text .clause").first.is_visible()
    page.wait_for_selector("section.demo[data-drawn=yes] .board .pile")
    view = wait_ready(page)
    assert view["state"]["game"] == slug

    # Pile names are words, not engine ids, and every pile names its cards.
    for pile in page.locator(".board .pile").all()[:12]:
        label = pile.get_attribute("aria-label")
        assert pile.get_attribute("data-pile") not in label.split(":")[0], label

    # After the deal: every needed index readable, every pile on the table.
    page.evaluate("document.querySelector('.demo-bar').scrollIntoView()")
    found = geometry_ok(page, "after the deal")
    assert found["card"] >= 48, f"cards only {found['card']} px wide at 1366 x 768"
    board = page.locator(".board").bounding_box()
    verdict = page.locator(".verdict").bounding_box()
    assert board["y"] + board["height"] <= DESKTOP["height"], "the table runs below the window"
    assert verdict["y"] + 22 <= DESKTOP["height"], "the verdict line is below the window"
    assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]

    # Legal moves: a card by clicking source then target (the targets are
    # marked), else the game's own action (deal, redeal, ...) by its button.
    made = 0
    for _ in range(3):
        cards = [m for m in view["moves"] if ">" in m and ":" not in m]
        actions = [m for m in view["moves"] if ">" not in m]
        if cards:
            src, dst = cards[0].split(">")
            page.click(f'.pile[data-pile="{src}"]', position=corner(page, src))
            assert page.locator(f'.pile.target[data-pile="{dst}"]').count() == 1
            page.click(f'.pile[data-pile="{dst}"]', position=corner(page, dst))
        elif actions:
            page.click(f'.actions button[data-action="{actions[0]}"]')
        else:
            break
        page.wait_for_function("n => +document.querySelector('section.demo').dataset.moves === n", arg=made + 1)
        settle(page)
        made += 1
        assert page.locator(".verdict").get_attribute("data-allowed") == "true"
        view = page.evaluate("window.pasyansDemo.view")
    assert made, f"{slug}: deal 1 offers no legal move"

    # An illegal move names its cards and quotes the clause that forbids it (a click away).
    illegal = _an_illegal_move(page)
    assert illegal, "no illegal move to try"
    page.evaluate("move => window.pasyansDemo.tryMove(move)", illegal)
    page.wait_for_selector('.verdict[data-allowed="false"]')
    assert moves_count(page) == made
    verdict = page.locator(".verdict")
    assert re.search(r" cannot go (on|to) |: not now", verdict.locator("p.no").inner_text())
    assert verdict.locator("blockquote").count() >= 1
    verdict.locator("details.why summary").click()
    assert verdict.locator("blockquote [lang=ru]").first.inner_text().strip()

    # Undo and redo.
    page.click("button[data-op=undo]")
    page.wait_for_function("n => +document.querySelector('section.demo').dataset.moves === n", arg=made - 1)
    page.click("button[data-op=redo]")
    page.wait_for_function("n => +document.querySelector('section.demo').dataset.moves === n", arg=made)
    settle(page)

    # Twenty random legal moves later, still every index readable (and no
    # card glided: this reader asked for reduced motion).
    view = random_moves(page, 20, seed=sum(map(ord, slug)))
    assert page.evaluate("window.__animations") == 0
    page.evaluate("document.querySelector('.demo-bar').scrollIntoView()")
    geometry_ok(page, f"after {len(view['history'])} moves")

    # The game is kept in localStorage, and a reload restores this very game,
    # drawn before Python is up.
    kept = json.loads(page.evaluate(f"localStorage.getItem('pasyans.game.{slug}')"))
    assert kept == view["save"]
    page.reload()
    page.wait_for_selector("section.demo[data-drawn=yes] .board .pile")
    early = page.evaluate("window.pasyansDemo.state")
    assert early["piles"] == view["state"]["piles"]
    after = wait_ready(page)
    assert after["state"] == view["state"] and after["history"] == view["history"]
