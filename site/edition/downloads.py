"""The book to take away: an EPUB 3 and a PDF in each spelling, made from
the same document as the whole-book page.

`document()` renders `download.html` (the whole book through the same
`_book_body.html` as book.html, then the assumptions appendix and a
colophon) and reduces it to one spelling layer; `as_notes()` turns each
apparatus mark into a note (an EPUB footnote, a PDF footnote). `build()`
writes the four files and the plain texts (edition.plaintext), and returns
what the pages link to, sizes included, the TEI document among them.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from edition import fonts, markup
from edition.markup import kind_label
from edition.model import Edition

log = logging.getLogger("edition")

XHTML = "http://www.w3.org/1999/xhtml"
EPUB_NS = "http://www.idpf.org/2007/ops"
LAYERS = ("1912", "modern")
SPELLING_NAMES = {"1912": "1912 spelling", "modern": "modern spelling"}


@dataclass
class Download:
    path: str  # relative to the site root
    label: str
    format: str
    mime: str
    about: str
    bytes: int
    seconds: float = 0.0  # how long it took to make

    @property
    def size(self) -> str:
        return f"{self.bytes / 1024:.0f} KB" if self.bytes < 1024 * 1024 else f"{self.bytes / 1024 / 1024:.1f} MB"


def classes(el) -> set[str]:
    return set((el.get("class") or "").split())


def _drop_tree(el) -> None:
    """Remove an element and its content, keeping the text after it."""
    parent = el.getparent()
    previous = el.getprevious()
    if el.tail:
        if previous is not None:
            previous.tail = (previous.tail or "") + el.tail
        else:
            parent.text = (parent.text or "") + el.tail
    parent.remove(el)


def _drop_tag(el) -> None:
    """Replace an element by its content."""
    parent = el.getparent()
    index = parent.index(el)
    previous = el.getprevious()
    if el.text:
        if previous is not None:
            previous.tail = (previous.tail or "") + el.text
        else:
            parent.text = (parent.text or "") + el.text
    children = list(el)
    if children:
        children[-1].tail = (children[-1].tail or "") + (el.tail or "")
    elif el.tail:
        if previous is not None:
            previous.tail = (previous.tail or "") + el.tail
        else:
            parent.text = (parent.text or "") + el.tail
    parent.remove(el)
    for offset, child in enumerate(children):
        parent.insert(index + offset, child)


def one_layer(root, layer: str):
    """Keep one spelling layer: the other's spans go, this one's unwrap
    (their `lang` moves to the document)."""
    drop, keep = ("l-m", "l-o") if layer == "1912" else ("l-o", "l-m")
    for el in [el for el in root.iter() if isinstance(el.tag, str) and drop in classes(el)]:
        _drop_tree(el)
    for el in [el for el in root.iter() if isinstance(el.tag, str) and keep in classes(el)]:
        _drop_tag(el)
    if layer == "1912":  # all of the Russian is now in the 1912 spelling
        for el in root.iter():
            if isinstance(el.tag, str) and el.get("lang") == "ru":
                el.set("lang", markup.OLD_LANG)
    return root


def as_notes(root):
    """Each apparatus mark (`span.app` with its `span.tip`) becomes an EPUB
    footnote: a numbered noteref after the word, an <aside epub:type="footnote">
    at the end of its game."""
    for section in root.iter(f"{{{XHTML}}}section"):
        if "book-game" not in classes(section):
            continue
        asides = []
        for number, mark in enumerate([el for el in section.iter(f"{{{XHTML}}}span") if "app" in classes(el)], 1):
            tip = _plain_mark(mark)
            if tip is None:
                continue
            note_id = f"note-{mark.get('id')}"
            ref = etree.Element(f"{{{XHTML}}}a", {"href": f"#{note_id}", "class": "noteref",
                                                   f"{{{EPUB_NS}}}type": "noteref", "id": f"ref-{mark.get('id')}"})
            ref.text = str(number)
            ref.tail, mark.tail = mark.tail, None
            mark.addnext(ref)
            aside = etree.Element(f"{{{XHTML}}}aside", {"id": note_id, "class": "footnote",
                                                        f"{{{EPUB_NS}}}type": "footnote"})
            paragraph = etree.SubElement(aside, f"{{{XHTML}}}p")
            back = etree.SubElement(paragraph, f"{{{XHTML}}}a", {"href": f"#ref-{mark.get('id')}"})
            back.text = f"{number}."
            back.tail = " " + (tip.text or "")
            paragraph.extend(list(tip))
            asides.append(aside)
        if asides:
            notes = etree.SubElement(section, f"{{{XHTML}}}section", {"class": "notes", f"{{{EPUB_NS}}}type": "footnotes"})
            etree.SubElement(notes, f"{{{XHTML}}}h4", {"class": "section"}).text = "Notes"
            notes.extend(asides)
    return root


def _plain_mark(mark):
    """Take the note (`span.tip`) out of an apparatus mark and drop the
    attributes only the site's tooltips use; returns the note."""
    tip = next((el for el in mark if "tip" in classes(el)), None)
    for name in ("tabindex", "aria-describedby"):
        mark.attrib.pop(name, None)
    if tip is not None:
        mark.remove(tip)
    return tip


