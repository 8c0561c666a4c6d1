"""Saves of finished games for the site tests, made by the demo's own
bridge (site/py/demo_bridge.py) running the engine in this process."""

from __future__ import annotations

import json
import sys

from edition import SITE

sys.path.insert(0, str(SITE / "py"))
import demo_bridge  # noqa: E402

WON_GAMES = json.loads((SITE.parent / "tests" / "engine" / "won_games.json").read_text(encoding="utf-8"))


def call(op, **args):
    return json.loads(demo_bridge.handle(json.dumps({"op": op, "args": args})))


def ok(op, **args):
    answer = call(op, **args)
    assert answer["ok"], answer
    return answer["result"]


def won_view(slug: str) -> dict:
    """The view after playing the engine's recorded won game of `slug`."""
    won = WON_GAMES[slug]
    view = ok("new", game=slug, deal=won["deal"])
    for move in won["moves"]:
        view = ok("move", move=move)["view"]
    return view


def stuck_save(slug: str, limit: int = 400):
    """A save of a lost position, found by always playing the first legal
    move (deals 1..30); None if none is found within the limits."""
    for deal in range(1, 31):
        view = ok("new", game=slug, deal=deal)
        for _ in range(limit):
            if view["outcome"] or not view["moves"]:
                break
            view = ok("move", move=view["moves"][0])["view"]
        if view["outcome"] and not view["outcome"]["won"]:
            return view["save"]
    return None
