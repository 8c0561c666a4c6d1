// The board's geometry: where each pile and each card goes, in pixels.
//
// The engine gives each pile the place of its first card and the offset of
// each next card (card widths; a card is 1 x 1.4). That is the book's picture,
// not a plan that survives play: fans grow, and a fixed offset either runs a
// fan under its neighbour or hides the cards' indices. So:
//  1. every fan's offset is scaled so that the index of each covered card
//     stays uncovered (the index sits in the corner the fan never covers,
//     see cards.js), and no further than the engine's offset unless needed;
//  2. a fan takes the room its neighbours leave it, and where even the
//     smallest readable offset needs more, the piles beyond it move away
//     (rows and columns that were aligned stay aligned);
//  3. the card width is the largest that fits the board in the space given
//     (width and height), between MIN_CARD and MAX_CARD pixels; below the
//     minimum the board scrolls sideways inside its frame.
// Pure functions of the layout, the piles' card counts and the space: the
// tests and the drawing call the same code.

export const CARD_H = 1.4;
// The index boxes, in card widths (cards.js draws inside them): "stack" is
// rank over suit (for fans that run sideways), "line" is rank and suit side
// by side (for fans that run up or down).
export const INDEX = { stackW: 0.28, stackH: 0.52, lineW: 0.62, lineH: 0.28 };
const READ_MARGIN = 0.03; // a little paper beyond the index
const SQUARED_BELOW = 0.1; // smaller engine offsets draw a squared pile (its top card)
const GAP = 0.12; // the least space between two piles' boxes
const ALIGN = 0.02; // engine coordinates this close are one row or column
export const MIN_CARD = 40;
export const MAX_CARD = 100;
const COMFORTABLE = 72; // a card this wide reads at a glance; squeeze no more than needed for it

/** The corner of a card that a fan running (dx, dy) never covers, and the
 * index style that the fan's offset exposes there. */
export function indexCorner(dx, dy) {
  const vertical = dy < 0 ? "b" : "t";
  const horizontal = dx < 0 ? "r" : "l";
  const style = Math.abs(dy) >= Math.abs(dx) && dy !== 0 ? "line" : "stack";
  return { corner: vertical + horizontal, style };
}

/** Is this pile drawn as a fan (every card shows) or squared (its top card)? */
export function isFan(spec) {
  return Math.hypot(spec.dx || 0, spec.dy || 0) >= SQUARED_BELOW;
}

/** The least scale of the engine's offset (dx, dy) that uncovers the index. */
function readableScale(dx, dy) {
  const { style } = indexCorner(dx, dy);
  const need = style === "line" ? INDEX.lineH + READ_MARGIN : INDEX.stackW + READ_MARGIN;
  const along = style === "line" ? Math.abs(dy) : Math.abs(dx);
  return need / along;
}

function baseBox(spec) {
  return { x0: spec.x, y0: spec.y, x1: spec.x + 1, y1: spec.y + CARD_H };
}

function overlaps(a0, a1, b0, b1) {
  return a0 < b1 - 1e-6 && b0 < a1 - 1e-6;
}

/** Room in front of a fan in the engine's picture: how far its cards may
 * run (along the fan's main axis) before they meet another pile's first card. */
function roomAhead(spec, specs) {
  const me = baseBox(spec);
  const { style } = indexCorner(spec.dx, spec.dy);
  let room = Infinity;
  for (const other of specs) {
    if (other === spec) continue;
    const it = baseBox(other);
    if (style === "stack") {
      if (!overlaps(me.y0, me.y1, it.y0, it.y1)) continue;
      if (spec.dx > 0 && it.x0 >= me.x1 - 1e-6) room = Math.min(room, it.x0 - me.x1 - GAP);
      if (spec.dx < 0 && it.x1 <= me.x0 + 1e-6) room = Math.min(room, me.x0 - it.x1 - GAP);
    } else {
      if (!overlaps(me.x0, me.x1, it.x0, it.x1)) continue;
      if (spec.dy > 0 && it.y0 >= me.y1 - 1e-6) room = Math.min(room, it.y0 - me.y1 - GAP);
      if (spec.dy < 0 && it.y1 <= me.y0 + 1e-6) room = Math.min(room, me.y0 - it.y1 - GAP);
    }
  }
  return Math.max(0, room);
}

