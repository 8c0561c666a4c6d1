"""The whole book as an EPUB 3, one spelling per file.

The download document (edition.downloads) is cut into chapters: the title
page, the explanation of the figures, the glossary, one chapter per game
(the part's heading opens its first chapter; a note on lost games opens
the chapter after it), the appendix of assumptions and the colophon. Links
between chapters are rewritten to name their file; the apparatus becomes
EPUB footnotes; the fonts are embedded as subsets. epubcheck checks the
result in the tests.
"""

from __future__ import annotations

import copy
import datetime
import os
import uuid
import zipfile
from pathlib import Path

from lxml import etree

from edition import SITE, downloads, fonts
from edition.downloads import EPUB_NS, XHTML, classes
from edition.model import Edition

STYLE = SITE / "downloads" / "epub.css"
OPF = "http://www.idpf.org/2007/opf"
DC = "http://purl.org/dc/elements/1.1/"
SVG = "http://www.w3.org/2000/svg"


def _modified() -> str:
    """dcterms:modified: SOURCE_DATE_EPOCH where set (reproducible builds), else now."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = (datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc) if epoch
              else datetime.datetime.now(datetime.timezone.utc))
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _text(el) -> str:
    return " ".join("".join(el.itertext()).split())


class Chapter:
    def __init__(self, name: str, title: str, kind: str = "chapter"):
        self.name = name
        self.title = title
        self.kind = kind  # its epub:type
        self.body: list = []

    @property
    def has_svg(self) -> bool:
        return any(True for el in self.body for _ in el.iter(f"{{{SVG}}}svg"))


def chapters(root) -> list[Chapter]:
    body = root.find(f"{{{XHTML}}}body")
    title = Chapter("title.xhtml", "Title page", "titlepage")
    found = [title]
    waiting: list = []  # a part's heading or a note on lost games: they open the next chapter
    for child in body:
        kind = classes(child)
        if "book-part" in kind and child.get("id", "").startswith("part-"):
            for item in child:
                if "book-game" in classes(item):
                    slug = item.get("id")
                    heading = item.find(f"{{{XHTML}}}h3")
                    chapter = Chapter(f"{slug}.xhtml", _text(heading) if heading is not None else slug)
                    chapter.body = waiting + [item]
                    waiting = []
                    found.append(chapter)
                else:
                    waiting.append(item)
        elif "book-part" in kind:  # the appendix, the colophon
            heading = child.find(f"{{{XHTML}}}h2")
            chapter = Chapter(f"{child.get('id')}.xhtml", _text(heading), "appendix" if "appendix" in kind else "colophon")
            chapter.body = waiting + [child]
            waiting = []
            found.append(chapter)
        else:
            title.body.append(child)
    return found


def _page(chapter: Chapter, lang: str, homes: dict[str, str]) -> bytes:
    html = etree.Element(f"{{{XHTML}}}html", nsmap={None: XHTML, "epub": EPUB_NS})
    html.set("lang", lang)
    html.set("{http://www.w3.org/XML/1998/namespace}lang", lang)
    head = etree.SubElement(html, f"{{{XHTML}}}head")
    etree.SubElement(head, f"{{{XHTML}}}meta", charset="utf-8")
    etree.SubElement(head, f"{{{XHTML}}}title").text = chapter.title
    etree.SubElement(head, f"{{{XHTML}}}link", rel="stylesheet", type="text/css", href="style.css")
    body = etree.SubElement(html, f"{{{XHTML}}}body")
    section = etree.SubElement(body, f"{{{XHTML}}}section", {f"{{{EPUB_NS}}}type": chapter.kind})
    for el in chapter.body:
        section.append(copy.deepcopy(el))
    for link in html.iter(f"{{{XHTML}}}a"):
        href = link.get("href", "")
        if href.startswith("#") and homes.get(href[1:], chapter.name) != chapter.name:
            link.set("href", homes[href[1:]] + href)
    for el in html.iter():  # attributes that only the site's scripts read
        for name in [n for n in el.attrib if n.startswith("data-")]:
            del el.attrib[name]
    return b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n' + etree.tostring(html, encoding="utf-8")


def _nav(found: list[Chapter], lang: str, title: str) -> bytes:
    items = []
    for chapter in found:
        items.append(f'<li><a href="{chapter.name}">{_escape(chapter.title)}</a></li>')
    games = next((c.name for c in found if c.kind == "chapter"), found[0].name)
    return f"""<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="{XHTML}" xmlns:epub="{EPUB_NS}" lang="{lang}" xml:lang="{lang}">
