"""The interface in two languages (site/data/messages.json, edition/i18n.py,
static/js/i18n.js): the catalogue is complete and every message the pages
and scripts ask for is in it; a reader whose browser prefers Russian (or
neither language) gets the Russian interface, with not one English word
left on a game page, live texts of the board included; the header's
switch changes the language, remembers it and keeps it in the address;
axe finds nothing in either language."""

from __future__ import annotations

import json
import re
import unicodedata

import pytest

from conftest import _watched_context, wait_ready
from edition import SITE, i18n

from test_board_a11y import _axe

FIELD = re.compile(r"\{(\w+)\}")
FORMS = {"en": {"one", "other"}, "ru": {"one", "few", "many"}}
# Words a Russian page may write in Latin letters: key names, names of
# programs and formats (a Russian reader sees them so too), the project's name.
LATIN_ALLOWED = ["Enter", "Esc", "Tab", "Ctrl", "Python", "Pyodide", "OCR", "pasyans", "BibTeX", "CSL", "JSON",
                 "PDF", "EPUB", "TEI"]
SCAN = (SITE.parent / "tests" / "site" / "latin_scan.js")


def _sources() -> str:
    files = [*SITE.joinpath("templates").glob("*.html"), *SITE.joinpath("static", "js").rglob("*.js"),
             *SITE.joinpath("edition").glob("*.py")]
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


def _values(entry) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [entry]


def test_every_message_is_in_both_languages():
    for key, entry in i18n.messages().items():
        assert set(entry) == {"en", "ru"}, f"{key}: languages {sorted(entry)}"
        fields = None
        for lang in ("en", "ru"):
            value = entry[lang]
            if isinstance(value, dict):
                assert set(value) == FORMS[lang], f"{key} ({lang}): plural forms {sorted(value)}"
            for text in _values(value):
                assert text.strip(), f"{key} ({lang}) is empty"
                names = set(FIELD.findall(text))
                assert fields is None or names == fields, f"{key}: {{fields}} differ between the languages"
                fields = names
                assert unicodedata.is_normalized("NFC", text), f"{key} ({lang}) is not NFC"


def test_the_russian_interface_is_in_the_modern_spelling():
    """Pre-reform letters only inside a quotation marked as such (lang="ru-petr1708")."""
    for key, entry in i18n.messages().items():
        for text in _values(entry["ru"]):
            own = re.sub(r'<span[^>]*lang="ru-petr1708"[^>]*>.*?</span>', "", text)
            assert not re.search(r"[ѣіѳѵ]|ъ\b", own, re.IGNORECASE), f"{key}: {text}"


def test_every_message_asked_for_is_in_the_catalogue_and_every_one_is_asked_for():
    sources = _sources()
    known = set(i18n.messages())
    asked = set(re.findall(r'''\bt\(\s*"([\w.:-]+)"''', sources))
    asked |= set(re.findall(r'''attr\((?:"[\w-]+",\s*"([\w.:-]+)",?\s*)+''', sources))
    asked |= {key for pair in re.findall(r'attr\(([^)]*)\)', sources)
              for key in re.findall(r'"([a-z][\w-]*\.[\w.:-]+)"', pair)}
    asked |= set(re.findall(r'''text\(\s*"([\w.:-]+)"''', sources))
    asked |= set(re.findall(r'''tx\(\s*"([\w.:-]+)"''', sources))
    literal = {key for key in asked if "." in key and not key.endswith(".")}  # every key has a dot
    assert literal - known == set(), "asked for but not in site/data/messages.json"
    # a key built from a prefix ("action." + name) counts as asked for where the prefix is written
    prefixes = set(re.findall(r'''["'`]([a-z][\w-]*(?:\.[\w-]+)*\.)["'`$]''', sources))
    prefixes |= set(re.findall(r'''f"([a-z][\w-]*(?:\.[\w-]+)*\.)\{''', sources))
    unused = {key for key in known if key not in sources and not any(key.startswith(p) for p in prefixes)}
    assert unused == set(), "in the catalogue but asked for nowhere"


def test_every_action_of_every_game_has_its_name_in_the_catalogue():
    """The board's buttons and hints name an action (``do_<name>`` of a
    game: deal, exchange:P-Q, exile, ...) by the catalogue's "action.<name>"
    (or one message per argument, as Napoleon's "action.choose:up"): never
    by the engine's id, which a Russian reader cannot read."""
    from engine import GAMES

    known = set(i18n.messages())
    names = {name[3:].replace("_", "-") for game in GAMES for name in dir(game) if name.startswith("do_")}
    assert {"deal", "exchange", "exile", "chain"} <= names
    missing = {name for name in names if f"action.{name}" not in known
               and not any(key.startswith(f"action.{name}:") for key in known)}
    assert missing == set()


