"""The modern layer: pre-reform spelling respelled by the rules of 1918.

Works word by word on the diplomatic text and never changes a word, its
punctuation or its case; only the letters the reform changed:

- ѣ -> е, і -> и, ѳ -> ф, ѵ -> и (в after a vowel: Еѵангеліе -> Евангелие);
- the hard sign at the end of a word (also before a hyphen: изъ-за -> из-за);
  inside a word it stays (подъѣздъ -> подъезд), but ъи after a prefix is ы
  (предъидущій -> предыдущий);
- -аго/-яго -> -ого/-его in adjectives, participles and pronouns (the
  dictionary decides between -ого and -его: лежащаго -> лежащего, большаго ->
  большого);
- -ыя/-ія -> -ые/-ие in plural adjectives, participles and pronouns, never in
  nouns (такія -> такие, but серія, линія stay -ия);
- ея -> ее, онѣ/однѣ... -> они/одни...;
- з -> с at the end of the prefixes без-, воз-, из-, раз-, ... before a
  voiceless consonant, when the result is a word (разсматривать ->
  рассматривать; низкій, изъ stay), also after other prefixes
  (безразсудный -> безрассудный, небезполезный -> небесполезный);
- -ыя/-ія of nouns declined like adjectives too (насѣкомыя -> насекомые,
  запятыя -> запятые; серія, линія stay).

`modern_edits(word)` returns the edits (spans of the word) and is cached,
because the same few thousand words come back on every page.
"""

from __future__ import annotations

from functools import lru_cache

import regex

from normalize import morph, tables
from normalize.draft import Draft, Edit, Origin, splice

YAT, CAPITAL_YAT = "\N{CYRILLIC SMALL LETTER YAT}", "\N{CYRILLIC CAPITAL LETTER YAT}"
DECIMAL_I = "\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}"
CAPITAL_DECIMAL_I = "\N{CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I}"
FITA, CAPITAL_FITA = "\N{CYRILLIC SMALL LETTER FITA}", "\N{CYRILLIC CAPITAL LETTER FITA}"
IZHITSA, CAPITAL_IZHITSA = "\N{CYRILLIC SMALL LETTER IZHITSA}", "\N{CYRILLIC CAPITAL LETTER IZHITSA}"
HARD_SIGN, CAPITAL_HARD_SIGN = "ъ", "Ъ"
VOWELS = "аеёиоуыэюяѣіѵ"

# The letters the reform removed; a word without any of them, without a
# final ъ and without the endings and prefixes above, is already modern.
PRE_REFORM_LETTERS = YAT + CAPITAL_YAT + DECIMAL_I + CAPITAL_DECIMAL_I + FITA + CAPITAL_FITA + IZHITSA + CAPITAL_IZHITSA

# One origin per rule: the rule id is what the apparatus and the replay check cite.
RULES = {
    "yat": Origin("yat", "yat", "The yat is written е since 1918."),
    "i-decimal": Origin("i-decimal", "i-decimal", "The decimal i is written и since 1918."),
    "fita": Origin("fita", "fita", "The fita is written ф since 1918."),
    "izhitsa.vowel": Origin("izhitsa", "izhitsa.vowel", "The izhitsa after a vowel sounded в and is written в."),
    "izhitsa": Origin("izhitsa", "izhitsa", "The izhitsa is written и since 1918."),
    "hard-sign.final": Origin("hard-sign", "hard-sign.final", "The hard sign at the end of a word was dropped in 1918."),
    "hard-sign.prefix-i": Origin("hard-sign", "hard-sign.prefix-i", "After a prefix ending in a consonant, ъи is written ы since 1918."),
    "adj-ago.ogo": Origin("adj-ago", "adj-ago.ogo", "The adjectival genitive -аго is written -ого since 1918."),
    "adj-ago.ego": Origin("adj-ago", "adj-ago.ego", "The adjectival genitive -аго/-яго is written -его after a soft or hushing consonant."),
    "adj-yya": Origin("adj-yya", "adj-yya", "The plural adjectival ending -ыя/-ія is written -ые/-ие since 1918 (nouns keep -ия)."),
    "prefix-z": Origin("prefix-z", "prefix-z", "A prefix ending in з ends in с before a voiceless consonant since 1918."),
}


