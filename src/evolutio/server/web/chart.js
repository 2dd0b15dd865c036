// A profile's rating charts: one SVG line per game from GET /api/users/NAME/ratings (the
// rating before the first game, then after each finished game).
import { h } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, text = null) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== null) el.textContent = text;
  return el;
}

// The chart of one game's points ({before, rating, finished, rank, players}), oldest first.
export function ratingChart(points, label) {
  const values = points.length ? [points[0].before, ...points.map((p) => p.rating)] : [];
  const width = 360, height = 140, left = 44, right = 8, top = 10, bottom = 18;
  const low = Math.min(...values), high = Math.max(...values);
  const span = high - low || 1;
  const x = (i) => left + (values.length > 1 ? (i * (width - left - right)) / (values.length - 1) : 0);
  const y = (v) => top + (height - top - bottom) * (1 - (v - low) / span);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img",
    "aria-label": label, class: "rating-chart", preserveAspectRatio: "xMinYMin meet" });
  chart.style.maxWidth = `${width}px`;
  chart.append(svg("line", { x1: left, y1: top, x2: left, y2: height - bottom, class: "axis" }),
    svg("line", { x1: left, y1: height - bottom, x2: width - right, y2: height - bottom, class: "axis" }),
    svg("text", { x: left - 4, y: top + 4, "text-anchor": "end", class: "tick" }, String(Math.round(high))),
    svg("text", { x: left - 4, y: height - bottom, "text-anchor": "end", class: "tick" }, String(Math.round(low))));
  if (values.length > 1) {
    chart.append(svg("polyline", { points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
      class: "line", fill: "none" }));
  }
  values.forEach((v, i) => {
    const p = i ? points[i - 1] : null;
    const dot = svg("circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 3, class: "dot" });
    dot.append(svg("title", {}, p ? `${p.finished ? p.finished.slice(0, 10) : ""} · ${p.rank}/${p.players} · ${v}` : String(v)));
    chart.append(dot);
  });
  return chart;
}

// Every game's chart, titled; `title(game)` names a game.
export function ratingCharts(data, title, heading) {
  const games = Object.entries((data && data.games) || {});
  if (!games.length) return null;
  return h("div#rating-charts", {}, h("h3", {}, heading),
    h("div.charts", {}, games.map(([game, points]) => h("figure.chart", { dataset: { game } },
      h("figcaption", {}, `${title(game)}: ${points[points.length - 1].rating}`),
      ratingChart(points, `${title(game)}: ${heading}`)))));
}
