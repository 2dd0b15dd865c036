// A finished game's analysis beside its replay (GET/POST /api/rooms/ID/analysis): the
// Analyse button, the place in the queue and a progress bar while a worker searches, then
// each seat's estimated win share over the game (an SVG: a point jumps the replay there),
// each seat's accuracy and marks, and at a marked move "better was: ..." with the search's
// line, in the page's language (the server words them with the game's sentences).
import { api, h } from "./api.js";
import { getLang, t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
//: the sign of each label (chess's annotation symbols)
export const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const POLL_MS = 700;

function svg(tag, attrs = {}, text = null) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== null) el.textContent = text;
  return el;
}

function fill(text, fields) {
  return Object.entries(fields).reduce((s, [k, v]) => s.replaceAll(`{${k}}`, String(v)), text);
}

// The chart: x the replay's step (the position after action N), y a seat's estimated win
// share at its decisions (0 to 100), one line per seat in its colour; marked moves drawn
// larger; `jump(step)` on a click (or Enter on a focused point).
export function winShareChart(analysis, names, steps, jump) {
  // drawn at about the size shown, so that its words stay legible on a phone
  const width = Math.max(300, Math.min(640, (document.documentElement.clientWidth || 640) - 60));
  const height = 190, left = 34, right = 10, top = 10, bottom = 22;
  const last = Math.max(1, steps - 1);
  const x = (step) => left + (step * (width - left - right)) / last;
  const y = (v) => top + (height - top - bottom) * (1 - v);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img",
    "aria-label": t("analysis_chart"), class: "analysis-chart", id: "analysis-chart",
    preserveAspectRatio: "xMinYMin meet" });
  chart.style.maxWidth = `${width}px`;
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    chart.append(svg("line", { x1: left, y1: y(v), x2: width - right, y2: y(v), class: v % 0.5 ? "grid" : "axis" }),
      svg("text", { x: left - 4, y: y(v) + 3, "text-anchor": "end", class: "tick" }, `${Math.round(v * 100)}%`));
  }
  const even = 1 / Math.max(1, analysis.seats);
  chart.append(svg("line", { x1: left, y1: y(even), x2: width - right, y2: y(even), class: "even" }),
    svg("text", { x: width - right, y: height - 6, "text-anchor": "end", class: "tick" }, `${t("step")} ${last}`));
  const cursor = svg("line", { x1: x(0), y1: top, x2: x(0), y2: height - bottom, class: "cursor", id: "analysis-cursor" });
  chart.append(cursor);
  for (let seat = 0; seat < analysis.seats; seat++) {
    const mine = analysis.decisions.filter((d) => d.seat === seat);
    if (!mine.length) continue;
    const group = svg("g", { class: `seat-line seat-${seat % 6}`, "data-seat": seat });
    group.append(svg("polyline", { fill: "none", class: "line",
      points: mine.map((d) => `${x(d.index + 1).toFixed(1)},${y(d.best.value ?? 0).toFixed(1)}`).join(" ") }));
    for (const d of mine) {
      const mark = d.label ? ` ${SIGNS[d.label]}` : "";
      const dot = svg("circle", { cx: x(d.index + 1).toFixed(1), cy: y(d.best.value ?? 0).toFixed(1),
        r: d.label === "blunder" || d.label === "mistake" ? 5 : d.label ? 4 : 2.6,
        class: `dot${d.label ? ` mark ${d.label}` : ""}`, tabindex: 0, "data-step": d.index + 1 });
      dot.append(svg("title", {}, `${t("step")} ${d.index + 1} · ${names[seat] || seat + 1}: ${d.played.text}${mark} · ${Math.round(100 * (d.best.value ?? 0))}%`));
      dot.addEventListener("click", () => jump(d.index + 1));
      dot.addEventListener("keydown", (ev) => { if (ev.key === "Enter") jump(d.index + 1); });
      group.append(dot);
    }
    chart.append(group);
  }
  chart.moveTo = (step) => {
    cursor.setAttribute("x1", x(step).toFixed(1));
    cursor.setAttribute("x2", x(step).toFixed(1));
  };
  return chart;
}

