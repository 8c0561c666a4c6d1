// "cite": a permalink and the reference in three formats (a plain-text
// reference, BibTeX, CSL-JSON) for a clause or for the page, in the
// spelling the reader has chosen. The bibliographic record is the page's
// #cite-data (edition/citation.py); a clause's element carries its id, game,
// witness and line.

function today() {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()];
}

function isoDate([year, month, day]) {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

// What is cited: {record, layer, url, accessed, clause?: {id, part, witness, line}}.
// The title of the part cited (a game, a front section) or of the page.
function partTitle(target) {
  const { record, layer, clause } = target;
  const slug = clause ? clause.part : record.page.game;
  const part = slug && record.parts[slug];
  if (part) return { ru: part.ru[layer], en: part.en, witnesses: part.witnesses };
  return { ru: "", en: record.page.title_en, witnesses: [] };
}

function where(target) {
  const { clause } = target;
  if (!clause) return "";
  const place = [clause.witness && `witness ${clause.witness}`, clause.line && `line ${clause.line}`].filter(Boolean);
  return `clause ${clause.id}${place.length ? ` (${place.join(", ")})` : ""}`;
}

export function plainText(target) {
  const { record, layer, url, accessed } = target;
  const book = record.book;
  const part = partTitle(target);
  const title = part.ru ? `«${part.ru}» (${part.en})` : part.en;
  const pieces = [
    `«${book.title[layer]}» (${book.place[layer]}: ${book.publisher[layer]}, ${book.date})`,
    [title, where(target)].filter(Boolean).join(", "),
    `${record.edition.title}, version ${record.edition.version}, ${layer === "modern" ? "modern" : "1912"} spelling`,
    `${url} (accessed ${isoDate(accessed)})`,
  ];
  return pieces.filter(Boolean).join(". ") + ".";
}

// BibTeX: braces must balance and the special characters are escaped.
function bib(value) {
  return String(value).replace(/[\\{}%&$#_^~]/g, (c) => (c === "\\" ? "\\textbackslash{}" : c === "^" || c === "~" ? `\\${c}{}` : `\\${c}`));
}

export function citeKey(target) {
  const id = target.clause ? target.clause.id : target.record.page.game || "edition";
  return `pasyans-${id}`.replace(/[^A-Za-z0-9_.:-]/g, "-");
}

export function bibtex(target) {
  const { record, layer, url, accessed } = target;
  const book = record.book;
  const part = partTitle(target);
  const note = [where(target), part.witnesses.length && `witness${part.witnesses.length > 1 ? "es" : ""} ${part.witnesses.join(", ")}`,
    `${layer === "modern" ? "modern" : "1912"} spelling`].filter(Boolean).join("; ");
  // Values are escaped here; the editor is a corporate name, braced so that
  // BibTeX does not split it into given and family names; a URL stays verbatim.
  const fields = [
    ["title", bib(book.title[layer])],
    part.ru || part.en ? ["chapter", bib(part.ru ? `${part.ru} (${part.en})` : part.en)] : null,
    ["publisher", bib(book.publisher[layer])],
    ["address", bib(book.place[layer])],
    ["year", bib(book.date)],
    ["edition", bib(`${record.edition.title}, version ${record.edition.version}`)],
    ["editor", `{${bib(record.edition.editors)}}`],
    ["note", bib(note)],
    ["url", url],
    ["urldate", isoDate(accessed)],
    ["langid", "russian"],
  ].filter(Boolean);
  const body = fields.map(([name, value]) => `  ${name} = {${value}}`);
  return `@${part.ru || part.en ? "inbook" : "book"}{${citeKey(target)},\n${body.join(",\n")}\n}`;
}

export function cslJson(target) {
  const { record, layer, url, accessed } = target;
  const book = record.book;
  const part = partTitle(target);
  const item = {
    id: citeKey(target),
    type: part.ru || part.en ? "chapter" : "book",
    title: part.ru ? `${part.ru} (${part.en})` : part.en || book.title[layer],
    "container-title": book.title[layer],
    publisher: book.publisher[layer],
    "publisher-place": book.place[layer],
    issued: { "date-parts": [[Number(book.date)]] },
    editor: [{ literal: record.edition.editors }],
    edition: `${record.edition.title}, version ${record.edition.version}`,
    language: layer === "modern" ? "ru" : "ru-petr1708",
    note: [where(target), `${layer === "modern" ? "modern" : "1912"} spelling`].filter(Boolean).join("; "),
    URL: url,
    accessed: { "date-parts": [accessed] },
  };
  if (item.type === "book") delete item["container-title"];
  return JSON.stringify([item], null, 2);
}

export const FORMATS = { plain: plainText, bibtex, csl: cslJson };

// The dialog.
import { t } from "./i18n.js";

const dialog = document.querySelector(".cite-dialog");
let record = null;
try {
  record = JSON.parse(document.getElementById("cite-data")?.textContent || "null");
} catch (error) { /* no record: the buttons stay inert */ }

function targetFor(button) {
  const layer = document.documentElement.dataset.spelling === "modern" ? "modern" : "1912";
  const base = new URL(location.href);
  base.hash = "";
  const element = button.dataset.clause && document.getElementById(button.dataset.clause);
  const clause = element ? { id: element.id, part: element.dataset.game, witness: element.dataset.witness, line: element.dataset.line } : null;
  const url = clause ? `${base.href}#${encodeURIComponent(clause.id)}` : base.href;
  return { record, layer, url, accessed: today(), clause };
}

let opener = null;
function open(button) {
  const target = targetFor(button);
  dialog.querySelector(".cite-what").textContent = target.clause ? t("cite.what.clause", { id: target.clause.id }) : t("cite.what.page");
  dialog.querySelector(".cite-url").value = target.url;
  for (const [name, format] of Object.entries(FORMATS)) dialog.querySelector(`.cite-${name}`).textContent = format(target);
  dialog.querySelector(".cite-status").textContent = "";
  opener = button;
  dialog.showModal();
}

if (dialog && record) {
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button.cite");
    if (button) open(button);
  });
  dialog.querySelector(".cite-close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => opener?.focus());
  dialog.addEventListener("click", async (event) => {
    const copy = event.target.closest(".cite-copy");
    if (!copy) return;
    const text = dialog.querySelector(`.cite-${copy.dataset.format}`).textContent;
    const status = dialog.querySelector(".cite-status");
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = t("cite.copied");
    } catch (error) {
      // No clipboard (an insecure origin, a refusal): select it for Ctrl+C.
      getSelection().selectAllChildren(dialog.querySelector(`.cite-${copy.dataset.format}`));
      status.textContent = t("cite.selected");
    }
  });
}
