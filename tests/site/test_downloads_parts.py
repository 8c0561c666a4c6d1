"""edition.downloads on small documents: one spelling layer kept, the
apparatus marks turned into EPUB notes or print footnotes; and the sample
edition's downloads made end to end."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from edition import downloads, inputs
from edition.model import Reading

X = "http://www.w3.org/1999/xhtml"
MARK = ('<span class="app ocr" tabindex="0" id="app-g.rule.1-1" aria-describedby="app-g.rule.1-1-tip">'
        'пачк<span class="l-o">ѣ</span><span class="l-m">е</span>'
        '<span class="tip" role="tooltip" id="app-g.rule.1-1-tip">Witness 000 has <del class="diplomatic">пачкђ</del> (OCR glyph).</span></span>')


def _doc(body: str):
    return etree.fromstring(f'<html xmlns="{X}"><body><section class="book-game" id="game-g"><p class="ru">'
                            f"{body}</p></section></body></html>")


def _text(root) -> str:
    return "".join(root.itertext())


def test_one_layer_keeps_the_text_around_the_spans():
    html = 'До <span class="l-o" lang="ru-petr1708">тѣхъ</span><span class="l-m">тех</span> поръ<b>!</b> x'
    assert _text(downloads.one_layer(_doc(html), "1912")) == "До тѣхъ поръ! x"
    assert _text(downloads.one_layer(_doc(html), "modern")) == "До тех поръ! x"
    root = downloads.one_layer(_doc(html), "1912")
    assert not root.xpath("//*[@class='l-o' or @class='l-m']")


def test_marks_become_epub_notes():
    root = downloads.as_notes(downloads.one_layer(_doc(f"В {MARK}, и {MARK.replace('1-1', '1-2')}."), "modern"))
    refs = root.xpath("//x:a[@class='noteref']", namespaces={"x": X})
    assert [r.text for r in refs] == ["1", "2"]
    assert _text(root.find(f".//{{{X}}}p")) == "В пачке1, и пачке2."
    (notes,) = root.xpath("//x:section[@class='notes']", namespaces={"x": X})
    asides = notes.findall(f"{{{X}}}aside")
    assert [a.get("id") for a in asides] == ["note-app-g.rule.1-1", "note-app-g.rule.1-2"]
    assert _text(asides[0]) == "1. Witness 000 has пачкђ (OCR glyph)."
    assert not root.xpath("//*[@tabindex or @aria-describedby or @role]")


def test_marks_become_one_footnote_per_paragraph():
    readings = {f"app-g.rule.1-{k}": Reading(id=f"app-g.rule.1-{k}", clause="g.rule.1", kind="ocr-glyph", text="пачкѣ",
                                            original="пачкђ", reason=reason, witness="000")
                for k, reason in ((1, "Yat read as dje."), (2, "Yat read as dje."), (3, "Something else."))}
    body = f"В {MARK}, {MARK.replace('1-1', '1-2')} и {MARK.replace('1-1', '1-3')}."
    root = downloads.as_footnotes(downloads.one_layer(_doc(body), "1912"), readings)
    (note,) = root.xpath("//x:span[@class='footnote']", namespaces={"x": X})
    assert _text(note) == ("пачкѣ] 000 пачкђ (OCR glyph); пачкѣ] 000 пачкђ (OCR glyph); "
                           "пачкѣ] 000 пачкђ (OCR glyph: Something else).")
    assert downloads.legend(readings.values()) == {"ocr-glyph": "Yat read as dje."}


def test_the_sample_edition_s_downloads(tmp_path):
    edition = inputs.load(inputs.Folder(Path(__file__).parent / "sample"))
    made = downloads.build(edition, tmp_path)
    assert [d.path for d in made] == ["downloads/pasyans-1912.epub", "downloads/pasyans-modern.epub",
                                      "downloads/pasyans-1912.pdf", "downloads/pasyans-modern.pdf",
                                      "downloads/pasyans-1912.txt", "downloads/pasyans-modern.txt", "edition.tei.xml"]
    assert made[-1].bytes == len(edition.tei)  # the TEI is written with the site (render.build), listed here
    for download in made[:-1]:
        path = tmp_path / download.path
        assert path.stat().st_size == download.bytes > 1000
        assert download.size.endswith("KB") or download.size.endswith("MB")
    assert (tmp_path / "downloads" / "pasyans-1912.pdf").read_bytes().startswith(b"%PDF-")
