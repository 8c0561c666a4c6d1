"""The modern spelling of the edition's own prose that quotes the book.

The clauses carry both layers in the TEI; but the editors' notes, the
engine's rule docs and assumptions, the witnesses' descriptions and the
headings the editors supplied quote the book in its 1912 spelling only. The
modern layer of those quotations comes from the normalize stage, through its
command-line contract (`pasyans normalize FILE --layer modern`, one output
line per input line), run once over every such text of a build.

That command also repairs OCR damage, and in prose *about* the book that
would be wrong: «мастп» quoted as an OCR slip, or «ђ for ѣ» naming letters,
must stay as written. So only a spelling change is taken, word by word: a
word that holds a pre-1918 letter (or ends in ъ) and is more than a letter
named as such.
"""

from __future__ import annotations

import difflib
import tempfile
from pathlib import Path
from typing import Callable, Iterable

import regex

# The letters the reform removed, named (Cyrillic і looks like Latin i).
OLD_LETTERS = ("\N{CYRILLIC SMALL LETTER YAT}\N{CYRILLIC CAPITAL LETTER YAT}"
               "\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}\N{CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I}"
               "\N{CYRILLIC SMALL LETTER FITA}\N{CYRILLIC CAPITAL LETTER FITA}"
               "\N{CYRILLIC SMALL LETTER IZHITSA}\N{CYRILLIC CAPITAL LETTER IZHITSA}")
HARD_SIGNS = "\N{CYRILLIC SMALL LETTER HARD SIGN}\N{CYRILLIC CAPITAL LETTER HARD SIGN}"
_TOKEN = regex.compile(r"\p{L}+|[^\p{L}]+")
# A word in the old spelling: an old letter anywhere, or a final hard sign,
# in a word that is not only such letters (a letter named as a letter).
OLD_WORD = regex.compile(rf"(?=\p{{L}}*[^{OLD_LETTERS}{HARD_SIGNS}\P{{L}}])"
                         rf"\p{{L}}*(?:[{OLD_LETTERS}]\p{{L}}*|[{HARD_SIGNS}])(?!\p{{L}})")


def has_old_spelling(text: str) -> bool:
    """Whether `text` has a word in the 1912 spelling.

    >>> has_old_spelling("годныхъ картъ"), has_old_spelling("ђ for ѣ"), has_old_spelling("изъять")
    (True, False, False)
    """
    return any(OLD_WORD.fullmatch(token) for token in _TOKEN.findall(text))


def spelling_only(old: str, new: str) -> str:
    """`new`'s words where they modernise a word of `old`; `old` elsewhere.

    >>> spelling_only("мастп, ђ for ѣ, годныхъ картъ", "масти, е for е, годных карт")
    'мастп, ђ for ѣ, годных карт'
    """
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    out = []
    for tag, a1, a2, b1, b2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "replace" and a2 - a1 == b2 - b1:
            out.extend(n if OLD_WORD.fullmatch(o) else o for o, n in zip(a[a1:a2], b[b1:b2]))
        else:
            out.extend(a[a1:a2])
    return "".join(out)


def _normalize_lines(lines: list[str]) -> list[str]:
    """`pasyans normalize FILE --layer modern` over `lines`."""
    from edition.inputs import run

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "quotations.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return run("normalize", str(path), "--layer", "modern").split("\n")[: len(lines)]


def modernise(texts: Iterable[str], normalize: Callable[[list[str]], list[str]] = _normalize_lines) -> dict[str, str]:
    """{text: its modern spelling} for each text that has an old-spelling word."""
    wanted = sorted({" ".join(text.split()) for text in texts if text and has_old_spelling(text)})
    if not wanted:
        return {}
    return {old: spelling_only(old, new) for old, new in zip(wanted, normalize(wanted))}
