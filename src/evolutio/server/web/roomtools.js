// A room's extra controls: resigning (with a confirm step), the rematch after the game, the
// guided first game (the search's hint for the decision at hand) and the private mark.
// room.js calls these from its renderers; the server side is docs/protocol.md's.
import { api, h } from "./api.js";
import { shellIcon } from "./draw.js";
import { inviteControl, tableFollows } from "./friends.js";
import { addStrings, getLang, t } from "./i18n.js";
import { lw } from "./leave.js";

const M = "roomtools";
addStrings(M, {
  en: {
    resign: "Resign", resign_sure: "Resign? A bot plays your seat to the end and you rank last.",
    yes_resign: "Yes, resign", cancel: "Cancel", resigned: "resigned", rematch: "Rematch",
    join_rematch: "Join the rematch", hint: "Hint", hide_hints: "Hide hints", show_hints: "Show hints",
    private_room: "Private room: only people with the invite link can find it.",
    private_option: "Private (invite link only)",
  },
  ru: {
    resign: "Сдаться", resign_sure: "Сдаться? До конца за ваше место играет бот, вы на последнем месте.",
    yes_resign: "Да, сдаться", cancel: "Отмена", resigned: "сдался", rematch: "Реванш",
    join_rematch: "Принять реванш", hint: "Подсказка", hide_hints: "Скрыть подсказки", show_hints: "Показывать подсказки",
    private_room: "Закрытая комната: найти её можно только по ссылке-приглашению.",
    private_option: "Закрытая (только по ссылке)",
  },
  it: {
    resign: "Abbandona", resign_sure: "Abbandonare? Un bot gioca il tuo posto fino alla fine e arrivi ultimo.",
    yes_resign: "Sì, abbandona", cancel: "Annulla", resigned: "ha abbandonato", rematch: "Rivincita",
    join_rematch: "Entra nella rivincita", hint: "Suggerimento", hide_hints: "Nascondi i suggerimenti", show_hints: "Mostra i suggerimenti",
    private_room: "Stanza privata: la trova solo chi ha il link d'invito.",
    private_option: "Privata (solo col link d'invito)",
  },
  de: {
    resign: "Aufgeben", resign_sure: "Aufgeben? Ein Bot spielt deinen Platz zu Ende und du wirst Letzter.",
    yes_resign: "Ja, aufgeben", cancel: "Abbrechen", resigned: "aufgegeben", rematch: "Revanche",
    join_rematch: "Zur Revanche", hint: "Tipp", hide_hints: "Tipps ausblenden", show_hints: "Tipps zeigen",
    private_room: "Privater Raum: Nur wer den Einladungslink hat, findet ihn.",
    private_option: "Privat (nur per Einladungslink)",
  },
});
const w = (key) => t(key, M);
//: hints are on by default while a player has finished fewer games of a game than this
const FIRST_GAMES = 3;

