"""Большая раскладка (grand-layout): what the search may assume.

Its rows of a kind interchangeable in the last layout and its safe moves
home (`layouts.layout_safe`, `layouts.columns_alike`, proved there, as for
Китайское письмо), and its playouts.
"""

from __future__ import annotations

from engine.solver.knowledge import Knowledge, register
from engine.solver.layouts import columns_alike, layout_safe


# Playouts: Большая раскладка's deals are nearly all won, and a randomised
# greedy playout finds the win where the depth-first search, taking the
# first layout's moves in order, wanders: 40 playouts decide 37 of deals
# 21-60 within 1 CPU s, 8 decide 29 (the ordering only; no verdict rests on it).
register("grand-layout", Knowledge(twins=(tuple(f"col-{k}" for k in range(2, 12)), ("col-1", "col-12")),
                                   interchangeable_when=columns_alike, safe=layout_safe, playouts=40))
