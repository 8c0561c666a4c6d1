"""The whole book as plain text, one spelling per file: UTF-8, NFC, the
pre-reform letters (ѣ і ѳ ѵ) as the 1912 layer has them, the text alone.

Made from the document the EPUB and the PDF are made from
(`downloads.document`): the apparatus marks keep their word and lose their
note, the redrawn tables their drawing (the caption stays), and each heading
or paragraph becomes one line, a blank line between them; the book's parts
and games are underlined, so that they stand out without markup. The
introduction about notes becomes a short header saying where the apparatus
is (the EPUB, the PDF and the TEI keep it).
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from lxml import etree

from edition import downloads
from edition.downloads import XHTML, classes
from edition.model import Edition

SVG = "http://www.w3.org/2000/svg"
BLOCKS = {"h1", "h2", "h3", "h4", "p", "dt", "dd", "li"}
UNDERLINE = {"h1": "=", "h2": "=", "h3": "-"}
# The file's own words, Russian first, for the interface's message catalogue.
HEADER = {
    "ru": "Простой текст: только текст книги, перевод и примечания редакторов, без аппарата. Каждое исправление "
          "распознанного текста и каждое разночтение свидетелей приведены в TEI, EPUB и PDF этого издания.",
    "en": "Plain text: the book’s text, the translation and the editors’ notes alone, without the apparatus. Every "
          "repair of the OCR and every variant between witnesses is in the edition’s TEI, EPUB and PDF.",
}


def _line(element) -> str:
    return " ".join("".join(element.itertext()).split())


def text(edition: Edition, layer: str) -> str:
    root = downloads.document(edition, layer)
    for mark in [el for el in root.iter(f"{{{XHTML}}}span") if "app" in classes(el)]:
        downloads._plain_mark(mark)  # noqa: SLF001 (the note goes; the word stays)
    drop = [*root.iter(f"{{{SVG}}}svg"), *(el for el in root.iter() if isinstance(el.tag, str)
                                          and classes(el) & {"about", "this-file", "drawn"})]
    for element in drop:
        downloads._drop_tree(element)  # noqa: SLF001
    paragraphs = []
    for element in root.find(f"{{{XHTML}}}body").iter():
        if not isinstance(element.tag, str):
            continue
        name = etree.QName(element).localname
        if name not in BLOCKS or any(etree.QName(a).localname in BLOCKS for a in element.iterancestors()):
            continue
        line = _line(element)
        if not line:
            continue
        if name in UNDERLINE:
            line += "\n" + UNDERLINE[name] * len(line)
        paragraphs.append(line)
        if name == "h1":  # after the title page's title: where the apparatus is
            paragraphs.extend(HEADER[language] for language in ("ru", "en"))
    return unicodedata.normalize("NFC", "\n\n".join(paragraphs) + "\n")


def write(edition: Edition, layer: str, path: Path) -> Path:
    path.write_text(text(edition, layer), encoding="utf-8", newline="\n")
    return path