<head><meta charset="utf-8"/><title>{_escape(title)}</title><link rel="stylesheet" type="text/css" href="style.css"/></head>
<body>
<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>{''.join(items)}</ol></nav>
<nav epub:type="landmarks" hidden="hidden"><h2>Landmarks</h2><ol>
<li><a epub:type="titlepage" href="title.xhtml">Title page</a></li>
<li><a epub:type="bodymatter" href="{games}">The book</a></li>
</ol></nav>
</body>
</html>""".encode("utf-8")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _font_css(faces: list[fonts.Face]) -> str:
    return "".join(f'@font-face {{ font-family: "{face.family}"; font-style: {face.style}; font-weight: {face.weight}; '
                   f'src: url("fonts/{face.name}"); }}\n' for face in faces)


def _package(edition: Edition, layer: str, found: list[Chapter], faces: list[fonts.Face], title: str) -> bytes:
    identifier = uuid.uuid5(uuid.NAMESPACE_URL, f"pasyans:{edition.version}:{layer}")
    items = ['<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
             '<item id="style" href="style.css" media-type="text/css"/>']
    items += [f'<item id="font-{k}" href="fonts/{face.name}" media-type="font/ttf"/>' for k, face in enumerate(faces)]
    spine = []
    for k, chapter in enumerate(found):
        properties = ' properties="svg"' if chapter.has_svg else ""
        items.append(f'<item id="c{k}" href="{chapter.name}" media-type="application/xhtml+xml"{properties}/>')
        spine.append(f'<itemref idref="c{k}"/>')
    spelling = downloads.SPELLING_NAMES[layer]
    return f"""<?xml version="1.0" encoding="utf-8"?>
<package xmlns="{OPF}" version="3.0" unique-identifier="uid" xml:lang="en">
<metadata xmlns:dc="{DC}">
<dc:identifier id="uid">urn:uuid:{identifier}</dc:identifier>
<dc:title>{_escape(title)}</dc:title>
<dc:language>ru</dc:language>
<dc:language>en</dc:language>
<dc:contributor id="editors">the pasyans project</dc:contributor>
<meta refines="#editors" property="role" scheme="marc:relators">edt</meta>
<dc:publisher>the pasyans project</dc:publisher>
<dc:date>1912</dc:date>
<dc:description>The surviving text of the 1912 Russian translation of Lady Adelaide Cadogan’s Illustrated Games of Patience, in the {spelling}, with the editors’ English translation, apparatus and notes; edition version {edition.version}.</dc:description>
<dc:rights>The 1912 text is in the public domain; the translation, apparatus and notes are under the MIT licence.</dc:rights>
<meta property="dcterms:modified">{_modified()}</meta>
<meta property="schema:accessMode">textual</meta>
<meta property="schema:accessMode">visual</meta>
<meta property="schema:accessModeSufficient">textual</meta>
<meta property="schema:accessibilityFeature">structuralNavigation</meta>
<meta property="schema:accessibilityFeature">tableOfContents</meta>
<meta property="schema:accessibilityHazard">none</meta>
</metadata>
<manifest>
{chr(10).join(items)}
</manifest>
<spine>
{chr(10).join(spine)}
</spine>
</package>""".encode("utf-8")


CONTAINER = b"""<?xml version="1.0" encoding="utf-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/package.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>"""


def write(edition: Edition, layer: str, path: Path) -> Path:
    root = downloads.as_notes(downloads.document(edition, layer))
    lang = root.get("lang")
    title = root.findtext(f"{{{XHTML}}}head/{{{XHTML}}}title")
    found = chapters(root)
    homes = {el.get("id"): chapter.name for chapter in found for top in chapter.body for el in top.iter()
             if isinstance(el.tag, str) and el.get("id")}
    faces = fonts.faces()
    text = "".join(root.itertext())
    with zipfile.ZipFile(path, "w") as archive:
        # The mimetype comes first and uncompressed (EPUB OCF).
        archive.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip", compress_type=zipfile.ZIP_STORED)

        def put(name: str, data: bytes) -> None:
            archive.writestr(zipfile.ZipInfo(name), data, compress_type=zipfile.ZIP_DEFLATED)

        put("META-INF/container.xml", CONTAINER)
        put("OEBPS/package.opf", _package(edition, layer, found, faces, title))
        put("OEBPS/nav.xhtml", _nav(found, lang, title))
        put("OEBPS/style.css", (_font_css(faces) + STYLE.read_text(encoding="utf-8")).encode("utf-8"))
        for face in faces:
            wanted = text if face.family == fonts.FAMILY else "".join(c for c in fonts.SYMBOLS if c in text)
            put(f"OEBPS/fonts/{face.name}", fonts.subset(face, wanted))
        for chapter in found:
            put(f"OEBPS/{chapter.name}", _page(chapter, lang, homes))
    return path