BLOCKS = {f"{{{XHTML}}}{name}" for name in ("p", "h3", "h4", "dt", "li")}


def as_footnotes(root, readings: dict):
    """For print: one footnote per paragraph (or heading) listing the
    apparatus of its marked words, «lemma] witness reading (kind)»; a reason
    is given where it is not the one the legend (`legend()`) gives for the
    kind. `readings` are the Reading records by id."""
    common = legend(readings.values())
    blocks: dict = {}
    for mark in [el for el in root.iter(f"{{{XHTML}}}span") if "app" in classes(el)]:
        _plain_mark(mark)
        reading = readings.get(mark.get("id", "").removesuffix("-m"))
        block = next((a for a in mark.iterancestors() if a.tag in BLOCKS), None)
        if reading is not None and block is not None:
            blocks.setdefault(block, []).append(("".join(mark.itertext()), reading))
    for block, entries in blocks.items():
        note = etree.SubElement(block, f"{{{XHTML}}}span", {"class": "footnote"})
        for k, (lemma, reading) in enumerate(entries):
            item = etree.SubElement(note, f"{{{XHTML}}}span", {"class": "entry"})
            item.text = f"{'; ' if k else ''}{lemma}] {reading.witness or 'witness'} "
            wrong = etree.SubElement(item, f"{{{XHTML}}}del", {"class": "diplomatic"})
            wrong.text = reading.original
            reason = reading.reason.rstrip(".") if reading.reason != common.get(reading.kind) else ""
            wrong.tail = f" ({kind_label(reading.kind)}{': ' + reason if reason else ''})"
        item.tail = "."
    return root


def legend(readings) -> dict[str, str]:
    """The reason most often given for each kind of reading."""
    counts: dict[str, dict[str, int]] = {}
    for reading in readings:
        by_reason = counts.setdefault(reading.kind, {})
        by_reason[reading.reason] = by_reason.get(reading.reason, 0) + 1
    return {kind: max(reasons, key=reasons.get) for kind, reasons in counts.items() if max(reasons, key=reasons.get)}


def document(edition: Edition, layer: str, env=None):
    """The whole book as one XHTML tree, in `layer`'s spelling, its
    apparatus marks still inline."""
    from edition import citation, render

    env = env or render.make_environment()
    book = edition.book
    title = " ".join(book["title"].split()) if layer == "1912" else edition.modern.get(book["title"], book["title"])
    html = env.get_template("download.html").render(
        edition=edition, layer=layer, root="", book_title=title, citation_editors=citation.EDITORS,
        reference=citation.plain_reference(edition, layer), font_credit=fonts.CREDIT,
        rules_by_clause={}, terms_by_id={}, titles={}, source_files=set(), downloads=[], citation={})
    root = etree.fromstring(html.encode("utf-8"), etree.XMLParser(resolve_entities=False, no_network=True))
    root.set("lang", markup.OLD_LANG if layer == "1912" else "ru")
    root.set("{http://www.w3.org/XML/1998/namespace}lang", root.get("lang"))
    return one_layer(root, layer)


