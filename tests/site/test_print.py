"""A game page prints as a page of a book: both columns of text, the table
drawn from the engine, the apparatus as numbered notes, no controls."""

from __future__ import annotations

import shutil
import subprocess

import pytest

A4 = {"width": 794, "height": 1123}  # CSS pixels of an A4 page


@pytest.fixture
def printed(page, server, edition_data, tmp_path):
    game = edition_data.game("belle-lucie")
    page.set_viewport_size(A4)
    # the English interface, whose game pages show the English column, with
    # no choice left behind by an earlier test in this browser
    page.goto(f"{server}games/{game.slug}.html")
    page.evaluate("() => { for (const k of Object.keys(localStorage)) if (k.startsWith('pasyans.')) localStorage.removeItem(k); }")
    page.goto(f"{server}games/{game.slug}.html?lang=en")
    page.emulate_media(media="print")
    return page, game


def test_the_print_shows_the_book_and_hides_the_controls(printed, tmp_path):
    page, game = printed
    shot = tmp_path / "print.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 20_000  # a real picture of the page
    for selector in ("header.site", ".spelling", "#demo", ".board", "nav.toc", "button.cite", ".downloads",
                     ".clause .meta .rule"):
        assert all(not el.is_visible() for el in page.locator(selector).all()), selector
    assert page.locator("h1").is_visible()
    # Both columns: each clause's Russian and English side by side.
    clause = page.locator(f'[id="{game.clauses[1].id}"]')
    ru, en = clause.locator(".ru").bounding_box(), clause.locator(".en").bounding_box()
    assert ru["x"] + ru["width"] <= en["x"] and abs(ru["y"] - en["y"]) < 5
    # The table drawn from the engine, in ink.
    svg = page.locator(".table-figure svg").first
    assert svg.is_visible() and svg.evaluate("el => getComputedStyle(el).backgroundColor") in ("rgba(0, 0, 0, 0)", "transparent")
    # Each mark numbered in order, as the list of notes is.
    numbers = page.evaluate("""() => [...document.querySelectorAll('#text .clause .app')]
        .filter((el) => el.checkVisibility())
        .map((el) => getComputedStyle(el, '::after').content)""")
    rows = page.locator(".apparatus tbody tr").count()
    assert set(numbers) == {"counter(app)"}
    assert len(numbers) == rows == len(game.readings)
    assert page.evaluate("getComputedStyle(document.querySelector('.apparatus tbody td'), '::before').content") != "none"


def test_the_printed_pdf_has_no_controls(printed, tmp_path):
    if not shutil.which("pdftotext"):
        pytest.fail("pdftotext is missing: make system (poppler-utils)")
    page, game = printed
    pdf = tmp_path / "page.pdf"
    page.pdf(path=str(pdf), format="A4")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    for control in ("New deal", "Undo", "Redo", "cite", "Skip to the text", "Download", "modern"):
        assert control not in text, control
    assert game.clauses[1].english.split()[0] in text and "Corrections and variants" in text
    # The assumptions, folded away on screen, are printed.
    assumption = next(note for note in game.notes if note.kind == "assumption")
    assert assumption.text.split()[2] in text
