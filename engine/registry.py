"""`GAMES` and `find_game`: every module in engine/games/ that defines
``GAME = <Game subclass>`` is a playable game, found without a list to edit.

`find_game` matches the slug, the 1912 title, the modern title, the English
title and any alias, ignoring case, guillemets, a final full stop and the
pre-reform letters (so «Домъ въ лѣсу», "Дом в лесу" and "house-in-the-wood"
all find the same game).
"""

from __future__ import annotations

import importlib
import pkgutil

import engine.games
from engine.core import Game

# Pre-reform letters folded for matching only (never for display).
_FOLD = str.maketrans({
    "\N{CYRILLIC SMALL LETTER YAT}": "е",
    "\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}": "и",
    "\N{CYRILLIC SMALL LETTER FITA}": "ф",
    "\N{CYRILLIC SMALL LETTER IZHITSA}": "и",
    "ё": "е",
})


def _key(title: str) -> str:
    text = title.casefold().translate(_FOLD).strip().strip("«»\"'").rstrip(".").strip()
    words = [w[:-1] if w.endswith("ъ") else w for w in text.replace("-", " ").split()]
    return " ".join(words)


def _discover() -> tuple[type[Game], ...]:
    found = []
    for info in pkgutil.iter_modules(engine.games.__path__):
        module = importlib.import_module(f"engine.games.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, type) and issubclass(game, Game):
            found.append(game)
    found.sort(key=lambda g: (g.book_order, g.slug))
    return tuple(found)


GAMES: tuple[type[Game], ...] = _discover()


def find_game(name: str) -> type[Game]:
    """The game class for a slug or any of its titles; KeyError if none."""
    wanted = _key(name)
    for game in GAMES:
        titles = (game.slug, game.title_1912, game.title_modern, game.title_en) + tuple(game.aliases)
        if any(t and _key(t) == wanted for t in titles):
            return game
    raise KeyError(f"no game {name!r}; known: {', '.join(g.slug for g in GAMES)}")
