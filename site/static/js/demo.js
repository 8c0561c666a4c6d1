// The playable demo of a game page. The rules live only in Python: the
// engine runs in a Web Worker (worker.js) and every answer brings the whole
// view (position, legal moves, history, outcome); this module draws it and
// turns clicks, drags and keys into moves.
import { highlightClause } from "./app.js";

// The games' own actions ("deal", "choose:up", "sixth-row:column-3"), named
// for the buttons; an action the page does not know keeps its engine name.
const ACTION_LABELS = {
  deal: "Deal next card · Сдать карту",
  redeal: "Redeal · Пересдать",
  "choose:up": "Build ascending · Вверх",
  "choose:down": "Build descending · Вниз",
  "sixth-row": "Sixth-row card · Из шестого ряда",
};

function actionLabel(move) {
  if (ACTION_LABELS[move]) return ACTION_LABELS[move];
  const [name, argument] = move.split(/:(.*)/s);
  return argument !== undefined && ACTION_LABELS[name] ? `${ACTION_LABELS[name]}: ${argument}` : move;
}
const RED = new Set(["H", "D"]);
const SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };

class Engine {
  constructor(root, onProgress) {
    this.root = root;
    this.onProgress = onProgress;
    this.worker = null;
    this.pending = new Map();
    this.next = 1;
  }

  start() {
    if (this.worker) return;
    this.worker = new Worker(new URL("assets/js/worker.js", this.root));
    this.worker.onmessage = (event) => {
      const data = event.data;
      if (data.progress) { this.onProgress(data); return; }
      const waiting = this.pending.get(data.id);
      this.pending.delete(data.id);
      if (!waiting) return;
      if (data.ok) waiting.resolve(data.result);
      else waiting.reject(Object.assign(new Error(data.error.message), { kind: data.error.kind }));
    };
    this.worker.onerror = (event) => this.onProgress({ progress: "failed", error: event.message });
  }

  call(op, args = {}) {
    this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, args });
    });
  }
}

class Demo {
  constructor(section) {
    this.section = section;
    this.slug = section.dataset.game;
    this.layout = JSON.parse(section.querySelector(".layout-data").textContent);
    this.cited = JSON.parse(section.querySelector(".cited-data")?.textContent || "{}");
    this.board = section.querySelector(".board");
    this.verdict = section.querySelector(".verdict");
    this.progress = section.querySelector(".progress");
    this.dealInput = section.querySelector("input.deal");
    this.actions = section.querySelector(".actions");
    this.buttons = Object.fromEntries([...section.querySelectorAll("button[data-op]")].map((b) => [b.dataset.op, b]));
    this.storageKey = "pasyans.game." + this.slug;
    this.view = null;
    this.selected = null;
    this.busy = false;
    this.engine = new Engine(new URL(document.body.dataset.root, location.href), (p) => this.onProgress(p));
    this.wire();
  }

  // --- loading ---------------------------------------------------------

  onProgress({ progress, fraction, error }) {
    const bar = this.progress.querySelector("progress");
    const msg = this.progress.querySelector(".msg");
    this.progress.dataset.state = progress;
    if (fraction !== undefined) bar.value = fraction;
    const text = {
      interpreter: "Loading Python (Pyodide) in the background; read on meanwhile",
      engine: "Loading the game engine",
      ready: "Ready.",
      failed: "The game engine could not start: " + error,
    }[progress];
    if (!text) return;
    clearInterval(this.ticking);
    msg.textContent = text;
    if (progress === "interpreter" || progress === "engine") {
      // Show the seconds passing: the interpreter takes several.
      const started = performance.now();
      const tick = () => { msg.textContent = `${text}… ${Math.round((performance.now() - started) / 1000)} s`; };
      tick();
      this.ticking = setInterval(tick, 1000);
    }
  }

