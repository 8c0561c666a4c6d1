"""Small, safe HTML pieces: the two spelling layers and the search folding.

Every function here escapes its text arguments; only their own tags are
trusted. The spelling switch is pure CSS: the 1912 reading sits in
`.l-o` (lang `ru-petr1708`, the registered subtag for pre-1918 spelling),
the modern one in `.l-m`, and the body's class hides one of them.
"""

from __future__ import annotations

import difflib
import unicodedata
from typing import Sequence

import regex
from markupsafe import Markup, escape  # noqa: F401 (escape is re-exported)

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


def layered(old: str, new: str, marks: Sequence = ()) -> Markup:
    """Both spelling layers of a text, marked word by word where they differ;
    `marks` (edition.apparatus.Mark: start, end, reading) annotate words of
    the 1912 text, and the modern word that replaces a marked one.

    >>> str(layered("Домъ въ лѣсу", "Дом в лесу"))
    '<span class="l-o" lang="ru-petr1708">Домъ въ лѣсу</span><span class="l-m">Дом в лесу</span>'
    >>> str(layered("Четыре угла", "Четыре угла"))
    'Четыре угла'
    """
    if old == new and not marks:
        return escape(old)
    old_words, new_words = _WORD.findall(old), _WORD.findall(new)
    offsets, at = [], 0
    for word in old_words:
        offsets.append(at)
        at += len(word)
    matcher = difflib.SequenceMatcher(a=old_words, b=new_words, autojunk=False)
    runs: list[list] = []  # [same?, a1, a2, new text]; a lone space between changes joins them
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        new_run = "".join(new_words[b1:b2])
        same = tag == "equal" and not ("".join(old_words[a1:a2]).isspace() and runs and not runs[-1][0])
        if runs and runs[-1][0] == same:
            runs[-1][2] = a2
            runs[-1][3] += new_run
        else:
            runs.append([same, a1, a2, new_run])

    def mark_of(k: int):
        word_start, word_end = offsets[k], offsets[k] + len(old_words[k])
        return next((m for m in marks if m.start < word_end and word_start < m.end), None)

    def words(a1: int, a2: int) -> Markup:
        return Markup("").join(
            annotated(old_words[k], mark.reading) if (mark := mark_of(k)) and not old_words[k].isspace()
            else escape(old_words[k])
            for k in range(a1, a2)
        )

    out = []
    for same, a1, a2, new_run in runs:
        if same:
            out.append(words(a1, a2))
            continue
        marked = [mark for k in range(a1, a2) if (mark := mark_of(k))]
        modern = annotated(new_run, marked[0].reading, suffix="-m") if marked and new_run.strip() else escape(new_run)
        out.append(both(words(a1, a2), modern))
    return Markup("").join(out)


def annotated(word: str, reading, suffix: str = "") -> Markup:
    """A word with an apparatus entry: focusable, its note shown on hover,
    tap and keyboard focus (pure CSS, see .app in style.css)."""
    ident = reading.id + suffix
    return Markup(
        '<span class="app {kind}" tabindex="0" id="{id}" aria-describedby="{id}-tip">{word}'
        '<span class="tip" role="tooltip" id="{id}-tip">{witness} has <del class="diplomatic">{original}</del> ({label}). {reason}</span></span>'
    ).format(kind=_kind_class(reading.kind), id=ident, word=word, label=kind_label(reading.kind),
             witness=f"Witness {reading.witness}" if reading.witness else "The witness",
             original=reading.original, reason=reading.reason)


def kind_label(kind: str) -> str:
    """A reading's kind as words: "ocr-glyph" -> "OCR glyph"."""
    return " + ".join(part.strip().replace("-", " ").replace("ocr", "OCR") for part in kind.split("+"))


def _kind_class(kind: str) -> str:
    return "variant" if kind == "variant" else "ocr"


def both(old: str | Markup, new: str | Markup, lang: bool = True) -> Markup:
    """One place where the layers differ: the 1912 reading and the modern.
    `lang` tags the 1912 reading; leave it off inside a word, where a
    language change would make a screen reader switch voices mid-word."""
    if not lang:
        modern = Markup('<span class="l-m">{}</span>').format(new) if new else Markup("")
        return Markup('<span class="l-o">{}</span>').format(old) + modern
    return Markup('<span class="l-o" lang="{}">{}</span><span class="l-m">{}</span>').format(OLD_LANG, old, new)
