"""The English translation, keyed by clause id (data/english/*.toml).

The translator writes one file per game (`belle-lucie.toml`), plus
`terms.toml` and `figures.toml`; each maps a clause id to its English text
(see data/english/README.md). This module reads them and checks them
against the clauses: a key that names no clause, or a clause of another
file's game, is an InputError naming the file and line; `missing()` lists
the clauses that have no translation yet.
"""

from __future__ import annotations

from pathlib import Path

from extract import tomlfile
from pasyans.errors import InputError

ENGLISH_DIR = Path(__file__).parent / "data" / "english"


def load(clause_ids: dict[str, str], folder: Path = ENGLISH_DIR) -> dict[str, str]:
    """Every translation, by clause id; `clause_ids` maps each id to its game."""
    result: dict[str, str] = {}
    for path in sorted(folder.glob("*.toml")):
        data, text = tomlfile.load(path)
        lines = tomlfile.key_lines(text)
        game = path.stem
        for key, value in data.items():
            line = lines.get(key)
            if not isinstance(value, str):
                raise InputError(f"{key!r}: the translation must be a string (quote ids that contain dots: \"{key}\" = \"...\")",
                                 str(path), line)
            if key not in clause_ids:
                raise InputError(f"translation for unknown clause {key!r}", str(path), line)
            if clause_ids[key] != game:
                raise InputError(f"clause {key!r} belongs to game {clause_ids[key]!r}; put it in {clause_ids[key]}.toml",
                                 str(path), line)
            if not value.strip():
                raise InputError(f"empty translation for {key!r}", str(path), line)
            result[key] = value.strip()
    return result


def missing(clause_ids: dict[str, str], translations: dict[str, str]) -> list[str]:
    """The clauses without a translation, in reading order."""
    return [clause_id for clause_id in clause_ids if clause_id not in translations]
