// The rules page of a game (/rules/GAME): its summary, its rules overview and the full card
// reference, all from the game's own data (GET /api/games, /api/names, /api/reference) in the
// page's language; plus the links that lead there from the lobby and from a table.
import { h } from "./api.js";
import { shellIcon } from "./draw.js";
import { addStrings, getLang, label, loadNames, localized, t } from "./i18n.js";
import { loadGames } from "./games.js";
import { loadReference } from "./tips.js";
import { learnLink } from "./lesson.js";

addStrings("rules", {
  en: { rules: "Rules", card_reference: "Card reference", name: "Name", text: "What it does",
    games: "Games", no_rules: "This game brings no rules overview.", unknown_game: "Unknown game",
    back: "Back to the lobby", filter: "Find a card" },
  ru: { rules: "Правила", card_reference: "Справочник карт", name: "Название", text: "Что делает",
    games: "Игры", no_rules: "У этой игры нет обзора правил.", unknown_game: "Неизвестная игра",
    back: "Назад в лобби", filter: "Найти карту" },
  it: { rules: "Regole", card_reference: "Elenco delle carte", name: "Nome", text: "Cosa fa",
    games: "Giochi", no_rules: "Questo gioco non ha un riassunto delle regole.", unknown_game: "Gioco sconosciuto",
    back: "Torna alla sala", filter: "Cerca una carta" },
  de: { rules: "Regeln", card_reference: "Kartenübersicht", name: "Name", text: "Was sie tut",
    games: "Spiele", no_rules: "Dieses Spiel hat keine Regelübersicht.", unknown_game: "Unbekanntes Spiel",
    back: "Zurück zur Lobby", filter: "Karte suchen" },
});
const w = (key) => t(key, "rules");

export function rulesUrl(game) { return `/rules/${encodeURIComponent(game)}`; }

// A small subset of Markdown, built as DOM text (never HTML): "## " headings, "- " bullets,
// paragraphs separated by blank lines.
export function overviewEl(text) {
  const out = [];
  let list = null;
  let para = [];
  const flush = () => {
    if (para.length) out.push(h("p", {}, para.join(" ")));
    para = [];
  };
  for (const raw of String(text || "").split("\n")) {
    const line = raw.trim();
    if (line.startsWith("- ")) { flush(); if (!list) { list = h("ul"); out.push(list); } list.append(h("li", {}, line.slice(2))); continue; }
    list = null;
    if (!line) { flush(); continue; }
    if (line.startsWith("#")) { flush(); out.push(h("h3", {}, line.replace(/^#+\s*/, ""))); continue; }
    para.push(line);
  }
  flush();
  return h("div.rules-text#rules-text", {}, out);
}

export async function showRules(app, game) {
  const [listing, data] = await Promise.all([loadGames().catch(() => ({ games: [] })), loadReference(game), loadNames(game)]);
  const entry = (listing.games || []).find((g) => g.name === game);
  if (!entry) {
    app.replaceChildren(h("div.panel.error#rules-page", {}, `${w("unknown_game")}: ${game}`));
    return;
  }
  const lang = getLang();
  const texts = data.texts[lang] || data.texts.en || {};
  const overview = data.rules[lang] || data.rules.en || "";
  // a name written for use inside a phrase ("head") starts with a capital in the table
  const nameOf = (id) => { const n = label(game, id); return /^\p{Ll}+$/u.test(n) ? n[0].toLocaleUpperCase() + n.slice(1) : n; };
  const rowOf = (id) => h("tr", { dataset: { id } }, h("th", { scope: "row" }, nameOf(id)), h("td", {}, texts[id]));
  // sections as the game groups them (a heading row each), then any id left out
  const sections = [];
  const placed = new Set();
  for (const [title, ids] of (data.groups && (data.groups[lang] || data.groups.en)) || []) {
    const mine = ids.filter((id) => texts[id] && !placed.has(id));
    mine.forEach((id) => placed.add(id));
    if (mine.length) sections.push({ head: h("tr.group", {}, h("th", { colspan: 2 }, title)), rows: mine.map(rowOf) });
  }
  const rest = Object.keys(texts).filter((id) => !placed.has(id));
  if (rest.length) sections.push({ head: null, rows: rest.map(rowOf) });
  const rows = sections.flatMap((s) => s.rows);
  // a filter over names and texts, for the long tables
  const filter = h("input#reference-filter", { type: "search", placeholder: w("filter"), "aria-label": w("filter"),
    oninput: () => {
      const needle = filter.value.trim().toLocaleLowerCase();
      for (const row of rows) row.hidden = Boolean(needle) && !row.textContent.toLocaleLowerCase().includes(needle);
      for (const s of sections) if (s.head) s.head.hidden = s.rows.every((row) => row.hidden);
    } });
  app.replaceChildren(h("div.panel.rules-page#rules-page", { dataset: { game } },
    h("p", {}, h("a", { href: "/" }, shellIcon("arrow-left"), ` ${w("back")}`)),
    h("h2", {}, `${entry.title}: ${w("rules")}`),
    h("p", {}, learnLink(game, "#rules-learn")),
    h("p.muted#rules-summary", {}, localized(entry.info && entry.info.summary, "")),
    localized(entry.info && entry.info.notes, "") ? h("p.rules-notes#rules-notes", {}, shellIcon("info"), " ",
      localized(entry.info.notes, "")) : null,
    overview ? overviewEl(overview) : h("p.muted", {}, w("no_rules")),
    rows.length ? [h("h3", {}, w("card_reference")), h("div.row", {}, filter),
      h("div.ref-wrap", {}, h("table.list.ref-table#card-reference", {},
        h("tr", {}, h("th", {}, w("name")), h("th", {}, w("text"))),
        sections.flatMap((s) => [s.head, ...s.rows]).filter(Boolean)))] : null));
}

// The lobby's list of games: title, summary and a link to each one's rules.
export function gamesPanel(games) {
  const list = (games && games.games) || [];
  if (!list.length) return null;
  return h("div.panel#games-panel", {}, h("h3", {}, w("games")),
    h("ul.games-list", {}, list.map((g) => h("li", { dataset: { game: g.name } },
      h("b", {}, g.title), " ",
      h("a.rules-link", { href: rulesUrl(g.name) }, w("rules")), learnLink(g.name),
      h("div.muted", {}, localized(g.info && g.info.summary, ""))))));
}

// A table's "Rules" link: opens the game's rules in a new tab so that the game stays open.
export function rulesLink(gameOf) {
  const a = h("a.rules-link#rules-link", { href: gameOf() ? rulesUrl(gameOf()) : "/", target: "_blank", rel: "noopener" }, w("rules"));
  a.addEventListener("click", () => { if (gameOf()) a.href = rulesUrl(gameOf()); });
  return a;
}
