"""Decoding user files (pasyans/textio.py) and the normalize command on bad input.

Kept with the normaliser's tests because `pasyans normalize FILE` is its one user.
"""

import subprocess
import sys
import tracemalloc

import pytest

from pasyans.errors import InputError
from pasyans.textio import read_lines

TEXT = "Мђста, очерченныя линіями\nвъ д ђ ло\n"


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "pasyans", *args], input=stdin, capture_output=True, timeout=60)


def lines(path, **kw):
    return list(read_lines(str(path), **kw))


def test_utf8(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(TEXT.encode("utf-8"))
    assert lines(path) == [("Мђста, очерченныя линіями", "\n"), ("въ д ђ ло", "\n")]


def test_bom_is_dropped_with_a_note(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"\xef\xbb\xbf" + TEXT.encode("utf-8"))
    notes = []
    assert lines(path, note=notes.append)[0][0] == "Мђста, очерченныя линіями"
    assert notes and "byte-order mark" in notes[0]


def test_cp1251_is_detected_with_a_note(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes("Мѣста, очерченныя линіями\n".replace("ѣ", "е").encode("cp1251"))
    notes = []
    assert lines(path, note=notes.append) == [("Места, очерченныя линіями", "\n")]
    assert "cp1251" in notes[0]


def test_crlf_is_kept(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(TEXT.replace("\n", "\r\n").encode("utf-8"))
    result = run("normalize", str(path), "--layer", "modern")
    assert result.returncode == 0
    assert result.stdout.decode("utf-8") == "Места, очерченные линиями\r\nв дело\r\n"


def test_last_line_without_end_and_stdin():
    result = run("normalize", "-", "--layer", "diplomatic", stdin="въ д ђ ло".encode("utf-8"))
    assert result.returncode == 0 and result.stdout.decode("utf-8") == "въ дѣло"


def test_invalid_byte_names_its_offset(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes("Мѣсто ".encode("utf-8") + b"\xff\xfe" + b" end\n")
    with pytest.raises(InputError) as info:
        lines(path)
    assert "byte offset 11" in str(info.value)
    result = run("normalize", str(path))
    assert result.returncode == 2
    err = result.stderr.decode("utf-8")
    assert err.count("\n") == 1 and "byte offset 11" in err and "Traceback" not in err


def test_invalid_byte_after_the_first_block(tmp_path):
    path = tmp_path / "a.txt"
    good = ("слово " * 20000).encode("utf-8")
    path.write_bytes(good + b"\xc3\x28")
    with pytest.raises(InputError) as info:
        lines(path)
    assert f"byte offset {len(good)}" in str(info.value)


def test_empty_file_gives_empty_output(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"")
    result = run("normalize", str(path))
    assert result.returncode == 0 and result.stdout == b""


def test_binary_file_is_refused(tmp_path):
    path = tmp_path / "a.bin"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    result = run("normalize", str(path))
    assert result.returncode == 2 and b"binary" in result.stderr and b"Traceback" not in result.stderr


def test_missing_file_is_refused():
    result = run("normalize", "/nonexistent/file.txt")
    assert result.returncode == 2 and result.stderr.count(b"\n") == 1


def test_one_output_line_per_input_line(tmp_path):
    path = tmp_path / "a.txt"
    text = "\n".join(["", "ІІри этомъ", "   ", "т. д.", "x" * 10, "онђ"]) + "\n"
    path.write_text(text, encoding="utf-8")
    for layer in ("diplomatic", "modern"):
        out = run("normalize", str(path), "--layer", layer).stdout.decode("utf-8")
        assert out.count("\n") == text.count("\n")


def test_large_input_streams_in_bounded_memory(tmp_path):
    path = tmp_path / "big.txt"
    line = "Мђста, очерченныя линіями, показываютъ какъ раскладывать карты.\n".encode("utf-8")
    with open(path, "wb") as handle:
        for _ in range(60_000):  # about 7 MB: reading must not hold it
            handle.write(line)
    tracemalloc.start()
    count = sum(1 for _ in read_lines(str(path)))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert count == 60_000
    assert peak < 2_000_000


def test_binary_file_is_refused_before_any_encoding_is_guessed(tmp_path):
    path = tmp_path / "a.out"
    path.write_bytes(b"\x7fELF\x02\x01\x01" + b"\x00" * 9 + b"\x03\x00>\x00\x01\x00\x00\x00\xd0a\x00\x00")
    result = run("normalize", str(path))
    assert result.returncode == 2
    assert b"binary file (NUL byte at byte offset 7)" in result.stderr


@pytest.mark.parametrize("encoding,bom", [("utf-16-le", b""), ("utf-16-be", b""), ("utf-16-le", b"\xff\xfe"),
                                          ("utf-16-be", b"\xfe\xff")])
def test_utf16_is_text_not_binary(tmp_path, encoding, bom):
    path = tmp_path / "a.txt"
    path.write_bytes(bom + TEXT.encode(encoding))
    notes = []
    assert lines(path, note=notes.append) == [("Мђста, очерченныя линіями", "\n"), ("въ д ђ ло", "\n")]
    assert "UTF-16" in notes[0]


def test_cp1251_after_the_first_block(tmp_path):
    # the first 64 KB are ASCII: the encoding is decided where the first Cyrillic byte comes
    path = tmp_path / "a.txt"
    path.write_bytes(b"abc def\n" * 10000 + "Места, очерченныя линіями\n".replace("і", "и").encode("cp1251"))
    notes = []
    got = lines(path, note=notes.append)
    assert got[-1] == ("Места, очерченныя линиями", "\n") and len(got) == 10001
    assert "cp1251" in notes[-1] and "80000" in notes[-1]


def test_damaged_utf8_is_not_taken_for_cp1251(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes("слово\n".encode("utf-8") * 20000 + b"\xc3\x28\n")
    with pytest.raises(InputError) as info:
        lines(path)
    assert info.value.line == 20001


def test_nul_inside_utf16_is_binary(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes("текст\0текст\n".encode("utf-16-le"))
    with pytest.raises(InputError) as info:
        lines(path)
    assert "binary" in str(info.value)
