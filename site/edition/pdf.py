"""The whole book as a PDF for print, one spelling per file, by WeasyPrint.

WeasyPrint (a maintained, LaTeX-free typesetter on PyPI, with Pango from
Debian) reads the download document with `site/downloads/pdf.css`: A5
pages, running heads with the game's title, the apparatus as real
footnotes (CSS `float: footnote`), a contents page with page numbers, and
PDF bookmarks from the headings. Fonts come from the machine (edition.fonts)
and are embedded as subsets; WeasyPrint fetches nothing (every URL it is
offered is refused). The redrawn tables carry their own style
(`pdf-figure.css`: WeasyPrint styles an inline SVG from inside it only), and
no page is left holding only a spill (edition.pdfpages).
"""

from __future__ import annotations

import logging
from pathlib import Path

from lxml import etree

from edition import SITE, downloads, fonts, pdfpages
from edition.downloads import XHTML, classes
from edition.markup import kind_label
from edition.model import Edition
from pasyans.errors import InputError

STYLE = SITE / "downloads" / "pdf.css"
FIGURE_STYLE = SITE / "downloads" / "pdf-figure.css"
SVG = "http://www.w3.org/2000/svg"


def _no_fetching(url: str, *args, **kwargs):
    raise ValueError(f"the PDF fetches nothing ({url})")


def _contents(root) -> None:
    """A contents page after the introduction: every game and section."""
    body = root.find(f"{{{XHTML}}}body")
    nav = etree.Element(f"{{{XHTML}}}nav", {"class": "pdf-toc", "aria-label": "Contents"})
    etree.SubElement(nav, f"{{{XHTML}}}h2").text = "Contents"
    items = etree.SubElement(nav, f"{{{XHTML}}}ol")
    for section in body.iter(f"{{{XHTML}}}section"):
        if not ({"book-game", "appendix", "colophon"} & classes(section)) or not section.get("id"):
            continue
        heading = next((h for h in section if h.tag in (f"{{{XHTML}}}h2", f"{{{XHTML}}}h3")), None)
        if heading is None:
            continue
        link = etree.SubElement(etree.SubElement(items, f"{{{XHTML}}}li"), f"{{{XHTML}}}a", href=f"#{section.get('id')}")
        link.text = " ".join("".join(heading.itertext()).split())
    about = body.find(f"{{{XHTML}}}section[@id='about']")
    (about if about is not None else body[0]).addnext(nav)


def _style_figures(root) -> None:
    """Put the figures' stylesheet inside each SVG: WeasyPrint draws an
    inline SVG from its own <style> only (the site's CSP forbids one there,
    so the shared markup has none)."""
    rules = FIGURE_STYLE.read_text(encoding="utf-8")
    for drawing in root.iter(f"{{{SVG}}}svg"):
        style = etree.Element(f"{{{SVG}}}style", type="text/css")
        style.text = rules
        drawing.insert(0, style)


def all_readings(edition: Edition) -> dict:
    clauses = edition.clause_index().values()
    return {reading.id: reading for clause in clauses for reading in clause.readings}


def _legend(root, legend: dict[str, str]) -> None:
    """How to read the footnotes, in the introduction."""
    about = root.find(f".//{{{XHTML}}}section[@id='about']")
    if about is None or not legend:
        return
    paragraph = etree.SubElement(about, f"{{{XHTML}}}p")
    paragraph.text = ("The footnotes give the apparatus of each paragraph: the edition’s reading, a square bracket, "
                      "the witness and what it has, struck through, and the kind of repair. Unless a note says "
                      "otherwise, " + "; ".join(f"{kind_label(kind)}: {reason[:1].lower() + reason[1:].rstrip('.')}"
                                                for kind, reason in sorted(legend.items())) + ".")


def write(edition: Edition, layer: str, path: Path) -> Path:
    try:
        import weasyprint
    except OSError as error:  # its Pango (a Debian library) is missing
        raise InputError(f"WeasyPrint cannot start ({error}): run `make system`") from None

    fonts.faces()  # a clear error if the typeface is missing, before WeasyPrint falls back silently
    readings = all_readings(edition)
    root = downloads.as_footnotes(downloads.document(edition, layer), readings)
    _contents(root)
    _legend(root, downloads.legend(readings.values()))
    _style_figures(root)
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    style = weasyprint.CSS(filename=str(STYLE))

    def render(html: str):
        return weasyprint.HTML(string=html, url_fetcher=_no_fetching, base_url=str(SITE)).render(stylesheets=[style])

    document = pdfpages.layout(root, render)
    document.write_pdf(path, pdf_identifier=f"pasyans-{edition.version}-{layer}".encode(), uncompressed_pdf=False)
    return path
