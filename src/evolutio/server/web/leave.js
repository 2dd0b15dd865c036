// Leaving fairly and coming back: the warning before leaving a running game one sits in (the
// shell's links and closing the tab), the invite link's landing ("Anna invites you to …:
// choose a name to join", one step), the "My games" page and its count in the header, and
// the marks of an abandoned seat. The server side is docs/protocol.md's and docs/rules/server.md's.
import { api, h } from "./api.js";
import { addStrings, t } from "./i18n.js";
import { gameEntry, gameTitle, loadGames } from "./games.js";

const M = "leave";
addStrings(M, {
  en: {
    leave_warning: "You hold a seat in this running game. If you leave, a bot plays for you after a short while; if you are not back by the end, the game counts as abandoned (unrated for you). Leave anyway?",
    invites: "{host} invites you to {game}", invited: "You are invited to {game}",
    choose_name: "choose a name to join.", join_as: "Join as {name}", join_game: "Join",
    log_in_join: "Log in and join", or_account: "Have an account?",
    my_games_intro: "Every game you sit in; those waiting for your move come first.",
    your_move: "Your move", waiting_others: "Waiting for the others", waiting_start: "Waiting to start",
    open_game: "Open", no_my_games: "You sit in no game now.",
    abandoned: "abandoned", abandoned_note: "unrated: a bot finished the game after the player left",
    room_closed: "This room was closed: nobody sat in it for a while.", turn_based: "turn-based",
  },
  ru: {
    leave_warning: "У вас место в идущей партии. Если уйти, вскоре за вас начнёт играть бот; если не вернуться до конца, партия засчитается как брошенная (без рейтинга для вас). Всё равно уйти?",
    invites: "{host} приглашает вас в «{game}»", invited: "Вас пригласили в «{game}»",
    choose_name: "выберите имя, чтобы сесть за стол.", join_as: "Сесть как {name}", join_game: "Сесть",
    log_in_join: "Войти и сесть", or_account: "Есть аккаунт?",
    my_games_intro: "Все партии, где у вас есть место; сначала те, что ждут вашего хода.",
    your_move: "Ваш ход", waiting_others: "Ждём остальных", waiting_start: "Ждёт начала",
    open_game: "Открыть", no_my_games: "Сейчас вы не сидите ни в одной партии.",
    abandoned: "брошена", abandoned_note: "без рейтинга: партию доиграл бот после ухода игрока",
    room_closed: "Эта комната закрыта: в ней давно никто не сидел.", turn_based: "по ходам",
  },
  it: {
    leave_warning: "Hai un posto in questa partita in corso. Se esci, tra poco un bot gioca per te; se non torni prima della fine, la partita conta come abbandonata (non valutata per te). Uscire comunque?",
    invites: "{host} ti invita a {game}", invited: "Sei invitato a {game}",
    choose_name: "scegli un nome per entrare.", join_as: "Entra come {name}", join_game: "Entra",
    log_in_join: "Accedi ed entra", or_account: "Hai un account?",
    my_games_intro: "Tutte le partite in cui siedi; prima quelle che aspettano la tua mossa.",
    your_move: "Tocca a te", waiting_others: "In attesa degli altri", waiting_start: "In attesa di iniziare",
    open_game: "Apri", no_my_games: "Ora non siedi in nessuna partita.",
    abandoned: "abbandonata", abandoned_note: "non valutata: un bot ha finito la partita dopo l'uscita del giocatore",
    room_closed: "Questa stanza è stata chiusa: nessuno ci si è seduto da un po'.", turn_based: "a turni",
  },
  de: {
    leave_warning: "Du hast einen Platz in dieser laufenden Partie. Wenn du gehst, spielt bald ein Bot für dich; bist du bis zum Ende nicht zurück, gilt die Partie als abgebrochen (für dich ungewertet). Trotzdem gehen?",
    invites: "{host} lädt dich zu {game} ein", invited: "Du bist zu {game} eingeladen",
    choose_name: "wähle einen Namen, um beizutreten.", join_as: "Als {name} beitreten", join_game: "Beitreten",
    log_in_join: "Anmelden und beitreten", or_account: "Du hast ein Konto?",
    my_games_intro: "Alle Partien, in denen du sitzt; die, die auf deinen Zug warten, zuerst.",
    your_move: "Du bist dran", waiting_others: "Warten auf die anderen", waiting_start: "Wartet auf den Start",
    open_game: "Öffnen", no_my_games: "Du sitzt gerade in keiner Partie.",
    abandoned: "abgebrochen", abandoned_note: "ungewertet: ein Bot hat die Partie beendet, nachdem der Spieler gegangen war",
    room_closed: "Dieser Raum wurde geschlossen: Eine Weile saß niemand darin.", turn_based: "rundenbasiert",
  },
});

export function lw(key, fields = {}) {
  return t(key, M).replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ""));
}

// -- the warning before leaving ------------------------------------------------------------

const guard = { on: false };

// Whether `user` holds a seat of `room` that a bot would take over if they left: a game under
// way (not turn-based: there people come and go), the seat theirs and not resigned.
export function holdsRunningSeat(room, user) {
  if (!room || !user || room.status !== "playing" || room.turn_based) return false;
  return room.seats.some((s) => s.user_id === user.id && !s.resigned);
}

// room.js tells the guard after every room message; closing the room page turns it off.
export function guardLeaving(on) { guard.on = Boolean(on); }

