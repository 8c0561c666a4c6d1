"""Whole lines: the word rules of `ocr` and `modern` placed at their columns.

A line is cut into words (runs of letters); most words need nothing, and the
word rules are cached, so a line costs little more than one regex scan. What
needs more than one word is done here: the errata (book-specific spans),
letters spaced apart and hyphens inside words, also `прави- ламъ` (joined,
then repaired as one word), a space lost after a final ъ (`въдѣло`), the
spacing of punctuation (`карты ,которыя`, `,,`, `( правило I )`, a speck
read as a comma inside a word), Roman numerals read as Cyrillic (`П.` for
`II.`), and the context a word rule needs (is the word inside a sentence or
at a clause's start, is it followed by a full stop).
"""

from __future__ import annotations

import bisect
from functools import lru_cache

import regex

from normalize import errata, modern, morph, ocr, tables
from normalize.draft import Edit

WORD = regex.compile(r"\p{L}+")
SENTENCE_INSIDE = ",;:"
CYRILLIC = regex.compile(r"\p{Script=Cyrillic}")
CYRILLIC_LOWER = regex.compile(r"(?=\p{Ll})\p{Script=Cyrillic}")
# A space before closing punctuation, and a full stop glued to the next sentence.
SPACE_BEFORE = regex.compile(r" (?=[.,;:!?]+(?:\s|$))")  # after a letter, » or )
# A mark read twice (,, or . .), but not an ellipsis.
DOUBLED_MARK = regex.compile(r"([,;:])(?: ?\1)+|(?<!\. ?)\. ?\.(?! ?\.)")
GLUED_STOP = regex.compile(r"(?<=\p{Ll}\p{Ll})\.(?=\p{Lu}\p{Ll})")
HYPHEN_CHAIN = regex.compile(r"\p{L}+(?:-\p{L}+)+")
HYPHEN_SPACED = regex.compile(r"(?<!\p{L})\p{L}+(?:- | -)\p{L}+(?!\p{L})")
# A comma, semicolon or colon glued to the next word; a space before the mark
# instead of after it; a space just inside a bracket.
# (Patterns start with a literal where they can: a lookbehind tried at every
# position of a long line costs more than the rest of the line's repairs.)
GLUED_MARK = regex.compile(r"[,;:](?=\p{Script=Cyrillic})")  # and a Cyrillic letter before it
SWAPPED_MARK = regex.compile(r"(?<=\p{L}) [,;:](?=\p{L})")
BRACKET_SPACE = regex.compile(r"\( (?=\S)| \)")  # and no space or bracket before the second kind
# Pre-reform spelling puts ъ inside a word only before a vowel (подъѣздъ):
# before a consonant it ends a word whose following space was lost (въдѣло).
LOST_SPACE = regex.compile(r"[ъЪ](?=[бвгджзклмнпрстфхцчшщБВГДЖЗКЛМНПРСТФХЦЧШЩ])")  # the cut is the match's end
# Roman numerals (rules I-XX) read as Cyrillic letters: І for I, П for II,
# Ш for III, Х for X, У for V. Repaired when mixed with Latin (ІV), or where
# a numeral stands: a rule's number starting its line (П. Основныя ...), or
# after правило/правилу/правиламъ (согласно правиламъ І, П и Ш).
ROMAN_CYRILLIC = {
    "\N{CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I}": "I",
    "\N{CYRILLIC CAPITAL LETTER PE}": "II",
    "\N{CYRILLIC CAPITAL LETTER SHA}": "III",
    "\N{CYRILLIC CAPITAL LETTER HA}": "X",
    "\N{CYRILLIC CAPITAL LETTER U}": "V",
}
_ROMAN_CHARS = "IVX" + "".join(ROMAN_CYRILLIC)  # Latin I, V, X and their Cyrillic stand-ins
ROMAN_TOKEN = regex.compile(rf"(?<![\p{{L}}\d])[{_ROMAN_CHARS}]+(?![\p{{L}}\d])")
ROMAN_VALID = regex.compile(r"X{0,3}(?:IX|IV|V?I{0,3})")
ROMAN_AFTER_RULE = regex.compile(rf"[Пп]равил\p{{L}}*(?:[\s,]+(?:и\s+)?[{_ROMAN_CHARS}]+)*[\s,]+(?:и\s+)?$")
SPACING = {name: float(value) if name not in ("max_pieces", "max_letters") else int(value)
           for name, value in tables.ocr()["spacing"].items()}


