// Client-side search over the Russian (both spellings) and English text.
// fold() must match edition/markup.py's fold(): lower case, ѣ→е, і→и,
// ѳ→ф, ѵ→и, ё→е, and a final ъ dropped.
const FOLD = { "\u0463": "е", "\u0456": "и", "\u0473": "ф", "\u0475": "и", "\u0451": "е" };

export function fold(text) {
  return text.normalize("NFC").toLowerCase()
    .replace(/[\u0463\u0456\u0473\u0475\u0451]/g, (c) => FOLD[c])
    .replace(/\u044a(?!\p{L})/gu, "");
}

const input = document.getElementById("q");
const list = document.querySelector(".results");
const status = document.querySelector(".search-status");
let entries = null;

async function load() {
  if (!entries) {
    const response = await fetch(new URL("assets/search-index.json", new URL(document.body.dataset.root, location.href)));
    entries = await response.json();
    // What a query is matched against: every text of the entry, folded.
    for (const entry of entries) entry.f = fold([entry.o || "", entry.ru, entry.en, entry.id].join(" "));
  }
  return entries;
}

function render(found, words) {
  list.replaceChildren();
  for (const entry of found.slice(0, 100)) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = entry.url;
    link.textContent = `${entry.title} · ${entry.id}`;
    const ru = document.createElement("p");
    ru.lang = "ru";
    ru.textContent = entry.ru;
    const en = document.createElement("p");
    en.textContent = entry.en;
    item.append(link, ru, en);
    list.append(item);
  }
  status.textContent = words.length ? `${found.length} result${found.length === 1 ? "" : "s"}` : "";
}

async function run() {
  const words = fold(input.value).split(/\s+/).filter(Boolean);
  const all = await load();
  const found = words.length ? all.filter((entry) => words.every((word) => entry.f.includes(word))) : [];
  render(found, words);
  list.dataset.query = input.value; // which query the list answers (for tests and assistive tech)
  const url = new URL(location.href);
  url.searchParams.set("q", input.value);
  history.replaceState(null, "", url);
}

if (input) {
  input.addEventListener("input", run);
  input.form.addEventListener("submit", (event) => { event.preventDefault(); run(); });
  const initial = new URL(location.href).searchParams.get("q");
  if (initial) { input.value = initial; run(); }
}
