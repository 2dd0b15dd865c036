// Step through a finished game: the server replays the record and sends the public view of
// every step; this page only shows them.
import { api, h } from "./api.js";
import { getLang, loadNames, t } from "./i18n.js";
import { renderTable } from "./table.js";

export async function showReplay(app, roomId) {
  let data;
  try {
    await loadNames("evolution");
    data = await api(`/api/rooms/${encodeURIComponent(roomId)}/replay?lang=${encodeURIComponent(getLang())}`);
  } catch (e) { app.replaceChildren(h("div.panel.error", {}, e.message)); return; }
  const steps = data.steps;
  const names = Object.fromEntries(data.players.map((n, i) => [i, n]));
  let at = 0;
  const slider = h("input#replay-slider", { type: "range", min: 0, max: steps.length - 1, value: 0 });
  const label = h("span#replay-step");
  const text = h("div#replay-text.panel");
  const table = h("div#replay-table");
  const empty = { card: new Set(), animal: new Set(), link: new Set(), location: new Set() };
  function show(i) {
    at = Math.max(0, Math.min(steps.length - 1, i));
    slider.value = at;
    label.textContent = `${t("step")} ${at}/${steps.length - 1}`;
    const step = steps[at];
    text.textContent = step.text ? `${names[step.seat] || step.seat + 1}: ${step.text}` : "—";
    table.replaceChildren(renderTable(step.view, { game: data.game, mySeat: null, names, picks: [], hot: empty, onPick: null }));
  }
  slider.addEventListener("input", () => show(Number(slider.value)));
  const outcome = data.outcome ? h("div.muted", {}, `${t("scores")}: `,
    data.outcome.scores.map((s, i) => `${names[i]} ${s}`).join(", ")) : null;
  app.replaceChildren(h("div.panel", {}, h("h2", {}, `${t("replay")} ${roomId}`), outcome,
    h("div.replay-controls", {},
      h("button#replay-first", { onclick: () => show(0) }, t("first")),
      h("button#replay-prev", { onclick: () => show(at - 1) }, t("prev")),
      slider,
      h("button#replay-next", { onclick: () => show(at + 1) }, t("next")),
      h("button#replay-last", { onclick: () => show(steps.length - 1) }, t("last")), label),
    h("a#replay-panel-download", { href: `/api/rooms/${roomId}/record`, download: `evolutio-${roomId}.json` }, t("download"))),
  text, table);
  document.addEventListener("keydown", (ev) => {
    if (!document.body.contains(table)) return;
    if (ev.key === "ArrowRight") show(at + 1);
    if (ev.key === "ArrowLeft") show(at - 1);
  });
  show(0);
}
