// Runs in <head> before the body is drawn, so that the remembered spelling
// layer and the interface's language (and the tab's title in them) show
// from the first paint; the switches themselves are in app.js, which calls
// pasyansSpelling.apply and pasyansUi.apply.
"use strict";
(function () {
  const html = document.documentElement;
  const oldTitle = document.title;
  const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content;
  function title() {
    // an English title where the page has one of its own; a game's title
    // (Russian and English already) follows the spelling in either language
    const en = html.dataset.ui === "en" && meta("title-en") !== meta("title-modern") && meta("title-en");
    const modern = html.dataset.spelling === "modern" && meta("title-modern");
    document.title = en || modern || oldTitle;
  }
  window.pasyansSpelling = {
    oldTitle,
    apply(layer) {
      html.dataset.spelling = layer;
      title();
    },
  };
  // The interface's language: the address's ?lang= (a shared link), the
  // reader's own choice (remembered), the browser's preference, Russian.
  window.pasyansUi = {
    languages: ["ru", "en"],
    chosen() {
      const known = (value) => (this.languages.includes(value) ? value : null);
      let asked = null;
      try { asked = known(new URLSearchParams(location.search).get("lang")); } catch (error) { /* no address */ }
      if (asked) return { lang: asked, from: "address" };
      let kept = null;
      try { kept = known(localStorage.getItem("pasyans.ui")); } catch (error) { /* storage may be disabled */ }
      if (kept) return { lang: kept, from: "choice" };
      for (const tag of navigator.languages || [navigator.language || ""]) {
        const lang = known(String(tag).toLowerCase().split("-")[0]);
        if (lang) return { lang, from: "browser" };
      }
      return { lang: "ru", from: "default" };
    },
    apply(lang) {
      html.dataset.ui = lang;
      html.lang = lang;
      title();
    },
  };
  try {
    const chosen = localStorage.getItem("pasyans.spelling");
    if (chosen === "modern" || chosen === "1912") window.pasyansSpelling.apply(chosen);
  } catch (error) { /* storage may be disabled: keep the 1912 default */ }
  window.pasyansUi.apply(window.pasyansUi.chosen().lang);
})();
