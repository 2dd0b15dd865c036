// A room: seats and chat (commands typed or by buttons), then the game tool: the game's
// renderer draws the table; the shell shows the log, the decision (one seat or several at
// once), the clocks and the server's legal actions as buttons and as picks on the table.
import { h } from "./api.js";
import { getLang, label, t } from "./i18n.js";
import { formatOption, gameEntry, loadBoard, optionControls, optionsText } from "./games.js";
import { buttons, decorate, markHinted, matches, mentioned, pickContext, settled, showWhy, whyTargets } from "./picks.js";
import { animate, snapshot } from "./motion.js";
import { openDetails, reopen, seatClass, shellIcon } from "./draw.js";
import { sinceEntries, sinceStrip, tableWords } from "./since.js";
import { formatSeconds, logMark, renderClocks, tickClocks, timeControls, timingText } from "./clocks.js";
import { notifyControls, notifyTurn } from "./notify.js";
import { actionButton, gameOverPanel, liveScore, roomTabs, undoButton } from "./table.js";
import { rulesLink } from "./rules.js";
import { markActions } from "./tips.js";
import { roomTools } from "./roomtools.js";
import { inviteControl } from "./mail.js";
import { kindLabel, renderLog as renderTalkLog } from "./talk.js";
import { abandonedMark, guardLeaving, holdsRunningSeat, lw } from "./leave.js";

let active = null;

export function closeRoom() {
  if (active) { active.closed = true; if (active.ws) active.ws.close(); active = null; }
  guardLeaving(false);
}

// The seats a decision waits for (frames before the platform change named one `seat`).
export function decisionSeats(decision) {
  if (!decision) return [];
  if (Array.isArray(decision.seats)) return decision.seats;
  return decision.seat === undefined || decision.seat === null ? [] : [decision.seat];
}

