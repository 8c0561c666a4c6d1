"""OCR repair rules (normalize/ocr.py), on the cases in cases/ (this book and others)."""

import json
from pathlib import Path

import pytest

from normalize import normalize_line

CASES = Path(__file__).parent / "cases"


def load(name):
    return json.loads((CASES / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", load("ocr.json"), ids=lambda c: c["original"])
def test_repair(case):
    line = normalize_line(case["original"])
    assert line.diplomatic == case["diplomatic"]
    assert case["label"] in {step.kind for step in line.steps_of("diplomatic")}


@pytest.mark.parametrize("case", load("negative.json"), ids=lambda c: c["original"])
def test_leaves_correct_text_alone(case):
    line = normalize_line(case["original"])
    assert line.diplomatic == case["original"]
    assert not line.steps_of("diplomatic")


@pytest.mark.parametrize("case", load("known-failures.json"), ids=lambda c: c["original"])
@pytest.mark.xfail(strict=True, reason="known failure: see the case's comment")
def test_known_failure(case):
    assert normalize_line(case["original"]).diplomatic == case["diplomatic"]


def test_modern_orthography_repairs_slips_but_does_not_modernise():
    line = normalize_line("по мастп илн п в колоде", orthography="modern")
    assert line.diplomatic == line.modern == "по масти или и в колоде"
    line = normalize_line("в масть, к тузу, с края", orthography="modern")
    assert line.diplomatic == line.modern == "в масть, к тузу, с края"


def test_hyphen_chains_and_line_end_hyphens():
    assert normalize_line("француженкою-гувер-нанткой").diplomatic == "француженкою-гувернанткой"
    # a word cut at the end of the line is not a word that lost its ъ
    assert normalize_line("на карт-").diplomatic == "на карт-"
    assert normalize_line("из-за стола").diplomatic == "изъ-за стола"


def test_period_spellings_stay_as_printed():
    # no word today, but a word of its day by one usual variation: never "repaired" into another word
    for text in ("Они шли групами по улицѣ", "огонь зажогся въ окнѣ", "покрытый кумачемъ столъ",
                 "Думская коммиссія оцѣнила"):
        line = normalize_line(text)
        assert line.diplomatic == text and not line.steps_of("diplomatic"), text


def test_a_capitalised_word_inside_a_sentence_is_taken_for_a_name():
    text = "видѣть личико Луши, которая одна"
    assert normalize_line(text).diplomatic == text
    # an OCR slip in a common capitalised word inside a sentence is still repaired when the repair is frequent
    assert normalize_line("сказалъ онъ, Нс знаю").diplomatic == "сказалъ онъ, Не знаю"


def test_the_preposition_before_a_word_decides_its_case():
    assert normalize_line("При входь въ комнату").diplomatic == "При входѣ въ комнату"
    assert normalize_line("Входь былъ закрытъ").diplomatic == "Входъ былъ закрытъ"


def _exhaustive_best(lower, orthography="pre-reform", after=None):
    """The ranking of every candidate, with no bound: what the branch and bound must equal."""
    from normalize import ocr

    found = {}
    for cost, candidate, combo in ocr._combinations(lower):
        if candidate == lower or (len(lower) == 1 and cost > ocr.SINGLE_LETTER_MAX_COST):
            continue
        if candidate in found and found[candidate][0] <= cost:
            continue
        if ocr.is_word(candidate, orthography, common=True):
            found[candidate] = (cost, combo)
    ranked = sorted(((ocr._score(cost, c, orthography, after), c) for c, (cost, _) in found.items()), reverse=True)
    certain = ocr._certainly_damaged(lower, orthography)
    if not ranked or (ranked[0][0] < ocr.KEEP_SCORE and not certain):
        return None
    if len(ranked) > 1 and ranked[0][0] - ranked[1][0] < ocr.TIE_MARGIN:
        return "doubt"
    return ranked[0][1]


def test_branch_and_bound_finds_what_the_exhaustive_search_finds():
    import random
    import sys

    import regex

    from normalize import ocr

    sys.path.insert(0, str(Path(__file__).parent / "corpus"))
    import damage

    rows = (Path(__file__).parent / "corpus" / "prereform.tsv").read_text(encoding="utf-8").splitlines()[1:]
    words = sorted({w.lower() for row in rows for w in regex.findall(r"\p{Script=Cyrillic}{3,}", row.split("\t")[1])})
    rng = random.Random(15)
    checked = 0
    for word in rng.sample(words, 60):
        for bad in list(damage.damaged_words(word, "confusion"))[:3]:
            got = ocr.best_candidate(bad, "pre-reform")
            if isinstance(got, list):
                got = ocr._apply(bad, [(s, e, t, 0, o) for s, e, t, o in got])
            elif isinstance(got, str):
                got = "doubt"
            assert got == _exhaustive_best(bad), bad
            checked += 1
    assert checked > 100


def test_a_torn_off_letter_joins_its_word_and_a_name_may_be_joined():
    # н is no word as printed (only after a repair, и): the space after it is no space between words
    assert normalize_line("изъ н ихъ").diplomatic == "изъ нихъ"
    assert normalize_line("карты н если ихъ можно").diplomatic == "карты и если ихъ можно"
    # a capitalised join of four letters or more may be a name; two letters are not one
    assert normalize_line("войдя въ Ит аліи").diplomatic == "войдя въ Италіи"
    assert normalize_line("А е").diplomatic == "А е"
    assert normalize_line("за то онъ").diplomatic == "за то онъ"


def test_a_split_word_in_its_modern_spelling_is_joined_and_respelled():
    # pieces of any length; и before a vowel is the modern spelling, і the word's
    assert normalize_line("Это изобра жение дома и сня тие картъ.").diplomatic == "Это изображеніе дома и снятіе картъ."
    assert normalize_line("Это изобра женіе и моло ко.").diplomatic == "Это изображеніе и молоко."
    assert normalize_line("Это изобра жение.", orthography="modern").diplomatic == "Это изображение."


def test_a_split_word_in_a_spelling_of_its_day_is_joined_as_printed():
    # зажогся (зажёгся) is no dictionary word, but a period spelling: joined, not гся -> гея
    assert normalize_line("и огонь зажо гся въ сторонѣ").diplomatic == "и огонь зажогся въ сторонѣ"
    assert normalize_line("съ груп ами картъ").diplomatic == "съ групами картъ"


def test_o_for_e_after_a_hushing_consonant_is_of_its_day_only_where_the_word_has_yo():
    # зажогся, чорный (зажёгся, чёрный) as printed; очонь, такжо are slips (очень, также have no ё)
    line = normalize_line("Онъ очонь усталъ, и огонь зажогся; такжо чорный котъ.")
    assert line.diplomatic == "Онъ очень усталъ, и огонь зажогся; также чорный котъ."


def test_two_letters_that_are_words_as_printed_stay_apart():
    # initials and one-letter words (А А, и а); a letter that is no word as printed still joins (н о)
    assert normalize_line("А А ").diplomatic == "А А "
    assert normalize_line("и а о").diplomatic == "и а о"
    assert normalize_line("н о онъ").diplomatic == "но онъ"
    assert normalize_line("В Ъ  Д О М Ѣ").diplomatic == "ВЪ  ДОМѢ"


def test_a_capital_dje_inside_a_lower_case_word_is_the_small_yat():
    assert normalize_line("Онъ долго смотрЂлъ на море.").diplomatic == "Онъ долго смотрѣлъ на море."
    assert normalize_line("ДВЂ КАРТЫ").diplomatic == "ДВѢ КАРТЫ"
    assert normalize_line("Ђсть").diplomatic == "Ѣсть"
