"""The contents of the whole 1912 book: its twenty-four games in Cadogan's
order (site/data/book-contents.toml, with the source of the list), each with
what the witnesses hold of it: the edition's games that carry its number
(`cadogan_number`), their witnesses and whether they play here, or nothing,
and then it is lost. The book's games that carry no number follow.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache

from edition import SITE
from edition.model import Edition, Game
from pasyans.errors import InputError

DATA = SITE / "data" / "book-contents.toml"
GAMES = 24  # the title's «Двадцать четыре»


@dataclass
class Entry:
    number: int
    cadogan: str
    en: str
    ru: str  # our rendering of her title: the book's survives only with its game
    note: str = ""
    note_ru: str = ""
    games: list[Game] = field(default_factory=list)

    @property
    def status(self) -> str:
        """"plays", "text" (held, not playable) or "lost"."""
        return "lost" if not self.games else "plays" if any(game.playable for game in self.games) else "text"

    @property
    def witnesses(self) -> list[str]:
        return sorted({witness for game in self.games for witness in game.witnesses})


@cache
def data() -> dict:
    try:
        return tomllib.loads(DATA.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise InputError(f"cannot read the book's contents: {error}", str(DATA)) from None


def entries(edition: Edition) -> list[Entry]:
    """The twenty-four, each with the edition's games of that number."""
    found = [Entry(**record) for record in data()["game"]]
    if [entry.number for entry in found] != list(range(1, GAMES + 1)):
        raise InputError(f"the contents must number the games 1-{GAMES} in order", str(DATA))
    for game in edition.games:
        if game.cadogan_number is not None:
            if not 1 <= game.cadogan_number <= GAMES:
                raise InputError(f"{game.slug}: no game {game.cadogan_number} in Cadogan's order", str(DATA))
            found[game.cadogan_number - 1].games.append(game)
    return found


def book_witnesses(edition: Edition) -> set[str]:
    return {witness.id for witness in edition.witnesses if witness.source == "1912-book"}


def unplaced(edition: Edition) -> list[Game]:
    """The book's games (from its own witnesses) not placed in her order."""
    ours = book_witnesses(edition)
    return [game for game in edition.games if game.cadogan_number is None and set(game.witnesses) <= ours]


def modern(edition: Edition) -> list[Game]:
    """The games the edition adds from other sources."""
    ours = book_witnesses(edition)
    return [game for game in edition.games if game.witnesses and not set(game.witnesses) & ours]


def context(edition: Edition) -> dict:
    rows = entries(edition)
    held = sum(1 for entry in rows if entry.games)
    words = data()["words"]
    intro = {language: text.format(held=held, lost=GAMES - held) for language, text in words["intro"].items()}
    return {"entries": rows, "unplaced": unplaced(edition), "modern": modern(edition), "words": words,
            "intro": intro, "source_url": data()["source_url"]}
