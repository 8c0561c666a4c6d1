// Pile names in the reader's words: English, or Russian in the spelling the
// page shows (1912 or modern; app.js keeps it on <html data-spelling>).
// The words come from the build (site/data/pile-labels.json via board.py).
import { read, write } from "./storage.js";

export function language() {
  return read("board.language", "en") === "ru" ? "ru" : "en";
}

export function setLanguage(lang) { write("board.language", lang === "ru" ? "ru" : "en"); }

export function pileLabel(labels, id, lang = language()) {
  const entry = labels[id];
  if (!entry) return id;
  if (lang === "en") return entry.en;
  return document.documentElement.dataset.spelling === "modern" ? entry.ru_modern : entry.ru;
}

/** A card's name: "seven of hearts" or «семёрка черви». */
export function cardName(names, code, lang = language()) {
  if (code.startsWith("~")) return lang === "en" ? "face down" : "рубашкой вверх";
  const pair = names[code];
  if (!pair) return code;
  return lang === "en" ? pair[1] : pair[0];
}
