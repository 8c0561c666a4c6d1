// The playable demo of a game page: the controller that ties the board's
// modules together (board/: layout, cards, view, input, engine, storage,
// stats, labels, messages, animate). The rules live only in Python: the
// engine runs in a Web Worker and every answer brings the whole view
// (position, legal moves, history, outcome); the board draws it and turns
// clicks, taps, drags and keys into moves. Before Python is up the board
// already shows the saved game, or the opening of deal 1, from the build.
import { Engine } from "./board/engine.js";
import { draw, nearest } from "./board/view.js";
import { wire } from "./board/input.js";
import { read, write, forget } from "./board/storage.js";
import * as stats from "./board/stats.js";
import { language, pileLabel, pileWords } from "./board/labels.js";
import { t, has, translate, onChange } from "./i18n.js";
import { verdictParts, outcomeParts, note } from "./board/messages.js";
import { snapshot, glide, pause, place } from "./board/animate.js";
import { shortName } from "./board/cards.js";
import * as readings from "./board/readings.js";
import { Busy, words } from "./board/busy.js";

// A hint's reason in the reader's language, from the coach's basis and, for
// a player's move, the step of the policy that chose it, with its figures
// (engine/solver/hints.py's Hint.to_json: "basis", "step", "figures").
const HINT_BASES = ["winning-line", "player", "lost", "unknown", "stuck", "no-move", "won"];
const HINT_STEPS = ["only", "only-new", "only-open", "safe", "home", "worlds", "rollouts", "layout-win", "standstill", "ordering"];
function hintReason(hint) {
  const figures = { ...(hint.figures || {}) };
  if (typeof figures.home === "number") figures.home = Math.round(100 * figures.home);
  if (hint.basis === "player" && HINT_STEPS.includes(hint.step)) return t("hint.step." + hint.step, figures);
  if (hint.basis === "winning-line" && figures.kept) return t("hint.basis.winning-line.kept", figures);
  if (hint.basis === "lost" && hint.move) return t("hint.basis.lost.home", figures);
  return HINT_BASES.includes(hint.basis) ? t("hint.basis." + hint.basis, figures) : hint.why;
}
const PHONE = 640; // px: below this the board re-flows to the width (board/narrow.js) and may run below the screen
const SOLUTION_STEP_MS = 450;
const DEAL_STEP_MS = 90; // the pause between the cards of a one-click deal
const DEAL_ALL_LIMIT = 200; // more forced deals than any game's cards: a guard, never reached
// A call that failed for the engine's sake, not the request's (engine.js).
const ENGINE_STOPPED = new Set(["load-failed", "cancelled", "timeout"]);

/** A card move's parts: "src>dst", "src>dst:n" or "src@k>dst" (the k-th
 * card from the bottom, 1-based, where a rule lets a card below the top
 * move); null for an action. */
export function parseMove(move) {
  const [from, rest] = move.split(">");
  if (rest === undefined) return null;
  const [src, place] = from.split("@");
  return { src, at: place === undefined ? 0 : Number(place), dst: rest.split(":")[0] };
}

/** A game's own action ("deal", "choose:up", "sixth-row:column-3",
 * "exchange:4-7") named for the buttons and hints by the catalogue's
 * "action.<move>", or "action.<name>" and its argument: a pile, or two places
 * "P-Q" as Полушария's exchange; an action the catalogue does not know keeps
 * its engine name. */
function actionLabel(move, labels) {
  if (has("action." + move)) return t("action." + move);
  const [name, argument] = move.split(/:(.*)/s);
  if (argument === undefined || !has("action." + name)) return move;
  const places = argument.match(/^(\d+)-(\d+)$/)?.slice(1).map((n) => "place-" + n);
  const what = labels[argument] ? pileLabel(labels, argument)
    : places && places.every((id) => labels[id]) ? places.map((id) => pileLabel(labels, id)).join(" ↔ ") : argument;
  return `${t("action." + name)}: ${what}`;
}

function randomDeal(exclude) {
  const bytes = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(bytes);
    const deal = 1 + (bytes[0] % 999_999);
    if (deal !== exclude) return deal;
  }
}

