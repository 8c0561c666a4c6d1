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

/** A card's name: "seven of hearts" or «семёрка червей». */
export function cardName(names, code, lang = language()) {
  if (code.startsWith("~")) return t("board.card.down", {}, lang);
  const pair = names[code];
  if (!pair) return code;
  return lang === "en" ? pair[1] : pair[0];
}
