// /stats/GAME: the balance figures shipped with the package (GET /api/stats/GAME): win rate
// by seat order, game length, each per-seat figure's names with their win-rate uplift, and the
// names played with their play rate and survival, all with 95% intervals, and the plots (SVG). The page's own words in four languages; the
// names of cards and traits come from the game (label()).
import { api, h } from "./api.js";
import { getLang, label, loadNames, localized } from "./i18n.js";
import { gameTitle, loadGames } from "./games.js";

const WORDS = {
  en: { title: "Balance figures", intro: "From {games} games between bots ({bots}), options {options}. Every figure has its 95% interval.",
    caveat: "Bots are not people: these figures say how the game goes between these bots. A positive uplift means seats that had it won more often, not that taking it makes one win.",
    seat: "Seat (turn order)", win_rate: "Win rate", interval: "95% interval", games: "Games", seats_title: "Win rate by seat",
    length_title: "Game length", figure: "Figure", mean: "Mean", median: "Median", actions: "Actions",
    name: "Name", had: "Seats with it", uplift: "Uplift", with_it: "Win with", without: "Win without",
    played: "Seats that played it", per_game: "Plays per game", survival: "Survival",
    played_note: "Survival: of the times it was played, how often it was still in play at the end. The uplift here compares the seats that played it with those that did not.",
    none: "No balance figures for this game yet.", all: "Show all {n}" },
  ru: { title: "Показатели баланса", intro: "По {games} партиям ботов ({bots}), опции {options}. У каждого показателя — 95% интервал.",
    caveat: "Боты — не люди: эти цифры говорят, как идёт игра между этими ботами. Положительный прирост значит, что места с этим выигрывали чаще, а не что это приносит победу.",
    seat: "Место (порядок хода)", win_rate: "Доля побед", interval: "95% интервал", games: "Партии", seats_title: "Доля побед по местам",
    length_title: "Длина партии", figure: "Показатель", mean: "Среднее", median: "Медиана", actions: "Действия",
    name: "Название", had: "Мест с этим", uplift: "Прирост", with_it: "Победы с этим", without: "Победы без",
    played: "Мест, сыг\u00adрав\u00adших это", per_game: "Розыг\u00adры\u00adшей за партию", survival: "Выжи\u00adвае\u00admость",
    played_note: "Выживаемость: из всех розыгрышей — доля тех, что остались в игре к концу. Прирост здесь сравнивает места, сыгравшие это, с остальными.",
    none: "Для этой игры показателей пока нет.", all: "Показать все {n}" },
  it: { title: "Dati di bilanciamento", intro: "Da {games} partite fra bot ({bots}), opzioni {options}. Ogni dato ha il suo intervallo al 95%.",
    caveat: "I bot non sono persone: questi dati dicono come va il gioco fra questi bot. Un aumento positivo vuol dire che i posti che l'avevano vincevano più spesso, non che prenderlo faccia vincere.",
    seat: "Posto (ordine di turno)", win_rate: "Vittorie", interval: "Intervallo al 95%", games: "Partite", seats_title: "Vittorie per posto",
    length_title: "Durata della partita", figure: "Dato", mean: "Media", median: "Mediana", actions: "Azioni",
    name: "Nome", had: "Posti che l'avevano", uplift: "Aumento", with_it: "Vittorie con", without: "Vittorie senza",
    played: "Posti che l'hanno giocato", per_game: "Giocate per partita", survival: "Soprav\u00advi\u00advenza",
    played_note: "Sopravvivenza: delle volte in cui è stato giocato, quante era ancora in gioco alla fine. L'aumento qui confronta i posti che l'hanno giocato con gli altri.",
    none: "Ancora nessun dato per questo gioco.", all: "Mostra tutti i {n}" },
  de: { title: "Balance-Zahlen", intro: "Aus {games} Partien zwischen Bots ({bots}), Optionen {options}. Jede Zahl mit ihrem 95-%-Intervall.",
    caveat: "Bots sind keine Menschen: Diese Zahlen sagen, wie das Spiel zwischen diesen Bots läuft. Ein positiver Zuwachs heißt, dass Plätze damit öfter gewannen, nicht dass es den Sieg bringt.",
    seat: "Platz (Zugreihenfolge)", win_rate: "Siegquote", interval: "95-%-Intervall", games: "Partien", seats_title: "Siegquote nach Platz",
    length_title: "Partielänge", figure: "Zahl", mean: "Mittel", median: "Median", actions: "Aktionen",
    name: "Name", had: "Plätze damit", uplift: "Zuwachs", with_it: "Siege mit", without: "Siege ohne",
    played: "Plätze, die es spielten", per_game: "Züge je Partie", survival: "Über\u00adleben",
    played_note: "Überleben: von allen Malen, die es gespielt wurde, der Anteil, der am Ende noch im Spiel war. Der Zuwachs vergleicht hier die Plätze, die es spielten, mit den anderen.",
    none: "Für dieses Spiel gibt es noch keine Zahlen.", all: "Alle {n} zeigen" },
};

// the page's own word in the page's language ({name} filled from vars); the long words of the
// headings carry soft hyphens (\u00ad), where they may break on a phone's width
export function sw(key, vars = {}) {
  const lang = getLang();
  const text = (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""));
}

const pct = (x) => `${(100 * x).toFixed(1)}%`;
const signed = (x) => `${x >= 0 ? "+" : ""}${(100 * x).toFixed(1)}%`;
const span = ([low, high], f) => `[${f(low)}, ${f(high)}]`;
const num = (x) => x.toFixed(1);

