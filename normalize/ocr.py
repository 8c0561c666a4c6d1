"""OCR repair: the diplomatic layer (the 1912 spelling with the OCR's errors fixed).

The repairs, from safest to riskiest (see data/ocr.toml for the tables):

1. glyph maps: characters that never belong to Russian text (Serbian ђ for ѣ),
   a capital Ф inside a lower-case word, ІІ for П at the start of a word;
2. Latin look-alikes inside a Cyrillic word;
3. spacing and hyphenation: letters spaced apart (`д ѣ ло`) and a line-end
   hyphen left inside a word (`прави-ламъ`) are joined when the joined word
   is known and the pieces are not;
4. a word-final hard sign the OCR dropped (pre-reform words end in ъ, ь, й or
   a vowel);
5. letter confusions (н/и, і/г, ...): only in an *OCR-suspicious* word
   (`_plainly_a_word`: one memoised look-up; a word that is a word, or a
   spelling of its day such as групами, is never repaired); candidates are
   the strings at most two slips of the channel model away, visited by
   branch and bound on a frequency bound that needs no dictionary, so only
   a handful are looked up; the best is taken when it is a common word,
   frequent enough (more so for a capitalised word inside a sentence: a
   name) and clear of the second (else a doubt is recorded); the
   preposition before the word weighs the cases of the candidates.
   Everything else is left for the errata file.

`word_edits(word, orthography, context)` works on one word and is cached.
"""

from __future__ import annotations

from functools import lru_cache

import regex

from normalize import frequency, morph, tables
from normalize.draft import Draft, Edit, Origin, splice
from normalize.modern import DECIMAL_I, HARD_SIGN, YAT, modern_word, possible_spellings, simple, spelling_key

CAPITAL_EF = "Ф"
VOWELS_AFTER_DECIMAL_I = "аеёиоуыэюяѣйі" + "\N{CYRILLIC SMALL LETTER IZHITSA}"
CONSONANTS = "бвгджзклмнпрстфхцчшщ"
CYRILLIC = regex.compile(r"\p{Script=Cyrillic}")
LATIN = regex.compile(r"\p{Script=Latin}")

RULES: dict[str, Origin] = {}


def _origin(kind: str, rule: str, reason: str) -> Origin:
    RULES[rule] = Origin(kind, rule, reason)
    return RULES[rule]


def _build_glyphs():
    result = {}
    for entry in tables.ocr()["glyph"]:
        result[entry["ocr"]] = (entry["true"], entry["orthography"], _origin("ocr-glyph", entry["id"], entry["reason"]))
    return result


GLYPHS = _build_glyphs()
# A character some glyph rule looks at (a Serbian letter, any Latin letter,
# a capital І, Ф, Ь or Ъ): a word without one needs no glyph rule.
GLYPH_TRIGGER = regex.compile("[" + regex.escape("".join(GLYPHS)) + r"\p{Script=Latin}\N{CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I}ФЬЪ]")
_LOOK = tables.ocr()["lookalike"]
LOOKALIKES = dict(_LOOK["map"])
LOOKALIKE = _origin("ocr-lookalike", _LOOK["id"], _LOOK["reason"])
DOUBLE_I = _origin("ocr-glyph", "glyph.double-i", "ІІ at the start of a word is the OCR's reading of П.")
EF_INSIDE = _origin("ocr-glyph", "glyph.ef-inside", "A capital Ф after a lower-case letter is the OCR's reading of ф.")
EF_INITIAL = _origin("ocr-glyph", "glyph.ef-initial", "A capital Ф starting a common word inside a sentence is the OCR's reading of ф.")
DROPPED_HARD_SIGN = _origin("ocr-dropped", "dropped.hard-sign", "A pre-reform word cannot end in a hard consonant: the OCR dropped the final ъ.")
SPACING = _origin("ocr-spacing", "spacing.join", "Letters spaced apart belong to one word: the joined word is known, its pieces are not.")
SPACE_BEFORE_STOP = _origin("ocr-spacing", "spacing.before-punctuation", "A space between a word and the punctuation that ends it is an OCR slip.")
SPACE_AFTER_STOP = _origin("ocr-spacing", "spacing.after-stop", "A full stop between a lower-case word and a capitalised one lost its space.")
GLUED_MARK = _origin("ocr-spacing", "spacing.after-mark", "A comma, semicolon or colon glued to the next word lost its space.")
SWAPPED_MARK = _origin("ocr-spacing", "spacing.mark-swapped", "A space before a comma and none after it: the OCR moved the space.")
BRACKET_SPACE = _origin("ocr-spacing", "spacing.inside-brackets", "A space just inside a bracket is an OCR slip.")
ROMAN = _origin("ocr-glyph", "glyph.roman-numeral", "A Roman numeral read as Cyrillic letters (І for I, П for II, Ш for III).")
DOUBLED_MARK = _origin("ocr-spacing", "spacing.doubled-mark", "A punctuation mark read twice (,, or . .) is one mark.")
MARK_INSIDE = _origin("ocr-spacing", "spacing.mark-inside-word", "A comma, semicolon or colon inside a word is a speck: the joined word is known, its pieces are not.")
LOST_SPACE = _origin("ocr-spacing", "spacing.after-hard-sign", "A hard sign before a consonant ends a word: the space after it was lost.")
HYPHEN = _origin("ocr-hyphen", "hyphen.join", "A line-end hyphen left inside a word: the joined word is known, the pieces are not.")


