"""Наполеон (napoleon) and Ссыльныя (exiles).

What the search may assume, each item proved here.
"""

from __future__ import annotations

from engine.solver.knowledge import Knowledge, register

# Ссыльныя: the exiles are dealt face up before they are set aside face
# down, so a player knows them (`seen_roles`).
register("exiles", Knowledge(seen_roles=frozenset({"exiles"})))
