// The demo's engine starts here, before anything else of the page: a tiny
// classic script, loaded async from the game page's <head>, creates the
// worker (worker.js: Pyodide, the snapshot, the engine) at once, while the
// page's own modules are still on their way. It keeps what the worker says
// until board/engine.js adopts it (Engine.start), which then replays it.
"use strict";
(() => {
  const script = document.currentScript;
  if (!script || typeof Worker !== "function" || window.pasyansEarlyWorker) return;
  const url = new URL("worker.js", script.src);
  if (script.dataset.build) url.searchParams.set("v", script.dataset.build);
  if (script.dataset.snapshot === "yes") url.searchParams.set("snapshot", "yes");
  performance.mark("pasyans:worker-created");
  let worker;
  try { worker = new Worker(url); } catch (error) { return; } // the page's Engine tries again and says why
  const early = { worker, url: url.href, said: [], failed: null };
  worker.onmessage = (event) => early.said.push(event.data);
  worker.onerror = (event) => { event.preventDefault(); early.failed = event.message || "the engine's worker script could not run"; };
  window.pasyansEarlyWorker = early;
})();
