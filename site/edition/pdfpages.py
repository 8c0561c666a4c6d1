"""No page of the PDF holds only a spill.

Each game (and each part, the contents, the colophon) starts on a new page,
so a section that overflows its last page by a few lines leaves a page that
holds only those lines. `layout()` lays the document out, finds each such
page (its text block less than `SPILL` full, the next page opened by a
forced break) and lets the element after it run on below the spill instead;
then lays it out again, since everything after it moved, until no spill is
left or `PASSES` are spent.
"""

from __future__ import annotations

import logging

from lxml import etree

SPILL = 0.25  # of a page's text block: a page filled less, before a forced break, holds only a spill
PASSES = 3
RUN_ON = "run-on"  # the class pdf.css gives an element that runs on after a spill
KEY = "data-pdf"  # marks each element that may open a page, to find it again in our tree
FORCED = {"page", "left", "right", "recto", "verso"}
log = logging.getLogger("edition")


def _boxes():
    from weasyprint.formatting_structure import boxes

    return boxes


def filled(page) -> float:
    """The share of the page's text block down to its last line or figure
    of the running text (not the footnotes: a spill's notes are a spill)."""
    boxes = _boxes()
    box = page._page_box  # noqa: SLF001 (WeasyPrint's laid-out page; no public API)
    bottom = box.content_box_y()
    for area in box.children:
        if isinstance(area, (boxes.MarginBox, boxes.FootnoteAreaBox)):  # the running head, page number, notes
            continue
        for child in area.descendants():
            if isinstance(child, (boxes.LineBox, boxes.ReplacedBox)):
                bottom = max(bottom, child.position_y + child.margin_height())
    return (bottom - box.content_box_y()) / box.height


def _elements(page) -> set:
    return {child.element for child in page._page_box.descendants() if child.element is not None}  # noqa: SLF001


def _opened_by(page, before: set):
    """The element whose forced break opens `page` (not one continued from
    the page before, whose elements are `before`), or None."""
    box = page._page_box.children[0]  # noqa: SLF001 (the root element's box)
    boxes = _boxes()
    while isinstance(box, boxes.ParentBox) and box.children and not isinstance(box, boxes.LineBox):
        box = box.children[0]
        if box.element is not None and box.element not in before and box.style["break_before"] in FORCED:
            return box.element
    return None


def spills(document) -> list[str]:
    """The keys of the elements to run on: each opens a page that follows
    a page holding only a spill (the first page is the title's own)."""
    pages = document.pages
    found = []
    for k in range(1, len(pages) - 1):
        if filled(pages[k]) < SPILL:
            opener = _opened_by(pages[k + 1], _elements(pages[k]))
            if opener is not None and opener.get(KEY):
                found.append(opener.get(KEY))
    return found


def layout(root, render):
    """Lay out `root` (our XHTML tree) with `render(html) -> Document`,
    running on past every spill; returns the last Document."""
    for number, element in enumerate(el for el in root.iter("{*}section", "{*}nav", "{*}h2", "{*}h3")):
        element.set(KEY, str(number))
    by_key = {element.get(KEY): element for element in root.iter() if element.get(KEY) is not None}
    for attempt in range(PASSES):
        document = render(etree.tostring(root, encoding="unicode", method="xml"))
        found = spills(document)
        if not found:
            return document
        if attempt == PASSES - 1:
            log.warning("the PDF still holds %d page(s) with only a spill", len(found))
            return document
        for key in found:
            element = by_key[key]
            element.set("class", " ".join([*(element.get("class") or "").split(), RUN_ON]))
    return document