class Demo {
  constructor(section) {
    this.section = section;
    this.slug = section.dataset.game;
    this.data = JSON.parse(section.querySelector(".board-data").textContent);
    this.cited = JSON.parse(section.querySelector(".cited-data")?.textContent || "{}");
    this.roles = Object.fromEntries(this.data.layout.piles.map((p) => [p.id, p.role]));
    this.known = readings.index(this.data.readings); // the readings of the text this game can be played under
    this.address = readings.fromAddress(this.known); // a permalink's deal and readings, read once
    this.choice = {}; // the readings in force other than the edition's
    const $ = (selector) => section.querySelector(selector);
    this.board = $(".board");
    this.frame = $(".board-frame");
    this.verdict = $(".verdict");
    this.progress = $(".progress");
    this.banner = $(".outcome");
    this.actions = $(".actions");
    this.clockEl = $(".clock");
    this.dealInput = $("input.deal");
    this.dialog = $("dialog.confirm");
    this.solutionBar = $(".solution-bar");
    this.statsTable = $(".stats-panel tbody");
    this.inForce = $(".readings-in-force");
    this.buttons = Object.fromEntries([...section.querySelectorAll("button[data-op]")].map((b) => [b.dataset.op, b]));
    this.settings = Object.fromEntries([...section.querySelectorAll("[data-setting]")].map((i) => [i.dataset.setting, i]));
    this.saveKey = "game." + this.slug;
    this.playKey = "play." + this.slug;
    this.view = null;
    this.state = null; // what is drawn (the view's position, or the build's before Python)
    this.selected = null;
    this.selectedAt = 0; // the place of the picked card below the top (SRC@K), 0 for the top card
    this.hint = null;
    this.focus = null;
    this.busy = false;
    this.queue = Promise.resolve();
    this.solution = null;
    this.stepMs = SOLUTION_STEP_MS; // the pause between the moves of a shown solution
    const root = new URL(document.body.dataset.root, location.href);
    this.build = section.dataset.build || "";
    this.engine = new Engine(root, this.build, section.dataset.snapshot === "yes", (p) => this.onProgress(p));
    // A slow answer is shown (with Cancel); a worker ended (cancelled, or
    // silent past its time) is replaced and given this position back.
    this.busyLine = new Busy(this.frame, () => this.engine.cancel());
    this.engine.onCall = (call) => {
      this.busyLine.show(call);
      if (call.state === "restarted" && !this.view) this.boot(); // it was ended while the game was being set up
    };
    this.engine.position = () => (this.view?.save ? { op: "restore", args: { game: this.slug, save: this.view.save } } : null);
    this.setUp();
  }

  // --- loading ---------------------------------------------------------

  onProgress({ progress, fraction, error, cause, stage, ms, at }) {
    if (progress === "timing") {
      this.timings = { ...this.timings, [stage]: ms };
      // the worker's stage on the page's timeline (for bench/site_bench.py)
      if (at) performance.mark(`pasyans:worker:${stage}`, { startTime: at - performance.timeOrigin });
      return;
    }
    const bar = this.progress.querySelector("progress");
    const msg = this.progress.querySelector(".msg");
    const retry = this.progress.querySelector("button.retry");
    this.progress.dataset.state = progress;
    if (fraction !== undefined) bar.value = fraction;
    retry.hidden = progress !== "failed" && progress !== "slow";
    if (["slow", "interpreter", "engine", "ready", "failed"].includes(progress)) {
      msg.textContent = progress === "failed" && cause === "stopped" ? words("stopped", error) : t("board.progress." + progress, { error });
      this.progressSaid = { progress, error, cause };
    }
    if (progress === "failed") {
      this.section.dataset.state = "failed";
      this.booted = null;
      this.busy = false;
    }
  }

  retry() {
    this.progress.querySelector("button.retry").hidden = true;
    this.booted = null;
    this.busy = false;
    this.engine.retry();
    this.boot();
  }

  async boot() {
    if (this.booted) return this.booted;
    performance.mark("pasyans:boot");
    this.booted = (async () => {
      this.section.dataset.state = "loading";
      const saved = this.readSave();
      const asked = this.address; // a permalink opened: its deal under its readings, unless the save is that game
      this.address = null;
      const fits = saved && (!asked?.given || ((asked.deal == null || asked.deal === saved.deal)
        && readings.same(readings.normal(saved.readings || saved.state?.readings, this.known), asked.readings)));
      if (saved && fits) {
        try {
          const view = await this.engine.call("restore", { game: this.slug, save: saved });
          if (!this.play || this.play.deal !== view.state.deal) this.newPlay(view.state.deal);
          this.show(view);
          this.dealInput.value = this.view.state.deal;
          this.refuseAddress(asked);
          this.announceReady();
          return;
        } catch (error) {
          if (ENGINE_STOPPED.has(error.kind)) throw error; // the save is not to blame
          this.forgetSave();
          this.say("warn", t("board.save.discarded", { error: error.message }));
        }
      }
      const deal = asked?.deal ?? (readings.dealNumber(this.dealInput.value) || 1);
      const view = await this.engine.call("new", { game: this.slug, deal, readings: asked?.given ? asked.readings : {} });
      this.newPlay(deal);
      this.show(view);
      this.dealInput.value = deal;
      if (saved && asked?.given) this.say("info", t("board.link-game", { deal, readings: this.readingsText(t("board.under")) }));
      this.refuseAddress(asked);
      this.announceReady();
    })();
    this.booted.catch(() => { this.booted = null; });
    return this.booted;
  }

  /** A `?deal=` that is no deal number is refused aloud, never read as deal 1
   * (the address then names the deal that opened instead). */
  refuseAddress(asked) {
    if (asked?.bad != null) this.say("warn", t("board.deal.address-bad", { asked: asked.bad, deal: this.view.state.deal }));
  }

  announceReady() {
    performance.mark("pasyans:demo-ready"); // for bench/site_bench.py
    this.section.dataset.state = "ready";
    setTimeout(() => this.keepForLater(), 500);
  }

