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
    for game in edition.games:
        for clause in game.clauses:
            ru = clause.plain_modern or clause.plain_1912
            haystack = " ".join((clause.plain_1912, clause.plain_modern, clause.english, clause.id))
            found.append({
                "id": clause.id,
                "url": f"games/{game.slug}.html#{clause.id}",
                "title": game.title_en,
                "ru": ru,
                "en": clause.english,
                "f": fold(haystack),
            })
    for term in edition.terms:
        found.append({
            "id": term.id, "url": f"glossary.html#{term.id}", "title": "Glossary",
            "ru": term.plain, "en": term.english, "f": fold(f"{term.plain} {term.english} {term.id}"),
        })
    for rule in edition.rules:
        found.append({
            "id": rule.id, "url": f"rules.html#rule-{rule.id}", "title": "Engine rule",
            "ru": "", "en": rule.doc, "f": fold(f"{rule.id} {rule.doc}"),
        })
    return found
