// The lobby's quick start and the histories: "Play now" cards (one per game, with what the
// game is, the number of opponents and the bots' level), the history of finished games
// (winner, date, options, length; filtered per player) for the lobby and for profiles.
import { api, h } from "./api.js";
import { addStrings, getLang, localized, t } from "./i18n.js";
import { gameTitle, optionsText } from "./games.js";

const M = "lobby";
addStrings(M, {
  en: {
    play_now: "Play now", play_now_intro: "A game against bots, one click away. Hints guide your first games.",
    opponents: "Opponents", level: "Bots", easy: "easy", normal: "normal", hard: "hard",
    your_name: "Your name", history: "Finished games", player: "Player", filter: "Filter", all: "All",
    winner: "Winner", date: "Date", length: "Length", actions_n: "{n} actions", more: "More",
    no_history: "No finished games yet.", resigned: "resigned", private_room: "Private (invite link only)",
    players_n: "{n} players", rating_chart: "Rating over time", replay: "Replay",
  },
  ru: {
    play_now: "Играть сейчас", play_now_intro: "Партия против ботов в один клик. Подсказки ведут по первым партиям.",
    opponents: "Соперники", level: "Боты", easy: "лёгкие", normal: "обычные", hard: "сильные",
    your_name: "Ваше имя", history: "Сыгранные партии", player: "Игрок", filter: "Показать", all: "Все",
    winner: "Победитель", date: "Дата", length: "Длина", actions_n: "ходов: {n}", more: "Ещё",
    no_history: "Сыгранных партий пока нет.", resigned: "сдался", private_room: "Закрытая (только по ссылке)",
    players_n: "игроков: {n}", rating_chart: "Рейтинг со временем", replay: "Повтор",
  },
  it: {
    play_now: "Gioca ora", play_now_intro: "Una partita contro i bot, a un clic. I suggerimenti guidano le prime partite.",
    opponents: "Avversari", level: "Bot", easy: "facili", normal: "normali", hard: "forti",
    your_name: "Il tuo nome", history: "Partite finite", player: "Giocatore", filter: "Filtra", all: "Tutte",
    winner: "Vincitore", date: "Data", length: "Durata", actions_n: "{n} azioni", more: "Altre",
    no_history: "Nessuna partita finita.", resigned: "ha abbandonato", private_room: "Privata (solo col link d'invito)",
    players_n: "{n} giocatori", rating_chart: "Punteggio nel tempo", replay: "Replay",
  },
  de: {
    play_now: "Jetzt spielen", play_now_intro: "Eine Partie gegen Bots mit einem Klick. Tipps begleiten die ersten Partien.",
    opponents: "Gegner", level: "Bots", easy: "leicht", normal: "normal", hard: "stark",
    your_name: "Dein Name", history: "Beendete Partien", player: "Spieler", filter: "Filtern", all: "Alle",
    winner: "Sieger", date: "Datum", length: "Länge", actions_n: "{n} Aktionen", more: "Mehr",
    no_history: "Noch keine beendeten Partien.", resigned: "aufgegeben", private_room: "Privat (nur per Einladungslink)",
    players_n: "{n} Spieler", rating_chart: "Wertung im Verlauf", replay: "Wiederholung",
  },
});

export function w(key, fields = {}) {
  return t(key, M).replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ""));
}

