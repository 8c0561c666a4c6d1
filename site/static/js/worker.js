// The demo's Python: Pyodide and the engine, in a Web Worker so that the
// page never freezes while the interpreter loads (several seconds) or thinks.
// Protocol: the page posts {id, op, args}; the worker answers
// {id, ok: true, result} or {id, ok: false, error}, and reports loading as
// {progress: "stage", fraction}.
"use strict";

const base = new URL("../../", self.location.href); // the site root (this is assets/js/worker.js)
importScripts(new URL("pyodide/pyodide.js", base).href);

let bridge = null;

async function start() {
  self.postMessage({ progress: "interpreter", fraction: 0.1 });
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", base).href,
    stdout: () => {},
    stderr: (text) => console.warn(text),
  });
  self.postMessage({ progress: "engine", fraction: 0.8 });
  const response = await fetch(new URL("assets/engine.zip", base).href);
  if (!response.ok) throw new Error("engine.zip: HTTP " + response.status);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/home/pyodide/demo" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/demo')");
  bridge = pyodide.pyimport("demo_bridge");
  self.postMessage({ progress: "ready", fraction: 1 });
}

const ready = start().catch((error) => {
  self.postMessage({ progress: "failed", error: String(error && error.message || error) });
  throw error;
});

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
