"""Every page, in both spellings, as a reader sees it: in the modern
spelling no word keeps ѣ, і, ѳ, ѵ or a final ъ (in text, labels, titles or
the tab's title); in 1912 the modern layer never shows; one h1 and heading
levels in order; no sideways scroll on a 390 px phone.

Excepted, as quotations of a source in its own letters: a witness's reading
in the apparatus (`.diplomatic`, what the OCR has) and the engine's source
code (`pre.source`). A letter named as a letter («ђ for ѣ») is not a word
(edition.spelling.OLD_WORD).
"""

from __future__ import annotations

import pytest
import regex

from conftest import CHROMIUM_ARGS  # noqa: F401 (the browser fixture uses them)
from edition.spelling import OLD_WORD

SEEN = """() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.data.trim() || el.closest('script, .diplomatic, pre.source')) continue;
    if (el.checkVisibility({ visibilityProperty: true })) texts.push(node.data);
  }
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]'))
    for (const name of ['title', 'aria-label', 'placeholder', 'alt'])
      if (el.hasAttribute(name)) texts.push(el.getAttribute(name));
  const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
    .filter((h) => h.checkVisibility() && !h.closest('dialog'))
    .map((h) => Number(h.tagName[1]));
  const modernShown = [...document.querySelectorAll('.l-m')].some((el) => el.checkVisibility() && el.textContent.trim());
  const oldShown = [...document.querySelectorAll('.l-o')].some((el) => el.checkVisibility() && el.textContent.trim());
  return { texts, title: document.title, headings, modernShown, oldShown,
           width: document.documentElement.scrollWidth, viewport: innerWidth };
}"""


def old_words(text: str) -> list[str]:
    return [word for word in regex.findall(r"\p{L}+", text) if OLD_WORD.fullmatch(word)]


def test_the_detector_finds_what_it_must():
    assert old_words("Домъ въ лѣсу, Люція; ѲЕОДОРЪ мѵро") == ["Домъ", "въ", "лѣсу", "Люція", "ѲЕОДОРЪ", "мѵро"]
    assert old_words("Дом в лесу; ђ for ѣ; і/г, ІІ/П; изъять") == []


def _pages(built_site):
    return sorted(p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html"))


@pytest.fixture(scope="module")
def walker(browser, server):
    def walk(pages, layer, viewport):
        context = browser.new_context(viewport=viewport)
        context.add_init_script(f"localStorage.setItem('pasyans.spelling', '{layer}')")
        context.route("**/pyodide/**", lambda route: route.abort())  # the demo is tested elsewhere
        tab = context.new_page()
        seen = {}
        for path in pages:
            tab.goto(server + path)
            seen[path] = tab.evaluate(SEEN)
        context.close()
        return seen
    return walk


def _heading_problems(levels: list[int]) -> str:
    if levels.count(1) != 1 or levels[0] != 1:
        return f"one h1, first: {levels}"
    for before, after in zip(levels, levels[1:]):
        if after > before + 1:
            return f"h{before} then h{after}: {levels}"
    return ""


def test_modern_spelling_everywhere_on_a_phone(built_site, walker, edition_data):
    pages = _pages(built_site)
    assert len(pages) > 20
    problems = []
    for path, seen in walker(pages, "modern", {"width": 390, "height": 844}).items():
        found = sorted({w for text in seen["texts"] + [seen["title"]] for w in old_words(text)})
        if found:
            problems.append(f"{path}: 1912 spelling in modern mode: {found[:8]}")
        if seen["oldShown"]:
            problems.append(f"{path}: a 1912 layer shows")
        if seen["width"] > seen["viewport"]:
            problems.append(f"{path}: {seen['width']} px wide at {seen['viewport']} px")
        if heading := _heading_problems(seen["headings"]):
            problems.append(f"{path}: headings: {heading}")
    assert problems == []
    assert all(g.title_plain in walker([f"games/{g.slug}.html"], "modern", {"width": 390, "height": 844})
               [f"games/{g.slug}.html"]["title"] for g in edition_data.games[:3])


def test_1912_spelling_everywhere_on_a_desktop(built_site, walker, edition_data):
    seen_all = walker(_pages(built_site), "1912", {"width": 1366, "height": 768})
    problems = [f"{path}: the modern layer shows" for path, seen in seen_all.items() if seen["modernShown"]]
    problems += [f"{path}: {seen['width']} px wide" for path, seen in seen_all.items() if seen["width"] > seen["viewport"]]
    assert problems == []
    # the detector is not blind: the 1912 text shows its letters, and the tab its 1912 title
    game = edition_data.game("belle-lucie")
    page = seen_all[f"games/{game.slug}.html"]
    assert old_words(" ".join(page["texts"])) and game.title_old in page["title"]
