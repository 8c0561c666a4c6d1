// Pile and card names in the reader's words: English, or Russian (in the
// modern spelling, as all the interface's Russian), following the
// interface's language (i18n.js). The words come from the build
// (site/data/pile-labels.json via board.py).
import { lang as uiLang, t } from "../i18n.js";

export function language() { return uiLang(); }

export function pileLabel(labels, id, lang = language()) {
  const entry = labels[id];
  if (!entry) return id;
  return lang === "en" ? entry.en : entry.ru_modern || entry.ru;
}

/** A pile's name for a sentence: an end of a row by its word, not its
 * arrow ("Row L1, right end", not "Row L1 →", which a sentence with
 * arrows of its own would garble). */
export function pileWords(labels, id, lang = language()) {
  const name = pileLabel(labels, id, lang);
  const end = id.split("-").find((token) => ["left", "right", "up", "down"].includes(token));
  const arrow = { left: "←", right: "→", up: "↑", down: "↓" }[end];
  return end && name.endsWith(" " + arrow) ? `${name.slice(0, -2)}, ${t("pile.end." + end, {}, lang)}` : name;
}

/** A card's name: "seven of hearts" or «семёрка червей». */
export function cardName(names, code, lang = language()) {
  if (code.startsWith("~")) return t("board.card.down", {}, lang);
  const pair = names[code];
  if (!pair) return code;
  return lang === "en" ? pair[1] : pair[0];
}
