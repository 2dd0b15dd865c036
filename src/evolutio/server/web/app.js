// Entry point: header, routing by path, lobby, profile and leaderboard pages.
import { api, h } from "./api.js";
import { getLang, setLang, t, translatePage } from "./i18n.js";
import { EXPANSIONS, closeRoom, optionsText, showRoom } from "./room.js";
import { showReplay } from "./replay.js";

export const session = { user: null };

const app = document.getElementById("app");

async function loadMe() {
  try { session.user = (await api("/api/me")).user; } catch { session.user = null; }
  const who = document.getElementById("who");
  who.replaceChildren();
  if (session.user) {
    who.append(h("a", { href: `/profile/${encodeURIComponent(session.user.name)}` }, session.user.name), " ",
      h("button", { onclick: async () => { await api("/api/logout", { body: {} }); location.href = "/"; } }, t("logout")));
  }
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

async function showLobby() {
  const error = h("div.error");
  const list = h("div");
  const finished = h("div");
  async function refresh() {
    try {
      const data = await api("/api/rooms");
      list.replaceChildren(data.rooms.length ? h("table.list", {}, h("tr", {},
        h("th", {}, t("room")), h("th", {}, t("seats")), h("th", {}, t("options")), h("th", {}, ""), h("th", {}, "")),
        data.rooms.map((r) => h("tr", { dataset: { room: r.id } },
          h("td", {}, r.id), h("td", {}, r.seats.map((s) => s.name || `(${t("free")})`).join(", ")),
          h("td.room-options", {}, optionsText(r.options, r.clock)),
          h("td", {}, t(r.status)),
          h("td", {}, h("a", { href: `/room/${r.id}` }, r.status === "open" ? t("join") : t("watch"))))))
        : h("p.muted", {}, t("no_rooms")));
      finished.replaceChildren(...data.finished.map((r) => h("div", {},
        h("a", { href: `/replay/${r.id}` }, `${r.id}: ${r.seats.join(", ")}`))));
    } catch (e) { error.textContent = e.message; }
  }
  const players = h("input#players", { type: "number", min: 2, max: 8, value: 2 });
  const edition = h("select#edition", {}, h("option", { value: 3 }, "3"), h("option", { value: 2 }, "2"));
  const clock = h("input#clock", { type: "number", min: 0, max: 3600, value: 0 });
  // the engine's expansions beyond the base game (always in), and the half-deck option
  const boxes = EXPANSIONS.map((x) => h(`input#exp-${x}`, { type: "checkbox", value: x }));
  const halfDeck = h("input#half-deck", { type: "checkbox" });
  const create = h("button.primary#create", { onclick: async () => {
    error.textContent = "";
    const options = { players: Number(players.value), edition: Number(edition.value),
      expansions: ["base", ...boxes.filter((b) => b.checked).map((b) => b.value)] };
    if (halfDeck.checked) options.half_deck = true;
    try {
      const data = await api("/api/rooms", { body: { game: "evolution", clock: Number(clock.value), options } });
      history.pushState({}, "", `/room/${data.room.id}`); route();
    } catch (e) { error.textContent = e.message; }
  } }, t("create"));
  app.replaceChildren(...[
    session.user ? null : loginPanel(() => showLobby()),
    session.user ? h("div.panel", {}, h("h3", {}, t("create_room")),
      h("div.row", {}, h("label", {}, `${t("players")} `, players), h("label", {}, `${t("edition")} `, edition),
        h("label", {}, `${t("clock")} `, clock)),
      h("div.row.options-row#expansions", { style: "margin-top:.4rem" }, `${t("expansions")}: `,
        EXPANSIONS.map((x, i) => h("label", {}, boxes[i], ` ${t(x)}`)),
        h("label", {}, halfDeck, ` ${t("half_deck")}`), create), error) : null,
    h("div.panel", {}, h("h3", {}, t("rooms")), list),
    h("div.panel", {}, h("h3", {}, t("finished_games")), finished)].filter(Boolean));
  await refresh();
  const timer = setInterval(() => { if (!document.body.contains(list)) clearInterval(timer); else refresh(); }, 4000);
}

async function showProfile(name) {
  try {
    const p = await api(`/api/users/${encodeURIComponent(name)}`);
    app.replaceChildren(h("div.panel#profile", {}, h("h2", {}, p.name),
      h("p", {}, `${t("rating")}: `, h("b.rating", {}, String(p.rating)), ` · ${t("games")}: ${p.games} · ${t("wins")}: ${p.wins}`),
      h("h3", {}, t("recent")),
      h("table.list", {}, h("tr", {}, h("th", {}, t("room")), h("th", {}, t("score")), h("th", {}, t("rank")), h("th", {}, t("rating"))),
        p.recent.map((g) => h("tr", {}, h("td", {}, h("a", { href: `/replay/${g.room}` }, g.room)),
          h("td", {}, String(g.score)), h("td", {}, `${g.rank}/${g.players}`), h("td", {}, String(g.rating)))))));
  } catch (e) { app.replaceChildren(h("div.panel.error", {}, e.message)); }
}

async function showLeaderboard() {
  const data = await api("/api/leaderboard");
  app.replaceChildren(h("div.panel", {}, h("h2", {}, t("leaderboard")),
    h("table.list#leaderboard", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("name")), h("th", {}, t("rating")), h("th", {}, t("games")), h("th", {}, t("wins"))),
      data.players.map((p, i) => h("tr", {}, h("td", {}, String(i + 1)),
        h("td", {}, p.bot ? p.name : h("a", { href: `/profile/${encodeURIComponent(p.name)}` }, p.name)),
        h("td", {}, String(p.rating)), h("td", {}, String(p.games)), h("td", {}, String(p.wins)))))));
}

export async function route() {
  closeRoom();
  const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "room" && parts[1]) {
    await showRoom(app, parts[1], session);
    if (!session.user) app.prepend(loginPanel(() => route()));
    return;
  }
  if (parts[0] === "replay" && parts[1]) return showReplay(app, parts[1]);
  if (parts[0] === "profile" && parts[1]) return showProfile(parts[1]);
  if (parts[0] === "leaderboard") return showLeaderboard();
  return showLobby();
}

document.addEventListener("click", (ev) => {
  const a = ev.target.closest && ev.target.closest("a[href^='/']");
  if (!a || ev.ctrlKey || ev.metaKey || a.target || a.hasAttribute("download")) return;
  ev.preventDefault();
  history.pushState({}, "", a.getAttribute("href"));
  route();
});
window.addEventListener("popstate", () => route());
const langSelect = document.getElementById("lang");
langSelect.value = getLang();
langSelect.addEventListener("change", () => { setLang(langSelect.value); translatePage(); loadMe(); route(); });
translatePage();
loadMe().then(route);
