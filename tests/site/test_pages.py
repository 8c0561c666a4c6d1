"""Every game page in a real browser: the text in both spelling layers, the
apparatus tooltips, and clause permalinks. The demo is in test_demo.py."""

from __future__ import annotations

import pytest

from conftest import game_slugs


@pytest.fixture(params=game_slugs(), ids=str)
def game(request, edition_data):
    return edition_data.game(request.param)


def test_text_renders_in_both_spellings_and_permalinks_work(page, server, game):
    # One visit per page (the machine is shared): first the permalink ...
    target = game.clauses[-1]
    page.goto(f"{server}games/{game.slug}.html#{target.id}")
    clause = page.locator(f'[id="{target.id}"]')
    page.wait_for_function("id => document.getElementById(id)?.classList.contains('highlight')", arg=target.id)
    assert clause.evaluate("el => { const r = el.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; }")
    # ... and "cite this", which names the clause and the edition's version ...
    clause.locator("button.cite").click()
    text = page.locator("dialog.cite-dialog .cite-plain").inner_text()
    assert target.id in text and "version" in text
    page.keyboard.press("Escape")
    # ... then the text itself.
    clauses = page.locator("#text .clause")
    assert clauses.count() == len(game.clauses) > 0
    for clause in game.clauses:
        assert page.locator(f'[id="{clause.id}"] .ru').inner_text().strip(), clause.id
    # The 1912 layer shows first; the modern one replaces it on the switch,
    # and the choice survives a reload.
    old, new = page.locator("#text .l-o"), page.locator("#text .l-m")
    if old.count():
        assert old.first.is_visible() and not new.first.is_visible()
    page.click(".spelling button[data-spelling=modern]")
    assert page.evaluate("document.documentElement.dataset.spelling") == "modern"
    if old.count():
        assert new.first.is_visible() and not old.first.is_visible()
        first = game.clauses[0]
        assert page.locator(f'[id="{first.id}"] .ru').inner_text().strip()
    page.reload()
    assert page.evaluate("document.documentElement.dataset.spelling") == "modern"
    page.click(".spelling button[data-spelling='1912']")
    assert page.locator(".spelling button[data-spelling='1912']").get_attribute("aria-pressed") == "true"


def test_a_correction_shows_its_original(page, server, game):
    if not game.readings:
        pytest.skip(f"{game.slug}: the apparatus records no reading in this game")
    page.goto(f"{server}games/{game.slug}.html")
    reading = game.readings[0]
    mark = page.locator(f'[id="{reading.id}"]')
    tip = mark.locator(".tip")
    assert not tip.is_visible()
    mark.focus()  # keyboard focus, and the tap of a touch screen
    assert tip.is_visible()
    assert reading.original in tip.inner_text()
    page.mouse.click(1, 1)
    mark.hover()
    assert tip.is_visible()
    # On a phone every note stays on the screen.
    page.set_viewport_size({"width": 390, "height": 844})
    for reading in game.readings[:6]:
        mark = page.locator(f'[id="{reading.id}"]')
        if not mark.is_visible():
            continue
        mark.focus()
        # app.js moves the note on the next frame, which a busy machine may delay
        page.wait_for_function("""id => { const r = document.getElementById(id + '-tip').getBoundingClientRect();
                                          return r.left >= 0 && r.right <= 390; }""", arg=reading.id, timeout=5_000)
        box = mark.locator(".tip").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (reading.id, box)



@pytest.mark.parametrize("path", ["index.html", "rules.html", "rules/engine.html", "glossary.html", "sources.html",
                                  "search.html", "contents.html"])
def test_other_pages_load_clean(page, server, path):
    response = page.goto(server + path)
    assert response.status == 200
    assert page.locator("h1, h2").first.is_visible()


def test_search_folds_the_old_letters(page, server, edition_data):
    # A word of the first clause that the reform changed, typed both ways.
    clause = next(c for g in edition_data.games for c in g.clauses
                  if "\N{CYRILLIC SMALL LETTER YAT}" in c.plain_1912)
    word = next(w for w in clause.plain_1912.split() if "\N{CYRILLIC SMALL LETTER YAT}" in w).strip(".,;:«»()")
    page.goto(server + "search.html")
    results = {}
    for query in (word, word.replace("\N{CYRILLIC SMALL LETTER YAT}", "е"), word.upper()):
        page.fill("#q", query)
        page.wait_for_function("q => document.querySelector('.results').dataset.query === q", arg=query)
        results[query] = page.locator(".results a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    first, *others = results.values()
    assert f"games/{clause.game}.html#{clause.id}" in first
    assert all(other == first for other in others), results
    # English too, and the result link lands on the clause.
    english = next(c for g in edition_data.games for c in g.clauses if len(c.english.split()) > 3)
    page.fill("#q", " ".join(english.english.split()[:4]))
    page.wait_for_selector(f'.results a[href="games/{english.game}.html#{english.id}"]')
    page.click(f'.results a[href="games/{english.game}.html#{english.id}"]')
    page.wait_for_function("id => document.getElementById(id)?.classList.contains('highlight')", arg=english.id)


def test_search_folds_as_the_index_does(page, server):
    """search.js's fold() and edition.markup.fold() must agree, or a query
    would miss what the index holds."""
    from edition.markup import fold

    samples = ["Домъ въ лѣсу", "ПОЛУШАРІЯ", "объявить съ", "Ѳеодоръ мѵро", "ёлка ЁЖЪ", "Люція.", "ѣ\u0301", "K♠ 10♦"]
    page.goto(server + "search.html")
    folded = page.evaluate("samples => import('./assets/js/search.js').then(m => samples.map(m.fold))", samples)
    assert folded == [fold(sample) for sample in samples]


def test_the_games_table_reads_whole_on_a_phone(page, server):
    # Each game is a block on a phone: its title on one line, never broken
    # inside a word, and every figure labelled (the table's head is hidden).
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server + "index.html")
    rows = page.locator("table.games tbody tr")
    assert rows.count() >= 16
    seen = page.evaluate("""() => [...document.querySelectorAll('table.games tbody tr')].map(row => ({
        title: row.querySelector('td.title a').textContent,
        lines: new Set([...row.querySelector('td.title a').getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top))).size,
        wrap: getComputedStyle(row.querySelector('td.rate')).overflowWrap,
        labels: [...row.querySelectorAll('td.rate, td.your-rate')].map(td => getComputedStyle(td, '::before').content),
        right: Math.max(...[...row.querySelectorAll('td')].map(td => td.getBoundingClientRect().right)) }))""")
    for row in seen:
        assert row["lines"] == 1, row
        assert row["wrap"] != "anywhere", row
        assert row["labels"] == ['"Your rate: "', '"Won, for a player: "', '"Won, pack known: "'], row
        assert row["right"] <= 390, row
    # On a desktop it is a table again, the player's own rate right before the measured one.
    page.set_viewport_size({"width": 1280, "height": 900})
    heads = page.locator("table.games thead th").all_inner_texts()
    assert heads.index("Your rate") + 1 == heads.index("Won, for a player"), heads
