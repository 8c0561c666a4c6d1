"""The readings' texts in Russian (site/data/readings-ru.json).

The engine writes its readings in English (`pasyans readings --json`); the
edition's first readers are Russian, so the game pages give each reading's
name, question and reason for the edition's choice, and each alternative's
label and reason, in Russian too. The data file holds them by reading id
and alternative id; it must match the engine's readings both ways, or the
build stops naming the file, the line and the id. The English label of an
alternative is its id with spaces for hyphens (`english_label`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from markupsafe import Markup

from edition import SITE
from pasyans.errors import InputError

DATA = SITE / "data" / "readings-ru.json"
READING_FIELDS = ("name", "question")  # and "why_default" where the English has one
ALTERNATIVE_FIELDS = ("label", "reason")


def english_label(alternative_id: str) -> str:
    """The English beside the Russian label: the id in words, "one-in-all" -> "one in all"."""
    return alternative_id.replace("-", " ")


def _line(text: str, key: str, after: int = 1) -> int | None:
    """The line of `"key":` in the file, at or after line `after` (for the error's FILE:LINE)."""
    lines = text.splitlines()
    for number in range(after, len(lines) + 1):
        if f'"{key}":' in lines[number - 1]:
            return number
    return None


def load(records: list[dict], path: Path = DATA, subset: bool = False) -> dict[str, dict]:
    """The Russian of every reading in `records` (the engine's, as
    `pasyans readings --json` lists them), checked both ways: each reading
    and alternative has every field, non-empty, and the file names no
    reading or alternative the engine does not have (unless `records` are
    known to be a `subset`, as a folder of saved outputs may be)."""
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)["readings"]
    except OSError as error:
        raise InputError(f"cannot read the readings' Russian: {error.strerror}", str(path)) from None
    except json.JSONDecodeError as error:
        raise InputError(f"not JSON: {error.msg}", str(path), error.lineno) from None
    except (KeyError, TypeError):
        raise InputError('not an object with "readings": {reading id: {...}}', str(path), 1) from None

    def fail(problem: str, *keys: str):
        line = 1
        for key in keys:
            line = _line(text, key, line) or line
        raise InputError(problem, str(path), line)

    engine = {record["id"]: record for record in records}
    for ident in data:
        if ident not in engine and not subset:
            fail(f"{ident}: the engine has no such reading (`pasyans readings --json`): remove it or fix its id", ident)
    for ident, record in engine.items():
        entry = data.get(ident)
        if not isinstance(entry, dict):
            fail(f"{ident}: no Russian for this reading: add its {', '.join(READING_FIELDS)} and alternatives")
        fields = READING_FIELDS + (("why_default",) if record.get("why_default") else ())
        for name in fields:
            if not isinstance(entry.get(name), str) or not entry[name].strip():
                fail(f"{ident}: no Russian {name!r}", ident)
        alternatives = entry.get("alternatives")
        if not isinstance(alternatives, dict):
            fail(f"{ident}: no Russian alternatives", ident)
        known = [alt["id"] for alt in record["alternatives"]]
        for alt in alternatives:
            if alt not in known:
                fail(f"{ident}: the reading has no alternative {alt!r} (it has {', '.join(known)})", ident, alt)
        for alt in known:
            given = alternatives.get(alt)
            if not isinstance(given, dict):
                fail(f"{ident}: no Russian for the alternative {alt!r}", ident)
            for name in ALTERNATIVE_FIELDS:
                if not isinstance(given.get(name), str) or not given[name].strip():
                    fail(f"{ident}: alternative {alt!r}: no Russian {name!r}", ident, alt)
    return data


# A run of words in Latin letters in the Russian (Cadogan's «Race», the
# engine's «turned», PySolFC), not part of an id such as `terms.play-cards`,
# nor a Roman numeral (правило II): marked English, for screen readers and
# hyphenation. Only the text between the tags of `spelled`'s markup is touched.
_TAG = re.compile(r"(<[^>]*>)")
_WORD = r"[A-Za-z](?:[A-Za-z’]|&#39;)*"  # an apostrophe comes escaped: Napoleon&#39;s
_LATIN = re.compile(rf"(?<![\w.-]){_WORD}(?: {_WORD})*(?![\w.-])")


def english_marked(markup: str) -> Markup:
    """`markup` (escaped text and tags) with its Latin words in <span lang="en">.

    >>> str(english_marked("порода, «Race», правило III; terms.play-cards; Napoleon&#39;s Square"))
    'порода, «<span lang="en">Race</span>», правило III; terms.play-cards; <span lang="en">Napoleon&#39;s Square</span>'
    """
    def mark(match: re.Match) -> str:
        word = match.group(0)
        return word if re.fullmatch("[IVXLCDM]+", word) else f'<span lang="en">{word}</span>'

    parts = _TAG.split(str(markup))
    return Markup("".join(part if part.startswith("<") else _LATIN.sub(mark, part) for part in parts))
