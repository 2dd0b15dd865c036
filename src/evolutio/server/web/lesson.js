// "Learn to play" (/learn/GAME): a game's lesson step by step (docs/lessons.md). The table is
// drawn by the game's own renderer from the step's view and legal moves, as in a room; the
// narrator's panel says the step (n of N), its text, the answer to the last move and "Next".
// At the end, a short real game against an easy bot. Progress: an account's is kept by the
// server, everyone's in localStorage too ("evolutio.lessons": {"GAME/LESSON": next step}).
import { api, h } from "./api.js";
import { addStrings, label, t } from "./i18n.js";
import { gameEntry, loadBoard } from "./games.js";
import { buttons, decorate, markHinted, matches, mentioned, pickContext, settled, whyTargets } from "./picks.js";
import { actionButton, liveScore } from "./table.js";
import { markActions } from "./tips.js";
import { shellIcon } from "./draw.js";

const M = "lesson";
addStrings(M, {
  en: { rival: "Player {n}", learn: "Learn to play", step_of: "Step {n} of {total}", next: "Next", finish: "Play a short game",
    restart: "Start over", lobby: "Back to the lobby", right: "Well done!", refused: "Not allowed:", other: "Not quite:",
    your_move: "Your move", done_all: "Lesson complete! You are ready for a real game against an easy bot." },
  ru: { rival: "Игрок {n}", learn: "Учимся играть", step_of: "Шаг {n} из {total}", next: "Дальше", finish: "Сыграть короткую партию",
    restart: "Начать заново", lobby: "В лобби", right: "Отлично!", refused: "Так нельзя:", other: "Не совсем:",
    your_move: "Ваш ход", done_all: "Урок пройден! Вы готовы к настоящей партии против лёгкого бота." },
  it: { rival: "Giocatore {n}", learn: "Impara a giocare", step_of: "Passo {n} di {total}", next: "Avanti", finish: "Gioca una partita breve",
    restart: "Ricomincia", lobby: "Torna alla lobby", right: "Ben fatto!", refused: "Non è permesso:", other: "Non proprio:",
    your_move: "La tua mossa", done_all: "Lezione completata! Sei pronto per una vera partita contro un bot facile." },
  de: { rival: "Spieler {n}", learn: "Spielen lernen", step_of: "Schritt {n} von {total}", next: "Weiter", finish: "Eine kurze Partie spielen",
    restart: "Von vorn", lobby: "Zurück zur Lobby", right: "Gut gemacht!", refused: "Nicht erlaubt:", other: "Nicht ganz:",
    your_move: "Dein Zug", done_all: "Lektion geschafft! Du bist bereit für eine echte Partie gegen einen leichten Bot." },
});
export const lw = (key, fields = {}) => t(key, M).replace(/\{(\w+)\}/g, (_, k) => String(fields[k] ?? ""));

const STORE = "evolutio.lessons";
let listing = null;

// Every game's lessons (GET /api/lessons), fetched once per page language.
export function loadLessons() {
  if (!listing) listing = api("/api/lessons").catch(() => { listing = null; return { lessons: [], progress: {} }; });
  return listing;
}

function saved() { try { return JSON.parse(localStorage.getItem(STORE) || "{}"); } catch { return {}; } }
function remember(key, step) {
  const all = saved();
  all[key] = Math.max(all[key] || 0, step);
  localStorage.setItem(STORE, JSON.stringify(all));
}

// A "Learn to play" link for a game, shown once the game is known to have a lesson.
export function learnLink(game, cls = "") {
  const a = h(`a.learn-link${cls}`, { href: `/learn/${encodeURIComponent(game)}`, hidden: true, dataset: { game } },
    shellIcon("play"), ` ${lw("learn")}`);
  loadLessons().then((data) => { if ((data.lessons || []).some((x) => x.game === game)) a.hidden = false; });
  return a;
}

