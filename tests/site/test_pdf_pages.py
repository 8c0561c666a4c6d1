"""The PDFs as printed pages, looked at as images: every redrawn table is
drawn in outline (white cards, grey backs), not filled with ink, and no page
holds only a spill of a section that a forced break cut off; and the two
helpers behind them (the table's own style, the run-on after a spill) on
small documents."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass

import pytest
import regex
from lxml import etree
from PIL import Image

from edition import downloads, pdf, pdfpages

CAPTION = "Redrawn from the engine"  # the line under each redrawn table (_book_body.html)
LABEL = regex.compile(r"[AKQJ0-9♠♥♦♣↑↓ ]+")  # text inside a table (edition.svg)
MAIN_TYPE = 8.75  # pt: the running text, the translation, the editors' notes; not the notes, heads or captions
DPI = 72  # one pixel a point: the text's boxes and the image share coordinates
DARK, INK = 100, 225  # grey levels: ink that fills, any ink at all


@dataclass
class Line:
    top: float
    bottom: float
    text: str


@dataclass
class Page:
    number: int
    height: float
    lines: list[Line]

    @property
    def text(self) -> str:
        return " ".join(line.text for line in self.lines)


def _tool(name: str) -> str:
    path = shutil.which(name)
    if not path:
        pytest.fail(f"{name} is missing: run `make system`")
    return path


def pages(path) -> list[Page]:
    """Each page's lines of text with their boxes (pdftotext -bbox-layout)."""
    out = subprocess.run([_tool("pdftotext"), "-bbox-layout", str(path), "-"], capture_output=True, check=True).stdout
    root = etree.fromstring(out, etree.XMLParser(recover=True, huge_tree=True))
    found = []
    for number, page in enumerate(root.iter("{*}page"), 1):
        lines = [Line(float(line.get("yMin")), float(line.get("yMax")),
                      " ".join(word.text or "" for word in line.iter("{*}word"))) for line in page.iter("{*}line")]
        found.append(Page(number, float(page.get("height")), lines))
    return found


def image(path, number: int) -> Image.Image:
    """Page `number` in grey, at one pixel a point."""
    png = subprocess.run([_tool("pdftoppm"), "-r", str(DPI), "-gray", "-png", "-f", str(number), "-l", str(number),
                          str(path)], capture_output=True, check=True).stdout
    from io import BytesIO

    return Image.open(BytesIO(png)).convert("L")


def table_bands(page: Page) -> list[tuple[float, float]]:
    """Where each redrawn table lies: the tallest gap between lines of text
    above its caption (and below the caption before it); the table's own
    labels (a foundation's first card, a pile's count) lie in it."""
    bands, floor = [], 0.0
    lines = sorted((line for line in page.lines if not LABEL.fullmatch(line.text)), key=lambda line: line.top)
    for k, line in enumerate(lines):
        if CAPTION not in line.text:
            continue
        above = [(floor, lines[0].top)] + [(a.bottom, b.top) for a, b in zip(lines[:k], lines[1:k + 1]) if a.bottom >= floor]
        bands.append(max(above, key=lambda gap: gap[1] - gap[0]))
        floor = line.bottom
    return bands


def ink(picture: Image.Image, band: tuple[float, float]) -> dict:
    """In the band: the share of pixels filled dark, of any ink, and the most
    edges (white to ink) along one row: a row of cards in outline has two
    per card."""
    top, bottom = (round(y * DPI / 72) for y in band)
    crop = picture.crop((0, top + 2, picture.width, bottom - 2))
    pixels = list(crop.getdata()) if not hasattr(crop, "get_flattened_data") else list(crop.get_flattened_data())
    width = crop.width
    edges = 0
    for row in range(crop.height):
        values = pixels[row * width:(row + 1) * width]
        edges = max(edges, sum(1 for a, b in zip(values, values[1:]) if a >= INK > b))
    return {"dark": sum(v < DARK for v in pixels) / len(pixels), "ink": sum(v < INK for v in pixels) / len(pixels),
            "edges": edges}


def main_lines(page: Page) -> list[Line]:
    """The running text's lines: type of 9 pt and more, not the page number."""
    return [line for line in page.lines if line.bottom - line.top >= MAIN_TYPE and not line.text.strip().isdigit()]


def spills(found: list[Page]) -> list[tuple[int, float]]:
    """Pages (not the first, nor the last, nor one with a table) whose
    running text fills less than pdfpages.SPILL of the text block (measured
    over the whole document: from its highest line to its lowest)."""
    body = [line for page in found[1:] for line in main_lines(page)]
    top, bottom = min(line.top for line in body), max(line.bottom for line in body)
    short = []
    for page in found[1:-1]:
        if CAPTION in page.text:
            continue
        lowest = max((line.bottom for line in main_lines(page)), default=top)
        share = (lowest - top) / (bottom - top)
        if share < pdfpages.SPILL:
            short.append((page.number, round(share, 2)))
    return short


