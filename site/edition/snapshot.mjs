// Build step (node): a memory snapshot of Pyodide with the engine imported,
// so that the browser's worker starts in a fraction of the time (worker.js).
//   node snapshot.mjs PYODIDE_DIR ENGINE_ZIP BUILD OUT.gz
// The snapshot holds the interpreter's memory after `import demo_bridge`
// (which imports the engine and its solver), with demo_bridge.BUILD set to
// BUILD so that the worker can tell a snapshot of another engine and refuse it.
// Every module of the engine is imported, not only those `import demo_bridge`
// pulls in: the solver loads its games' modules on first use (the board asks
// it at once whether auto-move is offered), and compiling their source in the
// browser would delay the first view by a few hundred ms.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

const [pyodideDir, zipPath, build, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, _makeSnapshot: true, stdout: () => {} });
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide/demo" });
pyodide.runPython(`
import sys
sys.path.insert(0, '/home/pyodide/demo')
import demo_bridge
import importlib, pkgutil, engine
for module in pkgutil.walk_packages(engine.__path__, "engine."):
    importlib.import_module(module.name)
from engine.solver.registry import knowledge
for game in engine.GAMES:
    knowledge(game)
del importlib, pkgutil, engine, knowledge
demo_bridge.BUILD = ${JSON.stringify(build)}
`);
const memory = pyodide.makeMemorySnapshot();
fs.writeFileSync(out, zlib.gzipSync(memory, { level: 6 }));
console.log(`snapshot ${memory.length} bytes -> ${fs.statSync(out).size} bytes gzipped`);
