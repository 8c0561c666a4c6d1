"""The board's layout engine (site/static/js/board/layout.js, run by node)
on many random tables of every game and many window sizes: piles never
overlap, everything lies on the board, and no card covers the index of the
card it lies on (tests/site/layout_check.mjs)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from engine import GAMES


HERE = Path(__file__).resolve().parent


def test_random_tables_of_every_game_keep_piles_apart_and_indices_readable(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing (it comes with npm: make setup)")
    layouts = tmp_path / "layouts.json"
    layouts.write_text(json.dumps({game.slug: game.layout() for game in GAMES}), encoding="utf-8")
    done = subprocess.run([node, str(HERE / "layout_check.mjs"), str(layouts), "40"],
                          capture_output=True, text=True, timeout=300, cwd=HERE)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["plans"] == 40 * len(GAMES)
    assert report["problems"] == [], json.dumps(report["problems"][:10], indent=1)


# The drawn table of every game at a phone's two common sizes and on the
# desktop: every card a player needs shows its index (rank and suit) inside
# the window, nothing covers it, and neither the page nor the table's frame
# scrolls sideways. The table is drawn from the build before Python is up,
# so the engine is kept out (its files refused): only the drawing is under
# test here; test_board_play.py plays on a phone.
SIZES = {"phone-390": (390, 844), "phone-360": (360, 740), "desktop": (1366, 768)}

ON_SCREEN = """() => {
  const frame = document.querySelector('.board-frame');
  const cards = [...document.querySelectorAll('.board .cards .card')].filter((c) => c.dataset.down === undefined
    && (c.classList.contains('shown') || c.classList.contains('top')));
  const off = cards.filter((c) => {
    const r = c.querySelector('rect.index-box').getBoundingClientRect();
    return r.left < -0.5 || r.right > innerWidth + 0.5;
  }).map((c) => `${c.dataset.card} of ${c.dataset.pile}`);
  return { off, cards: cards.length, frame: frame.scrollWidth - frame.clientWidth,
           page: document.documentElement.scrollWidth - innerWidth };
}"""


@pytest.fixture(scope="module")
def sized(browser, server):
    contexts = {}

    def make(name):
        if name not in contexts:
            width, height = SIZES[name]
            mobile = width < 640
            context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=mobile,
                                          has_touch=mobile, service_workers="block")
            context.route("**/pyodide/**", lambda route: route.abort())
            contexts[name] = context
        return contexts[name]

    yield make
    for context in contexts.values():
        context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_every_game_shows_every_needed_index_without_sideways_scrolling(sized, server, size):
    from board import GEOMETRY
    from conftest import game_slugs

    page = sized(size).new_page()
    problems = {}
    slugs = game_slugs()
    assert len(slugs) == 16
    for slug in slugs:
        page.goto(f"{server}games/{slug}.html")
        page.wait_for_selector("section.demo[data-drawn=yes] .board .pile")
        page.evaluate("document.querySelector('.board').scrollIntoView()")
        seen = page.evaluate(ON_SCREEN)
        found = page.evaluate(GEOMETRY)
        wrong = found["problems"] + [f"index off screen: {c}" for c in seen["off"]]
        if seen["frame"] > 0:
            wrong.append(f"the table scrolls sideways by {seen['frame']} px")
        if seen["page"] > 0:
            wrong.append(f"the page scrolls sideways by {seen['page']} px")
        if found["card"] < 40:
            wrong.append(f"cards {found['card']} px wide")
        if not seen["cards"]:
            wrong.append("no card face up")
        if wrong:
            problems[slug] = wrong[:5]
    page.close()
    assert problems == {}, json.dumps(problems, indent=1, ensure_ascii=False)
