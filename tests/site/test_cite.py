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
    page.wait_for_function("document.querySelector('.cite-status').textContent !== ''")
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
    page.wait_for_function("document.getElementById('belle-lucie.rule.1').classList.contains('highlight')")


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
