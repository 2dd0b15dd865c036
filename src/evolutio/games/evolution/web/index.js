// Evolution's table for the browser shell: draws a view sent by the server. No rules here:
// what may be clicked comes from the server's legal actions; this module marks cards,
// animals, links and locations with data-pick="kind:id" and the shell does the rest.
import { h, pickable, tokens } from "/static/api.js";
import { ref } from "/static/tips.js";

export { strings } from "./strings.js";
export const css = "board.css";

// The three locations of the Continents expansion, in the order the table shows them.
export const LOCATIONS = ["laurasia", "gondwana", "ocean"];



function cardEl(card, ctx) {
  const faces = (card.faces || []).map((f) => ref(h("div.face", {}, ctx.label(f)), f, ctx.label(f)));
  const name = (card.faces || []).map((f) => ctx.label(f)).join(" / ");
  return pickable(h("div.card", { dataset: { card: card.id } }, faces.length ? faces : `#${card.id}`), "card", card.id, name);
}

function animalEl(animal, ctx, attack, links) {
  const { t } = ctx;
  // Continents: traits that do not work where the animal lives (or while it is paralysed)
  const off = new Set(animal.disabled || []);
  const traits = (animal.traits || []).map((tr) => {
    const struck = off.has(tr.card) || animal.paralysed;
    return pickable(ref(h(`li.${tr.trait}${struck ? ".off" : ""}`,
      { dataset: { card: tr.card }, title: struck ? t(animal.paralysed ? "paralysed" : "disabled") : null },
      ctx.label(tr.trait)), tr.trait, ctx.label(tr.trait)), "card", tr.card, `${ctx.label(tr.trait)} (A${animal.id})`);
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
    ? h("div.facedown", { title: t("face_down") }, `🂠 ${animal.faces.map((f) => ctx.label(f)).join(" / ")}`)
    : null;
  const el = h(`div.${cls.join(".")}`, { dataset: animal.location ? { animal: animal.id, location: animal.location } : { animal: animal.id } },
    h("div.aid", {}, `A${animal.id}`),
    h("ul.traits", {}, traits),
    // once the game is over the food of the last turn is gone: "0/1" would read as starving
    ghost || ctx.over ? null : h("div.tokens", { title: `${animal.food}/${animal.need}` },
      tokens(animal.food || 0, "#d9483b", t("food_in")), ` ${animal.food || 0}/${animal.need ?? "?"}`),
    (animal.fat_capacity || 0) > 0 && !ctx.over
      ? h("div.tokens", {}, tokens(animal.fat || 0, "#e3b23c", t("fat")), ` ${t("fat")} ${animal.fat || 0}/${animal.fat_capacity}`)
      : null,
    flags.length ? h("div.muted.flags", {}, flags.join(" · ")) : null,
    faces,
    (links || []).map((l) => pickable(ref(h("div.pair", { dataset: { link: l.id } },
      `⇄ ${ctx.label(l.trait)} A${l.animals.find((a) => a !== animal.id) ?? animal.id}`), l.trait, ctx.label(l.trait)), "link", l.id)));
  return pickable(el, "animal", animal.id, `A${animal.id}`);
}

// One food bank of the status bar: a location's (Continents) or the single one.
function bankEl(name, count, place) {
  return h(`span.bank${place ? `.loc-${place}` : ""}`, { dataset: place ? { bank: place } : {} },
    `${name} `, tokens(count || 0, "#d9483b", name), h("b", {}, ` ${count ?? 0}`));
}

// A player's animals under Laurasia, Gondwana and the Ocean (the player's divider).
function locationGroups(p, view, ctx, linksOf) {
  const { t } = ctx;
  return h("div.locations", {}, LOCATIONS.map((place) => {
    const here = (p.animals || []).filter((a) => a.location === place);
    // a place is picked on the viewer's own divider: new animals and migrants go there
    const head = h("div.loc-head", { dataset: { location: place } },
      ref(h("b", {}, t(place)), place, t(place)), h("span.muted", {}, ` · ${t("food_in")} ${view.food_banks[place] ?? 0}`));
    if (p.seat === ctx.mySeat) pickable(head, "location", place, t(place));
    return h(`div.location.loc-${place}${here.length ? "" : ".empty"}`, { dataset: { location: place } }, head,
      h("div.animals", {}, here.length
        ? here.map((a) => animalEl(a, ctx, view.attack, linksOf[a.id]))
        : h("span.muted", {}, "—")));
  }));
}

// Ice Age: the natural change in force, face up, with the sizes of its deck and used pile.
// Its name and text come from the labels "nature.<id>" (the view carries the English ones).
function natureEl(nature, ctx) {
  if (!nature) return null;
  const cur = nature.current;
  const named = (key, fallback) => {
    const value = ctx.label(key);
    return value === key.replaceAll("_", " ") ? fallback : value;
  };
  const title = named("nature", "Natural change");
  const card = cur
    ? h(`div.nature-card.${cur.kind || "change"}#nature-card`, { dataset: { change: cur.id } },
      h("b", {}, named(`nature.${cur.id}`, cur.name)),
      h("div.nature-text", {}, named(`nature.${cur.id}.text`, cur.text)))
    : h("span.muted#nature-card", {}, "–");
  return h("div.nature#nature", { title: named("nature.origin", "") },
    h("span.muted", {}, `❄ ${title}: `), card,
    h("span.muted", {}, ` ${nature.deck_size} / ${nature.discard_size}`));
}

// Is the seat asked to decide now? (the shell's list; else the view's own decision)
function acting(seat, view, ctx) {
  if (Array.isArray(ctx.active) && ctx.active.length) return ctx.active.includes(seat);
  const d = view.decision;
  return Boolean(d && (Array.isArray(d.seats) ? d.seats.includes(seat) : d.seat === seat));
}

// ctx: {mySeat, names: seat->name, t, label, pick, picked, hot, active}
export function renderTable(view, shellCtx) {
  // ruling 21: the 2nd edition's trait names are given as "<trait>@2"
  const second = Boolean(view.options && view.options.edition === 2);
  const label = (id) => {
    if (!second) return shellCtx.label(id);
    const key = `${id}@2`;
    const name = shellCtx.label(key);
    return name === key.replaceAll("_", " ") ? shellCtx.label(id) : name;
  };
  const over = view.phase === "over";
  const ctx = { ...shellCtx, label, over };
  const { t } = ctx;
  const banks = view.food_banks;
  const food = banks
    ? [h("span.banks#banks", {}, `${t("food")}: `, LOCATIONS.map((place) => bankEl(t(place), banks[place], place))),
      view.step_location ? h("span.step-location", {}, `${t("this_step")} `, h("b", {}, t(view.step_location))) : null]
    : [bankEl(t("food"), view.food_bank, null)];
  const status = h("div.status-bar", {},
    h("span", {}, `${t("turn")} `, h("b", {}, String(view.turn ?? "-"))),
    h("span", {}, `${t("phase")} `, h("b", {}, t(view.phase))),
    h("span", {}, `${t("deck")} `, h("b", {}, String(view.deck_size ?? "-"))),
    food,
    view.last_turn && !over ? h("span.attack", {}, t("last_turn")) : null);
  const lying = (view.table_cards || []).length
    ? h("div.table-cards#table-cards", {}, h("span.muted", {}, `${t("on_table")}: `),
      h("div.hand", {}, view.table_cards.map((c) => cardEl(c, ctx))))
    : null;
  const nature = natureEl(view.nature, ctx);
  const linksOf = {};
  for (const l of view.links || []) for (const a of l.animals || []) (linksOf[a] = linksOf[a] || []).push(l);
  const players = (view.players || []).map((p) => {
    const cls = ["player"];
    if (p.seat === ctx.mySeat) cls.push("me");
    if (acting(p.seat, view, ctx)) cls.push("active");
    const name = ctx.names[p.seat] || `#${p.seat + 1}`;
    const head = h("h4", {}, `${p.seat + 1}. ${name}${p.seat === ctx.mySeat ? ` (${t("you")})` : ""}`,
      h("span.muted", {}, `${t("hand")}: ${p.hand_size}`),
      h("span.muted", {}, `${t("discard")}: ${p.discard_size}`),
      p.passed ? h("span.muted", {}, t("passed")) : null);
    const animals = banks
      ? locationGroups(p, view, ctx, linksOf)
      : h("div.animals", {}, (p.animals || []).length
        ? p.animals.map((a) => animalEl(a, ctx, view.attack, linksOf[a.id]))
        : h("span.muted", {}, t("no_animals")));
    const parts = [head, animals];
    if (Array.isArray(p.hand) && p.hand.length) parts.push(h("div.muted", {}, t("hand")), h("div.hand", {}, p.hand.map((c) => cardEl(c, ctx))));
    return h(`div.${cls.join(".")}`, { dataset: { seat: p.seat } }, parts);
  });
  const links = (view.links || []).map((l) =>
    pickable(h("span.link", { dataset: { link: l.id } },
      `${ctx.label(l.trait)}: A${(l.animals || []).join(" – A")}  `), "link", l.id));
  return h("div.table", {}, h("div.panel", {}, status, nature, lying),
    h("div.players", {}, players),
    links.length ? h("div.links.panel", {}, h("b", {}, `${t("links")}: `), links) : null);
}
