"""Synthetic OCR damage for the pre-reform test corpus (independent of the
channel model in normalize/data/ocr.toml: its own list of visual pairs).

Each damaged line has one damaged word. Kinds:
- confusion: one letter replaced by a look-alike, in either direction of
  each pair (н/и, п/т, е/с, о/с, г/і, з/э, м/ы, ь/ъ, ш/щ, ...);
- one-to-two: one letter read as two (ы -> ьі, ш -> пі, ю -> іо, й -> иі);
- split: a space inserted at any point of a word (pieces of any length);
- spaced: the word letter-spaced (к а р т ы), as in emphasised print;
- lookalike: a Cyrillic letter replaced by its Latin twin (о -> o, р -> p);
- yat: ѣ read as the Serbian ђ.
A damage that leaves only real words (на -> па, a split into two words) is
not made: no dictionary can see it, that is what errata are for.
"""

from __future__ import annotations

import random

import regex

PAIRS = ["ни", "пт", "пн", "пи", "ес", "ос", "гі", "зэ", "мы", "ьъ", "шщ", "лд", "оа", "уч", "ий", "цщ", "бь", "юя", "ѣь"]
ONE_TO_TWO = {"ы": "ьі", "ш": "пі", "ю": "іо", "й": "иі", "ѣ": "іь"}
LATIN = {"а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "х": "x", "у": "y", "і": "i", "А": "A", "В": "B",
         "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "Х": "X"}
KINDS = ("confusion", "one-to-two", "split", "spaced", "lookalike", "yat")
WORD = regex.compile(r"\p{Script=Cyrillic}{3,}")


def _confusions(word: str):
    for index, ch in enumerate(word):
        low = ch.lower()
        for pair in PAIRS:
            if low in pair:
                other = pair[1] if low == pair[0] else pair[0]
                yield word[:index] + (other.upper() if ch.isupper() else other) + word[index + 1:]


def damaged_words(word: str, kind: str):
    """Every damage of one kind the word can take, as the text that replaces it."""
    if kind == "confusion":
        yield from _confusions(word)
    elif kind == "one-to-two":
        for index, ch in enumerate(word):
            if ch in ONE_TO_TWO:
                yield word[:index] + ONE_TO_TWO[ch] + word[index + 1:]
    elif kind == "split":
        for index in range(1, len(word)):
            yield word[:index] + " " + word[index:]
    elif kind == "spaced" and 3 <= len(word) <= 12:
        yield " ".join(word)
    elif kind == "lookalike":
        for index, ch in enumerate(word):
            if ch in LATIN:
                yield word[:index] + LATIN[ch] + word[index + 1:]
    elif kind == "yat":
        for index, ch in enumerate(word):
            if ch in "ѣѢ":
                yield word[:index] + ("ђ" if ch == "ѣ" else "Ђ") + word[index + 1:]


def damage(line: str, kind: str, rng: random.Random, is_word) -> tuple[str, str, str] | None:
    """(damaged line, word, its damage) with one word damaged, or None if no
    word of the line takes this kind of damage without leaving real words."""
    words = list(WORD.finditer(line))
    rng.shuffle(words)
    for match in words:
        options = list(damaged_words(match.group(), kind))
        rng.shuffle(options)
        for bad in options:
            pieces = bad.split(" ")
            if kind != "lookalike" and kind != "yat" and all(is_word(piece) for piece in pieces):
                continue  # a real word (or real words): invisible to any dictionary
            return line[: match.start()] + bad + line[match.end():], match.group(), bad
    return None


def distance(a: str, b: str) -> int:
    """Levenshtein distance (characters)."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]
