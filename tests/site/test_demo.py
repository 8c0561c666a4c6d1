"""The demo of every playable game, in a real browser: the engine loads in
its worker, legal moves are made by clicking, an illegal move is refused
with the clause that forbids it, and a reload restores the game.

Pyodide takes seconds to start on a shared machine: each game loads it
twice (the page and its reload); damaged saves, keyboard and drag play are
tested on one game (the bridge's restore is unit-tested for every game).
"""

from __future__ import annotations

import json

import pytest

import saves
from conftest import playable_slugs, wait_ready


def _moves_count(page) -> int:
    return int(page.locator("section.demo").get_attribute("data-moves"))


def _play_by_clicks(page, move: str) -> None:
    src, dst = move.split(">")
    before = _moves_count(page)
    page.click(f'.pile[data-pile="{src}"]')
    page.click(f'.pile[data-pile="{dst}"]')
    page.wait_for_function("n => +document.querySelector('section.demo').dataset.moves > n", arg=before)


def _an_illegal_move(page, view: dict) -> str | None:
    """A card move the engine refuses by a clause of the text (not only by
    an editorial assumption), asked of the engine in the page."""
    legal = set(view["moves"])
    piles = [name for name, cards in view["state"]["piles"].items() if cards and not cards[-1].startswith("~")]
    for src in piles:
        for dst in view["state"]["piles"]:
            move = f"{src}>{dst}"
            if dst == src or move in legal:
                continue
            verdict = page.evaluate("move => window.pasyansDemo.engine.call('explain', {move})", move)
            if not verdict["allowed"] and verdict["clause_ids"]:
                return move
    return None


@pytest.mark.parametrize("slug", playable_slugs())
def test_demo_plays_refuses_and_keeps(page, server, slug):
    page.goto(f"{server}games/{slug}.html")
    # The text is there before the engine is.
    assert page.locator("#text .clause").first.is_visible()
    view = wait_ready(page)
    assert view["state"]["game"] == slug
    # Every card on the table is named in English and Russian.
    for card in page.locator(".board .card").all()[:60]:
        label, code = card.get_attribute("aria-label"), card.get_attribute("data-card")
        if "down" in (card.get_attribute("class") or ""):
            assert label == "face-down card · карта рубашкой вверх"
        else:
            en_name = view["names"][code][1]
            ru_name = view["names"][code][0]
            assert label == f"{en_name} · {ru_name}"

    # Legal moves: a card by clicking source then target (the targets light
    # up), else the game's own action (deal, redeal, ...) by its button.
    made = 0
    for _ in range(3):
        cards = [m for m in view["moves"] if ">" in m]
        actions = [m for m in view["moves"] if ">" not in m]
        if cards:
            src, dst = cards[0].split(">")
            page.click(f'.pile[data-pile="{src}"]')
            assert page.locator(f'.pile.target[data-pile="{dst}"]').count() == 1
            page.click(f'.pile[data-pile="{dst}"]')
        elif actions:
            page.click(f'.actions button[data-action="{actions[0]}"]')
        else:
            break
        page.wait_for_function("n => +document.querySelector('section.demo').dataset.moves === n", arg=made + 1)
        made += 1
        assert page.locator(".verdict").get_attribute("data-allowed") == "true"
        view = page.evaluate("window.pasyansDemo.view")
    assert made, f"{slug}: deal 1 offers no legal move"

    # An illegal move names and quotes the clause that forbids it, and the
    # quote links to the clause in the text.
    illegal = _an_illegal_move(page, view)
    assert illegal, "no illegal move to try"
    src, dst = illegal.split(">")
    page.click(f'.pile[data-pile="{src}"]')
    page.click(f'.pile[data-pile="{dst}"]')
    page.wait_for_selector('.verdict[data-allowed="false"]')
    assert _moves_count(page) == made
    verdict = page.locator(".verdict")
    assert "Not allowed" in verdict.inner_text()
    quotes = verdict.locator("blockquote")
    assert quotes.count() >= 1
    first = quotes.first
    clause_id = first.get_attribute("data-clause")
    assert first.locator("[lang=ru]").inner_text().strip()
    # The engine rules behind the verdict link to their pages, which hold them.
    for href in verdict.locator(".rules a").evaluate_all("links => links.map(a => a.href)"):
        target, _, anchor = href.partition("#")
        body = page.request.get(target)
        assert body.ok and f'id="{anchor}"' in body.text(), href
    on_page = page.locator(f'#text [id="{clause_id}"]')
    if on_page.count():
        first.locator("a.clause-link").click()
        page.wait_for_function("id => document.getElementById(id).classList.contains('highlight')", arg=clause_id)

    # Undo and redo.
    page.click("button[data-op=undo]")
    page.wait_for_function("n => +document.querySelector('section.demo').dataset.moves === n", arg=made - 1)
    page.click("button[data-op=redo]")
    page.wait_for_function("n => +document.querySelector('section.demo').dataset.moves === n", arg=made)
    view = page.evaluate("window.pasyansDemo.view")

    # The game is kept in localStorage, and a reload restores this very game.
    kept = json.loads(page.evaluate(f"localStorage.getItem('pasyans.game.{slug}')"))
    assert kept == view["save"]
    page.reload()
    after = wait_ready(page)
    assert after["state"] == view["state"] and after["history"] == view["history"]


