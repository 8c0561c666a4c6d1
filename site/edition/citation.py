"""What a citation names, as data for the browser's "cite" dialog.

Each page carries one JSON record (`<script id="cite-data">`): the 1912
print in both spellings, the digital edition (its version and editors), the
page, the title of every game and front section, and the source of every
witness that is not the 1912 book (its kind, title, publisher, place and
year, "unknown" where the witness does not say: corpus/manifest.toml), so
that a clause (whose element carries its id, game, witness and line) can be
cited anywhere, the whole-book page included, each from its own source. `assets/js/cite.js` turns the record into the plain
reference, BibTeX and CSL-JSON; the permalink comes from the page's address,
which only the browser knows.
"""

from __future__ import annotations

from edition.model import Edition

EDITION_TITLE = "pasyans digital edition"
EDITORS = "the pasyans project"
FRONT_TITLES = {"figures": ("Explanation of the figures", "figures"), "terms": ("Explanation of terms", "glossary")}


def _both(edition: Edition, text: str) -> dict[str, str]:
    text = " ".join(text.split())
    return {"1912": text, "modern": edition.modern.get(text, text)}


def record(edition: Edition, page: dict) -> dict:
    """The citation record of one page; `page` has `title_en` and, on a
    game's page, `game` (its slug)."""
    parts = {}
    for game in edition.games:
        parts[game.slug] = {"ru": {"1912": game.title_old or game.title_plain, "modern": game.title_plain},
                            "en": game.title_en, "witnesses": game.witnesses}
    for slug, (english, head) in FRONT_TITLES.items():
        parts[slug] = {"ru": edition.front_titles.get(head, {"1912": "", "modern": ""}), "en": english,
                       "witnesses": sorted({clause.witness for clause in _clauses(edition, slug) if clause.witness})}
    book = edition.book
    return {
        "book": {"title": _both(edition, book["title"]), "publisher": _both(edition, book["publisher"]),
                 "place": _both(edition, book["place"]), "date": book["date"]},
        "edition": {"title": EDITION_TITLE, "editors": EDITORS, "version": edition.version},
        "page": page,
        "parts": parts,
        "sources": sources(edition),
    }


def sources(edition: Edition) -> dict[str, dict[str, str]]:
    """The source of each witness that is not the 1912 book, by its id."""
    return {witness.id: dict(witness.cite) for witness in edition.witnesses if witness.cite}


def _clauses(edition: Edition, part: str):
    return edition.front if part == "figures" else [clause for term in edition.terms for clause in term.clauses]


def plain_reference(edition: Edition, layer: str) -> str:
    """How to cite the whole edition in `layer`'s spelling (as cite.js's
    plain reference of a page, without the address, which a file lacks)."""
    book = {key: value if layer == "1912" or key == "date" else edition.modern.get(value, value)
            for key, value in edition.book.items()}
    return (f"«{book['title']}» ({book['place']}: {book['publisher']}, {book['date']}). "
            f"{EDITION_TITLE}, version {edition.version}, {'1912' if layer == '1912' else 'modern'} spelling, "
            f"edited by {EDITORS}.")
