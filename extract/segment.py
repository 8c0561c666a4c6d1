"""Sentence segmentation and clause splits, with spaCy.

In: paragraph texts. Out: for each paragraph, the (start, end) character
offsets of its clauses in reading order.

`spacy.blank("ru")` gives a tokenizer; this module teaches it the book's
abbreviations (data/abbreviations.toml: «т.-е.», «т. д.», «напр.», «см.»)
and adds one pipeline component, `book_sentences`, that starts a sentence
after a full stop (or ! ? …) when the next word begins with a capital. A
full stop that belongs to an abbreviation ends a sentence only where the
data file allows it («и т. д. Вслѣдъ затѣмъ»). A Roman numeral «I.» inside a
paragraph («по правилу I. Когда ...») is a reference followed by a full
stop, so it may end a sentence; the numeral that opens a rule is cut off
before segmentation (see clauses.py).

A clause split is a semicolon outside brackets: the book joins separate
rules with «;» («... изъ талона; но свободное мѣсто необязательно ...»).
"""

from __future__ import annotations

from functools import cache

import regex

from extract import nlp

FINAL = {".", "!", "?", "…", "?!", "..."}
CLOSING = {")", "]", "»", '"', "“", "'"}
OPENING = {"(", "[", "«", '"', "„"}
STARTS_SENTENCE = regex.compile(r"^[\p{Lu}\p{N}]")


def _may_end(token_text: str) -> bool:
    if token_text in FINAL:
        return True
    known = nlp.abbreviations()
    if token_text in known:
        return known[token_text]
    # «I.», «II.»: spaCy keeps a full stop on some short tokens.
    return token_text.endswith(".") and len(token_text) > 1


def book_sentences(doc):
    """Set `is_sent_start` on every token (the spaCy component)."""
    tokens = list(doc)
    for token in tokens:
        token.is_sent_start = token.i == 0
    index = 0
    while index < len(tokens):
        if _may_end(tokens[index].text):
            after = index + 1
            while after < len(tokens) and tokens[after].text in CLOSING:
                after += 1
            start = after
            while after < len(tokens) and tokens[after].text in OPENING:
                after += 1
            if after < len(tokens) and STARTS_SENTENCE.match(tokens[after].text):
                tokens[start].is_sent_start = True
            index = max(start, index + 1)
        else:
            index += 1
    return doc


@cache
def pipeline():
    """The shared pipeline (nlp.py) with `book_sentences` added."""
    from spacy.language import Language

    if "book_sentences" not in Language.factories:
        Language.component("book_sentences")(book_sentences)
    language = nlp.language()
    if "book_sentences" not in language.pipe_names:
        language.add_pipe("book_sentences")
    return language


def _split_clauses(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Cut a sentence at semicolons outside brackets."""
    pieces, depth, begin = [], 0, start
    for at in range(start, end):
        char = text[at]
        if char in "([«":
            depth += 1
        elif char in ")]»":
            depth = max(0, depth - 1)
        elif char == ";" and depth == 0:
            pieces.append((begin, at + 1))
            begin = at + 1
    pieces.append((begin, end))
    return [_strip(text, a, b) for a, b in pieces if text[a:b].strip()]


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def segment(paragraphs: list[str]) -> list[list[tuple[int, int]]]:
    """The clauses of each paragraph as (start, end) offsets, in reading order."""
    result = []
    language = pipeline()
    with language.select_pipes(enable=["book_sentences"]):
        docs = list(language.pipe(paragraphs))
    for text, doc in zip(paragraphs, docs):
        clauses: list[tuple[int, int]] = []
        for sentence in doc.sents:
            start, end = _strip(text, sentence.start_char, sentence.end_char)
            if start < end:
                clauses.extend(_split_clauses(text, start, end))
        result.append(clauses)
    return result


def sentences(text: str) -> list[str]:
    """The sentences of one text (for tests and the REPL).

    >>> sentences("Серія. Правильное слѣдованіе, т.-е. тузъ и т. д. до короля.")
    ['Серія.', 'Правильное слѣдованіе, т.-е. тузъ и т. д. до короля.']
    """
    language = pipeline()
    with language.select_pipes(enable=["book_sentences"]):
        doc = language(text)
    return [sentence.text.strip() for sentence in doc.sents]
