// The lobby's quick start and the histories: "Play now" cards (one per game, with what the
// game is, the number of opponents and the bots' level), the history of finished games
// (winner, date, options, length; filtered per player) for the lobby and for profiles.
import { api, h } from "./api.js";
import { addStrings, getLang, label, localized, t } from "./i18n.js";
import { gameTitle, loadBoard, optionsText } from "./games.js";
import { pickContext } from "./picks.js";
import { shellIcon } from "./draw.js";
import { learnLink } from "./lesson.js";
import { lw } from "./leave.js";

const M = "lobby";
addStrings(M, {
  en: {
    players_range: "{low}–{high} players", players_one: "{n} players", minutes_range: "{low}–{high} min", minutes_one: "{n} min", difficulty: "Difficulty", diff_easy: "easy", "diff_medium": "medium", "diff_medium-high": "medium-high", diff_hard: "hard", rules: "Rules", length_label: "Length", players_label: "Players",
    play_now: "Play now", play_easy: "Play now · {label}", play_standard: "Play now · standard", play_now_intro: "A game against bots, one click away. Hints guide your first games.",
    opponents: "Opponents", level: "Bots", easy: "easy", normal: "normal", hard: "hard",
    your_name: "Your name", history: "Finished games", player: "Player", filter: "Filter", all: "All",
    winner: "Winner", date: "Date", length: "Length", actions_n: "{n} actions", more: "More",
    no_history: "No finished games yet.", resigned: "resigned", private_room: "Private (invite link only)",
    players_n: "{n} players", rating_chart: "Rating over time", replay: "Replay",
  },
  ru: {
    players_range: "игроков: {low}–{high}", players_one: "игроков: {n}", minutes_range: "{low}–{high} мин", minutes_one: "{n} мин", difficulty: "Сложность", diff_easy: "лёгкая", "diff_medium": "средняя", "diff_medium-high": "выше средней", diff_hard: "высокая", rules: "Правила", length_label: "Длительность", players_label: "Игроки",
    play_now: "Играть сейчас", play_easy: "Играть сейчас · {label}", play_standard: "Играть сейчас · обычная игра", play_now_intro: "Партия против ботов в один клик. Подсказки ведут по первым партиям.",
    opponents: "Соперники", level: "Боты", easy: "лёгкие", normal: "обычные", hard: "сильные",
    your_name: "Ваше имя", history: "Сыгранные партии", player: "Игрок", filter: "Показать", all: "Все",
    winner: "Победитель", date: "Дата", length: "Длина", actions_n: "ходов: {n}", more: "Ещё",
    no_history: "Сыгранных партий пока нет.", resigned: "сдался", private_room: "Закрытая (только по ссылке)",
    players_n: "игроков: {n}", rating_chart: "Рейтинг со временем", replay: "Повтор",
  },
  it: {
    players_range: "{low}–{high} giocatori", players_one: "{n} giocatori", minutes_range: "{low}–{high} min", minutes_one: "{n} min", difficulty: "Difficoltà", diff_easy: "facile", "diff_medium": "media", "diff_medium-high": "medio-alta", diff_hard: "alta", rules: "Regole", length_label: "Durata", players_label: "Giocatori",
    play_now: "Gioca ora", play_easy: "Gioca ora · {label}", play_standard: "Gioca ora · standard", play_now_intro: "Una partita contro i bot, a un clic. I suggerimenti guidano le prime partite.",
    opponents: "Avversari", level: "Bot", easy: "facili", normal: "normali", hard: "forti",
    your_name: "Il tuo nome", history: "Partite finite", player: "Giocatore", filter: "Filtra", all: "Tutte",
    winner: "Vincitore", date: "Data", length: "Durata", actions_n: "{n} azioni", more: "Altre",
    no_history: "Nessuna partita finita.", resigned: "ha abbandonato", private_room: "Privata (solo col link d'invito)",
    players_n: "{n} giocatori", rating_chart: "Punteggio nel tempo", replay: "Rivedi",
  },
  de: {
    players_range: "{low}–{high} Spieler", players_one: "{n} Spieler", minutes_range: "{low}–{high} Min.", minutes_one: "{n} Min.", difficulty: "Schwierigkeit", diff_easy: "leicht", "diff_medium": "mittel", "diff_medium-high": "mittel bis schwer", diff_hard: "schwer", rules: "Regeln", length_label: "Dauer", players_label: "Spieler",
    play_now: "Jetzt spielen", play_easy: "Jetzt spielen · {label}", play_standard: "Jetzt spielen · Standard", play_now_intro: "Eine Partie gegen Bots mit einem Klick. Tipps begleiten die ersten Partien.",
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

// A game's banner: a few icons of its renderer's sprite (/static/games/NAME/icons.svg, the
// first symbols it declares, whatever they are) on a strip; the shell's own drawing (cards,
// players, a star) for a game without one. Decoration: hidden from screen readers.
const SVG = "http://www.w3.org/2000/svg";
const sprites = {};

function spriteOf(entry) {
  if (!entry.web) return Promise.resolve(null);
  const url = new URL("icons.svg", new URL(entry.web, location.href)).pathname;
  if (!(url in sprites)) {
    sprites[url] = fetch(url).then((r) => (r.ok ? r.text() : "")).then((text) => {
      const doc = new DOMParser().parseFromString(text || "<svg/>", "image/svg+xml");
      const ids = [...doc.querySelectorAll("symbol[id]")].map((el) => el.id);
      return ids.length ? { url, ids } : null;
    }).catch(() => null);
  }
  return sprites[url];
}

function bannerIcon(href, x) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "banner-icon");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("style", `--i:${x}`);
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", href);
  svg.append(use);
  return svg;
}

export function gameBanner(entry) {
  const banner = h("div.game-banner", { "aria-hidden": "true", dataset: { game: entry.name } });
  const generic = ["card-back", "users", "star", "card-back", "flag"].map((id, i) => bannerIcon(`/static/icons.svg#${id}`, i));
  banner.append(...generic);
  banner.classList.add("generic");
  spriteOf(entry).then((sprite) => {
    if (!sprite || banner.classList.contains("picture")) return;
    const step = Math.max(1, Math.floor(sprite.ids.length / 5));
    const ids = [0, 1, 2, 3, 4].map((i) => sprite.ids[(i * step) % sprite.ids.length]);
    banner.replaceChildren(...ids.map((id, i) => bannerIcon(`${sprite.url}#${id}`, i)));
    banner.classList.remove("generic");
  });
  // a picture of the game's table, when its renderer draws one (`preview(ctx)`)
  if (entry.web) {
    loadBoard(entry.name).then(({ module }) => {
      if (typeof module.preview !== "function") return;
      const ctx = { game: entry.name, t: (key) => t(key, entry.name), label: (id) => label(entry.name, id),
        ...pickContext([], new Set(), null, null) };
      const picture = h("div.table-picture", { dataset: { refGame: entry.name } }, module.preview(ctx));
      banner.replaceChildren(picture);
      banner.classList.remove("generic");
      banner.classList.add("picture");
    }).catch((e) => console.error(`preview of ${entry.name}: ${e}`));
  }
  return banner;
}

// The facts of a game in words: players, length, difficulty (those it declares).
export function gameFacts(entry) {
  const info = entry.info || {};
  const facts = [];
  const low = info.min_players, high = info.max_players;
  if (low) {
    facts.push(h("span.fact.fact-players", { title: w("players_label") }, shellIcon("users"), " ",
      low === high ? w("players_one", { n: low }) : w("players_range", { low, high })));
  }
  const minutes = info.minutes;
  if (Array.isArray(minutes) && minutes.length === 2) {
    const [a, b] = minutes;
    facts.push(h("span.fact.fact-minutes", { title: w("length_label") }, shellIcon("timer"), " ",
      a === b ? w("minutes_one", { n: a }) : w("minutes_range", { low: a, high: b })));
  }
  if (info.difficulty) {
    const word = t(`diff_${info.difficulty}`, M);
    facts.push(h("span.fact.fact-difficulty", { title: w("difficulty"), dataset: { difficulty: info.difficulty } },
      shellIcon("gauge"), " ", `${w("difficulty")}: ${word === `diff_${info.difficulty}` ? info.difficulty : word}`));
  }
  return h("div.game-facts", {}, facts);
}

// The Play now panel: a card per game (its banner, title, players, length, difficulty, what
// it is, its rules, then opponents, the bots' level and the button: two, the easy way in
// first, where the game has one). `session.user` null: the button first takes the name of
// the lobby's one name field (`guestName()`) as a guest.
// `go(roomId)` opens the new room.
export function playNowPanel(games, session, onLogin, go, guestName = () => "") {
  const error = h("div.error#play-error");
  const cards = games.games.map((entry) => {
    const info = entry.info || {};
    const low = Math.max(1, (info.min_players || 2) - 1);
    const high = Math.max(low, (info.max_players || 2) - 1);
    const chosen = Math.max(low, Math.min(high, Math.max(info.min_players || 2, 2) - 1));
    const opponents = h("select.opponents", { "aria-label": w("opponents") },
      Array.from({ length: high - low + 1 }, (_, i) => low + i).map((n) => h("option", { value: n, selected: n === chosen }, String(n))));
    const level = h("select.level", { "aria-label": w("level") },
      ["easy", "normal", "hard"].map((x) => h("option", { value: x, selected: x === "normal" }, w(x))));
    // a game with an easy way in (info.easy_options) offers it first, named, beside the
    // standard game; the standard button keeps `.play-now` either way
    const easyLabel = Object.keys(info.easy_options || {}).length ? localized(info.easy_label, "") : "";
    const start = (easy, button) => async () => {
      error.textContent = "";
      button.disabled = true;
      try {
        if (!session.user) {
          await api("/api/guest", { body: { name: guestName() } });
          await onLogin();
        }
        const body = { game: entry.name, opponents: Number(opponents.value), level: level.value };
        if (easy) body.easy = true;
        const data = await api("/api/play-now", { body });
        go(data.room.id);
      } catch (e) { error.textContent = e.message; button.disabled = false; }
    };
    const buttons = [];
    if (easyLabel) {
      const easy = h("button.primary.play-easy", {}, shellIcon("play"), ` ${w("play_easy", { label: easyLabel })}`);
      easy.onclick = start(true, easy);
      const standard = h("button.play-now", {}, shellIcon("play"), ` ${w("play_standard")}`);
      standard.onclick = start(false, standard);
      buttons.push(easy, standard);
    } else {
      const button = h("button.primary.play-now", {}, shellIcon("play"), ` ${w("play_now")}`);
      button.onclick = start(false, button);
      buttons.push(button);
    }
    return h("div.game-card", { dataset: { game: entry.name } },
      gameBanner(entry),
      h("h4", {}, gameTitle(entry, entry.name)),
      gameFacts(entry),
      h("p.game-summary", {}, localized(info.summary, "")),
      h("a.rules-link.card-rules", { href: `/rules/${encodeURIComponent(entry.name)}` }, shellIcon("book"), ` ${w("rules")}`),
      learnLink(entry.name, ".card-learn"),
      h("div.row.card-controls", {},
        h("label", {}, `${w("opponents")} `, opponents),
        h("label", {}, `${w("level")} `, level), ...buttons));
  });
  return h("div.panel#play-now", {}, h("h3", {}, w("play_now")),
    h("p.muted", {}, w("play_now_intro")),
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
      p.resigned ? ` (${w("resigned")})` : "", p.abandoned ? ` (${lw("abandoned")})` : ""));
    return h("tr.history-row", { dataset: { room: g.id, game: g.game } },
      h("td", {}, gameTitle(entryOf(g.game), g.game)),
      h("td.history-players", {}, who),
      h("td.history-winner.wide-only", {}, (g.winners || []).join(", ")),
      h("td", {}, when(g.finished)),
      h("td.muted.wide-only", {}, optionsText(entryOf(g.game), g.options, g.clock)),
      h("td.history-length", {}, w("actions_n", { n: g.actions })),
      h("td", {}, h("a", { href: `/replay/${g.id}` }, w("replay")), " · ",
        h("a.analysis-link", { href: `/replay/${g.id}#analysis` }, t("analysis"))));
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
