// What the engine is doing while the player waits for it (engine.js's
// onCall): nothing to show for a quick answer; for a slow one a line over
// the table ("Still thinking… 5 s") with Cancel beside it; while a stopped
// or cancelled worker is replaced, that the game is kept. The line lies over
// the table's top edge so that showing it never moves the cards.

// The line's words, in both interface languages (the page's <html lang>).
const TEXT = {
  slow: { en: "Still thinking…", ru: "Ещё думаю…" },
  cancel: { en: "Cancel", ru: "Отменить" },
  restarting: { en: "Restarting the game engine; your game is kept…", ru: "Движок игры перезапускается; партия сохранена…" },
  cancelled: { en: "Cancelled. The game is as it was.", ru: "Отменено. Партия осталась как была." },
  stopped: {
    en: (why) => `The game engine stopped answering (${why}). Press Retry: your game is kept.`,
    ru: (why) => `Движок игры перестал отвечать (${why}). Перезапустите его кнопкой рядом: партия сохранена.`,
  },
  timeout: {
    en: (s) => `The game engine gave no answer in ${s} s and was restarted. The game is as it was.`,
    ru: (s) => `Движок игры не ответил за ${s} с и был перезапущен. Партия осталась как была.`,
  },
};

export function words(key, ...args) {
  const entry = TEXT[key][document.documentElement.lang === "ru" ? "ru" : "en"];
  return typeof entry === "function" ? entry(...args) : entry;
}

export class Busy {
  /** The line inside `frame` (the table's frame); `onCancel` on its button. */
  constructor(frame, onCancel) {
    this.el = document.createElement("div");
    this.el.className = "engine-busy";
    this.el.setAttribute("role", "status");
    this.el.hidden = true;
    this.text = document.createElement("span");
    this.button = document.createElement("button");
    this.button.type = "button";
    this.button.dataset.op = "cancel";
    this.button.textContent = words("cancel");
    this.button.addEventListener("click", () => onCancel());
    this.el.append(this.text, " ", this.button);
    frame.prepend(this.el);
  }

  /** engine.js's call state: {state: "slow" | "done" | "restarting" | "restarted"}. */
  show({ state }) {
    clearInterval(this.tick);
    this.el.dataset.state = state;
    if (state === "slow") {
      const since = performance.now() - 3000; // the call was already this slow when said (engine.js CALL_SLOW_MS)
      const say = () => { this.text.textContent = `${words("slow")} ${Math.round((performance.now() - since) / 1000)} s`; };
      say();
      this.tick = setInterval(say, 1000);
      this.button.hidden = false;
      this.el.hidden = false;
    } else if (state === "restarting") {
      this.text.textContent = words("restarting");
      this.button.hidden = true;
      this.el.hidden = false;
    } else {
      this.el.hidden = true;
    }
  }
}
