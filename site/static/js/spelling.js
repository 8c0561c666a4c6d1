// Runs in <head> before the body is drawn, so that the remembered spelling
// layer (and the tab's title in it) shows from the first paint; the switch
// itself is in app.js, which calls pasyansSpelling.apply.
"use strict";
window.pasyansSpelling = {
  oldTitle: document.title,
  apply(layer) {
    document.documentElement.dataset.spelling = layer;
    const modern = document.querySelector('meta[name="title-modern"]')?.content;
    document.title = layer === "modern" && modern ? modern : this.oldTitle;
  },
};
try {
  const chosen = localStorage.getItem("pasyans.spelling");
  if (chosen === "modern" || chosen === "1912") window.pasyansSpelling.apply(chosen);
} catch (error) { /* storage may be disabled: keep the 1912 default */ }