def diplomatic_edits(raw: str, witness: str, number: int, orthography: str) -> list[Edit]:
    edits = errata.edits_for(raw, witness, number, "diplomatic")
    taken = Taken(len(raw), [(e.start, e.end) for e in edits])
    words = [(m.start(), m.end()) for m in WORD.finditer(raw)]
    aligned = True  # each word a whole run of letters (not cut after a ъ)
    if orthography == "pre-reform" and LOST_SPACE.search(raw):
        split = []
        for start, end in words:
            pieces = _split_lost_spaces(raw, start, end, orthography)
            split.extend(pieces)
            edits.extend(Edit(a, a, "", " ", ocr.LOST_SPACE) for a, _ in pieces[1:])
        aligned = len(split) == len(words)
        words = split
    for match in ROMAN_TOKEN.finditer(raw) if ROMAN_TOKEN.search(raw) else ():
        roman = _roman(raw, match)
        if roman is not None:
            edits.append(Edit(match.start(), match.end(), match.group(), roman, ocr.ROMAN))
            taken.append(match.span())
    joined = _joins(raw, words, orthography, taken, aligned)
    for span, join_edits in joined:
        edits.extend(join_edits)
        taken.append(span)
    for match in SPACE_BEFORE.finditer(raw) if " " in raw else ():
        if raw.startswith("..", match.end()):
            continue  # an ellipsis keeps its space
        if match.start() and (raw[match.start() - 1].isalpha() or raw[match.start() - 1] in "»)"):
            if not _overlaps(match.start(), match.end(), taken):
                edits.append(Edit(match.start(), match.end(), " ", "", ocr.SPACE_BEFORE_STOP))
    for match in DOUBLED_MARK.finditer(raw):
        before = raw[: match.start()].rstrip(" ")[-1:]
        if not (before and (CYRILLIC.match(before) or before in "»)")):
            continue  # only after a word of the text (.. alone, or a Latin line, is left alone)
        if not _overlaps(match.start(), match.end(), taken):
            edits.append(Edit(match.start(), match.end(), match.group(), match.group()[0], ocr.DOUBLED_MARK))
    for match in GLUED_STOP.finditer(raw):
        if not _overlaps(match.start(), match.end(), taken):
            edits.append(Edit(match.end(), match.end(), "", " ", ocr.SPACE_AFTER_STOP))
    if GLUED_MARK.search(raw):
        ends, starts = {b: (a, b) for a, b in words}, {a: (a, b) for a, b in words}
        for match in GLUED_MARK.finditer(raw):
            at = match.start()
            if not at or not CYRILLIC.match(raw[at - 1]) or _overlaps(at, at + 1, taken):
                continue
            left, right = ends.get(at), starts.get(at + 1)
            if left and right and not (_is_whole_word(raw[slice(*left)], orthography)
                                       and _is_whole_word(raw[slice(*right)], orthography)):
                # кар,ты: a speck read as a comma inside a word
                join_edits = _joined_edits(raw, [left, right], orthography, "mark")
                if join_edits is not None:
                    edits.extend(join_edits)
                    taken.append((left[0], right[1]))
                    continue
            edits.append(Edit(match.end(), match.end(), "", " ", ocr.GLUED_MARK))
    for match in SWAPPED_MARK.finditer(raw) if " " in raw else ():
        if not _overlaps(match.start(), match.end(), taken):
            edits.append(Edit(match.start(), match.end(), match.group(), match.group()[1] + " ", ocr.SWAPPED_MARK))
    for match in BRACKET_SPACE.finditer(raw) if " " in raw else ():
        space = match.start() + 1 if match.group()[0] == "(" else match.start()
        if space == match.start() and (not space or raw[space - 1] in " \t("):
            continue
        if not _overlaps(space, space + 1, taken):
            edits.append(Edit(space, space + 1, " ", "", ocr.BRACKET_SPACE))
    plain, overlaps = ocr.plain_word, taken.overlaps
    for index, (start, end) in enumerate(words):
        word = raw[start:end]
        if plain(word, orthography) or overlaps(start, end):
            continue  # most words: a word, in any context (no need to look at their neighbours)
        after = None  # the preposition just before, if any
        if index and raw[words[index - 1][1] : start] == " ":
            last = raw[words[index - 1][0] : words[index - 1][1]].lower()
            after = last if last in ocr.PREPOSITIONS else None
        before_dot = raw[end : end + 1] == "."
        mid = word[0].isupper() and _mid_sentence(raw, start)  # Ф for ф, or a name
        cut = raw[end : end + 1] == "-" and not raw[end + 1 :].strip()  # прави- | ламъ on the next line
        opens = len(word) not in ocr.CLAUSE_INITIAL_LENGTHS or _clause_start(raw, start)
        for e in ocr.word_edits(word, orthography, mid, before_dot, cut, opens, after):
            edits.append(Edit(e.start + start, e.end + start, e.before, e.after, e.origin))
    edits.sort(key=lambda e: (e.start, e.end))
    return edits


