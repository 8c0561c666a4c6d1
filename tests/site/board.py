"""Helpers of the board's browser tests: what a player must be able to see
(every index uncovered, every pile on the table and in its own box), and
moves played through the page as a player's clicks would play them."""

from __future__ import annotations

import random

# For every face-up card whose index a player needs (every card of a fan or
# of a chain's place, the top card of a squared pile), the index box must be
# covered by no card painted above it: by geometry (every later card's box)
# and, where the index is on screen, by document.elementFromPoint.
GEOMETRY = """async () => {
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})));
  const problems = [];
  const board = document.querySelector('.board').getBoundingClientRect();
  const piles = [...document.querySelectorAll('.board .pile')];
  const inside = (r, o) => r.left >= o.left - 0.75 && r.top >= o.top - 0.75 && r.right <= o.right + 0.75 && r.bottom <= o.bottom + 0.75;
  const boxes = piles.map((p) => [p.dataset.pile, p.getBoundingClientRect()]);
  for (const [id, r] of boxes) if (!inside(r, board)) problems.push(`pile ${id} leaves the board`);
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, r] = boxes[i], [b, s] = boxes[j];
    const w = Math.min(r.right, s.right) - Math.max(r.left, s.left), h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    if (w > 1 && h > 1) problems.push(`piles ${a} and ${b} overlap`);
  }
  // The cards lie in one layer under the piles' buttons, painted in order.
  const cards = [...document.querySelectorAll('.board .cards .card')];
  const order = cards.map((c, i) => ({ c, i, r: c.getBoundingClientRect() }));
  const above = (a, b) => b.i > a.i;
  let checked = 0;
  for (const a of order) {
    const pile = document.querySelector(`.board .pile[data-pile="${a.c.dataset.pile}"]`);
    if (a.c.dataset.down !== undefined) continue;
    if (!inside(a.r, board)) problems.push(`card ${a.c.dataset.card} of ${pile.dataset.pile} leaves the board`);
    if (!pile.classList.contains('chained') && !inside(a.r, pile.getBoundingClientRect())) problems.push(`card ${a.c.dataset.card} leaves the box of ${pile.dataset.pile}`);
    const needed = a.c.classList.contains('shown') || a.c.classList.contains('top');
    if (!needed) continue;
    const box = a.c.querySelector('rect.index-box').getBoundingClientRect();
    checked++;
    for (const b of order) {
      if (b === a || !above(a, b)) continue;
      const w = Math.min(box.right, b.r.right) - Math.max(box.left, b.r.left) - 1;
      const h = Math.min(box.bottom, b.r.bottom) - Math.max(box.top, b.r.top) - 1;
      if (w > 0 && h > 0) { problems.push(`index of ${a.c.dataset.card} in ${pile.dataset.pile} covered by ${b.c.dataset.card} of ${b.c.dataset.pile}`); break; }
    }
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (x > 0 && y > 0 && x < innerWidth && y < innerHeight) {
      const hit = document.elementsFromPoint(x, y).map((e) => e.closest('.card')).find(Boolean);
      if (hit && hit !== a.c) problems.push(`index of ${a.c.dataset.card} in ${pile.dataset.pile} is under ${hit.dataset.card}`);
    }
  }
  return { problems, checked, card: parseFloat(getComputedStyle(document.querySelector('.board')).getPropertyValue('--card')) };
}"""


def moves_count(page) -> int:
    return int(page.locator("section.demo").get_attribute("data-moves"))


def settle(page) -> None:
    """Wait until the board has answered (no call in flight) and its cards
    have stopped moving."""
    page.wait_for_function("() => !document.querySelector('section.demo').hasAttribute('aria-busy')")
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})))")


def play(page, move: str) -> dict:
    """One move through the board (as its clicks and buttons play them)."""
    return page.evaluate("""async (move) => {
        await window.pasyansDemo.tryMove(move);
        await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})));
        return window.pasyansDemo.view;
    }""", move)


def random_moves(page, count: int, seed: int) -> dict:
    """Up to `count` random legal moves (card moves preferred over deals,
    so that fans grow); returns the last view."""
    rnd = random.Random(seed)
    view = page.evaluate("window.pasyansDemo.view")
    for _ in range(count):
        if not view["moves"] or view["outcome"]:
            break
        cards = [m for m in view["moves"] if ">" in m]
        move = rnd.choice(cards if cards and rnd.random() < 0.8 else view["moves"])
        view = play(page, move)
    return view


def clear_storage(page) -> None:
    page.evaluate("() => { for (const k of Object.keys(localStorage)) if (k.startsWith('pasyans.')) localStorage.removeItem(k); }")


def geometry_ok(page, when: str) -> dict:
    found = page.evaluate(GEOMETRY)
    assert found["problems"] == [], f"{when}: {found['problems'][:8]}"
    assert found["checked"] > 0
    return found


def corner(page, pile: str) -> dict:
    """A point inside the pile's top card (a fan's box is wider than one card)."""
    box = page.locator(f'.pile[data-pile="{pile}"]').bounding_box()
    card = page.locator(f'.board .card.top[data-pile="{pile}"]')
    if card.count():
        c = card.bounding_box()
        return {"x": c["x"] - box["x"] + c["width"] / 2, "y": c["y"] - box["y"] + min(c["height"] / 2, 20)}
    return {"x": min(box["width"], 30) / 2, "y": min(box["height"], 30) / 2}
