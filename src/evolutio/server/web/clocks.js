// Clocks as players know them: every seat's time (a time bank runs down while its seat
// decides), a low-time warning, the room's time control in words and as form controls, and
// the mark on a log entry played by a timeout. The server's fields: docs/protocol.md, "Clocks".
import { h } from "./api.js";
import { shellIcon } from "./draw.js";
import { addStrings, t } from "./i18n.js";

addStrings("clocks", {
  en: { time: "Time", per_move: "per decision", bank: "time bank", bank_min: "Bank (min)", increment: "Increment (s)",
    days: "Days per move", turn_based: "turn-based", no_clock: "no clock", by_timeout: "by timeout",
    by_timeout_title: "The clock ran out: the server played this move.", day_short: "d", hour_short: "h",
    days_per_move: "{n} d per move", mode_move: "Clock per decision", mode_bank: "Time bank + increment",
    mode_days: "Turn-based (days per move)", seconds_short: "s", clocks: "Clocks", low: "Low on time" },
  ru: { time: "Время", per_move: "на решение", bank: "запас времени", bank_min: "Запас (мин)", increment: "Добавка (с)",
    days: "Дней на ход", turn_based: "по переписке", no_clock: "без часов", by_timeout: "по истечении времени",
    by_timeout_title: "Время вышло: этот ход сделал сервер.", day_short: "д", hour_short: "ч",
    days_per_move: "{n} д на ход", mode_move: "Часы на каждое решение", mode_bank: "Запас времени + добавка",
    mode_days: "По переписке (дней на ход)", seconds_short: "с", clocks: "Часы", low: "Мало времени" },
  it: { time: "Tempo", per_move: "per decisione", bank: "riserva di tempo", bank_min: "Riserva (min)", increment: "Incremento (s)",
    days: "Giorni per mossa", turn_based: "a turni", no_clock: "senza orologio", by_timeout: "per tempo scaduto",
    by_timeout_title: "Il tempo è scaduto: il server ha giocato questa mossa.", day_short: "g", hour_short: "h",
    days_per_move: "{n} g per mossa", mode_move: "Orologio per decisione", mode_bank: "Riserva di tempo + incremento",
    mode_days: "A turni (giorni per mossa)", seconds_short: "s", clocks: "Orologi", low: "Poco tempo" },
  de: { time: "Zeit", per_move: "pro Entscheidung", bank: "Zeitkonto", bank_min: "Zeitkonto (min)", increment: "Zuschlag (s)",
    days: "Tage pro Zug", turn_based: "rundenbasiert", no_clock: "ohne Uhr", by_timeout: "durch Zeitablauf",
    by_timeout_title: "Die Zeit ist abgelaufen: der Server hat diesen Zug gespielt.", day_short: "T", hour_short: "h",
    days_per_move: "{n} T pro Zug", mode_move: "Uhr pro Entscheidung", mode_bank: "Zeitkonto + Zuschlag",
    mode_days: "Rundenbasiert (Tage pro Zug)", seconds_short: "s", clocks: "Uhren", low: "Wenig Zeit" },
});

const w = (key) => t(key, "clocks");
const DAY = 86400;

// Seconds as a clock shows them: 45s, 4:05, 1:04:05, 2d 3h.
export function formatSeconds(seconds) {
  const s = Math.max(0, Math.ceil(Number(seconds) || 0));
  const two = (n) => String(n).padStart(2, "0");
  const down = Math.floor(Number(seconds) || 0);  // days and hours count whole ones left
  if (down >= DAY) return `${Math.floor(down / DAY)}${w("day_short")} ${Math.floor((down % DAY) / 3600)}${w("hour_short")}`;
  if (s >= 3600) return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  if (s >= 60) return `${Math.floor(s / 60)}:${two(s % 60)}`;
  return `${s}${w("seconds_short")}`;
}

// Whether a clock with this many seconds left is low (turn-based rooms: under six hours).
export function isLow(seconds, room) {
  return Number(seconds) < (room && room.days ? 6 * 3600 : 15);
}

// The room's time control in words (lobby rows and the room's options line).
export function timingText(room) {
  if (!room) return "";
  if (room.days) return `${w("turn_based")}: ${w("days_per_move").replace("{n}", room.days)}`;
  if (room.bank) return `${w("bank")} ${formatSeconds(room.bank)} + ${room.increment || 0}${w("seconds_short")}`;
  if (room.clock) return `${formatSeconds(room.clock)} ${w("per_move")}`;
  return "";
}

