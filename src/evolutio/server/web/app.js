// Entry point: header, routing by path, lobby, profile and leaderboard pages.
import { api, h } from "./api.js";
import { getLang, setLang, t, translatePage } from "./i18n.js";
import { closeRoom, showRoom } from "./room.js";
import { gameSummary, gameTitle, loadGames, optionControls, optionsText } from "./games.js";
import { showReplay } from "./replay.js";
import { timeControls, timingText } from "./clocks.js";
import { gamesPanel, showRules } from "./rules.js";
import { showLesson } from "./lesson.js";
import { historyPanel, playNowPanel, w } from "./lobby.js";
import { ratingCharts } from "./chart.js";
import { pw, showPuzzleGames, showPuzzles } from "./puzzles.js";
import { showStats } from "./stats.js";
import { abandonedMark, countMyGames, invitePanel, lw, mayLeave, showMyGames } from "./leave.js";
import { closeLobby, friendsPanel, invitationsPanel, openLobby, personButtons, queuePanel } from "./friends.js";
import { mw, showSettings } from "./mail.js";

export const session = { user: null };

const app = document.getElementById("app");

async function loadMe() {
  try { session.user = (await api("/api/me")).user; } catch { session.user = null; }
  const who = document.getElementById("who");
  who.replaceChildren();
  if (session.user) {
    who.append(h("a", { href: `/profile/${encodeURIComponent(session.user.name)}` }, session.user.name), " ");
    // an account's e-mail settings (a guest can have no address)
    if (session.user.account) who.append(h("a#settings-link", { href: "/settings" }, mw("settings")), " ");
    who.append(h("button", { onclick: async () => { await api("/api/logout", { body: {} }); location.href = "/"; } }, t("logout")));
  }
  countMyGames(session);
}

function loginPanel(onDone) {
  const name = h("input", { placeholder: t("name"), maxlength: 24, name: "name", autocomplete: "username" });
  const password = h("input", { type: "password", placeholder: t("password"), name: "password", autocomplete: "current-password" });
  const error = h("div.error");
  const run = (path, withPassword) => async () => {
    error.textContent = "";
    try {
      await api(path, { body: withPassword ? { name: name.value, password: password.value } : { name: name.value } });
      await loadMe(); onDone();
    } catch (e) { error.textContent = e.message; }
  };
  return h("div.panel#login", {},
    h("h3", {}, t("name")),
    h("div.row", {}, name, h("button.primary#guest", { onclick: run("/api/guest", false) }, t("play_as_guest"))),
    h("div.row", { style: "margin-top:.5rem" }, password,
      h("button", { onclick: run("/api/login", true) }, t("login")),
      h("button", { onclick: run("/api/register", true) }, t("register"))),
    error);
}

// The options a new room starts with: the server's normalized defaults, else each declared default.
function defaults(entry) {
  if (entry.defaults) return JSON.parse(JSON.stringify(entry.defaults));
  return Object.fromEntries((entry.options || []).map((spec) => [spec.name, spec.default]));
}

