"""The structure map and its errors (extract/structure.py)."""

from __future__ import annotations

import pytest

from extract import structure
from pasyans.errors import InputError

SPAN = """
[[span]]
witness = "{witness}"
lines = [{first}, {last}]
game = "{game}"
section = "play"
reason = "test"
"""


def write(tmp_path, *spans):
    path = tmp_path / "structure.toml"
    path.write_text("# a map\n" + "".join(SPAN.format(**span) for span in spans), encoding="utf-8")
    return path


def error_of(path):
    with pytest.raises(InputError) as caught:
        structure.load_spans(path)
    return caught.value


def test_the_real_map_loads_and_covers_every_book_line():
    spans, overlaps = structure.load()
    assert spans and overlaps
    assert all(span.reason for span in spans)


def test_editorial_decisions_named_in_the_brief_are_recorded():
    spans, _ = structure.load()
    editorial = {(s.witness, s.first, s.game) for s in spans if s.editorial}
    assert ("000", 38, "cadran") in editorial  # the heading «ПОЛУШАРІЯ»
    assert ("000", 46, "hemispheres") in editorial  # the caption «Полушарія.»
    assert ("001", 23, "cadran") in editorial  # the caption «Солнечные часы.»
    assert ("001", 3, "parterre") in editorial


def test_unknown_game(tmp_path):
    error = error_of(write(tmp_path, dict(witness="000", first=8, last=9, game="no-such-game")))
    assert error.path.endswith("structure.toml") and error.line == 3
    assert "no-such-game" in error.problem


def test_overlapping_spans(tmp_path):
    error = error_of(write(tmp_path, dict(witness="000", first=8, last=9, game="figures"),
                           dict(witness="000", first=9, last=11, game="terms")))
    assert error.line == 10 and "overlaps" in error.problem


def test_out_of_range(tmp_path):
    error = error_of(write(tmp_path, dict(witness="001", first=40, last=90, game="exiles")))
    assert error.line == 3 and "outside" in error.problem


def test_boilerplate_is_not_book_text(tmp_path):
    error = error_of(write(tmp_path, dict(witness="000", first=1, last=3, game="figures")))
    assert "not book text" in error.problem


def test_reversed_range(tmp_path):
    error = error_of(write(tmp_path, dict(witness="000", first=9, last=8, game="figures")))
    assert "reversed" in error.problem


def test_missing_witness(tmp_path):
    error = error_of(write(tmp_path, dict(witness="999", first=1, last=1, game="figures")))
    assert "999" in error.problem


def test_broken_toml_names_the_line(tmp_path):
    path = tmp_path / "structure.toml"
    path.write_text('[[span]]\nwitness = "000"\nlines = [8, \n', encoding="utf-8")
    error = error_of(path)
    assert error.line is not None


def test_missing_field_names_the_entry(tmp_path):
    path = tmp_path / "structure.toml"
    path.write_text('\n[[span]]\nwitness = "000"\nlines = [8, 9]\ngame = "figures"\nsection = "play"\n', encoding="utf-8")
    error = error_of(path)
    assert error.line == 2 and "reason" in error.problem


def test_uncovered_line(tmp_path):
    spans = structure.load_spans()[1:]  # drop the first entry: 000 line 7
    with pytest.raises(InputError, match="line 7 of witness 000"):
        structure.check_coverage(spans, structure.load_overlaps())


def test_cli_reports_file_and_line(tmp_path, monkeypatch, capsys):
    import extract
    from pasyans.cli import main

    bad = write(tmp_path, dict(witness="000", first=8, last=9, game="nowhere"))
    monkeypatch.setattr(structure, "STRUCTURE_FILE", bad)
    monkeypatch.setattr(structure.load, "__defaults__", (bad, structure.COLLATION_FILE, True))
    extract.book.cache_clear()
    try:
        assert main(["clauses", "--json"]) == 2
    finally:
        extract.book.cache_clear()
    err = capsys.readouterr().err
    assert err.startswith(f"pasyans: {bad}:3: ")
