"""edition.linkcheck finds what it must find."""

from __future__ import annotations

from edition import linkcheck


def test_broken_links_foreign_links_and_duplicate_ids_are_reported(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "index.html").write_text(
        '<p id="a">x</p><p id="a">y</p><a href="games/g.html#c1">ok</a><a href="games/g.html#nope">bad id</a>'
        '<a href="missing.html">no file</a><script src="https://cdn.example/x.js"></script>'
        '<a href="#a">self</a><a href="../outside.html">outside</a>', encoding="utf-8")
    (tmp_path / "games" / "g.html").write_text('<p id="c1">c</p><a href="../index.html#a">back</a>', encoding="utf-8")
    (tmp_path.parent / "outside.html").write_text("x", encoding="utf-8")
    problems = linkcheck.problems(tmp_path)
    assert problems == [
        "index.html: id 'a' is used twice",
        "index.html: <a href='games/g.html#nope'>: no id 'nope' there",
        "index.html: <a href='missing.html'>: no such file",
        "index.html: <a href='../outside.html'>: no such file",
        "index.html: <script src='https://cdn.example/x.js'> leaves the site",
    ]