def test_reload_restores_damaged_saves_are_discarded_keys_and_drag_play(page, server):
    slugs = playable_slugs()
    if not slugs:
        pytest.skip("the engine implements no game yet")
    slug = slugs[0]
    key = f"pasyans.game.{slug}"
    page.goto(f"{server}games/{slug}.html")
    page.evaluate("key => localStorage.removeItem(key)", key)
    page.reload()
    view = wait_ready(page)
    assert view["history"] == []

    # A deal by number, from the field (Enter) and from the button.
    page.fill("input.deal", "42")
    page.press("input.deal", "Enter")
    page.wait_for_function("() => window.pasyansDemo.view.state.deal === 42")
    page.fill("input.deal", "7")
    page.click("button[data-op=new]")
    page.wait_for_function("() => window.pasyansDemo.view.state.deal === 7")
    page.fill("input.deal", "-3")
    page.click("button[data-op=new]")
    page.wait_for_selector(".verdict .no")
    assert page.evaluate("window.pasyansDemo.view.state.deal") == 7  # refused, the game goes on
    view = page.evaluate("window.pasyansDemo.view")

    # A hint is one of the legal moves (the solver runs in the worker).
    if view["hints"]:
        page.click("button[data-op=hint]")
        page.wait_for_selector(".verdict[data-hint]", timeout=60_000)
        assert page.locator(".verdict").get_attribute("data-hint") in view["moves"]

    # Keyboard: focus the source pile, Enter, focus the target, Enter; u undoes.
    moves = [m for m in view["moves"] if ">" in m]
    src, dst = moves[0].split(">")
    page.focus(f'.pile[data-pile="{src}"]')
    page.keyboard.press("Enter")
    page.focus(f'.pile[data-pile="{dst}"]')
    page.keyboard.press("Enter")
    page.wait_for_function("() => +document.querySelector('section.demo').dataset.moves === 1")
    page.keyboard.press("u")
    page.wait_for_function("() => +document.querySelector('section.demo').dataset.moves === 0")

    # Drag and drop the same card.
    card = page.locator(f'.pile[data-pile="{src}"] .card').last.bounding_box()
    target = page.locator(f'.pile[data-pile="{dst}"]').bounding_box()
    page.mouse.move(card["x"] + card["width"] / 2, card["y"] + 8)
    page.mouse.down()
    page.mouse.move(card["x"] + 30, card["y"] + 30, steps=3)
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=5)
    page.mouse.up()
    page.wait_for_function("() => +document.querySelector('section.demo').dataset.moves === 1")
    before = page.evaluate("window.pasyansDemo.view")

    # A reload restores the same game.
    page.reload()
    after = wait_ready(page)
    assert after["state"] == before["state"] and after["history"] == before["history"]

    # A save whose cards moved without a move is discarded, with a message.
    save = after["save"]
    piles = save["state"]["piles"]
    full = [name for name, cards in piles.items() if cards]
    piles[full[1]].append(piles[full[0]].pop())
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, json.dumps(save)])
    page.reload()
    fresh = wait_ready(page)
    assert "discarded" in page.locator(".verdict").inner_text()
    assert fresh["history"] == []

    # So is one that is not even JSON.
    page.evaluate("key => localStorage.setItem(key, '{not json')", key)
    page.reload()
    wait_ready(page)
    assert "discarded" in page.locator(".verdict").inner_text()

    # A won game and a stuck one are announced, with the clause that says so.
    show = "save => window.pasyansDemo.run('restore', {game: save.game, save}, v => window.pasyansDemo.show(v))"
    if slug in saves.WON_GAMES:
        page.evaluate(show, saves.won_view(slug)["save"])
        assert "Won!" in page.locator(".verdict .outcome").inner_text()
    stuck = saves.stuck_save(slug)
    if stuck is not None:
        page.evaluate(show, stuck)
        assert "lost" in page.locator(".verdict .outcome").inner_text()

    # The table fits a 390 px phone: no sideways scrolling.
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)  # the board redraws on resize
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    board = page.locator(".board").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 390
    for pile in page.locator(".pile").all():
        box = pile.bounding_box()
        assert box["x"] + box["width"] <= board["x"] + board["width"] + 1