def modern_edits_of_line(diplomatic: str, witness: str, number: int, orthography: str) -> list[Edit]:
    edits = errata.edits_for(diplomatic, witness, number, "modern")
    if orthography != "pre-reform":
        return edits
    # (errata are rare: without them, no overlap test at all)
    overlaps = Taken(len(diplomatic), [(e.start, e.end) for e in edits]).overlaps if edits else None
    respell = modern.modern_edits
    append = edits.append
    for match in WORD.finditer(diplomatic):
        found = respell(match.group())
        if found:
            start, end = match.span()
            if overlaps is not None and overlaps(start, end):
                continue
            for e in found:
                append(Edit(e.start + start, e.end + start, e.before, e.after, e.origin))
    edits.sort(key=lambda e: (e.start, e.end))
    return edits


class Taken:
    """Spans of a line already repaired, as a mask over its columns: a test
    costs the span's length, not the number of spans (a long line of
    letter-spaced print has one span per word). False while empty."""

    __slots__ = ("mask", "count")

    def __init__(self, length: int, spans=()):
        self.mask = bytearray(length + 1)
        self.count = 0
        for span in spans:
            self.append(span)

    def append(self, span) -> None:
        a, b = span
        self.mask[a:b] = b"\x01" * (b - a)
        self.count += 1

    def __bool__(self) -> bool:
        return self.count > 0

    def overlaps(self, start: int, end: int) -> bool:
        return self.count > 0 and start < end and self.mask.find(1, start, end) >= 0


def _overlaps(start: int, end: int, spans) -> bool:
    if isinstance(spans, Taken):
        return spans.overlaps(start, end)
    return any(start < b and end > a for a, b in spans)


def _split_lost_spaces(raw: str, start: int, end: int, orthography: str) -> list[tuple[int, int]]:
    """The word at [start, end) cut after each ъ before a consonant, if every piece is a word."""
    cuts = [m.end() for m in LOST_SPACE.finditer(raw, start, end)]
    if not cuts or ocr.is_word(ocr.repaired(raw[start:end], orthography).lower(), orthography, common=True):
        return [(start, end)]  # толъко is только with ъ read for ь, not толъ ко
    bounds = [start, *cuts, end]
    pieces = list(zip(bounds, bounds[1:]))
    if all(_is_piece_word(raw[a:b], orthography) for a, b in pieces):
        return pieces
    return [(start, end)]


def _clause_start(raw: str, start: int) -> bool:
    """Does the word at `start` begin a clause (line start, or after punctuation)?"""
    index = start - 1
    while index >= 0 and raw[index] == " ":
        index -= 1
    return index < 0 or not raw[index].isalnum()


def _mid_sentence(raw: str, start: int) -> bool:
    """Is the word at `start` inside a sentence (after a lower-case word or a comma)?"""
    index = start - 1
    while index >= 0 and raw[index] == " ":
        index -= 1
    return index >= 0 and (CYRILLIC_LOWER.match(raw[index]) is not None or raw[index] in SENTENCE_INSIDE)


