// Moves that move: between two drawings of the table the shell animates what changed, from
// the marks a renderer puts on its elements (draw.js: keyed, tokenSource, arrowEnd):
// - a thing with the same data-key slides from where it was to where it is (a played card
//   flies from the hand to its animal, when both carry the card's key);
// - a new thing fades in, or turns face up with data-enter="flip" (food cards revealed together);
// - a thing gone with data-leave="fade" fades where it was (an extinct animal);
// - a token row (data-tokens) inside a keyed thing that gained tokens gets them flown in from
//   the element marked data-token-source with the same kind (the food bank, the watering hole);
// - data-arrow-from / data-arrow-to of the same name draw an arrow over the table (an attack).
// prefers-reduced-motion: nothing moves; the arrow is still drawn, without its animation.
import { h } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";
const SLIDE_MS = 420;
const FLY_MS = 520;

export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// Where each keyed thing of the table is now, with its token counts and the node itself.
export function snapshot(root) {
  const out = new Map();
  if (!root) return out;
  for (const el of root.querySelectorAll("[data-key]")) {
    const tokens = {};
    for (const row of el.querySelectorAll("[data-tokens]")) {
      if (row.closest("[data-key]") !== el) continue;
      tokens[row.dataset.tokens] = (tokens[row.dataset.tokens] || 0) + Number(row.dataset.count || 0);
    }
    out.set(el.dataset.key, { rect: el.getBoundingClientRect(), tokens, node: el });
  }
  return out;
}

function overlay() {
  let layer = document.getElementById("motion-layer");
  if (!layer) {
    layer = h("div#motion-layer", { "aria-hidden": "true" });
    document.body.append(layer);
  }
  return layer;
}

function slide(el, from, to) {
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
  el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
    { duration: SLIDE_MS, easing: "cubic-bezier(.2,.7,.2,1)" });
}

function enter(el) {
  if (el.dataset.enter === "flip") {
    el.animate([{ transform: "perspective(600px) rotateY(90deg)", opacity: 0.3 },
      { transform: "perspective(600px) rotateY(0)", opacity: 1 }], { duration: 480, easing: "ease-out" });
  } else {
    el.animate([{ transform: "scale(.85)", opacity: 0 }, { transform: "scale(1)", opacity: 1 }],
      { duration: 320, easing: "ease-out" });
  }
}

function leave(before) {
  const { node, rect } = before;
  const ghost = node.cloneNode(true);
  ghost.removeAttribute("id");
  for (const inner of ghost.querySelectorAll("[id]")) inner.removeAttribute("id");
  Object.assign(ghost.style, { position: "fixed", left: `${rect.left}px`, top: `${rect.top}px`,
    width: `${rect.width}px`, height: `${rect.height}px`, margin: "0", pointerEvents: "none" });
  ghost.classList.add("leaving");
  overlay().append(ghost);
  const run = ghost.animate([{ opacity: 1, filter: "grayscale(0)" }, { opacity: 0, filter: "grayscale(1)", transform: "scale(.9)" }],
    { duration: 700, easing: "ease-in" });
  run.onfinish = () => ghost.remove();
}

function fly(kind, from, to, count) {
  for (let i = 0; i < Math.min(count, 4); i++) {
    const dot = h(`span.token.token-${kind}.flying`);
    Object.assign(dot.style, { position: "fixed", left: `${from.left + from.width / 2 - 7}px`, top: `${from.top + from.height / 2 - 7}px` });
    overlay().append(dot);
    const dx = to.left + to.width / 2 - (from.left + from.width / 2);
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    const run = dot.animate([{ transform: "translate(0,0) scale(1)" }, { transform: `translate(${dx * 0.5}px, ${dy * 0.5 - 40}px) scale(1.3)` },
      { transform: `translate(${dx}px, ${dy}px) scale(1)` }], { duration: FLY_MS, delay: i * 90, easing: "ease-in-out", fill: "backwards" });
    run.onfinish = () => dot.remove();
  }
}