export async function showLesson(app, game, go) {
  listing = null;  // titles in the page's language, progress as it is now
  const data = await loadLessons();
  const lesson = (data.lessons || []).find((x) => x.game === game);
  if (!lesson) { app.replaceChildren(h("div.panel.error#lesson-page", {}, `${lw("learn")}: ${game}`)); return; }
  const key = `${game}/${lesson.id}`;
  const base = `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(lesson.id)}`;
  const board = await loadBoard(game);
  const entry = await gameEntry(game);
  const me = { frame: null, picks: [], armed: { version: -1, index: -1 }, busy: false };
  const narrator = h("div.panel.narrator#narrator", { "aria-live": "polite" });
  const decisionEl = h("div#decision");
  const tableEl = h("div#table");
  const scoreEl = h("div#score");
  const errorEl = h("div.error#error");
  app.replaceChildren(h("div.lesson-page#lesson-page", { dataset: { game } },
    h("div.lesson-head", {}, h("a", { href: "/" }, shellIcon("arrow-left"), ` ${lw("lobby")}`),
      h("h2", {}, `${entry ? entry.title : game}: ${lw("learn")}`)),
    narrator, errorEl, decisionEl, scoreEl, tableEl));

  async function call(path, body) {
    errorEl.textContent = "";
    try {
      me.frame = await api(`${base}/${path}`, { body });
      me.picks = [];
      if (me.frame.made) remember(key, me.frame.step + 1);
      render();
    } catch (e) { errorEl.textContent = e.message; }
  }
  const play = (item) => { if (!me.busy) call("act", { index: item.index }); };
  // a click on a thing no legal move uses: the game says why, as the answer to a wrong move
  const why = (kind, id) => call("why", { targets: whyTargets(me.picks, kind, id) });
  function pick(kind, id) {
    const i = me.picks.findIndex((p) => p.kind === kind && String(p.id) === String(id));
    if (i >= 0) me.picks.splice(i, 1); else me.picks.push({ kind, id });
    const legal = me.frame.legal || [];
    const done = settled(legal.filter((item) => matches(item, me.picks)), me.picks);
    if (done) play(done); else render();
  }

  function renderNarrator(f) {
    const r = f.result;
    const answer = r ? h(`div.lesson-result.${r.kind}#lesson-result`, { dataset: { kind: r.kind } },
      shellIcon(r.kind === "right" ? "check" : "info"), " ",
      r.kind === "usable" ? null : h("b", {}, r.kind === "right" ? lw("right") : r.kind === "refused" ? lw("refused") : lw("other")), " ",
      r.text, r.show ? h("div.lesson-show#lesson-show", {}, r.show.said) : null) : null;
    const next = f.made && !f.last ? h("button.primary#lesson-next", { onclick: () => call("next", {}) }, lw("next"), " ", shellIcon("arrow-right")) : null;
    const finish = f.made && f.last ? h("div.lesson-end#lesson-end", {}, h("p", {}, lw("done_all")),
      h("button.primary#lesson-play", { onclick: async () => {
        try {
          const r2 = await api(`${base}/play`, { body: {} });
          go(`/room/${r2.room.id}`);
        } catch (e) { errorEl.textContent = e.message; }
      } }, shellIcon("play"), ` ${lw("finish")}`)) : null;
    narrator.replaceChildren(
      h("div.lesson-progress#lesson-progress", {}, h("span.lesson-step#lesson-step", { dataset: { step: f.step } }, lw("step_of", { n: f.step + 1, total: f.steps })),
        h("progress", { max: f.steps, value: f.step + (f.made ? 1 : 0), "aria-hidden": "true" }),
        h("button.link#lesson-restart", { onclick: () => call("start", { step: 0 }) }, lw("restart"))),
      ...[h("p.lesson-text#lesson-text", {}, f.text), answer, next, finish].filter(Boolean));
  }

  function render() {
    const f = me.frame;
    if (!f) return;
    renderNarrator(f);
    const legal = f.legal || [];
    let candidates = legal.filter((item) => matches(item, me.picks));
    if (!candidates.length) { me.picks = []; candidates = legal; }
    const names = {};
    for (let i = 0; i < 8; i += 1) names[i] = lw("rival", { n: i + 1 });
    const ctx = { game, mySeat: f.seat, names, decision: f.decision, active: f.decision ? f.decision.seats : [],
      t: (k) => t(k, game), label: (id) => label(game, id),
      ...pickContext(me.picks, mentioned(candidates), legal.length ? pick : null, legal.length ? why : null, legal.length ? legal : null) };
    tableEl.replaceChildren(decorate(board.module.renderTable(f.view, ctx), ctx));
    scoreEl.replaceChildren(...[liveScore(f.score, names, ctx.label, f.seat)].filter(Boolean));
    if (!legal.length) { decisionEl.replaceChildren(); return; }
    // the renderer's formActions are played through the table's own form: no buttons
    const formed = new Set(board.module.formActions || []);
    const listed = candidates.filter((item) => !formed.has(item.action && item.action.type));
    const list = buttons(listed.filter((item) => !item.confirm), me.picks, tableEl, ctx, play,
      actionButton(f.step * 1000 + f.tries, play, render, me.armed), listed.filter((item) => item.confirm), false);
    if (f.result && f.result.show) {  // after two misses: the move taught, on the table and its button
      const shown = list.querySelector(`button.act[data-index="${f.result.show.index}"]`);
      if (shown) shown.classList.add("hinted");
      markHinted(tableEl, legal.find((item) => item.index === f.result.show.index) || null);
    }
    decisionEl.replaceChildren(h("div.prompt#prompt", { dataset: { kind: f.decision ? f.decision.kind : "" } },
      h("div.prompt-line", {}, h("b", {}, `${lw("your_move")}: `), h("span#prompt-text", {}, f.decision ? f.decision.prompt : ""),
        me.picks.length ? h("button.link#clear-picks", { onclick: () => { me.picks = []; render(); } }, t("clear")) : null),
      list));
    markActions(decisionEl, candidates, tableEl);
  }

  const server = (data.progress || {})[key];
  const at = Math.max(saved()[key] || 0, server ? server.step : 0);
  await call("start", { step: at < lesson.steps ? at : 0 });
}
