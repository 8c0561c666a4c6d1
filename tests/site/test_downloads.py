"""The downloads: EPUB 3 valid (epubcheck), in the book's order, the English
as parallel sections, the apparatus as notes, the assumptions as an
appendix; the PDF with every game, a sensible page count and its fonts
embedded (pdffonts), covering the pre-reform letters; each linked, with its
size, from every page's header and from the Sources page."""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from pathlib import Path

import lxml.html
import pytest
import regex
from lxml import etree

from edition import downloads, fonts
from edition.spelling import OLD_WORD

X = {"x": "http://www.w3.org/1999/xhtml", "epub": "http://www.idpf.org/2007/ops", "opf": "http://www.idpf.org/2007/opf",
     "dc": "http://purl.org/dc/elements/1.1/"}
OLD_LETTERS = "ѣѢіІѳѲѵѴ"
PAGES = (40, 160)  # A5 pages of the whole book: about 70 today


def _tool(name: str) -> str:
    path = shutil.which(name)
    if not path:
        pytest.fail(f"{name} is missing: run `make system`")
    return path


def _files(built_site, suffix):
    found = sorted((built_site / "downloads").glob(f"*{suffix}"))
    assert [p.name for p in found] == [f"pasyans-1912{suffix}", f"pasyans-modern{suffix}"]
    return found


def test_the_epubs_are_valid(built_site):
    jar = Path(_tool("epubcheck")).resolve()
    java = _tool("java")
    checks = [subprocess.Popen([java, "-jar", str(jar), "--quiet", str(path)], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True) for path in _files(built_site, ".epub")]
    for check in checks:  # both at once: the JVM takes its time to start
        output = check.communicate(timeout=600)[0]
        assert check.returncode == 0, output
        assert "ERROR" not in output and "WARNING" not in output, output


def _epub(path):
    archive = zipfile.ZipFile(path)
    opf = etree.fromstring(archive.read("OEBPS/package.opf"))
    manifest = {item.get("id"): item.get("href") for item in opf.iterfind(".//opf:item", X)}
    spine = [manifest[ref.get("idref")] for ref in opf.iterfind(".//opf:itemref", X)]
    chapters = {name: etree.fromstring(archive.read(f"OEBPS/{name}")) for name in spine}
    return archive, opf, spine, chapters


@pytest.mark.parametrize("layer", downloads.LAYERS)
def test_the_epub_holds_the_whole_book(built_site, edition_data, layer):
    archive, opf, spine, chapters = _epub(built_site / "downloads" / f"pasyans-{layer}.epub")
    assert archive.namelist()[0] == "mimetype" and archive.getinfo("mimetype").compress_type == zipfile.ZIP_STORED
    games = [g.slug for g in edition_data.games]
    assert spine == ["title.xhtml", "book-figures.xhtml", "book-glossary.xhtml", *[f"game-{s}.xhtml" for s in games],
                     "appendix-assumptions.xhtml", "colophon.xhtml"]
    title = opf.findtext(".//dc:title", namespaces=X)
    assert title == (edition_data.book["title"] if layer == "1912" else edition_data.modern[edition_data.book["title"]])
    for game in edition_data.games:
        chapter = chapters[f"game-{game.slug}.xhtml"]
        ids = set(chapter.xpath("//@id"))
        assert {c.id for c in game.clauses} <= ids  # every clause, with its anchor
        english = chapter.xpath("//x:section[@class='translation']//x:span[@class='clause-en']", namespaces=X)
        assert [el.get("id") for el in english] == [f"en-{c.id}" for c in game.clauses]
        refs = chapter.xpath("//x:a[@epub:type='noteref']/@href", namespaces=X)
        notes = chapter.xpath("//x:aside[@epub:type='footnote']/@id", namespaces=X)
        assert [r.lstrip("#") for r in refs] == notes and len(notes) >= len(game.readings)
    appendix = "".join(chapters["appendix-assumptions.xhtml"].itertext())
    assert all(identifier in appendix for identifier in edition_data.assumptions)
    # Its Russian is in one spelling: the 1912 letters in the one, none in the other
    # (what a witness has stays as it has it: the notes quote the OCR).
    text = []
    for chapter in chapters.values():
        for quoted in chapter.xpath("//x:aside[@epub:type='footnote'] | //x:del", namespaces=X):
            quoted.getparent().remove(quoted)
        text.append(" ".join(chapter.itertext()))
    words = [w for w in regex.findall(r"\p{L}+", " ".join(text)) if OLD_WORD.fullmatch(w)]
    assert (len(words) > 500) if layer == "1912" else (words == []), words[:10]


