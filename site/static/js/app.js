// The reading edition's behaviour on every page: the spelling switch,
// clause highlighting for permalinks, and "cite this".

function setSpelling(layer) {
  document.documentElement.dataset.spelling = layer;
  for (const button of document.querySelectorAll(".spelling button")) {
    button.setAttribute("aria-pressed", String(button.dataset.spelling === layer));
  }
  try { localStorage.setItem("pasyans.spelling", layer); } catch (error) { /* not persisted */ }
}

for (const button of document.querySelectorAll(".spelling button")) {
  button.addEventListener("click", () => setSpelling(button.dataset.spelling));
}
setSpelling(document.documentElement.dataset.spelling || "1912");

// Highlight the clause a link points to, and scroll it into view.
export function highlightClause(id) {
  const target = document.getElementById(id);
  if (!target) return null;
  const closed = target.closest("details:not([open])");
  if (closed) closed.open = true; // a linked assumption must be shown
  for (const old of document.querySelectorAll(".highlight")) old.classList.remove("highlight");
  target.classList.add("highlight");
  target.scrollIntoView({ block: "center" });
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
  return target;
}

function fromHash() {
  const id = decodeURIComponent(location.hash.slice(1));
  if (id) highlightClause(id);
}
window.addEventListener("hashchange", fromHash);
fromHash();

// "cite this": a citation naming the clause, the edition's version and the
// permalink, shown in a small box and copied when the browser allows.
const box = document.querySelector(".cite-box");
document.addEventListener("click", (event) => {
  const button = event.target.closest("button.cite");
  if (!button || !box) return;
  const id = button.dataset.clause;
  const url = new URL("#" + id, location.href).href;
  const title = document.querySelector("h1")?.textContent.trim() || "";
  const text = `“Двадцать четыре основные пасьянса съ двадцатью таблицами” (St Petersburg: M. O. Wolff, 1912), ${title}, clause ${id}. pasyans digital edition, version ${document.body.dataset.version}. ${url}`;
  box.querySelector(".cite-text").textContent = text;
  box.hidden = false;
  button.setAttribute("aria-expanded", "true");
  box.querySelector(".cite-close").focus();
  navigator.clipboard?.writeText(text).catch(() => {});
});
box?.querySelector(".cite-close").addEventListener("click", () => {
  box.hidden = true;
  for (const b of document.querySelectorAll("button.cite[aria-expanded=true]")) b.setAttribute("aria-expanded", "false");
});

// Keep an apparatus note inside the window: a mark near the right edge of
// a narrow screen would push its note off it.
function placeTip(event) {
  const mark = event.target.closest?.(".app");
  const tip = mark?.querySelector(".tip");
  if (!tip) return;
  tip.style.left = "0px";
  requestAnimationFrame(() => {
    const box = tip.getBoundingClientRect();
    const overflow = box.right - (document.documentElement.clientWidth - 8);
    if (overflow > 0) tip.style.left = `${-Math.min(overflow, box.left - 8)}px`;
  });
}
document.addEventListener("focusin", placeTip);
document.addEventListener("mouseover", placeTip);