def _pronoun_rules() -> dict[str, tuple[str, Origin]]:
    rules = {}
    for old, new, kind, reason in tables.modern()["pronouns"]:
        rules[old] = (new, Origin(kind, f"{kind}.{old}", reason))
    return rules


PRONOUNS = _pronoun_rules()
PREFIXES = sorted(tables.modern()["prefixes"], key=len, reverse=True)
OUTER_PREFIXES = sorted(tables.modern()["outer_prefixes"], key=len, reverse=True)
VOICELESS = tables.modern()["voiceless"]
PREFIX_DROP = [(old, new, Origin("prefix-z", f"prefix-z.{old}", reason)) for old, new, reason in tables.modern()["prefix_drop"]]
for _, _, _origin in PREFIX_DROP:
    RULES[_origin.rule] = _origin
for _, _origin in PRONOUNS.values():
    RULES[_origin.rule] = _origin

_SIMPLE = str.maketrans({YAT: "е", DECIMAL_I: "и", FITA: "ф", IZHITSA: "и"})


def simple(lower: str) -> str:
    """The letter-for-letter modern form of a lower-case word (no morphology)."""
    text = lower.translate(_SIMPLE)
    return text[:-1] if text.endswith(HARD_SIGN) and len(text) > 1 else text


def _cased(model: str, text: str) -> str:
    """`text` in the case of `model` (letter by letter; the last case repeats)."""
    out = []
    for index, ch in enumerate(text):
        ref = model[min(index, len(model) - 1)] if model else ch
        out.append(ch.upper() if ref.isupper() else ch)
    return "".join(out)


def _minimal(old: str, new: str) -> tuple[int, int, str]:
    """The smallest span of `old` to replace to get `new`: (start, end, text)."""
    prefix = 0
    while prefix < min(len(old), len(new)) and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(old), len(new)) - prefix and old[-1 - suffix] == new[-1 - suffix]:
        suffix += 1
    return prefix, len(old) - suffix, new[prefix : len(new) - suffix]


def _needs_work(word: str) -> bool:
    lower = word.lower()
    return bool(
        set(lower) & set(PRE_REFORM_LETTERS.lower())
        or lower.endswith(HARD_SIGN)
        or lower in PRONOUNS
        or lower.endswith(("аго", "яго", "ыя", "ія", "ия", "ыяся", "іяся", "ияся"))
        or any(p in lower[:8] for p in PREFIXES)
    )


@lru_cache(maxsize=50_000)
def modern_edits(word: str) -> tuple:
    """The edits that respell one word (letters only), as word spans."""
    if not _needs_work(word):
        return ()
    lower = word.lower()
    core = lower[:-2] if lower.endswith("ся") and len(lower) > 5 else lower
    if (lower not in PRONOUNS and not core.endswith(_RULED_ENDINGS) and "з" not in lower[:14]
            and lower.find("ъи", 1) < 0):
        return _letter_edits(word)  # most words: only the letters the reform removed
    draft = Draft(word)
    pronoun = PRONOUNS.get(lower)
    if pronoun:
        new, origin = pronoun
        start, end, text = _minimal(lower, new)
        draft.replace(start, end, _cased(word[start:end] or word[-1:], text), origin)
        return tuple(draft.edits())
    _endings(word, lower, draft)
    _prefix(word, draft)
    _hard_sign_i(word, draft)
    _letters(word, draft)
    return tuple(draft.edits())


