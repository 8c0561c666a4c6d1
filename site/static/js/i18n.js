// The interface's messages in the reader's language, from the catalogue
// the build writes (site/data/messages.json as assets/js/catalogue.js;
// edition/i18n.py renders the same messages into the pages). The language
// is <html data-ui> (spelling.js sets it before the first paint; app.js
// switches it and tells the page's scripts by the event "pasyans:ui").
import CATALOGUE from "./catalogue.js";

export const LANGUAGES = ["ru", "en"];

export function lang() {
  return document.documentElement.dataset.ui === "en" ? "en" : "ru";
}

const rules = {};
function plural(as, n) {
  rules[as] ||= new Intl.PluralRules(as);
  return rules[as].select(n);
}

/** Is there a message `key`? */
export function has(key) {
  return key in CATALOGUE;
}

/** Message `key` in the reader's language (or `as`), its {fields} filled from `values`. */
export function t(key, values = {}, as = lang()) {
  let entry = CATALOGUE[key]?.[as];
  if (entry === undefined) {
    console.error(`message ${key} is missing in ${as} (site/data/messages.json)`);
    return key;
  }
  if (typeof entry === "object") entry = entry[plural(as, Number(values.n))] ?? entry.many ?? entry.other;
  return entry.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** Set the attributes the page names by key (data-i18n-attr="aria-label=key title=key"). */
export function translate(root = document) {
  const as = lang();
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    // values the message is filled with, each a string or {ru, en}
    const given = el.dataset.i18nArgs ? JSON.parse(el.dataset.i18nArgs) : {};
    const values = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, typeof v === "object" ? v[as] : v]));
    for (const pair of el.dataset.i18nAttr.split(" ")) {
      const [name, key] = pair.split("=");
      el.setAttribute(name, t(key, values, as));
    }
  }
}

/** Call `fn(lang)` whenever the reader switches the language. */
export function onChange(fn) {
  document.addEventListener("pasyans:ui", (event) => fn(event.detail.lang));
}