# The labels of the files added beside the EPUBs and PDFs, Russian and
# English (for the interface's message catalogue; the pages show the English
# for now, as they do the others').
WORDS = {
    "text": {"en": ("Plain text, {name}", "The whole book as plain text in the {name}, UTF-8 (NFC){letters}: the Russian, "
                    "the English after each game and the editors’ notes, without the apparatus."),
             "ru": ("Простой текст, {name}", "Вся книга простым текстом, {name}, UTF-8 (NFC){letters}: русский текст, "
                    "английский перевод после каждой игры и примечания редакторов, без аппарата.")},
    "tei": {"en": ("TEI document", "The edition’s source of truth, TEI P5 XML: both spellings, the OCR as read, every "
                   "repair and variant, the clauses with their ids, the English translation."),
            "ru": ("Документ TEI", "Основа издания, TEI P5 XML: обе орфографии, текст OCR как он прочитан, каждое "
                   "исправление и разночтение, фразы с их идентификаторами, английский перевод.")},
    "letters": {"en": ", with ѣ, і, ѳ and ѵ as printed", "ru": ", с буквами ѣ, і, ѳ и ѵ как в печати"},
    "names": {"en": SPELLING_NAMES, "ru": {"1912": "орфография 1912 года", "modern": "современная орфография"}},
}


def _added(edition: Edition, folder: Path, language: str = "en") -> list[Download]:
    """The plain text of each spelling (written here) and the TEI document
    (written by render.build at the site's root)."""
    from edition import plaintext

    made = []
    for layer in LAYERS:
        start = time.perf_counter()
        path = plaintext.write(edition, layer, folder / f"pasyans-{layer}.txt")
        name = WORDS["names"][language][layer]
        label, about = WORDS["text"][language]
        letters = WORDS["letters"][language] if layer == "1912" else ""
        made.append(Download(f"downloads/{path.name}", label.format(name=name), "Text, UTF-8", "text/plain",
                             about.format(name=name, letters=letters), path.stat().st_size, time.perf_counter() - start))
    if edition.tei is not None:
        label, about = WORDS["tei"][language]
        made.append(Download("edition.tei.xml", label, "TEI P5 XML", "application/xml", about, len(edition.tei)))
    return made


def build(edition: Edition, out: Path) -> list[Download]:
    """Write the EPUB and the PDF of each spelling into `out/downloads/`,
    then the plain texts; list the TEI document with them."""
    from edition import epub, pdf

    folder = out / "downloads"
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for layer in LAYERS:
        name = SPELLING_NAMES[layer]
        start = time.perf_counter()
        path = epub.write(edition, layer, folder / f"pasyans-{layer}.epub")
        made.append(Download(f"downloads/{path.name}", f"EPUB, {name}", "EPUB 3", "application/epub+zip",
                             f"The whole book for an e-reader in the {name}: the English translation after each game, "
                             "the apparatus as notes, the editorial assumptions as an appendix.",
                             path.stat().st_size, time.perf_counter() - start))
    for layer in LAYERS:
        name = SPELLING_NAMES[layer]
        start = time.perf_counter()
        path = pdf.write(edition, layer, folder / f"pasyans-{layer}.pdf")
        made.append(Download(f"downloads/{path.name}", f"PDF, {name}", "PDF, A5", "application/pdf",
                             f"The whole book for print in the {name}, A5 pages: the apparatus as footnotes, "
                             "the English after each game, the tables redrawn, the appendix of assumptions.",
                             path.stat().st_size, time.perf_counter() - start))
    made += _added(edition, folder)
    for download in made:
        log.info("wrote %s (%s) in %.1f s", download.path, download.size, download.seconds)
    return made
