// The game log as events and the waiting line's decision kinds, in the page's language.
// A log entry's text comes from the server in the connection's language (the game's event
// sentences); the shell adds the seat's name when the sentence does not say it, and a mark
// for moves nobody chose by hand: the clock's default, a bot playing for an absent person.
import { h } from "./api.js";
import { logMark } from "./clocks.js";
import { addStrings, label, t } from "./i18n.js";

addStrings("talk", {
  en: { by_timeout: "by timeout", takeover: "bot plays for away {name}", by_bot: "bot" },
  ru: { by_timeout: "по истечении времени", takeover: "бот играет за отошедшего игрока {name}", by_bot: "бот" },
  it: { by_timeout: "per tempo scaduto", takeover: "un bot gioca per {name}, assente", by_bot: "bot" },
  de: { by_timeout: "durch Zeitablauf", takeover: "Bot spielt für abwesend: {name}", by_bot: "Bot" },
});

const say = (key, fields = {}) =>
  t(key, "talk").replace(/\{(\w+)\}/g, (_, name) => (name in fields ? fields[name] : `{${name}}`));

// The name of a decision kind ("feeding") from the game's labels (`kind:<kind>`), else the
// renderer's own word for it, else the kind itself.
export function kindLabel(game, kind) {
  const named = label(game, `kind:${kind}`);
  return named === `kind:${kind}`.replaceAll("_", " ") ? t(kind, game) : named;
}

// The mark of how a move came (null for a person's own move): a bot's move at a person's
// seat (``seat.bot`` empty) is a take-over.
export function byMark(entry, name, seat) {
  if (entry.by === "timeout") return logMark(entry);  // the clock's mark (clocks.js)
  if (entry.by === "bot" && seat && !seat.bot) return h("span.log-by.takeover", {}, `🤖 ${say("takeover", { name })}`);
  if (entry.by === "bot") return h("span.log-by.bot", { title: say("by_bot") }, "🤖");
  return null;
}

// One log line: "12. Ada plays a new animal A3 ⏱ by timeout" (entries with no sentence: none).
export function logLine(entry, names, seats = []) {
  if (!entry.text) return null;
  const seat = entry.seat === null || entry.seat === undefined ? null : entry.seat;
  const name = seat === null ? "" : names[seat] || `#${seat + 1}`;
  const who = name && !entry.text.includes(name) ? h("b", {}, `${name}: `) : null;
  const mark = byMark(entry, name, seat === null ? null : seats[seat]);
  return h("div.log-entry", { dataset: { v: entry.v, by: entry.by || "human" } },
    `${entry.v}. `, who, entry.text, mark ? " " : null, mark);
}
