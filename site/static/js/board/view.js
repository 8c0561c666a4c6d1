// Drawing the board: piles as buttons in the places layout.js plans, their
// cards from cards.js, and what a screen reader needs to play: each pile is
// announced with its name and every card a player can see in it (rank and
// suit, or how many lie face down), and whether it takes the picked card.
import { plan } from "./layout.js";
import { planNarrow } from "./narrow.js";
import { cardElement, shortName } from "./cards.js";
import { pileLabel, cardName } from "./labels.js";
import { t } from "../i18n.js";

const MARKS = { target: "board.mark.target", hintFrom: "board.mark.hint-from", hintTo: "board.mark.hint-to" };

function describe(data, spec, cards, lang) {
  const label = pileLabel(data.labels, spec.id, lang);
  if (!cards.length) return `${label}: ${t("board.pile.empty", {}, lang)}`;
  const down = cards.filter((c) => c.startsWith("~")).length;
  const up = cards.filter((c) => !c.startsWith("~"));
  const fan = Math.hypot(spec.dx || 0, spec.dy || 0) >= 0.1;
  if (!fan) { // a squared pile: how many, and the top card if it lies face up
    const top = up.length && !cards.at(-1).startsWith("~") ? cardName(data.names, cards.at(-1), lang) : null;
    const many = cards.length === 1 ? "" : t("board.pile.cards", { n: cards.length }, lang);
    const face = down === cards.length ? t("board.pile.down", { n: cards.length }, lang) : null;
    return `${label}: ${face || [many, top && (many ? t("board.pile.top", {}, lang) + top : top)].filter(Boolean).join(", ")}`;
  }
  const parts = [];
  if (down) parts.push(t("board.pile.down", { n: down }, lang));
  const names = up.map((c) => cardName(data.names, c, lang));
  if (names.length) parts.push(names.length > 1 ? `${names.join(", ")} (${t("board.pile.top-word", {}, lang)}: ${names.at(-1)})` : names[0]);
  return `${label}: ${parts.join("; ")}`;
}

/**
 * Draw `state` on `board`. `ui`: {selected, targets: Set, hint: {from, to},
 * focus, lang, space: {width, height}, limits}. Returns the plan.
 */