/** Offsets (card widths) of every pile for `counts` cards, under the global
 * cap `cap` in [0, 1]: 0 = the least readable offset everywhere, 1 = the
 * engine's offset wherever it has the room. */
export function offsets(specs, counts, cap = 1) {
  const out = {};
  for (const spec of specs) {
    const n = counts[spec.id] || 0;
    if (!isFan(spec)) { out[spec.id] = { ox: 0, oy: 0, fan: false }; continue; }
    const least = readableScale(spec.dx, spec.dy);
    let scale = 1;
    if (n > 1) {
      const { style } = indexCorner(spec.dx, spec.dy);
      const along = style === "line" ? Math.abs(spec.dy) : Math.abs(spec.dx);
      scale = Math.min(1, roomAhead(spec, specs) / ((n - 1) * along));
    }
    scale = Math.max(least, Math.min(scale, least + cap * Math.max(0, 1 - least)));
    out[spec.id] = { ox: spec.dx * scale, oy: spec.dy * scale, fan: true };
  }
  return out;
}

/** A pile's box around its first card's corner, for n cards. */
function extent(n, off) {
  const k = Math.max(0, n - 1);
  return [Math.max(0, -k * off.ox), 1 + Math.max(0, k * off.ox), Math.max(0, -k * off.oy), CARD_H + Math.max(0, k * off.oy)];
}
// extent: [left, right, top, bottom]; on axis 0 (x) the box runs from
// pos - e[0] to pos + e[1], on axis 1 (y) from pos - e[2] to pos + e[3].

/** Piles whose first cards overlap in the engine's picture (Exiles' spread
 * thirteenth packet: one card a place, each place a little lower) are laid
 * out as one fan, a "chain", whose places are its cards. */
export function chains(specs) {
  const out = [];
  const seen = new Set();
  for (const a of specs) {
    if (seen.has(a.id)) continue;
    const members = [a];
    seen.add(a.id);
    for (let grew = true; grew;) {
      grew = false;
      for (const b of specs) {
        if (seen.has(b.id) || b.role !== a.role) continue;
        const last = members.at(-1);
        if (Math.abs(b.x - last.x) < 1 - 1e-6 && Math.abs(b.y - last.y) < CARD_H - 1e-6) { members.push(b); seen.add(b.id); grew = true; }
      }
    }
    if (members.length === 1) { out.push({ spec: a, members }); continue; }
    const step = { dx: (members.at(-1).x - a.x) / (members.length - 1), dy: (members.at(-1).y - a.y) / (members.length - 1) };
    out.push({ spec: { id: `chain:${a.id}`, role: a.role, x: a.x, y: a.y, ...step }, members });
  }
  return out;
}

const prepared = new WeakMap();
function prepare(layout) {
  let ready = prepared.get(layout);
  if (ready) return ready;
  const groups = chains(layout.piles);
  const specs = groups.map((g) => g.spec);
  const byAxis = [0, 1].map((axis) => {
    const key = axis === 0 ? "x" : "y";
    const order = specs.map((_, i) => i).sort((a, b) => specs[a][key] - specs[b][key]);
    const lines = [];
    for (const i of order) {
      const line = lines.find((l) => Math.abs(specs[l[0]][key] - specs[i][key]) < ALIGN);
      if (line) line.push(i); else lines.push([i]);
    }
    return { key, order, lines: lines.filter((l) => l.length > 1) };
  });
  ready = { groups, specs, byAxis };
  prepared.set(layout, ready);
  return ready;
}

