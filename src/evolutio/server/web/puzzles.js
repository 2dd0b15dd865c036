// The Puzzles pages: /puzzles lists the games with puzzles; /puzzles/GAME shows one puzzle at a
// time, drawn with the game's own renderer, its legal moves as buttons; the answer comes back
// right or wrong with the explanation, the rule and the rating change (docs/protocol.md,
// "Puzzles"). The next puzzle is chosen by the server near the player's rating.
import { api, h } from "./api.js";
import { getLang, label, t } from "./i18n.js";
import { gameTitle, loadBoard, loadGames } from "./games.js";
import { decorate, pickContext } from "./picks.js";

const WORDS = {
  en: { puzzles: "Puzzles", puzzles_intro: "Find the one best move. Each answer moves your puzzle rating and the puzzle's.",
    your_rating: "Your rating", streak: "Streak", best_streak: "best", theme: "Theme", all_themes: "All themes",
    puzzle_rating: "Puzzle rating", right: "Right!", wrong: "Not the best move.", best_move: "Best move",
    next_puzzle: "Next puzzle", rule: "Rule", unrated: "Not rated: play as a guest or log in to keep a rating.",
    not_rated_again: "Tried before: not rated again.", count: "Puzzles", you: "You", opponent: "Opponent",
    choose_move: "Your move", play_puzzles: "Solve puzzles" },
  ru: { puzzles: "Задачи", puzzles_intro: "Найдите единственный лучший ход. Каждый ответ меняет ваш рейтинг и рейтинг задачи.",
    your_rating: "Ваш рейтинг", streak: "Серия", best_streak: "лучшая", theme: "Тема", all_themes: "Все темы",
    puzzle_rating: "Рейтинг задачи", right: "Верно!", wrong: "Это не лучший ход.", best_move: "Лучший ход",
    next_puzzle: "Следующая задача", rule: "Правило", unrated: "Без рейтинга: войдите или играйте гостем, чтобы его вести.",
    not_rated_again: "Уже решалась: рейтинг не меняется.", count: "Задач", you: "Вы", opponent: "Соперник",
    choose_move: "Ваш ход", play_puzzles: "Решать задачи" },
  it: { puzzles: "Problemi", puzzles_intro: "Trova l'unica mossa migliore. Ogni risposta sposta il tuo punteggio e quello del problema.",
    your_rating: "Il tuo punteggio", streak: "Serie", best_streak: "migliore", theme: "Tema", all_themes: "Tutti i temi",
    puzzle_rating: "Punteggio del problema", right: "Giusto!", wrong: "Non è la mossa migliore.", best_move: "Mossa migliore",
    next_puzzle: "Prossimo problema", rule: "Regola", unrated: "Senza punteggio: entra o gioca come ospite per averne uno.",
    not_rated_again: "Già provato: punteggio invariato.", count: "Problemi", you: "Tu", opponent: "Avversario",
    choose_move: "La tua mossa", play_puzzles: "Risolvi problemi" },
  de: { puzzles: "Aufgaben", puzzles_intro: "Finde den einen besten Zug. Jede Antwort bewegt deine Wertung und die der Aufgabe.",
    your_rating: "Deine Wertung", streak: "Serie", best_streak: "beste", theme: "Thema", all_themes: "Alle Themen",
    puzzle_rating: "Wertung der Aufgabe", right: "Richtig!", wrong: "Nicht der beste Zug.", best_move: "Bester Zug",
    next_puzzle: "Nächste Aufgabe", rule: "Regel", unrated: "Ohne Wertung: melde dich an oder spiele als Gast.",
    not_rated_again: "Schon versucht: keine neue Wertung.", count: "Aufgaben", you: "Du", opponent: "Gegner",
    choose_move: "Dein Zug", play_puzzles: "Aufgaben lösen" },
};

