"""The files the browser needs besides the pages: Pyodide and the engine.

Pyodide comes from the pinned `pyodide` npm package (`npm ci` at the repo
root), and only the files an interpreter without extra packages loads are
copied. The engine goes in as a zip of `engine/` (standard library only, as
DESIGN.md promises) without its command line, plus the small bridge module
that the Web Worker calls; Python's own `zipimport` could read it, but the
worker unpacks it with `pyodide.unpackArchive` so tracebacks show real files.

For a fast start the build also makes a memory snapshot of Pyodide with the
engine imported (`write_snapshot`, node running snapshot.mjs), named by the
engine's build hash (`engine_build`), and a service worker at the site's
root (`write_service_worker`) that keeps Pyodide and the engine for the
next visit and for play offline.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import shutil
import subprocess
import tempfile
import zipfile
from functools import lru_cache
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

SNAPSHOT_SCRIPT = SITE / "edition" / "snapshot.mjs"
SNAPSHOT = "engine.snapshot.gz"
SERVICE_WORKER = SITE / "edition" / "sw.js"
log = logging.getLogger("edition")

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


def engine_zip_bytes() -> bytes:
    """`engine/` (minus its CLI) and the bridge, zipped (byte-identical for the same files)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for source in engine_files() + _engine_data_files():
            name = "engine/" + source.relative_to(ENGINE_DIR).as_posix()
            archive.writestr(_entry(name), source.read_bytes())
        archive.writestr(_entry("demo_bridge.py"), BRIDGE.read_bytes())
    return buffer.getvalue()


def write_engine_zip(path: Path) -> Path:
    """Zip `engine/` (minus its CLI) and the bridge into `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(engine_zip_bytes())
    return path


@lru_cache(maxsize=1)
def engine_build() -> str:
    """A short hash of what the browser runs: the engine zip, Pyodide's
    version and the snapshot script. It names the cached files' version."""
    digest = hashlib.sha256(engine_zip_bytes())
    digest.update(pyodide_version().encode())
    digest.update(SNAPSHOT_SCRIPT.read_bytes())
    return digest.hexdigest()[:16]


def write_snapshot(assets: Path, build: str) -> Path | None:
    """`assets/engine.snapshot.gz` for `build` (kept if it is already of
    that build), or None when node is missing or fails: the worker then
    boots Pyodide and imports the engine itself, slower but the same."""
    target, stamp = assets / SNAPSHOT, assets / (SNAPSHOT + ".build")
    if target.exists() and stamp.exists() and stamp.read_text(encoding="utf-8").strip() == build:
        return target
    # Builds of the same engine share one snapshot (the tests build often).
    kept = Path(tempfile.gettempdir()) / "pasyans-snapshots" / f"{build}.gz"
    if kept.exists():
        shutil.copyfile(kept, target)
        stamp.write_text(build + "\n", encoding="utf-8")
        return target
    node = shutil.which("node")
    if node is None:
        log.warning("pasyans: node is missing: no Pyodide memory snapshot (the demo starts slower)")
        return None
    zipped = assets / "engine.zip"
    if not zipped.exists():
        write_engine_zip(zipped)
    done = subprocess.run([node, str(SNAPSHOT_SCRIPT), str(PYODIDE_DIR), str(zipped), build, str(target)],
                          capture_output=True, text=True, timeout=300)
    if done.returncode != 0 or not target.exists():
        problem = (done.stderr.strip().splitlines() or ["no output"])[-1]
        log.warning("pasyans: %s: the Pyodide snapshot failed (%s); the demo starts slower", SNAPSHOT_SCRIPT, problem)
        target.unlink(missing_ok=True)
        return None
    stamp.write_text(build + "\n", encoding="utf-8")
    kept.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(target, kept)
    log.info("wrote %s (%s)", target, done.stdout.strip())
    return target


def write_service_worker(out: Path, build: str, snapshot: bool) -> Path:
    """The service worker at the site's root (its scope is the whole
    site), told the build and the files to keep for play offline."""
    keep = [f"pyodide/{name}" for name in PYODIDE_FILES] + [f"assets/engine.zip?v={build}"]
    if snapshot:
        keep.append(f"assets/{SNAPSHOT}?v={build}")
    head = f"const BUILD = {json.dumps(build)};\nconst ENGINE_FILES = {json.dumps(keep)};\n"
    target = out / "sw.js"
    target.write_text(head + SERVICE_WORKER.read_text(encoding="utf-8"), encoding="utf-8")
    return target