@pytest.mark.parametrize("layer", downloads.LAYERS)
def test_the_epub_fonts_are_embedded_and_cover_its_text(built_site, layer, tmp_path):
    archive, opf, spine, chapters = _epub(built_site / "downloads" / f"pasyans-{layer}.epub")
    names = [n for n in archive.namelist() if n.startswith("OEBPS/fonts/")]
    assert any("OldStandard" in n for n in names)
    style = archive.read("OEBPS/style.css").decode()
    assert all(f'url("{n.removeprefix("OEBPS/")}")' in style for n in names)
    from fontTools.ttLib import TTFont

    regular = tmp_path / "regular.ttf"
    regular.write_bytes(archive.read("OEBPS/fonts/OldStandardTT-normal-normal.ttf"))
    cmap = TTFont(regular).getBestCmap()
    cyrillic = {c for chapter in chapters.values() for c in "".join(chapter.itertext()) if "\u0400" <= c <= "\u04ff"}
    assert not {c for c in cyrillic if ord(c) not in cmap}
    if layer == "1912":
        assert {"ѣ", "і"} <= cyrillic


def test_the_typeface_has_every_pre_reform_letter():
    for face in fonts.faces():
        if face.family == fonts.FAMILY:
            assert fonts.covers(face.path, OLD_LETTERS + "ЁёЪъ") == "", face.path


def _pdf_text(path) -> str:
    return subprocess.run([_tool("pdftotext"), str(path), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("layer", downloads.LAYERS)
def test_the_pdf_has_every_game_and_a_book_s_length(built_site, edition_data, layer):
    path = built_site / "downloads" / f"pasyans-{layer}.pdf"
    info = subprocess.run([_tool("pdfinfo"), str(path)], capture_output=True, text=True, check=True).stdout
    pages = int(regex.search(r"Pages:\s+(\d+)", info).group(1))
    assert PAGES[0] <= pages <= PAGES[1], pages
    text = " ".join(_pdf_text(path).split())
    for game in edition_data.games:
        title = game.title_old if layer == "1912" else game.title_plain
        assert title in text and game.title_en in text, game.slug
    assert "Appendix: the engine’s editorial assumptions" in text
    if layer == "1912":  # (the modern PDF's footnotes quote the OCR in its own letters)
        assert "ѣ" in text and "і" in text


@pytest.mark.parametrize("layer", downloads.LAYERS)
def test_the_pdf_fonts_are_embedded(built_site, layer):
    path = built_site / "downloads" / f"pasyans-{layer}.pdf"
    table = subprocess.run([_tool("pdffonts"), str(path)], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in table.splitlines()[2:] if line.strip()]
    assert rows
    for row in rows:
        name, emb, sub, uni = row[0], row[-5], row[-4], row[-3]
        assert (emb, uni) == ("yes", "yes"), row  # embedded, and the text can be copied out
        # Only the edition's typefaces: a fallback font would mean a letter the typeface lacks.
        assert regex.search(r"\+(Old-Standard-TT|DejaVu-Sans)", name), row
    assert any("Old-Standard-TT" in row[0] for row in rows)


def test_every_page_links_every_download_with_its_size(built_site):
    files = [built_site / "downloads" / f"pasyans-{layer}.{kind}" for kind in ("epub", "pdf", "txt")
             for layer in downloads.LAYERS]
    assert sorted(files) == sorted((built_site / "downloads").iterdir())
    files.append(built_site / "edition.tei.xml")  # the TEI document, at the site's root
    names = [path.relative_to(built_site).as_posix() for path in files]
    for page in built_site.rglob("*.html"):
        root = page.relative_to(built_site).as_posix().count("/") * "../"
        if page.name == "404.html":
            root = "/"  # served for a missing path at any depth: its links start at the site's root
        tree = lxml.html.parse(str(page))
        links = tree.xpath('//header[@class="site"]//details[@class="downloads"]//li')
        assert len(links) == len(files), page
        for item, path, name in zip(links, files, names):
            assert item.xpath(".//a/@href") == [f"{root}{name}"]
            size = downloads.Download(path.name, "", "", "", "", path.stat().st_size).size
            assert size in item.text_content(), (page, size)
    sources = lxml.html.parse(str(built_site / "sources.html"))
    hrefs = sources.xpath('//table[@class="download-list"]//a/@href')
    assert hrefs == names


@pytest.mark.parametrize("layer", downloads.LAYERS)
def test_the_plain_text_holds_the_book_in_its_spelling(built_site, edition_data, layer):
    import unicodedata

    raw = (built_site / "downloads" / f"pasyans-{layer}.txt").read_bytes()
    text = raw.decode("utf-8")  # UTF-8, or this fails
    assert unicodedata.normalize("NFC", text) == text and "\r" not in text and not text.startswith("\ufeff")
    flat = " ".join(text.split())
    for game in edition_data.games:
        assert (game.title_old if layer == "1912" else game.title_plain) in flat, game.slug
        for clause in game.clauses:  # every clause of the book and of the modern texts, in this spelling
            words = " ".join((clause.plain_1912 if layer == "1912" else clause.plain_modern).split())
            assert words in flat, (layer, clause.id)
    old = sum(text.count(letter) for letter in OLD_LETTERS)
    if layer == "1912":  # the pre-reform letters as the 1912 layer has them, not replaced
        letters = {c for game in edition_data.games for clause in game.clauses for c in clause.plain_1912 if c in OLD_LETTERS}
        assert letters >= {"ѣ", "і"} and letters <= set(text) and old > 300
    else:
        assert old < 10  # only where the editors' notes name the letters