def _is_piece_word(word: str, orthography: str) -> bool:
    """Can this piece stand as a word of its own? Names and abbreviations do not
    count (пра- of пра-вила is a place name to the dictionary)."""
    fixed = ocr.glyphs_only(word, orthography).lower()
    return ocr.is_word(fixed, orthography, common=True) or (
        orthography == "pre-reform" and (ocr.is_word(fixed + "ъ", orthography, common=True)
                                         # a modern spelling inside pre-reform text (снятие) is still a word
                                         or (len(fixed) > 1 and morph.is_common(fixed))))


def _roman(raw: str, match) -> str | None:
    """The Latin numeral a Cyrillic-looking token stands for, or None."""
    token = match.group()
    if not any(ch in ROMAN_CYRILLIC for ch in token):
        return None  # already Latin
    latin = "".join(ROMAN_CYRILLIC.get(ch, ch) for ch in token)
    if not ROMAN_VALID.fullmatch(latin):
        return None
    mixed = any(ch in "IVX" for ch in token)
    heading = not raw[: match.start()].strip() and raw[match.end() : match.end() + 2] == ". "
    after_rule = ROMAN_AFTER_RULE.search(raw, max(0, match.start() - 80), match.start()) is not None
    return latin if mixed or heading or after_rule else None


def _is_whole_word(word: str, orthography: str) -> bool:
    """Is the piece a common word as it stands (no final ъ supplied)?"""
    return ocr.is_word(ocr.glyphs_only(word, orthography).lower(), orthography, common=True)


def _joins(raw: str, words, orthography: str, taken, aligned: bool = False):
    """Spaced-apart letters and inner hyphens, joined: [(raw span, edits)]."""
    result = list(_spaced_joins(raw, words, orthography, taken, aligned))
    for span, _ in result:
        taken.append(span)  # a hyphen join may not overlap a spacing join (nor another)
    for chain in (HYPHEN_CHAIN.finditer(raw) if "-" in raw else ()):
        # a-b or a-b-c: join a neighbouring pair when the pair is a word and a piece is not
        pieces = [m.span() for m in WORD.finditer(raw, chain.start(), chain.end())]
        index = 0
        while index < len(pieces) - 1:
            (a, _), (_, b) = pieces[index], pieces[index + 1]
            left, right = raw[slice(*pieces[index])], raw[slice(*pieces[index + 1])]
            if (_overlaps(a, b, taken)
                    or not (CYRILLIC.search(left) and CYRILLIC.search(right))  # Так-I, X-лучи: not one word
                    or (_is_piece_word(left, orthography) and _is_piece_word(right, orthography))):
                index += 1
                continue
            edits = _joined_edits(raw, pieces[index : index + 2], orthography, "hyphen")
            if edits is not None:
                result.append(((a, b), edits))
                taken.append((a, b))
                index += 2
            else:
                index += 1
    for match in (HYPHEN_SPACED.finditer(raw, overlapped=True) if "- " in raw or " -" in raw else ()):
        # прави- ламъ: the line break's hyphen and its space kept inside the line
        pieces = [m.span() for m in WORD.finditer(raw, match.start(), match.end())]
        (a, _), (_, b) = pieces
        left, right = raw[slice(*pieces[0])], raw[slice(*pieces[1])]
        if (_overlaps(a, b, taken)
                or not (CYRILLIC.search(left) and CYRILLIC.search(right))
                or (_is_piece_word(left, orthography) and _is_piece_word(right, orthography))):
            continue
        edits = _joined_edits(raw, pieces, orthography, "hyphen")
        if edits is not None:
            result.append(((a, b), edits))
            taken.append((a, b))
    return result


BOTH_CONSONANTS = frozenset(ocr.CONSONANTS + ocr.CONSONANTS.upper())
RUN = regex.compile(r"\p{L}+(?: \p{L}+)+")  # words separated by single spaces
LATIN_LETTER = regex.compile(r"\p{Script=Latin}")


