// The engine in its Web Worker (worker.js): calls by promise, loading
// reported as it goes, and a failure said at once, never a wait without end.
//
// The start. The worker says at once when a file is missing (worker.js asks
// for them first). A start that takes longer than SLOW_MS (a slow network,
// a busy computer) is said, with Retry beside it; one that reports nothing
// for STALL_MS is given up on ("a file may not load": only the start loads
// files). Retry starts a fresh worker.
//
// The calls. Each has a state the page shows (onCall): an answer slower
// than CALL_SLOW_MS is said to be coming, with Cancel beside it; one slower
// than its op's limit (CALL_LIMIT_MS), or cancelled, ends the worker, whose
// Python cannot be interrupted, and a fresh one takes the position back
// (the page's save, through the bridge's `restore`) before any other call.
import { t } from "../i18n.js";

const SLOW_MS = 10000;
const STALL_MS = 60000;
const CALL_SLOW_MS = 3000; // a hint answers within this (demo_bridge.HINT_BUDGET is 2 s)
const CALL_LIMIT_MS = { solution: 45000, restore: 30000, new: 30000 }; // the solver's 8 s, a long replay, with room to spare
const CALL_LIMIT_DEFAULT_MS = 15000;

export class Engine {
  constructor(root, build, snapshot, onProgress) {
    this.root = root;
    this.build = build; // the build's engine hash: it versions the engine's files
    this.snapshot = snapshot; // the build made a memory snapshot of that engine
    this.onProgress = onProgress;
    this.worker = null;
    this.pending = new Map();
    this.next = 1;
    this.ready = null;
    this.onCall = () => {}; // (state: {state: "slow" | "done" | "restarting" | "restarted", op, reason})
    this.position = () => null; // the {op, args} that takes the position back after a restart (the page sets it)
    this.restoring = null; // that call, while it runs: every other call waits for it
  }

  start() {
    if (this.worker) return this.ready;
    const url = new URL("assets/js/worker.js", this.root);
    if (this.build) url.searchParams.set("v", this.build);
    if (this.snapshot) url.searchParams.set("snapshot", "yes");
    // The worker engine-start.js began at the top of the page, if it is this
    // one (same build); taken once: a retry starts a fresh worker.
    const early = window.pasyansEarlyWorker;
    window.pasyansEarlyWorker = null;
    const adopted = early && early.url === url.href && !early.failed ? early : null;
    if (early && !adopted) early.worker.terminate();
    if (!adopted) performance.mark("pasyans:worker-created");
    this.worker = adopted ? adopted.worker : new Worker(url);
    this.ready = new Promise((resolve, reject) => { this.settle = { resolve, reject }; });
    this.ready.catch(() => {}); // a failure is reported through onProgress
    this.watch();
    clearTimeout(this.slow);
    this.slow = setTimeout(() => { if (this.worker && !this.up) this.onProgress({ progress: "slow" }); }, SLOW_MS);
    const worker = this.worker;
    this.worker.onmessage = (event) => {
      if (worker !== this.worker) return; // a worker ended (cancelled) that still had something to say
      const data = event.data;
      if (data.progress) { this.progressed(data); return; }
      const waiting = this.pending.get(data.id);
      this.pending.delete(data.id);
      if (!waiting) return;
      this.settled(waiting);
      if (data.ok) waiting.resolve(data.result);
      else waiting.reject(Object.assign(new Error(data.error.message), { kind: data.error.kind }));
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(event.message || "the engine's worker script could not run");
    };
    for (const data of adopted ? adopted.said : []) this.worker.onmessage({ data });
    return this.ready;
  }

  watch() {
    clearTimeout(this.stall);
    this.stall = setTimeout(() => this.fail(t("board.stalled", { s: STALL_MS / 1000 })), STALL_MS);
  }

  progressed(data) {
    if (data.progress === "failed") { this.fail(data.error); return; }
    if (data.progress === "ready") { clearTimeout(this.stall); clearTimeout(this.slow); this.up = true; this.settle.resolve(); }
    else if (!this.up) this.watch(); // the worker's timings after the start ("first answer") are no sign of loading
    this.onProgress(data);
  }

  /** The engine is given up on: `cause` "load" (the start: files, the
   * network) or "stopped" (a worker that stopped answering, twice). */
  fail(message, cause = "load") {
    clearTimeout(this.stall);
    clearTimeout(this.slow);
    const error = Object.assign(new Error(message), { kind: "load-failed" });
    this.worker?.terminate();
    this.worker = null;
    this.dropPending(error);
    this.settle?.reject(error);
    this.onProgress({ progress: "failed", error: message, cause });
  }

  /** Start again after a failure. */
  retry() {
    if (this.worker) { this.worker.terminate(); this.worker = null; }
    this.dropPending(Object.assign(new Error("restarted"), { kind: "load-failed" }));
    this.up = false;
    return this.start();
  }

  dropPending(error) {
    for (const waiting of this.pending.values()) { this.settled(waiting); waiting.reject(error); }
    this.pending.clear();
  }

  /** A call's answer came (or never will): its timers stop. */
  settled(waiting) {
    clearTimeout(waiting.slow);
    clearTimeout(waiting.limit);
    if (waiting.said) this.onCall({ state: "done", op: waiting.op });
  }

  /** End the worker in the middle of its calls and start a fresh one that
   * takes the position back. `reason`: "cancelled" (the player's) or
   * "timeout"; the calls in flight fail with that kind. Should the position
   * not come back (its own call stalls too), the start is said to fail. */
  restart(reason) {
    const op = [...this.pending.values()].find((waiting) => !waiting.internal)?.op;
    const message = reason === "cancelled" ? "cancelled" : `the engine gave no answer in ${Math.round(this.limitOf(op) / 1000)} s`;
    if (this.restoring) { this.fail(`${message}, nor after a restart`, "stopped"); return this.restoring; }
    clearTimeout(this.stall);
    clearTimeout(this.slow);
    this.worker?.terminate();
    this.worker = null;
    this.dropPending(Object.assign(new Error(message), { kind: reason, seconds: Math.round(this.limitOf(op) / 1000) }));
    this.up = false;
    this.onCall({ state: "restarting", op, reason });
    this.start();
    const back = this.position();
    const restored = (async () => {
      try {
        if (back) await this.send(back.op, back.args, { internal: true });
      } catch (error) {
        this.onCall({ state: "failed", op, reason });
        throw error;
      } finally {
        this.restoring = null;
      }
      this.onCall({ state: "restarted", op, reason });
    })();
    restored.catch(() => {}); // a failed start is said through onProgress; the next call meets it
    this.restoring = restored;
    return restored;
  }

  /** The player's Cancel: the calls in flight end, the position stays. */
  cancel() {
    if (!this.pending.size) return Promise.resolve();
    return this.restart("cancelled");
  }

  limitOf(op) {
    return CALL_LIMIT_MS[op] ?? CALL_LIMIT_DEFAULT_MS;
  }

  async call(op, args = {}) {
    while (this.restoring) await this.restoring.catch(() => {});
    return this.send(op, args);
  }

  async send(op, args, { internal = false } = {}) {
    await this.start();
    if (!this.worker) throw Object.assign(new Error("the engine is not running"), { kind: "load-failed" });
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const waiting = { resolve, reject, op, internal, said: false };
      if (!internal) waiting.slow = setTimeout(() => { waiting.said = true; this.onCall({ state: "slow", op }); }, CALL_SLOW_MS);
      waiting.limit = setTimeout(() => this.restart("timeout"), this.limitOf(op));
      this.pending.set(id, waiting);
      this.worker.postMessage({ id, op, args });
    });
  }
}
