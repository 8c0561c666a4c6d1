// What the board says: the verdict on a move (with the clauses of the book
// behind it), the end of the game in a banner that stays, and short notes.
import { highlightClause } from "../app.js";
import { t, lang } from "../i18n.js";

// The heading over the one clause that ends the game, for what it does
// there (Game.ENDING's how): a clause that limits the deals is not "the
// clause that says the game is over".
const ENDING_HOW = ["says", "goal", "limit", "assumption"];

function endingSummary(won, how) {
  const end = won ? "won" : "lost";
  const known = ENDING_HOW.includes(how) && !(won && how === "limit") && !(!won && how === "goal");
  return t("outcome.ending." + end + "." + (known ? how : "says"));
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
    ru.textContent = t("board.verdict.no-clause");
    ru.lang = lang();
    en.textContent = "";
    link.href = rootUrl("rules.html");
  }
  // The book's words always; the edition's English beside them in the English interface.
  figure.append(ru);
  if (lang() === "en" && en.textContent) figure.append(en);
  figure.append(link);
  return figure;
}

function ruleLinks(verdict) {
  const rules = document.createElement("p");
  rules.className = "rules";
  rules.append(t(verdict.clause_ids.length ? "board.verdict.rules" : "board.verdict.assumption"));
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
    link.textContent = t("board.verdict.switch");
    p.append(link);
    return p;
  });
}

/** The verdict on a move in one line that names the cards: `said` is the
 * move in the player's words ("4♥ cannot go on 5♣" for a refusal, then the
 * reason; a legal move's whole line, "4♥ on 5♣ (Fan 3)."); the clauses of
 * the book behind it and the engine's rules one click away; `lines` the
 * readings it turns on. */
export function verdictParts(verdict, said, cited, lines = []) {
  const head = document.createElement("p");
  head.className = verdict.allowed ? "yes" : "no";
  const reason = (lang() === "en" ? verdict.en : verdict.ru).replace(/^(Not allowed|Allowed|Нельзя|Можно):\s*/, "");
  head.textContent = verdict.allowed ? said : `${said}: ${reason}`;
  const details = document.createElement("details");
  details.className = "why";
  const summary = document.createElement("summary");
  summary.textContent = t(verdict.allowed ? "verdict.why.allowed" : "verdict.why.refused");
  details.append(summary);
  if (verdict.allowed) details.append(Object.assign(document.createElement("p"), { className: "reason", textContent: reason }));
  details.append(...verdict.clause_ids.map((id) => quote(id, cited)), ruleLinks(verdict));
  return [head, ...readingParts(lines), details];
}

/** The end of the game, for the banner: a heading, the clause, the record. */
export function outcomeParts(outcome, cited, recorded) {
  const head = document.createElement("p");
  head.className = "outcome-head";
  head.textContent = t(outcome.won ? "board.outcome.won" : "board.outcome.lost");
  const parts = [head];
  const why = document.createElement("details");
  const summary = document.createElement("summary");
  const ending = outcome.ending?.id ? outcome.ending : { id: outcome.clause_ids[0], how: "says" };
  summary.textContent = endingSummary(outcome.won, ending.how);
  why.append(summary);
  if (outcome.reason) why.append(Object.assign(document.createElement("p"), { className: "outcome-reason", textContent: t("outcome.reason", { why: outcome.reason[lang()] }) }));
  if (ending.id) why.append(quote(ending.id, cited));
  else why.append(Object.assign(document.createElement("p"), { textContent: t("board.outcome.rule", { rule: outcome.rule }) }));
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