def _runs(raw: str, words, taken, aligned: bool = False):
    """Column spans (start, end) of runs of Cyrillic words separated by
    single spaces (a Latin word, a Roman numeral or a span already repaired
    ends a run).

    The runs are found by one regex scan of the line; only a run holding a
    Latin letter or a repaired span, or (unless `aligned`: every word is a
    whole run of letters) a word cut inside (въдѣло), is looked at word by
    word."""
    overlaps = taken.overlaps
    starts = None
    for run in RUN.finditer(raw):
        a, b = run.span()
        if aligned and not overlaps(a, b) and not LATIN_LETTER.search(raw, a, b):
            yield a, b
            continue
        if starts is None:
            starts = [start for start, _ in words]
        first = bisect.bisect_left(starts, a)
        last = bisect.bisect_left(starts, b) - 1
        if (first >= len(words) or words[first][0] != a or words[last][1] != b
                or last - first != raw.count(" ", a, b)
                or LATIN_LETTER.search(raw, a, b) or overlaps(a, b)):
            for low, high in _runs_by_word(raw, words, taken, first, last):
                yield words[low][0], words[high][1]
        elif last > first:
            yield a, b


def _runs_by_word(raw: str, words, taken, low: int, high: int):
    """`_runs` for the words low..high, one word at a time."""
    overlaps = taken.overlaps

    def barrier(index):
        a, b = words[index]
        return not CYRILLIC.search(raw, a, b) or overlaps(a, b)

    first = low
    while first <= high and barrier(first):
        first += 1
    for index in range(first + 1, high + 2):
        if (index == high + 1 or raw[words[index - 1][1] : words[index][0]] != " "
                or overlaps(words[index - 1][1], words[index][0]) or barrier(index)):
            if index - first > 1:
                yield first, index - 1
            first = index
            while first <= high and barrier(first):
                first += 1


def _spaced_joins(raw: str, words, orthography: str, taken, aligned: bool = False):
    """Words split by spaces (д ѣ ло, моло ко, к а р т ы), joined: [(raw span, edits)].

    Each run of single-spaced pieces is cut into words by dynamic programming:
    a piece left alone scores its frequency if it is a word, and `nonword` if
    not; a join scores the frequency of the joined word less a cost for every
    space it removes (small beside a lone letter that is no word, large
    between two words). The best cut wins, so joins never overlap and never
    take a piece that is better as a word of its own.

    A join is only looked up, never repaired: its letters as printed (with
    the glyph maps, and a dropped final ъ) must make a word, so each candidate
    costs one memoised dictionary look-up, not an OCR search (a joined word
    with a slip in it is repaired afterwards, as one word). Each piece starts
    at most `max_pieces` candidate joins, cut short by the letter limit and
    the dictionary's prefixes: time is linear in the line's length.
    """
    result = []
    if aligned and not _line_may_join(raw, orthography):
        return result  # nearly every line: no two neighbours that might be one word
    for a, b in _runs(raw, words, taken, aligned):
        texts = raw[a:b].split(" ")
        if not _may_join(texts, orthography):
            continue  # nearly every run of a text: words that stay apart
        pieces, at = [], a
        for text in texts:
            pieces.append((at, at + len(text)))
            at += len(text) + 1
        for start, end in _cut(tuple(texts), orthography):
            spans = pieces[start:end]
            edits = _joined_edits(raw, spans, orthography, "spacing")
            if edits is not None:
                result.append(((spans[0][0], spans[-1][1]), edits))
    return result


def _may_join(texts: list, orthography: str) -> bool:
    """Could `_cut` join anything in this run? Not when no neighbouring pair
    passes `_pair_may_join`: `_cut` then tries only pairs, and a pair it
    joins must beat its two pieces apart."""
    pair = _pair_may_join
    return any(pair(left, right, orthography) for left, right in zip(texts, texts[1:]))