// The Play now panel: a card per game. `session.user` null: a name field asks for a guest
// name first. `go(roomId)` opens the new room.
export function playNowPanel(games, session, onLogin, go) {
  const error = h("div.error#play-error");
  const name = session.user ? null : h("input#play-name", { placeholder: w("your_name"), maxlength: 24, autocomplete: "nickname" });
  const cards = games.games.map((entry) => {
    const info = entry.info || {};
    const low = Math.max(1, (info.min_players || 2) - 1);
    const high = Math.max(low, (info.max_players || 2) - 1);
    const chosen = Math.max(low, Math.min(high, Math.max(info.min_players || 2, 2) - 1));
    const opponents = h("select.opponents", { "aria-label": w("opponents") },
      Array.from({ length: high - low + 1 }, (_, i) => low + i).map((n) => h("option", { value: n, selected: n === chosen }, String(n))));
    const level = h("select.level", { "aria-label": w("level") },
      ["easy", "normal", "hard"].map((x) => h("option", { value: x, selected: x === "normal" }, w(x))));
    const button = h("button.primary.play-now", { onclick: async () => {
      error.textContent = "";
      button.disabled = true;
      try {
        if (!session.user) {
          await api("/api/guest", { body: { name: name.value } });
          await onLogin();
        }
        const data = await api("/api/play-now", { body: { game: entry.name, opponents: Number(opponents.value), level: level.value } });
        go(data.room.id);
      } catch (e) { error.textContent = e.message; button.disabled = false; }
    } }, w("play_now"));
    return h("div.game-card", { dataset: { game: entry.name } },
      h("h4", {}, gameTitle(entry, entry.name)),
      h("p.game-summary", {}, localized(info.summary, "")),
      h("div.row", {},
        h("label", {}, `${w("opponents")} `, opponents),
        h("label", {}, `${w("level")} `, level), button));
  });
  return h("div.panel#play-now", {}, h("h3", {}, w("play_now")),
    h("p.muted", {}, w("play_now_intro")),
    name ? h("div.row", { style: "margin-bottom:.5rem" }, h("label", {}, `${w("your_name")} `, name)) : null,
    h("div.game-cards", {}, cards), error);
}

function when(iso) {
  if (!iso) return "";
  const d = new Date(`${iso}Z`);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(getLang(), { dateStyle: "short", timeStyle: "short" });
}

// The history table: finished games newest first, a player filter (fixed on a profile) and
// a "More" button for the next page.
export function historyPanel(games, fixedPlayer = null) {
  const entryOf = (name) => games.games.find((g) => g.name === name) || null;
  const body = h("tbody");
  const empty = h("p.muted#history-empty", {}, w("no_history"));
  const error = h("div.error");
  const more = h("button#history-more", { onclick: () => load(false) }, w("more"));
  const player = fixedPlayer ? null : h("input#history-player", { placeholder: w("player"), maxlength: 24,
    onkeydown: (ev) => { if (ev.key === "Enter") load(true); } });
  let offset = 0;
  function row(g) {
    const winners = new Set(g.winners || []);
    const who = (g.players || []).map((p, i) => h("span.history-seat", {},
      i ? ", " : "", (() => {
        const shown = p.bot ? p.name : h("a", { href: `/profile/${encodeURIComponent(p.name)}` }, p.name);
        return winners.has(p.name) ? h("b", {}, shown) : shown;
      })(),
      p.score === null || p.score === undefined ? "" : ` ${p.score}`,
      p.resigned ? ` (${w("resigned")})` : ""));
    return h("tr.history-row", { dataset: { room: g.id, game: g.game } },
      h("td", {}, gameTitle(entryOf(g.game), g.game)),
      h("td.history-players", {}, who),
      h("td.history-winner.wide-only", {}, (g.winners || []).join(", ")),
      h("td", {}, when(g.finished)),
      h("td.muted.wide-only", {}, optionsText(entryOf(g.game), g.options, g.clock)),
      h("td.history-length", {}, w("actions_n", { n: g.actions })),
      h("td", {}, h("a", { href: `/replay/${g.id}` }, w("replay"))));
  }
  async function load(fresh) {
    error.textContent = "";
    if (fresh) offset = 0;
    const who = fixedPlayer || (player && player.value.trim()) || "";
    const query = new URLSearchParams({ offset: String(offset), limit: "20" });
    if (who) query.set("player", who);
    try {
      const data = await api(`/api/games/finished?${query}`);
      if (fresh) body.replaceChildren();
      body.append(...data.games.map(row));
      offset += data.games.length;
      more.hidden = !data.more;
      empty.hidden = body.children.length > 0;
    } catch (e) { error.textContent = e.message; }
  }
  const panel = h("div.panel#history", {}, h("h3", {}, w("history")),
    player ? h("div.row", { style: "margin-bottom:.4rem" }, player,
      h("button#history-filter", { onclick: () => load(true) }, w("filter")),
      h("button#history-all", { onclick: () => { player.value = ""; load(true); } }, w("all"))) : null,
    h("div.table-scroll", {}, h("table.list#history-table", {}, h("thead", {}, h("tr", {},
      h("th", {}, t("game")), h("th", {}, t("players")), h("th.wide-only", {}, w("winner")), h("th", {}, w("date")),
      h("th.wide-only", {}, t("options")), h("th", {}, w("length")), h("th", {}, ""))), body)),
    empty, more, error);
  panel.reload = () => load(true);
  load(true);
  return panel;
}