def _build_confusions():
    """(ocr, true, cost, origin) for each entry of the channel model, both cases folded."""
    result = []
    for ocr, true, cost, why in tables.ocr()["confusion"]:
        origin = _origin("ocr-confusion", f"confusion.{ocr}>{true}", why[:1].upper() + why[1:] + ".")
        result.append((ocr.lower(), true.lower(), float(cost), origin))
    return result


CONFUSIONS = _build_confusions()
TIE_MARGIN = float(tables.ocr()["tie_margin"])
COST_WEIGHT = float(tables.ocr()["cost_weight"])
KEEP_SCORE = float(tables.ocr()["keep_score"])
KEEP_SCORE_CAPITALISED = float(tables.ocr()["keep_score_capitalised"])
SINGLE_LETTER_MAX_COST = float(tables.ocr()["single_letter_max_cost"])
IMPOSSIBLE = regex.compile("|".join(tables.ocr()["impossible"]))
DOUBT = _origin("ocr-doubt", "doubt.tie", "Two repairs are about equally likely; the word is left as the OCR has it.")
CAPITAL_SIGN_END = _origin("ocr-glyph", "glyph.capital-sign-end", "A capital Ъ or Ь ending a lower-case word is the OCR's reading of ъ.")
CAPITAL_SIGN_INSIDE = _origin("ocr-glyph", "glyph.capital-sign-inside", "A capital Ь inside a lower-case word is the OCR's reading of ѣ (or of ь).")
CLAUSE_INITIAL = frozenset(tables.ocr()["clause_initial"])
CLAUSE_INITIAL_LENGTHS = frozenset(len(word) for word in CLAUSE_INITIAL)  # other words need no context
COMPOUND_FIRST = frozenset(tables.ocr()["compound_first"])
BOUND = frozenset(tables.ocr()["bound"])
STANDALONE = {name: frozenset(letters) for name, letters in tables.ocr()["standalone"].items()}
# preposition (both spellings) -> the cases it governs (OpenCorpora grammemes)
PREPOSITIONS = {word: frozenset(cases) for word, cases in tables.ocr()["prepositions"]["governs"].items()}
CONTEXT_PENALTY = float(tables.ocr()["prepositions"]["context_penalty"])
_PERIOD = tables.ocr()["period"]
PERIOD_DOUBLED = frozenset(_PERIOD["doubled"])
PERIOD_HUSHING = frozenset(_PERIOD["hushing"])
PERIOD_VOWELS = dict(_PERIOD["vowels"])


# --- the dictionary test ---------------------------------------------------------


_AFTER_I = regex.escape(VOWELS_AFTER_DECIMAL_I)
# і before a consonant or at the end; ъ inside a word before a consonant;
# a sign first or after a vowel or sign; и before a vowel or й (not first)
_BAD_DECIMAL_I = regex.compile(f"{DECIMAL_I}(?![{_AFTER_I}])")
_BAD_SIGN = regex.compile(f"ъ(?=[^еёюяѣи])|(?:^|(?<=[{_AFTER_I}ъь]))[ъь]")
_I_BEFORE_VOWEL = regex.compile("(?<=.)и(?=[аеоуюяѣий])")


