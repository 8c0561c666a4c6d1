"""Layout games dealt row by row or round the packets: Большая раскладка
(grand-layout), Китайское письмо (chinese-letter), Идет — не идет
(idet-ne-idet), Четыре угла (four-corners).

What the search may assume, each item proved here.
"""

from __future__ import annotations

from engine.solver.knowledge import Knowledge, register

# Четыре угла: after the deal the top cards play anywhere and marry alike;
# only the deal (a side packet feeds the foundation beside it) and a redeal
# (the packets gathered in order) tell packets apart.
register("four-corners", Knowledge(interchangeable=("corner", "side"),
                                   interchangeable_when=lambda game: game.phase == "play" and not game.redeals_left))