def _line_may_join(raw: str, orthography: str) -> bool:
    """Does any pair of words side by side on the line (one space between)
    pass `_pair_may_join`? If none does, no run of the line needs `_cut`.

    The line is cut at its spaces, and its pairs of neighbouring tokens are
    looked up in a set of pairs known to be safe, all at C speed (a loop
    over the words in Python would cost more than the line's other tests
    together); only the pairs not seen before are looked at."""
    tokens = raw.split(" ")
    safe = _SAFE[orthography]
    if len(tokens) < 2 or safe.issuperset(zip(tokens, tokens[1:])):
        return False
    if len(safe) > SAFE_KEPT:
        safe.clear()
    for pair in zip(tokens, tokens[1:]):
        if pair in safe:
            continue
        left, right = pair
        if left and right and left[-1].isalpha() and right[0].isalpha():
            # the words that touch the space (какъ-то дѣло: то and дѣло)
            left = left if left.isalpha() else LAST_LETTERS.search(left).group()
            right = right if right.isalpha() else FIRST_LETTERS.match(right).group()
            if _pair_may_join(left, right, orthography):
                return True
        safe.add(pair)
    return False


LAST_LETTERS = regex.compile(r"\p{L}+$")
FIRST_LETTERS = regex.compile(r"\p{L}+")
SAFE_KEPT = 100_000  # token pairs kept (some 250 bytes each: 25 MB); the set is emptied when full
_SAFE: dict[str, set] = {"pre-reform": set(), "modern": set()}


@lru_cache(maxsize=50_000)
def _pair_may_join(left: str, right: str, orthography: str) -> bool:
    """May `_cut` join anything in a run of these two pieces? Yes if either
    is no word even after a repair, or both are single letters (letter-
    spaced print: longer joins are tried), or their join, a word, beats
    them apart (the test of `_cut`, with nothing before or after)."""
    from normalize.frequency import highest_of_length

    if not (CYRILLIC.search(left) and CYRILLIC.search(right)):
        return False  # a Latin word (a Roman numeral) ends a run: `_runs`
    a, b = _alone_score(left, orthography), _alone_score(right, orthography)
    if a is None or b is None or (len(left) == 1 and len(right) == 1):
        return True
    if orthography == "pre-reform" and left[-1] in "ъЪ" and right[0] in BOTH_CONSONANTS:
        return False  # столъ карты: a ъ before a consonant is no word's inside (the commonest pair)
    penalty = _gap_cost(left, right, a, b, _is_piece_word(left, orthography), _is_piece_word(right, orthography))
    need = a + b + penalty
    joined = left + right
    if highest_of_length(len(joined)) - 9 < need or _join_bound(joined, orthography) < need:
        return False
    score = _join_score(joined, orthography)
    return score is not None and score >= need


@lru_cache(maxsize=20_000)
def _cut(texts: tuple, orthography: str) -> tuple:
    """The best cut of a run of single-spaced pieces: the (start, end) piece
    ranges to join (cached: a letter-spaced word comes back, as a run of its own)."""
    from normalize.frequency import highest_of_length

    max_pieces, max_letters = SPACING["max_pieces"], SPACING["max_letters"]
    alone = [_alone_score(text, orthography) for text in texts]
    suspicious = [score is None for score in alone]
    # a word as printed (not only after a repair: н is no word, although и is)
    printed = [score is not None and _is_piece_word(text, orthography) for text, score in zip(texts, alone)]
    # a lone letter that is no word even after repair (д, ѣ): letter-spaced print
    bare = [len(text) == 1 and score is None for text, score in zip(texts, alone)]
    n = len(texts)
    best = [0.0] + [float("-inf")] * n
    back = [0] * (n + 1)
    for i in range(n):
        here = best[i] + (SPACING["nonword"] if alone[i] is None else alone[i])
        if here > best[i + 1]:
            best[i + 1], back[i + 1] = here, i
        # every piece from i to j left alone: a score the cut up to j reaches anyway
        apart = here
        letters = len(texts[i])
        joined = texts[i]
        gap_cost = 0.0
        spaced = bare[i]  # a lone letter that is no word as it stands: letter-spaced print
        any_suspicious, all_single = suspicious[i], letters == 1
        for j in range(i + 1, min(n, i + max_pieces)):
            letters += len(texts[j])
            if letters > max_letters:
                break
            gap_cost += _gap_cost(texts[j - 1], texts[j], alone[j - 1], alone[j], printed[j - 1], printed[j])
            spaced = spaced or bare[j]
            any_suspicious = any_suspicious or suspicious[j]
            all_single = all_single and len(texts[j]) == 1
            joined += texts[j]
            apart += SPACING["nonword"] if alone[j] is None else alone[j]
            if j > i + 1 and not any_suspicious and not all_single:
                break  # pieces that are all words: only a pair, or letter-spaced print, may join
            if j == i + 1 and all_single and printed[i] and printed[j]:
                continue  # two letters that are words each as printed (А А, и а), not н о: no one word
            letter_spaced = any_suspicious or all_single
            if letter_spaced and not _could_begin(joined[:-1], orthography):
                break
            penalty = SPACING["space_by_letter"] * (j - i) if spaced else gap_cost
            beaten = max(best[j + 1], apart) + penalty - best[i]
            if highest_of_length(letters) - 9 < beaten or _join_bound(joined, orthography) < beaten:
                continue  # even the commonest word of its length, or its likeliest spelling, loses: no look-up
            if not letter_spaced and not _could_begin(joined[:-1], orthography):
                break
            score = _join_score(joined, orthography)
            if score is None:
                continue
            total = best[i] + score - penalty
            if total > best[j + 1]:
                best[j + 1], back[j + 1] = total, i
    cuts = []
    end = n
    while end > 0:
        start = back[end]
        if end - start > 1:
            cuts.append((start, end))
        end = start
    return tuple(cuts)


