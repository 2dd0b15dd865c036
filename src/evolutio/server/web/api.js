// Small helpers: JSON over HTTP and DOM building (text always set with textContent: no HTML injection).
import { getLang } from "./i18n.js";

// Errors come back in the page's language (the server reads Accept-Language).
export async function api(path, options = {}) {
  const init = { credentials: "same-origin", headers: { "Accept-Language": getLang() }, ...options };
  if (options.body !== undefined) {
    init.method = init.method || "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  const res = await fetch(path, init);
  let data = {};
  try { data = await res.json(); } catch { data = {}; }
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

// h("div.cls#id", {attrs}, children...) -> Element. Strings become text nodes.
export function h(spec, attrs = {}, ...children) {
  const [tagAndClasses, id] = spec.split("#");
  const [tag, ...classes] = tagAndClasses.split(".");
  const el = document.createElement(tag || "div");
  if (classes.length) el.className = classes.join(" ");
  if (id) el.id = id;
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// For renderers: mark an element as a thing a player may pick ("kind:id"); the shell
// highlights it and wires the click from the legal actions' targets (docs/web.md). `name`
// (optional) is how the thing reads on a button that picks it ("Carnivore / Fat tissue").
export function pickable(el, kind, id, name) {
  el.dataset.pick = `${kind}:${id}`;
  if (name) el.dataset.pickName = name;
  return el;
}

const SVG = "http://www.w3.org/2000/svg";
// For renderers: a row of round tokens (food, fat...) drawn in SVG, at most 12 shown.
export function tokens(count, color, title) {
  const n = Math.max(0, Math.min(count, 12));
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("width", String(Math.max(1, n) * 14));
  svg.setAttribute("height", "14");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `${count} ${title}`);
  for (let i = 0; i < n; i++) {
    const c = document.createElementNS(SVG, "circle");
    c.setAttribute("cx", String(7 + i * 14)); c.setAttribute("cy", "7"); c.setAttribute("r", "5.5");
    c.setAttribute("fill", color); c.setAttribute("stroke", "#333"); c.setAttribute("stroke-width", "0.8");
    svg.append(c);
  }
  return svg;
}
