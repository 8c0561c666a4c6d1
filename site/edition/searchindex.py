"""The client-side search index: one entry per clause, term and rule.

Each entry keeps the text to show and the folded text to match (see
`edition.markup.fold`); `site/static/js/search.js` folds the query the
same way, so «лѣсъ», «лес» and «Лес» find the same clauses.
"""

from __future__ import annotations

from edition.markup import fold
from edition.model import Edition


def entries(edition: Edition) -> list[dict]:
    found = []

    def add(clause, url: str, title: str) -> None:
        haystack = " ".join((clause.plain_1912, clause.plain_modern, clause.english, clause.id))
        found.append({"id": clause.id, "url": url, "title": title,
                      "ru": clause.plain_modern or clause.plain_1912, "en": clause.english, "f": fold(haystack)})

    for game in edition.games:
        for clause in game.clauses:
            add(clause, f"games/{game.slug}.html#{clause.id}", game.title_en)
    for clause in edition.front:
        add(clause, f"index.html#{clause.id}", "Explanation of the figures")
    for term in edition.terms:
        found.append({"id": term.id, "url": f"glossary.html#{term.id}", "title": "Glossary",
                      "ru": term.plain, "en": term.english, "f": fold(f"{term.plain} {term.english} {term.id}")})
        for clause in term.clauses:
            add(clause, f"glossary.html#{clause.id}", f"Glossary: {term.english or term.plain}")
    for rule in edition.rules:
        found.append({"id": rule.id, "url": f"rules.html#rule-{rule.id}", "title": "Engine rule",
                      "ru": "", "en": rule.doc, "f": fold(f"{rule.id} {rule.doc}")})
    return found
