"""The files the browser needs besides the pages: Pyodide and the engine.

Pyodide comes from the pinned `pyodide` npm package (`npm ci` at the repo
root), and only the files an interpreter without extra packages loads are
copied. The engine goes in as a zip of `engine/` (standard library only, as
DESIGN.md promises) without its command line, plus the small bridge module
that the Web Worker calls; Python's own `zipimport` could read it, but the
worker unpacks it with `pyodide.unpackArchive` so tracebacks show real files.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

from edition import ROOT, SITE
from pasyans.errors import InputError

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
ENGINE_DIR = ROOT / "engine"
BRIDGE = SITE / "py" / "demo_bridge.py"
# engine/cli.py imports argparse and the pipeline's error type; the browser
# never runs a command line.
ENGINE_EXCLUDED = {"cli.py"}

# A fixed timestamp keeps the zip byte-identical between builds.
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # the earliest date a zip can hold


def pyodide_version() -> str:
    package = PYODIDE_DIR / "package.json"
    if not package.exists():
        raise InputError("Pyodide is not installed: run `npm ci` at the repository root", str(package))
    return json.loads(package.read_text(encoding="utf-8"))["version"]


def copy_pyodide(out: Path) -> list[Path]:
    """Copy the needed Pyodide files into `out/pyodide/`."""
    pyodide_version()
    target = out / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    copied = []
    for name in PYODIDE_FILES:
        source = PYODIDE_DIR / name
        if not source.exists():
            raise InputError(f"the pyodide package lacks {name}: run `npm ci` again", str(source))
        destination = target / name
        if not destination.exists() or destination.stat().st_size != source.stat().st_size:
            shutil.copyfile(source, destination)
        copied.append(destination)
    return copied


def engine_files() -> list[Path]:
    """The engine's Python files that run in the browser."""
    return sorted(
        path
        for path in ENGINE_DIR.rglob("*.py")
        if "__pycache__" not in path.parts and path.relative_to(ENGINE_DIR).as_posix() not in ENGINE_EXCLUDED
    )


def _engine_data_files() -> list[Path]:
    """Data files the engine reads at run time (tables beside the code)."""
    suffixes = {".json", ".toml", ".tsv"}
    return sorted(p for p in ENGINE_DIR.rglob("*") if p.suffix in suffixes and "__pycache__" not in p.parts)


def _entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, _ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def write_engine_zip(path: Path) -> Path:
    """Zip `engine/` (minus its CLI) and the bridge into `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for source in engine_files() + _engine_data_files():
            name = "engine/" + source.relative_to(ENGINE_DIR).as_posix()
            archive.writestr(_entry(name), source.read_bytes())
        archive.writestr(_entry("demo_bridge.py"), BRIDGE.read_bytes())
    return path