@lru_cache(maxsize=50_000)
def _alone_score(text: str, orthography: str):
    """log10 frequency of a piece as a word of its own, or None if it is none."""
    if len(text) == 1 and ((text.isupper() and text not in "ЪЬЫ") or not text.isalpha()):
        return -3.0  # an initial, a card rank: leave it be (no name starts with Ъ)
    if _is_piece_word(text, orthography):
        return _log_frequency(ocr.glyphs_only(text, orthography).lower(), orthography)
    fixed = ocr.repaired(text, orthography).lower()
    if fixed != text.lower() and ocr.is_word(fixed, orthography, common=True):
        return _log_frequency(fixed, orthography) - SPACING["repair_cost"]
    return None


@lru_cache(maxsize=50_000)
def _join_score(joined: str, orthography: str):
    """log10 frequency of the joined pieces as one word, or None: the letters
    as printed (glyph maps applied), or with a dropped final ъ restored (at
    `repair_cost`); a dictionary look-up, no OCR search."""
    fixed = ocr.glyphs_only(joined, orthography).lower()
    # a capitalised join may be a name (Ит аліи is Италіи); a lower-case one must be a common word
    common = not joined[:1].isupper()
    if ocr.is_word(fixed, orthography, common=common):
        return _log_frequency(fixed, orthography)
    if len(fixed) >= 4 and ocr.period_spelling(fixed, orthography) is not None:
        # a spelling of its day (к о м м и с с і я, зажо гся): scored as the
        # word printed (unlisted mostly), so `_join_bound` still bounds it
        return _log_frequency(fixed, orthography) - SPACING["repair_cost"]
    if orthography != "pre-reform":
        return None
    if fixed[-1:] in ocr.CONSONANTS and ocr.is_word(fixed + ocr.HARD_SIGN, orthography, common=common):
        return _log_frequency(fixed + ocr.HARD_SIGN, orthography) - SPACING["repair_cost"]
    # и before a vowel, the modern spelling (изобра жение): the word repair
    # that follows the join writes і (изображеніе)
    respelled = I_BEFORE_VOWEL.sub("і", fixed)
    if respelled != fixed and ocr.is_word(respelled, orthography, common=common):
        return _log_frequency(respelled, orthography) - SPACING["repair_cost"]
    return None


I_BEFORE_VOWEL = regex.compile("(?<=.)и(?=[аеоуюяѣий])")


@lru_cache(maxsize=50_000)
def _join_bound(joined: str, orthography: str) -> float:
    """An upper bound of `_join_score` from the frequency list alone (no dictionary)."""
    from normalize import frequency

    fixed = ocr.glyphs_only(joined, orthography).lower()
    key = fixed if orthography == "modern" else modern.spelling_key(fixed)
    return frequency.highest((key,) if key is not None else modern.possible_spellings(fixed)) - 9


