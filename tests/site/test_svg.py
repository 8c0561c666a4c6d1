"""edition.svg: the lost tables redrawn from the engine's geometry."""

from __future__ import annotations

import json
from pathlib import Path

import lxml.etree

from edition import svg

SAMPLE = Path(__file__).parent / "sample"
SVG = "{http://www.w3.org/2000/svg}"


def test_every_card_of_a_fan_is_drawn_and_foundations_show_their_base():
    layout = json.loads((SAMPLE / "layout-belle-lucie.json").read_text(encoding="utf-8"))
    opening = json.loads((SAMPLE / "deal-belle-lucie-1.json").read_text(encoding="utf-8"))
    drawing = lxml.etree.fromstring(str(svg.layout_svg(layout, opening, "Прекрасная <Люція>")).encode())
    cards = drawing.findall(f"{SVG}rect[@class='up']") + drawing.findall(f"{SVG}rect[@class='down']")
    assert len(cards) == sum(len(pile) for pile in opening["piles"].values()) == 52
    slots = drawing.findall(f"{SVG}rect[@class='slot']")
    assert len(slots) == 4  # the empty foundations
    assert sorted(t.text for t in drawing.findall(f"{SVG}text[@class='base']")) == ["A♠↑", "A♣↑", "A♥↑", "A♦↑"]
    assert drawing.get("aria-label") == "Прекрасная <Люція>"  # escaped in the source, exact when parsed
    width, height = (float(v) for v in drawing.get("viewBox").split()[2:])
    for rect in cards:
        assert 0 <= float(rect.get("x")) <= width and 0 <= float(rect.get("y")) <= height


def test_a_squared_pile_is_one_outline_with_its_count():
    layout = {"game": "x", "card": {"width": 1, "height": 1.4},
              "piles": [{"id": "stock", "role": "stock", "x": 0, "y": 0, "dx": 0, "dy": 0, "face": "down"}]}
    opening = {"piles": {"stock": ["~AS"] * 30}}
    drawing = lxml.etree.fromstring(str(svg.layout_svg(layout, opening)).encode())
    assert len(drawing.findall(f"{SVG}rect")) == 1
    assert drawing.find(f"{SVG}text[@class='count']").text == "30"