function table(id, headings, rows) {
  return h(`table.list.stats-table#${id}`, {},
    h("thead", {}, h("tr", {}, headings.map((text) => h("th", {}, text)))),
    h("tbody", {}, rows));
}

function plot(game, name, alt) {
  return h("img.stats-plot", { src: `/api/stats/${encodeURIComponent(game)}/${encodeURIComponent(name)}.svg`,
    alt, loading: "lazy", dataset: { plot: name } });
}

// a figure and its 95% interval in one cell, the interval on a line of its own (narrow screens)
const withInterval = (value, bounds, f) => h("td", {}, f(value),
  bounds ? h("small.stats-ci", {}, span(bounds, f)) : null);

// a row of a figure of names held at the end: share of seats with it, uplift, win rates with
// and without it, each with its interval under it (five columns, as the names played)
const heldRow = (game, item) => h("tr", { dataset: { name: item.name } }, h("td", {}, label(game, item.name)),
  withInterval(item.rate, item.rate_ci95, pct), withInterval(item.uplift, item.uplift_ci95, signed),
  withInterval(item.win_with.rate, item.win_with.ci95, pct),
  withInterval(item.win_without.rate, item.win_without.ci95, pct));

// a row of the names played: play rate, plays per game, survival and uplift, with intervals
const playedRow = (game, item) => h("tr", { dataset: { name: item.name } }, h("td", {}, label(game, item.name)),
  withInterval(item.rate, item.rate_ci95, pct), h("td", {}, item.per_game.toFixed(2)),
  item.survival === null ? h("td", {}, "-") : withInterval(item.survival, item.survival_ci95, pct),
  withInterval(item.uplift, item.uplift_ci95, signed));

// the rows of one per-seat figure: the ten largest and ten smallest uplifts, then a button for all;
// a figure of names played (its items have plays) shows play rate and survival
function featureSection(game, key, feature, plots) {
  const items = feature.items;
  const played = items.length > 0 && "plays" in items[0];
  const row = (item) => (played ? playedRow : heldRow)(game, item);
  const headings = played ? [sw("name"), sw("played"), sw("per_game"), sw("survival"), sw("uplift")]
    : [sw("name"), sw("had"), sw("uplift"), sw("with_it"), sw("without")];
  const title = localized(feature.labels, feature.label);
  const shown = items.length > 20 ? [...items.slice(0, 10), ...items.slice(-10)] : items;
  const body = shown.map(row);
  const section = h("section.stats-feature", { dataset: { figure: key } },
    h("h3", {}, title),
    played ? h("p.muted", {}, sw("played_note")) : null,
    plots.includes(`played-${key}`) ? plot(game, `played-${key}`, title) : null,
    plots.includes(`uplift-${key}`) ? plot(game, `uplift-${key}`, title) : null,
    table(`stats-${key}`, headings, body));
  if (shown.length < items.length) {
    const more = h("button", { type: "button", onclick: () => {
      section.querySelector("tbody").replaceChildren(...items.map(row)); more.remove();
    } }, sw("all", { n: items.length }));
    section.append(more);
  }
  return section;
}

export async function showStats(app, game) {
  const [data, games] = await Promise.all([
    api(`/api/stats/${encodeURIComponent(game)}`).catch(() => null),
    loadGames().catch(() => ({ games: [] })), loadNames(game)]);
  const entry = games.games.find((g) => g.name === game) || null;
  const heading = h("h2", {}, `${sw("title")}: ${gameTitle(entry, game)}`);
  if (!data) {
    app.replaceChildren(h("div.panel#stats", { lang: getLang(), dataset: { game } }, heading,
      h("p.muted", {}, sw("none"))));
    return;
  }
  const options = Object.entries(data.options || {}).map(([k, v]) => `${k}=${v}`).join(", ") || "-";
  const bots = [...new Set(data.bots || [])].join(", ");
  const seats = table("stats-seats", [sw("seat"), sw("win_rate"), sw("interval"), sw("games")],
    data.seats.map((s) => h("tr", {}, h("td", {}, String(s.seat + 1)), h("td", {}, pct(s.rate)),
      h("td", {}, span(s.ci95, pct)), h("td", {}, String(s.games)))));
  const length = table("stats-length", [sw("figure"), sw("mean"), sw("interval"), sw("median")],
    Object.entries(data.length).filter(([, f]) => f.mean !== null).map(([key, f]) => h("tr", {},
      h("td", {}, key === "actions" ? sw("actions") : localized(f.labels, f.label)), h("td", {}, num(f.mean)),
      h("td", {}, span(f.ci95, num)), h("td", {}, String(f.median)))));
  const plots = data.plots || [];
  app.replaceChildren(h("div.panel#stats", { lang: getLang(), dataset: { game } }, heading,
    h("p", {}, sw("intro", { games: data.finished, bots, options })),
    h("p.muted", {}, sw("caveat")),
    h("section.stats-seats", {}, h("h3", {}, sw("seats_title")),
      plots.includes("seats") ? plot(game, "seats", sw("seats_title")) : null, seats),
    h("section.stats-length", {}, h("h3", {}, sw("length_title")),
      plots.includes("length") ? plot(game, "length", sw("length_title")) : null, length),
    Object.entries(data.features).map(([key, feature]) => featureSection(game, key, feature, plots))));
}