export async function showRoom(app, roomId, session) {
  closeRoom();
  const me = { closed: false, ws: null, roomId, room: null, state: null, log: [], picks: [],
    seat: null, clockAt: 0, retry: 0, botLevel: "normal", game: null, board: null, entry: null,
    armed: { version: -1, index: -1 }, views: new Map(), replaying: false, spoken: "",
    heard: 0, pinged: 0 };
  active = me;
  const tools = roomTools(me, (text) => command(text), session, () => { renderSeats(); renderGame(); },
    (path) => { history.pushState({}, "", path); window.dispatchEvent(new PopStateEvent("popstate")); });
  try {
    const info = await (await fetch(`/api/rooms/${encodeURIComponent(roomId)}`)).json();
    if (info.room) await useGame(info.room.game);
  } catch { /* the welcome message names the game */ }
  if (me.closed) return;
  const status = h("div.muted#conn", {}, t("connecting"));
  const seatsEl = h("div#seats");
  const chatLines = h("div.chat-lines#chat");
  const chatInput = h("input#chat-input", { maxlength: 400, placeholder: "/help", style: "flex:1" });
  const errorEl = h("div.error#error");
  const tableEl = h("div#table");
  const decisionEl = h("div#decision");
  const clocksEl = h("div#clocks");
  const logEl = h("div.log#log");
  const outcomeEl = h("div#outcome");
  const scoreEl = h("div#score");
  const undoEl = h("div#undo-slot");
  const sinceEl = h("div#since-slot");
  // what the page says to screen readers besides the log: whose turn it is
  const announceEl = h("div.sr-only#announce", { "aria-live": "polite", role: "status" });
  const sendChat = () => {
    const text = chatInput.value.trim();
    if (text) { send({ type: "chat", text }); chatInput.value = ""; }
  };
  chatInput.addEventListener("keydown", (ev) => { if (ev.key === "Enter") sendChat(); });
  app.replaceChildren(h("div.room-grid", {},
    h("div#table-column", {}, h("a.skip-link#skip-to-move", { href: "#decision", onclick: skipToMove }, tableWords("skip")),
      outcomeEl, decisionEl, undoEl, clocksEl, sinceEl, tableEl, announceEl),
    h("div", {},
      h("div.panel#room-panel", {}, h("h3", {}, `${t("room")} ${roomId} `, rulesLink(() => me.game)),
        scoreEl,
        h("div.muted", {}, `${t("copy_link")}: `, h("code", {}, location.href)), status, seatsEl, notifyControls(), inviteControl(roomId, session)),
      h("div.panel#chat-panel", {}, h("h3", {}, t("chat")), chatLines,
        h("div.row", { style: "margin-top:.4rem" }, chatInput, h("button#chat-send", { onclick: sendChat }, t("send"))), errorEl),
      h("div.panel#log-panel", {}, h("h3", {}, t("log")), logEl))));
  app.append(roomTabs({ table: app.querySelector("#table-column"), chat: app.querySelector("#chat-panel"), log: app.querySelector("#log-panel") }));

  async function useGame(game) {
    if (me.game === game && me.board) return;
    me.game = game;
    const loaded = await loadBoard(game);
    me.board = loaded.module;
    me.entry = loaded.entry || await gameEntry(game).catch(() => null);
  }

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
    guardLeaving(holdsRunningSeat(room, session.user));
    if (mine && document.getElementById("invite")) document.getElementById("invite").remove();  // seated now
    const isHost = myId !== null && room.host_id === myId;
    const canSit = myId !== null;
    const open = room.status === "open";
    const rows = room.seats.map((s) => h("li", { dataset: { seat: s.seat } },
      `${s.seat + 1}. `, s.name ? (s.bot ? s.name : h("a", { href: `/profile/${encodeURIComponent(s.name)}` }, s.name)) : h("i", {}, t("free")),
      s.abandoned ? abandonedMark(s)
        : s.away ? h("span.away", {}, ` (${t("away")}: ${t("bot_plays")})`) : (!s.connected && s.name ? h("span.away", {}, ` (${t("away")})`) : null),
      " ",
      open && canSit && !s.name && !mine ? h("button.join-seat", { onclick: () => command(`/join ${s.seat + 1}`) }, t("join")) : null,
      open && canSit && !s.name ? h("button.add-bot", { onclick: () => command(`/bot ${me.botLevel} ${s.seat + 1}`) }, t("add_bot")) : null,
      open && isHost && s.name && s.user_id !== myId ? h("button.kick", { onclick: () => command(`/kick ${s.seat + 1}`) }, t("kick")) : null));
    const level = h("select#bot-level", { "aria-label": t("add_bot"), onchange: (ev) => { me.botLevel = ev.target.value; } },
      ["easy", "normal", "hard"].map((x) => h("option", { value: x, selected: x === me.botLevel }, `${t("add_bot")}: ${x}`)));
    // the host's controls, generated from the game's declared options; each sends /option
    const specs = (me.entry && me.entry.options) || [];
    const values = { ...(room.options || {}) };
    for (const spec of specs) if (spec.seats) values[spec.name] = room.seats.length;
    const hostRow = open && isHost ? h("div.row.options-row#host-options", { style: "margin-top:.4rem" },
      optionControls(specs, values, "opt-", (spec, value) => command(`/option ${spec.name} ${formatOption(spec, value)}`)),
      timeControls(room, "opt-", (name, value) => command(`/option ${name} ${value}`))) : null;
    const buttons = open && canSit ? h("div.row", {}, level,
      mine ? h("button#leave", { onclick: () => command("/leave") }, t("leave")) : null,
      h("button.primary#start", { onclick: () => command("/start"),
        disabled: room.seats.some((s) => !s.name) }, t("start"))) : null;
    seatsEl.replaceChildren(h("div", {},
      h("div#room-game", {}, h("b", {}, me.entry ? me.entry.title : room.game)),
      `${t(room.status)} · ${t("players")}: ${room.seats.length}`,
      h("div.muted#room-options", {}, optionsText(me.entry, room.options, timingText(room))),
      h("ul.seats", {}, rows), buttons, hostRow, tools.seatControls(room),
      room.spectators.length ? h("div.muted", {}, `${t("watch")}: ${room.spectators.join(", ")}`) : null));
    renderOutcome();
  }

  function renderOutcome() {
    const room = me.room;
    if (!room || room.status !== "over" || !room.outcome) { outcomeEl.replaceChildren(); return; }
    const n = names();
    outcomeEl.replaceChildren(gameOverPanel(room.outcome, n, (id) => label(me.game, id), me.entry,
      h("div", {}, tools.outcomeControls(room),
      h("div.row", {}, h("a#replay-link", { href: `/replay/${roomId}` }, t("replay")),
        h("a#analysis-link", { href: `/replay/${roomId}#analysis` }, t("analysis")),
        h("a#download-link", { href: `/api/rooms/${roomId}/record`, download: `evolutio-${roomId}.json` }, t("download")))),
      (seat) => tools.mark(room, seat)));
  }

  function pick(kind, id) {
    const i = me.picks.findIndex((p) => p.kind === kind && String(p.id) === String(id));
    if (i >= 0) me.picks.splice(i, 1); else me.picks.push({ kind, id });
    const st = me.state;
    const done = st && settled((st.legal || []).filter((item) => matches(item, me.picks)), me.picks);
    if (done) { playItem(done); return; }
    me.focusNext = true;
    renderGame();
  }
  function playItem(item) { me.picks = []; send({ type: "act", version: me.state.version, index: item.index }); }
  // a click on a thing no legal action can use: ask the server why (docs/protocol.md)
  function why(kind, id) { send({ type: "why", targets: whyTargets(me.picks, kind, id) }); }

  // Seconds left on a seat's clock (this frame's figure less the time since it came).
  function clockSpan(seconds, seat) {
    if (seconds === null || seconds === undefined) return null;
    return h("span.clock", { dataset: { left: seconds, seat: seat ?? "" } }, " ", shellIcon("clock", t("clock_left", "since")),
      h("span.clock-text", {}, clockLabel(seconds)));
  }
  function clockLabel(seconds) {
    const left = Math.max(0, Number(seconds) - (Date.now() - me.clockAt) / 1000);
    return ` ${formatSeconds(left)}`;
  }

  // The first thing to act on: a highlighted thing on the table, else the first move button.
  function firstTarget() {
    return tableEl.querySelector(".hinted.clickable, .clickable[tabindex]") || decisionEl.querySelector("#legal button");
  }
  function skipToMove(ev) {
    ev.preventDefault();
    const target = firstTarget() || decisionEl;
    if (target === decisionEl) decisionEl.tabIndex = -1;
    target.focus();
  }
  // The focused thing before a redraw, as a selector that finds it again after.
  function focusKey() {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    if (el.dataset && el.dataset.pick && tableEl.contains(el)) return `[data-pick="${CSS.escape(el.dataset.pick)}"]`;
    if (el.dataset && el.dataset.index !== undefined && decisionEl.contains(el)) return `#legal button[data-index="${CSS.escape(el.dataset.index)}"]`;
    if (el.id && (tableEl.contains(el) || decisionEl.contains(el))) return `#${CSS.escape(el.id)}`;
    return null;
  }
  function restoreFocus(selector, moved) {
    const again = selector && document.querySelector(selector);
    // after a pick, the next thing to pick (or the move it completed); else the same thing
    const target = moved ? firstTarget() || again : again;
    if (target && typeof target.focus === "function") target.focus({ preventScroll: false });
  }
  function listMode() { return localStorage.getItem("evolutio.moves") === "list"; }
  function setListMode(on) { localStorage.setItem("evolutio.moves", on ? "list" : "table"); renderGame(); }
  function clockOf(st, seat) {
    if (st.clocks && Object.prototype.hasOwnProperty.call(st.clocks, String(seat))) return st.clocks[String(seat)];
    return decisionSeats(st.decision)[0] === seat ? st.clock : null;
  }

  function renderGame() {
    const st = me.state;
    if (!st || !me.board) return;
    const legal = st.legal || [];
    let candidates = legal.filter((item) => matches(item, me.picks));
    if (!candidates.length) { me.picks = []; candidates = legal; }
    const d = st.decision;
    const seats = decisionSeats(d);
    const ctx = { game: me.game, mySeat: st.seat, names: names(), decision: d, active: seats,
      t: (key) => t(key, me.game), label: (id) => label(me.game, id),
      ...pickContext(me.picks, mentioned(candidates), legal.length ? pick : null,
        st.seat === null || st.seat === undefined || !d ? null : why, legal.length ? legal : null) };
    const focus = focusKey();
    const moved = Boolean(me.focusNext && focus);
    me.focusNext = false;
    if (!me.replaying) drawTable(st.view, ctx);
    renderClocks(clocksEl, st, me.room, names());
    notifyTurn(legal.length > 0, `${roomId}:${st.version}`, roomId, d && d.prompt);
    scoreEl.replaceChildren(...[liveScore(st.score, ctx.names, ctx.label, st.seat)].filter(Boolean));
    if (!me.replaying) showScoring(st.score);
    undoEl.replaceChildren(...[undoButton(st, send)].filter(Boolean));
    renderSince();
    if (!d) { decisionEl.replaceChildren(); announce(""); return; }
    const n = names();
    const progress = Array.isArray(d.progress)
      ? h("span.progress#progress", {}, ` (${d.progress[0]}/${d.progress[1]} ${t("progress")})`) : null;
    if (legal.length) {
      const onTableMode = !listMode();
      const prompt = d.prompt || kindLabel(me.game, d.kind);
      // action types the table offers through a form of its own (the renderer's formActions)
      // get no button beside it, unless every move is listed
      const formed = new Set(onTableMode ? me.board.formActions || [] : []);
      const listed = candidates.filter((item) => !formed.has(item.action && item.action.type));
      const list = buttons(listed.filter((item) => !item.confirm), me.picks, tableEl, ctx, playItem,
        actionButton(st.version, playItem, renderGame, me.armed), listed.filter((item) => item.confirm), onTableMode);
      const onBoard = onTableMode && candidates.length > list.querySelectorAll("button.act").length;
      decisionEl.replaceChildren(h("div.prompt#prompt", { dataset: { kind: d.kind } },
        h("div.prompt-line", {},
          h("b", {}, `${t("your_turn")}: `), h("span#prompt-text", {}, prompt), progress, clockSpan(clockOf(st, st.seat), st.seat),
          h("span.prompt-tools", {},
            me.picks.length ? h("button.link#clear-picks", { onclick: () => { me.picks = []; renderGame(); } }, t("clear")) : null,
            h("button.link#moves-mode", { "aria-pressed": onTableMode ? "false" : "true", title: tableWords(onTableMode ? "list_moves_title" : "table_moves_title"),
              onclick: () => setListMode(onTableMode) }, tableWords(onTableMode ? "list_moves" : "table_moves")))),
        h("div.muted.sr-only", {}, `${t("actions")} (${candidates.length}/${legal.length})`),
        list,
        onBoard ? h("div.on-table-note#on-table-note", {}, shellIcon("target"),
          ` ${tableWords(me.picks.length ? "pick_next" : "pick_on_table")}`) : null));
      markActions(decisionEl, candidates, tableEl);
      tools.showHint(st, decisionEl);
      hintOnTable();
      announce(`${t("your_turn")}: ${prompt}`);
      restoreFocus(focus, moved);
      return;
    }
    const controllers = st.controllers || (seats.length ? { [seats[0]]: st.controller } : {});
    const waitingFor = seats.map((s, i) => h("span.waiting-seat", { dataset: { seat: s } },
      i ? ", " : "", h(`span.seat-name.${seatClass(s)}`, {}, n[s] || `${s + 1}`),
      controllers[s] === "bot" && me.room && me.room.seats[s] && !me.room.seats[s].bot ? ` (${t("bot_plays")})` : "",
      clockSpan(clockOf(st, s), s)));
    decisionEl.replaceChildren(h("div.prompt.waiting#waiting", { dataset: { kind: d.kind } },
      st.chosen ? h("div#chosen", {}, shellIcon("check"), " ", h("b", {}, t("chosen"))) : null,
      shellIcon("hourglass"), ` ${t("waiting")}: `, waitingFor, ` (${kindLabel(me.game, d.kind)})`, progress,
      st.seat === null || st.seat === undefined ? h("div.muted", {}, t("spectator")) : null));
    announce("");
    restoreFocus(focus, false);
  }

  // Points won or lost since the last frame, shown where they happen: a "+3" rising from the
  // seat's area on the table and from its entry in the score strip (an era's scoring, a round's).
  function showScoring(score) {
    const totals = score && Array.isArray(score.seats) ? score.seats.map((x) => Number(x.total) || 0) : null;
    const before = me.totals;
    me.totals = totals;
    if (!totals || !before || before.length !== totals.length) return;
    totals.forEach((total, seat) => {
      const gained = total - before[seat];
      if (!gained) return;
      const text = gained > 0 ? `+${gained}` : `\u2212${-gained}`;
      const places = [tableEl.querySelector(`[data-seat="${seat}"]`), scoreEl.querySelector(`.score-seat[data-seat="${seat}"] summary`)];
      for (const place of places.filter(Boolean)) {
        const pop = h(`span.score-pop.${seatClass(seat)}${gained < 0 ? ".lost" : ""}`, { "aria-hidden": "true" }, text);
        place.classList.add("score-anchor");
        place.append(pop);
        setTimeout(() => pop.remove(), 2200);
      }
    });
  }

  // Draw a view on the table, animated from the table as it was.
  function drawTable(view, ctx) {
    const before = snapshot(tableEl);
    const open = openDetails(tableEl);
    tableEl.replaceChildren(decorate(me.board.renderTable(view, ctx), ctx));
    reopen(tableEl, open);
    animate(tableEl, before);
  }

  // The hint, once it came: the things its action names glow on the table.
  function hintOnTable() {
    const hint = decisionEl.querySelector("#hint[data-index]");
    const item = hint && (me.state.legal || []).find((x) => String(x.index) === hint.dataset.index);
    const marked = markHinted(tableEl, item && matches(item, me.picks) ? item : null);
    if (hint && marked.length) hint.classList.add("on-table");
    // in the list of every move, the group that holds the hinted move is marked too (or the
    // group of an equal card it was shown as, `data-also`)
    const first = item && (item.targets || [])[0];
    const k = first && CSS.escape(`${first[0]}:${first[1]}`);
    const group = k && decisionEl.querySelector(`#legal .pick-group[data-group="${k}"], #legal .pick-group[data-also~="${k}"]`);
    if (group) group.classList.add("hinted");
  }
  new MutationObserver(() => { if (me.state && decisionEl.querySelector("#hint:not(.on-table)")) hintOnTable(); })
    .observe(decisionEl, { childList: true, subtree: true });

  function announce(text) {
    if (text === me.spoken) return;
    me.spoken = text;
    announceEl.textContent = text;
  }

  // "Since your last move": what the others did, as a strip above the table, with a replay of
  // the table through those moves (the views kept from the frames that brought them).
  function renderSince() {
    const st = me.state;
    sinceEl.replaceChildren(...[sinceStrip(me.log, st && st.seat, names(), me.room ? me.room.seats : [], () => replaySince(),
      me.replaying)].filter(Boolean));
  }
  async function replaySince() {
    const st = me.state;
    if (!st || me.replaying) return;
    const entries = sinceEntries(me.log, st.seat);
    if (!entries.length) return;
    const versions = [entries[0].v - 1, ...entries.map((e) => e.v)].filter((v) => me.views.has(v));
    if (versions.length < 2) return;
    me.replaying = true;
    renderSince();
    const ctx = { game: me.game, mySeat: st.seat, names: names(), decision: null, active: [],
      t: (key) => t(key, me.game), label: (id) => label(me.game, id), ...pickContext([], new Set(), null, null) };
    for (const [i, v] of versions.entries()) {
      if (me.closed) return;
      for (const chip of sinceEl.querySelectorAll(".since-entry")) chip.classList.toggle("now", Number(chip.dataset.v) === v);
      drawTable(me.views.get(v), ctx);
      if (i === 0) tableEl.classList.add("replaying");
      await new Promise((done) => { setTimeout(done, 1000); });
    }
    me.replaying = false;
    tableEl.classList.remove("replaying");
    renderGame();
  }

  function renderLog() {
    const n = names();
    renderTalkLog(logEl, me.log, n, me.room ? me.room.seats : [], me.board);
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
    // the views of the last moves, for the replay of "since your last move"
    me.views.set(m.version, m.view);
    for (const v of me.views.keys()) if (v < m.version - 60) me.views.delete(v);
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
      if (data.room && data.room.status === "closed") { status.textContent = lw("room_closed"); return; }
    } catch { /* fall through */ }
    status.textContent = `${t("room")} ${roomId}: 404`;
  }

  // Messages are handled in order, each after the renderer for the room's game is loaded.
  let queue = Promise.resolve();
  function handle(m) {
    if (m.type === "welcome" || m.type === "room") {
      if (!me.board || me.game !== m.room.game) {
        return useGame(m.room.game).then(() => handle(m));
      }
      me.room = m.room;
      if (m.type === "welcome") { chatLines.replaceChildren(); m.chat.forEach(addChat); }
      renderSeats(); renderGame(); renderLog();
    } else if (m.type === "state") { onState(m); }
    else if (m.type === "chat") { addChat(m); }
    else if (m.type === "why") { showWhy(tableEl, m); }
    else if (m.type === "error") { errorEl.textContent = m.message; setTimeout(() => { if (errorEl.textContent === m.message) errorEl.textContent = ""; }, 6000); }
    return null;
  }

  function reconnectSoon() {
    status.textContent = t("reconnecting");
    me.retry += 1;
    setTimeout(() => { if (!me.closed) connect(); }, Math.min(5000, 300 * me.retry));
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    // the server writes the legal actions and the log in this language; a language switch
    // re-renders the page, which reconnects with the new one
    const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(roomId)}?lang=${encodeURIComponent(getLang())}`);
    me.ws = ws;
    me.heard = Date.now();
    ws.onopen = () => { me.retry = 0; me.heard = Date.now(); status.textContent = ""; };
    ws.onmessage = (ev) => {
      me.heard = Date.now();
      const m = JSON.parse(ev.data);
      queue = queue.then(() => (me.closed ? null : handle(m))).catch((e) => { setTimeout(() => { throw e; }); });
    };
    ws.onclose = (ev) => {
      if (me.closed || me.ws !== ws) return;
      if (ev.code === 4404) { showGone(); return; }
      if (ev.code === 4401) { location.reload(); return; } // the login session ended
      reconnectSoon();
    };
  }

  // The heartbeat (docs/protocol.md, "Heartbeat"): a ping every PING_EVERY ms; a socket that
  // brought nothing for SILENT_LIMIT ms, or did not open in that time, is taken for dead (a
  // frozen server, a lost network, a relay that stopped): it is dropped without waiting for
  // its close handshake and a new one opens, whose welcome and full state resync the page.
  const PING_EVERY = 3000;
  const SILENT_LIMIT = 8000;
  const heartbeat = setInterval(() => {
    const ws = me.ws;
    if (me.closed) { clearInterval(heartbeat); return; }
    if (!ws || ws.readyState > WebSocket.OPEN) return; // closing: its onclose reconnects
    const now = Date.now();
    if (now - me.heard > SILENT_LIMIT) {
      ws.onopen = null; ws.onmessage = null; ws.onclose = null;
      ws.close();
      reconnectSoon();
    } else if (ws.readyState === WebSocket.OPEN && now - me.pinged >= PING_EVERY) {
      me.pinged = now;
      ws.send(JSON.stringify({ type: "ping" }));
    }
  }, 1000);
  connect();
  const ticker = setInterval(() => {
    if (me.closed) { clearInterval(ticker); return; }
    for (const el of document.querySelectorAll("#decision .clock")) {
      const text = el.querySelector(".clock-text");
      if (text) text.textContent = clockLabel(el.dataset.left);
    }
    tickClocks(clocksEl, me.clockAt, me.room);
  }, 1000);
}
