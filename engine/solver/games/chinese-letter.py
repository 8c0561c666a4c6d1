"""Китайское письмо (chinese-letter): what the search may assume.

Its rows of a kind interchangeable in the last layout and its safe moves
home (`layouts.layout_safe`, `layouts.columns_alike`, proved there, as for
Большая раскладка).
"""

from __future__ import annotations

from engine.solver.knowledge import Knowledge, register
from engine.solver.layouts import columns_alike, layout_safe


register("chinese-letter", Knowledge(twins=(tuple(f"col-{k}" for k in range(2, 11)), ("col-1", "col-11")),
                                     interchangeable_when=columns_alike, safe=layout_safe))
