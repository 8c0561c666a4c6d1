"""The errata file: every entry applies where it says, and a broken one is reported."""

import pytest

import corpus
import normalize
from normalize import errata
from pasyans.errors import InputError


def test_every_entry_matches_its_line_and_is_used():
    entries = [fix for group in errata.fixes().values() for fix in group]
    assert entries
    for fix in entries:
        line = normalize.normalize_witness(fix.witness)[fix.line - 1]
        source = line.raw if fix.layer == "diplomatic" else line.diplomatic
        assert fix.before in source, fix.id
        assert any(step.rule == fix.id and step.kind == "errata" for step in line.steps), fix.id
        assert fix.reason.strip() and fix.before != fix.after


def test_entries_are_only_for_book_lines():
    for fix in (f for group in errata.fixes().values() for f in group):
        assert corpus.witness(fix.witness).is_book_line(fix.line), fix.id


def test_the_rules_do_not_already_make_the_fix():
    # an erratum that the general rules would make anyway is clutter
    for fix in (f for group in errata.fixes().values() for f in group):
        w = corpus.witness(fix.witness)
        raw = w.lines[fix.line - 1]
        with_errata = normalize.normalize_line(raw, witness=w.id, number=fix.line, orthography=w.orthography)
        rules_only = normalize.normalize_line(raw, witness="-", number=fix.line, orthography=w.orthography)
        assert with_errata.diplomatic != rules_only.diplomatic, fix.id


def test_a_stale_entry_is_an_error(monkeypatch):
    fake = {("000", 7, "diplomatic"): [errata.Fix("x", "000", 7, "нетъ такого", "да", "diplomatic", 1, "test", 3)]}
    monkeypatch.setattr(errata, "fixes", lambda: fake)
    with pytest.raises(InputError) as info:
        errata.edits_for("ОБЪЯСНЕНІЕ РИСУНКОВЪ.", "000", 7, "diplomatic")
    assert "errata.toml" in str(info.value) and ":3:" in str(info.value)


def test_a_broken_errata_file_names_its_line(tmp_path, monkeypatch):
    bad = tmp_path / "errata.toml"
    bad.write_text('[[fix]]\nid = "a"\nwitness = "000"\n\n[[fix]]\nid = "b"\nwitness = "000"\nline = 1\n'
                   'before = "x"\nafter = "y"\nreason = "r"\ncolour = "red"\n', encoding="utf-8")
    monkeypatch.setattr(errata, "PATH", bad)
    monkeypatch.setattr(errata, "load_toml", lambda name: __import__("tomllib").loads(bad.read_text()))
    errata.fixes.cache_clear()
    try:
        with pytest.raises(InputError) as info:
            errata.fixes()
        assert ":1:" in str(info.value) and "missing field" in str(info.value)
    finally:
        errata.fixes.cache_clear()
