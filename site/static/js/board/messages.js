// What the board says: the verdict on a move (with the clauses of the book
// behind it), the end of the game in a banner that stays, and short notes.
import { highlightClause } from "../app.js";
import { say as notice } from "./notices.js";

function endingSummary(won, how) {
  return notice(`ending.${won ? "won" : "lost"}.${how}`) ?? notice(won ? "ending.won.says" : "ending.lost.says");
}

function endingReason(reason) {
  return notice("ending.reason", document.documentElement.lang === "ru" ? reason.ru : reason.en);
}

function rootUrl(path) {
  return new URL(path, new URL(document.body.dataset.root, location.href)).href;
}

/** The text a reader sees in a clause's layer: the other spelling's layer
 * and the apparatus tips (shown only on hover) left out. Read from a copy
 * rather than by innerText, which would make the browser lay out the whole
 * page again after every move (a third of a move's time). */
function shownText(element) {
  const copy = element.cloneNode(true);
  const hidden = document.documentElement.dataset.spelling === "modern" ? ".l-o" : ".l-m";
  for (const part of copy.querySelectorAll(`${hidden}, .tip`)) part.remove();
  return copy.textContent.replace(/\s+/g, " ").trim();
}

/** A clause of the book quoted in both languages, linked to its place. */
export function quote(id, cited) {
  const onPage = document.getElementById(id);
  const figure = document.createElement("blockquote");
  figure.dataset.clause = id;
  const ru = document.createElement("p");
  ru.lang = "ru";
  const en = document.createElement("p");
  en.lang = "en";
  const link = document.createElement("a");
  link.className = "clause-link";
  link.textContent = id;
  if (onPage && onPage.classList.contains("clause")) {
    ru.textContent = shownText(onPage.querySelector(".ru"));
    en.textContent = shownText(onPage.querySelector(".en"));
    link.href = "#" + id;
    link.addEventListener("click", (event) => {
      event.preventDefault();
      history.replaceState(null, "", "#" + id);
      highlightClause(id);
    });
  } else if (cited[id]) {
    const modern = document.documentElement.dataset.spelling === "modern";
    ru.textContent = modern && cited[id].ru_modern ? cited[id].ru_modern : cited[id].ru;
    en.textContent = cited[id].en;
    link.href = rootUrl(cited[id].url);
  } else {
    en.textContent = "(an editorial assumption of the engine; see the rules page)";
    link.href = rootUrl("rules.html");
  }
  figure.append(ru, en, link);
  return figure;
}

function ruleLinks(verdict) {
  const rules = document.createElement("p");
  rules.className = "rules";
  rules.append(verdict.clause_ids.length ? "Engine rules: " : "Engine rule (an editorial assumption, not the 1912 text): ");
  for (const id of verdict.rule_ids) {
    const link = document.createElement("a");
    link.href = rootUrl(`rules/${id.split(".")[0]}.html#rule-${id}`);
    link.textContent = id;
    rules.append(link, " ");
  }
  return rules;
}

/** Lines saying which reading of the text the verdict turns on, each with
 * a link to that reading's switch (board/readings.js makes the lines). */
function readingParts(lines) {
  return lines.map(({ id, text }) => {
    const p = document.createElement("p");
    p.className = "reading-verdict";
    p.dataset.reading = id;
    p.append(text + " ");
    const link = document.createElement("a");
    link.href = "#reading-" + id;
    link.textContent = "Switch the reading";
    p.append(link);
    return p;
  });
}

/** The verdict on a move: `said` names it in the player's words; `lines`
 * the readings it turns on. */
export function verdictParts(verdict, said, cited, lines = []) {
  const head = document.createElement("p");
  head.className = verdict.allowed ? "yes" : "no";
  head.textContent = `${said}: ${verdict.en} `;
  const ru = document.createElement("span");
  ru.lang = "ru";
  ru.textContent = verdict.ru;
  head.append(ru);
  const parts = [head, ...readingParts(lines)];
  if (verdict.allowed) {
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = "Which clauses allow this move";
    details.append(summary, ...verdict.clause_ids.map((id) => quote(id, cited)), ruleLinks(verdict));
    parts.push(details);
  } else {
    parts.push(...verdict.clause_ids.map((id) => quote(id, cited)), ruleLinks(verdict));
  }
  return parts;
}

/** The end of the game, for the banner: a heading, the clause, the record. */
export function outcomeParts(outcome, cited, recorded) {
  const head = document.createElement("p");
  head.className = "outcome-head";
  const ru = document.createElement("span");
  ru.lang = "ru";
  if (outcome.won) {
    head.textContent = "Won! ";
    ru.textContent = "Пасьянсъ вышелъ.";
  } else {
    head.textContent = "Lost — no move left. ";
    ru.textContent = "Пасьянсъ не вышелъ.";
  }
  head.append(ru);
  const parts = [head];
  const why = document.createElement("details");
  const summary = document.createElement("summary");
  // The one clause that ends the game, named for what it does there: a
  // clause that limits the deals is not "the clause that says the game is over".
  const ending = outcome.ending?.id ? outcome.ending : { id: outcome.clause_ids[0], how: "says" };
  summary.textContent = endingSummary(outcome.won, ending.how);
  why.append(summary);
  if (outcome.reason) why.append(Object.assign(document.createElement("p"), { className: "outcome-reason", textContent: endingReason(outcome.reason) }));
  if (ending.id) why.append(quote(ending.id, cited));
  else why.append(Object.assign(document.createElement("p"), { textContent: `Engine rule ${outcome.rule}.` }));
  why.open = true;
  parts.push(why);
  if (recorded) parts.push(Object.assign(document.createElement("p"), { className: "recorded", textContent: recorded }));
  return parts;
}

export function note(kind, text) {
  const p = document.createElement("p");
  p.className = kind;
  p.textContent = text;
  return p;
}