  readSave() {
    const saved = read(this.saveKey);
    if (saved && saved.damaged !== undefined) {
      this.forgetSave();
      this.say("warn", t("board.save.not-json"));
      return null;
    }
    return saved;
  }

  forgetSave() { forget(this.saveKey); }

  // --- the record of the game in play (time, help used, counted) -------

  newPlay(deal) {
    this.play = { deal, ms: 0, assisted: false, hints: 0, ended: null };
    this.keepPlay();
  }

  keepPlay() { write(this.playKey, this.play); }

  tickClock() {
    if (!this.play || !this.view) return;
    const now = performance.now();
    const running = this.view.history.length > 0 && !this.play.ended && document.visibilityState === "visible";
    if (running && this.lastTick) this.play.ms += now - this.lastTick;
    this.lastTick = now;
    const moves = this.view.history.length;
    this.clockEl.textContent = t("play.clock.text", { time: stats.clock(this.play.ms), n: moves });
  }

  /** A game given up in the middle counts as lost; asks first. */
  async giveUp(what) {
    const inPlay = this.view && this.view.history.length > 0 && !this.play?.ended;
    if (!inPlay) return true;
    const ok = await this.confirm(t("board.give-up", { what }), what);
    if (ok) this.record("abandoned");
    return ok;
  }

  confirm(question, yes) {
    if (!this.dialog?.showModal) return Promise.resolve(window.confirm(question));
    this.dialog.querySelector(".question").textContent = question;
    this.dialog.querySelector("button[value=yes]").textContent = yes;
    this.dialog.returnValue = "";
    this.dialog.showModal();
    return new Promise((resolve) => {
      this.dialog.addEventListener("close", () => resolve(this.dialog.returnValue === "yes"), { once: true });
    });
  }

  record(result) {
    this.tickClock();
    this.play.ended = result;
    this.keepPlay();
    stats.record(this.slug, { result, deal: this.view.state.deal, ms: Math.round(this.play.ms),
      moves: this.view.history.length, assisted: this.play.assisted, readings: this.choice });
    this.drawStats();
  }

  // --- commands --------------------------------------------------------

  /** Ask the engine, then `andThen(answer)`. Calls wait their turn: a quick
   * double-click or key press during a move is played after it, not lost. */
  run(op, args, andThen) {
    const task = this.queue.then(async () => {
      this.busy = true;
      this.section.setAttribute("aria-busy", "true");
      try {
        await this.boot();
        const result = await this.engine.call(op, args);
        await andThen(result);
      } catch (error) {
        if (error.kind === "cancelled") this.say("info", words("cancelled"));
        else if (error.kind === "timeout") this.say("warn", words("timeout", error.seconds));
        else if (error.kind !== "load-failed") this.say("no", error.message);
      } finally {
        this.busy = false;
        this.section.removeAttribute("aria-busy");
      }
    });
    this.queue = task.catch(() => {});
    return task;
  }

  /** Start `deal` (under `readings`, the ones in force when left out). */
  start(deal, readings = this.choice) {
    this.stopSolution();
    this.selected = null;
    this.hint = null;
    return this.run("new", { game: this.slug, deal, readings }, async (view) => {
      this.newPlay(deal);
      this.show(view);
      this.dealInput.value = deal;
      this.say("info", t("board.deal", { deal }));
      await this.autoMoves(); // a safe card free in the opening goes home at once too
    });
  }

  async newDeal() {
    if (!(await this.giveUp(t("play.new")))) return;
    const winnable = this.settings.winnable?.checked && this.data.winnable.length;
    const current = this.view?.state.deal;
    const pool = this.data.winnable.filter((d) => d !== current);
    const deal = winnable && pool.length ? pool[Math.floor(Math.random() * pool.length)] : randomDeal(current);
    await this.start(deal);
  }

  async playDeal() {
    const deal = readings.dealNumber(this.dealInput.value.trim());
    if (deal === null) { this.say("no", t("board.deal.bad")); return; }
    if (!(await this.giveUp(t("board.give-up.play-deal", { deal })))) return;
    await this.start(deal);
  }

  /** The same deal from its first card; `readings` restarts it under other readings. */
  async restart(readings) {
    if (!this.view) return;
    if (!(await this.giveUp(t("play.restart")))) return;
    await this.start(this.view.state.deal, readings ?? this.choice);
  }

  /** A reading switched on the page: the same deal again under the new
   * choice (asked first if a game is in play; kept as it was if not). */
  async chooseReadings(choice, id) {
    const reading = this.known[id];
    const alt = choice[id] || reading.default;
    if (!this.view) { this.switches.show(this.choice); this.say("info", t("board.reading.loading")); return; }
    const label = readings.labelOf(id, alt, this.known);
    if (!(await this.giveUp(t("board.give-up.reading", { alt: label })))) { this.switches.show(this.choice); return; }
    const deal = this.view.state.deal;
    await this.start(deal, choice);
    if (readings.same(this.choice, choice)) {
      const said = t("board.reading.started", { deal, alt: label, name: readings.nameOf(id, this.known),
        mark: alt === reading.default ? t("board.reading.editions") : "" });
      this.say("info", said);
      this.switches.say(id, said);
    } else this.switches.show(this.choice);
  }

