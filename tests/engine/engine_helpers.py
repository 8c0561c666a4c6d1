"""Shared helpers of the engine tests: case files and random play."""

from __future__ import annotations

import json
from pathlib import Path

from engine import find_game
from engine.cards import RANKS, SUITS

HERE = Path(__file__).parent
CASES = HERE / "cases"


def expand(codes: list[str]) -> list[str]:
    """Case files may write a run of one suit as "AS..KS" (or down, "KH..AH")."""
    out = []
    for code in codes:
        if ".." not in code:
            out.append(code)
            continue
        first, last = code.split("..")
        down = first.startswith("~")
        first, last = first.lstrip("~"), last.lstrip("~")
        suit = first[-1]
        assert suit == last[-1] and suit in SUITS, code
        a, b = RANKS.index(first[:-1]), RANKS.index(last[:-1])
        step = 1 if b >= a else -1
        out.extend(("~" if down else "") + RANKS[r] + suit for r in range(a, b + step, step))
    return out


def state_of(slug: str, case: dict) -> dict:
    state = {"game": slug, "deal": case.get("deal", 0),
             "piles": {k: expand(v) for k, v in case.get("piles", {}).items()}}
    for key in ("phase", "redeals_left", "extra", "readings"):
        if key in case:
            state[key] = case[key]
    return state


def position(slug: str, case: dict):
    return find_game(slug).from_portable(state_of(slug, case))


def case_files() -> list[Path]:
    return sorted(CASES.glob("*.json"))


def all_cases():
    for path in case_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        for k, case in enumerate(data["cases"]):
            yield pytest_id(data["game"], k, case), data["game"], case


def pytest_id(slug, k, case):
    what = case.get("move") or case.get("outcome") or "setup"
    verdict = {True: "allows", False: "forbids"}.get(case.get("allowed"), "")
    return f"{slug}-{k}-{case.get('rule', '')}-{verdict}-{what}"


def random_play(game, rng, steps: int):
    """Play up to ``steps`` random legal moves; yields after each push."""
    for _ in range(steps):
        moves = list(game.legal_moves)
        if not moves:
            return
        game.push(moves[rng.randrange(len(moves))])
        yield game
