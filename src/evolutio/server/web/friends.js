// Friends and Play now with people: the lobby socket (/ws/lobby: presence, invitations, the
// queue; docs/protocol.md), the friends panel (who is online, their tables, blocks), the
// invitations as lobby notices with Join, the queue panel, and the Follow / Block / Invite
// buttons the profile, the leaderboard and a room put beside a person's name.
import { api, h } from "./api.js";
import { addStrings, t } from "./i18n.js";
import { shellIcon } from "./draw.js";

const M = "friends";
addStrings(M, {
  en: {
    friends: "Friends", follow: "Follow", unfollow: "Unfollow", block: "Block", unblock: "Unblock",
    blocked: "Blocked", online: "online", offline: "offline", follow_name: "Follow by name",
    no_friends: "Follow people from their profile, the leaderboard or a finished game.",
    invite_friend: "Invite a friend", invite: "Invite", invited: "Invited {name}.", no_online: "No friend is online.",
    invitation: "{name} invites you to a game of {game}.", dismiss: "Dismiss",
    queue: "Play now with people", queue_intro: "Wait for people of a similar rating; bots can take the free seats after a while.",
    preset: "Options", preset_default: "standard", preset_easy: "easy",
    pace: "Pace", pace_live: "real time", pace_turns: "turn-based", pace_note: "Real time: 60 s a decision. Turn-based: 2 days a move.",
    bots_after: "Bots after", bots_30: "30 s", bots_60: "1 min", bots_120: "2 min", bots_never: "never",
    join_queue: "Wait for players", leave_queue: "Leave the queue", waiting_n: "Waiting now: {n}",
    in_queue: "Looking for players… {seconds} s. Ratings within ±{band} of your {rating}.",
    matched: "Found! Opening the table…",
  },
  ru: {
    friends: "Друзья", follow: "Подписаться", unfollow: "Отписаться", block: "Заблокировать", unblock: "Разблокировать",
    blocked: "Заблокированы", online: "в сети", offline: "не в сети", follow_name: "Подписаться по имени",
    no_friends: "Подписывайтесь на игроков в их профиле, в рейтинге или после партии.",
    invite_friend: "Пригласить друга", invite: "Пригласить", invited: "{name} приглашён.", no_online: "Никого из друзей нет в сети.",
    invitation: "{name} приглашает вас сыграть в {game}.", dismiss: "Скрыть",
    queue: "Играть сейчас с людьми", queue_intro: "Ждите игроков близкого рейтинга; через некоторое время свободные места могут занять боты.",
    preset: "Настройки", preset_default: "обычные", preset_easy: "лёгкие",
    pace: "Темп", pace_live: "в реальном времени", pace_turns: "по ходу", pace_note: "В реальном времени: 60 с на решение. По ходу: 2 дня на ход.",
    bots_after: "Боты через", bots_30: "30 с", bots_60: "1 мин", bots_120: "2 мин", bots_never: "никогда",
    join_queue: "Ждать игроков", leave_queue: "Выйти из очереди", waiting_n: "Сейчас ждут: {n}",
    in_queue: "Ищем игроков… {seconds} с. Рейтинг в пределах ±{band} от вашего {rating}.",
    matched: "Нашлись! Открываем стол…",
  },
  it: {
    friends: "Amici", follow: "Segui", unfollow: "Non seguire più", block: "Blocca", unblock: "Sblocca",
    blocked: "Bloccati", online: "in linea", offline: "non in linea", follow_name: "Segui per nome",
    no_friends: "Segui le persone dal loro profilo, dalla classifica o da una partita finita.",
    invite_friend: "Invita un amico", invite: "Invita", invited: "Hai invitato {name}.", no_online: "Nessun amico è in linea.",
    invitation: "{name} ti invita a una partita di {game}.", dismiss: "Chiudi",
    queue: "Gioca ora con persone", queue_intro: "Aspetta persone di punteggio simile; dopo un po' i bot possono prendere i posti liberi.",
    preset: "Opzioni", preset_default: "normali", preset_easy: "facili",
    pace: "Ritmo", pace_live: "in tempo reale", pace_turns: "a turni", pace_note: "In tempo reale: 60 s a decisione. A turni: 2 giorni a mossa.",
    bots_after: "Bot dopo", bots_30: "30 s", bots_60: "1 min", bots_120: "2 min", bots_never: "mai",
    join_queue: "Aspetta giocatori", leave_queue: "Esci dalla coda", waiting_n: "In attesa ora: {n}",
    in_queue: "Cerco giocatori… {seconds} s. Punteggi entro ±{band} dal tuo {rating}.",
    matched: "Trovati! Apro il tavolo…",
  },
  de: {
    friends: "Freunde", follow: "Folgen", unfollow: "Entfolgen", block: "Blockieren", unblock: "Freigeben",
    blocked: "Blockiert", online: "online", offline: "offline", follow_name: "Per Name folgen",
    no_friends: "Folge Leuten über ihr Profil, die Rangliste oder eine beendete Partie.",
    invite_friend: "Freund einladen", invite: "Einladen", invited: "{name} eingeladen.", no_online: "Kein Freund ist online.",
    invitation: "{name} lädt dich zu einer Partie {game} ein.", dismiss: "Schließen",
    queue: "Jetzt mit Leuten spielen", queue_intro: "Warte auf Leute mit ähnlicher Wertung; nach einer Weile können Bots die freien Plätze nehmen.",
    preset: "Optionen", preset_default: "normal", preset_easy: "leicht",
    pace: "Tempo", pace_live: "Echtzeit", pace_turns: "rundenweise", pace_note: "Echtzeit: 60 s pro Entscheidung. Rundenweise: 2 Tage pro Zug.",
    bots_after: "Bots nach", bots_30: "30 s", bots_60: "1 Min.", bots_120: "2 Min.", bots_never: "nie",
    join_queue: "Auf Mitspieler warten", leave_queue: "Warteschlange verlassen", waiting_n: "Wartend: {n}",
    in_queue: "Suche Mitspieler… {seconds} s. Wertungen bis ±{band} um deine {rating}.",
    matched: "Gefunden! Der Tisch öffnet sich…",
  },
});