  /** The readings in force other than the edition's, in words ("fan count
   * “35”, marriage order “plays first”"); "" for the edition's own. */
  readingsText(lead = "") {
    const parts = Object.entries(this.choice).map(([id, alt]) => t("board.reading.named", {
      name: readings.nameOf(id, this.known), alt: readings.labelOf(id, alt, this.known) }));
    return parts.length ? lead + parts.join(", ") : "";
  }

  tryMove(move, { quiet = false, auto = true } = {}) {
    this.selected = null;
    this.selectedAt = 0;
    this.hint = null;
    const before = this.view?.state; // the cards the verdict names are the ones the player saw
    return this.run("move", { move }, async ({ verdict, view }) => {
      this.show(view, { animate: true });
      if (!quiet || !verdict.allowed) this.explain(verdict, before);
      if (verdict.allowed && auto) await this.autoMoves();
    });
  }

  /** True where the only thing the player can do is deal the next card:
   * no choice, so a click may lay out the whole stretch. */
  forcedDeal(view = this.view) {
    return !!view && !view.outcome && view.moves.length === 1 && view.moves[0] === "deal";
  }

  /** A deal with no choice in it, laid out at one click: the forced deal
   * moves one after another, each drawn (and animated) as the book deals
   * it, up to the first position where the player has a choice. */
  dealAll() {
    this.selected = null;
    this.selectedAt = 0;
    this.hint = null;
    return this.run("move", { move: "deal" }, async ({ verdict, view }) => {
      this.show(view, { animate: true });
      if (!verdict.allowed) { this.explain(verdict); return; }
      let dealt = 1;
      while (dealt < DEAL_ALL_LIMIT && this.forcedDeal()) {
        await pause(DEAL_STEP_MS);
        const next = await this.engine.call("move", { move: "deal" });
        if (!next.verdict.allowed) break;
        this.show(next.view, { animate: true });
        dealt += 1;
      }
      this.say("info", t(this.view.outcome ? "board.deal-all.done" : "board.deal-all.choice", { n: dealt }));
      await this.autoMoves();
    });
  }

  async autoMoves() {
    if (!this.settings.auto?.checked || !this.view?.auto) return;
    for (let step = 0; step < 110; step++) {
      const { move, view } = await this.engine.call("auto");
      if (!move) return;
      await pause(120);
      this.show(view, { animate: true });
      this.say("info", t("board.auto-move", { move: this.moveText(move) }));
    }
  }

  moveText(move) {
    const parts = parseMove(move);
    if (!parts) return actionLabel(move, this.data.labels);
    const cards = this.view?.state.piles[parts.dst] || [];
    const card = cards.length ? shortName(cards.at(-1), this.lang()) + " " : "";
    return `${card}${this.placeLabel(parts)} → ${this.label(parts.dst)}`;
  }

  /** The source pile in words, with the place of a card below the top. */
  placeLabel({ src, at }) {
    return at ? t("board.card-below", { pile: this.label(src), at }) : this.label(src);
  }

  label(id) { return pileWords(this.data.labels, id, this.lang()); }

  lang() { return language(); }

  /** The interface's language switched: everything the board wrote itself
   * is written again in it (the page's own text switches by style.css). */
  relabel() {
    if (this.progressSaid && this.progress.dataset.state !== "ready") {
      this.progress.querySelector(".msg").textContent = t("board.progress." + this.progressSaid.progress, { error: this.progressSaid.error });
    }
    if (this.view) this.show(this.view);
    else this.redraw();
    this.drawStats();
    if (this.lastSaid) this.lastSaid();
    if (this.solution) this.solutionBar.querySelector("[data-op=play-solution]").textContent = t(this.solution.playing ? "play.solution.pause" : "play.solution.play");
  }

  // --- drawing ---------------------------------------------------------

  show(view, { animate = false } = {}) {
    const before = this.state;
    this.view = view;
    write(this.saveKey, view.save);
    this.choice = readings.normal(view.readings || view.state.readings, this.known);
    this.switches?.show(this.choice);
    this.section.dataset.readings = JSON.stringify(this.choice);
    if (this.inForce) {
      const n = Object.keys(this.choice).length;
      this.inForce.textContent = n ? t("play.readings.other", { n, list: this.readingsText() }) : t("play.readings.edition");
      this.inForce.classList.toggle("other", Object.keys(this.choice).length > 0);
    }
    readings.keepInAddress(view.state.deal, this.choice, this.known);
    this.section.dataset.moves = String(view.history.length);
    this.buttons.undo.disabled = view.history.length === 0;
    this.buttons.redo.disabled = view.redo.length === 0;
    this.buttons.hint.hidden = !view.hints;
    this.buttons.solve.hidden = !view.hints;
    this.buttons.hint.disabled = this.buttons.solve.disabled = view.moves.length === 0 || !!view.outcome;
    this.buttons.restart.disabled = false;
    if (this.settings.auto) {
      this.settings.auto.disabled = !view.auto;
      this.settings.auto.closest("label").title = t(view.auto ? "play.auto.title" : "play.auto.none");
    }
    this.drawActions();
    this.render(view.state, { animate, before });
    this.showOutcome();
    this.tickClock();
  }