def _endings(word: str, lower: str, draft: Draft) -> None:
    reflexive = lower.endswith("ся") and len(lower) > 5
    core = lower[:-2] if reflexive else lower
    if core.endswith(("аго", "яго")) and len(core) >= 5:
        stem = simple(core[:-3])
        tail = lower[len(core):]
        options = [(ending, stem + ending + tail) for ending in ("ого", "его")]
        fits = [(ending, w) for ending, w in options if _any_spelling(morph.is_adjectival_genitive, w)]
        if len(fits) == 2:  # больший/большой: a stressed ending keeps о
            fits = [f for f in fits if (f[0] == "ого") == morph.lemma_ends_stressed(f[1])]
        if not fits and not morph.is_known(simple(lower)):
            # a word the dictionary lacks: -яго and a hushing or ц before -аго
            # give -его (unstressed, the common case), else -ого; the
            # predictor must read an adjective (not Сантьяго)
            soft = core.endswith("яго") or stem[-1:] in "жшщчц"
            guess = options[1] if soft else options[0]
            if morph.guessed_adjectival_genitive(guess[1]):
                fits = [guess]
        if fits:
            ending = fits[0][0]
            at = len(core) - 3
            rule = "adj-ago.ogo" if ending == "ого" else "adj-ago.ego"
            draft.replace(at, at + 1, _cased(word[at], ending[0]), RULES[rule])
    elif core.endswith(("ыя", "ія", "ия")) and len(core) >= 4:
        candidate = simple(core[:-1]) + "е" + lower[len(core):]
        # -ыя is an adjectival ending only (nouns in -ыя, like выя, are known
        # words): a word the dictionary lacks may be guessed; -ія may be a noun
        if _any_spelling(morph.is_adjectival_plural, candidate) or (
                core.endswith("ыя") and not morph.is_known(simple(lower))
                and morph.guessed_adjectival_plural(candidate)):
            at = len(core) - 1
            draft.replace(at, at + 1, _cased(word[at], "е"), RULES["adj-yya"])


def _any_spelling(test, lower: str) -> bool:
    """`test` of the word as it stands, or with its prefixes respelled.

    The ending and the prefix are both pre-reform in безсмысленныя or
    изсякнувшаго; the dictionary knows neither half-modern form, only
    бессмысленные and иссякнувшего.
    """
    if test(lower):
        return True
    respelled = _respelled_prefixes(lower)
    return respelled is not None and test(respelled[0])


def _starts(lower: str, depth: int = 2):
    """Where an inner prefix may start: 0, and after one or two outer prefixes."""
    yield 0
    if depth:
        for outer in OUTER_PREFIXES:
            if lower.startswith(outer) and len(lower) > len(outer) + 3:
                for rest in _starts(lower[len(outer):], depth - 1):
                    yield len(outer) + rest


def _respelled_prefixes(lower: str):
    """(the word with its prefixes respelled, [(start, end, text, origin)]) or
    None: разсчетъ -> расчетъ, безразсудный -> безрассудный (the з of раз-
    after без-), небезполезный -> небесполезный."""
    for at in sorted(set(_starts(lower))):
        rest = lower[at:]
        for old, new, origin in PREFIX_DROP:
            if rest.startswith(old):
                start, end, text = _minimal(old, new)
                return lower[:at] + new + rest[len(old):], [(at + start, at + end, text, origin)]
        for prefix in PREFIXES:
            if rest.startswith(prefix) and len(rest) > len(prefix) + 2 and rest[len(prefix)] in VOICELESS:
                z = at + len(prefix) - 1
                return lower[:z] + "с" + lower[z + 1:], [(z, z + 1, "с", RULES["prefix-z"])]
    return None


def _prefix(word: str, draft: Draft) -> None:
    found = _respelled_prefixes(word.lower())
    if found is None:
        return
    _, changes = found
    whole = splice(word, draft.edits()).lower()
    with_s = whole
    for start, end, text, _origin in sorted(changes, reverse=True):
        with_s = with_s[:start] + text + with_s[end:]
    if changes[0][3].rule != "prefix-z" or (morph.is_known(simple(with_s)) and not morph.is_known(simple(whole))):
        for start, end, text, origin in changes:
            draft.replace(start, end, _cased(word[start:end] or word[start - 1 : start], text), origin)


def _hard_sign_i(word: str, draft: Draft) -> None:
    """предъидущій -> предыдущий, безъисходный -> безысходный, when the dictionary agrees."""
    text = draft.text
    at = text.lower().find("ъи", 1)
    if at < 0:
        return
    respelled = simple((text[:at] + "ы" + text[at + 2 :]).lower())
    if morph.is_known(respelled) and not morph.is_known(simple(text.lower())):
        draft.replace(at, at + 2, _cased(text[at + 1], "ы"), RULES["hard-sign.prefix-i"])


