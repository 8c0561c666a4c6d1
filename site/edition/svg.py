"""The lost tables redrawn: a game's opening layout as an SVG figure.

The book's twenty tables did not survive the OCR, only their captions. The
engine knows where every pile lies (`pasyans layout GAME --json`: x, y in
card units, a card being 1 x 1.4, and the fan offsets dx, dy) and how many
cards each pile holds at the start (`pasyans deal GAME --seed 1 --json`),
so the figure shows that geometry (styled by classes in style.css: the
CSP forbids inline <style>): card outlines fanned as they are dealt,
face-down cards hatched, foundations marked with the card they start from.
"""

from __future__ import annotations

from markupsafe import Markup, escape

SCALE = 40  # pixels per card unit in the drawing's own coordinates
CARD_H = 1.4
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def layout_svg(layout: dict, opening: dict | None = None, title: str = "") -> Markup:
    """An SVG of `layout`'s piles holding the cards of `opening` (a portable
    state), or one outline per pile when no opening is given."""
    card_w = float(layout.get("card", {}).get("width", 1.0))
    card_h = float(layout.get("card", {}).get("height", CARD_H))
    shapes, right, bottom = [], 0.0, 0.0
    for pile in layout["piles"]:
        cards = (opening or {}).get("piles", {}).get(pile["id"], [])
        count = len(cards)
        # A squared pile shows one outline with its count; a fan shows every card.
        fanned = bool(pile.get("dx") or pile.get("dy"))
        drawn = count if fanned else min(count, 1)
        x0, y0 = pile["x"] * SCALE, pile["y"] * SCALE
        dx, dy = pile.get("dx", 0) * SCALE, pile.get("dy", 0) * SCALE
        if drawn == 0:
            shapes.append(f'<rect class="slot" x="{_number(x0)}" y="{_number(y0)}" width="{_number(card_w * SCALE)}" '
                          f'height="{_number(card_h * SCALE)}" rx="3"/>')
        for k in range(drawn):
            down = cards[k].startswith("~") if cards else pile.get("face") == "down"
            shapes.append(f'<rect class="{"down" if down else "up"}" x="{_number(x0 + k * dx)}" '
                          f'y="{_number(y0 + k * dy)}" width="{_number(card_w * SCALE)}" '
                          f'height="{_number(card_h * SCALE)}" rx="3"/>')
        builds = pile.get("builds")
        if builds and drawn == 0:
            sign = SUIT_SIGNS.get(builds.get("suit") or "", "")
            arrow = "↑" if builds.get("direction") == "up" else "↓"
            shapes.append(f'<text class="base" x="{_number(x0 + card_w * SCALE / 2)}" y="{_number(y0 + card_h * SCALE / 2 + 5)}">'
                          f'{escape(builds.get("from", ""))}{sign}{arrow}</text>')
        if not fanned and count > 1:
            shapes.append(f'<text class="count" x="{_number(x0 + card_w * SCALE / 2)}" y="{_number(y0 + card_h * SCALE / 2 + 5)}">{count}</text>')
        right = max(right, x0 + max(0, drawn - 1) * dx + card_w * SCALE)
        bottom = max(bottom, y0 + max(0, drawn - 1) * dy + card_h * SCALE)
    width, height = right + 8, bottom + 8
    label = escape(title or f"Opening layout of {layout.get('game', '')}")
    return Markup(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="layout" viewBox="-4 -4 {_number(width)} {_number(height)}" '
        f'width="{_number(width)}" height="{_number(height)}" role="img" aria-label="{label}">'
        + "".join(shapes) + "</svg>"
    )