async function showLobby() {
  const error = h("div.error");
  const list = h("div.table-scroll");
  let games = { games: [], default: null };
  try { games = await loadGames(); } catch (e) { error.textContent = e.message; }
  const entryOf = (name) => games.games.find((g) => g.name === name) || null;
  // one's own games are returned to; a free seat is joined; the rest watched
  const mine = (r) => session.user && r.seats.some((s) => s.user_id === session.user.id && !s.resigned);
  const roomLink = (r) => (mine(r) ? t("return") : r.status === "open" && r.seats.some((s) => !s.name) ? t("join") : t("watch"));
  async function refresh() {
    try {
      const data = await api("/api/rooms");
      list.replaceChildren(data.rooms.length ? h("table.list", {}, h("tr", {},
        h("th", {}, t("room")), h("th", {}, t("game")), h("th", {}, t("seats")), h("th", {}, t("options")), h("th", {}, ""), h("th", {}, "")),
        data.rooms.map((r) => h("tr", { dataset: { room: r.id, game: r.game } },
          h("td", {}, r.id), h("td.room-game", {}, gameTitle(entryOf(r.game), r.game)),
          h("td", {}, r.seats.map((s) => s.name || `(${t("free")})`).join(", ")),
          h("td.room-options", {}, optionsText(entryOf(r.game), r.options, timingText(r)),
            r.turn_based ? h("span.badge.turn-based", {}, ` ${t("turn_based", "clocks")}`) : null),
          h("td", {}, t(r.status)),
          h("td", {}, h("a", { href: `/room/${r.id}` }, roomLink(r))))))
        : h("p.muted", {}, t("no_rooms")));
    } catch (e) { error.textContent = e.message; }
  }
  // the game chooser and a form generated from the chosen game's declared options
  const stored = localStorage.getItem("evolutio.game");
  let chosen = entryOf(stored) ? stored : (games.default || (games.games[0] && games.games[0].name));
  let values = {};
  const summary = h("p.muted#game-summary");
  const form = h("div.row.options-row#room-form", { style: "margin-top:.4rem" });
  const chooser = h("select#game", { onchange: (ev) => { chosen = ev.target.value; localStorage.setItem("evolutio.game", chosen); drawForm(); } },
    games.games.map((g) => h("option", { value: g.name, selected: g.name === chosen }, g.title)));
  function drawForm() {
    const entry = entryOf(chosen);
    if (!entry) { form.replaceChildren(); summary.textContent = ""; return; }
    values = defaults(entry);
    summary.textContent = gameSummary(entry);
    form.replaceChildren(...optionControls(entry.options || [], values, "new-", (spec, value) => { values[spec.name] = value; }, true));
  }
  drawForm();
  const times = { clock: 0, bank: 0, increment: 0, days: 0 };
  const clock = timeControls(times, "", (name, value) => {
    if (name !== "increment") Object.assign(times, { clock: 0, bank: 0, days: 0 });
    times[name] = value;
  }, true);
  const priv = h("input#new-private", { type: "checkbox" });
  const create = h("button.primary#create", { onclick: async () => {
    error.textContent = "";
    try {
      const data = await api("/api/rooms", { body: { game: chosen, ...times, options: values, private: priv.checked } });
      history.pushState({}, "", `/room/${data.room.id}`); route();
    } catch (e) { error.textContent = e.message; }
  } }, t("create"));
  const finishedPanel = historyPanel(games);
  // one name field: the login panel's, which Play now also takes as a guest's name
  const guestName = () => { const el = app.querySelector("#login input[name=name]"); return el ? el.value : ""; };
  const goRoom = (id) => { history.pushState({}, "", `/room/${id}`); route(); };
  // the lobby socket (presence, invitations, the queue): open while a person is on this page
  const invitations = invitationsPanel(goRoom, (g) => gameTitle(entryOf(g), g));
  let lobby = null;
  const queue = queuePanel(games, async () => {
    if (!session.user) {
      await api("/api/guest", { body: { name: guestName() } });
      await loadMe();
    }
    if (!lobby) { lobby = openLobby(); queue.attach(lobby); invitations.attach(lobby); }
    await lobby.ready;
    return lobby;
  }, goRoom);
  if (session.user) { lobby = openLobby(); queue.attach(lobby); invitations.attach(lobby); }
  const friends = session.user ? friendsPanel(session) : null;
  app.replaceChildren(...[
    invitations,
    session.user ? null : loginPanel(() => showLobby()),
    playNowPanel(games, session, loadMe, goRoom, guestName),
    queue, friends,
    session.user ? h("div.panel#new-room", {}, h("h3", {}, t("create_room")),
      h("div.row", {}, h("label", {}, `${t("game")} `, chooser), clock),
      summary, form, h("div.row", { style: "margin-top:.4rem" }, h("label", {}, priv, ` ${w("private_room")}`), create), error) : null,
    h("div.panel#puzzles-link", {}, h("h3", {}, pw("puzzles")), h("p.muted", {}, pw("puzzles_intro")),
      h("a.button", { href: "/puzzles" }, pw("play_puzzles"))),
    gamesPanel(games),
    h("div.panel", {}, h("h3", {}, t("rooms")), list), finishedPanel].filter(Boolean));
  await refresh();
  const timer = setInterval(() => {
    if (!document.body.contains(list)) { clearInterval(timer); return; }
    refresh();
    if (friends) friends.refresh();
  }, 4000);
}

