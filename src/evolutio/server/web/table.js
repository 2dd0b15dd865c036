// Draws a table from a view sent by the server. No rules here: what is clickable comes from
// the server's legal actions (see room.js), this module only renders and reports clicks.
import { h, tokens } from "./api.js";
import { t, traitName } from "./i18n.js";

// Which card / animal / link ids the given actions mention, for highlighting.
export function mentioned(actions) {
  const out = { card: new Set(), animal: new Set(), link: new Set() };
  for (const item of actions) {
    const a = item.action;
    if (a.card !== undefined) out.card.add(a.card);
    for (const key of ["animal", "target"]) if (a[key] !== undefined) out.animal.add(a[key]);
    for (const id of a.animals || []) out.animal.add(id);
    if (a.link !== undefined) out.link.add(a.link);
  }
  return out;
}

// Does an action mention every picked thing?
export function matches(item, picks) {
  const a = item.action;
  return picks.every(({ kind, id }) => {
    if (kind === "card") return a.card === id;
    if (kind === "link") return a.link === id;
    return a.animal === id || a.target === id || (a.animals || []).includes(id);
  });
}

function pickable(el, kind, id, ctx) {
  if (!ctx.onPick) return el;
  const picked = ctx.picks.some((p) => p.kind === kind && p.id === id);
  if (picked) el.classList.add("selected");
  else if (ctx.hot[kind].has(id)) el.classList.add("clickable");
  if (picked || ctx.hot[kind].has(id)) {
    el.addEventListener("click", (ev) => { ev.stopPropagation(); ctx.onPick(kind, id); });
  }
  return el;
}

function cardEl(game, card, ctx) {
  const faces = (card.faces || []).map((f) => h("div.face", {}, traitName(game, f)));
  const el = h("div.card", { dataset: { card: card.id } }, faces.length ? faces : `#${card.id}`);
  return pickable(el, "card", card.id, ctx);
}

function animalEl(game, animal, ctx, attack, links) {
  const traits = (animal.traits || []).map((tr) =>
    pickable(h(`li.${tr.trait}`, { dataset: { card: tr.card } }, traitName(game, tr.trait)), "card", tr.card, ctx));
  const cls = ["animal"];
  if (animal.fed) cls.push("fed");
  if (animal.hibernating) cls.push("hibernating");
  if (animal.poisoned) cls.push("poisoned");
  const flags = [];
  if (animal.fed) flags.push(t("fed"));
  if (animal.hibernating) flags.push(t("hibernating"));
  if (animal.poisoned) flags.push(t("poisoned"));
  if (attack && attack.carnivore === animal.id) flags.push(`⚔ ${t("attack")}`);
  if (attack && attack.target === animal.id) flags.push("🎯");
  const el = h(`div.${cls.join(".")}`, { dataset: { animal: animal.id } },
    h("div.aid", {}, `A${animal.id}`),
    h("ul.traits", {}, traits),
    h("div.tokens", { title: `${animal.food}/${animal.need}` },
      tokens(animal.food || 0, "#d9483b", "food"), ` ${animal.food || 0}/${animal.need ?? "?"}`),
    (animal.fat_capacity || 0) > 0
      ? h("div.tokens", {}, tokens(animal.fat || 0, "#e3b23c", t("fat")), ` ${t("fat")} ${animal.fat || 0}/${animal.fat_capacity}`)
      : null,
    flags.length ? h("div.muted", {}, flags.join(" · ")) : null,
    (links || []).map((l) => pickable(h("div.pair", { dataset: { link: l.id } },
      `⇄ ${traitName(game, l.trait)} A${l.animals.find((a) => a !== animal.id) ?? animal.id}`), "link", l.id, ctx)));
  return pickable(el, "animal", animal.id, ctx);
}

// ctx: {game, mySeat, names: seat->name, picks, hot, onPick|null}
export function renderTable(view, ctx) {
  const game = view.game || ctx.game;
  const decision = view.decision;
  const status = h("div.status-bar", {},
    h("span", {}, `${t("turn")} `, h("b", {}, String(view.turn ?? "-"))),
    h("span", {}, `${t("phase")} `, h("b", {}, t(view.phase) || view.phase)),
    h("span", {}, `${t("deck")} `, h("b", {}, String(view.deck_size ?? "-"))),
    h("span", {}, `${t("food")} `, tokens(view.food_bank || 0, "#d9483b", t("food")), h("b", {}, ` ${view.food_bank ?? 0}`)),
    view.last_turn ? h("span.attack", {}, t("last_turn")) : null);
  const linksOf = {};
  for (const l of view.links || []) for (const a of l.animals || []) (linksOf[a] = linksOf[a] || []).push(l);
  const players = (view.players || []).map((p) => {
    const cls = ["player"];
    if (p.seat === ctx.mySeat) cls.push("me");
    if (decision && decision.seat === p.seat) cls.push("active");
    const name = ctx.names[p.seat] || `#${p.seat + 1}`;
    const head = h("h4", {}, `${p.seat + 1}. ${name}${p.seat === ctx.mySeat ? ` (${t("you")})` : ""}`,
      h("span.muted", {}, `${t("hand")}: ${p.hand_size}`),
      h("span.muted", {}, `${t("discard")}: ${p.discard_size}`),
      p.passed ? h("span.muted", {}, t("passed")) : null);
    const animals = h("div.animals", {}, (p.animals || []).map((a) => animalEl(game, a, ctx, view.attack, linksOf[a.id])));
    const parts = [head, animals];
    if (Array.isArray(p.hand) && p.hand.length) parts.push(h("div.muted", {}, t("hand")), h("div.hand", {}, p.hand.map((c) => cardEl(game, c, ctx))));
    return h(`div.${cls.join(".")}`, { dataset: { seat: p.seat } }, parts);
  });
  const links = (view.links || []).map((l) =>
    pickable(h("span.link", { dataset: { link: l.id } },
      `${traitName(game, l.trait)}: A${(l.animals || []).join(" – A")}  `), "link", l.id, ctx));
  return h("div.table", {}, h("div.panel", {}, status),
    h("div.players", {}, players),
    links.length ? h("div.links.panel", {}, h("b", {}, `${t("links")}: `), links) : null);
}
