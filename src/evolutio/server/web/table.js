// Draws a table from a view sent by the server. No rules here: what is clickable comes from
// the server's legal actions (see room.js), this module only renders and reports clicks.
import { h, tokens } from "./api.js";
import { t, traitName } from "./i18n.js";

// The three locations of the Continents expansion, in the order the table shows them.
export const LOCATIONS = ["laurasia", "gondwana", "ocean"];

// Which card / animal / link ids and locations the given actions mention, for highlighting.
export function mentioned(actions) {
  const out = { card: new Set(), animal: new Set(), link: new Set(), location: new Set() };
  for (const item of actions) {
    const a = item.action;
    for (const key of ["card", "swap"]) if (a[key] !== undefined) out.card.add(a[key]);
    for (const key of ["animal", "target"]) if (a[key] !== undefined) out.animal.add(a[key]);
    for (const id of a.animals || []) out.animal.add(id);
    if (a.link !== undefined) out.link.add(a.link);
    if (a.location) out.location.add(a.location);
  }
  return out;
}

// Does an action mention every picked thing?
export function matches(item, picks) {
  const a = item.action;
  return picks.every(({ kind, id }) => {
    if (kind === "card") return a.card === id || a.swap === id;
    if (kind === "link") return a.link === id;
    if (kind === "location") return a.location === id;
    return a.animal === id || a.target === id || (a.animals || []).includes(id);
  });
}