// A word of this page in the page's language (English when missing).
export function pw(key) {
  const lang = getLang();
  return (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
}

// a theme's name, as the game names it in the page's language (GET /api/puzzles)
const themeName = (names, theme) => (names && names[theme]) || theme;

// /puzzles: every game with puzzles, its count, themes and the player's rating there.
export async function showPuzzleGames(app) {
  const [data, games] = await Promise.all([api("/api/puzzles"), loadGames().catch(() => ({ games: [] }))]);
  const entry = (name) => games.games.find((g) => g.name === name) || null;
  app.replaceChildren(h("div.panel#puzzle-games", {}, h("h2", {}, pw("puzzles")), h("p.muted", {}, pw("puzzles_intro")),
    h("table.list", {}, data.games.map((g) => h("tr", { dataset: { game: g.game } },
      h("td", {}, h("a", { href: `/puzzles/${encodeURIComponent(g.game)}` }, gameTitle(entry(g.game), g.game))),
      h("td", {}, `${pw("count")}: ${g.count}`),
      h("td.muted", {}, Object.keys(g.themes).map((th) => themeName(g.theme_names, th)).join(", ")),
      h("td", {}, `${pw("your_rating")}: ${g.me.rating}`))))));
}

// /puzzles/GAME: one puzzle, its moves, then the verdict and the next puzzle.
export async function showPuzzles(app, game, session) {
  const params = new URLSearchParams(location.search);
  const state = { theme: params.get("theme") || "", last: null, puzzle: null, me: null, rated: false };
  const listing = await api("/api/puzzles");
  const info = listing.games.find((g) => g.game === game);
  const [board, games] = await Promise.all([loadBoard(game), loadGames().catch(() => ({ games: [] }))]);
  const entry = games.games.find((g) => g.name === game) || null;
  const status = h("div.puzzle-status#puzzle-status");
  const titleEl = h("h3#puzzle-title");
  const tableEl = h("div.table.puzzle-table#puzzle-table");
  const movesEl = h("div.puzzle-moves#puzzle-moves");
  const verdictEl = h("div.puzzle-verdict#puzzle-verdict");
  const error = h("div.error");
  const themes = h("select#puzzle-theme", { "aria-label": pw("theme"), onchange: (ev) => { state.theme = ev.target.value; next(); } },
    h("option", { value: "" }, pw("all_themes")),
    Object.keys(info ? info.themes : {}).map((th) => h("option", { value: th, selected: th === state.theme }, themeName(info && info.theme_names, th))));
  app.replaceChildren(h("div.panel.puzzles#puzzles", { dataset: { game } },
    h("h2", {}, `${pw("puzzles")}: ${gameTitle(entry, game)}`),
    h("div.row", {}, h("label", {}, `${pw("theme")} `, themes), status),
    titleEl, tableEl, movesEl, verdictEl, error));

  function showStatus() {
    const me = state.me || { rating: 1500, streak: 0, best_streak: 0 };
    status.replaceChildren(...[
      h("span.puzzle-rating#my-puzzle-rating", {}, `${pw("your_rating")}: `, h("b", {}, String(me.rating))),
      " · ", h("span#puzzle-streak", {}, `${pw("streak")}: `, h("b", {}, String(me.streak)), ` (${pw("best_streak")} ${me.best_streak})`),
      state.rated ? null : h("div.muted#puzzle-unrated", {}, pw("unrated"))].filter(Boolean));
  }

  function draw(puzzle) {
    const me = session.user ? session.user.name : pw("you");
    const names = puzzle.view && Array.isArray(puzzle.view.players)
      ? puzzle.view.players.map((_, i) => (i === puzzle.seat ? me : pw("opponent")))
      : [me, pw("opponent")];
    const ctx = { game, mySeat: puzzle.seat, names, decision: null, active: [puzzle.seat],
      t: (key) => t(key, game), label: (id) => label(game, id), ...pickContext([], new Set(), null, null) };
    try {
      tableEl.replaceChildren(decorate(board.module.renderTable(puzzle.view, ctx), ctx));
    } catch (e) {
      console.error(`puzzle ${puzzle.id}: ${e}`);
      tableEl.replaceChildren(h("pre.muted", {}, JSON.stringify(puzzle.view, null, 1)));
    }
  }

  function showPuzzle(data) {
    const puzzle = data.puzzle;
    state.puzzle = puzzle; state.me = data.me; state.rated = data.rated;
    app.querySelector("#puzzles").dataset.puzzle = puzzle.id;
    showStatus();
    titleEl.replaceChildren(puzzle.title, " ",
      h("span.muted.puzzle-meta", {}, `· ${puzzle.theme_name || puzzle.theme} · ${pw("puzzle_rating")} ${puzzle.rating}`));
    draw(puzzle);
    verdictEl.replaceChildren();
    movesEl.replaceChildren(h("div.prompt", {}, h("b", {}, `${pw("choose_move")}: `), puzzle.decision.prompt),
      h("div.puzzle-buttons", {}, puzzle.legal.map((m) => h("button.act.puzzle-move", {
        dataset: { index: m.index }, onclick: () => answer(m.index) }, m.text))));
    history.replaceState({}, "", `/puzzles/${encodeURIComponent(game)}${state.theme ? `?theme=${encodeURIComponent(state.theme)}` : ""}`);
  }

  async function answer(index) {
    for (const b of movesEl.querySelectorAll("button")) b.disabled = true;
    try {
      const r = await api(`/api/puzzles/${encodeURIComponent(game)}/${encodeURIComponent(state.puzzle.id)}/attempt`, { body: { index } });
      const chosen = movesEl.querySelector(`button[data-index="${index}"]`);
      if (chosen) chosen.classList.add(r.correct ? "right" : "wrong");
      for (const b of movesEl.querySelectorAll("button")) {
        if (state.puzzle.legal[Number(b.dataset.index)] && JSON.stringify(state.puzzle.legal[Number(b.dataset.index)].action) === JSON.stringify(r.answer.action)) b.classList.add("answer");
      }
      if (r.me) state.me = r.me;
      showStatus();
      const change = r.rating ? (r.rated ? h("span.rating-change#rating-change", { dataset: { change: r.rating.change } },
        `${pw("your_rating")}: ${r.rating.before} → ${r.rating.after} (${r.rating.change > 0 ? "+" : ""}${r.rating.change})`)
        : h("span.muted", {}, pw("not_rated_again"))) : null;
      verdictEl.replaceChildren(h(`div.verdict.${r.correct ? "right" : "wrong"}#verdict`, { dataset: { correct: String(r.correct) } },
        h("b", {}, r.correct ? pw("right") : pw("wrong")), " ",
        r.correct ? "" : h("span", {}, `${pw("best_move")}: ${r.answer.text}`)),
        h("p#puzzle-explanation", {}, r.explanation),
        h("p.muted.puzzle-rule", {}, `${pw("rule")}: ${r.rule}`),
        change ? h("p", {}, change) : h("p.muted", {}, pw("unrated")),
        h("button.primary#next-puzzle", { onclick: () => next() }, pw("next_puzzle")));
      verdictEl.querySelector("#next-puzzle").focus();
    } catch (e) { error.textContent = e.message; }
  }

  async function next() {
    error.textContent = "";
    const query = new URLSearchParams();
    if (state.theme) query.set("theme", state.theme);
    if (state.puzzle) query.set("skip", state.puzzle.id);
    try { showPuzzle(await api(`/api/puzzles/${encodeURIComponent(game)}/next?${query}`)); } catch (e) { error.textContent = e.message; }
  }

  if (!session.user) state.rated = false;
  await next();
}
