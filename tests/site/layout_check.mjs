// The board's layout engine (site/static/js/board/layout.js) against its
// promises, on many random tables of every game: no two piles' boxes
// overlap, every box and card lies on the board, every card lies in its
// pile's box, and no card of a fan covers the index of the card beneath;
// on a phone's width (390 or 360 px, narrow.js) the board is no wider than
// the screen.
//   node layout_check.mjs LAYOUTS.json ROUNDS   -> prints a JSON report
import fs from "node:fs";
import * as L from "../../site/static/js/board/layout.js";
import { planNarrow } from "../../site/static/js/board/narrow.js";

const [file, roundsArg] = process.argv.slice(2);
const layouts = JSON.parse(fs.readFileSync(file, "utf8"));
const rounds = Number(roundsArg || 100);
let seed = 12345;
const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const problems = [];
let plans = 0;
const EPS = 0.6; // px: rounding of the plan to tenths of a pixel

function overlap(a, b) {
  return Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > EPS && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > EPS;
}

for (const [slug, layout] of Object.entries(layouts)) {
  for (let round = 0; round < rounds; round++) {
    const counts = {};
    for (const pile of layout.piles) counts[pile.id] = Math.floor(rnd() ** 2 * (L.isFan(pile) ? 22 : 30));
    const kind = rnd();
    const phone = kind < 0.4 ? (kind < 0.2 ? [390, 844] : [360, 740]) : null;
    const space = phone ? { width: phone[0] - 2, height: Infinity, phone: true, screen: phone[1] }
      : kind < 0.5 ? { width: 370, height: Infinity } : { width: 600 + rnd() * 1300, height: 300 + rnd() * 800 };
    const plan = phone ? planNarrow(layout, counts, space) : L.plan(layout, counts, space);
    plans++;
    const boxes = Object.entries(plan.piles).map(([id, p]) => [id, { x: p.left, y: p.top, w: p.width, h: p.height }, p]);
    const say = (what) => { if (problems.length < 30) problems.push({ slug, round, what }); };
    if (plan.card < L.MIN_CARD || plan.card > L.MAX_CARD) say(`card ${plan.card} px`);
    if (phone && plan.width > space.width + EPS) say(`${plan.width} px wide on a ${phone[0]} px phone`);
    for (let i = 0; i < boxes.length; i++) {
      const [id, box, p] = boxes[i];
      if (box.x < -EPS || box.y < -EPS || box.x + box.w > plan.width + EPS || box.y + box.h > plan.height + EPS) say(`${id} leaves the board`);
      for (let j = i + 1; j < boxes.length; j++) if (overlap(box, boxes[j][1])) say(`${id} and ${boxes[j][0]} overlap`);
      const n = p.fan ? counts[id] : Math.min(1, counts[id]);
      const h = plan.cardHeight;
      for (let k = 0; k < n; k++) {
        const at = p.cardAt(k);
        if (p.chained) continue; // a chain's place: its card overhangs the next place (checked below)
        if (at.x < -EPS || at.y < -EPS || at.x + plan.card > box.w + EPS || at.y + h > box.h + EPS) { say(`${id}: card ${k} leaves its box`); break; }
        if (k + 1 < n) {
          const next = p.cardAt(k + 1);
          const iw = (p.style === "line" ? L.INDEX.lineW : L.INDEX.stackW) * plan.card;
          const ih = (p.style === "line" ? L.INDEX.lineH : L.INDEX.stackH) * h / L.CARD_H;
          const ix = p.corner[1] === "l" ? at.x : at.x + plan.card - iw;
          const iy = p.corner[0] === "t" ? at.y : at.y + h - ih;
          if (overlap({ x: ix, y: iy, w: iw, h: ih }, { x: next.x, y: next.y, w: plan.card, h })) { say(`${id}: card ${k + 1} covers the index of card ${k}`); break; }
        }
      }
    }
    // a chain: each place's strip shows its card's index
    const chained = boxes.filter(([, , p]) => p.chained);
    for (const [id, box, p] of chained) {
      const ih = (p.style === "line" ? L.INDEX.lineH : L.INDEX.stackH) * plan.card;
      const last = p.chained === Math.max(...chained.map(([, , q]) => q.chained));
      if (!last && box.h + EPS < ih && box.w + EPS < L.INDEX.stackW * plan.card) say(`${id}: its strip hides the index`);
    }
  }
}
console.log(JSON.stringify({ plans, problems }));