def test_a_message_renders_in_both_languages_with_its_values_escaped():
    html = str(i18n.t("board.empty", pile="<b>"))
    assert html == ('<span data-l="ru" lang="ru">&lt;b&gt;: пусто.</span>'
                    '<span data-l="en" lang="en">&lt;b&gt; is empty.</span>')
    assert i18n.text("game.decks", "ru", n=2) == "2 колоды"
    assert i18n.text("game.decks", "ru", n=5) == "5 колод"
    assert i18n.text("game.decks", "ru", n=21) == "21 колода"
    assert i18n.text("game.decks", "en", n=1) == "1 deck"
    assert str(i18n.attr("aria-label", "play.toolbar")) == 'aria-label="Игра" data-i18n-attr="aria-label=play.toolbar"'


def test_the_built_site_ships_the_catalogue(built_site):
    text = (built_site / "assets" / "js" / "catalogue.js").read_text(encoding="utf-8")
    body = text[text.index("export default ") + len("export default "):].rstrip().rstrip(";")
    assert json.loads(body) == i18n.messages()


# --- in the browser ----------------------------------------------------------


@pytest.fixture
def reader(browser, server, request):
    """A tab whose browser prefers `locale` (parametrised indirectly), on a desktop."""
    contexts = []

    def open_tab(locale: str, **options):
        context = _watched_context(browser, server, viewport=options.pop("viewport", {"width": 1366, "height": 768}),
                                   locale=locale, service_workers="block", reduced_motion="reduce", **options)
        contexts.append(context)
        return context.new_page()

    yield open_tab
    for context in contexts:
        errors, foreign = list(context.watch.errors), list(context.watch.foreign)
        context.close()
        assert errors == [], errors
        assert foreign == [], foreign


def _latin(page) -> list[str]:
    return page.evaluate(SCAN.read_text(encoding="utf-8"), LATIN_ALLOWED)


def _ui(page) -> tuple[str, str]:
    return tuple(page.evaluate("[document.documentElement.lang, document.documentElement.dataset.ui]"))


def _button(page, op: str) -> str:
    return page.locator(f"section.demo button[data-op={op}]").inner_text().strip()


def _illegal_move(page, view: dict) -> str:
    piles = view["state"]["piles"]
    legal = set(view["moves"])
    return next(f"{a}>{b}" for a in piles for b in piles
                if a != b and piles[a] and not piles[a][-1].startswith("~") and f"{a}>{b}" not in legal)


@pytest.mark.parametrize("locale", ["ru-RU", "de-DE"])
def test_a_game_page_speaks_russian_to_a_russian_reader_and_to_one_of_neither_language(reader, server, locale):
    page = reader(locale)
    page.goto(f"{server}games/belle-lucie.html")
    view = wait_ready(page)
    assert _ui(page) == ("ru", "ru")
    assert [_button(page, op) for op in ("new", "restart", "undo", "redo", "hint", "solve")] == \
        ["Новая раздача", "Начать заново", "Отменить", "Повторить", "Подсказка", "Показать решение"]
    assert page.locator("details.help summary").inner_text() == "Как играть"
    # the board's live texts: a card picked up, a refused move, the piles' names
    source = _illegal_move(page, view).split(">")[0]
    page.locator(f'.board .pile[data-pile="{source}"]').click()
    assert "Взята карта" in page.locator(".verdict").inner_text()
    page.evaluate("m => window.pasyansDemo.tryMove(m)", _illegal_move(page, view))
    page.wait_for_selector(".verdict[data-allowed=false]")
    assert re.search("не кладётся на|нельзя положить на|сейчас нельзя", page.locator(".verdict p.no").inner_text())
    page.locator("details.help").evaluate("d => d.open = true")
    page.locator("details.stats-panel").evaluate("d => d.open = true")
    assert _latin(page) == []


