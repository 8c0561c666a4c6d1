// The demo's Python: Pyodide and the engine, in a Web Worker so that the
// page never freezes while the interpreter loads or the solver thinks.
// Protocol: the page posts {id, op, args}; the worker answers
// {id, ok: true, result} or {id, ok: false, error}, and reports loading as
// {progress: "stage", fraction} ("failed" with the error, "ready").
//
// Fast start: the build makes a memory snapshot of Pyodide with the engine
// already imported (site/edition/snapshot.mjs); the page passes the build's
// engine hash as ?v=, and the worker boots from the snapshot when it holds
// that very engine, else it boots Pyodide and imports the engine (slower,
// same result). The engine's files are unpacked either way, so that any
// later import and every traceback find them.
"use strict";

const base = new URL("../../", self.location.href); // the site root (this is assets/js/worker.js)
const params = new URL(self.location.href).searchParams;
const build = params.get("v") || "";
const useSnapshot = params.get("snapshot") === "yes";
const asset = (path) => new URL(path + (build ? `?v=${build}` : ""), base).href;
const started = performance.now();
const lap = (stage) => self.postMessage({ progress: "timing", stage, ms: Math.round(performance.now() - started) });

let bridge = null;

async function fetchBytes(url, gunzip = false) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.split("?")[0].split("/").pop()}: HTTP ${response.status}`);
  const body = gunzip ? new Response(response.body.pipeThrough(new DecompressionStream("gzip"))) : response;
  return new Uint8Array(await body.arrayBuffer());
}

async function bootPyodide(snapshot) {
  return loadPyodide({
    indexURL: new URL("pyodide/", base).href,
    stdout: () => {},
    stderr: (text) => console.warn(text),
    ...(snapshot ? { _loadSnapshot: snapshot } : {}),
  });
}

/** Pyodide waits forever for a WebAssembly file that does not come (it only
 * logs a warning), so the files it fetches are asked for first: a missing
 * one is said at once. Offline (no answer at all) the service worker's
 * cache may still hold them; only a file that neither gives is missing. */
async function checkFiles() {
  const names = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
  await Promise.all(names.map(async (name) => {
    const url = new URL("pyodide/" + name, base).href;
    let response = null;
    try { response = await fetch(url, { method: "HEAD" }); } catch (error) {
      const kept = self.caches ? await caches.match(url).catch(() => null) : null;
      if (!kept) throw new Error(`${name} could not be fetched (offline, and not kept from an earlier visit)`);
      return;
    }
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  }));
}

async function start() {
  self.postMessage({ progress: "interpreter", fraction: 0.1 });
  const checked = checkFiles();
  checked.catch(() => {});
  importScripts(new URL("pyodide/pyodide.js", base).href);
  const engineZip = fetchBytes(asset("assets/engine.zip"));
  engineZip.catch(() => {});
  let pyodide = null;
  const failed = checked.then(() => new Promise(() => {})); // rejects with the missing file, never resolves
  const boot = (snapshot) => Promise.race([bootPyodide(snapshot), failed]);
  if (build && useSnapshot) {
    try {
      const snapshot = await fetchBytes(asset("assets/engine.snapshot.gz"), true);
      lap("snapshot fetched");
      pyodide = await boot(snapshot);
      const held = pyodide.runPython("import demo_bridge; demo_bridge.BUILD");
      if (held !== build) throw new Error(`the snapshot holds engine ${held}, not ${build}`);
    } catch (error) {
      await checked; // a missing file of Pyodide's ends here, not in a second try
      console.warn(`pasyans: booting without the memory snapshot (${error && error.message || error})`);
      pyodide = null;
    }
  }
  if (!pyodide) pyodide = await boot(null);
  lap("interpreter");
  self.postMessage({ progress: "engine", fraction: 0.8 });
  pyodide.unpackArchive(await engineZip, "zip", { extractDir: "/home/pyodide/demo" });
  pyodide.runPython("import sys\nif '/home/pyodide/demo' not in sys.path: sys.path.insert(0, '/home/pyodide/demo')");
  bridge = pyodide.pyimport("demo_bridge");
  lap("engine");
  self.postMessage({ progress: "ready", fraction: 1 });
}

const ready = start().catch((error) => {
  self.postMessage({ progress: "failed", error: String(error && error.message || error) });
  throw error;
});
ready.catch(() => {});

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    await ready;
    // The bridge speaks JSON strings only: no Python object leaks out.
    const answer = JSON.parse(bridge.handle(JSON.stringify({ op, args: args || {} })));
    if (answer.ok) self.postMessage({ id, ok: true, result: answer.result });
    else self.postMessage({ id, ok: false, error: answer.error });
  } catch (error) {
    self.postMessage({ id, ok: false, error: { message: String(error && error.message || error) } });
  }
};