  render(state, { animate = false, before = null } = {}) {
    const then = animate && before ? snapshot(this.board) : null;
    const origin = this.stockPlace();
    this.state = state;
    this.section.dataset.drawn = "yes";
    this.plan = draw(this.board, this.data, state, {
      selected: this.selected, selectedAt: this.selectedAt, targets: this.targetsOf(this.selected), hint: this.hint,
      focus: this.focus, lang: this.lang(), space: this.space(), keepFocus: this.keepFocus,
    });
    this.keepFocus = false;
    if (then) glide(this.board, then, before.piles, state.piles, origin);
  }

  redraw() { if (this.state) this.render(this.state); }

  stockPlace() {
    const stock = this.data.layout.piles.find((p) => p.role === "stock");
    const pile = stock ? this.board.querySelector(`.pile[data-pile="${CSS.escape(stock.id)}"]`) : null;
    return pile ? place(pile) : null;
  }

  /** The room the board may take: the frame's width, and on a desktop the
   * window's height less the bars and the verdict line above the board. */
  space() {
    const width = Math.max(200, this.frame.clientWidth - 2);
    if (window.innerWidth < PHONE) return { width, height: Infinity, phone: true, screen: window.innerHeight };
    const bars = [...this.section.querySelectorAll(".demo-bar")].reduce((sum, bar) => sum + bar.offsetHeight, 0);
    const height = Math.max(240, window.innerHeight - bars - 84);
    return { width, height };
  }