async function showProfile(name) {
  try {
    const [p, games, chart] = await Promise.all([api(`/api/users/${encodeURIComponent(name)}`), loadGames().catch(() => ({ games: [] })),
      api(`/api/users/${encodeURIComponent(name)}/ratings`).catch(() => null)]);
    const title = (g) => { const e = games.games.find((x) => x.name === g); return e ? e.title : g; };
    // ratings per game; a server without them gives one rating
    const ratings = p.ratings ? Object.entries(p.ratings) : [[null, p]];
    app.replaceChildren(h("div.panel#profile", {}, h("h2", {}, p.name, " ", p.bot ? null : personButtons(p.name, session)),
      ratings.length ? h("table.list#ratings", {}, h("tr", {}, h("th", {}, t("game")), h("th", {}, t("rating")), h("th", {}, t("games")), h("th", {}, t("wins"))),
        ratings.map(([g, r]) => h("tr", { dataset: g ? { game: g } : {} },
          h("td", {}, g ? h("a", { href: `/leaderboard?game=${encodeURIComponent(g)}` }, title(g)) : ""),
          h("td", {}, h("b.rating", {}, String(r.rating))), h("td", {}, String(r.games)), h("td", {}, String(r.wins)))))
        : h("p.muted", {}, t("no_games")),
      ratingCharts(chart, title, w("rating_chart")),
      h("h3", {}, t("recent")),
      h("table.list", {}, h("tr", {}, h("th", {}, t("room")), h("th", {}, t("game")), h("th", {}, t("score")), h("th", {}, t("rank")), h("th", {}, t("rating"))),
        p.recent.map((g) => h(`tr${g.abandoned ? ".abandoned-game" : ""}`, {}, h("td", {}, h("a", { href: `/replay/${g.room}` }, g.room), " · ",
          h("a.analysis-link", { href: `/replay/${g.room}#analysis` }, t("analysis"))),
          h("td", {}, g.game ? title(g.game) : ""),
          h("td", {}, String(g.score)),
          h("td", {}, g.abandoned ? abandonedMark({ abandoned: true }) : `${g.rank}/${g.players}`),
          h("td", { title: g.abandoned ? lw("abandoned_note") : "" }, g.abandoned ? "–" : String(g.rating))))),
      historyPanel(games, p.name)));
  } catch (e) { app.replaceChildren(h("div.panel.error", {}, e.message)); }
}

async function showLeaderboard(game) {
  const games = await loadGames().catch(() => ({ games: [], default: null }));
  const query = game ? `?game=${encodeURIComponent(game)}` : "";
  const data = await api(`/api/leaderboard${query}`);
  const shown = data.game || game || games.default;
  const chooser = h("select#leaderboard-game", { onchange: (ev) => {
    history.pushState({}, "", `/leaderboard?game=${encodeURIComponent(ev.target.value)}`); route();
  } }, games.games.map((g) => h("option", { value: g.name, selected: g.name === shown }, g.title)));
  app.replaceChildren(h("div.panel", {}, h("h2", {}, t("leaderboard")),
    games.games.length > 1 ? h("div.row", {}, h("label", {}, `${t("game")} `, chooser)) : null,
    h("table.list#leaderboard", { dataset: { game: shown || "" } }, h("tr", {}, h("th", {}, "#"), h("th", {}, t("name")), h("th", {}, t("rating")), h("th", {}, t("games")), h("th", {}, t("wins"))),
      data.players.map((p, i) => h("tr", {}, h("td", {}, String(i + 1)),
        h("td", {}, p.bot ? p.name : h("a", { href: `/profile/${encodeURIComponent(p.name)}` }, p.name),
          p.bot ? null : [" ", personButtons(p.name, session, false)]),
        h("td", {}, String(p.rating)), h("td", {}, String(p.games)), h("td", {}, String(p.wins)))))));
}

export async function route() {
  closeRoom();
  closeLobby();
  const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  countMyGames(session);
  if (parts[0] === "room" && parts[1]) {
    await showRoom(app, parts[1], session);
    // an invite link: who invites to which game, and one step to a seat
    const invite = await invitePanel(parts[1], session, async () => { await loadMe(); await route(); });
    if (invite) app.prepend(invite);
    else if (!session.user) app.prepend(loginPanel(() => route()));
    return;
  }
  if (parts[0] === "my-games") return showMyGames(app, session);
  if (parts[0] === "replay" && parts[1]) return showReplay(app, parts[1]);
  if (parts[0] === "profile" && parts[1]) return showProfile(parts[1]);
  if (parts[0] === "rules" && parts[1]) return showRules(app, parts[1]);
  if (parts[0] === "learn" && parts[1]) return showLesson(app, parts[1], (path) => { history.pushState({}, "", path); route(); });
  if (parts[0] === "puzzles" && parts[1]) return showPuzzles(app, parts[1], session);
  if (parts[0] === "puzzles") return showPuzzleGames(app);
  if (parts[0] === "settings") return showSettings(app, session);
  if (parts[0] === "stats" && parts[1]) return showStats(app, parts[1]);
  if (parts[0] === "leaderboard") return showLeaderboard(new URLSearchParams(location.search).get("game"));
  return showLobby();
}

document.addEventListener("click", (ev) => {
  const a = ev.target.closest && ev.target.closest("a[href^='/']");
  if (!a || ev.ctrlKey || ev.metaKey || a.target || a.hasAttribute("download")) return;
  ev.preventDefault();
  if (a.getAttribute("href") !== location.pathname && !mayLeave()) return;  // a seat in a running game
  history.pushState({}, "", a.getAttribute("href"));
  route();
});
window.addEventListener("popstate", () => route());
const langSelect = document.getElementById("lang");
langSelect.value = getLang();
langSelect.addEventListener("change", () => { setLang(langSelect.value); translatePage(); loadMe(); route(); });
translatePage();
loadMe().then(route);
