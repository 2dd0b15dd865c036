// The drawing pieces every renderer shares (docs/web.md, "Drawing pieces"): icons from an SVG
// sprite, tokens, tracks, a legend one tap away, and the marks the shell's motion reads.
// Everything is SVG or CSS: no emoji, no glyph that needs an installed font.
import { h } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";

// The shell's own sprite: bot, clock, card back, star, check, flag, arrow, undo, info...
export const SHELL_SPRITE = "/static/icons.svg";

function svgEl(tag, attrs = {}) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  return el;
}

// One icon: <svg class="icon"><use href="SPRITE#ID"/></svg>. With a label it is an image with
// that accessible name (and a tooltip); without one it is decoration, hidden from readers.
export function icon(sprite, id, label = "", cls = "") {
  const svg = svgEl("svg", { class: `icon icon-${id}${cls ? ` ${cls}` : ""}`, viewBox: "0 0 24 24", focusable: "false" });
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
    const title = svgEl("title");
    title.textContent = label;
    svg.append(title);
  } else {
    svg.setAttribute("aria-hidden", "true");
  }
  svg.append(svgEl("use", { href: `${sprite}#${id}` }));
  return svg;
}

// A game's icon maker: const gi = sprite("/static/games/NAME/icons.svg"); gi("carnivore", "Carnivore").
export function sprite(url) {
  return (id, label = "", cls = "") => icon(url, id, label, cls);
}

// The shell's icons: shellIcon("bot", "bot").
export const shellIcon = sprite(SHELL_SPRITE);

// Token kinds the shared stylesheet colours (draw.css): food (red), fat (yellow), plant
// (green), meat (brown), shelter (blue), extra (purple). A game may add its own class.
export const TOKEN_KINDS = ["food", "fat", "plant", "meat", "shelter", "extra"];

// A row of drawn tokens: `count` filled ones of `kind`, then `empty` hollow ones (food still
// needed, free fat slots). At most `max` are drawn; past that one token and "×N". The row
// carries data-tokens / data-count, which the shell's motion reads to fly a new token in.
// `alt` ({kind, count}) draws the last `count` of the filled tokens in another kind (food
// of two colours that counts the same: red from the food bank, blue from traits).
export function tokenRow(kind, count, label, { empty = 0, max = 8, key = null, alt = null } = {}) {
  const n = Math.max(0, Number(count) || 0);
  const gap = Math.max(0, Number(empty) || 0);
  const other = alt ? Math.min(n, Math.max(0, Number(alt.count) || 0)) : 0;
  // with no label the row is decoration (a legend's sample), hidden from screen readers
  const named = label ? { role: "img", "aria-label": label, title: label } : { "aria-hidden": "true" };
  const row = h(`span.tokens.tokens-${kind}`, {
    ...named, dataset: { tokens: kind, count: n, ...(key === null ? {} : { tokenKey: key }) } });
  const many = n + gap > max;
  const shown = many ? Math.min(n, 1) : n;
  for (let i = 0; i < shown; i++) {
    // many tokens: the one drawn is of the kind most of them are
    const own = many ? other * 2 <= n : i < n - other;
    row.append(h(`span.token.token-${own ? kind : alt.kind}`, { "aria-hidden": "true" }));
  }
  if (many && n > 1) row.append(h("span.token-count", { "aria-hidden": "true" }, `×${n}`));
  if (!many) for (let i = 0; i < gap; i++) row.append(h(`span.token.token-${kind}.token-empty`, { "aria-hidden": "true" }));
  else if (gap) row.append(h(`span.token.token-${kind}.token-empty`, { "aria-hidden": "true" }), h("span.token-count", { "aria-hidden": "true" }, `×${gap}`));
  return row;
}

// A track of `max` steps with `value` reached (North Star's body size and population): the
// steps as pips, the value as a number beside them. `low` is the first step's number.
export function track(kind, value, max, label, { low = 1 } = {}) {
  const v = Number(value) || 0;
  const pips = [];
  for (let i = low; i <= max; i++) pips.push(h(`span.pip${i <= v ? ".on" : ""}`, { "aria-hidden": "true" }));
  return h(`span.track.track-${kind}`, { role: "img", "aria-label": `${label} ${v}`, title: `${label} ${v}`, dataset: { track: kind, value: v } },
    h("span.track-pips", { "aria-hidden": "true" }, pips), h("b.track-value", { "aria-hidden": "true" }, String(v)));
}

// A small number badge on a card (a food cost, a food value): `tone` colours it.
export function badge(text, label, tone = "") {
  return h(`span.badge${tone ? `.badge-${tone}` : ""}`, { title: label, "aria-label": label, role: "img" }, String(text));
}

// The face-down back of a card, drawn (a spectator's view of a hidden card, the deck).
export function cardBack(label, cls = "") {
  return h(`span.card-back${cls ? `.${cls}` : ""}`, { role: "img", "aria-label": label, title: label },
    shellIcon("card-back"));
}

// A legend one tap away: a "?" button that opens a panel listing each symbol with its words.
// items: [{icon: Element, name: "Run", text: "moves fast..."}]. The panel is a <details>, so
// the keyboard and screen readers work with it as they are.
export function legend(title, items, id = "legend") {
  return h(`details.legend#${id}`, {},
    h("summary", { "aria-label": title, title }, shellIcon("help"), h("span.legend-title", {}, title)),
    h("dl.legend-list", {}, items.flatMap((item) => [
      h("dt", {}, item.icon || null, h("span", {}, item.name)),
      h("dd", {}, item.text || "")])));
}

// Motion marks (motion.js): an element with data-key keeps its identity between two frames,
// so the shell slides it from where it was to where it is; data-enter="flip" turns a card
// face up as it appears; data-leave="fade" fades a thing that is gone (an extinct animal).
export function keyed(el, key, { enter = null, leave = "fade" } = {}) {
  el.dataset.key = String(key);
  if (enter) el.dataset.enter = enter;
  if (leave) el.dataset.leave = leave;
  return el;
}

// The source of the tokens that move (the food bank, the watering hole): tokens that appear
// on the table fly from the element marked with their kind.
export function tokenSource(el, kind) {
  el.dataset.tokenSource = kind;
  return el;
}

// An attack, an arrow from one thing to another: the shell draws it over the table from the
// element with data-arrow-from="NAME" to the one with data-arrow-to="NAME".
export function arrowEnd(el, name, end) {
  el.dataset[end === "from" ? "arrowFrom" : "arrowTo"] = name;
  return el;
}

// Marks `el` as one end of the tie `name` (a pair of cards that belong together, such as
// two animals a paired trait links): the shell's motion draws a line under the table from
// one end to the other, in the colour of the element's --tie custom property.
export function tieEnd(el, name) {
  el.dataset.tie = name;
  return el;
}

// A seat's colour (the same in the table, the log and the score strip): seat-0 .. seat-5.
export function seatClass(seat) {
  return seat === null || seat === undefined ? "" : `seat-${Number(seat) % 6}`;
}

// A table is drawn anew on every frame: the <details> with an id that the player opened (a
// legend) are opened again after the redraw. `openDetails` before it, `reopen` after.
export function openDetails(root) {
  return root ? [...root.querySelectorAll("details[open][id]")].map((el) => el.id) : [];
}
export function reopen(root, ids) {
  for (const id of ids) {
    const el = root.querySelector(`details#${CSS.escape(id)}`);
    if (el) el.open = true;
  }
}