// Each seat's analysed decisions, accuracy and marks.
function summaryTable(analysis, names) {
  return h("table.list#analysis-summary", {},
    h("tr", {}, h("th", {}, t("players")), h("th.num", {}, t("accuracy")),
      ...Object.entries(SIGNS).map(([label, sign]) => h("th.num", { title: t(label) }, sign))),
    analysis.summary.map((s) => h("tr", { dataset: { seat: s.seat } },
      h("td", {}, h(`span.seat-name.seat-${s.seat % 6}`, {}, h("span.seat-dot"), names[s.seat] || s.player)),
      h("td.num", {}, s.accuracy === null ? "–" : String(s.accuracy)),
      ...Object.keys(SIGNS).map((label) => h("td.num", {}, String(s[label] || 0))))));
}

// The analysis panel of a replay: `jump(step)` moves the replay; returns the panel and
// `markAt(step)`, the mark of the move that led to `step` (null when none), and `at(step)`.
export function analysisPanel(roomId, names, steps, jump, changed) {
  const panel = h("div.panel#analysis");
  const path = `/api/rooms/${encodeURIComponent(roomId)}/analysis?lang=${encodeURIComponent(getLang())}`;
  let byStep = new Map();
  let chart = null;
  let timer = null;

  function render(state) {
    clearTimeout(timer);
    const head = h("h3", {}, t("analysis"));
    if (state.state === "off") { panel.replaceChildren(head, h("p.muted#analysis-off", {}, t("analysis_off"))); return; }
    if (state.state === "none" || state.state === "failed") {
      const error = h("p.error#analysis-error");
      const button = h("button#analyse", { onclick: async () => {
        button.disabled = true;
        try { render(await api(path, { body: {} })); } catch (e) { error.textContent = e.message; button.disabled = false; }
      } }, t("analyse"));
      panel.replaceChildren(head, state.state === "failed" ? h("p.error#analysis-failed", {}, fill(t("analysis_failed"), { reason: state.reason })) : null,
        h("p.muted", {}, t("analyse_what")), button, error);
      return;
    }
    if (state.state === "queued" || state.state === "running") {
      const running = state.state === "running";
      const bar = h("progress#analysis-progress", running && state.total ? { max: state.total, value: state.done } : {});
      panel.replaceChildren(head, h("p#analysis-state", {}, running
        ? fill(t("analysis_running"), { done: state.done, total: state.total || "…" })
        : fill(t("analysis_queued"), { n: state.position })), bar);
      timer = setTimeout(poll, POLL_MS);
      return;
    }
    const analysis = state.analysis;
    byStep = new Map(analysis.decisions.map((d) => [d.index + 1, d]));
    chart = winShareChart(analysis, names, steps, jump);
    panel.replaceChildren(head,
      h("p.muted#analysis-budget", {}, fill(t("analysis_budget"), { budget: analysis.budget })),
      h("div.analysis-body", {}, h("div.scroll-x", {}, summaryTable(analysis, names)),
        h("div.analysis-figure", {}, chart, h("p.muted.analysis-legend", {}, t("analysis_legend")))));
    changed();
  }

  // `first`: the panel is not on the page yet; later polls stop once it has left the page
  async function poll(first = false) {
    if (!first && !document.body.contains(panel)) return;
    try { render(await api(path)); } catch (e) { panel.replaceChildren(h("p.error", {}, e.message)); }
  }

  poll(true);
  return {
    panel,
    at(step) { if (chart) chart.moveTo(step); },
    // the analysed move that led to `step`: its sign and, when marked, the better move
    markAt(step) {
      const d = byStep.get(step);
      if (!d || !d.label) return null;
      const line = (d.line || []).slice(1).map((m) => m.text || m.notation);
      return h(`div.analysis-mark.${d.label}#analysis-mark`, {},
        h("b.sign", {}, `${SIGNS[d.label]} ${t(d.label)}`), ` (−${Math.round(d.loss)}%) · `,
        `${t("better_was")}: `, h("b#better-move", {}, d.best.text),
        line.length ? h("span.muted#better-line", {}, ` → ${line.join(" → ")}`) : null);
    },
  };
}
