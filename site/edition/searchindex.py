"""The client-side search index: one entry per clause, term, note and rule.

Each entry keeps what it shows: `ru` the Russian and `en` the English (or
the editors' prose), each either one string or a pair [1912, modern] where
the spellings differ; `kind` ranks it ("clause" of the book, then "term"
of the glossary, then the editors' "note"s and the engine's "rule"s).
`search.js` folds every text and the query alike (see
`edition.markup.fold`), so «лѣсъ», «лес» and «Лес» find the same clauses,
and highlights the hits in both spellings. Folding in the browser keeps
the index small: the search page is the heaviest page without Pyodide.
"""

from __future__ import annotations

from edition.model import Edition
from edition.render import rule_url

# The order of the kinds in the results: the book's text first.
KINDS = ("clause", "term", "note", "rule")


def _pair(old: str, new: str):
    return [old, new] if old != new else old


def entries(edition: Edition) -> list[dict]:
    found = []

    def spelled(text: str):
        text = " ".join(text.split())
        return _pair(text, edition.modern.get(text, text))

    def add(clause, url: str, title: str, kind: str = "clause") -> None:
        found.append({"id": clause.id, "url": url, "title": title, "kind": kind,
                      "ru": _pair(clause.plain_1912, clause.plain_modern or clause.plain_1912), "en": clause.english})

    for game in edition.games:
        for clause in game.clauses:
            add(clause, f"games/{game.slug}.html#{clause.id}", game.title_en)
    for clause in edition.front:
        add(clause, f"index.html#{clause.id}", "Explanation of the figures")
    for term in edition.terms:
        found.append({"id": term.id, "url": f"glossary.html#{term.id}", "title": "Glossary", "kind": "term",
                      "ru": _pair(term.plain, term.plain_modern or term.plain), "en": term.english})
        for clause in term.clauses:
            add(clause, f"glossary.html#{clause.id}", f"Glossary: {term.english or term.plain}", "term")
    for game in edition.games:
        notes = [(note, f"games/{game.slug}.html#{note.id}") for note in game.notes]
        notes += [(note, f"games/{game.slug}.html#{note.id}") for clause in game.clauses for note in clause.notes]
        for note, url in notes:
            title = f"{game.title_en}: {'editorial assumption' if note.kind == 'assumption' else 'editorial note'}"
            found.append({"id": note.id, "url": url, "title": title, "kind": "note", "ru": "", "en": spelled(note.text)})
    for rule in edition.rules:
        found.append({"id": rule.id, "url": rule_url(rule.id), "title": "Engine rule", "kind": "rule",
                      "ru": "", "en": spelled(rule.doc)})
    return found