// Animate the table drawn in `root` against the snapshot taken before it was drawn.
export function animate(root, before) {
  if (!root) return;
  drawArrows(root);
  if (!before || !before.size || reducedMotion() || typeof Element.prototype.animate !== "function") return;
  const now = snapshot(root);
  for (const [k, after] of now) {
    const was = before.get(k);
    if (!was) { enter(after.node); continue; }
    slide(after.node, was.rect, after.rect);
    for (const [kind, count] of Object.entries(after.tokens)) {
      const gained = count - (was.tokens[kind] || 0);
      if (gained <= 0) continue;
      const source = root.querySelector(`[data-token-source="${CSS.escape(kind)}"]`);
      const row = [...after.node.querySelectorAll(`[data-tokens="${CSS.escape(kind)}"]`)].find((r) => r.closest("[data-key]") === after.node);
      if (source && row) fly(kind, source.getBoundingClientRect(), row.getBoundingClientRect(), gained);
    }
  }
  for (const [k, was] of before) if (!now.has(k) && was.node.dataset.leave === "fade") leave(was);
}

// The ties of the table (draw.js tieEnd): each name on exactly two elements, as a line
// that dips under them from one to the other, in the colour of the first one's --tie.
function drawTies(svg, root, box) {
  const ends = new Map();
  for (const el of root.querySelectorAll("[data-tie]")) {
    if (!el.getClientRects().length) continue;  // not shown (a closed section)
    ends.set(el.dataset.tie, [...(ends.get(el.dataset.tie) || []), el]);
  }
  for (const [, pair] of ends) {
    if (pair.length !== 2) continue;
    const [a, b] = pair.map((el) => el.getBoundingClientRect());
    const x1 = a.left + a.width / 2 - box.left;
    const y1 = a.bottom - box.top;
    const x2 = b.left + b.width / 2 - box.left;
    const y2 = b.bottom - box.top;
    const dip = 10 + Math.min(18, Math.abs(x2 - x1) * 0.05);
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", `M${x1} ${y1} C${x1} ${y1 + dip} ${x2} ${y2 + dip} ${x2} ${y2}`);
    path.setAttribute("class", "tie");
    const colour = getComputedStyle(pair[0]).getPropertyValue("--tie").trim();
    if (colour) path.style.stroke = colour;
    svg.append(path);
  }
}

// The arrows of the table (an attack): an SVG laid over `root`, from each data-arrow-from
// element to the data-arrow-to element of the same name; and its ties (drawTies).
export function drawArrows(root) {
  for (const old of root.querySelectorAll(":scope > svg.arrows")) old.remove();
  const pairs = [];
  for (const from of root.querySelectorAll("[data-arrow-from]")) {
    const to = root.querySelector(`[data-arrow-to="${CSS.escape(from.dataset.arrowFrom)}"]`);
    if (to) pairs.push([from, to]);
  }
  if (!pairs.length && !root.querySelector("[data-tie]")) return;
  const box = root.getBoundingClientRect();
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "arrows");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("width", String(Math.ceil(box.width)));
  svg.setAttribute("height", String(Math.ceil(root.scrollHeight)));
  const defs = document.createElementNS(SVG, "defs");
  const marker = document.createElementNS(SVG, "marker");
  for (const [k, v] of Object.entries({ id: "arrow-head", viewBox: "0 0 10 10", refX: "8", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" })) marker.setAttribute(k, v);
  const head = document.createElementNS(SVG, "path");
  head.setAttribute("d", "M0 0 L10 5 L0 10 z");
  head.setAttribute("class", "arrow-head");
  marker.append(head);
  defs.append(marker);
  svg.append(defs);
  drawTies(svg, root, box);
  for (const [from, to] of pairs) {
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    const x1 = a.left + a.width / 2 - box.left;
    const y1 = a.top + a.height / 2 - box.top;
    const x2 = b.left + b.width / 2 - box.left;
    const y2 = b.top + b.height / 2 - box.top;
    const bend = Math.max(30, Math.abs(x2 - x1) * 0.25);
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", `M${x1} ${y1} Q${(x1 + x2) / 2} ${Math.min(y1, y2) - bend} ${x2} ${y2}`);
    path.setAttribute("class", `arrow arrow-${from.dataset.arrowFrom}`);
    path.setAttribute("marker-end", "url(#arrow-head)");
    svg.append(path);
    if (!reducedMotion() && typeof path.getTotalLength === "function") {
      const length = path.getTotalLength();
      path.style.strokeDasharray = `${length}`;
      path.animate([{ strokeDashoffset: length }, { strokeDashoffset: 0 }], { duration: 500, easing: "ease-out" });
    }
  }
  root.append(svg);
}