def breaks_spelling(lower: str) -> bool:
    """Is a lower-case pre-reform word against the rules of pre-reform spelling?

    The decimal і stands only before a vowel or й (міръ and its family aside);
    the hard sign only at the end of a word or before a vowel; both signs
    only after a consonant; и not before a vowel or й (линіи, синій), but in
    the first part of a compound (пятиалтынный).
    """
    if _BAD_SIGN.search(lower) or (_BAD_DECIMAL_I.search(lower) and not lower.startswith("мір")):
        return True
    return any(lower[: m.start() + 1] not in COMPOUND_FIRST for m in _I_BEFORE_VOWEL.finditer(lower))


@lru_cache(maxsize=100_000)
def is_word(lower: str, orthography: str, common: bool = False) -> bool:
    """Is this lower-case word a word of its orthography, as far as we can tell?

    With `common`, names and abbreviations do not count: that is the test for
    a repair's result, which should be an ordinary word.
    """
    known = morph.is_common if common else morph.is_known
    if lower in BOUND:
        return True
    if len(lower) == 1:
        return lower in STANDALONE[orthography]
    if orthography == "modern":
        return known(lower)
    if breaks_spelling(lower):
        return False
    if not lower or lower[-1] in CONSONANTS:
        return False
    modern = modern_word(lower)
    if len(modern) == 1:
        return modern in STANDALONE["modern"]
    return known(modern) or known(simple(lower))


def _period_variants(lower: str):
    """The word respelled by each variation of spelling usual in its day
    (`period` in data/ocr.toml), with whether the variant must be spelt with
    ё: a double consonant single or a single one double (групами,
    коммиссія), о for е after a hushing consonant or ц and back (зажогся,
    кумачемъ). An о printed for е is a spelling of its day only where the
    word has ё (зажогся, чорный): очонь, такжо are OCR slips."""
    for index in range(1, len(lower)):
        ch = lower[index]
        if ch in PERIOD_DOUBLED:
            if lower[index - 1] == ch:
                yield lower[:index] + lower[index + 1 :], False
            elif index + 1 < len(lower) and lower[index + 1] != ch:
                yield lower[:index] + ch + lower[index:], False
        elif ch in PERIOD_VOWELS and lower[index - 1] in PERIOD_HUSHING:
            yield lower[:index] + PERIOD_VOWELS[ch] + lower[index + 1 :], PERIOD_VOWELS[ch] == "е"


@lru_cache(maxsize=50_000)
def period_spelling(lower: str, orthography: str) -> str | None:
    """The common word that this word (no word itself) spells the way of its
    day, or None. Such a word is as printed: an OCR repair would give another
    word (групами is группами, not трупами)."""
    if len(lower) < 4:
        return None
    for variant, with_yo in _period_variants(lower):
        if is_word(variant, orthography, common=True) and (
                not with_yo or morph.spelt_with_yo(variant if orthography == "modern" else modern_word(variant))):
            return variant
    return None


# --- one word ----------------------------------------------------------------------


@lru_cache(maxsize=50_000)
def word_edits(word: str, orthography: str = "pre-reform", mid_sentence: bool = True, before_dot: bool = False,
               cut: bool = False, clause_start: bool = True, after: str | None = None) -> tuple:
    """The OCR repairs of one word (letters only), as edits of the word.

    `mid_sentence`: the word follows a lower-case word or a comma (a capital
    Ф there is suspect); `before_dot`: a full stop follows (an abbreviation
    may end in a consonant); `cut`: the word is the first half of a word
    hyphenated at the end of the line, so only the glyph maps apply;
    `clause_start`: the word begins a clause (see `clause_initial` in the table);
    `after`: the preposition just before the word, if any (see `prepositions`).
    """
    if _plainly_a_word(word, orthography, before_dot, cut):
        return ()
    draft = Draft(word)
    _glyphs(draft, orthography, mid_sentence)
    text = draft.text
    # ШАХ. ends a heading: a word in capitals before a full stop is no
    # abbreviation, unless the dictionary knows it only as one (СПБ.)
    heading_end = before_dot and len(text) >= 3 and text.isupper()
    if heading_end:
        before_dot = False
    doubt = None
    if not cut and not (before_dot and len(text) <= 3):  # abbreviations: т. д., см., напр. ...
        doubt = _confusions(draft, orthography, before_dot, clause_start, mid_sentence, after)
        _hard_sign(draft, orthography, before_dot, heading_end)
    edits = draft.edits()
    if doubt:  # recorded as a step that changes nothing, at the word's end
        edits.append(Edit(len(word), len(word), "", "", Origin(DOUBT.kind, DOUBT.rule, doubt)))
    return tuple(edits)


