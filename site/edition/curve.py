"""The player's budget curve as a small SVG: win rate against CPU seconds
per deal, each budget a dot with its Wilson 95% interval, and the pack-known
lower bound as a dashed line (`pasyans curves`, data/player-curves.json).

The SVG holds numbers only (percentages, seconds; a point's tooltip is
"budget: won/deals (interval)"); the words around it are the page's, in
the reader's language. Drawn at build time: no script.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from markupsafe import Markup, escape

WIDTH, HEIGHT = 320, 180
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 10, 28  # the plot's margins: the axes' numbers


def read_curves(path: Path) -> dict[str, dict]:
    """The curves by game ({} without the file). An InputError names the
    file if it is not such a summary."""
    from pasyans.errors import InputError

    if not path.exists():
        return {}
    try:
        games = json.loads(path.read_text(encoding="utf-8"))["games"]
        for slug, game in games.items():
            for point in game["points"]:
                for key in ("seconds", "deals", "won", "rate", "low", "high"):
                    float(point[key])
        return games
    except (json.JSONDecodeError, KeyError, TypeError, ValueError) as error:
        raise InputError(f"not a summary of player curves: {error}", str(path)) from None


def curve_svg(curve: dict, pack_known: float | None = None, label: str = "") -> Markup:
    """The plot of one game's curve (``pack_known``: the share of deals won
    with the pack known, at least, drawn as a dashed line)."""
    points = curve["points"]
    budgets = [p["seconds"] for p in points]
    lo_x, hi_x = math.log(min(budgets)), math.log(max(budgets))
    span = (hi_x - lo_x) or 1.0
    top = max([p["high"] for p in points] + [pack_known or 0.0])
    ceiling = min(1.0, max(0.1, math.ceil(top * 10 + 0.5) / 10))  # a tenth above the highest figure

    def x(seconds: float) -> float:
        inner = WIDTH - LEFT - RIGHT - 20
        return LEFT + 10 + (math.log(seconds) - lo_x) / span * inner if len(budgets) > 1 else LEFT + 10 + inner / 2

    def y(rate: float) -> float:
        return TOP + (1 - rate / ceiling) * (HEIGHT - TOP - BOTTOM)

    parts = [f'<svg class="curve" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" '
             f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">']
    for k in range(0, 11):  # the rate axis, in tenths up to the ceiling
        rate = k / 10
        if rate > ceiling + 1e-9:
            break
        parts.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(rate):.1f}" y2="{y(rate):.1f}"/>')
        parts.append(f'<text class="tick" x="{LEFT - 4}" y="{y(rate) + 3:.1f}" text-anchor="end">{round(rate * 100)}%</text>')
    for seconds in budgets:
        parts.append(f'<text class="tick" x="{x(seconds):.1f}" y="{HEIGHT - BOTTOM + 14}" text-anchor="middle">'
                     f'{seconds:g}</text>')
    if pack_known is not None:
        parts.append(f'<line class="known" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(pack_known):.1f}" '
                     f'y2="{y(pack_known):.1f}"/>')
    line = " ".join(f"{x(p['seconds']):.1f},{y(p['rate']):.1f}" for p in points)
    parts.append(f'<polyline class="rate" points="{line}"/>')
    for p in points:
        cx = x(p["seconds"])
        parts.append(f'<line class="interval" x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(p["low"]):.1f}" y2="{y(p["high"]):.1f}"/>')
        parts.append(f'<circle class="point" cx="{cx:.1f}" cy="{y(p["rate"]):.1f}" r="3.5">'
                     f'<title>{p["seconds"]:g}: {p["won"]}/{p["deals"]} ({100 * p["low"]:.0f}–{100 * p["high"]:.0f}%)</title></circle>')
    parts.append("</svg>")
    return Markup("".join(parts))


def table_facts(plan: dict | None, player: dict | None) -> dict | None:
    """The budget the curve chose for the table's "for a player" figure
    (`pasyans.curves.table_budget`) and whether the table holds it yet:
    measured in positions at that budget's worth on the planned deals."""
    if not plan:
        return None
    player = player or {}
    done = (player.get("decides") == "positions" and player.get("budget_s") == plan["seconds"]
            and player.get("deals", 0) >= plan["deals"])
    return {"seconds": f"{plan['seconds']:g}", "why": plan["why"], "deals": plan["deals"], "done": done,
            "now": f"{player['budget_s']:g}" if player.get("budget_s") else None, "now_deals": player.get("deals")}


def curve_facts(curve: dict, rates: dict | None) -> dict:
    """What the page says beside the plot: the deals, the budgets, the
    pack-known lower bound (the share won of the 'solvable' measure, in
    whole per cent; None where the game has none), and whether the player's
    figure is below half of it: once the curve is flat, the policy's limit,
    not the game's ("below"), or about its limit where every fourfold budget
    still won a few more, each within the noise ("creeping": flat by the
    rule, but not a plateau); while it still rises, not yet a limit ("rising")."""
    points = curve["points"]
    solvable = (rates or {}).get("solvable")
    known = solvable["won"] / solvable["deals"] if solvable and solvable.get("deals") else None
    head = curve["headline"]
    far = known is not None and head["rate"] < known / 2
    most = max(p["deals"] for p in points)
    whole = [p for p in points if p["deals"] == most]  # the budgets measured on all the deals
    creeping = len(whole) > 2 and all(b["rate"] > a["rate"] for a, b in zip(whole, whole[1:]))
    return {"first": min(p["first_deal"] for p in points), "last": max(p["last_deal"] for p in points),
            "table": table_facts(curve.get("table_budget"), (rates or {}).get("player")),
            "budgets": ", ".join(f"{p['seconds']:g}" for p in points),
            "known": None if known is None else round(100 * known), "known_share": known,
            "below": far and curve["flat"] and not creeping, "creeping": far and curve["flat"] and creeping,
            "rising": far and not curve["flat"],
            "flat": curve["flat"], "steady": curve["flat"] and creeping,
            "headline": {**head, "seconds": f"{head['seconds']:g}", "low": round(100 * head["low"]),
                         "high": round(100 * head["high"])},
            "points": [{"seconds": f"{p['seconds']:g}", "won": p["won"], "deals": p["deals"],
                        "low": round(100 * p["low"]), "high": round(100 * p["high"])} for p in points]}
