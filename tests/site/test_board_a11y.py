"""axe-core (the npm package, pinned in package-lock.json and served to
the test page from node_modules on the site's own origin, so the CSP stays
in force) finds no violation on the home page, every game page (with its
board up), the glossary, the rules, the search and the statistics pages."""

from __future__ import annotations

import json

import pytest

from conftest import game_slugs, wait_ready
from edition import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PAGES = ["index.html", "glossary.html", "rules.html", "search.html", "statistics.html", "sources.html", "404.html"]


def _axe(page, server) -> list[dict]:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` (make setup)")
    page.route(f"{server}__axe.js", lambda route: route.fulfill(body=AXE.read_bytes(), content_type="text/javascript"))
    page.add_script_tag(url=f"{server}__axe.js")
    result = page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
          nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' :: ' + n.failureSummary.split('\\n').slice(0, 2).join(' ')) }));
    }""")
    return result


@pytest.mark.parametrize("path", PAGES)
def test_pages_have_no_axe_violations(tab, server, path):
    tab.goto(server + path)
    violations = _axe(tab, server)
    assert violations == [], json.dumps(violations, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("slug", game_slugs())
def test_game_pages_have_no_axe_violations(tab, server, slug):
    tab.goto(f"{server}games/{slug}.html")
    if tab.locator("section.demo[data-playable=yes]").count():
        view = wait_ready(tab)
        moves = [m for m in view["moves"] if ">" in m]
        if moves:  # a card picked up: the targets' marks are checked too
            tab.evaluate("id => window.pasyansDemo.click(id)", moves[0].split(">")[0])
    violations = _axe(tab, server)
    assert violations == [], json.dumps(violations, indent=1, ensure_ascii=False)
