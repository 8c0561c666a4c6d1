// Runs in <head> before the body is drawn, so that the remembered spelling
// layer shows from the first paint (the switch itself is in app.js).
"use strict";
try {
  const chosen = localStorage.getItem("pasyans.spelling");
  if (chosen === "modern" || chosen === "1912") document.documentElement.dataset.spelling = chosen;
} catch (error) { /* storage may be disabled: keep the 1912 default */ }
