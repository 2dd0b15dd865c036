// Step through a finished game: the server replays the record and sends the public view of
// every step; the game's renderer draws each one (nothing is clickable here).
import { api, h } from "./api.js";
import { getLang, label, t } from "./i18n.js";
import { gameEntry, loadBoard } from "./games.js";
import { decorate, pickContext } from "./picks.js";
import { gameOverPanel } from "./table.js";
import { animate, snapshot } from "./motion.js";
import { openDetails, reopen } from "./draw.js";
import { analysisPanel } from "./analysis.js";

export async function showReplay(app, roomId) {
  let data;
  let board;
  try {
    data = await api(`/api/rooms/${encodeURIComponent(roomId)}/replay?lang=${encodeURIComponent(getLang())}`);
    board = (await loadBoard(data.game)).module;
  } catch (e) { app.replaceChildren(h("div.panel.error", {}, e.message)); return; }
  const steps = data.steps;
  const names = Object.fromEntries(data.players.map((n, i) => [i, n]));
  let at = 0;
  const slider = h("input#replay-slider", { type: "range", min: 0, max: steps.length - 1, value: 0 });
  const stepLabel = h("span#replay-step");
  const text = h("div#replay-text.panel");
  const table = h("div#replay-table");
  const final = h("div#replay-final");
  const mark = h("div#replay-mark");
  // the analysis: a point of its chart jumps here; a move it marks says what was better
  const analysis = analysisPanel(roomId, names, steps.length, (i) => { show(i); text.scrollIntoView({ block: "nearest" }); },
    () => show(at));
  const entry = await gameEntry(data.game).catch(() => null);
  const ctx = { game: data.game, mySeat: null, names, decision: null, active: [],
    t: (key) => t(key, data.game), label: (id) => label(data.game, id), ...pickContext([], new Set(), null) };
  function show(i) {
    at = Math.max(0, Math.min(steps.length - 1, i));
    slider.value = at;
    stepLabel.textContent = `${t("step")} ${at}/${steps.length - 1}`;
    const step = steps[at];
    const name = step.seat === null || step.seat === undefined ? "" : names[step.seat] || `#${step.seat + 1}`;
    const who = name && step.text && !step.text.includes(name) ? `${name}: ` : "";
    text.textContent = step.text ? `${who}${step.text}` : "—";
    mark.replaceChildren(...[analysis.markAt(at)].filter(Boolean));
    analysis.at(at);
    const before = snapshot(table);
    const open = openDetails(table);
    table.replaceChildren(decorate(board.renderTable(step.view, ctx), ctx));
    reopen(table, open);
    animate(table, before);
    // the last step: who won and why, as the room showed it
    final.replaceChildren(...(at === steps.length - 1 && data.outcome
      ? [gameOverPanel(data.outcome, names, ctx.label, entry, null)] : []));
  }
  slider.addEventListener("input", () => show(Number(slider.value)));
  const outcome = data.outcome ? h("div.muted#replay-outcome", {}, `${t("scores")}: `,
    data.outcome.scores.map((s, i) => `${names[i]} ${s}`).join(", ")) : null;
  // a game played under older rules: what changed since, and where its replay stopped
  const changes = data.changes || [];
  const rules = changes.length || data.stopped ? h("div.panel#replay-rules", {},
    h("p", {}, t("rules_changed").replace("{n}", String(data.rules))),
    h("ul", {}, ...changes.flatMap((c) => c.changes.map((line) => h("li", {}, `v${c.version}: ${line}`)))),
    data.stopped ? h("p.error#replay-stopped", {}, data.stopped) : null) : null;
  app.replaceChildren(h("div.panel", {}, h("h2", {}, `${t("replay")} ${roomId}`), outcome, rules,
    h("div.replay-controls", {},
      h("button#replay-first", { onclick: () => show(0) }, t("first")),
      h("button#replay-prev", { onclick: () => show(at - 1) }, t("prev")),
      slider,
      h("button#replay-next", { onclick: () => show(at + 1) }, t("next")),
      h("button#replay-last", { onclick: () => show(steps.length - 1) }, t("last")), stepLabel),
    h("a#replay-panel-download", { href: `/api/rooms/${roomId}/record`, download: `evolutio-${roomId}.json` }, t("download"))),
  text, mark, analysis.panel, final, table);
  if (location.hash === "#analysis") analysis.panel.scrollIntoView();
  document.addEventListener("keydown", (ev) => {
    if (!document.body.contains(table)) return;
    if (ev.key === "ArrowRight") show(at + 1);
    if (ev.key === "ArrowLeft") show(at - 1);
  });
  show(0);
}
