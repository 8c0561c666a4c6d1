""""cite": a clause or a page in three formats that parse (BibTeX by a
small reader, CSL-JSON by json), in the chosen spelling, robust to any URL
hash, closed by Esc, an accessible modal dialog."""

from __future__ import annotations

import json

import pytest

import bibtex


def _open_cite(page, selector):
    page.click(selector)
    page.wait_for_selector("dialog.cite-dialog[open]")
    return {name: page.locator(f"dialog .cite-{name}").inner_text() for name in ("plain", "bibtex", "csl")}


@pytest.mark.parametrize("layer", ["1912", "modern"])
def test_a_clause_is_cited_in_three_formats_in_the_chosen_spelling(page, server, edition_data, layer):
    game = edition_data.game("belle-lucie")
    clause = game.sections[1].clauses[0]  # rule I
    page.goto(f"{server}games/{game.slug}.html")
    if layer == "modern":
        page.click(".spelling button[data-spelling=modern]")
    formats = _open_cite(page, f'[id="{clause.id}"] button.cite')
    title = edition_data.book["title"] if layer == "1912" else edition_data.modern[edition_data.book["title"]]
    game_title = game.title_old if layer == "1912" else game.title_plain

    # The plain reference names the edition, the witness, the line and the clause, once each.
    plain = formats["plain"]
    assert title in plain and f"clause {clause.id}" in plain
    assert f"witness {clause.witness}" in plain and f"line {clause.line}" in plain
    assert plain.count(game_title) == 1 and f"«{game_title}» ({game.title_en})" in plain  # no doubled title
    assert edition_data.version in plain and f"#{clause.id}" in plain
    other = game.title_plain if layer == "1912" else game.title_old
    assert other == game_title or other not in plain  # the other spelling does not leak in

    kind, key, fields = bibtex.parse(formats["bibtex"])
    assert kind == "inbook" and clause.id in key
    assert bibtex.unescape(fields["title"]) == title
    assert bibtex.unescape(fields["chapter"]) == f"{game_title} ({game.title_en})"
    assert fields["year"] == "1912" and fields["url"].endswith(f"#{clause.id}")
    assert f"clause {clause.id}" in fields["note"] and f"line {clause.line}" in fields["note"]
    assert fields["editor"].startswith("{") and edition_data.version in fields["edition"]

    (item,) = json.loads(formats["csl"])
    assert item["type"] == "chapter" and item["container-title"] == title
    assert item["title"] == f"{game_title} ({game.title_en})"
    assert item["issued"] == {"date-parts": [[1912]]} and item["URL"].endswith(f"#{clause.id}")
    assert item["language"] == ("ru-petr1708" if layer == "1912" else "ru")
    assert len(item["accessed"]["date-parts"][0]) == 3
    assert page.locator("dialog .cite-url").input_value() == item["URL"]

    # Esc closes it and gives the focus back to the button that opened it.
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.cite-dialog:not([open])", state="attached")
    assert page.evaluate("document.activeElement.dataset.clause") == clause.id
    page.click(".spelling button[data-spelling='1912']")


def test_the_dialog_is_modal_labelled_and_copies(page, server):
    page.goto(f"{server}games/fifteen.html")
    _open_cite(page, "#text .clause button.cite")
    dialog = page.locator("dialog.cite-dialog")
    assert page.evaluate("document.querySelector('dialog.cite-dialog').matches(':modal')")
    label = dialog.get_attribute("aria-labelledby")
    assert page.locator(f"#{label}").inner_text().startswith("Cite")
    assert page.evaluate("document.activeElement.closest('dialog') !== null")  # focus moved into it
    for name in ("plain", "bibtex", "csl"):  # each format has a heading and a labelled copy button
        assert dialog.locator(f"#cite-{name}-label").is_visible()
        assert dialog.locator(f'button.cite-copy[data-format="{name}"]').inner_text().startswith("Copy")
    dialog.locator('button.cite-copy[data-format="bibtex"]').click()
    page.wait_for_function("() => document.querySelector('.cite-status').textContent !== ''")
    dialog.locator("button.cite-close").click()
    assert not dialog.is_visible()


def test_a_page_is_cited_too(page, server, edition_data):
    game = edition_data.game("salic-law")
    page.goto(f"{server}games/{game.slug}.html")
    formats = _open_cite(page, "button.cite-page")
    kind, key, fields = bibtex.parse(formats["bibtex"])
    assert key == f"pasyans-{game.slug}" and "#" not in fields["url"]
    assert bibtex.unescape(fields["chapter"]).startswith(game.title_old)
    assert "witness 000" in bibtex.unescape(fields["note"])
    (item,) = json.loads(formats["csl"])
    assert item["URL"] == f"{server}games/{game.slug}.html"


@pytest.mark.parametrize("hash", ["%E0%A4%A", "%", "%zz", "<img src=x>", "a%20b%", "#", "belle-lucie.rule.1%"])
def test_any_hash_leaves_the_buttons_working(page, server, hash):
    page.goto(f"{server}games/belle-lucie.html#{hash}")
    page.wait_for_load_state("load")
    formats = _open_cite(page, "#text .clause button.cite")
    bibtex.parse(formats["bibtex"])
    json.loads(formats["csl"])
    page.keyboard.press("Escape")
    page.click(".spelling button[data-spelling=modern]")
    assert page.evaluate("document.documentElement.dataset.spelling") == "modern"
    page.click(".spelling button[data-spelling='1912']")