export function fw(key, fields = {}) {
  return t(key, M).replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ""));
}

const enc = encodeURIComponent;

// ---------------------------------------------------------------- the lobby socket
let socket = null;

// The lobby socket of this page: `on(type, fn)` listens; `ready` resolves at its first hello
// (rejected if the socket closes before). A socket lost later is opened again (its listeners
// kept), after a `left` to them: a place in a queue does not outlive its socket.
export function openLobby() {
  closeLobby();
  const listeners = {};
  const me = { ws: null, closed: false, retry: 0, on: (type, fn) => { (listeners[type] = listeners[type] || []).push(fn); },
    send: (frame) => { if (me.ws && me.ws.readyState === WebSocket.OPEN) me.ws.send(JSON.stringify(frame)); } };
  const fire = (frame) => { for (const fn of listeners[frame.type] || []) fn(frame); };
  let settle = null;
  me.ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  let refusal = "";
  function connect() {
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/lobby`);
    me.ws = ws;
    ws.onmessage = (ev) => {
      let frame = null;
      try { frame = JSON.parse(ev.data); } catch { return; }
      if (frame.type === "hello") { me.retry = 0; if (settle) { settle.resolve(me); settle = null; } }
      if (frame.type === "error") refusal = frame.message;
      fire(frame);
    };
    ws.onclose = (ev) => {
      if (me.closed || me.ws !== ws) return;
      if (settle) { settle.reject(new Error(refusal || t("reconnecting"))); settle = null; }
      fire({ type: "left" });
      if (ev.code === 4401 || ev.code === 4429) return;  // no name, or too many sockets
      me.retry = Math.min(me.retry + 1, 6);
      setTimeout(() => { if (!me.closed) connect(); }, 500 * 2 ** me.retry);
    };
  }
  connect();
  socket = me;
  return me;
}

// Leaving the page closes the socket, and with it the person's place in a queue.
export function closeLobby() {
  if (socket) { socket.closed = true; if (socket.ws) socket.ws.close(); socket = null; }
}

// ---------------------------------------------------------------- buttons beside a name
// The caller's friends list, asked once for the many buttons of a page (a leaderboard).
let listed = null;
function friendsList(fresh = false) {
  if (fresh || !listed || Date.now() - listed.at > 3000) listed = { at: Date.now(), list: api("/api/friends") };
  return listed.list;
}

// Follow / Unfollow and (with `withBlock`) Block / Unblock for `name` (nothing for oneself or
// when logged out).
export function personButtons(name, session, withBlock = true) {
  if (!session.user || session.user.name === name) return null;
  const box = h("span.person-buttons", { dataset: { person: name } });
  const error = h("span.error");
  async function draw(fresh = false) {
    let list = { friends: [], blocked: [] };
    try { list = await friendsList(fresh); } catch (e) { error.textContent = e.message; }
    const following = list.friends.some((f) => f.name === name);
    const blocking = list.blocked.includes(name);
    const act = (method, path) => async () => {
      error.textContent = "";
      try { await api(path, { method, body: method === "POST" ? {} : undefined }); await draw(true); }
      catch (e) { error.textContent = e.message; }
    };
    box.replaceChildren(
      blocking ? null : h("button.follow", { onclick: act(following ? "DELETE" : "POST", `/api/friends/${enc(name)}`) },
        shellIcon("users"), ` ${fw(following ? "unfollow" : "follow")}`),
      withBlock || blocking ? h("button.block.link", { onclick: act(blocking ? "DELETE" : "POST", `/api/blocks/${enc(name)}`) },
        fw(blocking ? "unblock" : "block")) : null, error);
  }
  draw();
  return box;
}

// The follow buttons of a finished game: one per other person at the table.
export function tableFollows(room, session) {
  if (!session.user) return null;
  const people = room.seats.filter((s) => s.name && s.bot == null && s.user_id !== session.user.id);
  if (!people.length) return null;
  return h("div.table-follows", {}, people.map((s) => h("div.row", {}, h("b", {}, s.name), " ", personButtons(s.name, session))));
}

// In an open room with a free seat: invite a followed person (online ones first) to it.
const inviteBoxes = new Map();
export function inviteControl(room, session) {
  if (!session.user || room.status !== "open" || !room.seats.some((s) => !s.name)
    || !room.seats.some((s) => s.user_id === session.user.id)) return null;
  if (inviteBoxes.has(room.id)) return inviteBoxes.get(room.id);
  const list = h("div.invite-list");
  const status = h("span.muted.invite-status", { "aria-live": "polite" });
  const box = h("div.invite-box", {}, h("button#invite-friend", { onclick: async () => {
    status.textContent = "";
    try {
      const data = await api("/api/friends");
      list.replaceChildren(...(data.friends.length ? data.friends.map((f) => h("button.invite-one", {
        dataset: { name: f.name }, onclick: async () => {
          try { await api(`/api/rooms/${enc(room.id)}/invite`, { body: { name: f.name } }); status.textContent = fw("invited", { name: f.name }); }
          catch (e) { status.textContent = e.message; }
        } }, h(`span.dot.${f.online ? "on" : "off"}`, { "aria-hidden": "true" }), ` ${f.name}`, h("span.sr-only", {}, ` (${fw(f.online ? "online" : "offline")})`)))
        : [h("span.muted", {}, fw("no_friends"))]));
    } catch (e) { status.textContent = e.message; }
  } }, shellIcon("users"), ` ${fw("invite_friend")}`), list, status);
  if (inviteBoxes.size > 20) inviteBoxes.clear();
  inviteBoxes.set(room.id, box);
  return box;
}

// ---------------------------------------------------------------- the lobby panels
// The invitations: a notice per invitation with Join and Dismiss (`attach(lobby)` listens).
export function invitationsPanel(go, gameTitle) {
  const box = h("div#invitations", { "aria-live": "polite" });
  const shown = new Set();
  function add(x) {
    const key = `${x.room}:${x.from}`;
    if (shown.has(key)) return;
    shown.add(key);
    const note = h("div.notice.invitation", { dataset: { room: x.room } }, shellIcon("bell"),
      h("span.invite-text", {}, fw("invitation", { name: x.from, game: gameTitle(x.game) })),
      h("button.primary.join-invite", { onclick: () => go(x.room) }, t("join")),
      h("button.link", { onclick: () => note.remove() }, fw("dismiss")));
    box.append(note);
  }
  box.attach = (lobby) => {
    lobby.on("hello", (f) => f.invites.forEach(add));
    lobby.on("invite", add);
  };
  return box;
}

// The friends panel: followed people (online first, their live tables), follow by name, the
// blocked people. Refreshed with the lobby's room list.
export function friendsPanel(session) {
  const list = h("div#friends-list");
  const blocked = h("div#blocked-list");
  const error = h("div.error");
  const name = h("input#follow-name", { placeholder: t("name"), maxlength: 24, "aria-label": fw("follow_name") });
  async function refresh() {
    try {
      const data = await api("/api/friends");
      list.replaceChildren(data.friends.length ? h("ul.friends", {}, data.friends.map((f) => h("li.friend", { dataset: { name: f.name, online: f.online ? "yes" : "no" } },
        h(`span.dot.${f.online ? "on" : "off"}`, { "aria-hidden": "true" }), " ",
        h("a", { href: `/profile/${enc(f.name)}` }, f.name), " ",
        h("span.muted", {}, fw(f.online ? "online" : "offline")),
        f.rooms.map((r) => h("a.friend-table", { href: `/room/${r.id}` }, r.status === "open" && r.free ? t("join") : t("watch"))),
        h("button.link.unfollow", { onclick: async () => { await api(`/api/friends/${enc(f.name)}`, { method: "DELETE" }); refresh(); } }, fw("unfollow")))))
        : h("p.muted", {}, fw("no_friends")));
      blocked.replaceChildren(data.blocked.length ? h("p.muted", {}, `${fw("blocked")}: `, data.blocked.map((b) => h("span.blocked", {}, b, " ",
        h("button.link", { onclick: async () => { await api(`/api/blocks/${enc(b)}`, { method: "DELETE" }); refresh(); } }, fw("unblock"))))) : "");
    } catch (e) { error.textContent = e.message; }
  }
  const follow = h("button#follow-by-name", { onclick: async () => {
    error.textContent = "";
    try { await api(`/api/friends/${enc(name.value.trim())}`, { body: {} }); name.value = ""; refresh(); }
    catch (e) { error.textContent = e.message; }
  } }, fw("follow"));
  const panel = h("div.panel#friends", {}, h("h3", {}, shellIcon("users"), ` ${fw("friends")}`), list,
    h("div.row", {}, name, follow), blocked, error);
  panel.refresh = refresh;
  refresh();
  return panel;
}

// The queue panel: game, options preset, pace, the wait for bots, and how many wait. `start()`
// makes sure there is a person and a lobby socket (a guest's name first) and resolves to it;
// `attach(lobby)` listens to a socket.
export function queuePanel(games, start, go) {
  const error = h("div.error#queue-error");
  const offer = { games: {}, queues: [], band: { start: 100, step: 50, every: 10 } };
  const gameSel = h("select#queue-game", { "aria-label": t("game") });
  const presetSel = h("select#queue-preset", { "aria-label": fw("preset") });
  const paceSel = h("select#queue-pace", { "aria-label": fw("pace") },
    ["live", "turns"].map((p) => h("option", { value: p }, fw(`pace_${p}`))));
  const botsSel = h("select#queue-bots", { "aria-label": fw("bots_after") },
    [["30", "bots_30"], ["60", "bots_60"], ["120", "bots_120"], ["never", "bots_never"]].map(([v, k]) => h("option", { value: v, selected: v === "60" }, fw(k))));
  const count = h("span.muted#queue-count");
  const status = h("div#queue-status", { "aria-live": "polite" });
  const join = h("button.primary#queue-join", {}, shellIcon("users"), ` ${fw("join_queue")}`);
  const leave = h("button#queue-leave", { hidden: true }, fw("leave_queue"));
  let waitingSince = null; let mine = null; let timer = null;
  function drawPresets() {
    const presets = Object.keys(offer.games[gameSel.value] || { default: 2 });
    presetSel.replaceChildren(...presets.map((p) => h("option", { value: p }, fw(`preset_${p}`))));
  }
  function drawCount() {
    const n = offer.queues.filter((q) => q.game === gameSel.value && q.preset === presetSel.value && q.pace === paceSel.value)
      .reduce((a, q) => a + q.waiting, 0);
    count.textContent = fw("waiting_n", { n });
  }
  function drawWaiting() {
    if (!mine) { status.textContent = ""; return; }
    const seconds = Math.floor((Date.now() - waitingSince) / 1000);
    const band = offer.band.start + offer.band.step * Math.floor(seconds / offer.band.every);
    status.textContent = fw("in_queue", { seconds, band, rating: Math.round(mine.rating) });
  }
  function queued(on) {
    join.hidden = on; leave.hidden = !on;
    for (const el of [gameSel, presetSel, paceSel, botsSel]) el.disabled = on;
    clearInterval(timer);
    if (on) { timer = setInterval(() => { if (!document.body.contains(status)) clearInterval(timer); else drawWaiting(); }, 1000); }
    drawWaiting();
  }
  gameSel.addEventListener("change", () => { drawPresets(); drawCount(); });
  presetSel.addEventListener("change", drawCount);
  paceSel.addEventListener("change", drawCount);
  join.addEventListener("click", async () => {
    error.textContent = "";
    join.disabled = true;
    try {
      const lobby = await start();
      lobby.send({ type: "queue", game: gameSel.value, preset: presetSel.value, pace: paceSel.value,
        bots: botsSel.value === "never" ? null : Number(botsSel.value) });
    } catch (e) { error.textContent = e.message; }
    join.disabled = false;
  });
  leave.addEventListener("click", () => { if (socket) socket.send({ type: "leave" }); });
  // the socket's frames, once it is open
  function attach(lobby) {
    lobby.on("hello", (f) => { offer.queues = f.queues; drawCount(); });
    lobby.on("waiting", (f) => { offer.queues = f.queues; drawCount(); });
    lobby.on("queued", (f) => { mine = f; waitingSince = Date.now(); queued(true); });
    lobby.on("left", () => { mine = null; queued(false); });
    lobby.on("matched", (f) => { mine = null; queued(false); status.textContent = fw("matched"); go(f.room); });
    lobby.on("error", (f) => { error.textContent = f.message; });
  }
  api("/api/queue").then((data) => {
    Object.assign(offer, data);
    const names = games.games.map((g) => g.name).filter((n) => offer.games[n]);
    const stored = localStorage.getItem("evolutio.game");
    gameSel.replaceChildren(...names.map((n) => h("option", { value: n, selected: n === stored }, (games.games.find((g) => g.name === n) || {}).title || n)));
    drawPresets(); drawCount();
  }).catch((e) => { error.textContent = e.message; });
  const panel = h("div.panel#queue", {}, h("h3", {}, fw("queue")), h("p.muted", {}, fw("queue_intro")),
    h("div.row.queue-controls", {}, h("label", {}, `${t("game")} `, gameSel), h("label", {}, `${fw("preset")} `, presetSel),
      h("label", {}, `${fw("pace")} `, paceSel), h("label", {}, `${fw("bots_after")} `, botsSel)),
    h("p.muted.queue-note", {}, fw("pace_note")),
    h("div.row.queue-go", {}, join, leave, count), status, error);
  panel.attach = attach;
  return panel;
}
