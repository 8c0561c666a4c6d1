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
