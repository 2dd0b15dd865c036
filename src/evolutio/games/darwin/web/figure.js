// Darwin's Choice drawings: the icons of the game's sprite, an animal part card (hand, market),
// and a species as an assembled figure: the torso in the middle, the head at its front, the
// tail at its back, the legs below and the wing above, each part a drawn silhouette tinted by
// its animal's family, carrying its symbols. Every part stays a pickable card.
import { h, pickable } from "/static/api.js";
import { sprite, keyed } from "/static/draw.js";
import { ref } from "/static/tips.js";

export const SPRITE = "/static/games/darwin/icons.svg";
export const gi = sprite(SPRITE);

const SVG = "http://www.w3.org/2000/svg";
export const SYMBOLS = ["run", "swim", "fly", "climb", "cold", "heat"];

// The animals' families (names.toml's animals): the hue of their parts.
const FAMILY = {
  sea: ["shark", "orca", "tuna", "manatee", "dugong", "seal"],
  bird: ["eagle", "falcon", "owl", "pelican", "puffin", "crow", "ostrich", "booby", "parrot",
    "goose", "flamingo", "penguin", "swan"],
  reptile: ["crocodile", "komodo", "cobra", "turtle", "gecko"],
  amphibian: ["tortoise_frog"],
  arthropod: ["scorpion", "dragonfly"],
};
const HUE = { mammal: 30, sea: 196, bird: 222, reptile: 96, amphibian: 350, arthropod: 280 };

export function family(animal) {
  for (const [name, list] of Object.entries(FAMILY)) if (list.includes(animal)) return name;
  return "mammal";
}

function hash(text) {
  let n = 7;
  for (const ch of String(text)) n = (n * 31 + ch.charCodeAt(0)) % 9973;
  return n;
}

// The tint of one animal: its family's hue, a lightness of its own (dark ink stays readable).
export function tint(animal) {
  const hue = HUE[family(animal)] + (hash(animal) % 17) - 8;
  const light = 70 + (hash(animal + "l") % 12);
  return { fill: `hsl(${hue} 48% ${light}%)`, line: `hsl(${hue} 40% 26%)`, pale: `hsl(${hue} 55% 93%)` };
}

// A silhouette of a part (sil-head, sil-torso...), stretched to its box.
export function silhouette(part, animal) {
  const svg = document.createElementNS(SVG, "svg");
  const box = { torso: "0 0 120 70", head: "0 0 70 70", tail: "0 0 70 50", legs: "0 0 90 56", leg: "0 0 45 56", wing: "0 0 110 50" }[part];
  svg.setAttribute("viewBox", box);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("class", `dc-sil sil-${part}`);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const c = tint(animal);
  svg.style.setProperty("--tint", c.fill);
  svg.style.setProperty("--tint-line", c.line);
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `${SPRITE}#sil-${part}`);
  svg.append(use);
  return svg;
}

// The kind of a card's part: a single leg is "leg", a pair "legs".
export function partOf(card) {
  return card.part === "legs" && !card.pair ? "leg" : card.part;
}

// An icon with a number: one accessible name ("Run 2"), the tooltip of its id.
export function stat(id, n, name, cls = "") {
  return ref(h(`span.dc-stat.st-${id}${cls ? `.${cls}` : ""}`, { role: "img", "aria-label": `${name} ${n}`, title: `${name} ${n}` },
    gi(id), h("b", { "aria-hidden": "true" }, String(n))), id, name);
}

// An icon alone with its name (a diet, dig, poison, a symbol of a habitat).
export function mark(id, name, cls = "") {
  return ref(h(`span.dc-mark.st-${id}${cls ? `.${cls}` : ""}`, {}, gi(id, name)), id, name);
}

// A card's symbols as icons: "Run 2" shows the run icon and 2 (a count of 1 shows no number).
export function symbolIcons(symbols, ctx, { ones = false } = {}) {
  return SYMBOLS.filter((s) => (symbols || {})[s]).map((s) => {
    const n = symbols[s];
    const name = ctx.label(s);
    return n > 1 || ones ? stat(s, n, name) : ref(h(`span.dc-stat.st-${s}`, { role: "img", "aria-label": `${name} ${n}`, title: `${name} ${n}` }, gi(s)), s, name);
  });
}

export function cardName(card, ctx) {
  return `${ctx.label(card.animal)} – ${ctx.label(partOf(card))}`;
}