  async boot() {
    if (this.booted) return this.booted;
    this.booted = (async () => {
      this.progress.dataset.state = "interpreter";
      const saved = this.readSave();
      if (saved) {
        try {
          this.show(await this.engine.call("restore", { game: this.slug, save: saved }));
          this.dealInput.value = this.view.state.deal;
          return;
        } catch (error) {
          this.forgetSave();
          this.say("warn", `Your saved game was discarded: ${error.message}.`);
        }
      }
      await this.newDeal(Number(this.dealInput.value) || 1, false);
    })();
    return this.booted;
  }

  readSave() {
    let text = null;
    try { text = localStorage.getItem(this.storageKey); } catch (error) { return null; }
    if (text === null) return null;
    try { return JSON.parse(text); } catch (error) {
      this.forgetSave();
      this.say("warn", "Your saved game was discarded: it is not valid JSON.");
      return null;
    }
  }

  forgetSave() { try { localStorage.removeItem(this.storageKey); } catch (error) { /* nothing kept */ } }

  keep() {
    try { localStorage.setItem(this.storageKey, JSON.stringify(this.view.save)); } catch (error) { /* not kept */ }
  }

  // --- commands --------------------------------------------------------

  async run(op, args, andThen) {
    if (this.busy) return;
    this.busy = true;
    this.section.setAttribute("aria-busy", "true");
    try {
      await this.boot();
      const result = await this.engine.call(op, args);
      andThen(result);
    } catch (error) {
      this.say("no", error.message);
    } finally {
      this.busy = false;
      this.section.removeAttribute("aria-busy");
    }
  }

  async newDeal(deal, announce = true) {
    const result = await this.engine.call("new", { game: this.slug, deal });
    this.show(result);
    if (announce) this.say("info", `Deal № ${deal}.`);
  }

  tryMove(move) {
    this.selected = null;
    return this.run("move", { move }, ({ verdict, view }) => {
      this.show(view);
      this.explainVerdict(verdict);
    });
  }

  // --- drawing ---------------------------------------------------------

  show(view) {
    if (!this.view) performance.mark("pasyans:demo-ready"); // for bench/site_bench.py
    this.view = view;
    this.keep();
    this.section.dataset.state = "ready";
    this.section.dataset.moves = String(view.history.length);
    this.buttons.undo.disabled = view.history.length === 0;
    this.buttons.redo.disabled = view.redo.length === 0;
    this.buttons.hint.hidden = !view.hints;
    this.buttons.hint.disabled = view.moves.length === 0;
    this.drawActions();
    this.draw();
    if (view.outcome) this.announceOutcome(view.outcome);
  }

