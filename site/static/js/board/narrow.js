// The board on a narrow screen (a phone): the book's picture re-flowed so
// that every card is on the screen without sideways scrolling.
//
// layout.js squeezes the engine's picture into the width it is given, down
// to MIN_CARD; below that a wide table (Fifteen's fifteen columns, Belle
// Lucie's rows of six fans) would run off the screen. Here such a table's
// long rows are cut into shorter ones, each below the last, in the book's
// order (fans 1-3, then 4-6, ...), the rows beneath moving down to make
// room; the cut that gives the largest card (or nearly, with fewer cuts)
// wins. A picture that fits as it is (Shah's star, the Mill's cross) is
// never cut: its shape is the game's. Where no cut is enough (a sideways
// fan longer than the screen), the sideways fans are folded to run down.
import { CARD_H, MAX_CARD, MIN_CARD, arrange, chains, isFan, plan } from "./layout.js";

const ALIGN = 0.02; // engine coordinates this close are one row (as layout.js)
const PAD = 0.08; // card widths of felt around the piles (a phone has no width to spare)
// A card this wide may take a screen of its own: to keep the whole table in
// one screen the card may shrink to fit the height, but not below this.
const TALL_OK = 52;
const NEARLY = 0.85; // a card this much of the largest is as good, with fewer cuts
const GROW = 5; // cards a row of fans running down is given room for, beyond its first
const FOLD_DY = 0.3; // card widths: a folded fan's step down (its index, "line", needs 0.31 at least)

/** The engine's rows: the chains' first places (a chain moves whole) whose
 * y agree, each sorted by x, top to bottom. */
function rows(layout) {
  const heads = chains(layout.piles).map(({ members }) => members);
  const out = [];
  for (const members of heads.sort((a, b) => a[0].y - b[0].y)) {
    const row = out.find((r) => Math.abs(r[0][0].y - members[0].y) < ALIGN);
    if (row) row.push(members); else out.push([members]);
  }
  for (const row of out) row.sort((a, b) => a[0].x - b[0].x);
  return out;
}

/** The layout with every row of more than `cols` piles cut into rows of at
 * most `cols` (as even as can be), each cut-off row moved under the first,
 * to its left edge; what lay below moves down by the room they take. */
export function wrap(layout, cols) {
  const all = rows(layout);
  const moved = new Map(); // pile id -> [dx, dy]
  let shift = 0;
  all.forEach((row, i) => {
    const y = row[0][0].y;
    const next = all[i + 1]?.[0][0].y;
    // A row of fans that run down takes room for a few more cards than a
    // deal gives them, so that the rows beneath (cut or not) do not start
    // where the fans will soon reach (a stock there would push a column aside).
    const down = Math.max(0, ...row.flatMap((members) => members.map((p) => (isFan(p) ? p.dy || 0 : 0))));
    const gap = next === undefined ? 0 : next - y;
    const step = Math.max(CARD_H + 0.2 + GROW * down, gap);
    const chunks = Math.ceil(row.length / cols);
    const per = Math.ceil(row.length / chunks);
    row.forEach((members, k) => {
      const r = Math.floor(k / per);
      const dx = r ? row[0][0].x - row[r * per][0].x : 0;
      for (const pile of members) moved.set(pile.id, [dx, shift + r * step]);
    });
    shift += (chunks - 1) * step + (next === undefined ? 0 : step - gap);
  });
  const piles = layout.piles.map((p) => {
    const [dx, dy] = moved.get(p.id) || [0, shift];
    return { ...p, x: p.x + dx, y: p.y + dy };
  });
  return { ...layout, piles };
}

/** The layout with every fan that runs sideways (or aslant, as Shah's
 * rays) turned to run straight up or down, down where it ran level: the
 * last resort when such a fan grows longer than the screen is wide. */
export function fold(layout) {
  const piles = layout.piles.map((p) => {
    if (!p.dx || !isFan(p)) return p;
    const step = Math.max(FOLD_DY, Math.abs(p.dy || 0), Math.min(Math.abs(p.dx), FOLD_DY * 1.5));
    return { ...p, dx: 0, dy: (p.dy < 0 ? -1 : 1) * step };
  });
  return { ...layout, piles };
}

// One re-flowed layout per table and cut: plan() keeps its work per layout
// object, so the same object must come back for the same cut.
const cache = new WeakMap();
function derived(layout, key, make) {
  let mine = cache.get(layout);
  if (!mine) { mine = new Map(); cache.set(layout, mine); }
  if (!mine.has(key)) mine.set(key, make());
  return mine.get(key);
}

/** The engine's picture if its card can be `minCard` wide, else the cut of
 * its rows that gives the largest card (fitting the screen's height too,
 * down to TALL_OK), or nearly (NEARLY) with fewer cuts: {card, layout}. */
function choose(layout, counts, space, pad, minCard) {
  const widthFit = (a) => space.width / (a.width + 2 * pad);
  if (widthFit(arrange(layout, counts, 0)) >= minCard) return { card: Infinity, layout };
  const longest = Math.max(...rows(layout).map((r) => r.length));
  const screen = space.screen ?? Infinity;
  const options = [{ card: widthFit(arrange(layout, counts, 0)), layout }];
  for (let cols = longest - 1; cols >= 1; cols--) {
    const candidate = derived(layout, cols, () => wrap(layout, cols));
    const tight = arrange(candidate, counts, 0);
    options.push({ card: Math.min(widthFit(tight), Math.max(screen / (tight.height + 2 * pad), TALL_OK)), layout: candidate });
  }
  // The fewest cuts whose card is nearly the largest: a few pixels of card
  // are worth less than a table half as tall, and fewer jumps as fans grow.
  const largest = Math.max(...options.map((o) => o.card));
  return options.find((o) => o.card >= Math.max(minCard, NEARLY * largest)) || options.find((o) => o.card === largest);
}

/** The plan for a narrow `space` ({width, screen}: the frame's width, the
 * window's height): the picture or its best cut (choose), and should no cut
 * give a card MIN_CARD wide, the same with the sideways fans folded down.
 * Returns plan()'s answer with `layout`, the one drawn. */
export function planNarrow(layout, counts, space, limits = {}) {
  const pad = limits.pad ?? PAD;
  const minCard = limits.minCard ?? MIN_CARD;
  let choice = choose(layout, counts, space, pad, minCard);
  if (choice.card < minCard) {
    const folded = choose(derived(layout, "fold", () => fold(layout)), counts, space, pad, minCard);
    if (folded.card > choice.card) choice = folded;
  }
  const maxCard = Math.max(minCard, Math.min(limits.maxCard ?? MAX_CARD, Math.floor(choice.card)));
  return { ...plan(choice.layout, counts, { width: space.width, height: Infinity }, { ...limits, pad, maxCard }), layout: choice.layout };
}
