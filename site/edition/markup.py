"""Small, safe HTML pieces: the two spelling layers and the search folding.

Every function here escapes its text arguments; only their own tags are
trusted. The spelling switch is pure CSS: the 1912 reading sits in
`.l-o` (lang `ru-petr1708`, the registered subtag for pre-1918 spelling),
the modern one in `.l-m`, and the body's class hides one of them.
"""

from __future__ import annotations

import difflib
import unicodedata

import regex
from markupsafe import Markup, escape

OLD_LANG = "ru-petr1708"

# Search folds the 1912 letters onto their modern replacements so that a
# query in either spelling finds both (named, because Cyrillic і looks Latin).
FOLD = str.maketrans({
    "\N{CYRILLIC SMALL LETTER YAT}": "е",
    "\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}": "и",
    "\N{CYRILLIC SMALL LETTER FITA}": "ф",
    "\N{CYRILLIC SMALL LETTER IZHITSA}": "и",
    "\N{CYRILLIC SMALL LETTER IO}": "е",
})
_FINAL_HARD_SIGN = regex.compile(r"\N{CYRILLIC SMALL LETTER HARD SIGN}(?!\p{L})")
_WORD = regex.compile(r"\S+|\s+")


def fold(text: str) -> str:
    """Text as search compares it: lower case, 1912 letters modernised,
    final ъ dropped. `site/static/js/search.js` folds queries the same way.

    >>> fold("Домъ въ лѣсу, Люція")
    'дом в лесу, люция'
    """
    text = unicodedata.normalize("NFC", text).lower().translate(FOLD)
    return _FINAL_HARD_SIGN.sub("", text)


def layered(old: str, new: str) -> Markup:
    """Both spelling layers of a text, marked word by word where they differ.

    >>> str(layered("Домъ въ лѣсу", "Дом в лесу"))
    '<span class="l-o" lang="ru-petr1708">Домъ въ лѣсу</span><span class="l-m">Дом в лесу</span>'
    >>> str(layered("Четыре угла", "Четыре угла"))
    'Четыре угла'
    """
    if old == new:
        return escape(old)
    old_words, new_words = _WORD.findall(old), _WORD.findall(new)
    matcher = difflib.SequenceMatcher(a=old_words, b=new_words, autojunk=False)
    runs: list[list] = []  # [same?, old, new]; a lone space between changes joins them
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        old_run, new_run = "".join(old_words[a1:a2]), "".join(new_words[b1:b2])
        same = tag == "equal" and not (old_run.isspace() and runs and not runs[-1][0])
        if runs and runs[-1][0] == same:
            runs[-1][1] += old_run
            runs[-1][2] += new_run
        else:
            runs.append([same, old_run, new_run])
    return Markup("").join(escape(o) if same else both(o, n) for same, o, n in runs)


def both(old: str | Markup, new: str | Markup) -> Markup:
    """One place where the layers differ: the 1912 reading and the modern."""
    return Markup('<span class="l-o" lang="{}">{}</span><span class="l-m">{}</span>').format(OLD_LANG, old, new)
