// The renderer for a game that brings none: a readable rendering of any view. Plain fields
// go in a status line, players become cards with their fields, nested objects become
// definition lists and lists of plain values become rows of chips; a value the viewer may
// not see (null) reads "hidden". Acting goes through the shell's legal-action buttons.
import { h } from "/static/api.js";
import { hasRef, ref } from "/static/tips.js";

export const strings = {};
export const css = null;

// A field name in words: the game's or the shell's word when there is one, else the name
// with spaces; capitalized.
function fieldName(key, ctx) {
  const text = ctx.t(key);
  const words = text === key ? key.replaceAll("_", " ") : text;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function plain(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function valueEl(value, ctx) {
  if (value === null || value === undefined) return h("span.hidden-value", {}, ctx.t("hidden"));
  if (typeof value === "boolean") return h("span", {}, ctx.t(value ? "yes" : "no"));
  if (typeof value === "number") return h("span.num", {}, String(value));
  if (typeof value === "string") return h("span", {}, ctx.label(value));
  if (Array.isArray(value)) {
    if (!value.length) return h("span.muted", {}, "—");
    if (value.every(plain)) return h("span.chips", {}, value.map((v) => h("span.chip", {}, valueEl(v, ctx))));
    return h("ol.items", {}, value.map((v) => h("li", {}, valueEl(v, ctx))));
  }
  return fields(value, ctx);
}

function fields(obj, ctx, skip = []) {
  const entries = Object.entries(obj).filter(([key]) => !skip.includes(key));
  return h("dl.fields", {}, entries.flatMap(([key, v]) => [
    hasRef(key) ? ref(h("dt", {}, fieldName(key, ctx)), key) : h("dt", {}, fieldName(key, ctx)), h("dd", { dataset: { field: key } }, valueEl(v, ctx))]));
}

function playerEl(p, ctx) {
  const seat = typeof p.seat === "number" ? p.seat : null;
  const cls = ["player"];
  if (seat !== null && seat === ctx.mySeat) cls.push("me");
  if (seat !== null && (ctx.active || []).includes(seat)) cls.push("active");
  const name = seat === null ? "" : ctx.names[seat] || `#${seat + 1}`;
  return h(`div.${cls.join(".")}`, { dataset: seat === null ? {} : { seat } },
    h("h4", {}, seat === null ? "" : `${seat + 1}. ${name}${seat === ctx.mySeat ? ` (${ctx.t("you")})` : ""}`),
    fields(p, ctx, ["seat"]));
}

// ctx: {mySeat, names: seat->name, t, label, pick, picked, hot, active: seats to act}
export function renderTable(view, ctx) {
  const top = Object.entries(view || {}).filter(([key, v]) => !["players", "game", "seat"].includes(key) && plain(v));
  const nested = Object.entries(view || {}).filter(([key, v]) => key !== "players" && !plain(v));
  const players = Array.isArray(view && view.players) ? view.players : [];
  return h("div.table.generic", {},
    h("div.panel", {}, h("div.status-bar", {}, top.map(([key, v]) =>
      h("span", { dataset: { field: key } }, `${fieldName(key, ctx)} `, h("b", {}, valueEl(v, ctx))))),
    nested.length ? fields(Object.fromEntries(nested), ctx) : null),
    h("div.players", {}, players.map((p) => (plain(p) ? valueEl(p, ctx) : playerEl(p, ctx)))));
}
