"""The normaliser on pre-reform text from other books (corpus/prereform.tsv,
hand-checked in both layers; sources in corpus/README.md), clean and under
synthetic OCR damage (corpus/damage.py). Prints the CER per damage kind."""

import csv
import random
import sys
from pathlib import Path

import regex

import normalize
from normalize.lines import _is_piece_word

HERE = Path(__file__).parent / "corpus"
sys.path.insert(0, str(HERE))
import damage  # noqa: E402

ROWS = list(csv.DictReader((HERE / "prereform.tsv").read_text(encoding="utf-8").splitlines(),
                           delimiter="\t", quoting=csv.QUOTE_NONE))
BUDGET = 0.001  # CER of the modern layer


def test_corpus_is_big_enough_and_well_formed():
    words = sum(len(regex.findall(r"\p{L}+", row["diplomatic"])) for row in ROWS)
    assert words >= 2000
    for row in ROWS:
        assert len(row["diplomatic"].split(" ")) == len(row["modern"].split(" "))
        assert not regex.search(r"[ѣѢіІѳѲѵѴ]|ъ(?!\p{L})", row["modern"])


def test_clean_text_is_left_as_printed_and_modernised_right():
    wrong = []
    for row in ROWS:
        line = normalize.normalize_line(row["diplomatic"])
        for got, want in zip(line.diplomatic.split(" "), row["diplomatic"].split(" ")):
            if got != want:
                wrong.append((want, got))
        if line.diplomatic == row["diplomatic"]:
            assert line.modern == row["modern"], row["diplomatic"]
    assert not wrong


def test_synthetic_damage_stays_under_budget():
    is_word = lambda piece: _is_piece_word(piece, "pre-reform")  # noqa: E731
    total_errors = total_chars = 0
    other_words = []
    report = []
    for kind in damage.KINDS:
        rng = random.Random(1912)
        errors = chars = count = wrong = 0
        for row in ROWS:
            made = damage.damage(row["diplomatic"], kind, rng, is_word)
            if made is None:
                continue
            raw, word, bad = made
            line = normalize.normalize_line(raw)
            distance = damage.distance(line.modern, row["modern"])
            errors += distance
            chars += len(row["modern"])
            count += 1
            wrong += distance > 0
            # a repair must give the printed word back or leave the damage: never a third real word
            if distance and " " not in bad:
                clean = normalize.normalize_line(row["diplomatic"]).diplomatic
                got = [w for w, c in zip(line.diplomatic.split(" "), clean.split(" ")) if w != c]
                if any(g != bad and is_word(regex.sub(r"\W", "", g).lower()) for g in got):
                    other_words.append((word, bad, got))
        report.append(f"{kind}: {count} damaged words, {wrong} lines wrong, CER {errors / chars:.3%}")
        total_errors += errors
        total_chars += chars
    cer = total_errors / total_chars
    print("\n" + "\n".join(report) + f"\nall kinds: CER {cer:.3%} of {total_chars} characters (budget {BUDGET:.1%})")
    assert cer <= BUDGET
    assert not other_words, other_words
