"""The game table: slugs, titles, decks, witnesses (data in data/games.toml).

    >>> find("belle-lucie").en
    'La Belle Lucie'
    >>> find("house-in-the-wood").inherits
    'belle-lucie'
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pydantic

from extract import tomlfile
from pasyans.errors import InputError

GAMES_FILE = Path(__file__).parent / "data" / "games.toml"

# Pseudo-games of the front matter: clauses, but no game page and no engine.
FRONT_MATTER = ("figures", "terms")


class Game(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    slug: str = pydantic.Field(pattern=r"^[a-z][a-z0-9-]*$")
    ru_1912: str | None = None
    ru_modern: str
    en: str
    cadogan: str | None = None
    cadogan_number: int | None = None
    decks: pydantic.PositiveInt
    witnesses: list[str]
    inherits: str | None = None
    note: str | None = None


def load(path: Path = GAMES_FILE) -> list[Game]:
    data, text = tomlfile.load(path)
    entries = data.get("game")
    if not isinstance(entries, list) or not entries:
        raise InputError("no [[game]] entries", str(path), 1)
    starts = tomlfile.entry_lines(text, "game")
    games: list[Game] = []
    for index, entry in enumerate(entries):
        line = starts[index] if index < len(starts) else None
        try:
            game = Game.model_validate(entry)
        except pydantic.ValidationError as error:
            first = error.errors()[0]
            field = ".".join(str(part) for part in first["loc"]) or "entry"
            raise InputError(f"game entry {index + 1}: {field}: {first['msg']}", str(path), line) from None
        if game.slug in {g.slug for g in games} or game.slug in FRONT_MATTER:
            raise InputError(f"duplicate game slug {game.slug!r}", str(path), line)
        games.append(game)
    slugs = {g.slug for g in games}
    for index, game in enumerate(games):
        if game.inherits is not None and (game.inherits not in slugs or game.inherits == game.slug):
            raise InputError(f"game {game.slug!r} inherits from unknown game {game.inherits!r}", str(path), starts[index])
    return games


@cache
def games() -> dict[str, Game]:
    """The games by slug, in the order of the edition."""
    return {game.slug: game for game in load()}


def find(slug: str) -> Game:
    try:
        return games()[slug]
    except KeyError:
        raise InputError(f"no game {slug!r}; the games are: {', '.join(games())}") from None
