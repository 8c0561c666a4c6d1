"""Search as a reader uses it: hits in context with the matching words
marked in both spellings, ranked (the book's clauses before the glossary and
the notes), each linking straight to its clause."""

from __future__ import annotations

import regex

YAT = "\N{CYRILLIC SMALL LETTER YAT}"


def _search(page, query):
    page.fill("#q", query)
    page.wait_for_function("q => document.querySelector('.results').dataset.query === q", arg=query)
    return page.locator(".results > li")


def _a_yat_word(edition_data):
    """A word of a game's clause that the reform changed (ѣ -> е)."""
    for game in edition_data.games:
        for clause in game.clauses:
            for word in regex.findall(r"\p{L}+", clause.plain_1912):
                if YAT in word and len(word) > 4 and word.replace(YAT, "е") in clause.plain_modern:
                    return clause, word
    raise AssertionError("no word with ѣ")


def test_hits_are_marked_in_both_spellings(page, server, edition_data):
    clause, word = _a_yat_word(edition_data)
    modern = word.replace(YAT, "е")
    page.goto(server + "search.html")
    for query in (word, modern.upper()):
        hits = _search(page, query)
        item = page.locator(f'.results > li:has(a[href="games/{clause.game}.html#{clause.id}"])')
        assert item.count() == 1
        old_marks = item.locator("p[lang=ru] .l-o mark").all_inner_texts()
        new_marks = item.locator("p[lang=ru] .l-m mark").all_inner_texts()
        assert any(word.lower() in m.lower() for m in old_marks), old_marks  # 1912: лѣсу marked
        assert any(modern.lower() in m.lower() for m in new_marks), new_marks  # modern: лесу marked
        assert hits.count() >= 1
    # the spelling switch shows the one layer, marks included
    page.click(".spelling button[data-spelling=modern]")
    visible = item.locator("p[lang=ru]").inner_text()
    assert YAT not in visible and modern.lower() in visible.lower()
    page.click(".spelling button[data-spelling='1912']")


def test_hits_are_shown_in_context(page, server, edition_data):
    long = max((c for g in edition_data.games for c in g.clauses), key=lambda c: len(c.plain_modern))
    last = regex.findall(r"\p{L}{5,}", long.plain_modern)[-1]
    page.goto(server + "search.html")
    _search(page, last)
    item = page.locator(f'.results > li:has(a[href="games/{long.game}.html#{long.id}"])')
    snippet = item.locator("p[lang=ru] .l-m").inner_text() if item.locator("p[lang=ru] .l-m").count() else item.locator("p[lang=ru]").inner_text()
    assert last in snippet and snippet.startswith("…")  # cut before, around the hit
    assert len(snippet) < len(long.plain_modern)


def test_the_book_ranks_before_the_glossary_and_the_notes(page, server, edition_data):
    page.goto(server + "search.html")
    hits = _search(page, "карты")
    kinds = hits.evaluate_all("items => items.map(li => li.dataset.kind)")
    assert {"clause", "term"} <= set(kinds)
    order = ["clause", "term", "note", "rule"]
    assert kinds == sorted(kinds, key=order.index), kinds
    # an English word that the notes use as well as the clauses
    kinds = _search(page, "foundation").evaluate_all("items => items.map(li => li.dataset.kind)")
    assert kinds[0] == "clause" and "note" in kinds and kinds == sorted(kinds, key=order.index)


def test_every_word_must_occur_and_english_is_marked(page, server, edition_data):
    page.goto(server + "search.html")
    hits = _search(page, "ace hearts")
    assert hits.count() > 0
    for text in hits.locator("p[lang=en]").all_inner_texts()[:10]:
        assert "ace" in text.lower() and "heart" in text.lower()
    marks = [m.lower() for m in hits.first.locator("p[lang=en] mark").all_inner_texts()]
    assert any(m.startswith("ace") for m in marks) and any(m.startswith("heart") for m in marks)
    assert _search(page, "карты zzzzqq").count() == 0
    assert page.locator(".search-status").inner_text() == "0 results"


def test_a_hit_links_straight_to_its_clause(page, server, edition_data):
    clause, word = _a_yat_word(edition_data)
    page.goto(f"{server}search.html?q={word}")
    page.wait_for_selector(f'.results a[href="games/{clause.game}.html#{clause.id}"]')
    page.click(f'.results a[href="games/{clause.game}.html#{clause.id}"]')
    page.wait_for_function("id => document.getElementById(id)?.classList.contains('highlight')", arg=clause.id)
