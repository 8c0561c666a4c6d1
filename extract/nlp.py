"""One spaCy `Language` for the whole stage.

`spacy.blank("ru")` costs a tenth of a second or more (it compiles the
tokenizer's rules), and the extraction must run in two seconds, so
segmentation (segment.py) and the glossary's lemmatizer (glossary.py) share
one; each runs only its own components (`select_pipes`). The tokenizer
knows the book's abbreviations (data/abbreviations.toml), so «т.-е.» and
«напр.» are one token for both.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

ABBREVIATIONS_FILE = Path(__file__).parent / "data" / "abbreviations.toml"


@cache
def abbreviations() -> dict[str, bool]:
    """Each abbreviation and whether it may end a sentence."""
    data = tomllib.loads(ABBREVIATIONS_FILE.read_text(encoding="utf-8"))
    return {entry["text"]: bool(entry["ends_sentence"]) for entry in data["abbreviation"]}


@cache
def language():
    import spacy
    from spacy.symbols import ORTH

    nlp = spacy.blank("ru")
    for text in abbreviations():
        nlp.tokenizer.add_special_case(text, [{ORTH: text}])
    return nlp
