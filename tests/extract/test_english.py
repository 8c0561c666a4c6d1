"""The English translation files and their checks (extract/english.py)."""

from __future__ import annotations

import pytest

from extract import english
from pasyans.errors import InputError


def test_every_clause_has_a_translation(book):
    missing = [clause.id for clause in book.clauses if not clause.english]
    assert not missing, f"clauses without English: {missing}"


def test_every_translation_names_a_clause(book):
    # english.load raises on an unknown key; loading the real files must succeed
    translations = english.load({clause.id: clause.game for clause in book.clauses})
    assert set(translations) == {clause.id for clause in book.clauses}


def test_translations_are_not_the_russian(book):
    for clause in book.clauses:
        assert clause.english != clause.text
        assert not any("\N{CYRILLIC SMALL LETTER A}" <= char <= "\N{CYRILLIC SMALL LETTER YA}" for char in clause.english
                       if clause.section != "table" and clause.kind != "caption"), clause.id


GAMES = {"belle-lucie.rule.1": "belle-lucie", "belle-lucie.rule.2": "belle-lucie", "terms.suit": "terms"}


def folder_with(tmp_path, name, text):
    (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_unknown_clause_names_file_and_line(tmp_path):
    folder = folder_with(tmp_path, "belle-lucie.toml", '# c\n"belle-lucie.rule.1" = "x"\n"belle-lucie.rule.9" = "y"\n')
    with pytest.raises(InputError) as caught:
        english.load(GAMES, folder)
    assert caught.value.line == 3 and caught.value.path.endswith("belle-lucie.toml")
    assert "belle-lucie.rule.9" in caught.value.problem


def test_clause_in_the_wrong_file(tmp_path):
    folder = folder_with(tmp_path, "belle-lucie.toml", '"terms.suit" = "x"\n')
    with pytest.raises(InputError, match="terms.toml") as caught:
        english.load(GAMES, folder)
    assert caught.value.line == 1


def test_unquoted_dotted_key(tmp_path):
    folder = folder_with(tmp_path, "belle-lucie.toml", 'belle-lucie.rule.1 = "x"\n')
    with pytest.raises(InputError, match="quote"):
        english.load(GAMES, folder)


def test_empty_translation(tmp_path):
    folder = folder_with(tmp_path, "terms.toml", '"terms.suit" = "  "\n')
    with pytest.raises(InputError, match="empty") as caught:
        english.load(GAMES, folder)
    assert caught.value.line == 1


def test_missing_lists_untranslated_clauses(tmp_path):
    folder = folder_with(tmp_path, "belle-lucie.toml", '"belle-lucie.rule.2" = "x"\n')
    assert english.missing(GAMES, english.load(GAMES, folder)) == ["belle-lucie.rule.1", "terms.suit"]