  drawActions() {
    const wanted = this.view.moves.filter((m) => !m.includes(">"));
    const buttons = wanted.map((move) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = move;
      button.textContent = actionLabel(move, this.data.labels);
      return button;
    });
    if (this.forcedDeal()) { // beside the one-card Deal, the same as a click on the stock
      const all = Object.assign(document.createElement("button"), { type: "button", textContent: t("board.deal-all"), title: t("board.deal-all.title") });
      all.dataset.op = "deal-all";
      buttons.push(all);
    }
    this.actions.replaceChildren(...buttons);
  }

  showOutcome() {
    const outcome = this.view?.outcome;
    this.banner.hidden = !outcome;
    this.section.dataset.outcome = outcome ? (outcome.won ? "won" : "lost") : "";
    if (!outcome) return;
    if (this.play && !this.play.ended) {
      this.record(outcome.won ? "won" : "lost");
      if (outcome.won) this.celebrate();
    }
    const result = this.play?.ended;
    const recorded = result === "abandoned" ? t("board.outcome.given-up") :
      this.play?.assisted && result === "won" ? t("board.outcome.assisted") :
      result ? t("board.outcome.counted", { rate: stats.rate(stats.statsOf(this.slug)), n: stats.decided(stats.statsOf(this.slug)) }) : "";
    const body = this.banner.querySelector(".outcome-body");
    body.replaceChildren(...outcomeParts(outcome, this.cited, recorded));
    this.banner.className = "outcome " + (outcome.won ? "won" : "lost");
  }

  celebrate() {
    this.board.classList.remove("celebrate");
    void this.board.offsetWidth; // restart the animation
    this.board.classList.add("celebrate");
  }

  /** The piles that take the picked card (the top one, or the one at `at`). */
  targetsOf(src, at = this.selectedAt) {
    const found = new Set();
    if (!src || !this.view) return found;
    for (const move of this.view.moves) {
      const parts = parseMove(move);
      if (parts && parts.src === src && parts.at === (at || 0)) found.add(parts.dst);
    }
    return found;
  }

  drawStats() {
    if (!this.statsTable) return;
    const s = stats.statsOf(this.slug);
    this.statsTable.replaceChildren(...stats.rows(s).map(([label, value]) => {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = label;
      const td = document.createElement("td");
      td.textContent = value;
      tr.append(th, td);
      return tr;
    }));
  }

  // --- messages --------------------------------------------------------

  say(kind, text) {
    this.lastSaid = () => this.verdict.replaceChildren(); // in the language it was said in: gone on a switch
    this.verdict.replaceChildren(note(kind, text));
    delete this.verdict.dataset.allowed;
    delete this.verdict.dataset.hint;
  }

  explain(verdict, before = this.view?.state) {
    this.lastSaid = () => this.explain(verdict, before);
    this.verdict.replaceChildren(...verdictParts(verdict, this.moveSaid(verdict.move, verdict.allowed, before), this.cited,
      readings.verdictLines(verdict, this.known, this.choice)));
    this.verdict.dataset.allowed = String(verdict.allowed);
  }

  /** A move in the verdict's words, naming the cards of `state` (the
   * position before it): "4♥ cannot go on 5♣", "4♥ on 5♣ (Fan 3)."; a
   * place by its name where it was empty; an action by its button's name. */
  moveSaid(move, allowed, state) {
    const parts = parseMove(move);
    const way = allowed ? "verdict.allowed." : "verdict.refused.";
    if (!parts || !state) return t(way + "action", { action: parts ? this.moveName(move) : actionLabel(move, this.data.labels) });
    const from = state.piles[parts.src] || [];
    const moved = parts.at ? from[parts.at - 1] : from.at(-1);
    if (!moved) return this.moveName(move);
    const card = shortName(moved, this.lang());
    const onto = (state.piles[parts.dst] || []).at(-1);
    const pile = this.label(parts.dst);
    return onto ? t(way + "on", { card, target: shortName(onto, this.lang()), pile }) : t(way + "empty", { card, pile });
  }

  moveName(move) {
    const parts = parseMove(move);
    if (!parts) return actionLabel(move, this.data.labels);
    return `${this.placeLabel(parts)} → ${this.label(parts.dst)}`;
  }

  // --- hints and the solution ------------------------------------------

  async askHint() {
    this.say("info", t("board.thinking"));
    await this.run("hint", {}, (hint) => {
      this.selected = null;
      if (this.play) { this.play.hints += 1; this.keepPlay(); }
      // the solver's reason by its basis, in the reader's language (the solver's English where the catalogue lacks it)
      const why = hintReason(hint);
      if (!hint.move) { this.hint = null; this.redraw(); this.say("info", t("board.hint.none", { why })); return; }
      const parts = parseMove(hint.move);
      this.hint = parts ? { from: parts.src, to: parts.dst } : { from: this.actionPile(hint.move) };
      this.redraw();
      this.say("info", t("board.hint", { move: this.moveName(hint.move), why }));
      this.verdict.dataset.hint = hint.move;
      const button = hint.move.includes(">") ? null : this.actions.querySelector(`[data-action="${CSS.escape(hint.move)}"]`);
      button?.classList.add("hinted");
    });
  }

  actionPile(move) {
    if (move === "deal" || move === "redeal") return this.data.layout.piles.find((p) => p.role === "stock")?.id;
    return undefined;
  }

  async showSolution() {
    this.stopSolution();
    this.say("info", t("board.solution.looking"));
    await this.run("solution", {}, (found) => {
      const bar = this.solutionBar;
      const text = bar.querySelector(".solution-text");
      bar.hidden = false;
      bar.dataset.status = found.status;
      if (found.status !== "won" || !found.moves.length) {
        text.textContent = found.status === "lost" ? t("board.solution.lost")
          : t("board.solution.unknown", { seconds: found.seconds ?? "?" });
        bar.querySelector("[data-op=play-solution]").hidden = true;
        bar.querySelector("[data-op=step-solution]").hidden = true;
        this.say("info", text.textContent);
        return;
      }
      this.solution = { moves: found.moves, next: 0, playing: false };
      bar.querySelector("[data-op=play-solution]").hidden = false;
      bar.querySelector("[data-op=step-solution]").hidden = false;
      text.textContent = t("board.solution.found", { n: found.moves.length }) + " "
        + t(found.thoughtful ? "board.solution.blind" : "board.solution.open");
      this.say("info", t("board.solution.ready"));
    });
  }

  async stepSolution() {
    const sol = this.solution;
    if (!sol || sol.next >= sol.moves.length) { this.stopSolution(); return false; }
    if (this.play) { this.play.assisted = true; this.keepPlay(); }
    const move = sol.moves[sol.next++];
    this.solutionBar.querySelector(".solution-step").textContent = t("board.solution.step", { k: sol.next, n: sol.moves.length, move: this.moveName(move) });
    await this.tryMove(move, { quiet: true, auto: false }); // the line is the solver's, move for move
    if (this.view?.history.at(-1) !== move) { this.stopSolution(t("board.solution.stopped")); return false; }
    return sol.next < sol.moves.length;
  }

  async playSolution() {
    const sol = this.solution;
    if (!sol) return;
    if (sol.playing) { sol.playing = false; this.solutionBar.querySelector("[data-op=play-solution]").textContent = t("play.solution.play"); return; }
    sol.playing = true;
    this.solutionBar.querySelector("[data-op=play-solution]").textContent = t("play.solution.pause");
    while (this.solution === sol && sol.playing && (await this.stepSolution())) await pause(this.stepMs);
    if (this.solution === sol) { sol.playing = false; this.solutionBar.querySelector("[data-op=play-solution]").textContent = t("play.solution.play"); }
  }

  stopSolution(message) {
    this.solution = null;
    if (this.solutionBar) {
      this.solutionBar.hidden = true;
      this.solutionBar.querySelector(".solution-step").textContent = "";
      this.solutionBar.querySelector("[data-op=play-solution]").textContent = t("play.solution.play");
    }
    if (message) this.say("info", message);
  }

  // --- input -----------------------------------------------------------

  /** A click or Enter on a pile; true if it picked the pile up. `k` is the
   * index of the card clicked (0 = the bottom one): a card below the top is
   * picked where a legal move takes it (SRC@K>DST), else the top card. */
  click(id, k = null) {
    this.focus = id;
    if (!this.view) { this.boot(); return false; }
    if (this.selected === null) {
      const cards = this.view.state.piles[id] || [];
      if (this.roles[id] === "stock" || (cards.length && cards.at(-1).startsWith("~"))) {
        if (this.dealFrom(id)) return false;
      }
      if (!cards.length) { this.say("info", t("board.empty", { pile: this.label(id) })); return false; }
      const place = k !== null && k < cards.length - 1 ? k + 1 : 0;
      this.selected = id;
      this.selectedAt = place && this.targetsOf(id, place).size ? place : 0;
      this.picked();
      return true;
    }
    if (this.selected === id) {
      // Again on the picked pile: a click on another of its cards that may
      // move picks that one; Enter picks the next such card below; else let go.
      const cards = this.view.state.piles[id] || [];
      const places = [...new Set(this.view.moves.map(parseMove).filter((p) => p && p.src === id && p.at).map((p) => p.at))]
        .sort((a, b) => b - a);
      const clicked = k === null ? null : k < cards.length - 1 ? k + 1 : 0;
      const next = clicked !== null
        ? (clicked !== this.selectedAt && (clicked === 0 || places.includes(clicked)) ? clicked : null)
        : places.find((at) => at < (this.selectedAt || Infinity)) ?? null;
      if (next === null) { this.cancel(); return false; }
      this.selectedAt = next;
      this.picked();
      return true;
    }
    const src = this.selected;
    const at = this.selectedAt;
    this.keepFocus = true;
    const move = this.view.moves.find((m) => { const p = parseMove(m); return p && p.src === src && p.at === at && p.dst === id; })
      || `${src}${at ? "@" + at : ""}>${id}`;
    this.tryMove(move);
    return false;
  }

  /** Show and say what was picked up and which piles take it. */
  picked() {
    const id = this.selected;
    const cards = this.view.state.piles[id] || [];
    const targets = this.targetsOf(id);
    const what = this.selectedAt ? t("board.card-of", { card: shortName(cards[this.selectedAt - 1], this.lang()), pile: this.label(id) }) : this.label(id);
    this.keepFocus = true;
    this.redraw();
    this.say("info", targets.size
      ? t("board.picked", { what, targets: [...targets].map((target) => this.label(target)).join(", ") })
      : t("board.picked.none", { what }));
  }

  /** The stock deals (or is redealt) when clicked; true if it did. */
  dealFrom(id) {
    const moves = this.view.moves;
    const action = ["deal", "redeal"].find((a) => moves.includes(a));
    if (action === "deal" && this.forcedDeal()) { this.dealAll(); return true; }
    if (action) { this.tryMove(action); return true; }
    if (moves.some((m) => m.startsWith(id + ">"))) return false; // the stock's card is picked up
    const cards = this.view.state.piles[id] || [];
    this.say("info", t(cards.length ? "board.deal.nothing" : "board.deal.empty", { pile: this.label(id) }));
    return true;
  }

  /** Double-click, double-tap or F: the card to the foundation that takes it. */
  double(id) {
    if (!this.view) return;
    this.selected = null;
    const homes = new Set(this.view.homes || []);
    const move = this.view.moves.find((m) => m.startsWith(id + ">") && homes.has(this.roles[m.split(">")[1].split(":")[0]]));
    if (move) { this.tryMove(move); return; }
    this.redraw();
    const top = (this.view.state.piles[id] || []).at(-1);
    this.say("info", top ? t("board.no-foundation", { card: shortName(top, this.lang()), pile: this.label(id) }) : t("board.empty", { pile: this.label(id) }));
  }

  dragStart(id) {
    this.selected = id;
    this.selectedAt = 0; // a drag takes the top card
    for (const t of this.targetsOf(id)) this.board.querySelector(`.pile[data-pile="${CSS.escape(t)}"]`)?.classList.add("target");
  }

  drop(src, dst) {
    if (dst && dst !== src) { this.selected = src; this.click(dst); return; }
    this.cancel();
  }

  cancel() { this.selected = null; this.selectedAt = 0; this.keepFocus = true; this.redraw(); }

  focusMove(key) {
    const piles = [...this.board.querySelectorAll(".pile")];
    const current = this.focus || piles[0]?.dataset.pile;
    const next = key === "Home" ? piles[0]?.dataset.pile : key === "End" ? piles.at(-1)?.dataset.pile : nearest(this.board, current, key);
    if (!next) return;
    this.focus = next;
    for (const p of piles) p.tabIndex = p.dataset.pile === next ? 0 : -1;
    this.board.querySelector(`.pile[data-pile="${CSS.escape(next)}"]`)?.focus();
  }

  key(name) {
    if (name === "undo") this.buttons.undo.click();
    else if (name === "redo") this.buttons.redo.click();
    else if (name === "hint" && !this.buttons.hint.hidden) this.buttons.hint.click();
    else if (name === "deal") {
      const stock = this.data.layout.piles.find((p) => p.role === "stock");
      if (stock && this.view) this.dealFrom(stock.id);
      else if (this.view?.moves.includes("deal")) this.tryMove("deal");
    }
  }

  setUp() {
    const b = this.buttons;
    b.new.addEventListener("click", () => this.newDeal());
    b.go?.addEventListener("click", (event) => { event.preventDefault(); this.playDeal(); });
    b.restart.addEventListener("click", () => this.restart());
    b.undo.addEventListener("click", () => { this.stopSolution(); this.run("undo", {}, (view) => { this.selected = null; this.hint = null; this.show(view, { animate: true }); this.say("info", t("board.undone")); }); });
    b.redo.addEventListener("click", () => this.run("redo", {}, (view) => { this.selected = null; this.hint = null; this.show(view, { animate: true }); this.say("info", t("board.redone")); }));
    b.hint.addEventListener("click", () => this.askHint());
    b.solve.addEventListener("click", () => this.showSolution());
    this.section.querySelector("[data-op=play-solution]").addEventListener("click", () => this.playSolution());
    this.section.querySelector("[data-op=step-solution]").addEventListener("click", () => this.stepSolution());
    this.section.querySelector("[data-op=close-solution]").addEventListener("click", () => this.stopSolution());
    this.banner.querySelector("[data-op=banner-new]").addEventListener("click", () => this.newDeal());
    this.banner.querySelector("[data-op=banner-restart]").addEventListener("click", () => this.restart());
    this.progress.querySelector("button.retry").addEventListener("click", () => this.retry());
    this.section.querySelector("[data-op=reset-stats]")?.addEventListener("click", async () => {
      if (await this.confirm(t("board.reset.ask"), t("board.reset.yes"))) { stats.reset(this.slug); this.drawStats(); }
    });
    this.dealInput.addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); this.playDeal(); }
    });
    this.actions.addEventListener("click", (event) => {
      if (event.target.closest("button[data-op=deal-all]")) { this.dealAll(); return; }
      const button = event.target.closest("button[data-action]");
      if (button) this.tryMove(button.dataset.action);
    });
    for (const name of ["auto", "winnable"]) {
      const input = this.settings[name];
      if (!input) continue;
      input.checked = read(`board.${name}`, false) === true;
      input.addEventListener("change", () => {
        write(`board.${name}`, input.checked);
        if (name === "auto" && input.checked && this.view) this.run("auto", {}, async (first) => {
          if (first.move) { this.show(first.view, { animate: true }); await this.autoMoves(); }
          else this.say("info", t("board.auto.none")); // ticked, and kept: said, so that the box does not seem broken
        });
      });
    }
    if (this.settings.winnable && !this.data.winnable.length) {
      this.settings.winnable.disabled = true;
      this.settings.winnable.closest("label").title = t("play.winnable.none");
    }
    onChange(() => this.relabel());
    new MutationObserver(() => this.redraw()).observe(document.documentElement, { attributes: true, attributeFilter: ["data-spelling"] });
    wire(this.board, this.section, this);
    this.switches = readings.wireSwitches(document, this.known, (choice, id) => this.chooseReadings(choice, id));
    // The board from the build (or the save) at once; Python starts in its
    // worker meanwhile, and the game is set up when the page has loaded.
    // A permalink to another game than the save's draws the build's opening
    // only where it is that game's (deal 1 under readings that keep the layout).
    const saved = read(this.saveKey);
    const kept = read(this.playKey);
    const asked = this.address;
    const savedOk = saved && !saved.damaged && saved.state?.piles;
    const fits = savedOk && (!asked.given || ((asked.deal == null || asked.deal === saved.deal)
      && readings.same(readings.normal(saved.readings || saved.state?.readings, this.known), asked.readings)));
    const openingFits = !asked.given || ((asked.deal ?? 1) === 1 && Object.keys(asked.readings).every((id) => !this.known[id].changes_deal));
    const early = fits ? saved.state : openingFits ? this.data.opening : null;
    if (early) this.render(early);
    performance.mark("pasyans:early-board");
    if (kept && saved && kept.deal === saved.deal && fits) this.play = kept;
    if (fits && saved?.deal) this.dealInput.value = saved.deal;
    else if (asked.deal) this.dealInput.value = asked.deal;
    this.switches.show(fits ? readings.normal(saved.readings || saved.state?.readings, this.known) : asked.readings);
    this.switches.enable();
    this.drawStats();
    this.engine.start();
    if (document.readyState === "complete") this.boot();
    else window.addEventListener("load", () => this.boot(), { once: true });
    let width = this.frame.clientWidth;
    new ResizeObserver(() => { if (this.frame.clientWidth !== width) { width = this.frame.clientWidth; this.redraw(); } }).observe(this.frame);
    window.addEventListener("resize", () => this.redraw());
    setInterval(() => this.tickClock(), 1000);
    document.addEventListener("visibilitychange", () => { this.tickClock(); if (this.play) this.keepPlay(); });
    window.addEventListener("pagehide", () => { this.tickClock(); if (this.play) this.keepPlay(); });
  }

  /** After the game is up (so that it never slows the start): the service
   * worker that keeps Pyodide and the engine for the next visit and offline. */
  keepForLater() {
    if (!("serviceWorker" in navigator) || !this.build || this.keeping) return;
    this.keeping = true;
    navigator.serviceWorker.register(new URL("sw.js", new URL(document.body.dataset.root, location.href))).catch(() => {});
  }
}

for (const section of document.querySelectorAll("section.demo[data-playable=yes]")) {
  window.pasyansDemo = new Demo(section);
}
