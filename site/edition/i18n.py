"""The interface in two languages, from one message catalogue.

`site/data/messages.json` holds every message of the interface in Russian
and English. The templates write a message with `t("key")`: both languages
side by side, each in a span of its own (`data-l="ru"`, `data-l="en"`), and
style.css shows the one `<html data-ui>` names, so that the page is drawn
in the reader's language from its first paint, with or without scripts.
An attribute (aria-label, title, placeholder) holds one value: `attr()`
writes the Russian one and the key (`data-i18n-attr`), and i18n.js sets the
English where that is the language chosen. The scripts read the same
catalogue, which the build writes as `assets/js/catalogue.js`.

Russian is the default: the book is Russian and so are most of its readers.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from markupsafe import Markup, escape

from edition import SITE

CATALOGUE = SITE / "data" / "messages.json"
LANGUAGES = ("ru", "en")
DEFAULT = "ru"
_FIELD = re.compile(r"\{(\w+)\}")


@lru_cache(maxsize=1)
def messages() -> dict[str, dict]:
    return json.loads(CATALOGUE.read_text(encoding="utf-8"))["messages"]


def plural(lang: str, n: int) -> str:
    """The plural category of `n` (Unicode CLDR, as Intl.PluralRules names it)."""
    if lang == "en":
        return "one" if n == 1 else "other"
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def text(key: str, lang: str, **values) -> str:
    """The message `key` in `lang` with its {fields} filled in (plain text;
    for a .html key, markup whose values are escaped)."""
    try:
        entry = messages()[key][lang]
    except KeyError:
        raise KeyError(f"message {key!r} is not in {CATALOGUE.name} for {lang!r}: add it in both languages") from None
    if isinstance(entry, dict):
        entry = entry[plural(lang, int(values["n"]))]
    markup = key.endswith(".html")

    def fill(match: re.Match) -> str:
        value = values[match.group(1)]
        return str(escape(value)) if markup else str(value)

    return _FIELD.sub(fill, entry)


def t(key: str, **values) -> Markup:
    """The message in both languages, for a template's text."""
    spans = []
    for lang in LANGUAGES:
        said = text(key, lang, **values)
        spans.append(Markup('<span data-l="{lang}" lang="{lang}">').format(lang=lang)
                     + (Markup(said) if key.endswith(".html") else escape(said)) + Markup("</span>"))
    return Markup("").join(spans)


def attr(*pairs: str) -> Markup:
    """Attributes in the default language, with their keys for i18n.js:
    attr("aria-label", "play.toolbar") -> aria-label="Игра" data-i18n-attr="aria-label=play.toolbar"
    (more pairs of name and key for more attributes of the element)."""
    names, keys = pairs[::2], pairs[1::2]
    out = [Markup('{name}="{value}"').format(name=name, value=text(key, DEFAULT)) for name, key in zip(names, keys)]
    out.append(Markup('data-i18n-attr="{spec}"').format(spec=" ".join(f"{n}={k}" for n, k in zip(names, keys))))
    return Markup(" ").join(out)


def both(ru: str, en: str) -> Markup:
    """A text the data gives in both languages (a win rate, say), shown as `t()` shows a message."""
    return Markup('<span data-l="ru" lang="ru">{0}</span><span data-l="en" lang="en">{1}</span>').format(ru, en)


def relabel(svg: Markup, key: str, **values: dict[str, str]) -> Markup:
    """An SVG drawn with its aria-label in Russian, made switchable: the key
    and its values in each language ({"ru": ..., "en": ...}) for i18n.js."""
    spec = Markup(' data-i18n-attr="aria-label={key}" data-i18n-args="{args}"').format(
        key=key, args=json.dumps(values, ensure_ascii=False))
    return Markup(re.sub(r'(<svg\b[^>]*?)(>)', lambda m: m.group(1) + str(spec) + m.group(2), str(svg), count=1))


def script_module() -> str:
    """The catalogue for the browser: an ES module (assets/js/catalogue.js)."""
    body = json.dumps(messages(), ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return "// Written by the build from site/data/messages.json (edition/i18n.py): do not edit.\n" \
        f"export default {body};\n"