// One animal part card (hand, market, a build): its animal, a drawing of its part, the part's
// name, hearts, strength and symbols. Large cards (torsos, pairs of legs) are taller, framed
// in dark wood; small ones pale.
export function cardEl(cid, view, ctx) {
  const card = (view.cards || {})[String(cid)];
  if (!card) {
    return keyed(h("div.dcard.hidden", { dataset: { card: cid }, role: "img", "aria-label": ctx.t("hidden_card") }), `card:${cid}`);
  }
  const part = partOf(card);
  const size = card.large ? "large" : "small";
  const c = tint(card.animal);
  const animal = ctx.label(card.animal);
  const extras = [];
  if (card.diet) extras.push(mark(card.diet, ctx.label(card.diet)));
  if (card.special) extras.push(mark(card.special, ctx.label(card.special)));
  const cls = ["dcard", "card-face", card.part, ...(part === card.part ? [] : [part]), size].join(".");
  const el = h(`div.${cls}`, {
    dataset: { card: cid, part, family: family(card.animal) }, style: `--tint:${c.fill};--tint-line:${c.line};--pale:${c.pale}` },
  h("div.dc-top", {}, h("span.dc-animal", {}, animal)),
  h("div.dc-art", {}, silhouette(part, card.animal),
    h("span.dc-size", { title: ctx.t(`deck_${size}`) }, gi(`deck-${size}`, ctx.t(`deck_${size}`)))),
  h("div.dc-part", {}, gi(part), h("span", {}, ctx.label(part))),
  h("div.dc-stats", {}, stat("hearts", card.hearts, ctx.label("hearts")), stat("cs", card.cs, ctx.label("cs")),
    symbolIcons(card.symbols, ctx), extras));
  return keyed(pickable(ref(el, card.animal, animal), "card", cid, cardName(card, ctx)), `card:${cid}`);
}

// One part inside a figure: its silhouette, its animal's name, its symbols.
function partEl(cid, card, ctx) {
  const part = partOf(card);
  const animal = ctx.label(card.animal);
  const icons = [...symbolIcons(card.symbols, ctx)];
  if (card.diet) icons.push(mark(card.diet, ctx.label(card.diet)));
  if (card.special) icons.push(mark(card.special, ctx.label(card.special)));
  const el = h(`div.dcard.fpart.f-${part}`, { dataset: { card: cid, part, family: family(card.animal) } },
    silhouette(part, card.animal),
    h("span.fname", {}, animal),
    icons.length ? h("span.ficons", {}, icons) : null);
  return keyed(pickable(ref(el, card.animal, `${animal} – ${ctx.label(part)}`), "card", cid, cardName(card, ctx)), `card:${cid}`);
}

function slot(part, ctx) {
  return h(`div.fslot.f-${part}`, { title: `${ctx.t("free_anchor")}: ${ctx.label(part)}`, "aria-hidden": "true" }, gi(part));
}

// A figure of cards: torso, head, tail, legs, wing on their places; the torso's free anchors
// drawn as dashed outlines. `compact` draws it smaller (other players, habitats).
export function figureEl(cards, view, ctx, { compact = false } = {}) {
  const byPart = { head: [], torso: [], legs: [], wing: [], tail: [] };
  const hidden = [];
  for (const cid of cards) {
    const card = (view.cards || {})[String(cid)];
    if (!card) hidden.push(cid);
    else (byPart[card.part] || byPart.torso).push([cid, card]);
  }
  const torso = byPart.torso[0];
  const anchors = torso ? torso[1].anchors || null : null;
  const place = (part, list, free) => {
    const els = list.map(([cid, card]) => partEl(cid, card, ctx));
    for (let i = 0; i < free; i++) els.push(slot(part, ctx));
    return els;
  };
  const legCards = byPart.legs.length;
  const freeLegs = anchors ? Math.max(0, anchors.legs - legCards) : 0;
  const fig = h(`div.figure${compact ? ".compact" : ""}`, {},
    h("div.fz.fz-wing", {}, place("wing", byPart.wing, anchors && anchors.wing && !byPart.wing.length ? 1 : 0)),
    h("div.fz.fz-tail", {}, place("tail", byPart.tail, anchors && anchors.tail && !byPart.tail.length ? 1 : 0)),
    h("div.fz.fz-torso", {}, byPart.torso.length ? byPart.torso.map(([cid, card]) => partEl(cid, card, ctx)) : slot("torso", ctx)),
    h("div.fz.fz-head", {}, byPart.head.length ? byPart.head.map(([cid, card]) => partEl(cid, card, ctx)) : slot("head", ctx)),
    h("div.fz.fz-legs", {}, place("legs", byPart.legs, 0),
      Array.from({ length: freeLegs }, () => slot("leg", ctx))),
    hidden.length ? h("div.fz.fz-hidden", {}, hidden.map((cid) => keyed(h("div.dcard.hidden", { dataset: { card: cid } }), `card:${cid}`))) : null);
  return fig;
}

// A species' name: its head's animal and its torso's, a chimera ("Lion-Owl").
export function speciesName(sp, view, ctx) {
  const cards = (sp.cards || []).map((c) => (view.cards || {})[String(c)]).filter(Boolean);
  const head = cards.find((c) => c.part === "head");
  const torso = cards.find((c) => c.part === "torso");
  const names = [head, torso].filter(Boolean).map((c) => ctx.label(c.animal));
  const unique = names.filter((n, i) => names.indexOf(n) === i);
  return unique.length ? unique.join("-") : `${ctx.t("species")} ${sp.id}`;
}
