// The readings of the text the game is played under: the switches of the
// page's "reads two ways" section (templates/_readings.html), the
// permalink that carries them, and how a verdict names them. A choice is
// {reading id: alternative}, holding only the alternatives other than the
// edition's (as the engine's portable state does).
import { t, lang } from "../i18n.js";

/** The readings the board data names, by id ({id, name, name_ru, default,
 * alternatives, labels: {alternative: {ru, en}}, changes_deal}). */
export function index(records) {
  return Object.fromEntries((records || []).map((r) => [r.id, r]));
}

/** A reading's name in the reader's language, as a sentence names it (the
 * Russian is written as a heading, "Порядок марьяжей": lower-cased here;
 * the id if the board data has no such reading). */
export function nameOf(id, known) {
  const reading = known[id];
  if (!reading) return id;
  const ru = lang() === "ru" && reading.name_ru;
  return ru ? ru[0].toLowerCase() + ru.slice(1) : reading.name;
}

/** An alternative's label in the reader's language (site/data/readings-ru.json; the id without one). */
export function labelOf(id, alt, known) {
  return known[id]?.labels?.[alt]?.[lang()] || alt;
}

/** `choice` without the edition's own alternatives and unknown ids. */
export function normal(choice, known) {
  const out = {};
  for (const [id, alt] of Object.entries(choice || {})) {
    if (known[id] && known[id].alternatives.includes(alt) && alt !== known[id].default) out[id] = alt;
  }
  return out;
}

export function same(a, b) {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}

export const LAST_DEAL = 2147483647; // the bridge's largest deal number (demo_bridge._deal_number)

/** `text` as a deal number (digits only: "1.5", "1e3", " 7", "-1" are not
 * one), or null. */
export function dealNumber(text) {
  if (!/^[0-9]{1,10}$/.test(text ?? "")) return null;
  const deal = Number(text);
  return deal >= 1 && deal <= LAST_DEAL ? deal : null;
}

/** What the address asks for: `?deal=N&<reading id>=<alternative>` (both
 * optional); `given` says whether it names anything at all, `bad` holds a
 * `deal` that is no deal number (shown to the player, never read as 1). */
export function fromAddress(known, search = location.search) {
  const params = new URLSearchParams(search);
  const choice = {};
  let given = false;
  for (const [key, value] of params) {
    if (known[key]) { given = true; choice[key] = value; }
  }
  const asked = params.get("deal");
  const deal = asked === null ? null : dealNumber(asked);
  const bad = asked !== null && deal === null ? asked : null;
  return { deal, bad, readings: normal(choice, known), given: given || deal !== null };
}

/** The permalink of `deal` under `choice`, put in the address bar (no reload,
 * no new history entry), so that the deal in play can be shared and a
 * reload keeps it; the address's other parts stay as they are. */
export function keepInAddress(deal, choice, known) {
  const url = new URL(location.href);
  for (const key of [...url.searchParams.keys()]) if (known[key] || key === "deal") url.searchParams.delete(key);
  if (deal) url.searchParams.set("deal", String(deal));
  for (const [id, alt] of Object.entries(choice)) url.searchParams.set(id, alt);
  if (url.href !== location.href) history.replaceState(history.state, "", url.href);
  return url.href;
}

/** The radio switches: shows `choice`, calls `onChoose(newChoice, id)` on a
 * change; returns {show(choice), enable()}. */
export function wireSwitches(root, known, onChoose) {
  const sets = [...root.querySelectorAll("fieldset.reading[data-reading]")].filter((f) => known[f.dataset.reading]);
  const show = (choice) => {
    for (const set of sets) {
      const id = set.dataset.reading;
      const alt = choice[id] || known[id].default;
      for (const input of set.querySelectorAll("input[type=radio]")) input.checked = input.value === alt;
      set.dataset.chosen = alt;
    }
  };
  let current = {};
  for (const set of sets) {
    set.addEventListener("change", (event) => {
      const input = event.target.closest("input[type=radio]");
      if (!input) return;
      const next = normal({ ...current, [set.dataset.reading]: input.value }, known);
      onChoose(next, set.dataset.reading);
    });
  }
  return {
    show(choice) { current = choice; show(choice); },
    enable() { for (const set of sets) for (const input of set.querySelectorAll("input")) input.disabled = false; },
    /** Say beside reading `id`'s switch what the switch did, with a link to the table. */
    say(id, text) {
      const status = sets.find((set) => set.dataset.reading === id)?.querySelector(".reading-status");
      if (!status) return;
      const link = Object.assign(document.createElement("a"), { href: "#demo", textContent: t("board.readings.to-table") });
      status.replaceChildren(text + " ", link);
    },
  };
}

function named(id, alt, known) {
  const reading = known[id];
  const mark = reading && alt === reading.default ? t("board.reading.editions") : "";
  return t("board.verdict.reading", { alt: labelOf(id, alt, known), mark });
}

/** Where the verdict turns on a reading: one line per reading whose other
 * alternatives answer otherwise ("Refused under the “plays-first” reading
 * of marriage order; allowed under the “free” reading (the edition’s)"). */
export function verdictLines(verdict, known, inForce = {}) {
  const under = verdict.readings || {};
  const byReading = new Map();
  for (const other of verdict.under_other_readings || []) {
    if (!byReading.has(other.reading)) byReading.set(other.reading, []);
    byReading.get(other.reading).push(other);
  }
  const lines = [];
  for (const [id, others] of byReading) {
    const reading = known[id];
    const current = under[id] || inForce[id] || reading?.default || "";
    const name = nameOf(id, known);
    const here = t(verdict.allowed ? "board.verdict.allowed" : "board.verdict.refused");
    const there = others.map((o) => t("board.verdict.under", { verdict: t(o.allowed ? "board.verdict.allowed-lower" : "board.verdict.refused-lower"),
      reading: named(id, o.alternative, known) })).join("; ");
    lines.push({ id, text: t("board.verdict.line", { here, current: named(id, current, known), name, there }), others });
  }
  return lines;
}