function pickable(el, kind, id, ctx) {
  if (!ctx.onPick) return el;
  const picked = ctx.picks.some((p) => p.kind === kind && p.id === id);
  if (picked) el.classList.add("selected");
  const hot = ctx.hot[kind] && ctx.hot[kind].has(id);
  if (!picked && hot) el.classList.add("clickable");
  if (picked || hot) {
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
  // Continents: traits that do not work where the animal lives (or while it is paralysed)
  const off = new Set(animal.disabled || []);
  const traits = (animal.traits || []).map((tr) => {
    const struck = off.has(tr.card) || animal.paralysed;
    return pickable(h(`li.${tr.trait}${struck ? ".off" : ""}`,
      { dataset: { card: tr.card }, title: struck ? t(animal.paralysed ? "paralysed" : "disabled") : null },
      traitName(game, tr.trait)), "card", tr.card, ctx);
  });
  const cls = ["animal"];
  if (animal.fed) cls.push("fed");
  if (animal.hibernating) cls.push("hibernating");
  if (animal.poisoned) cls.push("poisoned");
  if (animal.paralysed) cls.push("paralysed");
  // Regeneration: only the traits are left, waiting for a new animal card
  const ghost = animal.present === false;
  if (ghost) cls.push("ghost");
  const flags = [];
  if (ghost) flags.push(`⟳ ${t("traits_only")}`);
  else if (animal.fed) flags.push(t("fed"));
  if (animal.hibernating) flags.push(t("hibernating"));
  if (animal.poisoned) flags.push(t("poisoned"));
  if (animal.paralysed) flags.push(t("paralysed"));
  if (attack && attack.carnivore === animal.id) flags.push(`⚔ ${t("attack")}`);
  if (attack && attack.target === animal.id) flags.push("🎯");
  // the animal card's face-down side: its owner sees it (everyone, once revealed)
  const faces = Array.isArray(animal.faces) && animal.faces.length
    ? h("div.facedown", { title: t("face_down") }, `🂠 ${animal.faces.map((f) => traitName(game, f)).join(" / ")}`)
    : null;
  const el = h(`div.${cls.join(".")}`, { dataset: animal.location ? { animal: animal.id, location: animal.location } : { animal: animal.id } },
    h("div.aid", {}, `A${animal.id}`),
    h("ul.traits", {}, traits),
    ghost ? null : h("div.tokens", { title: `${animal.food}/${animal.need}` },
      tokens(animal.food || 0, "#d9483b", "food"), ` ${animal.food || 0}/${animal.need ?? "?"}`),
    (animal.fat_capacity || 0) > 0
      ? h("div.tokens", {}, tokens(animal.fat || 0, "#e3b23c", t("fat")), ` ${t("fat")} ${animal.fat || 0}/${animal.fat_capacity}`)
      : null,
    flags.length ? h("div.muted.flags", {}, flags.join(" · ")) : null,
    faces,
    (links || []).map((l) => pickable(h("div.pair", { dataset: { link: l.id } },
      `⇄ ${traitName(game, l.trait)} A${l.animals.find((a) => a !== animal.id) ?? animal.id}`), "link", l.id, ctx)));
  return pickable(el, "animal", animal.id, ctx);
}

// One food bank of the status bar: a location's (Continents) or the single one.
function bankEl(label, count, place) {
  return h(`span.bank${place ? `.loc-${place}` : ""}`, { dataset: place ? { bank: place } : {} },
    `${label} `, tokens(count || 0, "#d9483b", label), h("b", {}, ` ${count ?? 0}`));
}

// A player's animals under Laurasia, Gondwana and the Ocean (the player's divider).
function locationGroups(game, p, view, ctx, linksOf) {
  return h("div.locations", {}, LOCATIONS.map((place) => {
    const here = (p.animals || []).filter((a) => a.location === place);
    const head = pickable(h("div.loc-head", { dataset: { location: place } },
      h("b", {}, t(place)), h("span.muted", {}, ` · ${t("food_in")} ${view.food_banks[place] ?? 0}`)),
    "location", place, ctx);
    return h(`div.location.loc-${place}${here.length ? "" : ".empty"}`, { dataset: { location: place } }, head,
      h("div.animals", {}, here.length
        ? here.map((a) => animalEl(game, a, ctx, view.attack, linksOf[a.id]))
        : h("span.muted", {}, "—")));
  }));
}

// ctx: {game, mySeat, names: seat->name, picks, hot, onPick|null}
export function renderTable(view, ctx) {
  const game = view.game || ctx.game;
  const decision = view.decision;
  const banks = view.food_banks;
  const food = banks
    ? [h("span.banks#banks", {}, `${t("food")}: `, LOCATIONS.map((place) => bankEl(t(place), banks[place], place))),
      view.step_location ? h("span.step-location", {}, `${t("this_step")} `, h("b", {}, t(view.step_location))) : null]
    : [bankEl(t("food"), view.food_bank, null)];
  const status = h("div.status-bar", {},
    h("span", {}, `${t("turn")} `, h("b", {}, String(view.turn ?? "-"))),
    h("span", {}, `${t("phase")} `, h("b", {}, t(view.phase) || view.phase)),
    h("span", {}, `${t("deck")} `, h("b", {}, String(view.deck_size ?? "-"))),
    food,
    view.last_turn ? h("span.attack", {}, t("last_turn")) : null);
  const lying = (view.table_cards || []).length
    ? h("div.table-cards#table-cards", {}, h("span.muted", {}, `${t("on_table")}: `),
      h("div.hand", {}, view.table_cards.map((c) => cardEl(game, c, ctx))))
    : null;
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
    const animals = banks
      ? locationGroups(game, p, view, ctx, linksOf)
      : h("div.animals", {}, (p.animals || []).map((a) => animalEl(game, a, ctx, view.attack, linksOf[a.id])));
    const parts = [head, animals];
    if (Array.isArray(p.hand) && p.hand.length) parts.push(h("div.muted", {}, t("hand")), h("div.hand", {}, p.hand.map((c) => cardEl(game, c, ctx))));
    return h(`div.${cls.join(".")}`, { dataset: { seat: p.seat } }, parts);
  });
  const links = (view.links || []).map((l) =>
    pickable(h("span.link", { dataset: { link: l.id } },
      `${traitName(game, l.trait)}: A${(l.animals || []).join(" – A")}  `), "link", l.id, ctx));
  return h("div.table", {}, h("div.panel", {}, status, lying),
    h("div.players", {}, players),
    links.length ? h("div.links.panel", {}, h("b", {}, `${t("links")}: `), links) : null);
}
