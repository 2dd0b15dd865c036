// A room: seats and chat (commands typed or by buttons), then the game tool: the table, the
// log, the decision asked of you and the server's legal actions as buttons and highlights.
import { h } from "./api.js";
import { getLang, loadNames, t } from "./i18n.js";
import { matches, mentioned, renderTable } from "./table.js";

// The Evolution expansions a room may add to the base game (the engine's option values).
export const EXPANSIONS = ["time_to_fly", "gift", "continents"];

// A room's options in words: edition, sets, half deck, clock.
export function optionsText(options, clock) {
  const o = options || {};
  const sets = (o.expansions || ["base"]).map((x) => t(x)).join(" + ");
  return [o.edition ? `${t("edition")} ${o.edition}` : null, sets,
    o.half_deck ? t("half_deck") : null, clock ? `${clock}${t("seconds")}` : null].filter(Boolean).join(" · ");
}

let active = null;

export function closeRoom() {
  if (active) { active.closed = true; if (active.ws) active.ws.close(); active = null; }
}

export async function showRoom(app, roomId, session) {
  closeRoom();
  const me = { closed: false, ws: null, roomId, room: null, state: null, log: [], picks: [],
    seat: null, clockAt: 0, retry: 0, botLevel: "normal" };
  active = me;
  await loadNames("evolution");
  const status = h("div.muted#conn", {}, t("connecting"));
  const seatsEl = h("div#seats");
  const chatLines = h("div.chat-lines#chat");
  const chatInput = h("input#chat-input", { maxlength: 400, placeholder: "/help", style: "flex:1" });
  const errorEl = h("div.error#error");
  const tableEl = h("div#table");
  const decisionEl = h("div#decision");
  const logEl = h("div.log#log");
  const outcomeEl = h("div#outcome");
  const sendChat = () => {
    const text = chatInput.value.trim();
    if (text) { send({ type: "chat", text }); chatInput.value = ""; }
  };
  chatInput.addEventListener("keydown", (ev) => { if (ev.key === "Enter") sendChat(); });
  app.replaceChildren(h("div.room-grid", {},
    h("div", {}, outcomeEl, decisionEl, tableEl),
    h("div", {},
      h("div.panel", {}, h("h3", {}, `${t("room")} ${roomId}`),
        h("div.muted", {}, `${t("copy_link")}: `, h("code", {}, location.href)), status, seatsEl),
      h("div.panel", {}, h("h3", {}, t("chat")), chatLines,
        h("div.row", { style: "margin-top:.4rem" }, chatInput, h("button#chat-send", { onclick: sendChat }, t("send"))), errorEl),
      h("div.panel", {}, h("h3", {}, t("log")), logEl))));

  function send(message) {
    if (me.ws && me.ws.readyState === WebSocket.OPEN) me.ws.send(JSON.stringify(message));
  }
  function command(text) { send({ type: "chat", text }); }

  function names() {
    const out = {};
    for (const s of (me.room && me.room.seats) || []) out[s.seat] = s.name || t("free");
    return out;
  }

  function renderSeats() {
    const room = me.room;
    if (!room) return;
    const myId = session.user ? session.user.id : null;
    const mine = myId === null ? null : room.seats.find((s) => s.user_id === myId);
    me.seat = mine ? mine.seat : null;
    const isHost = myId !== null && room.host_id === myId;
    const canSit = myId !== null;
    const open = room.status === "open";
    const rows = room.seats.map((s) => h("li", { dataset: { seat: s.seat } },
      `${s.seat + 1}. `, s.name ? (s.bot ? s.name : h("a", { href: `/profile/${encodeURIComponent(s.name)}` }, s.name)) : h("i", {}, t("free")),
      s.away ? h("span.away", {}, ` (${t("away")}: ${t("bot_plays")})`) : (!s.connected && s.name ? h("span.away", {}, ` (${t("away")})`) : null),
      " ",
      open && canSit && !s.name && !mine ? h("button.join-seat", { onclick: () => command(`/join ${s.seat + 1}`) }, t("join")) : null,
      open && canSit && !s.name ? h("button.add-bot", { onclick: () => command(`/bot ${me.botLevel} ${s.seat + 1}`) }, t("add_bot")) : null,
      open && isHost && s.name && s.user_id !== myId ? h("button.kick", { onclick: () => command(`/kick ${s.seat + 1}`) }, t("kick")) : null));
    const level = h("select#bot-level", { onchange: (ev) => { me.botLevel = ev.target.value; } },
      ["easy", "normal", "hard"].map((x) => h("option", { value: x, selected: x === me.botLevel }, `${t("add_bot")}: ${x}`)));
    const opts = room.options || {};
    const sets = opts.expansions || ["base"];
    const hostRow = open && isHost ? h("div.row#host-options", { style: "margin-top:.4rem" },
      h("label", {}, `${t("players")} `, h("input#opt-players", { type: "number", min: 2, max: 8, value: room.seats.length, style: "width:4em",
        onchange: (ev) => command(`/option players ${Number(ev.target.value)}`) })),
      h("label", {}, `${t("clock")} `, h("input#opt-clock", { type: "number", min: 0, max: 3600, value: room.clock, style: "width:5em",
        onchange: (ev) => command(`/option clock ${Number(ev.target.value)}`) })),
      h("label", {}, `${t("edition")} `, h("select#opt-edition", { onchange: (ev) => command(`/option edition ${ev.target.value}`) },
        [3, 2].map((x) => h("option", { value: x, selected: Number(opts.edition) === x }, String(x))))),
      h("div.row.options-row#opt-expansions", {}, `${t("expansions")}: `,
        EXPANSIONS.map((x) => h("label", {}, h(`input#opt-exp-${x}`, { type: "checkbox", value: x, checked: sets.includes(x),
          onchange: () => {
            const chosen = EXPANSIONS.filter((y) => (y === x ? !sets.includes(x) : sets.includes(y)));
            command(`/option expansions ${["base", ...chosen].join(",")}`);
          } }), ` ${t(x)}`)),
        h("label", {}, h("input#opt-half-deck", { type: "checkbox", checked: Boolean(opts.half_deck),
          onchange: (ev) => command(`/option half_deck ${ev.target.checked}`) }), ` ${t("half_deck")}`))) : null;
    const buttons = open && canSit ? h("div.row", {}, level,
      mine ? h("button#leave", { onclick: () => command("/leave") }, t("leave")) : null,
      h("button.primary#start", { onclick: () => command("/start"),
        disabled: room.seats.some((s) => !s.name) }, t("start"))) : null;
    seatsEl.replaceChildren(h("div", {}, `${t(room.status)} · ${t("players")}: ${room.seats.length}`,
      h("div.muted#room-options", {}, optionsText(room.options, room.clock)),
      h("ul.seats", {}, rows), buttons, hostRow,
      room.spectators.length ? h("div.muted", {}, `${t("watch")}: ${room.spectators.join(", ")}`) : null));
    renderOutcome();
  }

  function renderOutcome() {
    const room = me.room;
    if (!room || room.status !== "over" || !room.outcome) { outcomeEl.replaceChildren(); return; }
    const n = names();
    outcomeEl.replaceChildren(h("div.panel.outcome#game-over", {}, h("h3", {}, t("game_over")),
      h("ol", {}, room.outcome.ranks.map((_, seat) => seat)
        .sort((a, b) => room.outcome.ranks[a] - room.outcome.ranks[b])
        .map((seat) => h("li", {}, `${n[seat]}: ${room.outcome.scores[seat]}`))),
      h("div.row", {}, h("a#replay-link", { href: `/replay/${roomId}` }, t("replay")),
        h("a#download-link", { href: `/api/rooms/${roomId}/record`, download: `evolutio-${roomId}.json` }, t("download")))));
  }

  function pick(kind, id) {
    const i = me.picks.findIndex((p) => p.kind === kind && p.id === id);
    if (i >= 0) me.picks.splice(i, 1); else me.picks.push({ kind, id });
    renderGame();
  }

  function renderGame() {
    const st = me.state;
    if (!st) return;
    const legal = st.legal || [];
    let candidates = legal.filter((item) => matches(item, me.picks));
    if (!candidates.length) { me.picks = []; candidates = legal; }
    const hot = mentioned(candidates);
    for (const p of me.picks) hot[p.kind].delete(p.id);
    const ctx = { game: "evolution", mySeat: st.seat, names: names(), picks: me.picks, hot,
      onPick: legal.length ? pick : null };
    tableEl.replaceChildren(renderTable(st.view, ctx));
    const d = st.decision;
    document.title = legal.length ? `● ${t("your_turn")} – evolutio` : "evolutio";
    if (!d) { decisionEl.replaceChildren(); return; }
    const n = names();
    if (legal.length) {
      const urgent = d.kind !== "develop" && d.kind !== "feed";
      decisionEl.replaceChildren(h(`div.prompt${urgent ? ".urgent" : ""}#prompt`, { dataset: { kind: d.kind } },
        h("b", {}, `${t("your_turn")}: `), d.prompt || d.kind, clockText(),
        h("div.muted", {}, `${t("actions")} (${candidates.length}/${legal.length})`,
          me.picks.length ? h("button", { onclick: () => { me.picks = []; renderGame(); } }, t("clear")) : null),
        h("div.legal#legal", {}, candidates.map((item) => h("button.act", {
          dataset: { index: item.index }, title: item.notation,
          onclick: () => { me.picks = []; send({ type: "act", version: st.version, index: item.index }); },
        }, item.text)))));
    } else {
      decisionEl.replaceChildren(h("div.prompt#waiting", {}, `${t("waiting")}: ${n[d.seat] || d.seat + 1} (${d.kind})`,
        st.controller === "bot" && me.room && !me.room.seats[d.seat].bot ? ` — ${t("bot_plays")}` : "", clockText(),
        st.seat === null ? h("div.muted", {}, t("spectator")) : null));
    }
  }

  function clockText() {
    if (!me.state || me.state.clock === null || me.state.clock === undefined) return null;
    const left = Math.max(0, me.state.clock - (Date.now() - me.clockAt) / 1000);
    return h("span.clock", {}, ` ⏱ ${Math.ceil(left)}${t("seconds")}`);
  }

  function renderLog() {
    const n = names();
    logEl.replaceChildren(...me.log.map((e) => h("div", {}, `${e.v}. ${n[e.seat] || e.seat + 1}: ${e.text}`)));
    logEl.scrollTop = logEl.scrollHeight;
  }

  function addChat(m) {
    const cls = m.system ? (m.private ? "div.sys.private" : "div.sys") : "div";
    chatLines.append(h(cls, {}, m.name ? h("b", {}, `${m.name}: `) : null, m.text));
    chatLines.scrollTop = chatLines.scrollHeight;
  }

  function onState(m) {
    const known = me.state ? me.state.version : -1;
    if (m.full) { me.log = m.log.slice(); }
    else if (m.version === known + 1) { me.log.push(...m.log); }
    else if (m.version > known + 1) { send({ type: "resync" }); return; }
    else if (m.version < known) { return; }
    if (!me.state || m.version !== known) me.picks = [];
    me.state = m; me.clockAt = Date.now();
    renderGame(); renderLog();
  }

  // A room no longer live on the server: a finished game opens as its replay.
  async function showGone() {
    try {
      const data = await (await fetch(`/api/rooms/${encodeURIComponent(roomId)}`)).json();
      if (data.room && data.room.status === "over") {
        history.replaceState({}, "", `/replay/${roomId}`);
        window.dispatchEvent(new PopStateEvent("popstate"));
        return;
      }
    } catch { /* fall through */ }
    status.textContent = `${t("room")} ${roomId}: 404`;
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    // the server writes the legal actions and the log in this language; a language switch
    // re-renders the page, which reconnects with the new one
    const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(roomId)}?lang=${encodeURIComponent(getLang())}`);
    me.ws = ws;
    ws.onopen = () => { me.retry = 0; status.textContent = ""; };
    ws.onmessage = (ev) => {
      if (me.closed) return;
      const m = JSON.parse(ev.data);
      if (m.type === "welcome") { me.room = m.room; chatLines.replaceChildren(); m.chat.forEach(addChat); renderSeats(); }
      else if (m.type === "room") { me.room = m.room; renderSeats(); renderGame(); }
      else if (m.type === "state") { onState(m); }
      else if (m.type === "chat") { addChat(m); }
      else if (m.type === "error") { errorEl.textContent = m.message; setTimeout(() => { if (errorEl.textContent === m.message) errorEl.textContent = ""; }, 6000); }
    };
    ws.onclose = (ev) => {
      if (me.closed) return;
      if (ev.code === 4404) { showGone(); return; }
      status.textContent = t("reconnecting");
      me.retry += 1;
      setTimeout(() => { if (!me.closed) connect(); }, Math.min(5000, 300 * me.retry));
    };
  }
  connect();
  const ticker = setInterval(() => {
    if (me.closed) { clearInterval(ticker); return; }
    const el = document.querySelector("#decision .clock");
    const fresh = clockText();
    if (el && fresh) el.replaceWith(fresh);
  }, 1000);
}
