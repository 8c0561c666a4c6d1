// What a reader of the Russian interface sees and hears in Latin letters:
// every word of two letters or more in the visible text and in the
// aria-label, title, placeholder and aria-roledescription attributes, outside
// what is marked as English (the translation, the editors' English notes,
// the English names of the games), code, identifiers ("belle-lucie.rule.1")
// and addresses. `allowed` lists the words a Russian page writes in Latin too.
(allowed) => {
  const skip = "[lang=en], [lang=fr], code, script, style, dialog:not([open]), .ui-lang";
  const ok = new Set(allowed);
  const words = (text) => (text.replace(/https?:\/\/\S+/g, " ").replace(/[\w-]+(\.[\w-]+)+/g, " ")
    .match(/[A-Za-z]{2,}/g) || []).filter((w) => !ok.has(w) && !/^[IVXLCDM]+$/.test(w));
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(skip) || !el.checkVisibility({ checkVisibilityCSS: true })) continue;
    for (const word of words(node.textContent)) found.push(`${word} (${el.tagName.toLowerCase()}.${el.className})`);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [aria-roledescription]")) {
    if (el.closest(skip)) continue;
    for (const name of ["aria-label", "title", "placeholder", "aria-roledescription"]) {
      for (const word of words(el.getAttribute(name) || "")) found.push(`${word} (@${name} ${el.tagName.toLowerCase()})`);
    }
  }
  return found;
}
