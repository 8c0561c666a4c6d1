// The engine in its Web Worker (worker.js): calls by promise, loading
// reported as it goes, and a failure said at once, never a wait without end.
// The worker says at once when a file is missing (worker.js asks for them
// first). A start that takes longer than SLOW_MS (a slow network, a busy
// computer) is said, with Retry beside it; one that reports nothing for
// STALL_MS is given up on. Retry starts a fresh worker.
import { t } from "../i18n.js";

const SLOW_MS = 10000;
const STALL_MS = 60000;

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
    this.worker.onmessage = (event) => {
      const data = event.data;
      if (data.progress) { this.progressed(data); return; }
      const waiting = this.pending.get(data.id);
      this.pending.delete(data.id);
      if (!waiting) return;
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
    else this.watch();
    this.onProgress(data);
  }

  fail(message) {
    clearTimeout(this.stall);
    clearTimeout(this.slow);
    const error = Object.assign(new Error(message), { kind: "load-failed" });
    this.worker?.terminate();
    this.worker = null;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    this.settle?.reject(error);
    this.onProgress({ progress: "failed", error: message });
  }

  /** Start again after a failure. */
  retry() {
    if (this.worker) { this.worker.terminate(); this.worker = null; }
    for (const waiting of this.pending.values()) waiting.reject(Object.assign(new Error("restarted"), { kind: "load-failed" }));
    this.pending.clear();
    this.up = false;
    return this.start();
  }

  async call(op, args = {}) {
    await this.start();
    if (!this.worker) throw Object.assign(new Error("the engine is not running"), { kind: "load-failed" });
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, args });
    });
  }
}
