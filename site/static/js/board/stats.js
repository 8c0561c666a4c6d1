// A player's statistics per game, kept in the browser (storage.js):
// games played, won, lost, the current and the best streaks, the best time
// and the fewest moves of a win. A game counts once, when it ends: won,
// lost (no move left), or given up (a new deal or a restart in the middle
// of a game, which the board asks the player to confirm). A game finished
// by playing the solver's solution is "solved with help": played, neither
// won nor lost, so it leaves the streak as it was and stays out of the rate.
import { read, write, forget, keys } from "./storage.js";
import { t } from "../i18n.js";

const EMPTY = { played: 0, won: 0, lost: 0, assisted: 0, streak: 0, bestStreak: 0, worstStreak: 0,
  bestTime: null, fewestMoves: null, last: [], under: {} };

// A set of readings as one key ("id=alt, id=alt"; "" for the edition's own).
export function readingsKey(readings) {
  return Object.entries(readings || {}).sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, alt]) => `${id}=${alt}`).join(", ");
}

export function statsOf(slug) {
  const kept = read("stats." + slug);
  return kept && !kept.damaged ? { ...EMPTY, ...kept } : { ...EMPTY };
}

/** Record the end of one game: result "won", "lost" or "abandoned". */
export function record(slug, { result, deal, ms, moves, assisted, readings }) {
  const s = statsOf(slug);
  s.played += 1;
  const won = result === "won" && !assisted;
  const helped = result === "won" && assisted;
  if (helped) s.assisted += 1;
  else if (won) {
    s.won += 1;
    s.streak = s.streak > 0 ? s.streak + 1 : 1;
    s.bestStreak = Math.max(s.bestStreak, s.streak);
    if (ms != null) s.bestTime = s.bestTime == null ? ms : Math.min(s.bestTime, ms);
    if (moves != null) s.fewestMoves = s.fewestMoves == null ? moves : Math.min(s.fewestMoves, moves);
  } else {
    s.lost += 1;
    s.streak = s.streak < 0 ? s.streak - 1 : -1;
    s.worstStreak = Math.min(s.worstStreak, s.streak);
  }
  const entry = { result: won ? "won" : result === "won" ? "assisted" : result, deal, ms, moves, at: Date.now() };
  const key = readingsKey(readings);
  if (key) { // played under other readings than the edition's: counted apart too, as the odds differ
    entry.readings = readings;
    const under = (s.under = { ...s.under });
    const assisted = (under[key]?.assisted || 0) + (helped ? 1 : 0);
    under[key] = { played: (under[key]?.played || 0) + 1, won: (under[key]?.won || 0) + (won ? 1 : 0) };
    if (assisted) under[key].assisted = assisted; // kept only where one was
  }
  s.last = [entry,
    ...s.last].slice(0, 20);
  write("stats." + slug, s);
  return s;
}

export function reset(slug) { forget("stats." + slug); }

export function allGames() {
  return keys("stats.").map((key) => key.slice("stats.".length));
}

export function clock(ms) {
  if (ms == null) return "—";
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  return (h ? `${h}:${String(m).padStart(2, "0")}` : `${m}`) + `:${String(sec).padStart(2, "0")}`;
}

/** The games the player decided alone: played less those solved with help. */
export function decided(s) {
  return s.played - (s.assisted || 0);
}

/** Won of the games decided alone (a game solved with help is neither). */
export function rate(s) {
  const n = decided(s);
  return n > 0 ? `${Math.round((100 * s.won) / n)}%` : "—";
}

/** The games played under the edition's readings alone: the ones the measured rate compares with. */
export function underTheEditions(s) {
  const other = Object.values(s.under || {});
  return { played: s.played - other.reduce((n, u) => n + u.played, 0), won: s.won - other.reduce((n, u) => n + u.won, 0),
    assisted: (s.assisted || 0) - other.reduce((n, u) => n + (u.assisted || 0), 0) };
}

/** The current streak in words ("3 won", "2 lost", "—"). */
export function streakText(s) {
  return s.streak > 0 ? t("stats.streak.won", { n: s.streak }) : s.streak < 0 ? t("stats.streak.lost", { n: -s.streak }) : "—";
}

/** The rows of a statistics table: [label, value] pairs. */
export function rows(s) {
  return [
    [t("stats.played"), String(s.played)],
    [t("stats.won"), t("stats.won.value", { won: s.won, rate: rate(s) })],
    [t("stats.lost"), String(s.lost)],
    [t("stats.assisted"), String(s.assisted)],
    [t("stats.streak"), streakText(s)],
    [t("stats.best-streak"), String(s.bestStreak)],
    [t("stats.worst-streak"), String(-s.worstStreak)],
    [t("stats.best-time"), clock(s.bestTime)],
    [t("stats.fewest-moves"), s.fewestMoves == null ? "—" : String(s.fewestMoves)],
    ...Object.entries(s.under || {}).map(([key, u]) => [t("stats.under", { key }), t("stats.under.value", { won: u.won, played: u.played, rate: rate(u) })]),
  ];
}
