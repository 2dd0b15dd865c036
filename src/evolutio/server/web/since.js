// "Since your last move": the others' moves since the viewer last acted, as one line of chips
// above the table (each in its player's colour), with a button that replays the table through
// them; and the table-first decision bar's words.
import { h } from "./api.js";
import { addStrings, t } from "./i18n.js";
import { seatClass, shellIcon } from "./draw.js";

const MOD = "since";
addStrings(MOD, {
  en: { since: "Since your last move", replay: "Replay", replaying: "Replaying…", skip: "Skip to your move",
    list_moves: "List every move", list_moves_title: "Show every legal move as a button",
    table_moves: "Play on the table", table_moves_title: "Pick cards and targets on the table; only the other moves as buttons",
    pick_on_table: "Choose on the table: the highlighted things can be used (Tab and Enter work too).",
    pick_next: "Now choose on the table where it goes: the highlighted things.", clock_left: "time left",
    none_yet: "no moves yet" },
  ru: { since: "С вашего последнего хода", replay: "Повтор", replaying: "Повтор…", skip: "К вашему ходу",
    list_moves: "Все ходы списком", list_moves_title: "Показать каждый возможный ход кнопкой",
    table_moves: "Играть на столе", table_moves_title: "Выбирайте карты и цели на столе; кнопками только остальные ходы",
    pick_on_table: "Выберите на столе: подсвеченное можно использовать (работают Tab и Enter).",
    pick_next: "Теперь выберите на столе, куда: подсвеченное.", clock_left: "осталось времени",
    none_yet: "ходов пока нет" },
  it: { since: "Dalla tua ultima mossa", replay: "Rivedi", replaying: "Rivedo…", skip: "Vai alla tua mossa",
    list_moves: "Elenca ogni mossa", list_moves_title: "Mostra ogni mossa possibile come pulsante",
    table_moves: "Gioca sul tavolo", table_moves_title: "Scegli carte e bersagli sul tavolo; solo le altre mosse come pulsanti",
    pick_on_table: "Scegli sul tavolo: si può usare ciò che è evidenziato (funzionano anche Tab e Invio).",
    pick_next: "Ora scegli sul tavolo dove: ciò che è evidenziato.", clock_left: "tempo rimasto",
    none_yet: "ancora nessuna mossa" },
  de: { since: "Seit deinem letzten Zug", replay: "Wiederholen", replaying: "Wiederholung…", skip: "Zu deinem Zug",
    list_moves: "Alle Züge als Liste", list_moves_title: "Jeden möglichen Zug als Schaltfläche zeigen",
    table_moves: "Auf dem Tisch spielen", table_moves_title: "Karten und Ziele auf dem Tisch wählen; nur die übrigen Züge als Schaltflächen",
    pick_on_table: "Wähle auf dem Tisch: Hervorgehobenes kann genutzt werden (Tab und Enter gehen auch).",
    pick_next: "Wähle jetzt auf dem Tisch, wohin: das Hervorgehobene.", clock_left: "verbleibende Zeit",
    none_yet: "noch keine Züge" },
});

export const tableWords = (key) => t(key, MOD);

// The log entries since the viewer's own last one (the moves of the others and the game's own).
export function sinceEntries(log, mySeat) {
  if (mySeat === null || mySeat === undefined) return [];
  let start = 0;
  for (let i = log.length - 1; i >= 0; i--) if (log[i].seat === mySeat) { start = i + 1; break; }
  return log.slice(start).filter((e) => e.text);
}

function short(text) {
  const one = String(text).replace(/\s+/g, " ").trim();
  return one.length > 70 ? `${one.slice(0, 69)}…` : one;
}

// The strip, or null when there is nothing to show (a spectator, or nobody moved since).
export function sinceStrip(log, mySeat, names, seats, onReplay, replaying) {
  const entries = sinceEntries(log, mySeat);
  if (!entries.length) return null;
  // one chip per event (the entry's lines), in the colour of the seat it names, else the actor's
  const events = entries.flatMap((e) => (Array.isArray(e.lines) && e.lines.length ? e.lines : [{ text: e.text }])
    .map((line) => ({ v: e.v, actor: e.seat, seat: line.seat ?? e.seat, text: line.text })));
  const chips = events.slice(-12).map((e) => {
    const seat = e.seat === null || e.seat === undefined ? null : e.seat;
    const who = e.actor === null || e.actor === undefined ? "" : names[e.actor] || `${e.actor + 1}`;
    const bot = who && seats[e.actor] && seats[e.actor].bot;
    return h(`span.since-entry.${seatClass(seat) || "seat-none"}`, { dataset: { v: e.v, seat: seat ?? "" }, title: e.text },
      h("span.seat-dot", { "aria-hidden": "true" }), bot ? shellIcon("bot", t("bot")) : null,
      who && !e.text.includes(who) ? h("b.seat-name", {}, `${who}: `) : null, short(e.text));
  });
  return h("div.since#since", { role: "region", "aria-label": tableWords("since") },
    h("span.since-title", {}, tableWords("since")),
    h("button.since-replay#since-replay", { onclick: onReplay, disabled: replaying, title: tableWords("replay") },
      shellIcon("replay"), ` ${tableWords(replaying ? "replaying" : "replay")}`),
    h("div.since-entries", { tabindex: "0", "aria-label": tableWords("since") }, chips));
}
