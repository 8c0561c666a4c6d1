// What the engine is doing while the player waits for it (engine.js's
// onCall): nothing to show for a quick answer; for a slow one a line over
// the table ("Still thinking… 5 s") with Cancel beside it; while a stopped
// or cancelled worker is replaced, that the game is kept. The line lies over
// the table's top edge so that showing it never moves the cards.

import { onChange, t } from "../i18n.js";

// The line's words come from the message catalogue (board.busy.*), in the
// interface's language; `words` is also how demo.js says a cancel or a restart.
const FIELDS = { stopped: "why", timeout: "s" };

export function words(key, value) {
  return t(`board.busy.${key}`, FIELDS[key] ? { [FIELDS[key]]: value } : {});
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
    onChange(() => {
      this.button.textContent = words("cancel");
      if (this.el.dataset.state === "restarting") this.text.textContent = words("restarting");
    });
  }

  /** engine.js's call state: {state: "slow" | "done" | "restarting" | "restarted"}. */
  show({ state }) {
    clearInterval(this.tick);
    this.el.dataset.state = state;
    if (state === "slow") {
      const since = performance.now() - 3000; // the call was already this slow when said (engine.js CALL_SLOW_MS)
      const say = () => { this.text.textContent = t("board.busy.slow", { s: Math.round((performance.now() - since) / 1000) }); };
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