// Before the shell leaves the page by a link: true when it may (asked when a seat is held).
export function mayLeave() {
  if (!guard.on) return true;
  if (!window.confirm(lw("leave_warning"))) return false;
  guard.on = false;
  return true;
}

window.addEventListener("beforeunload", (ev) => {
  if (!guard.on) return;
  ev.preventDefault();
  ev.returnValue = lw("leave_warning");
});

// -- the invite link's landing -------------------------------------------------------------

// Above an open room with a free seat that the visitor does not sit in: who invites to which
// game, a name (or a login) and one button that names and seats them. `done()` reloads.
export async function invitePanel(roomId, session, done) {
  let room;
  try { room = (await api(`/api/rooms/${encodeURIComponent(roomId)}`)).room; } catch { return null; }
  const user = session.user;
  if (!room || room.status !== "open" || !room.seats.some((s) => !s.name && !s.bot)) return null;
  if (user && room.seats.some((s) => s.user_id === user.id)) return null;
  const entry = await gameEntry(room.game).catch(() => null);
  const game = gameTitle(entry, room.game);
  const line = room.host ? lw("invites", { host: room.host, game }) : lw("invited", { game });
  const error = h("div.error#invite-error");
  const join = async () => {
    await api(`/api/rooms/${encodeURIComponent(roomId)}/join`, { body: {} });
    await done();
  };
  const attempt = (work) => async () => {
    error.textContent = "";
    try { await work(); } catch (e) { error.textContent = e.message; }
  };
  if (user) {
    return h("div.panel.invite#invite", {}, h("h3#invite-line", {}, `${line}.`),
      h("button.primary#invite-join", { onclick: attempt(join) }, lw("join_as", { name: user.name })), error);
  }
  const name = h("input#invite-name", { placeholder: t("name"), maxlength: 24, name: "name", autocomplete: "username" });
  const password = h("input#invite-password", { type: "password", placeholder: t("password"), autocomplete: "current-password" });
  const asGuest = attempt(async () => { await api("/api/guest", { body: { name: name.value } }); await join(); });
  name.addEventListener("keydown", (ev) => { if (ev.key === "Enter") asGuest(); });
  return h("div.panel.invite#invite", {},
    h("h3#invite-line", {}, `${line}: ${lw("choose_name")}`),
    h("div.row", {}, name, h("button.primary#invite-join", { onclick: asGuest }, lw("join_game"))),
    h("details.invite-login", {}, h("summary", {}, lw("or_account")),
      h("div.row", {}, password, h("button#invite-login", { onclick: attempt(async () => {
        await api("/api/login", { body: { name: name.value, password: password.value } }); await join();
      }) }, lw("log_in_join")))),
    error);
}

// -- My games --------------------------------------------------------------------------------

let counting = null;

// The header's count: the games waiting for the person's move (else how many they sit in),
// asked now and every 15 seconds while someone is logged in.
export function countMyGames(session) {
  const link = document.getElementById("nav-my-games");
  const badge = document.getElementById("my-count");
  if (!link || !badge) return;
  const update = async () => {
    if (!session.user) { link.hidden = true; return; }
    link.hidden = false;
    try {
      const data = await api("/api/my-games");
      badge.textContent = data.your_move ? String(data.your_move) : (data.count ? String(data.count) : "");
      badge.classList.toggle("yours", data.your_move > 0);
      link.title = data.your_move ? `${lw("your_move")}: ${data.your_move}` : "";
    } catch { /* the next poll tries again */ }
  };
  update();
  if (counting === null) counting = setInterval(() => update(), 15000);
}

export async function showMyGames(app, session) {
  if (!session.user) { app.replaceChildren(h("div.panel#my-games", {}, h("h2", {}, t("my_games")), h("p.muted", {}, lw("no_my_games")))); return; }
  const [data, games] = await Promise.all([api("/api/my-games"), loadGames().catch(() => ({ games: [] }))]);
  const entryOf = (name) => games.games.find((g) => g.name === name) || null;
  const state = (g) => (g.status === "open" ? lw("waiting_start") : g.your_move ? lw("your_move") : lw("waiting_others"));
  const rows = data.games.map((g) => h(`tr.my-game${g.your_move ? ".yours" : ""}`, { dataset: { room: g.id, game: g.game } },
    h("td", {}, gameTitle(entryOf(g.game), g.game), g.turn_based ? h("span.badge.turn-based", {}, ` ${lw("turn_based")}`) : null),
    h("td.my-state", {}, g.your_move ? h("b", {}, state(g)) : state(g)),
    h("td.wide-only", {}, g.seats.map((s) => s || `(${t("free")})`).join(", ")),
    h("td", {}, h("a.button.my-open", { href: `/room/${g.id}` }, g.status === "open" ? lw("open_game") : t("return")))));
  app.replaceChildren(h("div.panel#my-games", {}, h("h2", {}, t("my_games")), h("p.muted", {}, lw("my_games_intro")),
    rows.length ? h("div.table-scroll", {}, h("table.list#my-games-table", {}, h("tr", {},
      h("th", {}, t("game")), h("th", {}, ""), h("th.wide-only", {}, t("players")), h("th", {}, "")), rows))
      : h("p.muted#my-games-empty", {}, lw("no_my_games"))));
  countMyGames(session);
}

// A seat's mark when a bot finished it after its person left.
export function abandonedMark(seat) {
  return seat && seat.abandoned ? h("span.abandoned", { title: lw("abandoned_note") }, ` (${lw("abandoned")})`) : null;
}
