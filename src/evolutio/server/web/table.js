// The table's extras around a game's renderer, for every game: the running score, the
// end-of-game panel (winners, the score's breakdown, the tie-break, the game's statistics),
// the legal actions as buttons with the ones that end a phase set apart behind a confirming
// click, the undo button, and on narrow screens a bar that jumps to the table, chat or log.
import { h } from "./api.js";
import { addStrings, localized, t } from "./i18n.js";
import { seatClass, shellIcon } from "./draw.js";

const MOD = "table";
addStrings(MOD, {
  en: { score: "Score", total: "Total", winner: "Winner", winners: "Winners", place: "Place",
    breakdown: "Score breakdown", statistics: "Statistics", undo: "Undo my last move",
    confirm: "Confirm", confirm_hint: "Click again to confirm", table: "Table",
    end_actions: "Ends your turn or phase" },
  ru: { score: "Очки", total: "Итого", winner: "Победитель", winners: "Победители", place: "Место",
    breakdown: "Подсчёт очков", statistics: "Статистика", undo: "Отменить мой последний ход",
    confirm: "Подтвердить", confirm_hint: "Нажмите ещё раз для подтверждения", table: "Стол",
    end_actions: "Завершает ваш ход или фазу" },
  it: { score: "Punteggio", total: "Totale", winner: "Vincitore", winners: "Vincitori", place: "Posto",
    breakdown: "Dettaglio del punteggio", statistics: "Statistiche", undo: "Annulla la mia ultima mossa",
    confirm: "Conferma", confirm_hint: "Clicca di nuovo per confermare", table: "Tavolo",
    end_actions: "Termina il tuo turno o la fase" },
  de: { score: "Punkte", total: "Gesamt", winner: "Sieger", winners: "Sieger", place: "Platz",
    breakdown: "Punkteaufstellung", statistics: "Statistik", undo: "Meinen letzten Zug zurücknehmen",
    confirm: "Bestätigen", confirm_hint: "Zum Bestätigen erneut klicken", table: "Tisch",
    end_actions: "Beendet deinen Zug oder die Phase" },
});
const w = (key) => t(key, MOD);

// The seats whose score parts are open: kept across frames, which redraw the strip.
const openSeats = new Set();

// The running score: one entry per seat, opened (tap or click) to show its parts.
export function liveScore(score, names, label, mySeat) {
  if (!score || !Array.isArray(score.seats)) return null;
  const toggled = (i) => (ev) => { if (ev.target.open) openSeats.add(i); else openSeats.delete(i); };
  return h("div.score-strip#live-score", {}, h("span.muted", {}, `${w("score")}:`),
    score.seats.map((seat, i) => h(`details.score-seat.${seatClass(i)}${i === mySeat ? ".me" : ""}`,
      { dataset: { seat: i }, open: openSeats.has(i), ontoggle: toggled(i) },
      h("summary", {}, h("span.seat-dot", { "aria-hidden": "true" }), `${names[i] || i + 1} `, h("b.score-total", {}, String(seat.total))),
      h("ul.score-parts", {}, seat.parts.map(([id, points]) => h("li", {}, `${label(id)}: ${points}`))))));
}

// A list of ids as their names, each once with its count ("Fat tissue ×3").
function counted(items, label) {
  const counts = new Map();
  for (const x of items) counts.set(String(x), (counts.get(String(x)) || 0) + 1);
  return [...counts].map(([x, n]) => (n > 1 ? `${label(x)} ×${n}` : label(x))).join(", ") || "–";
}

// A statistic of Outcome.stats as text: numbers as they are, lists of ids as their names
// (per seat when the list holds one list per seat).
function statText(value, names, label) {
  if (Array.isArray(value)) {
    if (value.every(Array.isArray)) {
      return value.map((items, seat) => `${names[seat] || seat + 1}: ${counted(items, label)}`).join(" · ");
    }
    return value.every((x) => typeof x === "string") ? counted(value, label) : value.join(", ") || "–";
  }
  if (value && typeof value === "object") return Object.entries(value).map(([k, v]) => `${label(k)}: ${v}`).join(", ");
  return String(value);
}

