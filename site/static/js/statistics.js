// The statistics page: every game's record from this browser (board/stats.js).
import * as stats from "./board/stats.js";
import { t, onChange } from "./i18n.js";

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

function fill() {
  for (const row of document.querySelectorAll("table.stats-all tbody tr[data-game]")) {
    const slug = row.dataset.game;
    const s = stats.statsOf(slug);
    const first = row.firstElementChild;
    const streak = stats.streakText(s);
    const reset = document.createElement("td");
    if (s.played) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = t("stats.page.reset");
      button.setAttribute("aria-label", t("stats.page.reset-one", { game: first.querySelector("a")?.innerText.trim() || slug }));
      button.addEventListener("click", () => { if (confirm(t("stats.page.reset-ask"))) { stats.reset(slug); fill(); } });
      reset.append(button);
    }
    const other = s.played - stats.underTheEditions(s).played;
    row.replaceChildren(first, cell(other ? t("stats.page.other", { played: s.played, other }) : String(s.played)), cell(String(s.won)), cell(String(s.lost)), cell(String(s.assisted || 0)), cell(stats.rate(s)),
      cell(streak), cell(String(s.bestStreak)), cell(stats.clock(s.bestTime)), cell(s.fewestMoves == null ? "—" : String(s.fewestMoves)), reset);
  }
}

document.querySelector("button.reset-all")?.addEventListener("click", () => {
  if (!confirm(t("stats.page.reset-all-ask"))) return;
  for (const row of document.querySelectorAll("table.stats-all tbody tr[data-game]")) stats.reset(row.dataset.game);
  fill();
onChange(fill);
});
fill();
onChange(fill);
