// The game log as events and the waiting line's decision kinds, in the page's language.
// A log entry comes from the server in the connection's language: its `text` and, one per
// event, its `lines` ({type, text, seat}). The shell draws one line per event, each with the
// seat colour of the seat it names (else the actor's), the renderer's icon for its type
// (`logIcon(type)`) and the players' names in their seat colours; the event types a renderer
// names in `logGroups` ({type: "round" | "phase"}) open a group under a heading of their own.
// Moves nobody chose by hand carry a mark: the clock's default, a bot playing for an absent
// person, a bot seat's own move. The latest lines go to a visually hidden live region.
import { h } from "./api.js";
import { logMark } from "./clocks.js";
import { seatClass, shellIcon } from "./draw.js";
import { addStrings, label, t } from "./i18n.js";

addStrings("talk", {
  en: { by_timeout: "by timeout", takeover: "bot plays for away {name}", by_bot: "bot", log_new: "Log" },
  ru: { by_timeout: "по истечении времени", takeover: "бот играет за отошедшего игрока {name}", by_bot: "бот", log_new: "Журнал" },
  it: { by_timeout: "per tempo scaduto", takeover: "un bot gioca per {name}, assente", by_bot: "bot", log_new: "Registro" },
  de: { by_timeout: "durch Zeitablauf", takeover: "Bot spielt für abwesend: {name}", by_bot: "Bot", log_new: "Protokoll" },
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
  if (entry.by === "bot" && seat && !seat.bot) {
    return h("span.log-by.takeover", {}, " ", shellIcon("bot"), ` ${say("takeover", { name })}`);
  }
  if (entry.by === "bot") return h("span.log-by.bot", { title: say("by_bot") }, " ", shellIcon("bot", say("by_bot")));
  return null;
}

const seatOf = (value) => (value === null || value === undefined ? null : Number(value));
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// A sentence with every seated player's name in that seat's colour (longest names first, so
// "Ann" never splits "Anna").
function painted(text, names) {
  const seats = Object.keys(names).filter((s) => names[s]).sort((a, b) => names[b].length - names[a].length);
  if (!seats.length) return [text];
  const bySeat = new Map(seats.map((s) => [names[s], s]));
  const pattern = new RegExp(`(${seats.map((s) => escape(names[s])).join("|")})`, "g");
  return text.split(pattern).filter((part) => part !== "").map((part) =>
    (bySeat.has(part) ? h(`span.seat-name.${seatClass(bySeat.get(part))}`, {}, part) : part));
}

// The renderer's icon of an event type (decoration: the sentence says it), or null.
function iconOf(board, type) {
  if (!board || typeof board.logIcon !== "function" || !type) return null;
  try {
    const el = board.logIcon(type);
    if (el && el.setAttribute) el.setAttribute("aria-hidden", "true");
    return el || null;
  } catch (err) {
    console.error(err);
    return null;
  }
}

// What opens a group, from the renderer's `logGroups` ("round" or "phase"), or null.
function groupOf(board, type) {
  const groups = board && board.logGroups;
  return groups && type && Object.prototype.hasOwnProperty.call(groups, type) ? groups[type] : null;
}

// An entry's lines: the server's `lines`, else one line of its `text` (an older server, or an
// action told by the game's `describe_done`).
function linesOf(entry) {
  if (Array.isArray(entry.lines) && entry.lines.length) return entry.lines;
  return entry.text ? [{ type: "", text: entry.text }] : [];
}

// One event's line: the seat dot (the seat it names, else the actor), the icon, the text.
function eventLine(line, entry, names, board) {
  const seat = seatOf(line.seat ?? entry.seat);
  return h(`div.log-line${seat === null ? "" : `.${seatClass(seat)}`}`, { dataset: { type: line.type || "" } },
    seat === null ? null : h("span.seat-dot", { "aria-hidden": "true" }),
    iconOf(board, line.type), h("span.log-text", {}, painted(line.text, names)));
}

// A group's heading: "Turn 2: feeding phase", drawn from the event that opens it.
export function logHeading(line, kind, board) {
  return h(`div.log-head.log-head-${kind}`, { dataset: { type: line.type, group: kind }, role: "heading", "aria-level": kind === "round" ? "4" : "5" },
    iconOf(board, line.type), h("span", {}, line.text));
}

// The parts of one entry: [{heading?, lines}] split where a line opens a group.
function parts(entry, board) {
  const out = [{ heading: null, lines: [] }];
  for (const line of linesOf(entry)) {
    const kind = groupOf(board, line.type);
    if (kind) out.push({ heading: { line, kind }, lines: [] });
    else out[out.length - 1].lines.push(line);
  }
  return out;
}

// The entry's block of lines: "12." then one line per event, the actor's name first only when
// no line names them, and the mark of a move nobody chose by hand at the end of the last line.
function entryBlock(entry, lines, names, seats, board, { first = true, last = true } = {}) {
  const seat = seatOf(entry.seat);
  const name = seat === null ? "" : names[seat] || `#${seat + 1}`;
  const drawn = lines.map((line) => eventLine(line, entry, names, board));
  if (first && name && drawn.length && !lines.some((line) => line.text.includes(name))) {
    drawn[0].querySelector(".log-text").prepend(h(`b.seat-name.${seatClass(seat)}`, {}, name), ": ");
  }
  const mark = last ? byMark(entry, name, seat === null ? null : seats[seat]) : null;
  if (mark && drawn.length) drawn[drawn.length - 1].append(mark);
  return h(`div.log-entry${first ? "" : ".log-cont"}${seat === null ? "" : `.${seatClass(seat)}`}`,
    { dataset: { v: entry.v, by: entry.by || "human" } },
    h("span.log-v", { "aria-hidden": first ? null : "true" }, first ? `${entry.v}.` : ""),
    h("div.log-lines", {}, drawn));
}

// One log entry as one element (entries with no sentence: null): "12." and its lines, a line
// that opens a group drawn as a heading inside it. `board` is the game's renderer module (or
// null): its optional `logGroups` and `logIcon(type)` are used.
export function logLine(entry, names, seats = [], board = null) {
  const nodes = logNodes([entry], names, seats, board, { headings: false });
  return nodes.length ? nodes[0] : null;
}

// The whole log as a flat list of nodes: group headings (`.log-head.log-head-round|phase`)
// and entries (`.log-entry[data-v]`; an entry that a heading splits goes on under it as
// `.log-entry.log-cont` with the same `data-v`). For `logEl.replaceChildren(...nodes)`.
export function logNodes(entries, names, seats = [], board = null, { headings = true } = {}) {
  const out = [];
  for (const entry of entries) {
    if (!entry || !linesOf(entry).length) continue;
    const split = parts(entry, board);
    if (!headings) {
      const lines = split.flatMap((p) => (p.heading ? [p.heading.line, ...p.lines] : p.lines));
      out.push(entryBlock(entry, lines, names, seats, board));
      continue;
    }
    const lastWith = split.map((p) => p.lines.length > 0).lastIndexOf(true);
    let first = true;
    split.forEach((p, i) => {
      if (p.heading) out.push(logHeading(p.heading.line, p.heading.kind, board));
      if (!p.lines.length) return;
      out.push(entryBlock(entry, p.lines, names, seats, board, { first, last: i === lastWith }));
      first = false;
    });
    if (lastWith < 0) {  // only headings: the entry's number and mark go on the last one
      const mark = byMark(entry, names[entry.seat] || "", seats[entry.seat]);
      if (mark) out[out.length - 1].append(mark);
    }
  }
  return out;
}

// The spoken form of an entry's lines (for the live region).
function spoken(entry) {
  return linesOf(entry).map((line) => line.text).join(" ");
}

// Draw the log into `logEl` (the room's `#log`): grouped lines, scrolled to the end, and the
// lines of entries newer than those already announced read out through a visually hidden live
// region placed after it (`#log-live`, aria-live polite; the first drawing announces nothing).
export function renderLog(logEl, entries, names, seats = [], board = null) {
  logEl.replaceChildren(...logNodes(entries, names, seats, board));
  logEl.scrollTop = logEl.scrollHeight;
  let live = logEl.parentNode ? logEl.parentNode.querySelector(":scope > #log-live") : null;
  if (!live && logEl.parentNode) {
    live = h("div.visually-hidden#log-live", { role: "log", "aria-live": "polite", "aria-atomic": "false", "aria-label": say("log_new") });
    logEl.after(live);
  }
  const newest = entries.length ? Math.max(...entries.map((e) => Number(e.v) || 0)) : 0;
  const heard = Number(logEl.dataset.heard || "-1");
  if (live && heard >= 0 && newest > heard) {
    const fresh = entries.filter((e) => Number(e.v) > heard).map(spoken).filter(Boolean);
    if (fresh.length) live.replaceChildren(...fresh.slice(-5).map((text) => h("div", {}, text)));
  }
  logEl.dataset.heard = String(newest);
}
