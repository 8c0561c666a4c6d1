"""The dictionary: which words exist today, and what part of speech they are.

pymorphy3 is loaded once, lazily (it takes a fraction of a second and some
memory), and every answer is cached per word: a book has a few thousand
distinct words, so the cache makes the dictionary almost free after the
first pages.
"""

from __future__ import annotations

from functools import lru_cache

_ANALYZER = None

# Parts of speech that take adjective endings (-ые/-ие, -ого/-его).
ADJECTIVAL = frozenset({"ADJF", "PRTF"})
# Tags of proper names: a capital letter there is not an OCR slip.
PROPER = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})


def analyzer():
    global _ANALYZER
    if _ANALYZER is None:
        import pymorphy3  # heavy: imported only when a word needs checking

        _ANALYZER = pymorphy3.MorphAnalyzer()
    return _ANALYZER


@lru_cache(maxsize=100_000)
def _entries(word: str) -> tuple:
    """(paradigm id, form index, spelling) of every dictionary entry of a
    lower-case word (е may stand for ё): one look-up in the dictionary's
    word graph, without pymorphy3's full parse (no normal forms, no
    probabilities), so a test costs tens of microseconds."""
    if len(word) < 2:
        return ()
    analyzer_ = analyzer()
    return tuple((para_id, index, fixed)
                 for fixed, found in analyzer_.dictionary.words.similar_items(word, analyzer_.char_substitutes)
                 for para_id, index in found)


def spelt_with_yo(word: str) -> bool:
    """Does the dictionary spell this word (е for ё allowed) with ё? (шел: шёл)"""
    return any("ё" in spelling for _, _, spelling in _entries(word))


def is_known(word: str) -> bool:
    """Is this (lower-case, modern) word in the dictionary?

    Single letters are left to the caller: the dictionary lists almost every
    letter as an abbreviation.
    """
    return bool(_entries(word))


@lru_cache(maxsize=50_000)
def tags(word: str) -> tuple:
    """The tags of every dictionary parse of a known word (none if unknown)."""
    dictionary = analyzer().dictionary
    return tuple(dictionary.build_tag_info(para_id, index) for para_id, index, _ in _entries(word))


# Lemma endings of adjectives and participles: a noun whose lemma ends so is
# declined like one (насекомое, запятая, рабочий: substantivised).
ADJECTIVAL_LEMMA = ("ый", "ий", "ой", "ое", "ее", "ая", "яя")


def is_adjectival_plural(word: str) -> bool:
    """Is the word a nominative/accusative plural adjective, participle or
    pronoun, or of a noun declined like one (насекомые, запятые)?"""
    return any(
        (tag.POS in ADJECTIVAL or (tag.POS == "NOUN" and lemma.endswith(ADJECTIVAL_LEMMA)))
        and "plur" in tag and ("nomn" in tag or "accs" in tag)
        for tag, lemma in parses(word)
    )


@lru_cache(maxsize=50_000)
def parses(word: str) -> tuple:
    """(tag, lemma) of every dictionary parse of a known word."""
    dictionary = analyzer().dictionary
    return tuple((dictionary.build_tag_info(para_id, index), dictionary.build_normal_form(para_id, index, fixed))
                 for para_id, index, fixed in _entries(word))


@lru_cache(maxsize=50_000)
def _guess(word: str):
    """The best guess of pymorphy3's predictor for a word the dictionary lacks, or None."""
    if is_known(word) or len(word) < 5:
        return None
    return analyzer().parse(word)[0].tag


def guessed_adjectival_plural(word: str) -> bool:
    """For a word the dictionary lacks (двухколодные): does the best guess of
    pymorphy3's predictor make it a nominative/accusative plural adjective?"""
    tag = _guess(word)
    return tag is not None and tag.POS in ADJECTIVAL and "plur" in tag and ("nomn" in tag or "accs" in tag)


def guessed_adjectival_genitive(word: str) -> bool:
    """The same guess for a genitive singular adjective (двухколоднаго -> двухколодного)."""
    tag = _guess(word)
    return tag is not None and tag.POS in ADJECTIVAL and "sing" in tag and ("gent" in tag or "accs" in tag)


def is_adjectival_genitive(word: str) -> bool:
    """Is the word a genitive/accusative singular masculine or neuter adjective form?"""
    return any(
        tag.POS in ADJECTIVAL and "sing" in tag and ("gent" in tag or "accs" in tag)
        for tag in tags(word)
    )


# Parses that do not make a word a safe repair target: a confusion repair
# should not turn a misread word into an abbreviation or a rare name (Псъ -> Ис).
NOT_COMMON = PROPER | {"Abbr", "Init"}


@lru_cache(maxsize=50_000)
def is_common(word: str) -> bool:
    """Is the word known as a common word (not only as a name or abbreviation)?"""
    return any(not (NOT_COMMON & tag.grammemes) for tag in tags(word))


def is_proper(word: str) -> bool:
    return any(PROPER & tag.grammemes for tag in tags(word))


@lru_cache(maxsize=50_000)
def lemma_ends_stressed(word: str) -> bool:
    """Does an adjectival parse have a lemma in -ой (stressed ending: большой, чужой)?"""
    return any(tag.POS in ADJECTIVAL and lemma.endswith("ой") for tag, lemma in parses(word))


# Parts of speech that decline, and the second cases folded into the first.
DECLINED = frozenset({"NOUN", "ADJF", "PRTF", "NPRO", "NUMR"})
_CASE = {"loc2": "loct", "gen2": "gent", "acc2": "accs", "gen1": "gent", "loc1": "loct", "acc1": "accs"}


@lru_cache(maxsize=50_000)
def cases(word: str) -> frozenset:
    """The cases a known word can stand in, if every parse of it declines
    (empty for a word with an undeclined parse: an adverb, a verb, ...)."""
    found = set()
    for tag in tags(word):
        if tag.POS not in DECLINED or tag.case is None:
            return frozenset()
        found.add(_CASE.get(tag.case, tag.case))
    return frozenset(found)
