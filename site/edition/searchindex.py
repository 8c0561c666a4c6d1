"""The client-side search index: one entry per clause, term and rule.

Each entry keeps the texts to show (`ru`: modern spelling, `en`) and, where
it reads differently once folded, the 1912 text (`o`); `search.js` folds
all of them and the query alike (see `edition.markup.fold`), so «лѣсъ»,
«лес» and «Лес» find the same clauses. Folding in the browser keeps the
index small: the search page is the heaviest page without Pyodide.
"""

from __future__ import annotations

from edition.markup import fold
from edition.model import Edition
from edition.render import rule_url


def entries(edition: Edition) -> list[dict]:
    found = []

    def add(clause, url: str, title: str) -> None:
        ru = clause.plain_modern or clause.plain_1912
        entry = {"id": clause.id, "url": url, "title": title, "ru": ru, "en": clause.english}
        if fold(clause.plain_1912) != fold(ru):
            entry["o"] = clause.plain_1912
        found.append(entry)

    for game in edition.games:
        for clause in game.clauses:
            add(clause, f"games/{game.slug}.html#{clause.id}", game.title_en)
    for clause in edition.front:
        add(clause, f"index.html#{clause.id}", "Explanation of the figures")
    for term in edition.terms:
        found.append({"id": term.id, "url": f"glossary.html#{term.id}", "title": "Glossary",
                      "ru": term.plain, "en": term.english})
        for clause in term.clauses:
            add(clause, f"glossary.html#{clause.id}", f"Glossary: {term.english or term.plain}")
    for rule in edition.rules:
        found.append({"id": rule.id, "url": rule_url(rule.id), "title": "Engine rule",
                      "ru": "", "en": rule.doc})
    return found
