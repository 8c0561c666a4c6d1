// The words of the board's controls added by issue 28 (a deal in the
// address, one-click deals, games solved with help), in both interface
// languages, kept together until they move into the message catalogue.
const TEXT = {
  badDeal: {
    en: (asked, deal) => `The address asks for deal “${asked}”, which is not a deal number (a whole number from 1 to 2147483647): deal № ${deal} is open instead.`,
    ru: (asked, deal) => `В адресе указана раздача «${asked}», но номер раздачи — целое число от 1 до 2147483647: открыта раздача № ${deal}.`,
  },
  badInput: {
    en: "A deal number is a whole number from 1 to 2147483647.",
    ru: "Номер раздачи — целое число от 1 до 2147483647.",
  },
  dealAll: { en: "Deal all", ru: "Сдать всё" },
  dealAllTitle: {
    en: "Deal every card the book deals without a choice, in its order, up to the first choice",
    ru: "Сдать по порядку книги все карты, которые сдаются без выбора, до первого выбора",
  },
  dealtAll: {
    en: (n, more) => `${n} card${n === 1 ? "" : "s"} dealt in the book’s order${more ? ": now a choice is yours." : "."}`,
    ru: (n, more) => `Сдано по порядку книги: ${n} ${plural(n, "карта", "карты", "карт")}${more ? ". Теперь выбор за вами." : "."}`,
  },
  autoNone: {
    en: "Auto-move is on: no move here is proved safe yet (the solver's proofs hold only in some positions, often once no redeal is left); each one that is will be played after your moves.",
    ru: "Автоход включён: здесь пока ни один ход не доказан безопасным (доказательства решателя верны лишь в некоторых позициях, часто когда пересдач не осталось); каждый доказанный будет сыгран после ваших ходов.",
  },
  // The end banner's heading over the clause that ends the game (Game.ENDING's how).
  "ending.won.says": { en: "The clause that says the game is won", ru: "Пункт, по которому пасьянс сошёлся" },
  "ending.won.goal": { en: "The clause that says where every card must end", ru: "Пункт о том, где должны лечь все карты" },
  "ending.won.assumption": {
    en: "The text is silent here: the engine’s assumption of where every card must end",
    ru: "Текст здесь молчит: допущение движка о том, где должны лечь все карты",
  },
  "ending.lost.says": { en: "The clause that says the game has failed", ru: "Пункт, по которому пасьянс не сошёлся" },
  "ending.lost.limit": {
    en: "No move is left, and this clause allows no further deal: its limit is reached",
    ru: "Ходов нет, а этот пункт больше не позволяет раскладывать: его предел исчерпан",
  },
  "ending.lost.assumption": {
    en: "The text is lost or silent here: the engine’s assumption that ends the game",
    ru: "Текст здесь утрачен или молчит: допущение движка, которым кончается пасьянс",
  },
  "ending.reason": { en: (why) => `The engine’s rule: ${why}.`, ru: (why) => `Правило движка: ${why}.` },
};

function plural(n, one, few, many) {
  const tens = n % 100, units = n % 10;
  if (tens >= 11 && tens <= 14) return many;
  return units === 1 ? one : units >= 2 && units <= 4 ? few : many;
}

/** The words of `key` in the page's language (undefined for an unknown key). */
export function say(key, ...args) {
  const entry = TEXT[key]?.[document.documentElement.lang === "ru" ? "ru" : "en"];
  return typeof entry === "function" ? entry(...args) : entry;
}
