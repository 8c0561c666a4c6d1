"""The whole book on one page: its printed order, the clause anchors of the
game pages, English on demand, the apparatus as notes, the assumptions as
an appendix (edition.book gives the order; the browser shows it)."""

from __future__ import annotations

import lxml.html

from edition import book


def test_the_order_is_the_book_s(edition_data):
    parts = book.parts(edition_data)
    assert [part.id for part in parts] == ["part-1912", "part-modern"]
    printed, modern = parts
    assert [g.slug for g in printed.games + modern.games] == [g.slug for g in edition_data.games]
    # the fragments of 001 stand after the games of 000, where Cadogan's order puts them
    items = book.with_gaps(printed.games)
    gap = next(item for item in items if isinstance(item, book.Gap))
    before, after = items[items.index(gap) - 1], items[items.index(gap) + 1]
    assert before.cadogan_number < gap.first <= gap.last < after.cadogan_number
    assert "001" in after.witnesses and "games" in gap.text
    assert all(set(g.witnesses) <= {"002", "004"} for g in modern.games)


def test_every_clause_once_with_the_game_pages_anchors(built_site, edition_data):
    page = lxml.html.parse(str(built_site / "book.html"))
    ids = page.xpath('//span[@class="clause-inline"]/@id')
    expected = [c.id for c in edition_data.front] + [c.id for t in edition_data.terms for c in t.clauses]
    expected += [c.id for g in edition_data.games for c in g.clauses]
    assert ids == expected
    for game in edition_data.games:  # the same anchors as the game's own page
        own = lxml.html.parse(str(built_site / "games" / f"{game.slug}.html"))
        assert set(own.xpath('//div[contains(@class, "clause")]/@id')) >= {c.id for c in game.clauses}
        notes = page.xpath(f'//section[@id="game-{game.slug}"]//section[@class="book-notes"]//li')
        assert len(notes) == len(game.readings)
    appendix = " ".join(page.xpath('//section[@id="appendix-assumptions"]//dt//text()'))
    assert all(identifier in appendix for identifier in edition_data.assumptions)
    assert len(page.xpath("//h1")) == 1


def test_english_on_demand(page, server, edition_data):
    clause = edition_data.game("mill").clauses[2]
    page.goto(f"{server}book.html#{clause.id}")
    page.wait_for_function("id => document.getElementById(id).classList.contains('highlight')", arg=clause.id)
    english = page.locator(f'[id="en-{clause.id}"]')
    assert not english.is_visible()
    button = page.locator("button.show-english")
    button.click()
    assert english.is_visible() and button.get_attribute("aria-pressed") == "true"
    assert english.inner_text() == clause.english
    page.reload()
    assert page.locator(f'[id="en-{clause.id}"]').is_visible()  # remembered
    page.locator("button.show-english").click()
    assert not page.locator(f'[id="en-{clause.id}"]').is_visible()
    # a marked word's note shows in place, and is numbered like the list of notes
    mark = page.locator(".clause-inline .app").first
    mark.focus()
    assert mark.locator(".tip").is_visible()
    assert page.evaluate("getComputedStyle(document.querySelector('.clause-inline .app'), '::after').content") == "counter(app)"
