"""The hand-checked files are well formed and agree with the witnesses.

These files are the normaliser's target, typed by hand; a slip in them would
make a correct normaliser fail. So every row is checked against the raw line
it claims to correct, and every modern word against its diplomatic word: the
modern layer may change spelling only (ѣ, і, ѳ, ѵ, final ъ, the endings
-аго/-яго, -ыя/-ія, ея, онѣ/однѣ, and з/с at the end of a prefix).
"""

import csv
import unicodedata
from pathlib import Path

import pytest
import regex

import corpus

HERE = Path(__file__).parent
GOLD_DEV = Path("/work/shared/gold-dev")
TEXT_FILES = sorted(HERE.glob("[0-9][0-9][0-9]_*.tsv"))
FIX_FILES = sorted(HERE.glob("FIXES-*.tsv"))
OLD_LETTERS = "\N{CYRILLIC SMALL LETTER YAT}\N{CYRILLIC CAPITAL LETTER YAT}" \
    "\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}\N{CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I}" \
    "\N{CYRILLIC SMALL LETTER FITA}\N{CYRILLIC CAPITAL LETTER FITA}" \
    "\N{CYRILLIC SMALL LETTER IZHITSA}\N{CYRILLIC CAPITAL LETTER IZHITSA}"
# The OCR's stand-ins for ѣ: Serbian ђ/Ђ must never survive proof-reading.
OCR_YAT = "\N{CYRILLIC SMALL LETTER DJE}\N{CYRILLIC CAPITAL LETTER DJE}"
ROMAN = regex.compile(r"[IVXLC]+")


def read_tsv(path):
    with open(path, encoding="utf-8", newline="") as handle:
        text = handle.read()
    assert text.endswith("\n") and "\r" not in text, path.name
    assert unicodedata.normalize("NFC", text) == text, f"{path.name} is not NFC"
    return list(csv.DictReader(text.splitlines(), delimiter="\t", quoting=csv.QUOTE_NONE))


def witness_of(path):
    return corpus.witness(path.name[:3])


@pytest.mark.parametrize("path", TEXT_FILES, ids=lambda p: p.name)
def test_rows_are_book_lines_in_order(path):
    rows = read_tsv(path)
    assert list(rows[0]) == ["line", "diplomatic", "modern"]
    witness = witness_of(path)
    numbers = [int(row["line"]) for row in rows]
    assert numbers == sorted(set(numbers))
    for row, number in zip(rows, numbers):
        assert witness.is_book_line(number) and witness.lines[number - 1].strip(), number
        for layer in ("diplomatic", "modern"):
            text = row[layer]
            assert text and text == text.strip() and "  " not in text, (number, layer)
            latin = [w for w in regex.findall(r"\p{Latin}+", text) if not ROMAN.fullmatch(w)]
            assert not latin or witness.orthography == "modern", (number, layer, latin)
        assert not set(OCR_YAT) & set(row["diplomatic"]), number


@pytest.mark.parametrize("path", TEXT_FILES, ids=lambda p: p.name)
def test_modern_layer_has_no_old_letters(path):
    witness = witness_of(path)
    for row in read_tsv(path):
        modern = row["modern"]
        assert not set(OLD_LETTERS) & set(modern), row["line"]
        assert not regex.search(r"[ъЪ](?!\p{L})", modern), row["line"]
        if witness.orthography == "modern":
            assert modern == row["diplomatic"], row["line"]


def spellings(word):
    """Every modern spelling the rules allow for one pre-reform word."""
    base = (word.replace("\N{CYRILLIC SMALL LETTER YAT}", "е").replace("\N{CYRILLIC CAPITAL LETTER YAT}", "Е")
            .replace("\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}", "и")
            .replace("\N{CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I}", "И")
            .replace("\N{CYRILLIC SMALL LETTER FITA}", "ф").replace("\N{CYRILLIC CAPITAL LETTER FITA}", "Ф")
            .replace("\N{CYRILLIC SMALL LETTER IZHITSA}", "и").replace("\N{CYRILLIC CAPITAL LETTER IZHITSA}", "И"))
    base = regex.sub(r"[ъЪ](?!\p{L})", "", base)
    forms = {base}
    end = r"(?=(?:ся)?(?!\p{L}))"  # a word's end, before a reflexive -ся if any
    endings = [(r"[ая]го" + end, ("ого", "его")), (r"ыя" + end, ("ые",)), (r"ия" + end, ("ие",)),
               (r"(?<!\p{L})([Оо]н|[Оо]дн)е", (r"\1и",)), (r"(?<!\p{L})([Ее])я(?!\p{L})", (r"\1е",))]
    for pattern, replacements in endings:
        for form in list(forms):
            for replacement in replacements:
                forms.add(regex.sub(pattern, replacement, form))
    for form in list(forms):  # prefix з before a voiceless consonant
        forms.add(regex.sub(r"з(?=[кпстфхцчшщ])", "с", form))
    return forms


@pytest.mark.parametrize("path", TEXT_FILES + [p for p in GOLD_DEV.glob("*.tsv")], ids=lambda p: p.name)
def test_modern_changes_spelling_only(path):
    for row in read_tsv(path):
        old, new = row["diplomatic"].split(" "), row["modern"].split(" ")
        assert len(old) == len(new), row["line"]
        for a, b in zip(old, new):
            assert b in spellings(a), (row["line"], a, b)


@pytest.mark.parametrize("path", FIX_FILES, ids=lambda p: p.name)
def test_every_fix_is_in_its_witness_and_its_row(path):
    rows = read_tsv(path)
    assert list(rows[0]) == ["witness", "line", "ocr", "fixed", "reason"]
    for fix in rows:
        witness = corpus.witness(fix["witness"])
        number = int(fix["line"])
        assert fix["ocr"] in witness.lines[number - 1], (fix["witness"], number, fix["ocr"])
        assert fix["ocr"] != fix["fixed"] and fix["reason"].strip()
        text_file = next(HERE.glob(f"{fix['witness']}_*.tsv"), None)
        if text_file is None:
            continue
        checked = {int(row["line"]): row["diplomatic"] for row in read_tsv(text_file)}
        if number in checked:
            assert fix["fixed"] in checked[number], (fix["witness"], number, fix["fixed"])
