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
    # its spelling is detected (modern: no ъ is added) and said on stderr
    assert "с детьми" in result.stdout.decode("utf-8").split("\n")[0]
    assert b"orthography detected: modern" in result.stderr
    forced = run("normalize", str(copy), "--layer", "diplomatic", "--orthography", "pre-reform")
    assert "съ детьми" in forced.stdout.decode("utf-8").split("\n")[0]


def test_a_modern_copy_of_004_gets_no_hard_signs(tmp_path):
    # issue 15: read with the old default, 004 got 96 spurious ъ (Пасьянсъ, занимаетъ)
    copy = tmp_path / "004.txt"
    copy.write_bytes(corpus.witness("004").path.read_bytes() + b"\n")
    result = run("corrections", str(copy), "--json")
    steps = json.loads(result.stdout)
    assert not [s for s in steps if "ъ" in s["after"]]
    assert all(s["orthography"] == "modern" and s["orthography_source"] == "detected" for s in steps)


def test_json_is_complete_or_absent(tmp_path):
    # a bad byte far into the file: nothing on stdout, one error line naming file and line
    path = tmp_path / "bad.txt"
    path.write_bytes(("Мђста, очерченныя линіями, въ д ђ ло\n" * 3000).encode("utf-8") + b"\xff\n")
    result = run("corrections", str(path), "--json")
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode("utf-8").splitlines()[-1].startswith(f"pasyans: {path}:3001: not UTF-8")
