"""edition.render: the site built from the sample inputs, compared with the
golden pages in tests/site/golden/ (PASYANS_REGEN_GOLDEN=1 rewrites them;
review the diff), plus the rules every page must keep."""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

import lxml.html
import pytest

from edition import inputs, linkcheck, render

HERE = Path(__file__).parent
SAMPLE, GOLDEN = HERE / "sample", HERE / "golden"
GOLDEN_PAGES = ("index.html", "games/belle-lucie.html", "games/fifteen.html", "rules.html", "rules/belle-lucie.html",
                "glossary.html", "book.html")


@pytest.fixture(scope="module")
def sample_edition():
    return inputs.load(inputs.Folder(SAMPLE))


@pytest.fixture(scope="module")
def sample_site(sample_edition, tmp_path_factory):
    out = tmp_path_factory.mktemp("sample-site")
    render.build(sample_edition, out, downloads=False)  # the downloads have tests of their own
    return out


# The engine's build hash changes with every edit of engine/: the golden
# copies hold a placeholder, so that only a change of the pages fails them.
# Likewise the deals the committed win-rate results prove winnable (the
# board's "winnable deals only", read from data/winrates/ whatever the
# inputs): they change with every measuring run, not with the pages.
BUILD_HASH = re.compile(r'data-build="[0-9a-f]+"')
WINNABLE = (re.compile(r'"winnable":\[[0-9,]*\]'), re.compile(r'\(\d+ proved\)'))


def _placeholders(page: str) -> str:
    page = BUILD_HASH.sub('data-build="ENGINE-BUILD"', page)
    return WINNABLE[1].sub("(N proved)", WINNABLE[0].sub('"winnable":["WINNABLE-DEALS"]', page))