/** Place the items along one axis: each as far along as the engine put it
 * (times `keep`) and past every item before it that shares its band of the
 * other axis (read in `bands`), by their boxes and GAP or `keep` times the
 * engine's distance, if more. Rows or columns aligned in the engine's
 * picture stay aligned. With `fresh` the places are made anew, else only
 * moved on. */
function place(prep, pos, ext, axis, keep, bands, fresh) {
  const { specs, byAxis } = prep;
  const { key, order, lines } = byAxis[axis];
  const other = 1 - axis;
  const lo = axis * 2, hi = lo + 1, olo = other * 2, ohi = olo + 1;
  const first = specs[order[0]][key];
  let changed = false;
  for (let round = 0; round < 12; round++) {
    let moved = false;
    for (let qi = 0; qi < order.length; qi++) {
      const q = order[qi], eq = ext[q];
      let want = fresh ? keep * (specs[q][key] - first) : pos[q][axis];
      const q0 = bands[q][other] - eq[olo] - GAP, q1 = bands[q][other] + eq[ohi] + GAP;
      for (let ai = 0; ai < qi; ai++) {
        const a = order[ai];
        if (specs[a][key] > specs[q][key] - ALIGN) break;
        const ea = ext[a];
        if (!overlaps(bands[a][other] - ea[olo], bands[a][other] + ea[ohi], q0, q1)) continue;
        const need = pos[a][axis] + Math.max(keep * (specs[q][key] - specs[a][key]), ea[hi] + eq[lo] + GAP);
        if (need > want) want = need;
      }
      if (fresh ? Math.abs(want - pos[q][axis]) > 1e-9 : want > pos[q][axis] + 1e-9) { pos[q][axis] = want; moved = true; }
    }
    for (const line of lines) {
      let top = -Infinity;
      for (const i of line) top = Math.max(top, pos[i][axis]);
      for (const i of line) if (pos[i][axis] < top - 1e-9) { pos[i][axis] = top; moved = true; }
    }
    fresh = false;
    changed ||= moved;
    if (!moved) break;
  }
  return changed;
}

/** How many cards a fan's box is planned for: at least three, then in
 * steps of three, so that the table does not reflow at every move. */
export function planned(n) {
  return Math.max(3, Math.ceil(n / 3) * 3);
}

/** The board in card widths for `counts` cards per pile, squeezed by
 * `squeeze` in [0, 1]: 1 = the engine's picture (its offsets where there is
 * room, its distances); from 1 to 0.5 the fans' offsets shrink to the least
 * readable ones, from 0.5 to 0 the distances between piles shrink to the
 * least that keeps their boxes apart. */
