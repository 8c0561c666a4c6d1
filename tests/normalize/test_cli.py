"""`pasyans normalize` and `pasyans corrections` on the corpus."""

import json
import subprocess
import sys

import corpus


def run(*args):
    return subprocess.run([sys.executable, "-m", "pasyans", *args], capture_output=True, timeout=120)


def test_witness_output_has_one_line_per_line():
    result = run("normalize", "--witness", "000", "--layer", "modern")
    assert result.returncode == 0
    out = result.stdout.decode("utf-8").split("\n")
    assert len(out) - 1 == len(corpus.witness("000").lines)
    assert out[6] == "ОБЪЯСНЕНИЕ РИСУНКОВ."


def test_whole_corpus_names_each_witness_on_stderr():
    result = run("normalize")
    assert result.returncode == 0
    assert result.stderr.decode("utf-8").count("== witness") == 5


def test_corrections_json():
    result = run("corrections", "--witness", "000", "--json")
    steps = json.loads(result.stdout)
    first = steps[0]
    assert set(first) == {"witness", "line", "start", "end", "before", "after", "layer", "kind", "rule", "reason"}
    assert {s["kind"] for s in steps} >= {"ocr-glyph", "ocr-confusion", "yat", "hard-sign"}


def test_summary():
    result = run("normalize", "--summary")
    assert result.returncode == 0 and b"000:" in result.stdout and b"ocr-confusion" in result.stdout


def test_unknown_witness_is_a_one_line_error():
    result = run("normalize", "--witness", "999")
    assert result.returncode == 2 and result.stderr.count(b"\n") == 1


def test_a_corpus_witness_given_as_a_file_is_that_witness(tmp_path):
    # a copy of a witness under another name: the manifest still knows its
    # spelling (002 is modern, so nothing is "repaired" into pre-reform) and
    # the book's errata still apply (001 line 43: «(правило I;» is «(правило I)»)
    for wid, number, expected in (("001", 43, "(правило I) и играютъ"), ("002", 1, "Игры родителей с детьми")):
        witness = corpus.witness(wid)
        copy = tmp_path / f"copy-{wid}.txt"
        copy.write_bytes(witness.path.read_bytes())
        by_file = run("normalize", str(copy), "--layer", "diplomatic")
        by_id = run("normalize", "--witness", wid, "--layer", "diplomatic")
        assert by_file.returncode == 0
        assert by_file.stdout.decode("utf-8").rstrip("\n") == by_id.stdout.decode("utf-8").rstrip("\n")
        assert expected in by_file.stdout.decode("utf-8").split("\n")[number - 1]


def test_a_changed_copy_is_an_ordinary_file(tmp_path):
    witness = corpus.witness("002")
    copy = tmp_path / "changed.txt"
    copy.write_bytes(witness.path.read_bytes() + b"\n")
    result = run("normalize", str(copy), "--layer", "diplomatic")
    assert result.returncode == 0
    assert "съ детьми" in result.stdout.decode("utf-8").split("\n")[0]  # read as pre-reform, the default