@pytest.mark.parametrize("layer", downloads.LAYERS)
def test_every_table_is_drawn_in_outline(built_site, edition_data, layer):
    path = built_site / "downloads" / f"pasyans-{layer}.pdf"
    found = pages(path)
    drawn = sum(1 for game in edition_data.games for figure in game.figures if figure.svg)
    assert sum(page.text.count(CAPTION) for page in found) == drawn > 0
    for page in (page for page in found if CAPTION in page.text):
        picture = image(path, page.number)
        for band in table_bands(page):
            assert band[1] - band[0] > 40, (page.number, band)  # a table, not a gap between paragraphs
            measured = ink(picture, band)
            # Not solid rectangles: card faces stay white, only outlines and backs take ink;
            # and something is drawn: the edges of several cards side by side.
            assert measured["dark"] < 0.06 and measured["ink"] > 0.01 and measured["edges"] >= 8, (page.number, measured)


@pytest.mark.parametrize("layer", downloads.LAYERS)
def test_no_page_holds_only_a_spill(built_site, layer):
    found = pages(built_site / "downloads" / f"pasyans-{layer}.pdf")
    assert len(found) > 10
    assert spills(found) == []


def _render(html: str):
    import weasyprint

    return weasyprint.HTML(string=html, url_fetcher=pdf._no_fetching).render(  # noqa: SLF001
        stylesheets=[weasyprint.CSS(filename=str(pdf.STYLE))])


def _games(lines: int) -> etree._Element:
    """Two games, each opening a page: the first of `lines` one-line
    paragraphs, the second short."""
    first = "".join(f"<p>Строка {k}.</p>" for k in range(lines))
    return etree.fromstring(f'<html xmlns="{downloads.XHTML}"><body><section class="book-game" id="a"><h3>А</h3>{first}'
                            '</section><section class="book-game" id="b"><h3>Б</h3><p>Конецъ.</p></section></body></html>')


def test_a_spill_runs_on_into_the_next_game():
    # The fewest lines that make the first game spill onto a page of its own.
    lines = next(n for n in range(20, 80) if len(_render(etree.tostring(_games(n), encoding="unicode")).pages) == 3)
    plain = _render(etree.tostring(_games(lines), encoding="unicode"))
    assert pdfpages.filled(plain.pages[1]) < pdfpages.SPILL  # page 2 holds only a spill
    root = _games(lines)
    laid = pdfpages.layout(root, _render)
    assert len(laid.pages) == 2 and pdfpages.filled(laid.pages[1]) > pdfpages.filled(plain.pages[1])
    assert pdfpages.RUN_ON in root.xpath("//*[@id='b']")[0].get("class").split()
    # A game that fills its last page well keeps the second on a page of its own.
    root = _games(lines // 2)
    assert len(pdfpages.layout(root, _render).pages) == 2
    assert pdfpages.RUN_ON not in root.xpath("//*[@id='b']")[0].get("class").split()


def test_a_table_carries_its_own_style(tmp_path):
    from edition import svg

    layout = {"game": "g", "piles": [{"id": f"p{k}", "x": 1.2 * k, "y": 0, "dy": 0.3} for k in range(6)]
              + [{"id": "base", "x": 0, "y": 3, "builds": {"from": "A", "suit": "S", "direction": "up"}}]}
    opening = {"piles": {f"p{k}": ["~2S", "3H", "4D"] for k in range(6)}}

    def drawn(styled: bool) -> dict:
        root = etree.fromstring(f'<html xmlns="{downloads.XHTML}"><body><figure class="table-figure">'
                                f'{svg.layout_svg(layout, opening)}</figure></body></html>')
        if styled:
            pdf._style_figures(root)  # noqa: SLF001
        path = tmp_path / f"{styled}.pdf"
        _render(etree.tostring(root, encoding="unicode")).write_pdf(path)
        return ink(image(path, 1), (50, 250))

    # Unstyled, WeasyPrint fills every card black (the bug); styled, the faces stay white.
    assert drawn(False)["dark"] > 0.1
    styled = drawn(True)
    assert styled["dark"] < 0.06 and styled["edges"] >= 12, styled
    text = subprocess.run([_tool("pdftotext"), str(tmp_path / "True.pdf"), "-"], capture_output=True, text=True).stdout
    assert "A♠↑" in text  # the foundation's label is drawn (WeasyPrint's SVG takes no `font` shorthand)