def test_a_percent_encoded_hash_still_finds_its_clause(page, server):
    page.goto(f"{server}games/belle-lucie.html#belle%2Dlucie.rule.1")
    page.wait_for_function("() => document.getElementById('belle-lucie.rule.1').classList.contains('highlight')")


def test_the_escapes_of_bibtex_hold(page, server):
    """A title with BibTeX's special characters still parses and reads back."""
    page.goto(f"{server}index.html")
    out = page.evaluate("""() => import('./assets/js/cite.js').then((m) => {
        const record = JSON.parse(document.getElementById('cite-data').textContent);
        record.parts.x = {ru: {"1912": "A & B {50%} #1 $2_3 ~x^y \\\\z", modern: "-"}, en: "T", witnesses: []};
        return m.bibtex({record, layer: "1912", url: "http://h/p#x", accessed: [2026, 1, 2],
                         clause: {id: "x.1", part: "x", witness: "000", line: "5"}});
    })""")
    kind, key, fields = bibtex.parse(out)
    assert bibtex.unescape(fields["chapter"]) == "A & B {50%} #1 $2_3 ~x^y \\z (T)"
    assert fields["urldate"] == "2026-01-02"


def test_the_whole_book_page_cites_the_book(page, server, edition_data):
    page.goto(f"{server}book.html")
    formats = _open_cite(page, "button.cite-page")
    kind, key, fields = bibtex.parse(formats["bibtex"])
    assert kind == "book" and "chapter" not in fields
    assert bibtex.unescape(fields["title"]) == edition_data.book["title"]
    (item,) = json.loads(formats["csl"])
    assert item["type"] == "book" and item["title"] == edition_data.book["title"] and "container-title" not in item


def test_each_witness_that_is_not_the_book_is_cited_from_its_own_source(edition_data):
    """The record names every other witness's own source as the manifest
    gives it, and its title is the one the witness itself prints."""
    import corpus
    from edition import citation

    record = citation.record(edition_data, {"title_en": ""})
    others = {w.id: w for w in corpus.load() if w.source != "1912-book"}
    assert set(record["sources"]) == set(others) and others  # the book's witnesses cite the book
    for id, source in record["sources"].items():
        first = others[id].lines[0]
        assert source["title"].replace(" ", "") == first.replace(" ", "").rstrip("."), (id, first)
        assert source["year"] != edition_data.book["date"] and source["title"] != edition_data.book["title"]
        assert all(source[field] for field in ("kind", "publisher", "place", "year"))  # "unknown", never blank
    for game in edition_data.games:  # a game of a modern witness finds its source from its witnesses
        assert (set(game.witnesses) <= set(record["sources"])) == (game.witnesses[0] in others), game.slug


def _modern_game(edition_data, witness):
    return next(game for game in edition_data.games if game.witnesses == [witness])


@pytest.mark.parametrize("layer", ["1912", "modern"])
def test_a_clause_of_the_modern_book_cites_that_book(page, server, edition_data, layer):
    game = _modern_game(edition_data, "002")
    source = next(w.cite for w in edition_data.witnesses if w.id == "002")
    clause = game.clauses[1]
    page.goto(f"{server}games/{game.slug}.html")
    if layer == "modern":
        page.click(".spelling button[data-spelling=modern]")
    formats = _open_cite(page, f'[id="{clause.id}"] button.cite')
    book_title = edition_data.book["title"]
    plain = formats["plain"]
    assert f"«{source['title']}»" in plain and "publisher unknown" in plain and "year unknown" in plain
    assert source["dated"] in plain and "1912" not in plain.split("http")[0]  # no year, spelling or book of 1912
    assert book_title not in plain and edition_data.modern[book_title] not in plain
    assert "witness 002" in plain and f"clause {clause.id}" in plain

    kind, key, fields = bibtex.parse(formats["bibtex"])
    assert kind == "inbook" and bibtex.unescape(fields["title"]) == source["title"]
    assert "year" not in fields and "publisher" not in fields and "address" not in fields
    assert "unknown" in bibtex.unescape(fields["note"]) and game.title_en in bibtex.unescape(fields["chapter"])

    (item,) = json.loads(formats["csl"])
    assert item["type"] == "chapter" and item["container-title"] == source["title"]
    assert "issued" not in item and "publisher" not in item and item["language"] == "ru"
    page.keyboard.press("Escape")
    page.click(".spelling button[data-spelling='1912']")


def test_a_game_of_the_web_page_cites_that_page(page, server, edition_data):
    game = _modern_game(edition_data, "004")
    source = next(w.cite for w in edition_data.witnesses if w.id == "004")
    page.goto(f"{server}games/{game.slug}.html")
    formats = _open_cite(page, "button.cite-page")
    plain = formats["plain"]
    assert plain.startswith(f"«{source['title']}», a web page (site unknown, year unknown")
    assert edition_data.book["title"] not in plain and "Вольф" not in plain
    kind, key, fields = bibtex.parse(formats["bibtex"])
    assert kind == "misc" and source["title"] in bibtex.unescape(fields["howpublished"])
    assert bibtex.unescape(fields["title"]).startswith(game.title_plain) and "year" not in fields
    (item,) = json.loads(formats["csl"])
    assert item["type"] == "webpage" and item["container-title"] == source["title"] and "issued" not in item
    # A clause of the same page cites the same page, not the book.
    page.keyboard.press("Escape")
    clause = _open_cite(page, f'[id="{game.clauses[1].id}"] button.cite')["plain"]
    assert clause.startswith(f"«{source['title']}»") and "witness 004" in clause