def _letters(word: str, draft: Draft) -> None:
    """Letter-for-letter rules on the characters no other rule has touched."""
    text = draft.text
    for index in range(len(text) - 1, -1, -1):
        ch = text[index]
        low = ch.lower()
        if low == YAT:
            draft.replace(index, index + 1, _cased(ch, "е"), RULES["yat"])
        elif low == DECIMAL_I:
            draft.replace(index, index + 1, _cased(ch, "и"), RULES["i-decimal"])
        elif low == FITA:
            draft.replace(index, index + 1, _cased(ch, "ф"), RULES["fita"])
        elif low == IZHITSA:
            after_vowel = index > 0 and text[index - 1].lower() in VOWELS
            rule = "izhitsa.vowel" if after_vowel else "izhitsa"
            draft.replace(index, index + 1, _cased(ch, "в" if after_vowel else "и"), RULES[rule])
        elif low == HARD_SIGN and index == len(text) - 1 and index > 0:
            draft.replace(index, index + 1, "", RULES["hard-sign.final"])


_RULED_ENDINGS = ("аго", "яго", "ыя", "ія", "ия")


def spelling_key(lower: str) -> str | None:
    """The modern spelling of a word that only the letter rules can touch
    (no ending, prefix, ъи or pronoun rule applies), else None: then see
    `possible_spellings`."""
    if "з" in lower[:14] or IZHITSA in lower or lower in PRONOUNS or "ъи" in lower:
        return None
    core = lower[:-2] if lower.endswith("ся") and len(lower) > 5 else lower
    if core.endswith(_RULED_ENDINGS):
        return None
    return simple(lower)


def possible_spellings(lower: str) -> set[str]:
    """Every spelling `modern_word(lower)` may take, found without the
    dictionary (a superset: the letters respelled, with and without the
    ending and the prefix the dictionary decides). An OCR candidate's
    frequency is bounded by its most frequent spelling, so most candidates
    are ranked out without a dictionary look-up."""
    if lower in PRONOUNS or IZHITSA in lower or "ъи" in lower:
        return {modern_word(lower)}
    reflexive = lower.endswith("ся") and len(lower) > 5
    core = lower[:-2] if reflexive else lower
    if "з" not in lower[:14] and not core.endswith(_RULED_ENDINGS):
        return {simple(lower)}  # the common case: the letters alone decide
    changes = [[]]
    if core.endswith(("аго", "яго")) and len(core) >= 5:
        at = len(core) - 3
        changes += [[(at, at + 1, "о")], [(at, at + 1, "е")]]
    elif core.endswith(("ыя", "ія", "ия")) and len(core) >= 4:
        changes.append([(len(core) - 1, len(core), "е")])
    # the з of a prefix (after at most two outer prefixes: within the first
    # 14 letters) may become с, or go (разсчет -> расчет): every such з
    prefix = [[(at, at + 1, "с")] for at in range(min(len(lower), 14)) if lower[at] == "з"]
    for old, new, _origin in PREFIX_DROP:
        at = lower.find(old, 0, 14 + len(old))
        if at >= 0:
            start, end, text = _minimal(old, new)
            prefix.append([(at + start, at + end, text)])
    changes += [change + extra for change in changes for extra in prefix]
    result = set()
    for change in changes:
        text = lower
        for start, end, new in sorted(change, reverse=True):
            text = text[:start] + new + text[end:]
        result.add(simple(text))
    return result


def _letter_edits(word: str) -> tuple:
    """The edits of `_letters` on an untouched word, without a draft (one
    letter each, in order; the same edits `_letters` would give)."""
    edits = []
    last = len(word) - 1
    for index, ch in enumerate(word):
        low = ch.lower()
        if low == YAT:
            edits.append(Edit(index, index + 1, ch, _cased(ch, "е"), RULES["yat"]))
        elif low == DECIMAL_I:
            edits.append(Edit(index, index + 1, ch, _cased(ch, "и"), RULES["i-decimal"]))
        elif low == FITA:
            edits.append(Edit(index, index + 1, ch, _cased(ch, "ф"), RULES["fita"]))
        elif low == IZHITSA:
            after_vowel = index > 0 and word[index - 1].lower() in VOWELS
            rule = "izhitsa.vowel" if after_vowel else "izhitsa"
            edits.append(Edit(index, index + 1, ch, _cased(ch, "в" if after_vowel else "и"), RULES[rule]))
        elif low == HARD_SIGN and index == last and index > 0:
            edits.append(Edit(index, index + 1, ch, "", RULES["hard-sign.final"]))
    return tuple(edits)


def modern_word(word: str) -> str:
    """The modern spelling of one word: `modern_word("каждаго") == "каждого"`."""
    return splice(word, modern_edits(word))


WORD = regex.compile(r"\p{L}+")