// The end of a game: winners, places, the breakdown table, the tie-break, the statistics.
export function gameOverPanel(outcome, names, label, entry, links, mark = () => "") {
  const seats = outcome.ranks.map((_, seat) => seat).sort((a, b) => outcome.ranks[a] - outcome.ranks[b]);
  // the breakdown's columns in seat order, as the score strip and the seats list show them
  const bySeat = outcome.ranks.map((_, seat) => seat);
  const who = (s) => h(`span.seat-name.${seatClass(s)}`, {}, h("span.seat-dot", { "aria-hidden": "true" }), names[s] || s + 1);
  const winners = outcome.winners || seats.filter((s) => outcome.ranks[s] === 1);
  const board = outcome.breakdown;
  let table = null;
  if (board && Array.isArray(board.seats)) {
    const ids = [];
    for (const seat of board.seats) for (const [id] of seat.parts) if (!ids.includes(id)) ids.push(id);
    const points = (seat, id) => { const part = board.seats[seat].parts.find(([x]) => x === id); return part ? part[1] : 0; };
    table = h("table.list.breakdown#breakdown", {},
      h("thead", {}, h("tr", {}, h("th", {}, w("breakdown")), bySeat.map((s) => h("th", { dataset: { seat: s } }, who(s))))),
      h("tbody", {}, ids.map((id) => h("tr", { dataset: { part: id } }, h("td", {}, label(id)), bySeat.map((s) => h("td.num", {}, String(points(s, id)))))),
        h("tr.total", {}, h("th", {}, w("total")), bySeat.map((s) => h("th.num", {}, String(board.seats[s].total)))),
        h("tr.place", {}, h("td", {}, w("place")), bySeat.map((s) => h("td.num", {}, String(outcome.ranks[s]))))));
  }
  const tallies = (entry && entry.info && entry.info.tallies) || [];
  const stats = tallies.filter((x) => outcome.stats && outcome.stats[x.name] !== undefined)
    .map((x) => h("div", { dataset: { stat: x.name } }, h("b", {}, `${localized(x.label, x.name)}: `), statText(outcome.stats[x.name], names, label)));
  return h("div.panel.outcome#game-over", {}, h("h3", {}, t("game_over")),
    h("div#winners", {}, `${winners.length > 1 ? w("winners") : w("winner")}: `,
      h("b", {}, winners.map((s) => names[s] || s + 1).join(", "))),
    h("ol", {}, seats.map((seat) => h("li", { dataset: { seat } }, who(seat), `: ${outcome.scores[seat]}${mark(seat)}`))),
    board && board.tiebreak ? h("div#tiebreak", {}, label(board.tiebreak)) : null,
    table ? h("div.scroll-x", {}, table) : null,
    stats.length ? h("div#stats", {}, h("h4", {}, w("statistics")), stats) : null,
    links);
}

// One legal action's button: an action that ends a turn or a phase (`confirm`) sends only on
// a second click (the first arms it); the others send at once.
export function actionButton(version, act, rerender, armed) {
  return (item) => {
    const ready = armed.version === version && armed.index === item.index;
    return h(`button.act${item.confirm ? ".ends" : ""}${ready ? ".armed" : ""}`, {
      dataset: { index: item.index }, title: item.confirm ? w("confirm_hint") : item.notation,
      onclick: () => {
        if (item.confirm && !ready) { armed.version = version; armed.index = item.index; rerender(); return; }
        armed.version = -1; act(item);
      },
    }, ready ? h("b", {}, `${w("confirm")}: `) : null, h("span", {}, item.text));
  };
}

// "Undo my last move", while the server offers it (the state frame's `undo`).
export function undoButton(st, send) {
  if (!st || !st.undo) return null;
  return h("button#undo", { onclick: (ev) => { ev.currentTarget.disabled = true; send({ type: "undo", version: st.version }); } }, shellIcon("undo"), ` ${w("undo")}`);
}

// On narrow screens: a bar fixed at the bottom that jumps to the table, the chat or the log.
export function roomTabs(targets) {
  const go = (el) => () => { if (el) el.scrollIntoView({ block: "start" }); };
  return h("nav.room-tabs#room-tabs", {},
    h("button#tab-table", { onclick: go(targets.table) }, w("table")),
    h("button#tab-chat", { onclick: go(targets.chat) }, t("chat")),
    h("button#tab-log", { onclick: go(targets.log) }, t("log")));
}
