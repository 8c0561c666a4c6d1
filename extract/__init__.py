"""extract: the normalised witnesses -> the edition's source of truth.

In: the corpus (witnesses), the normaliser's layers, and this stage's data
files (data/structure.toml, collation.toml, games.toml, glossary.toml,
kinds.toml, abbreviations.toml, english/*.toml).
Out: `book()`, the games in reading order with clauses (stable ids, kind,
1912, modern and English text, source spans, witness variants), the
glossary, and the TEI P5 document (`tei.document`).
May import: corpus, normalize, pasyans.errors, regex, pydantic, spaCy,
pymorphy3, lxml. Never engine/ or the site (the engine is asked for a game's
status only through `games_cli`, if it is installed).

    >>> [clause.id for clause in book().clauses][:3]
    ['figures.play.1', 'figures.play.2', 'terms.available']
"""

from __future__ import annotations

from functools import cache


@cache
def book():
    """The whole edition: clauses with English and witness variants attached."""
    from extract import clauses, collate, english

    result = clauses.build()
    game_of = {clause.id: clause.game for clause in result.clauses}
    translations = english.load(game_of)
    for clause in result.clauses:
        clause.english = translations.get(clause.id)
    collate.attach(result)
    return result
