// Card faces and backs, drawn as SVG of our own (viewBox 100 x 140).
//
// A face has one index (rank and suit) in the corner its pile's fan leaves
// uncovered (layout.js chooses corner and style), drawn inside the box that
// layout.js sizes the offsets from, plus a second, smaller one in the
// opposite corner, and the suit large in the middle (a frame and the letter
// for the court cards). Red and black suits; the back is a blue lattice.
// The index box is a real element (rect.index-box) so that the tests can
// check that nothing covers it.
import { INDEX } from "./layout.js";

const NS = "http://www.w3.org/2000/svg";
export const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const RED = new Set(["H", "D"]);

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

export function parse(code) {
  const down = code.startsWith("~");
  const face = down ? code.slice(1) : code;
  return { down, face, rank: face.slice(0, -1), suit: face.slice(-1) };
}

/** The index: rank and suit in `corner` ("tl", "tr", "bl", "br"), stacked
 * (rank over suit) or on one line, inside INDEX's box. */
function index(rank, suit, corner, style) {
  const g = el("g", { class: "index" });
  const w = (style === "line" ? INDEX.lineW : INDEX.stackW) * 100;
  const h = (style === "line" ? INDEX.lineH : INDEX.stackH) * 100;
  const x0 = corner[1] === "l" ? 0 : 100 - w;
  const y0 = corner[0] === "t" ? 0 : 140 - h;
  g.append(el("rect", { class: "index-box", x: x0, y: y0, width: w, height: h }));
  const narrow = rank === "10" ? { textLength: 24, lengthAdjust: "spacingAndGlyphs" } : {};
  if (style === "line") {
    const start = x0 + 4;
    g.append(el("text", { class: "rank", x: start, y: y0 + 24, ...narrow }, rank));
    g.append(el("text", { class: "suit", x: start + (rank === "10" ? 26 : 18), y: y0 + 24 }, SUITS[suit]));
  } else {
    const mid = x0 + w / 2;
    g.append(el("text", { class: "rank", x: mid, y: y0 + 25, "text-anchor": "middle", ...narrow }, rank));
    g.append(el("text", { class: "suit", x: mid, y: y0 + 48, "text-anchor": "middle" }, SUITS[suit]));
  }
  return g;
}

function centre(rank, suit) {
  const g = el("g", { class: "pips" });
  if (["J", "Q", "K"].includes(rank)) {
    g.append(el("rect", { class: "court", x: 26, y: 38, width: 48, height: 64, rx: 4 }));
    g.append(el("text", { class: "court-rank", x: 50, y: 78, "text-anchor": "middle" }, rank));
    g.append(el("text", { class: "court-suit", x: 50, y: 97, "text-anchor": "middle" }, SUITS[suit]));
  } else {
    g.append(el("text", { class: "big-suit", x: 50, y: 96, "text-anchor": "middle" }, SUITS[suit]));
  }
  return g;
}

const drawn = new Map(); // one drawing per card, corner and style; the board clones it

/** An <svg> face or back of `code` ("10H", "~QS"). */
export function cardSvg(code, corner = "tl", style = "stack") {
  const key = `${code}|${corner}|${style}`;
  let svg = drawn.get(key);
  if (!svg) { svg = drawCard(code, corner, style); drawn.set(key, svg); }
  return svg.cloneNode(true);
}

function drawCard(code, corner, style) {
  const { down, rank, suit } = parse(code);
  const svg = el("svg", { viewBox: "0 0 100 140", class: "face", "aria-hidden": "true", focusable: "false" });
  if (down) {
    // the lattice is the card's CSS background (board.css); the SVG frames it
    svg.append(el("rect", { class: "back-edge", x: 1, y: 1, width: 98, height: 138, rx: 8 }));
    svg.append(el("rect", { class: "back-frame", x: 9, y: 9, width: 82, height: 122, rx: 5 }));
    svg.append(el("circle", { class: "back-seal", cx: 50, cy: 70, r: 13 }));
    return svg;
  }
  svg.append(el("rect", { class: "paper", x: 1, y: 1, width: 98, height: 138, rx: 8 }));
  svg.append(centre(rank, suit));
  const other = (corner[0] === "t" ? "b" : "t") + (corner[1] === "l" ? "r" : "l");
  const small = index(rank, suit, other, style);
  small.setAttribute("class", "index second");
  small.querySelector("rect").setAttribute("class", "second-box");
  svg.append(small, index(rank, suit, corner, style));
  return svg;
}

/** The card as a positioned element of the board. */
export function cardElement(code, { corner, style, width, x, y }) {
  const { down, face, suit } = parse(code);
  const card = document.createElement("div");
  card.className = "card" + (down ? " down" : RED.has(suit) ? " red" : " black");
  card.dataset.card = face;
  if (down) card.dataset.down = "";
  card.style.left = `${x}px`;
  card.style.top = `${y}px`;
  card.style.width = `${width}px`;
  card.style.height = `${Math.round(width * 14) / 10}px`;
  card.append(cardSvg(code, corner, style));
  return card;
}

/** "7♥", or "face down". */
// The court cards and the ace as a Russian player writes them (Т, К, Д, В).
const RANKS_RU = { A: "Т", K: "К", Q: "Д", J: "В" };

/** "Q♠" (English) or "Д♠" (Russian, `lang` "ru"); "▮" for a card face down. */
export function shortName(code, lang = "en") {
  const { down, rank, suit } = parse(code);
  return down ? "▮" : (lang === "ru" ? RANKS_RU[rank] || rank : rank) + SUITS[suit];
}