@pytest.mark.parametrize("page", GOLDEN_PAGES)
def test_pages_match_the_golden_copies(sample_site, page):
    built = _placeholders((sample_site / page).read_text(encoding="utf-8"))
    golden = GOLDEN / page
    if os.environ.get("PASYANS_REGEN_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(built, encoding="utf-8")
    expected = golden.read_text(encoding="utf-8")
    diff = "".join(difflib.unified_diff(expected.splitlines(True), built.splitlines(True), str(golden), page))
    assert built == expected, diff


def test_the_sample_site_has_every_page(sample_site):
    pages = sorted(p.relative_to(sample_site).as_posix() for p in sample_site.rglob("*.html"))
    assert pages == ["404.html", "book.html", "contents.html", "games/belle-lucie.html", "games/fifteen.html", "glossary.html", "index.html",
                     "rules.html", "rules/belle-lucie.html", "search.html", "source/engine/games/belle-lucie.py.html",
                     "sources.html", "statistics.html"]
    assert (sample_site / "edition.tei.xml").read_bytes() == (SAMPLE / "tei.xml").read_bytes()
    import zipfile

    names = set(zipfile.ZipFile(sample_site / "assets" / "engine.zip").namelist())
    assert {"demo_bridge.py", "engine/__init__.py", "engine/core.py", "engine/registry.py"} <= names
    assert "engine/cli.py" not in names and not any("__pycache__" in name for name in names)
    assert {p.name for p in (sample_site / "pyodide").iterdir()} == {
        "pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}


def test_sample_links_resolve(sample_site):
    assert linkcheck.problems(sample_site) == []


def test_live_links_resolve(built_site):
    assert linkcheck.problems(built_site) == []


INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)


def test_pages_keep_the_security_rules(built_site):
    for page in built_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        tree = lxml.html.fromstring(html)
        meta = tree.xpath('//meta[@http-equiv="Content-Security-Policy"]/@content')
        assert meta and "script-src 'self' 'wasm-unsafe-eval'" in meta[0], page
        for script in tree.iter("script"):
            # scripts come from files; inline blocks are JSON data only
            assert script.get("src") or script.get("type") == "application/json", page
        assert not tree.xpath("//@style"), f"{page}: a style attribute (blocked by the CSP)"
        assert not tree.xpath("//style"), f"{page}: an inline <style> (blocked by the CSP)"
        for element in tree.iter():
            for name in element.attrib:
                assert not name.lower().startswith("on"), f"{page}: inline handler {name}"


def test_text_from_the_inputs_is_escaped(sample_site):
    index = (sample_site / "index.html").read_text(encoding="utf-8")
    assert "Fifteen &lt;b&gt;&amp;&lt;/b&gt;" in index
    fifteen = (sample_site / "games" / "fifteen.html").read_text(encoding="utf-8")
    assert "A game-level note &amp; &lt;script&gt;" in fifteen
    assert "All &lt;cards&gt; &amp; more." in fifteen


def test_json_blocks_cannot_close_their_script(sample_edition):
    from edition.render import _json_script

    assert "</script>" not in str(_json_script({"x": "</script><script>alert(1)</script>"}))


def test_rules_link_both_ways(sample_site):
    overview = lxml.html.parse(str(sample_site / "rules.html"))
    row = overview.xpath('//*[@id="rule-belle-lucie.top-card-available"]')[0]
    assert row.xpath(".//a/@href") == ["rules/belle-lucie.html#rule-belle-lucie.top-card-available"]
    rules = lxml.html.parse(str(sample_site / "rules" / "belle-lucie.html"))
    entry = rules.xpath('//*[@id="rule-belle-lucie.top-card-available"]')[0]
    hrefs = entry.xpath(".//a/@href")
    assert "../games/belle-lucie.html#belle-lucie.rule.1" in hrefs
    assert "../glossary.html#terms.available" in hrefs
    assert "engine/games/belle-lucie.py:44" in entry.text_content()
    assert "../source/engine/games/belle-lucie.py.html#L44" in hrefs  # and that line exists (links test)
    # the clause is quoted in Russian and English
    assert "Годными картами" in entry.text_content() and "Only the top card" in entry.text_content()
    game = lxml.html.parse(str(sample_site / "games" / "belle-lucie.html"))
    assert game.xpath('//*[@id="belle-lucie.rule.1"]//a[@href="../rules/belle-lucie.html#rule-belle-lucie.top-card-available"]')
    # an assumption is shown as editorial, apart from the text
    assumption = rules.xpath('//*[@id="rule-belle-lucie.empty-fan"]')[0].text_content()
    assert "Editorial assumption" in assumption and "never says" in assumption
    assert game.xpath('//aside[@class="editorial"][@id="belle-lucie.assume.empty-fan-stays-empty"]')


def test_without_the_tei_the_clause_list_and_corrections_serve(tmp_path):
    import shutil

    for path in SAMPLE.iterdir():
        if path.is_dir():
            shutil.copytree(path, tmp_path / path.name)
        elif path.name != "tei.xml":
            shutil.copy(path, tmp_path / path.name)
    edition = inputs.load(inputs.Folder(tmp_path))
    assert "tei" in edition.missing
    rule = edition.clause_index()["belle-lucie.rule.1"]
    assert [(r.original, r.text) for r in rule.readings] == [("счнтаются", "считаются"), ("вь", "въ"), ("пачкђ", "пачкѣ")]
    assert "ь and ъ" in rule.readings[1].reason


def test_a_broken_input_file_names_its_file_and_line(tmp_path):
    from pasyans.errors import InputError

    (tmp_path / "games.json").write_text('[\n {"slug": }\n]', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        inputs.load(inputs.Folder(tmp_path))
    assert caught.value.path.endswith("games.json") and caught.value.line == 2


def test_win_rates_come_from_the_solver_table(sample_site, tmp_path):
    from pasyans.errors import InputError

    index = lxml.html.parse(str(sample_site / "index.html"))
    row = index.xpath('//table[contains(@class, "games")]//tr[td/a[@href="games/belle-lucie.html"]]')[0]
    russian = " ".join(row.xpath('.//*[@data-l="ru"]//text()'))
    assert "без пересдачи: " in russian and "4,5–9,5 % (95 %: 2,4–14,0 %), N = 200, 2 с на раздачу, не решено: 10" in russian
    for span in index.xpath('//*[@data-l="ru"]'):  # the English interface from here on
        span.drop_tree()
    text = row.text_content()
    assert "17.0% (95% 13.2–21.6%), N = 300, 10 s/deal" in text
    # undecided deals: the bracket, never a rate over the decided deals alone
    assert "single deal: 4.5–9.5% (95% 2.4–14.0%), N = 200, 2 s/deal, 10 undecided" in text
    assert "decided deals" not in text
    # the readings whose alternatives change the most deals' verdicts, paired with the edition's
    (effect,) = index.xpath('//ul[@class="reading-effects"]/li')
    said = " ".join(effect.text_content().split())
    assert "marriage order (belle-lucie.assume.marriage-order) = plays first" in said
    assert ("for a player: 14.0% (95% 10.5–18.4%), N = 300, 10 s/deal; the edition’s reading wins 51 of the "
            "same 300 deals;") in said
    assert "17 of 300 deals change their verdict (4 won only under this reading, 13 only under the edition’s)" in said
    assert effect.xpath("a/@href") == ["games/belle-lucie.html#reading-belle-lucie.assume.marriage-order"]
    note = " ".join(index.xpath('//section[@id="games"]//div[@class="note"]')[0].text_content().split())
    assert "sees only what the rules show" in note and "knows the order of the whole pack" in note
    broken = tmp_path / "win-rates.json"
    broken.write_text('{"games": {"x": {"win_rate": 0.5}}}', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        inputs.read_win_rates(broken)
    assert caught.value.path == str(broken)
    assert inputs.read_win_rates(tmp_path / "absent.json") == {}


def test_the_search_index_holds_every_clause_term_and_rule(sample_edition):
    from edition import searchindex
    from edition.markup import fold

    found = {entry["id"]: entry for entry in searchindex.entries(sample_edition)}
    clauses = set(sample_edition.clause_index())
    assert clauses <= set(found)
    assert {"term.available", "belle-lucie.top-card-available"} <= set(found)
    assert found["terms.available"]["url"] == "glossary.html#terms.available"
    rule = found["belle-lucie.rule.1"]
    old, new = rule["ru"]  # both spellings, which search.js shows and folds
    assert old.endswith("пачкѣ.") and new.endswith("пачке.") and "packet" in rule["en"]
    assert fold(old) == fold(new)
    definition = found["terms.available"]  # «которыя» folds to «которыя», not «которые»
    assert definition["ru"][0] == "Тѣ, которыя не закрыты." and fold(definition["ru"][0]) != fold(definition["ru"][1])
    # the kinds rank the hits: the book's clauses, then the glossary, the notes, the rules
    assert rule["kind"] == "clause" and definition["kind"] == "term" and found["term.available"]["kind"] == "term"
    assert found["belle-lucie.top-card-available"]["kind"] == "rule"
    notes = [entry for entry in found.values() if entry["kind"] == "note"]
    assert {"belle-lucie.assume.empty-fan-stays-empty"} <= {entry["id"] for entry in notes}


def test_a_rebuild_removes_only_its_own_stale_pages(sample_edition, tmp_path):
    import dataclasses

    render.build(sample_edition, tmp_path, downloads=False)
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")  # not the build's
    fewer = dataclasses.replace(sample_edition, games=[g for g in sample_edition.games if g.slug != "fifteen"])
    render.build(fewer, tmp_path, downloads=False)
    assert not (tmp_path / "games" / "fifteen.html").exists()
    assert (tmp_path / "games" / "belle-lucie.html").exists() and (tmp_path / "notes.txt").exists()


def test_a_measure_searched_in_passes_says_both_budgets():
    entry = {"deals": 300, "won": 200, "lost": 90, "unknown": 10, "low": 0.61, "high": 0.72,
             "budget_s": 10.0, "first_pass_s": 1.0}
    assert inputs.rate_text(entry) == ("66.7–70.0% (95% 61.0–72.0%), N = 300, ≤ 10 s/deal (1 s, then the rest "
                                       "for the undecided), 10 undecided")
    del entry["first_pass_s"]
    assert "N = 300, 10 s/deal, 10 undecided" in inputs.rate_text(entry)


def test_a_budget_in_positions_is_said_in_positions_with_its_worth():
    entry = {"deals": 300, "won": 200, "lost": 90, "unknown": 10, "low": 0.61, "high": 0.72, "decides": "positions",
             "budget_nodes": 180_000, "budget_s": 10.0, "first_pass_nodes": 18_000, "first_pass_s": 1.0}
    assert "≤ 180,000 positions/deal (≈ 10 s; 18,000 first, then the rest" in inputs.rate_text(entry)
    del entry["first_pass_nodes"]
    assert "N = 300, 180,000 positions/deal (≈ 10 s), 10 undecided" in inputs.rate_text(entry)
    assert "180\u202f000 поз. на раздачу (≈ 10 с)" in inputs.rate_text(entry, "ru")
