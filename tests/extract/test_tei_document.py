"""The TEI P5 document (extract/tei.py): schema-valid, complete, faithful."""

from __future__ import annotations

import pytest
from lxml import etree

from extract import tei

NS = {"t": tei.TEI_NS}


def russian(tree):
    return tree.find(".//t:group/t:text", NS)


@pytest.fixture(scope="session")
def tree(book):
    return tei.document()


@pytest.fixture(scope="session")
def segs(tree):
    return {seg.get(tei.XML_ID): seg for seg in tree.iter(tei.T + "seg")}


def test_valid_against_tei_all_with_lxml(tree, tei_schema):
    # tei_schema compiles tei_all once per session (about 15 s); validate() reuses it
    assert tei_schema.validate(tree), tei_schema.error_log
    assert tei.validate(tree) == []


def test_valid_with_jing(tree, tmp_path):
    path = tmp_path / "edition.xml"
    path.write_text(tei.serialize(tree), encoding="utf-8")
    errors = tei.validate_with_jing(path)
    if errors is None:
        pytest.skip("jing is not installed (apt-get install jing)")
    assert errors == []


def test_choice_pairs_are_checked():
    bad = etree.fromstring(f'<p xmlns="{tei.TEI_NS}"><choice><sic>a</sic><reg>b</reg></choice>'
                           f'<choice><orig>c</orig><reg>d</reg></choice></p>')
    problems = tei.check_choices(bad)
    assert len(problems) == 1 and "reg" in problems[0] and "sic" in problems[0]


def test_every_clause_is_a_seg_that_reads_back_in_every_layer(book, segs):
    for clause in book.clauses:
        seg = segs[clause.id]
        assert seg.get("type") == clause.kind
        assert tei.reading(seg, "raw") == clause.raw, clause.id
        assert tei.reading(seg, "diplomatic") == clause.text, clause.id
        assert tei.reading(seg, "modern") == clause.modern, clause.id


def test_english_is_parallel_by_corresp(book, segs):
    for clause in book.clauses:
        english = segs[f"en.{clause.id}"]
        assert english.get("corresp") == f"#{clause.id}"
        assert segs[clause.id].get("corresp") == f"#en.{clause.id}"
        assert english.text == clause.english


def test_every_pointer_resolves(tree):
    ids = {element.get(tei.XML_ID) for element in tree.iter() if element.get(tei.XML_ID)}
    for element in tree.iter():
        for name in ("corresp", "target", "wit", "ed", "resp", "ana"):
            for pointer in (element.get(name) or "").split():
                assert pointer.startswith("#") and pointer[1:] in ids, (name, pointer)


def test_games_captions_notes_and_variants(tree, book):
    games = russian(tree).findall(".//t:div[@type='game']", NS)
    assert [div.get("n") for div in games][:4] == ["belle-lucie", "house-in-the-wood", "house-on-the-hill", "cadran"]
    assert len(games) == 16
    heads = {seg.get(tei.XML_ID) for seg in tree.findall(".//t:figure/t:head/t:seg", NS)}
    assert {c.id for c in book.clauses if c.section == "table"} <= heads
    notes = " ".join("".join(n.itertext()) for n in tree.iter(tei.T + "note") if n.get("type") == "editorial")
    assert "Le Cadran" in notes and "Les Hémisphères" in notes
    readings = {(a.find("t:lem", NS).get("wit"), a.find("t:rdg", NS).get("wit")) for a in tree.iter(tei.T + "app")}
    assert readings == {("#w000", "#w003")}
    assert tree.find(".//t:variantEncoding", NS).get("method") == "parallel-segmentation"


def test_repairs_and_modern_spelling_are_marked(tree):
    sics = [el for el in tree.iter(tei.T + "sic")]
    regs = [el for el in tree.iter(tei.T + "reg")]
    assert sics and regs
    # the OCR's Serbian ђ never reaches the 1912 reading of the text
    ru = russian(tree)
    assert "ђ" not in tei.reading(ru, "diplomatic")
    assert "ђ" in tei.reading(ru, "raw")


def test_header_describes_print_witnesses_and_principles(tree):
    header = tree.find("t:teiHeader", NS)
    assert header.find(".//t:sourceDesc/t:bibl/t:date", NS).text == "1912"
    assert [w.get("n") for w in header.findall(".//t:listWit/t:witness", NS)] == ["000", "001", "002", "003", "004"]
    assert header.find(".//t:editorialDecl/t:correction", NS) is not None


def test_cli_writes_the_file(tmp_path):
    from pasyans.cli import main

    out = tmp_path / "edition.xml"
    assert main(["tei", "--out", str(out)]) == 0
    assert etree.parse(str(out)).getroot().tag == tei.T + "TEI"


def test_cli_unwritable_output_is_an_input_error(tmp_path, capsys):
    from pasyans.cli import main

    out = tmp_path / "no-such-folder" / "edition.xml"
    assert main(["tei", "--out", str(out)]) == 2
    assert capsys.readouterr().err.startswith(f"pasyans: {out}: cannot write")
