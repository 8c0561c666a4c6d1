"""engine/solver/registry.py and engine/solver/games/: one module per game,
named by its slug as in engine/games/, each registering its own game's
knowledge and no other; no import circle (the record imports no game's
module, and a game's module imported alone brings in no other game's);
the browser's engine zip carries the modules and loads them as Pyodide
does (the zip unpacked, its folder on the path)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

from engine import GAMES
from engine.solver.knowledge import GAME_KNOWLEDGE
from engine.solver.registry import load_games

ROOT = Path(__file__).resolve().parents[2]
GAMES_DIR = ROOT / "engine" / "solver" / "games"


def python(code: str, path: Path = ROOT) -> str:
    """Run ``code`` in a fresh interpreter with only ``path`` for our modules."""
    return subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(path)!r})\n" + code],
                          capture_output=True, text=True, check=True, cwd=path).stdout.strip()


def test_one_module_per_game_beside_its_rules():
    slugs = {g.slug for g in GAMES}
    modules = {p.stem for p in GAMES_DIR.glob("*.py") if p.stem != "__init__"}
    assert modules == slugs
    assert modules == {p.stem for p in (ROOT / "engine" / "games").glob("*.py") if p.stem != "__init__"}
    load_games()
    assert set(GAME_KNOWLEDGE) == slugs


def test_the_shared_modules_import_no_game_module():
    """The record, the registry, the family machinery and the search import
    no game's module (the registry imports them only when first asked)."""
    code = ("import sys\n"
            "import engine.solver.knowledge, engine.solver.registry, engine.solver.search, engine.solver.keys\n"
            "import engine.solver.fans, engine.solver.columns, engine.solver.layouts\n"
            "import engine.solver.information, engine.solver.player, engine.solver.hints, engine.solver.measures\n"
            "print(sorted(m for m in sys.modules if m.startswith('engine.solver.games.')))")
    assert python(code) == "[]"


def test_each_module_registers_its_own_game_alone():
    """Imported alone, a game's module registers its game and pulls in no
    other game's module (the shared modules, cached between the games, import
    none: the test above)."""
    code = ("import importlib, json, sys\n"
            "from engine import GAMES\n"
            "from engine.solver.knowledge import GAME_KNOWLEDGE\n"
            "out = {}\n"
            "for game in GAMES:\n"
            "    for name in [m for m in sys.modules if m.startswith('engine.solver.games.')]:\n"
            "        del sys.modules[name]\n"
            "    GAME_KNOWLEDGE.clear()\n"
            "    importlib.import_module('engine.solver.games.' + game.slug)\n"
            "    out[game.slug] = [sorted(m for m in sys.modules if m.startswith('engine.solver.games.')),\n"
            "                      sorted(GAME_KNOWLEDGE)]\n"
            "print(json.dumps(out))")
    out = json.loads(python(code))
    for cls in GAMES:
        assert out[cls.slug] == [[f"engine.solver.games.{cls.slug}"], [cls.slug]], cls.slug


def test_the_engine_zip_carries_and_loads_every_game_module(tmp_path):
    from edition.assets import engine_zip_bytes

    names = set(zipfile.ZipFile(io.BytesIO(engine_zip_bytes())).namelist())
    assert {f"engine/solver/games/{g.slug}.py" for g in GAMES} <= names
    assert "engine/solver/games/__init__.py" in names and "engine/solver/registry.py" in names
    zipfile.ZipFile(io.BytesIO(engine_zip_bytes())).extractall(tmp_path)
    # as site/edition/snapshot.mjs does in Pyodide
    code = ("import importlib, pkgutil, engine\n"
            "for module in pkgutil.walk_packages(engine.__path__, 'engine.'):\n"
            "    importlib.import_module(module.name)\n"
            "from engine.solver.registry import knowledge\n"
            "from engine.solver.knowledge import GAME_KNOWLEDGE\n"
            "for game in engine.GAMES:\n"
            "    knowledge(game)\n"
            "import engine.solver.games as g\n"
            "print(len(GAME_KNOWLEDGE), g.__file__.startswith(sys.path[0]))")
    assert python(code, tmp_path) == f"{len(GAMES)} True"