def _log_frequency(lower: str, orthography: str) -> float:
    from normalize import frequency

    word = lower if orthography == "modern" else modern.modern_word(lower)
    return frequency.zipf(word) - 9


def _gap_cost(left: str, right: str, left_score, right_score, left_word: bool, right_word: bool) -> float:
    """The cost of removing the space between two pieces, given their scores
    alone (None: no word even after a repair) and whether each is a word as
    printed (н is not, although it may be и: н ею is нею, but н если is и если)."""
    if (len(left) == 1 and left_score is None) or (len(right) == 1 and right_score is None) or (
            len(left) == 1 and len(right) == 1):
        return SPACING["space_by_letter"]  # letter-spaced print, or a letter torn off
    if left_word and right_word:
        return SPACING["space_between_words"]
    return SPACING["space"]


@lru_cache(maxsize=50_000)
def _could_begin(prefix: str, orthography: str) -> bool:
    """Could a dictionary word begin with these letters (pre-reform endings and
    a final slip allowed for: the last two letters are not checked)?"""
    key = modern.simple(ocr.glyphs_only(prefix, orthography).lower())[:-2]
    if len(key) < 2:
        return True
    return next(iter(morph.analyzer().dictionary.words.iterkeys(key)), None) is not None


def _joined_edits(raw: str, spans, orthography: str, how: str):
    """Edits that join the pieces at `spans` into one word, or None if it is no word."""
    texts = tuple(raw[a:b] for a, b in spans)
    gaps = tuple(raw[a[1] : b[0]] for a, b in zip(spans, spans[1:]))
    local = _local_join(texts, gaps, orthography, how)
    if local is None:
        return None
    shift = spans[0][0]
    return [Edit(e.start + shift, e.end + shift, e.before, e.after, e.origin) for e in local]


@lru_cache(maxsize=20_000)
def _local_join(texts: tuple, gaps: tuple, orthography: str, how: str):
    """`_joined_edits` on the pieces alone (columns from the first piece's
    start): the same split word recurs, in a book and in letter-spaced print."""
    raw = texts[0] + "".join(gap + text for gap, text in zip(gaps, texts[1:]))
    spans, at = [], 0
    for index, text in enumerate(texts):
        spans.append((at, at + len(text)))
        at += len(text) + (len(gaps[index]) if index < len(gaps) else 0)
    positions = [p for a, b in spans for p in range(a, b)]
    word = "".join(texts)
    fixed = ocr.repaired(word, orthography)
    # a capitalised join of four letters or more may be a name, as in `_join_score`
    # (Ит аліи is Италіи); two letters are not (А е is not the name Ае)
    name = word[:1].isupper() and len(word) >= 4
    if not (ocr.is_word(fixed.lower(), orthography, common=not name)
            or (len(fixed) >= 4 and ocr.period_spelling(fixed.lower(), orthography) is not None)):
        return None
    origin = {"spacing": ocr.SPACING, "hyphen": ocr.HYPHEN, "mark": ocr.MARK_INSIDE}[how]
    edits = []
    for e in ocr.word_edits(word, orthography):
        start = positions[e.start] if e.start < len(positions) else spans[-1][1]
        end = positions[e.end - 1] + 1 if e.end > e.start else start
        if e.end > e.start and end - start != e.end - e.start:
            # the edit spans a gap (болы-цое: ыц -> ьш): it is cut letter by
            # letter, so that the gap's removal stays a spacing/hyphen step
            letters = positions[e.start : e.end]
            for index, pos in enumerate(letters):
                new = e.after[index:] if index == len(letters) - 1 else e.after[index : index + 1]
                if raw[pos] != new:
                    edits.append(Edit(pos, pos + 1, raw[pos], new, e.origin))
            continue
        edits.append(Edit(start, end, raw[start:end], e.after, e.origin))
    for left, right in zip(spans, spans[1:]):
        edits.append(Edit(left[1], right[0], raw[left[1] : right[0]], "", origin))
    return tuple(edits)
