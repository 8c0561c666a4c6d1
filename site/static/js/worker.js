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
// later import and every traceback find them (after the first answer, on
// the snapshot's path). engine-start.js creates this worker at the top of
// the page; everything it needs is asked for at once, Pyodide's WebAssembly
// compiled while the snapshot arrives, and on a second visit read straight
// from the service worker's cache (site/edition/sw.js).
"use strict";

const base = new URL("../../", self.location.href); // the site root (this is assets/js/worker.js)
const params = new URL(self.location.href).searchParams;
const build = params.get("v") || "";
const useSnapshot = params.get("snapshot") === "yes";
const asset = (path) => new URL(path + (build ? `?v=${build}` : ""), base).href;
const started = performance.now();
// A stage's time is posted from the worker's start and as a wall-clock
// instant (timeOrigin + now), so that the page can place it on its own timeline.
const lap = (stage) => self.postMessage({ progress: "timing", stage, ms: Math.round(performance.now() - started),
  at: performance.timeOrigin + performance.now() });

// A second visit: the service worker (sw.js) keeps this build's files in
// the cache "pasyans-BUILD". They are read from there directly, which spares
// every one of them the trip through the service worker (its start and the
// hand-over of 17 MB); a file not kept there is fetched as usual.
const fetchPlain = self.fetch.bind(self);
const KEPT = build && self.caches ? `pasyans-${build}` : null;
let keptCache = null;
async function kept(url) {
  if (!KEPT) return null;
  try {
    keptCache ??= caches.has(KEPT).then((yes) => (yes ? caches.open(KEPT) : null));
    const cache = await keptCache;
    return (cache && (await cache.match(url))) || null;
  } catch (error) {
    return null; // storage refused (a private window): the network then
  }
}
async function fetchKept(url, options) {
  return (await kept(url)) || fetchPlain(url, options);
}

/** The memory snapshot's bytes. The build serves it gzipped (5 MB on the
 * wire rather than 21); unpacking it costs a few hundred ms, so the unpacked
 * bytes are kept in this build's cache (under a name the server does not
 * have) once the service worker has made that cache, and read from there on
 * the next visit. `later` collects that write, done after the first answer. */
async function snapshotBytes(later) {
  const unpacked = asset("assets/engine.snapshot");
  const held = await kept(unpacked);
  if (held) return new Uint8Array(await held.arrayBuffer());
  const bytes = await fetchBytes(asset("assets/engine.snapshot.gz"), true);
  later.push(async () => {
    const cache = KEPT && (await keptCache);
    if (!cache) return; // no service worker yet (a first visit): nothing is kept
    const headers = { "Content-Type": "application/octet-stream", "Content-Length": String(bytes.length) };
    await cache.put(unpacked, new Response(bytes, { headers }));
  });
  return bytes;
}

let bridge = null;
let answered = false;
// What waits until the first answer is out: unpacking the engine's files
// (snapshot path: the engine is imported already; the files serve later
// imports and tracebacks) and keeping the unpacked snapshot.
const afterFirstAnswer = [];

async function fetchBytes(url, gunzip = false) {
  const response = await fetchKept(url);
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

/** Compile Pyodide's WebAssembly at once, while the snapshot and Pyodide's
 * scripts arrive (Pyodide itself would ask for it only once the snapshot is
 * in memory), from the response as it streams in, so that V8 compiles it
 * while it downloads and keeps the compiled code in its cache for the next
 * visit. Pyodide is then handed this module: its own request for the file is
 * answered with an empty response, and its instantiateStreaming with the
 * module compiled here. Both stand-ins concern that one file only (the
 * other files Pyodide fetches are only looked up in the cache first). */
function compileEarly() {
  const url = new URL("pyodide/pyodide.asm.wasm", base).href;
  const compiled = fetchKept(url).then((response) => {
    if (!response.ok) throw new Error(`pyodide.asm.wasm: HTTP ${response.status}`);
    return WebAssembly.compileStreaming(response);
  }).then((module) => { lap("wasm compiled"); return module; });
  compiled.catch(() => {});
  const stand = new WeakSet();
  self.fetch = (resource, options) => {
    const address = String(resource instanceof Request ? resource.url : resource);
    if ((options?.method || "GET") !== "GET" || resource instanceof Request) return fetchPlain(resource, options);
    if (address !== url) return fetchKept(address, options); // Pyodide's lock file and standard library
    const empty = new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } });
    stand.add(empty);
    return Promise.resolve(empty);
  };
  const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    if (!stand.has(response)) return instantiateStreaming(response, imports);
    const module = await compiled;
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  return compiled;
}

async function start() {
  self.postMessage({ progress: "interpreter", fraction: 0.1 });
  const checked = checkFiles();
  checked.catch(() => {});
  const compiled = compileEarly();
  const snapshot = build && useSnapshot
    ? snapshotBytes(afterFirstAnswer).then((bytes) => { lap("snapshot fetched"); return bytes; })
    : null;
  snapshot?.catch(() => {});
  const engineZip = fetchBytes(asset("assets/engine.zip"));
  engineZip.catch(() => {});
  importScripts(new URL("pyodide/pyodide.js", base).href);
  lap("pyodide.js");
  let pyodide = null;
  // a missing file (or WebAssembly that does not compile) ends the start at once
  const failed = Promise.all([checked, compiled]).then(() => new Promise(() => {}));
  const boot = (bytes) => Promise.race([bootPyodide(bytes), failed]);
  if (snapshot) {
    try {
      pyodide = await boot(snapshot); // Pyodide waits for the snapshot only when it needs it
      const held = pyodide.runPython("import demo_bridge; demo_bridge.BUILD");
      if (held !== build) throw new Error(`the snapshot holds engine ${held}, not ${build}`);
    } catch (error) {
      await checked; // a missing file of Pyodide's ends here, not in a second try
      await compiled;
      console.warn(`pasyans: booting without the memory snapshot (${error && error.message || error})`);
      pyodide = null;
    }
  }
  self.postMessage({ progress: "engine", fraction: 0.8 });
  if (pyodide) {
    // The snapshot has the engine imported: its files are unpacked once the
    // first answer is out (for later imports and tracebacks).
    lap("interpreter");
    bridge = pyodide.pyimport("demo_bridge");
    afterFirstAnswer.push(async () => { unpackEngine(pyodide, await engineZip); lap("engine files"); });
  } else {
    pyodide = await boot(null);
    lap("interpreter");
    unpackEngine(pyodide, await engineZip);
    bridge = pyodide.pyimport("demo_bridge");
  }
  lap("engine");
  self.postMessage({ progress: "ready", fraction: 1 });
}

function unpackEngine(pyodide, bytes) {
  pyodide.unpackArchive(bytes, "zip", { extractDir: "/home/pyodide/demo" });
  pyodide.runPython("import sys\nif '/home/pyodide/demo' not in sys.path: sys.path.insert(0, '/home/pyodide/demo')");
}

lap("worker started");
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
    if (!answered) { answered = true; lap("first answer"); }
    if (answer.ok) self.postMessage({ id, ok: true, result: answer.result });
    else self.postMessage({ id, ok: false, error: answer.error });
    while (answered && afterFirstAnswer.length) {
      await afterFirstAnswer.shift()().catch((error) => console.warn(`pasyans: after the first answer: ${error && error.message || error}`));
    }
  } catch (error) {
    self.postMessage({ id, ok: false, error: { message: String(error && error.message || error) } });
  }
};
