"""One module per game's solver knowledge, named as the game's own module
in engine/games/ (``salic-law.py`` beside ``engine/games/salic-law.py``):
its safe moves, dead tests, canonical key, search of its own, each proved
in the comment beside it, and its `register` call.

Module names are the game slugs, so `engine.solver.registry` imports them
through importlib, not by an import statement. They import the record and
the shared helpers (`engine.solver.knowledge`), the family machinery that
several games share (`fans`, `columns`, `layouts`) and the search; none of
those imports a module of this folder, so there is no import circle.
"""