export function draw(board, data, state, ui) {
  const specs = data.layout.piles;
  const counts = Object.fromEntries(specs.map((s) => [s.id, (state.piles[s.id] || []).length]));
  const p = ui.space.phone ? planNarrow(data.layout, counts, ui.space, ui.limits) : plan(data.layout, counts, ui.space, ui.limits);
  const hadFocus = board.contains(document.activeElement);
  board.replaceChildren();
  // The cards lie in a layer of their own under the piles: a pile is a
  // button named with the cards it holds, and no card's print is part of
  // the button (its name says it all, in words).
  const layer = document.createElement("div");
  layer.className = "cards";
  layer.setAttribute("aria-hidden", "true");
  board.append(layer);
  board.style.width = `${p.width}px`;
  board.style.height = `${p.height}px`;
  board.style.setProperty("--card", `${p.card}px`);
  board.classList.toggle("small-cards", p.card < 56); // empty places then show only their number, suit, building
  const focusId = ui.focus && counts[ui.focus] !== undefined ? ui.focus : specs[0].id;
  for (const spec of specs) {
    const cards = state.piles[spec.id] || [];
    const at = p.piles[spec.id];
    const el = document.createElement("div");
    el.className = `pile role-${spec.role}` + (at.fan ? " fan" : " squared") + (cards.length ? "" : " empty");
    el.dataset.pile = spec.id;
    el.dataset.role = spec.role;
    el.setAttribute("role", "button");
    el.tabIndex = spec.id === focusId ? 0 : -1;
    el.style.left = `${at.left}px`;
    el.style.top = `${at.top}px`;
    el.style.width = `${at.width}px`;
    el.style.height = `${at.height}px`;
    const marks = [];
    if (ui.selected === spec.id) { el.classList.add("selected"); el.setAttribute("aria-pressed", "true"); }
    else el.setAttribute("aria-pressed", "false");
    if (ui.targets?.has(spec.id)) { el.classList.add("target"); marks.push(t(MARKS.target, {}, ui.lang)); }
    if (ui.hint?.from === spec.id) { el.classList.add("hint-from"); marks.push(t(MARKS.hintFrom, {}, ui.lang)); }
    if (ui.hint?.to === spec.id) { el.classList.add("hint-to"); marks.push(t(MARKS.hintTo, {}, ui.lang)); }
    el.setAttribute("aria-label", describe(data, spec, cards, ui.lang) + (marks.length ? ` — ${marks.join(", ")}` : ""));
    el.title = pileLabel(data.labels, spec.id, ui.lang); // the pile's name on hover
    // A squared pile shows its top card (and the one beneath, seen while the
    // top one is dragged); a fan shows every card.
    const first = at.fan ? 0 : Math.max(0, cards.length - 2);
    for (let k = first; k < cards.length; k++) {
      const pos = at.cardAt(at.fan ? k : 0);
      const card = cardElement(cards[k], { corner: at.corner, style: at.style, width: p.card, x: at.left + pos.x, y: at.top + pos.y });
      card.dataset.k = String(k);
      card.dataset.pile = spec.id;
      if (at.fan || at.chained) card.classList.add("shown");
      if (k === cards.length - 1) {
        card.classList.add("top");
        if (ui.selected === spec.id && !ui.selectedAt) card.classList.add("picked");
      }
      if (ui.selected === spec.id && ui.selectedAt === k + 1) card.classList.add("picked"); // a card below the top
      layer.append(card);
    }
    if (at.chained) el.classList.add("chained"); // a place of a chain: its card overhangs the next place
    if (!cards.length && !(at.chained > 1)) {
      const slot = document.createElement("span");
      slot.className = "slot";
      slot.setAttribute("aria-hidden", "true");
      const entry = data.labels[spec.id];
      const tail = entry?.tail?.[ui.lang === "en" ? "en" : "ru"];
      const word = pileLabel(data.labels, spec.id, ui.lang);
      const head = document.createElement("span");
      head.className = "slot-word";
      head.textContent = tail ? word.slice(0, word.length - tail.length).trim() : word;
      slot.append(head);
      if (tail) {
        slot.append(" "); // the name reads "Queen 1", as the button is named
        const big = document.createElement("span");
        big.className = "slot-tail";
        big.textContent = tail;
        slot.append(big);
      }
      el.append(slot);
    } else if (!at.fan && cards.length > 1) {
      const count = document.createElement("span");
      count.className = "count";
      count.setAttribute("aria-hidden", "true");
      count.textContent = String(cards.length);
      el.append(count);
    }
    if (marks.length) {
      const badge = document.createElement("span");
      badge.className = "mark";
      badge.setAttribute("aria-hidden", "true");
      badge.textContent = ui.hint?.to === spec.id ? "▼" : ui.hint?.from === spec.id ? "▲" : "▼";
      el.append(badge);
    }
    board.append(el);
  }
  if (hadFocus || ui.keepFocus) board.querySelector(`.pile[data-pile="${CSS.escape(focusId)}"]`)?.focus({ preventScroll: true });
  return p;
}

/** The pile elements' centres, for moving the keyboard focus by direction. */
export function nearest(board, fromId, key) {
  const piles = [...board.querySelectorAll(".pile")];
  const here = piles.find((p) => p.dataset.pile === fromId) || piles[0];
  const a = here.getBoundingClientRect();
  const ax = a.left + Math.min(a.width, 40) / 2, ay = a.top + Math.min(a.height, 56) / 2;
  const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
  let best = null, bestScore = Infinity;
  for (const p of piles) {
    if (p === here) continue;
    const b = p.getBoundingClientRect();
    const bx = b.left + Math.min(b.width, 40) / 2, by = b.top + Math.min(b.height, 56) / 2;
    const along = (bx - ax) * dir[0] + (by - ay) * dir[1];
    if (along <= 1) continue;
    const across = Math.abs((bx - ax) * dir[1] + (by - ay) * dir[0]);
    const score = along + 2.5 * across;
    if (score < bestScore) { bestScore = score; best = p; }
  }
  return best?.dataset.pile ?? null;
}

export { shortName };