// The time-control controls: a mode, then its fields. `values` holds clock, bank, increment
// and days (seconds, days); `onChange(name, value)` gets each change; `prefix` names the ids
// (the lobby's per-decision field keeps the id "clock"); `live` reports every keystroke (a
// form sent later) instead of each finished change (the host's options, sent at once).
export function timeControls(values, prefix, onChange, live = false) {
  const box = h("span.row.time-controls", { id: `${prefix}time` });
  let mode = values.days ? "days" : values.bank ? "bank" : "move";
  const num = (id, value, attrs, name, scale = 1) => h("input", { id, type: "number", min: 0, value, style: "width:5em", ...attrs,
    [live ? "oninput" : "onchange"]: (ev) => onChange(name, Math.max(0, Math.round(Number(ev.target.value) * scale))) });
  function draw() {
    const select = h("select", { id: `${prefix}time-mode`, onchange: (ev) => {
      mode = ev.target.value;
      if (mode === "move") onChange("clock", values.clock || 60);
      if (mode === "bank") onChange("bank", values.bank || 300);
      if (mode === "days") onChange("days", values.days || 1);
      draw();
    } }, ["move", "bank", "days"].map((m) => h("option", { value: m, selected: m === mode }, w(`mode_${m}`))));
    const fields = mode === "days"
      ? [h("label.option", {}, `${w("days")} `, num(`${prefix}days`, values.days || 1, { min: 1, max: 14 }, "days"))]
      : mode === "bank"
        ? [h("label.option", {}, `${w("bank_min")} `, num(`${prefix}bank`, Math.round((values.bank || 300) / 60), { min: 1, max: 360 }, "bank", 60)),
          h("label.option", {}, `${w("increment")} `, num(`${prefix}increment`, values.increment || 0, { max: 3600 }, "increment"))]
        : [h("label.option", {}, `${t("clock")} `, num(prefix ? `${prefix}clock` : "clock", values.clock || 0, { max: 3600 }, "clock"))];
    box.replaceChildren(h("label.option", {}, `${w("time")} `, select), ...fields);
  }
  draw();
  return box;
}

// Seconds left on `seat`'s clock in state frame `st` (its decision's time while it decides,
// else its bank), or null.
export function seatSeconds(st, seat) {
  const key = String(seat);
  // a seat without a clock has null (a room with no time control): nothing to show
  if (st.clocks && st.clocks[key] != null) return { left: st.clocks[key], running: true };
  if (st.banks && st.banks[key] != null) return { left: st.banks[key], running: false };
  return null;
}

// Every seat's clock under the decision; those deciding count down (see tick).
export function renderClocks(el, st, room, names) {
  const seats = room && room.seats ? room.seats.map((s) => s.seat) : [];
  const shown = seats.map((seat) => [seat, st && !st.outcome ? seatSeconds(st, seat) : null]).filter(([, c]) => c);
  if (!shown.length) { el.replaceChildren(); return; }
  el.replaceChildren(h("div.seat-clocks", { "aria-label": w("clocks") }, shown.map(([seat, c]) =>
    h(`span.seat-clock${c.running ? ".running" : ""}${isLow(c.left, room) ? ".low" : ""}`,
      { dataset: { seat, left: c.left, running: c.running ? "1" : "" }, title: isLow(c.left, room) ? w("low") : null },
      `${names[seat] || seat + 1} `, h("b", {}, formatSeconds(c.left))))));
}

// Once a second: the running clocks less the time since their frame came (at `since`).
export function tickClocks(root, since, room) {
  const gone = (Date.now() - since) / 1000;
  for (const el of root.querySelectorAll(".seat-clock.running")) {
    const left = Math.max(0, Number(el.dataset.left) - gone);
    el.querySelector("b").textContent = formatSeconds(left);
    el.classList.toggle("low", isLow(left, room));
  }
}

// The mark of a log entry that a timeout played (null for any other).
export function logMark(entry) {
  if (!entry || entry.by !== "timeout") return null;
  return h("span.by-timeout.log-by.timeout", { title: w("by_timeout_title") }, " ", shellIcon("timer"), ` ${w("by_timeout")}`);
}
