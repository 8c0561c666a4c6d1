"""The readings' texts in Russian (site/data/readings-ru.json,
edition/readings_ru.py): one for every text of every reading the engine
has, and none for a reading it has not; the book's quotations and the
clause ids of the English kept in the Russian; the Russian in the modern
spelling outside the quotations, and Russian; the game page showing it
under lang="ru", its quotations in both spelling layers."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from edition import inputs, readings_ru, render
from edition.spelling import HARD_SIGNS, OLD_LETTERS
from pasyans.errors import InputError

SAMPLE = Path(__file__).parent / "sample"
QUOTATION = re.compile(r"«[^«»]*»")
# A clause or engine id as the English cites it: `belle-lucie.play.5`, `terms.repeat-game`, `play.3.2`.
CLAUSE_ID = re.compile(r"(?<![\w.-])[a-z][a-z-]*(?:\.[a-z0-9][a-z0-9-]*)+")
LATIN_RUN = re.compile(r"[A-Za-z']+(?:[\s,]+[A-Za-z']+){2,}")


@pytest.fixture(scope="module")
def engine_readings() -> list[dict]:
    return json.loads(inputs.run("readings", "--json"))["readings"]


@pytest.fixture(scope="module")
def russian(engine_readings) -> dict:
    return readings_ru.load(engine_readings)


def _pairs(engine_readings, russian):
    """(where, English, Russian) for every text of every reading."""
    for record in engine_readings:
        ru = russian[record["id"]]
        yield record["id"], record["reason"], ru["question"]
        if record.get("why_default"):
            yield f"{record['id']} why_default", record["why_default"], ru["why_default"]
        for alt in record["alternatives"]:
            yield f"{record['id']}={alt['id']}", alt["reason"], ru["alternatives"][alt["id"]]["reason"]


def _outside_quotations(text: str) -> str:
    return QUOTATION.sub(" ", text)


def test_every_reading_and_alternative_has_its_russian_and_no_other(engine_readings, russian):
    assert set(russian) == {r["id"] for r in engine_readings}
    for record in engine_readings:
        entry = russian[record["id"]]
        assert entry["name"] and entry["question"], record["id"]
        assert bool(entry.get("why_default")) == bool(record.get("why_default")), record["id"]
        assert set(entry["alternatives"]) == {a["id"] for a in record["alternatives"]}, record["id"]
        for alt in entry["alternatives"].values():
            assert alt["label"] and alt["reason"], record["id"]
            assert 1 <= len(alt["label"].split()) <= 5, alt["label"]


def test_the_russian_keeps_the_book_s_quotations_and_the_clause_ids(engine_readings, russian):
    for where, english, ru in _pairs(engine_readings, russian):
        ru = unicodedata.normalize("NFC", ru)
        for quotation in QUOTATION.findall(unicodedata.normalize("NFC", english)):
            assert quotation in ru, f"{where}: {quotation} is not in the Russian"
        for ident in CLAUSE_ID.findall(_outside_quotations(english)):
            assert ident in ru, f"{where}: {ident} is not in the Russian"


def test_the_russian_is_russian_in_the_modern_spelling(engine_readings, russian):
    texts = [(where, ru) for where, _, ru in _pairs(engine_readings, russian)]
    texts += [(ident, entry["name"]) for ident, entry in russian.items()]
    texts += [(f"{ident}={alt}", given["label"]) for ident, entry in russian.items()
              for alt, given in entry["alternatives"].items()]
    for where, text in texts:
        prose = _outside_quotations(text)
        assert not re.search(f"[{OLD_LETTERS}]|[{HARD_SIGNS}](?![а-яё])", prose), f"{where}: old spelling in {prose!r}"
        assert re.search("[а-яё]", prose, re.IGNORECASE), f"{where}: no Russian in {text!r}"
        latin = LATIN_RUN.findall(CLAUSE_ID.sub(" ", prose))
        assert not latin, f"{where}: English left in the Russian: {latin}"


def test_the_english_label_is_the_id_in_words():
    assert readings_ru.english_label("one-in-all") == "one in all"


def _write(tmp_path, data) -> Path:
    path = tmp_path / "readings-ru.json"
    path.write_text(json.dumps({"readings": data}, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def test_a_missing_or_unknown_entry_is_an_error_naming_the_file_and_the_id(tmp_path, engine_readings, russian):
    record = engine_readings[0]
    without = {k: v for k, v in russian.items() if k != record["id"]}
    with pytest.raises(InputError, match=re.escape(record["id"])) as caught:
        readings_ru.load(engine_readings, _write(tmp_path, without))
    assert caught.value.path.endswith("readings-ru.json")

    alt = record["alternatives"][0]["id"]
    broken = json.loads(json.dumps(russian))
    del broken[record["id"]]["alternatives"][alt]["reason"]
    with pytest.raises(InputError, match=f"{re.escape(record['id'])}: alternative '{alt}'") as caught:
        readings_ru.load(engine_readings, _write(tmp_path, broken))
    assert caught.value.line > 1

    extra = {**russian, "mill.assume.no-such-reading": russian[record["id"]]}
    with pytest.raises(InputError, match="mill.assume.no-such-reading: the engine has no such reading"):
        readings_ru.load(engine_readings, _write(tmp_path, extra))
    readings_ru.load(engine_readings[1:], _write(tmp_path, russian), subset=True)  # saved outputs may hold fewer

    path = tmp_path / "readings-ru.json"
    path.write_text('{"readings": {', encoding="utf-8")
    with pytest.raises(InputError, match="not JSON") as caught:
        readings_ru.load(engine_readings, path)
    assert caught.value.line == 1


@pytest.fixture(scope="module")
def sample_page(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("readings-ru-site")
    render.build(inputs.load(inputs.Folder(SAMPLE)), out, downloads=False)
    return (out / "games" / "belle-lucie.html").read_text(encoding="utf-8")


def _russian_of(page: str, css_class: str) -> list[str]:
    """The Russian spans of the readings section's elements of a class."""
    section = page[page.index('<section id="readings"'):]
    section = section[:section.index("</section>")]
    return re.findall(rf'class="{css_class}"><span data-l="ru" lang="ru">(.*?)</span><span data-l="en"', section)


def test_the_game_page_shows_the_russian_with_its_quotations_in_both_spellings(sample_page):
    russian = readings_ru.load(json.loads((SAMPLE / "readings.json").read_text(encoding="utf-8"))["readings"], subset=True)
    entry = russian["belle-lucie.assume.redeal-gate"]
    names = _russian_of(sample_page, "reading-name")
    assert entry["name"] in names
    (question, *_) = _russian_of(sample_page, "reading-question")
    assert question.startswith("play.5 пересдаёт карты")
    # «Продѣлавши ...» in the 1912 layer and «Проделавши ...» in the modern one
    assert '<span class="l-o" lang="ru-petr1708">«Продѣлавши</span><span class="l-m">«Проделавши</span>' in question
    assert '<b><span data-l="ru" lang="ru">Когда ходов нет</span><span data-l="en" lang="en">standstill</span></b>' in sample_page
    assert entry["alternatives"]["no-play"]["reason"][-40:] in sample_page


def test_latin_words_in_the_russian_are_marked_english_but_ids_and_numerals_are_not():
    marked = str(readings_ru.english_marked('«Race» (порода), правило II, <span class="l-m">«PySolFC»</span>, play.3.1'))
    assert marked == ('«<span lang="en">Race</span>» (порода), правило II, '
                      '<span class="l-m">«<span lang="en">PySolFC</span>»</span>, play.3.1')
