"""What the board of a game page needs from the build, as one JSON block.

The page draws its board before Python is up (the save's position, or the
opening of deal 1 computed here by the engine), names every pile in the
reader's words (site/data/pile-labels.json), names every card in Russian
and English, and offers "winnable deals only" from the solver's per-deal
results (`winnable_deals`, the one reader of data/winrates/<slug>.jsonl).
"""

from __future__ import annotations

import json
import logging
import re
from functools import lru_cache
from pathlib import Path

from edition import ROOT, SITE

log = logging.getLogger("edition")

LABELS = SITE / "data" / "pile-labels.json"
PER_DEAL = ROOT / "data" / "winrates"
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ARROWS = {"left": "←", "right": "→", "up": "↑", "down": "↓"}
RANKS_RU = {"A": "Т", "K": "К", "Q": "Д", "J": "В"}
LANGS = ("en", "ru", "ru_modern")


@lru_cache(maxsize=1)
def _words() -> dict:
    return json.loads(LABELS.read_text(encoding="utf-8"))


def pile_label(slug: str, pile: dict) -> dict[str, str]:
    """A pile's name in English and in Russian (1912 and modern spelling):
    the role's word, then what the id adds (number, suit, side, direction)
    and how a foundation builds (``A↑``): ``foundation-S-1`` of a two-pack
    game is "Foundation ♠ 1 A↑", ``row-L1-left`` is "Row L1 ←"."""
    words = _words()
    role = pile["role"]
    base = words["games"].get(slug, {}).get(role) or words["roles"].get(role)
    if base is None:
        base = {lang: role.replace("-", " ").capitalize() for lang in LANGS}
    builds = pile.get("builds") or {}
    parts = {lang: [base[lang]] for lang in LANGS}
    for token in pile["id"].split("-"):
        side = re.fullmatch(r"([LR])(\d+)", token)
        if token.isdigit():
            extra = {lang: token for lang in LANGS}
        elif token in SUIT_SIGNS:
            extra = {lang: SUIT_SIGNS[token] for lang in LANGS}
        elif token in ARROWS:
            extra = {lang: ARROWS[token] for lang in LANGS}
        elif side:
            ru = {"L": "Л", "R": "П"}[side.group(1)] + side.group(2)
            extra = {"en": token, "ru": ru, "ru_modern": ru}
        else:
            continue  # the role's own word ("fan", "kings", "aside"), or a rank the building names
        for lang in LANGS:
            parts[lang].append(extra[lang])
    if builds:
        sign = ("↑" if builds.get("direction") == "up" else "↓")
        rank = str(builds.get("from") or "")
        for lang in LANGS:  # the ace and the court cards as a Russian player writes them: Т, К, Д, В
            parts[lang].append((rank if lang == "en" else RANKS_RU.get(rank, rank)) + sign)
    label = {lang: " ".join(parts[lang]) for lang in LANGS}
    # what an empty place shows large: the part after the role's word
    label["tail"] = {"en": " ".join(parts["en"][1:]), "ru": " ".join(parts["ru"][1:])}
    return label


def winnable_deals(slug: str, folder: Path = PER_DEAL) -> list[int]:
    """The deals the solver's published table proved winnable (its lines
    with ``"status": "won"``), for "winnable deals only". The one place that
    reads the per-deal results: adapt it here if their format changes."""
    # one file per measure, GAME.MEASURE.jsonl (readings other than the
    # edition's add a part: not these); a deal won under any measure has a
    # winning line that replayed through the engine
    paths = [p for p in sorted(folder.glob(f"{slug}.*.jsonl")) if p.name.count(".") == 2]
    deals = []
    for path, number, line in ((path, number, line) for path in paths
                               for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            log.warning("pasyans: %s:%d: not JSON (%s); line skipped", path, number, error.msg)
            continue
        if record.get("status") == "won" and isinstance(record.get("deal"), int):
            deals.append(record["deal"])
    return sorted(set(deals))


def _opening(slug: str) -> dict | None:
    try:
        from engine import find_game

        return find_game(slug)(deal=1).to_portable()
    except Exception as error:  # the page then waits for Python to draw
        log.warning("pasyans: no opening of %s for the board: %s", slug, error)
        return None


@lru_cache(maxsize=1)
def card_names() -> dict[str, list[str]]:
    """Russian and English names of the 52 cards, by code (the engine's own)."""
    from engine import Card
    from engine.cards import RANKS, SUITS

    return {rank + suit: [Card.parse(rank + suit).name_ru(), Card.parse(rank + suit).name_en()]
            for suit in SUITS for rank in RANKS[1:]}


def readings_data(readings: list) -> list[dict]:
    """What the board needs of the game's readings (edition.model.RuleReading):
    ids, names and the alternatives' labels in both languages (the reader
    sees these, never a raw id), defaults, and which ones lay the cards out differently."""
    return [{"id": r.id, "name": r.name, "name_ru": r.name_ru or r.name, "default": r.default,
             "changes_deal": r.changes_deal, "alternatives": [a["id"] for a in r.alternatives],
             "labels": {a["id"]: {"ru": a.get("label") or a.get("label_en") or a["id"],
                                  "en": a.get("label_en") or a["id"]} for a in r.alternatives}} for r in readings]


def page_data(slug: str, layout: dict | None, readings: list = ()) -> dict:
    """The board's JSON block of one game page."""
    if not layout:
        return {}
    return {
        "game": slug,
        "layout": layout,
        "labels": {pile["id"]: pile_label(slug, pile) for pile in layout["piles"]},
        "opening": _opening(slug),
        "names": card_names(),
        "winnable": winnable_deals(slug),
        "readings": readings_data(readings),
    }