@lru_cache(maxsize=50_000)
def plain_word(word: str, orthography: str) -> bool:
    """Does `word_edits` leave this word alone in every context? (No glyph
    rule applies, no final ъ can be missing, and it is a word.)"""
    if GLYPH_TRIGGER.search(word) or (orthography == "pre-reform" and word[-1:].lower() in CONSONANTS):
        return False
    return is_word(word.lower(), orthography, common=not word[:1].isupper())


def _plainly_a_word(word: str, orthography: str, before_dot: bool, cut: bool) -> bool:
    """The OCR-suspicion test, one memoised look-up: no glyph rule applies,
    no final ъ can be missing, and the word is a word (common, unless
    capitalised) or no rule would look at it. Such a word is never repaired."""
    if GLYPH_TRIGGER.search(word) or (orthography == "pre-reform" and word[-1:].lower() in CONSONANTS):
        return False
    if cut or (before_dot and len(word) <= 3) or not CYRILLIC.search(word) or LATIN.search(word):
        return True
    if len(word) == 1 and (word.isupper() or before_dot):
        return True
    return is_word(word.lower(), orthography, common=not word[:1].isupper())


def _glyphs(draft: Draft, orthography: str, mid_sentence: bool) -> None:
    text = draft.text
    if not GLYPH_TRIGGER.search(text):
        return  # nearly every word: nothing any glyph rule below looks at
    has_cyrillic = bool(CYRILLIC.search(text))
    for index, ch in enumerate(text):
        glyph = GLYPHS.get(ch)
        if glyph and glyph[1] == orthography:
            true = glyph[0]
            others = [c for c in text if c.isalpha() and c != ch]
            if len(others) >= 2 and all(c.isupper() for c in others):
                true = true.upper()  # ДВђ: inside a word in capitals the capital yat was meant
            elif index and text[index - 1].islower():
                true = true.lower()  # смотрЂлъ: after a lower-case letter the small yat was meant
            draft.replace(index, index + 1, true, glyph[2])
        elif has_cyrillic and ch in LOOKALIKES and LATIN.match(ch):
            draft.replace(index, index + 1, LOOKALIKES[ch], LOOKALIKE)
        elif has_cyrillic and ch in "iI" and orthography == "pre-reform":
            draft.replace(index, index + 1, DECIMAL_I if ch == "i" else DECIMAL_I.upper(), LOOKALIKE)
    text = draft.text
    capital_i = DECIMAL_I.upper()
    if text.startswith(capital_i * 2) and len(text) > 2 and text[2].islower():
        draft.replace(0, 2, "П", DOUBLE_I)
    elif text.startswith(capital_i * 2) and len(text) > 3 and text[2:].isupper():
        # ІІЯТНАДЦАТЬ in a heading: П when that makes a word and ІІ does not
        if is_word(("п" + text[2:]).lower(), orthography) and not is_word(text.lower(), orthography):
            draft.replace(0, 2, "П", DOUBLE_I)
    text = draft.text
    for index in range(1, len(text)):
        if text[index] == CAPITAL_EF and text[index - 1].islower():
            draft.replace(index, index + 1, "ф", EF_INSIDE)
    text = draft.text
    if orthography == "pre-reform" and ("Ь" in text or "Ъ" in text):
        _capital_signs(draft, orthography)
    text = draft.text
    if mid_sentence and text.startswith(CAPITAL_EF) and len(text) > 2 and text[1:].islower():
        lower = text.lower()
        if is_word(lower, orthography) and not morph.is_proper(simple(lower)):
            draft.replace(0, 1, "ф", EF_INITIAL)


def _capital_signs(draft: Draft, orthography: str) -> None:
    """вЪ, южныхЬ -> въ, южныхъ; тЬмъ -> тѣмъ: an engine reading the signs (and
    ѣ, which it lacks) as capitals, inside a word that is otherwise lower-case."""
    text = draft.text
    if len(text) > 1 and text[-1] in "ЬЪ" and text[-2].islower():
        draft.replace(len(text) - 1, len(text), HARD_SIGN, CAPITAL_SIGN_END)
    text = draft.text
    for index in range(1, len(text) - 1):
        if text[index] != "Ь" or not (text[index - 1].islower() and text[index + 1].islower()):
            continue
        for true in (YAT, "ь"):
            if is_word((text[:index] + true + text[index + 1:]).lower(), orthography):
                draft.replace(index, index + 1, true, CAPITAL_SIGN_INSIDE)
                break


