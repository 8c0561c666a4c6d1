// Turning what the player does into the board's commands: click or tap a
// pile (pick up, then put down), double-click or double-tap (to the
// foundation), drag a top card, and the keyboard (arrows between piles,
// Enter or Space to pick up and put down, F to the foundation, Esc to let
// go; U undo, R redo, H hint, D deal, anywhere in the demo).
// `ctl` is the board's controller: click(id, k) -> true if it picked the
// pile up (k: the index of the card clicked, where a rule lets a card below
// the top move); double(id); drop(src, dst); cancel(); focusMove(key); key(name).
const DOUBLE_MS = 450;

/** The card of pile `id` under the point, by its index in the pile (0 = the
 * bottom card): the cards are painted in order, so the last hit is on top. */
function cardUnder(board, id, x, y) {
  let found = null;
  for (const card of board.querySelectorAll(`.card[data-pile="${CSS.escape(id)}"]`)) {
    const r = card.getBoundingClientRect();
    if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) found = Number(card.dataset.k);
  }
  return found;
}

export function wire(board, section, ctl) {
  let last = null;
  let dragged = false;

  board.addEventListener("click", (event) => {
    if (dragged) { dragged = false; return; }
    const pile = event.target.closest(".pile");
    if (!pile) return;
    const id = pile.dataset.pile;
    const now = performance.now();
    // the browser's own count (event.detail) where it keeps one, else the time between taps
    if (last && last.id === id && last.picked && (event.detail >= 2 || now - last.t < DOUBLE_MS)) {
      last = null;
      ctl.double(id);
      return;
    }
    last = { id, t: now, picked: ctl.click(id, cardUnder(board, id, event.clientX, event.clientY)) };
  });

  board.addEventListener("keydown", (event) => {
    const pile = event.target.closest(".pile");
    if (!pile) return;
    const id = pile.dataset.pile;
    if (event.key === "Enter" || event.key === " ") { ctl.click(id); event.preventDefault(); }
    else if (event.key === "f" || event.key === "F") { ctl.double(id); event.preventDefault(); }
    else if (event.key === "Escape") { ctl.cancel(); event.preventDefault(); }
    else if (event.key.startsWith("Arrow")) { ctl.focusMove(event.key); event.preventDefault(); }
    else if (event.key === "Home" || event.key === "End") { ctl.focusMove(event.key); event.preventDefault(); }
  });

  section.addEventListener("keydown", (event) => {
    if (event.target.matches("input, select, textarea") || event.altKey || event.metaKey) return;
    const undo = event.key === "u" || (event.key === "z" && event.ctrlKey);
    const redo = (event.key === "r" && !event.ctrlKey) || (event.key === "y" && event.ctrlKey);
    const name = undo ? "undo" : redo ? "redo" : event.key === "h" ? "hint" : event.key === "d" ? "deal" : null;
    if (!name || (event.ctrlKey && !undo && !redo)) return;
    ctl.key(name);
    event.preventDefault();
  });

  board.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const pile = event.target.closest(".pile");
    const card = pile && board.querySelector(`.card.top[data-pile="${CSS.escape(pile.dataset.pile)}"]`);
    if (!card || card.dataset.down !== undefined) return;
    const r = card.getBoundingClientRect(); // only the top card is picked up by a drag
    if (event.clientX < r.left || event.clientX > r.right || event.clientY < r.top || event.clientY > r.bottom) return;
    const start = { x: event.clientX, y: event.clientY };
    let moving = false;
    const move = (e) => {
      const dx = e.clientX - start.x, dy = e.clientY - start.y;
      if (!moving && Math.hypot(dx, dy) < 6) return;
      if (!moving) {
        moving = true;
        ctl.dragStart(pile.dataset.pile);
        card.classList.add("dragging");
      }
      card.style.transform = `translate(${dx}px, ${dy}px)`;
    };
    const up = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      if (!moving) return;
      // The click that ends a drag is not a pick; a drag ending outside the
      // board sends no click, so the flag must not outlive this event.
      dragged = true;
      setTimeout(() => { dragged = false; }, 0);
      const under = document.elementsFromPoint(e.clientX, e.clientY).map((el) => el.closest(".pile")).find(Boolean);
      card.style.transform = "";
      card.classList.remove("dragging");
      ctl.drop(pile.dataset.pile, under && board.contains(under) ? under.dataset.pile : null);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  });
}
