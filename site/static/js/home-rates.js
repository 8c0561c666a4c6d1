// The home page's table of games: beside the solver's measured win rate,
// the player's own (board/stats.js), as "yours / measured". A small hook:
// it finds each game's row by its link and adds one column, so the table's
// own markup stays the solver's and the edition's to change.
import * as stats from "./board/stats.js";
import { t, onChange } from "./i18n.js";

const table = document.querySelector("table.games");
if (table) {
  const head = table.querySelector("thead tr");
  const th = document.createElement("th");
  th.scope = "col";
  th.className = "your-rate";
  const link = document.createElement("a");
  link.href = "statistics.html";
  const name = () => { link.textContent = t("stats.page.rate"); };
  name();
  th.append(link);
  // Right before the measured rate, so that the two read "yours / measured".
  const measured = head.querySelector("th.measured");
  head.insertBefore(th, measured || null);
  const at = measured ? [...head.children].indexOf(th) : -1;
  for (const row of table.querySelectorAll("tbody tr")) {
    const slug = row.querySelector('a[href*="games/"]')?.getAttribute("href").match(/games\/([^/.#]+)\.html/)?.[1];
    // the measured rate is the edition's readings': games under other readings are left out of the comparison
    const s = slug ? stats.underTheEditions(stats.statsOf(slug)) : null;
    const td = document.createElement("td");
    td.className = "your-rate";
    const fill = () => {
      td.dataset.label = t("stats.page.rate");
      const helped = s?.assisted ? t("home.rate.helped", { n: s.assisted }) : "";
      td.textContent = s && s.played ? t("home.your-rate.value", { rate: stats.rate(s), won: s.won, played: stats.decided(s), helped }) : "—";
    };
    fill();
    onChange(fill);
    row.insertBefore(td, at >= 0 ? row.children[at] || null : null);
  }
  onChange(name);
}
