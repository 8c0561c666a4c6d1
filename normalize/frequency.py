"""How common a modern Russian word is: its Zipf frequency, from wordfreq.

The candidates of an OCR repair and the pieces of a split word are ranked by
how often they occur (the noisy-channel rule of `normalize.ocr`). The
frequencies are wordfreq's large Russian list (wordfreq 3, data CC BY-SA 4.0,
built from Wikipedia, subtitles, books, web text and news; see its README),
shipped inside the wordfreq package, so nothing is downloaded at run time.
The list is read once, lazily, and only its Cyrillic words are kept (about
670,000; 0.8 s and some 100 MB, paid once by the first line that needs a
ranking: a suspicious word, or two words side by side that might be one).

Zipf is log10 of the frequency per billion words: 7 for и, 4 for молоко,
1 for the rarest listed words. A word wordfreq lacks but the dictionary
knows gets `FLOOR`, below every listed word. Pre-reform words are looked up
in their modern spelling (the caller modernises), and е stands for ё.
"""

from __future__ import annotations

import os
from functools import lru_cache

import regex

FLOOR = 0.5  # a dictionary word that no frequency list has seen
_TABLE: dict[str, int] | None = None
_CYRILLIC_WORD = regex.compile(r"[а-яё]+")


def table() -> dict[str, int]:
    """word -> centibel bucket (Zipf = 9 - bucket / 100), ё folded into е."""
    return _TABLE if _TABLE is not None else _table()


def _table() -> dict[str, int]:
    """word -> centibel bucket (Zipf = 9 - bucket / 100), ё folded into е."""
    global _TABLE
    if _TABLE is None:
        import wordfreq

        path = os.path.join(os.path.dirname(wordfreq.__file__), "data", "large_ru.msgpack.gz")
        table: dict[str, int] = {}
        for bucket, words in enumerate(wordfreq.read_cBpack(path)):
            for word in words:
                if _CYRILLIC_WORD.fullmatch(word):
                    table.setdefault(word.replace("ё", "е"), bucket)
        _TABLE = table
    return _TABLE


@lru_cache(maxsize=100_000)
def zipf(word: str) -> float:
    """The Zipf frequency of a lower-case modern word (FLOOR if unlisted)."""
    bucket = _table().get(word.replace("ё", "е"))
    return FLOOR if bucket is None else 9 - bucket / 100


def highest(words) -> float:
    """The highest Zipf frequency of some lower-case modern words (FLOOR if none is listed)."""
    table = _table()
    low = None
    for word in words:
        bucket = table.get(word) if "ё" not in word else table.get(word.replace("ё", "е"))
        if bucket is not None and (low is None or bucket < low):
            low = bucket
    return FLOOR if low is None else 9 - low / 100


_LONGEST: tuple[list[float], float] | None = None


def highest_of_length(length: int) -> float:
    """An upper bound of the Zipf frequency of any listed word of `length - 3`
    to `length` letters (a word whose modern spelling may have lost up to
    three letters of its pre-reform one: final ъ, ъи -> ы, разсч -> расч).

    The table is in frequency order: its first 100,000 words give the
    commonest word of each length, and the frequency there bounds every
    length not yet seen."""
    global _LONGEST
    if _LONGEST is None:
        by_length: dict[int, int] = {}
        bucket = 0
        for index, (word, bucket) in enumerate(table().items()):
            if index == 100_000:
                break
            by_length.setdefault(len(word), bucket)
        rest = 9 - bucket / 100
        size = max(by_length) + 4
        exact = [9 - by_length[n] / 100 if n in by_length else rest for n in range(size)]
        _LONGEST = ([max(exact[max(0, n - 3) : n + 1]) for n in range(size)], rest)
    bounds, rest = _LONGEST
    return bounds[length] if length < len(bounds) else rest
