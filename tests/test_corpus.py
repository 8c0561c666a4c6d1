import shutil

import pytest

import corpus
from pasyans.errors import InputError


def test_every_witness_loads_and_matches_its_hash():
    witnesses = corpus.load()
    assert [w.id for w in witnesses] == ["000", "001", "002", "003", "004"]
    assert corpus.witness("000").lines[6] == "ОБЪЯСНЕНІЕ РИСУНКОВЪ."
    assert corpus.witness("001_f2f18856698ab8f6.txt").id == "001"


def test_boilerplate_is_not_book_text():
    w = corpus.witness("000")
    assert not w.is_book_line(1) and w.is_book_line(7) and not w.is_book_line(114)


def _copy_corpus(tmp_path):
    folder = tmp_path / "witnesses"
    shutil.copytree(corpus.WITNESSES, folder)
    manifest = tmp_path / "manifest.toml"
    shutil.copy(corpus.MANIFEST, manifest)
    return manifest, folder


def test_a_changed_witness_is_refused(tmp_path):
    manifest, folder = _copy_corpus(tmp_path)
    target = folder / "001_f2f18856698ab8f6.txt"
    target.write_bytes(target.read_bytes().replace("ђ".encode(), "ѣ".encode(), 1))
    with pytest.raises(InputError, match="witness 001 .* has changed"):
        corpus.load(manifest, folder)


def test_a_broken_manifest_names_file_and_line(tmp_path):
    manifest, folder = _copy_corpus(tmp_path)
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace('orthography = "modern"', 'orthography = "futurist"', 1), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        corpus.load(manifest, folder)
    assert caught.value.path == str(manifest) and caught.value.line is not None
    assert "orthography" in str(caught.value)


def test_overlapping_ranges_are_refused(tmp_path):
    manifest, folder = _copy_corpus(tmp_path)
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("book = [[7, 113]]", "book = [[6, 113]]"), encoding="utf-8")
    with pytest.raises(InputError, match="line 6 .* more than one range"):
        corpus.load(manifest, folder)


def test_a_witness_cites_its_own_source_exactly_when_it_is_not_the_book(tmp_path):
    cited = {w.id: w.cite for w in corpus.load()}
    assert cited["000"] is None and cited["002"].kind == "book" and cited["004"].kind == "web page"
    manifest, folder = _copy_corpus(tmp_path)
    text = manifest.read_text(encoding="utf-8")
    start = text.index("[witness.cite]", text.index('id = "002"'))
    end = text.index("[[witness]]", start)
    manifest.write_text(text[:start] + text[end:], encoding="utf-8")  # 002 without its source
    with pytest.raises(InputError, match="witness entry 3"):
        corpus.load(manifest, folder)
    manifest.write_text(text.replace('year = "unknown"', 'year = "about 1990"', 1), encoding="utf-8")
    with pytest.raises(InputError, match="cite.year"):
        corpus.load(manifest, folder)
