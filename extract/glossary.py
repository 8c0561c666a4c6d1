"""The glossary: the book's terms, their definitions and every use in the text.

In: data/glossary.toml (slug, term as printed, lemmas, English term) and the
built book. Out: `Term` records with the definition clauses and `uses`, the
clauses and character ranges where the term occurs in any inflection.

Uses are found by lemma, with spaCy's Russian lemmatizer in pymorphy3 mode,
on the modern layer (pymorphy3's dictionary knows today's spelling, not
«годныхъ»). spaCy's lemmatizer needs a part of speech, which a blank
pipeline lacks; the `pymorphy_pos` component supplies pymorphy3's best guess
(mapped to Universal POS by spaCy's own `oc2ud`). A term of two words
(«играть карты») matches two consecutive lemmas. `not_before` lists lemmas
that, right after the word, show a use that is not the term («свободное
мѣсто» is a free space, not a released card); `gap` lets other words stand
between the parts of a two-word term («играютъ всѣ подходящія карты»).
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import regex

from extract import tomlfile
from pasyans.errors import InputError

GLOSSARY_FILE = Path(__file__).parent / "data" / "glossary.toml"
WORD = regex.compile(r"\p{L}")


@dataclass(frozen=True)
class Use:
    clause: str
    start: int  # offsets in the clause's modern text
    end: int
    form: str  # the modern form as it stands («годными картами»)
    form_1912: str  # the same words in the 1912 layer («годными картами», «годныхъ картъ»)


@dataclass
class Term:
    slug: str
    head: str
    modern: str
    lemmas: list[tuple[str, ...]]
    en: str
    not_before: tuple[str, ...] = ()
    gap: int = 0
    note: str | None = None
    definition: list[str] = field(default_factory=list)  # clause ids
    uses: list[Use] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"slug": self.slug, "id": f"terms.{self.slug}", "head": self.head, "modern": self.modern,
                "en": self.en, "lemmas": [" ".join(l) for l in self.lemmas], "note": self.note,
                "definition": self.definition,
                "uses": [{"clause": u.clause, "start": u.start, "end": u.end, "form": u.form, "form_1912": u.form_1912}
                         for u in self.uses]}


def load(path: Path = GLOSSARY_FILE) -> list[Term]:
    data, text = tomlfile.load(path)
    starts = tomlfile.entry_lines(text, "term")
    terms: list[Term] = []
    for index, entry in enumerate(data.get("term", [])):
        line = starts[index] if index < len(starts) else None
        try:
            term = Term(entry["slug"], entry["head"], entry["modern"],
                        [tuple(lemma.split()) for lemma in entry["lemmas"]], entry["en"],
                        tuple(entry.get("not_before", ())), int(entry.get("gap", 0)), entry.get("note"))
        except (KeyError, TypeError, AttributeError) as error:
            raise InputError(f"term entry {index + 1}: missing or bad field {error}", str(path), line) from None
        if not term.lemmas or any(not lemma for lemma in term.lemmas):
            raise InputError(f"term {term.slug!r} needs at least one lemma", str(path), line)
        if term.slug in {t.slug for t in terms}:
            raise InputError(f"duplicate term {term.slug!r}", str(path), line)
        terms.append(term)
    return terms


@cache
def pipeline(prefixes: frozenset[str] = frozenset()):
    """The shared spaCy pipeline (nlp.py) + pymorphy3 parts of speech + the pymorphy3 lemmatizer.

    pymorphy3 takes a third of a millisecond a word here; only words that
    begin like one of the glossary's lemmas (`prefixes`, three letters) can
    be a use, so the others get no part of speech and are left unparsed.
    """
    from spacy.lang.ru.lemmatizer import oc2ud
    from spacy.language import Language

    if "pymorphy_pos" not in Language.factories:
        @Language.factory("pymorphy_pos", default_config={"prefixes": []})
        def make_pos(nlp, name, prefixes):
            # share the lemmatizer's analyser: loading pymorphy3's dictionaries twice costs time
            morph = nlp.get_pipe("lemmatizer")._morph
            wanted = frozenset(prefixes)

            @functools.lru_cache(maxsize=None)
            def pos_of(word: str) -> str:
                if not WORD.search(word):
                    return "PUNCT"
                if wanted and word[:3] not in wanted:
                    return "X"
                return oc2ud(str(morph.parse(word)[0].tag))[0]

            def tag(doc):
                for token in doc:
                    token.pos_ = pos_of(token.text.lower())
                return doc

            return tag

    from extract.nlp import language

    nlp = language()
    if "lemmatizer" not in nlp.pipe_names:
        lemmatizer = nlp.add_pipe("lemmatizer", config={"mode": "pymorphy3"})
    else:
        lemmatizer = nlp.get_pipe("lemmatizer")
    name = "pymorphy_pos:" + ",".join(sorted(prefixes))
    if name not in nlp.pipe_names:
        nlp.add_pipe("pymorphy_pos", name=name, config={"prefixes": sorted(prefixes)}, before="lemmatizer")
    lemmatize = lemmatizer.lemmatize

    @functools.lru_cache(maxsize=None)
    def cached(text: str, pos: str, token) -> list[str]:
        return lemmatize(token)

    if not getattr(lemmatizer, "_cached", False):
        lemmatizer.lemmatize = lambda token: cached(token.text.lower(), token.pos_, _Same(token))
        lemmatizer._cached = True
    return nlp, name


class _Same:
    """A token that compares equal to any other: the cache key is (text, pos)."""

    __slots__ = ("token",)

    def __init__(self, token):
        self.token = token

    def __hash__(self):
        return 0

    def __eq__(self, other):
        return True

    def __getattr__(self, name):
        return getattr(self.token, name)


def find_uses(terms: list[Term], clauses: list) -> None:
    """Fill each term's `uses` from the clauses' modern text (definitions excluded)."""
    prefixes = frozenset(word[:3] for term in terms for lemma in term.lemmas + [term.not_before] for word in lemma)
    nlp, pos_name = pipeline(prefixes)
    with nlp.select_pipes(enable=[pos_name, "lemmatizer"]):
        docs = list(nlp.pipe([clause.modern for clause in clauses]))
    for clause, doc in zip(clauses, docs):
        words = list(doc)  # punctuation stays in: a phrase never spans a comma
        lemmas = [token.lemma_.lower().replace("ё", "е") if token.pos_ != "PUNCT" else "" for token in words]
        for term in terms:
            if clause.term == term.slug:
                continue
            for lemma in term.lemmas:
                for at in range(len(words)):
                    last = _match(lemmas, at, lemma, term.gap)
                    if last is None:
                        continue
                    if last + 1 < len(words) and lemmas[last + 1] in term.not_before:
                        continue
                    # a following «карта» belongs to the use («годными картами»)
                    if len(lemma) == 1 and last + 1 < len(words) and lemmas[last + 1] == "карта":
                        last += 1
                    start, end = words[at].idx, words[last].idx + len(words[last].text)
                    old = clause.text[clause.convert(start, "modern", "diplomatic"):
                                      clause.convert(end, "modern", "diplomatic", end=True)]
                    term.uses.append(Use(clause.id, start, end, clause.modern[start:end], old))


def _match(lemmas: list[str], at: int, wanted: tuple[str, ...], gap: int) -> int | None:
    """The index of the last word if `wanted` starts at `at` (at most `gap` words between parts)."""
    if lemmas[at] != wanted[0]:
        return None
    here = at
    for part in wanted[1:]:
        for step in range(1, gap + 2):
            if here + step >= len(lemmas) or not lemmas[here + step]:
                return None
            if lemmas[here + step] == part:
                here += step
                break
        else:
            return None
    return here


@cache
def glossary() -> tuple[Term, ...]:
    import extract

    book = extract.book()
    terms = load()
    known = {clause.term for clause in book.clauses if clause.term}
    slugs = {term.slug for term in terms}
    if known != slugs:
        raise InputError(f"glossary.toml and the text disagree: terms {sorted(known ^ slugs)}", str(GLOSSARY_FILE))
    for term in terms:
        term.definition = [clause.id for clause in book.clauses if clause.term == term.slug]
    find_uses(terms, book.clauses)
    return tuple(terms)


def heads() -> list[tuple[str, str]]:
    """(slug, head) of every term, in the book's order (for clauses.py)."""
    data = tomllib.loads(GLOSSARY_FILE.read_text(encoding="utf-8"))
    return [(entry["slug"], entry["head"]) for entry in data["term"]]