export function arrange(layout, counts, squeeze = 1) {
  const prep = prepare(layout);
  const { groups, specs } = prep;
  const cap = Math.min(1, squeeze * 2);
  const keep = Math.max(0, Math.min(1, squeeze * 2 - 1));
  const itemCounts = {};
  groups.forEach((g) => { itemCounts[g.spec.id] = g.members.length > 1 ? g.members.length : counts[g.spec.id] || 0; });
  const off = offsets(specs, itemCounts, cap);
  const ext = [], pos = [], engine = [];
  specs.forEach((spec, i) => {
    const o = off[spec.id];
    const n = groups[i].members.length > 1 ? groups[i].members.length : o.fan ? planned(itemCounts[spec.id]) : 1;
    ext.push(extent(n, o));
    engine.push([spec.x, spec.y]);
    pos.push([0, 0]);
  });
  // Each axis against the engine's picture of the other, then whatever
  // still touches (piles the picture kept apart on the other axis) is
  // pushed apart where the piles now are.
  place(prep, pos, ext, 0, keep, engine, true);
  place(prep, pos, ext, 1, keep, engine, true);
  for (let round = 0; round < 4; round++) {
    const a = place(prep, pos, ext, 1, 0, pos, false);
    const b = place(prep, pos, ext, 0, 0, pos, false);
    if (!a && !b) break;
  }
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  specs.forEach((_, i) => {
    const e = ext[i], q = pos[i];
    minX = Math.min(minX, q[0] - e[0]); maxX = Math.max(maxX, q[0] + e[1]);
    minY = Math.min(minY, q[1] - e[2]); maxY = Math.max(maxY, q[1] + e[3]);
  });
  const piles = {};
  groups.forEach(({ spec, members }, i) => {
    const o = off[spec.id], q = pos[i];
    const x = q[0] - minX, y = q[1] - minY;
    if (members.length === 1) {
      const e = extent(o.fan ? Math.max(1, counts[spec.id] || 0) : 1, o);
      piles[spec.id] = {
        x, y, box: { x: x - e[0], y: y - e[2], w: e[0] + e[1], h: e[2] + e[3] },
        ox: o.ox, oy: o.oy, fan: o.fan,
        ...(o.fan ? indexCorner(spec.dx || 0, spec.dy || 0) : { corner: "tl", style: "stack" }),
      };
      return;
    }
    // A chain: place k is the k-th card of the fan, its box the strip of it
    // that the next place leaves uncovered (the last place: the whole card).
    members.forEach((member, k) => {
      const mx = x + k * o.ox, my = y + k * o.oy;
      const last = k === members.length - 1;
      const w = last || !o.ox ? 1 : Math.abs(o.ox), h = last || !o.oy ? CARD_H : Math.abs(o.oy);
      const bx = o.ox < 0 && !last ? mx + 1 - w : mx, by = o.oy < 0 && !last ? my + CARD_H - h : my;
      piles[member.id] = {
        x: mx, y: my, box: { x: bx, y: by, w, h }, ox: 0, oy: 0, fan: false, chained: k + 1,
        ...indexCorner(spec.dx || 0, spec.dy || 0),
      };
    });
  });
  return { piles, width: maxX - minX, height: maxY - minY };
}

/** The whole plan in pixels: the card width that fits `space` ({width,
 * height} in px; height may be Infinity) and every pile's box and cards. */
export function plan(layout, counts, space, limits = {}) {
  const minCard = limits.minCard ?? MIN_CARD, maxCard = limits.maxCard ?? MAX_CARD;
  const comfortable = limits.comfortable ?? COMFORTABLE;
  const pad = limits.pad ?? 0.15; // card widths of felt around the piles
  const fit = (a) => Math.min(maxCard, space.width / (a.width + 2 * pad), space.height / (a.height + 2 * pad));
  // The most squeezed board gives the largest card; take the least squeeze
  // (the picture closest to the book's) whose card is as large, or at least
  // comfortably large.
  const tight = arrange(layout, counts, 0);
  const goal = Math.min(fit(tight), Math.max(comfortable, fit(tight) * 0.97));
  let chosen = arrange(layout, counts, 1);
  if (fit(chosen) < goal) {
    let lo = 0, hi = 1;
    chosen = tight;
    for (let step = 0; step < 8; step++) {
      const mid = (lo + hi) / 2, a = arrange(layout, counts, mid);
      if (fit(a) >= goal) { chosen = a; lo = mid; } else hi = mid;
    }
  }
  const card = Math.max(minCard, Math.floor(fit(chosen)));
  const px = (v) => Math.round(v * card * 10) / 10;
  const piles = {};
  for (const [id, p] of Object.entries(chosen.piles)) {
    piles[id] = {
      ...p,
      left: px(p.box.x + pad), top: px(p.box.y + pad), width: px(p.box.w), height: px(p.box.h),
      // where card k lies inside the pile's box
      cardAt: (k) => ({ x: px(p.x - p.box.x + k * p.ox), y: px(p.y - p.box.y + k * p.oy) }),
    };
  }
  return { card, cardHeight: px(CARD_H), piles, width: px(chosen.width + 2 * pad), height: px(chosen.height + 2 * pad) };
}
