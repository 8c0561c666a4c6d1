// Light animations: a card that changed place glides from where it was
// (the FLIP technique with the Web Animations API). Nothing moves for a
// reader who asked the system for reduced motion.
const DURATION = 170;

export function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** Where an element lies on the board, from the place view.js gave it
 * (its inline left/top): read without making the browser lay out the page,
 * which a move would otherwise do twice (before and after drawing). */
export function place(element) {
  return { left: parseFloat(element.style.left) || 0, top: parseFloat(element.style.top) || 0 };
}

/** Where every card element lies on the board, by pile and position. */
export function snapshot(board) {
  const where = new Map();
  for (const card of board.querySelectorAll(".card")) {
    where.set(`${card.dataset.pile}/${card.dataset.k}`, { rect: place(card), code: card.dataset.card });
  }
  return where;
}

/** Animate the cards that arrived on a pile from where the same card was
 * before (a move), or from `origin` (a deal from the stock; its place()).
 * `before` and `after` are the piles' card lists; `then` is snapshot()
 * taken before. Places are in the board's own coordinates. */
export function glide(board, then, before, after, origin) {
  if (reducedMotion() || !then || !then.size) return;
  const used = new Set();
  const from = (code) => {
    for (const [key, seen] of then) {
      if (used.has(key) || seen.code !== code) continue;
      const [pile, k] = key.split("/");
      if ((after[pile] || [])[+k] === (before[pile] || [])[+k]) continue; // still there
      used.add(key);
      return seen.rect;
    }
    return origin;
  };
  for (const [pile, cards] of Object.entries(after)) {
    const old = before[pile] || [];
    let same = 0;
    while (same < cards.length && same < old.length && cards[same] === old[same]) same++;
    for (let k = same; k < cards.length; k++) {
      const element = board.querySelector(`.card[data-pile="${CSS.escape(pile)}"][data-k="${k}"]`);
      const start = from(cards[k].replace(/^~/, ""));
      if (!element || !start) continue;
      const end = place(element);
      const dx = start.left - end.left, dy = start.top - end.top;
      if (Math.abs(dx) + Math.abs(dy) < 2) continue;
      element.animate([{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 50 }, { transform: "none", zIndex: 50 }],
        { duration: DURATION, easing: "ease-out" });
    }
  }
}

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, reducedMotion() ? Math.min(ms, 60) : ms));