def _hard_sign(draft: Draft, orthography: str, before_dot: bool, heading_end: bool = False) -> None:
    text = draft.text
    if orthography != "pre-reform" or before_dot or (len(text) < 2 and text not in ("в", "к", "с")):
        return  # (the prepositions въ, къ, съ are the one-consonant words)
    if text[-1] in CONSONANTS and CYRILLIC.search(text) and not LATIN.search(text):
        # a lower-case word must become a common word (вс is only an abbreviation)
        if is_word(text.lower() + HARD_SIGN, orthography, common=not text[:1].isupper()):
            draft.replace(len(text), len(text), HARD_SIGN, DROPPED_HARD_SIGN)
    elif text[-1] in CONSONANTS.upper() and text.isupper():
        if is_word(text.lower() + HARD_SIGN, orthography, common=heading_end):
            draft.replace(len(text), len(text), HARD_SIGN.upper(), DROPPED_HARD_SIGN)


def _confusions(draft: Draft, orthography: str, before_dot: bool, clause_start: bool = True,
                mid_sentence: bool = False, after: str | None = None) -> str | None:
    """Repair one letter confusion (or two) of a suspicious word; the reason of
    a doubt when two repairs tie (the word is then left as it is)."""
    text = draft.text
    lower = text.lower()
    if not CYRILLIC.search(text) or LATIN.search(text):
        return None
    if len(text) == 1 and (text.isupper() or before_dot):
        return None  # initials, card ranks, abbreviations
    # a lower-case word is suspect unless it is a common word: the dictionary
    # holds rare names (Изь, Ис) that OCR slips collide with
    if is_word(lower, orthography, common=not text[:1].isupper()):
        return None
    if (orthography == "pre-reform" and lower.endswith(tuple(CONSONANTS))
            and is_word(lower + HARD_SIGN, orthography, common=not text[:1].isupper())):
        return None  # only the final ъ is missing: see _hard_sign
    if period_spelling(lower, orthography) is not None:
        return None  # групами, зажогся, кумачемъ: printed so in their day, no OCR slip
    # a capital inside a sentence is most often a name the dictionary lacks (Луши is not Души)
    capitalised = text[:1].isupper() and not text.isupper() and mid_sentence
    best = best_candidate(lower, orthography, clause_start, capitalised, after)
    if best is None:
        return None
    if isinstance(best, str):
        return best
    for start, end, true, origin in sorted(best, reverse=True):
        piece = text[start:end]
        draft.replace(start, end, true.upper() if piece[:1].isupper() else true, origin)
    return None


def _substitutions(lower: str):
    for ocr, true, cost, origin in CONFUSIONS:
        start = lower.find(ocr)
        while start >= 0:
            yield (start, start + len(ocr), true, cost, origin)
            start = lower.find(ocr, start + 1)


def _apply(lower: str, subs) -> str:
    out, pos = [], 0
    for start, end, true, _cost, _origin in sorted(subs):
        out.append(lower[pos:start])
        out.append(true)
        pos = end
    out.append(lower[pos:])
    return "".join(out)


def _combinations(lower: str):
    """Every repair of a word by one or two non-overlapping slips: (cost, candidate, slips)."""
    subs = sorted(_substitutions(lower), key=lambda sub: sub[0])  # by position; stable
    for sub in subs:
        yield sub[3], lower[: sub[0]] + sub[2] + lower[sub[1] :], (sub,)
    for index, first in enumerate(subs):
        head = lower[: first[0]] + first[2]
        for second in subs[index + 1 :]:
            if first[1] <= second[0]:
                yield (first[3] + second[3], head + lower[first[1] : second[0]] + second[2] + lower[second[1] :],
                       (first, second))


def _score(cost: float, candidate: str, orthography: str, after: str | None = None) -> float:
    """log10 P(candidate) + log10 P(OCR text | candidate): Zipf frequency minus
    slip cost, less `context_penalty` for a declined word in a case that the
    preposition before it does not govern (при входь: входѣ, not входъ)."""
    modern = candidate if orthography == "modern" else modern_word(candidate)
    score = frequency.zipf(modern) - COST_WEIGHT * cost
    if after is not None:
        cases = morph.cases(modern)
        if cases and not cases & PREPOSITIONS[after]:
            score -= CONTEXT_PENALTY
    return score


