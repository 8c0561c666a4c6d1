// Client-side search over the Russian (both spellings) and English text:
// every word of the query must occur; hits are ranked (the book's text,
// then the glossary, the editors' notes, the engine's rules) and shown in
// their context with the matching words marked, in both spelling layers.
// fold() must match edition/markup.py's fold(): lower case, ѣ→е, і→и,
// ѳ→ф, ѵ→и, ё→е, and a final ъ dropped.
import { t, onChange } from "./i18n.js";

const FOLD = { "\u0463": "е", "\u0456": "и", "\u0473": "ф", "\u0475": "и", "\u0451": "е" };
const KINDS = ["clause", "term", "note", "rule"];
const CONTEXT = 70; // characters of context on each side of the first hit

export function fold(text) {
  return foldWithMap(text).folded;
}

// The folded text and, for each of its characters, where it came from in
// `text`, so that a hit in the folded text can be marked in the original.
export function foldWithMap(text) {
  const chars = [...text.normalize("NFC")];
  let folded = "";
  const map = [];
  let at = 0;
  chars.forEach((char, k) => {
    const lower = char.toLowerCase();
    const next = chars[k + 1];
    const finalHardSign = lower === "\u044a" && !(next && /\p{L}/u.test(next));
    if (!finalHardSign) {
      for (const piece of lower) {
        folded += FOLD[piece] || piece;
        map.push(at);
      }
    }
    at += char.length;
  });
  map.push(at);
  return { folded, map };
}

const layers = (value) => (Array.isArray(value) ? value : [value || "", value || ""]);

// The hits of `words` in `text`: [start, end) ranges of the original text,
// each widened to the whole word it falls in.
export function hits(text, words) {
  const { folded, map } = foldWithMap(text);
  const ranges = [];
  for (const word of words) {
    for (let k = folded.indexOf(word); k >= 0; k = folded.indexOf(word, k + 1)) {
      let start = map[k];
      let end = map[k + word.length - 1] + 1;
      while (start > 0 && /[\p{L}\p{N}]/u.test(text[start - 1])) start--;
      while (end < text.length && /[\p{L}\p{N}]/u.test(text[end])) end++;
      ranges.push([start, end]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

// Keyword in context: the text around the first hit, the hits in <mark>.
export function snippet(text, ranges) {
  const fragment = document.createDocumentFragment();
  let from = 0;
  let to = text.length;
  if (ranges.length) {
    from = Math.max(0, ranges[0][0] - CONTEXT);
    to = Math.min(text.length, ranges[0][1] + CONTEXT * 2);
  } else {
    to = Math.min(text.length, CONTEXT * 3);
  }
  // Cut at spaces so that no word is cut in two.
  if (from > 0) from = text.indexOf(" ", from) + 1 || from;
  if (to < text.length) to = text.lastIndexOf(" ", to) > from ? text.lastIndexOf(" ", to) : to;
  if (from > 0) fragment.append("… ");
  let at = from;
  for (const [start, end] of ranges) {
    if (end <= from || start >= to) continue;
    fragment.append(text.slice(at, Math.max(at, start)));
    const mark = document.createElement("mark");
    mark.textContent = text.slice(Math.max(at, start), Math.min(end, to));
    fragment.append(mark);
    at = Math.min(end, to);
  }
  fragment.append(text.slice(at, to));
  if (to < text.length) fragment.append(" …");
  return fragment;
}

// Whole words (a hit at the start of a word) rank before parts of words,
// more hits before fewer, and then the book's order.
function score(entry, words) {
  const kind = KINDS.indexOf(entry.kind);
  const starts = words.filter((word) => new RegExp(`(^|[^\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "u").test(entry.f)).length;
  const count = words.reduce((n, word) => n + entry.f.split(word).length - 1, 0);
  return [kind < 0 ? KINDS.length : kind, -starts, -count, entry.order];
}

function compare(a, b) {
  for (let k = 0; k < a.score.length; k++) if (a.score[k] !== b.score[k]) return a.score[k] - b.score[k];
  return 0;
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
    entries.forEach((entry, order) => {
      entry.order = order;
      entry.f = fold([...layers(entry.ru), ...layers(entry.en), entry.id].join(" \u0001 "));
    });
  }
  return entries;
}

// One text in both spelling layers (a single span where they agree).
function layered(value, words, lang) {
  const [old, modern] = layers(value);
  const paragraph = document.createElement("p");
  paragraph.lang = lang;
  if (old === modern) {
    paragraph.append(snippet(old, hits(old, words)));
    return paragraph;
  }
  const oldSpan = document.createElement("span");
  oldSpan.className = "l-o";
  if (lang === "ru") oldSpan.lang = "ru-petr1708";
  oldSpan.append(snippet(old, hits(old, words)));
  const modernSpan = document.createElement("span");
  modernSpan.className = "l-m";
  modernSpan.append(snippet(modern, hits(modern, words)));
  paragraph.append(oldSpan, modernSpan);
  return paragraph;
}


function render(found, words) {
  list.replaceChildren();
  for (const entry of found.slice(0, 100)) {
    const item = document.createElement("li");
    item.dataset.kind = entry.kind;
    const link = document.createElement("a");
    link.href = entry.url;
    link.textContent = `${entry.title} · ${entry.id}`;
    const kind = document.createElement("span");
    kind.className = "kind";
    kind.textContent = ["clause", "term", "note", "rule"].includes(entry.kind) ? t("search.kind." + entry.kind) : entry.kind;
    item.append(link, " ", kind);
    if (layers(entry.ru)[0]) item.append(layered(entry.ru, words, "ru"));
    if (layers(entry.en)[0]) item.append(layered(entry.en, words, "en"));
    list.append(item);
  }
  const more = found.length > 100 ? t("search.first-100") : "";
  status.textContent = words.length ? t("search.count", { n: found.length }) + more : "";
}

export async function search(query) {
  const words = fold(query).split(/[\s,.;:!?«»"“”()]+/).filter(Boolean);
  const all = await load();
  const found = words.length ? all.filter((entry) => words.every((word) => entry.f.includes(word))) : [];
  for (const entry of found) entry.score = score(entry, words);
  found.sort(compare);
  return { found, words };
}

async function run() {
  const query = input.value;
  const { found, words } = await search(query);
  if (input.value !== query) return; // a later keystroke is on its way
  render(found, words);
  list.dataset.query = query; // which query the list answers (for tests and assistive tech)
  const url = new URL(location.href);
  url.searchParams.set("q", query);
  history.replaceState(null, "", url);
}

if (input) {
  input.addEventListener("input", run);
  onChange(() => { if (input.value) run(); }); // the results' words in the interface's new language
  input.form.addEventListener("submit", (event) => { event.preventDefault(); run(); });
  const initial = new URL(location.href).searchParams.get("q");
  if (initial) { input.value = initial; run(); }
}