// `me` is room.js's room state; `command(text)` sends a chat command; `session.user` the
// person; `rerender()` draws the decision again; `go(path)` opens a page.
export function roomTools(me, command, session, rerender, go) {
  let confirming = false;
  const hints = { key: null, data: null, failures: 0 };

  function myId() { return session.user ? session.user.id : null; }
  function mySeat(room) { return room.seats.find((s) => s.user_id === myId() && myId() !== null) || null; }
  // only people and bots: another person at the table turns hints off (the server agrees)
  function alone(room) { return room.seats.every((s) => s.user_id === null || s.user_id === myId()); }

  function hintsWanted(room) {
    const stored = localStorage.getItem(`evolutio.hints.${room.game}`);
    if (stored) return stored === "on";
    const rated = session.user && session.user.ratings && session.user.ratings[room.game];
    return !rated || rated.games < FIRST_GAMES;
  }
  function setHints(room, on) {
    localStorage.setItem(`evolutio.hints.${room.game}`, on ? "on" : "off");
    rerender();
  }

  // Under the seats: the resign button while playing, the private mark.
  function seatControls(room) {
    const seat = mySeat(room);
    const parts = [];
    if (room.status === "open" && myId() !== null && room.host_id === myId()) {
      parts.push(h("label.option", {}, h("input#opt-private", { type: "checkbox", checked: Boolean(room.private),
        onchange: (ev) => command(`/private ${ev.target.checked ? "on" : "off"}`) }), ` ${w("private_option")}`));
    }
    if (room.private) parts.push(h("div.muted#private-note", {}, w("private_room")));
    const invite = inviteControl(room, session);
    if (invite) parts.push(invite);
    if (room.status === "playing" && seat && !seat.resigned) {
      parts.push(confirming
        ? h("div.resign-confirm#resign-confirm", {}, h("div", {}, w("resign_sure")),
          h("div.row", {}, h("button.danger#resign-yes", { onclick: () => { confirming = false; command("/resign"); } }, w("yes_resign")),
            h("button#resign-no", { onclick: () => { confirming = false; rerender(); } }, w("cancel"))))
        : h("button#resign", { onclick: () => { confirming = true; rerender(); } }, w("resign")));
    }
    return parts.length ? h("div.room-tools", {}, parts) : null;
  }

  // In the game-over panel: the rematch (made by the first who asks, joined by the others).
  function outcomeControls(room) {
    if (!room.seats.some((s) => s.user_id === myId() && myId() !== null)) return null;
    const error = h("span.error");
    return h("div", {}, h("div.row.rematch-row", {}, h("button.primary#rematch", { onclick: async () => {
      try {
        const data = await api(`/api/rooms/${encodeURIComponent(room.id)}/rematch`, { body: {} });
        go(`/room/${data.room.id}`);
      } catch (e) { error.textContent = e.message; }
    } }, room.rematch ? w("join_rematch") : w("rematch")), error), tableFollows(room, session));
  }

  // A seat's mark in the result.
  function mark(room, seat) {
    const s = room.seats[seat];
    if (s && s.abandoned) return ` (${lw("abandoned")})`;
    return s && s.resigned ? ` (${w("resigned")})` : "";
  }

  // Under the prompt when the viewer decides (placed before `#legal` in `decisionEl`): the
  // hint, asked once per version, with its button marked `.hinted`, and the switch. The
  // answer is placed into the decision shown then (the table is not drawn again). After
  // three refusals in a row the room stops asking.
  function showHint(st, decisionEl) {
    const room = me.room;
    const legalEl = decisionEl.querySelector("#legal");
    if (!room || !legalEl || !alone(room) || !st.legal || !st.legal.length || hints.failures >= 3) return;
    if (!hintsWanted(room)) {
      legalEl.before(h("div.hint.off", {}, h("button.link#hint-on", { onclick: () => setHints(room, true) }, w("show_hints"))));
      return;
    }
    const key = `${room.id}:${st.version}:${getLang()}`;
    if (hints.key === key) {
      if (hints.data) place(legalEl, room);
      return;
    }
    hints.key = key; hints.data = null;
    api(`/api/rooms/${encodeURIComponent(room.id)}/hint?version=${st.version}&lang=${encodeURIComponent(getLang())}`)
      .then((data) => {
        if (hints.key !== key) return;
        hints.data = data; hints.failures = 0;
        const shown = decisionEl.querySelector("#legal");
        if (shown && me.state && me.state.version === data.version && !decisionEl.querySelector("#hint")) place(shown, room);
      })
      .catch(() => { if (hints.key === key) hints.failures += 1; });
  }

  function place(legalEl, room) {
    const hinted = legalEl.querySelector(`button.act[data-index="${hints.data.index}"]`);
    if (hinted) hinted.classList.add("hinted");
    legalEl.before(h("div.hint#hint", { dataset: { index: hints.data.index } },
      h("b", {}, `${w("hint")}: `), h("span#hint-text", {}, hints.data.why), " ",
      h("button.link#hint-off", { title: w("hide_hints"), onclick: () => setHints(room, false) }, shellIcon("x"), ` ${w("hide_hints")}`)));
  }

  return { seatControls, outcomeControls, mark, showHint };
}