def _certainly_damaged(lower: str, orthography: str) -> bool:
    """No word of the orthography could be spelled so (ыарьнжъ, размѣстиізши)."""
    return bool(IMPOSSIBLE.search(lower)) or (orthography == "pre-reform" and breaks_spelling(lower))


@lru_cache(maxsize=50_000)
def ranked_candidates(lower: str, orthography: str, clause_start: bool = True, floor: float | None = None,
                      after: str | None = None) -> tuple:
    """The repairs of a suspicious word by at most two slips of the channel
    model that give a common word, best first, as (score, cost, candidate,
    slips): all those within `tie_margin` of the best, and none scoring
    under `floor`.

    Branch and bound: the candidates are visited in the order of a bound of
    their score that needs no dictionary (the frequency of the candidate's
    likeliest modern spelling, `modern.possible_spellings`; the floor
    frequency for the many that are no listed word), and the search stops
    where no bound is left that could beat the floor or tie with the best;
    so a word of n letters costs its O(n^2) strings and a handful of
    dictionary look-ups, not one look-up per string.
    """
    pending = []
    # a candidate the frequency list lacks is bounded by FLOOR: past this
    # cost it can neither beat the floor nor tie with a candidate that does
    unlisted_max_cost = (frequency.FLOOR - floor + TIE_MARGIN) / COST_WEIGHT if floor is not None else None
    table = frequency.table()
    modern_text = orthography == "modern"
    single_letter = len(lower) == 1
    for cost, candidate, combo in _combinations(lower):
        if candidate == lower or (single_letter and cost > SINGLE_LETTER_MAX_COST):
            continue
        if not clause_start and candidate in CLAUSE_INITIAL:
            continue
        key = candidate if modern_text else spelling_key(candidate)
        if key is not None and "ё" not in key:
            bucket = table.get(key)
            if bucket is None and unlisted_max_cost is not None and cost > unlisted_max_cost:
                continue
            zipf = frequency.FLOOR if bucket is None else 9 - bucket / 100
        else:
            zipf = frequency.highest(possible_spellings(candidate) if key is None else (key,))
        pending.append((COST_WEIGHT * cost - zipf, cost, candidate, combo))
    pending.sort(key=lambda item: (item[0], item[1]))  # stable: equal slips keep the table's order
    found, seen = [], set()
    for negative_bound, cost, candidate, combo in pending:
        bound = -negative_bound
        best = found[0][0] if found else None
        if (floor is not None and bound < floor and (best is None or best < floor)) or (
                best is not None and bound <= best - TIE_MARGIN):
            break
        if candidate in seen:
            continue
        seen.add(candidate)
        if not is_word(candidate, orthography, common=True):
            continue
        found.append((_score(cost, candidate, orthography, after), cost, candidate, combo))
        found.sort(key=lambda item: -item[0])
    return tuple(found)


@lru_cache(maxsize=50_000)
def best_candidate(lower: str, orthography: str, clause_start: bool = True, capitalised: bool = False,
                   after: str | None = None):
    """The one best repair of a suspicious word as (start, end, true, origin)
    spans; None when there is none; the text of a doubt when two tie.

    Ranked by the noisy-channel rule (`_score`): a frequent word reached by a
    common slip wins; two candidates within `tie_margin` are a doubt. Below
    `keep_score` a word the dictionary lacks is likelier than these slips,
    unless the word is certainly damaged.
    """
    keep = KEEP_SCORE_CAPITALISED if capitalised else KEEP_SCORE
    certain = _certainly_damaged(lower, orthography)
    ranked = ranked_candidates(lower, orthography, clause_start, None if certain else keep, after)
    if not ranked or (ranked[0][0] < keep and not certain):
        return None
    if len(ranked) > 1 and ranked[0][0] - ranked[1][0] < TIE_MARGIN:
        return f"«{lower}» may be «{ranked[0][2]}» or «{ranked[1][2]}»; left as it is."
    return [(s[0], s[1], s[2], s[4]) for s in ranked[0][3]]


@lru_cache(maxsize=50_000)
def glyphs_only(word: str, orthography: str = "pre-reform") -> str:
    """The word with only the systematic glyph maps applied (no dictionary repairs)."""
    if not GLYPH_TRIGGER.search(word):
        return word
    draft = Draft(word)
    _glyphs(draft, orthography, False)
    return draft.text


def repaired(word: str, orthography: str = "pre-reform") -> str:
    return splice(word, word_edits(word, orthography))