def test_an_action_with_places_is_named_in_russian(reader, server):
    """Полушария deal 4 opens with four exchanges to choose from: each
    button names its two places («Обменять: Северное место 4 ↔ ...»), and
    no word of the page is left in Latin letters."""
    page = reader("ru-RU")
    page.goto(f"{server}games/hemispheres.html?deal=4")
    view = wait_ready(page)
    exchanges = [m for m in view["moves"] if m.startswith("exchange:")]
    assert exchanges
    buttons = page.locator("section.demo button[data-action^='exchange:']")
    assert buttons.count() == len(exchanges)
    for text in buttons.all_inner_texts():
        assert re.fullmatch(r"Обменять: \S.* ↔ \S.*", text.strip()), text
    assert _latin(page) == []


def test_the_switch_on_a_game_page_changes_remembers_and_shares_the_language(reader, server):
    page = reader("ru-RU")
    page.goto(f"{server}games/napoleon.html")
    view = wait_ready(page)
    actions = page.locator("section.demo .actions button")
    if actions.count():
        assert "ъ" not in actions.first.inner_text()  # Napoleon's «Вверх», «Вниз»: modern spelling
    page.evaluate("m => window.pasyansDemo.tryMove(m)", _illegal_move(page, view))
    page.wait_for_selector(".verdict[data-allowed=false]")
    page.get_by_role("button", name="English", exact=True).click()
    assert _ui(page) == ("en", "en")
    assert "lang=en" in page.url
    assert [_button(page, op) for op in ("new", "undo", "hint")] == ["New deal", "Undo", "Hint"]
    assert re.search(r" cannot go (on|to) |: not now", page.locator(".verdict p.no").inner_text())  # said again in English
    assert page.locator("section.demo .clock").inner_text().endswith("moves")
    assert not re.search("[а-яё]", page.locator(".board .pile").first.get_attribute("aria-label"), re.IGNORECASE)
    assert page.locator(".board").get_attribute("aria-label").startswith("Card table")
    assert page.evaluate("localStorage.getItem('pasyans.ui')") == "en"
    # remembered on the next page, without the address saying so
    page.goto(f"{server}games/belle-lucie.html")
    wait_ready(page)
    assert _ui(page) == ("en", "en")
    assert _button(page, "new") == "New deal"
    # and back
    page.get_by_role("button", name="Русский", exact=True).click()
    assert _ui(page) == ("ru", "ru")
    assert _button(page, "new") == "Новая раздача"
    assert "lang=ru" in page.url
    assert _latin(page) == []


def test_a_shared_link_opens_in_its_language(reader, server):
    page = reader("ru-RU")
    page.goto(f"{server}index.html?lang=en")
    assert _ui(page) == ("en", "en")
    assert page.locator("#games h2").inner_text() == "The games"
    page = reader("en-US")
    page.goto(f"{server}index.html?lang=ru")
    assert _ui(page) == ("ru", "ru")
    assert page.locator("#games h2").inner_text() == "Пасьянсы"


def test_the_home_page_switches_from_english_to_russian(reader, server):
    page = reader("en-US")
    page.goto(f"{server}index.html")
    assert _ui(page) == ("en", "en")
    heads = page.locator("table.games thead th")
    assert heads.first.inner_text() == "Game"
    assert page.title().startswith("Home")
    page.get_by_role("button", name="Русский", exact=True).click()
    assert _ui(page) == ("ru", "ru")
    assert heads.first.inner_text() == "Пасьянс"
    assert page.locator("header.site nav").get_attribute("aria-label") == "Издание"
    assert page.title().startswith("Главная")
    assert _latin(page) == []


def test_the_english_column_of_a_game_page_can_be_hidden(reader, server):
    page = reader("en-US")
    page.goto(f"{server}games/belle-lucie.html")
    english = page.locator("#text .clause > .en").first
    button = page.locator("#text button.show-english")
    assert english.is_visible() and button.get_attribute("aria-pressed") == "true"
    button.click()
    assert not english.is_visible() and button.get_attribute("aria-pressed") == "false"
    page.reload()
    assert not page.locator("#text .clause > .en").first.is_visible()


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("path", ["index.html", "games/belle-lucie.html", "statistics.html"])
def test_no_axe_violations_in_either_language(reader, server, path, lang):
    page = reader("ru-RU" if lang == "ru" else "en-US")
    page.goto(f"{server}{path}")
    if "games/" in path:
        view = wait_ready(page)
        page.evaluate("id => window.pasyansDemo.click(id)", next(m for m in view["moves"] if ">" in m).split(">")[0])
    assert _ui(page) == (lang, lang)
    violations = _axe(page, server)
    assert violations == [], json.dumps(violations, indent=1, ensure_ascii=False)
