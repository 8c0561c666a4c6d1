"""One module per game; each defines ``GAME = <Game subclass>`` (see engine/README.md).

Module names are the game slugs (``belle-lucie.py``), so they are imported
by `engine.registry` through importlib, not by an import statement.
"""