  drawActions() {
    this.actions.replaceChildren();
    for (const move of this.view.moves.filter((m) => !m.includes(">"))) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = move;
      button.textContent = actionLabel(move);
      this.actions.append(button);
    }
  }

  unit() {
    const piles = this.layout.piles;
    let width = 0;
    for (const p of piles) {
      const n = (this.view?.state.piles[p.id] || []).length;
      width = Math.max(width, p.x + 1 + Math.max(0, n - 1) * p.dx);
    }
    const available = this.board.clientWidth || 800;
    return Math.max(24, Math.min(72, Math.floor(available / (width + 0.3))));
  }

  draw() {
    const u = this.unit();
    const h = this.layout.card.height;
    const piles = this.view.state.piles;
    const focused = document.activeElement?.dataset?.pile;
    const targets = this.targetsOf(this.selected);
    this.board.replaceChildren();
    let height = 0;
    for (const spec of this.layout.piles) {
      const cards = piles[spec.id] || [];
      const el = document.createElement("div");
      el.className = "pile";
      el.dataset.pile = spec.id;
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      const extent = Math.max(0, cards.length - 1);
      el.style.left = `${spec.x * u + 4}px`;
      el.style.top = `${spec.y * u + 4}px`;
      el.style.width = `${(1 + extent * spec.dx) * u * 0.92}px`;
      el.style.height = `${(h + extent * spec.dy) * u * 0.92}px`;
      height = Math.max(height, (spec.y + h + extent * spec.dy) * u + 24);
      const top = cards[cards.length - 1];
      const [ru, en] = top ? this.cardName(top) : ["пусто", "empty"];
      el.setAttribute("aria-label", `${spec.id}: ${en} · ${ru}; ${cards.length} card${cards.length === 1 ? "" : "s"}`);
      if (targets.has(spec.id)) el.classList.add("target");
      const picked = this.selected === spec.id || this.selected?.startsWith(`${spec.id}@`);
      if (picked) { el.classList.add("selected"); el.setAttribute("aria-pressed", "true"); }
      // Squared piles show only their top cards: the rest cannot be seen anyway.
      const first = spec.dx || spec.dy ? 0 : Math.max(0, cards.length - 2);
      for (let k = first; k < cards.length; k++) el.append(this.cardElement(cards[k], k, spec, u));
      if (picked && this.selected !== spec.id) el.children[Number(this.selected.split("@")[1]) - 1 - first]?.classList.add("picked");
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = spec.dx || spec.dy || cards.length < 2 ? spec.id : `${spec.id} · ${cards.length}`;
      label.setAttribute("aria-hidden", "true");
      el.append(label);
      this.board.append(el);
    }
    this.board.style.height = `${Math.ceil(height) + 8}px`;
    if (focused) this.board.querySelector(`[data-pile="${CSS.escape(focused)}"]`)?.focus();
  }

  cardName(code) {
    if (code.startsWith("~")) return ["карта рубашкой вверх", "face-down card"];
    return this.view.names[code] || [code, code];
  }

  cardElement(code, k, spec, u) {
    const card = document.createElement("div");
    const down = code.startsWith("~");
    const face = code.replace(/^~/, "");
    card.className = "card" + (down ? " down" : "") + (RED.has(face.slice(-1)) ? " red" : "");
    card.dataset.card = face;
    card.dataset.place = k + 1;  // from the bottom, as SRC@K counts
    card.style.left = `${k * spec.dx * u * 0.92}px`;
    card.style.top = `${k * spec.dy * u * 0.92}px`;
    card.style.width = `${u * 0.92}px`;
    card.style.fontSize = `${Math.max(9, u / 4.5)}px`;
    const [ru, en] = this.cardName(code);
    card.setAttribute("role", "img");
    card.setAttribute("aria-label", `${en} · ${ru}`);
    card.lang = "en";
    if (!down) card.textContent = face.slice(0, -1) + SUIT_SIGNS[face.slice(-1)];
    return card;
  }

  targetsOf(src) {
    const found = new Set();
    if (!src || !this.view) return found;
    for (const move of this.view.moves) {
      const [from, to] = move.split(">");
      if (to && from === src) found.add(to.split(":")[0]);
    }
    return found;
  }

  // --- messages --------------------------------------------------------

  say(kind, text) {
    const p = document.createElement("p");
    p.className = kind;
    p.textContent = text;
    this.verdict.replaceChildren(p);
  }

  quote(id) {
    const onPage = document.getElementById(id);
    const figure = document.createElement("blockquote");
    figure.dataset.clause = id;
    const ru = document.createElement("p");
    ru.lang = "ru";
    const en = document.createElement("p");
    en.lang = "en";
    const link = document.createElement("a");
    link.className = "clause-link";
    link.textContent = id;
    if (onPage && onPage.classList.contains("clause")) {
      ru.textContent = onPage.querySelector(".ru").innerText.trim();
      en.textContent = onPage.querySelector(".en").innerText.trim();
      link.href = "#" + id;
      link.addEventListener("click", (event) => {
        event.preventDefault();
        history.replaceState(null, "", "#" + id);
        highlightClause(id);
      });
    } else if (this.cited[id]) {
      const modern = document.documentElement.dataset.spelling === "modern";
      ru.textContent = modern && this.cited[id].ru_modern ? this.cited[id].ru_modern : this.cited[id].ru;
      en.textContent = this.cited[id].en;
      link.href = new URL(this.cited[id].url, new URL(document.body.dataset.root, location.href)).href;
    } else {
      en.textContent = "(an editorial assumption of the engine; see the rules page)";
      link.href = new URL("rules.html", new URL(document.body.dataset.root, location.href)).href;
    }
    figure.append(ru, en, link);
    return figure;
  }

  explainVerdict(verdict) {
    const head = document.createElement("p");
    head.className = verdict.allowed ? "yes" : "no";
    head.textContent = `${verdict.move}: ${verdict.en} ${verdict.ru}`;
    const parts = [head];
    if (verdict.allowed) {
      const details = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = "Which clauses allow this move";
      details.append(summary, ...verdict.clause_ids.map((id) => this.quote(id)));
      parts.push(details);
    } else {
      parts.push(...verdict.clause_ids.map((id) => this.quote(id)));
    }
    // The engine rules behind the verdict, on the rules page (where a rule
    // that rests on an editorial assumption rather than the text says so).
    const rules = document.createElement("p");
    rules.className = "rules";
    rules.append(verdict.clause_ids.length ? "Engine rules: " : "Engine rule (an editorial assumption, not the 1912 text): ");
    for (const id of verdict.rule_ids) {
      const link = document.createElement("a");
      link.href = new URL(`rules/${id.split(".")[0]}.html#rule-${id}`, new URL(document.body.dataset.root, location.href)).href;
      link.textContent = id;
      rules.append(link, " ");
    }
    parts.push(rules);
    this.verdict.replaceChildren(...parts);
    this.verdict.dataset.allowed = String(verdict.allowed);
  }

  showHint(hint) {
    this.selected = null;
    this.draw();
    if (!hint.move) { this.say("info", `No hint: ${hint.why}.`); return; }
    const [src, dst] = hint.move.split(">");
    for (const id of [src, dst]) {
      if (id) this.board.querySelector(`[data-pile="${CSS.escape(id.split(/[:@]/)[0])}"]`)?.classList.add("target");
    }
    this.say("info", `Hint: ${hint.move} (${hint.why}).`);
    this.verdict.dataset.hint = hint.move;
  }

  announceOutcome(outcome) {
    const head = document.createElement("p");
    head.className = outcome.won ? "yes outcome" : "no outcome";
    head.textContent = outcome.won ? "Won! Пасьянсъ вышелъ." : "No move is left: the game is lost. Пасьянсъ не вышелъ.";
    this.verdict.replaceChildren(head, ...outcome.clause_ids.map((id) => this.quote(id)));
  }

  // --- input -----------------------------------------------------------

  // A click on a card below the top picks that card (SRC@K, K counted from
  // the bottom) where the game lets it move; elsewhere the pile's top card.
  source(pileId, place) {
    const cards = this.view.state.piles[pileId] || [];
    const at = `${pileId}@${place}`;
    if (place && place < cards.length && this.view.moves.some((m) => m.startsWith(`${at}>`))) return at;
    return pileId;
  }

  pick(pileId, place = 0) {
    if (!this.view || this.busy) { this.boot(); return; }
    if (this.selected === null) {
      const cards = this.view.state.piles[pileId] || [];
      if (!cards.length) { this.say("info", `${pileId} is empty.`); return; }
      this.selected = this.source(pileId, place);
      const targets = this.targetsOf(this.selected);
      const what = this.selected === pileId ? pileId : `${pileId}: ${cards[place - 1]}`;
      this.say("info", targets.size ? `${what} picked up: the highlighted piles take it.` : `${what} picked up: no pile can take it.`);
      this.draw();
    } else if (this.selected === pileId || (this.selected.startsWith(`${pileId}@`) &&
               !this.view.moves.includes(`${this.selected}>${pileId}`))) {
      this.selected = null;
      this.draw();
    } else {
      this.tryMove(`${this.selected}>${pileId}`);
    }
  }

  wire() {
    this.buttons.new.addEventListener("click", () => {
      const deal = Number(this.dealInput.value);
      this.selected = null;
      this.run("new", { game: this.slug, deal }, (view) => { this.show(view); this.say("info", `Deal № ${deal}.`); });
    });
    this.dealInput.addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); this.buttons.new.click(); }
    });
    this.buttons.undo.addEventListener("click", () => this.run("undo", {}, (view) => { this.selected = null; this.show(view); this.say("info", "Undone."); }));
    this.buttons.redo.addEventListener("click", () => this.run("redo", {}, (view) => { this.selected = null; this.show(view); this.say("info", "Redone."); }));
    this.buttons.hint.addEventListener("click", () => {
      this.say("info", "Thinking…");
      this.run("hint", {}, (hint) => this.showHint(hint));
    });
    this.actions.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (button) this.tryMove(button.dataset.action);
    });
    this.board.addEventListener("click", (event) => {
      if (this.dragged) { this.dragged = false; return; }
      const pile = event.target.closest(".pile");
      if (pile) this.pick(pile.dataset.pile, Number(event.target.closest(".card")?.dataset.place || 0));
    });
    this.board.addEventListener("keydown", (event) => this.onKey(event));
    this.section.addEventListener("keydown", (event) => {
      if (event.target.matches("input")) return;
      if (event.key === "u" || (event.key === "z" && (event.ctrlKey || event.metaKey))) { this.buttons.undo.click(); event.preventDefault(); }
      if (event.key === "r" && !event.ctrlKey) { this.buttons.redo.click(); event.preventDefault(); }
    });
    this.board.addEventListener("pointerdown", (event) => this.dragStart(event));
    // The interpreter starts loading in its worker right after the text is
    // first painted (a frame, then a task: the worker's start-up must not
    // delay the reader), and the game is set up when the page has finished
    // loading, or at the first click.
    requestAnimationFrame(() => setTimeout(() => this.engine.start(), 0));
    if (document.readyState === "complete") this.boot();
    else window.addEventListener("load", () => this.boot(), { once: true });
    new ResizeObserver(() => this.view && this.draw()).observe(this.board);
  }

  onKey(event) {
    const pile = event.target.closest(".pile");
    if (!pile) return;
    const all = [...this.board.querySelectorAll(".pile")];
    const i = all.indexOf(pile);
    if (event.key === "Enter" || event.key === " ") { this.pick(pile.dataset.pile); event.preventDefault(); }
    else if (event.key === "Escape") { this.selected = null; this.draw(); }
    else if (event.key === "ArrowRight" || event.key === "ArrowDown") { all[(i + 1) % all.length].focus(); event.preventDefault(); }
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") { all[(i - 1 + all.length) % all.length].focus(); event.preventDefault(); }
  }

  dragStart(event) {
    const card = event.target.closest(".card");
    const pile = event.target.closest(".pile");
    if (!card || !pile || !this.view || card !== pile.querySelector(".card:last-of-type")) return;
    const start = { x: event.clientX, y: event.clientY };
    let moving = false;
    const ghost = card;
    const move = (e) => {
      const dx = e.clientX - start.x, dy = e.clientY - start.y;
      if (!moving && Math.hypot(dx, dy) < 6) return;
      if (!moving) {
        moving = true;
        this.selected = pile.dataset.pile;
        for (const t of this.targetsOf(this.selected)) this.board.querySelector(`[data-pile="${CSS.escape(t)}"]`)?.classList.add("target");
        ghost.classList.add("dragging");
      }
      ghost.style.transform = `translate(${dx}px, ${dy}px)`;
    };
    const up = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      if (!moving) return;
      // The click that ends a drag is not a pick; a drag ending outside the
      // board sends no click, so the flag must not outlive this event.
      this.dragged = true;
      setTimeout(() => { this.dragged = false; }, 0);
      ghost.style.visibility = "hidden";
      const under = document.elementFromPoint(e.clientX, e.clientY)?.closest(".pile");
      ghost.style.visibility = "";
      if (under && under.dataset.pile !== pile.dataset.pile) this.tryMove(`${pile.dataset.pile}>${under.dataset.pile}`);
      else { this.selected = null; this.draw(); }
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  }
}

for (const section of document.querySelectorAll("section.demo[data-playable=yes]")) {
  window.pasyansDemo = new Demo(section);
}
