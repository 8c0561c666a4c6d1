// The reading edition's behaviour on every page: the interface's language
// and the spelling switch, the English column of the whole-book page and
// the game pages, clause highlighting for permalinks, and "cite this" (cite.js).
import "./cite.js";
import { translate } from "./i18n.js";

/** The interface in `lang`: remembered when the reader chose it (or a
 * shared link did), and kept in the address so that a link to this page
 * opens in it. The page's scripts hear of it by the event "pasyans:ui". */
function setUi(lang, { remember = false, address = false } = {}) {
  window.pasyansUi.apply(lang);
  for (const button of document.querySelectorAll(".ui-lang button")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
  }
  translate(document);
  if (remember) try { localStorage.setItem("pasyans.ui", lang); } catch (error) { /* not persisted */ }
  if (address) {
    const url = new URL(location.href);
    url.searchParams.set("lang", lang);
    if (url.href !== location.href) history.replaceState(history.state, "", url.href);
  }
  document.dispatchEvent(new CustomEvent("pasyans:ui", { detail: { lang } }));
}

for (const button of document.querySelectorAll(".ui-lang button")) {
  button.addEventListener("click", () => setUi(button.dataset.lang, { remember: true, address: true }));
}
{
  const { lang, from } = window.pasyansUi.chosen();
  setUi(lang, { remember: from === "address" });
}

function setSpelling(layer) {
  window.pasyansSpelling.apply(layer);
  for (const button of document.querySelectorAll(".spelling button")) {
    button.setAttribute("aria-pressed", String(button.dataset.spelling === layer));
  }
  try { localStorage.setItem("pasyans.spelling", layer); } catch (error) { /* not persisted */ }
}

for (const button of document.querySelectorAll(".spelling button")) {
  button.addEventListener("click", () => setSpelling(button.dataset.spelling));
}
setSpelling(document.documentElement.dataset.spelling || "1912");

// The whole-book page shows the English beside the Russian on demand; a
// game page shows it to a reader of the English interface and hides it from
// a reader of the Russian one, until the reader says otherwise (the button's
// data-start: "hidden", or "en" for "shown in the English interface").
const english = document.querySelector("button.show-english");
function showEnglish(on, remember = false) {
  document.documentElement.dataset.english = on ? "shown" : "hidden";
  english?.setAttribute("aria-pressed", String(on));
  if (remember) try { localStorage.setItem("pasyans.english", on ? "shown" : "hidden"); } catch (error) { /* not persisted */ }
}
if (english) {
  let remembered = null;
  try { remembered = localStorage.getItem("pasyans.english"); } catch (error) { /* none */ }
  const start = () => english.dataset.start === "en" && document.documentElement.dataset.ui === "en";
  showEnglish(remembered ? remembered === "shown" : start());
  // until the reader says otherwise, a game page's English column follows the interface's language
  document.addEventListener("pasyans:ui", () => {
    let said = null;
    try { said = localStorage.getItem("pasyans.english"); } catch (error) { /* none */ }
    if (!said) showEnglish(start());
  });
  english.addEventListener("click", () => showEnglish(english.getAttribute("aria-pressed") !== "true", true));
}

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

// Any hash may arrive (a pasted link, a typo): one that is not a valid
// percent-encoding is looked up as it stands, and nothing here may throw.
export function idFromHash(hash) {
  const raw = hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw);
  } catch (error) {
    return raw;
  }
}

function fromHash() {
  const id = idFromHash(location.hash);
  if (id) highlightClause(id);
}
window.addEventListener("hashchange", fromHash);
fromHash();

// Print the editorial assumptions too: open every closed <details> for the
// print and close them again afterwards.
let opened = [];
window.addEventListener("beforeprint", () => {
  opened = [...document.querySelectorAll("details:not([open])")];
  for (const details of opened) details.open = true;
});
window.addEventListener("afterprint", () => {
  for (const details of opened) details.open = false;
  opened = [];
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
