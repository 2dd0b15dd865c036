// Darwin's Choice for the browser shell: draws a view sent by the server. No rules here:
// what may be clicked comes from the server's legal actions; this module marks cards,
// species and habitats with data-pick="kind:id" and the shell does the rest.
// The viewer's things come first: a status bar (era, event, the two decks, the legend), the
// seats' scores, the hand (#hand), the viewer's species as figures (#my-area); then the
// market and the habitats as tiles holding the others' species (figure.js draws the parts).
import { h, pickable } from "/static/api.js";
import { tokenRow, keyed, tokenSource, seatClass, cardBack } from "/static/draw.js";
import { ref } from "/static/tips.js";
import { counted } from "/static/i18n.js";
import { gi, stat, mark, cardEl, figureEl, speciesName } from "./figure.js";
import { legendEl } from "./legend.js";
import { splitForm } from "./split.js";

export { strings } from "./strings.js";
export const css = "board.css";
// drawn as the table's own form (split.js: a number per deck, then confirm), not as buttons
export const formActions = ["draw_split"];

const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
const seatName = (ctx, seat) => ctx.names[seat] ?? `#${seat + 1}`;

function habitatName(hab, ctx) {
  return hab && hab.habitat ? ctx.label(hab.habitat) : ctx.label("volcano");
}

// "Climb 1 or Fly 2": one alternative of a requirement in words.
function needWords(alt, ctx) {
  return Object.entries(alt).map(([s, n]) => `${ctx.label(s)} ${n}`).join(" + ");
}

// The food a species ate as tokens; the hearts still to feed as hollow ones of its diet.
function foodEl(sp, ctx) {
  const { t } = ctx;
  const missing = Math.max(0, sp.hearts - sp.plants - sp.meat);
  const meatEater = sp.diet === "carnivore";
  const rows = [];
  if (sp.plants || (!meatEater && (missing || sp.diet === "omnivore")) || (!sp.meat && !meatEater)) {
    rows.push(tokenRow("plant", sp.plants, `${ctx.label("plants")}: ${sp.plants}${!meatEater && missing ? ` (${t("still_needs")} ${missing})` : ""}`,
      { empty: meatEater ? 0 : missing, max: 6 }));
  }
  if (sp.meat || meatEater) {
    rows.push(tokenRow("meat", sp.meat, `${ctx.label("meat")}: ${sp.meat}${meatEater && missing ? ` (${t("still_needs")} ${missing})` : ""}`,
      { empty: meatEater ? missing : 0, max: 6 }));
  }
  return h("div.sfood", {}, rows);
}

// A species: its figure and beside it hearts, strength, adaptation, food, Darwin points and
// the best-adapted star. `where` adds the habitat's name (the viewer's strip).
function speciesEl(sp, view, ctx, { winners = [], where = null, compact = false } = {}) {
  const { t } = ctx;
  const name = speciesName(sp, view, ctx);
  const best = winners.includes(sp.id);
  const cls = ["species", seatClass(sp.owner)];
  if (sp.plants + sp.meat < sp.hearts) cls.push("short");
  if (!sp.meets) cls.push("unfit");
  if (best) cls.push("best");
  if (compact) cls.push("compact");
  if (sp.owner === ctx.mySeat) cls.push("mine");
  const flags = [];
  if (best) flags.push(ref(h("span.dc-flag.flag-best", { role: "img", "aria-label": t("best_adapted"), title: t("best_adapted") }, gi("best")), "adaptation", t("best_adapted")));
  if (!sp.meets) flags.push(h("span.dc-flag.flag-unfit", { role: "img", "aria-label": t("unfit_text"), title: t("unfit_text") }, gi("unfit")));
  if (sp.ticked) flags.push(h("span.dc-flag.flag-acted", { role: "img", "aria-label": t("acted_text"), title: t("acted_text") }, gi("acted")));
  const head = h("div.shead", {},
    h("span.sname", {}, h("span.seat-dot", { "aria-hidden": "true" }), h("b", {}, name)),
    sp.owner === ctx.mySeat ? null : h("span.seat-name", {}, seatName(ctx, sp.owner)),
    where, flags);
  const stats = h("div.sstats", {},
    stat("hearts", sp.hearts, ctx.label("hearts")), stat("cs", sp.cs, ctx.label("cs")),
    stat("adaptation", sp.adaptation, ctx.label("adaptation")),
    sp.diet ? mark(sp.diet, ctx.label(sp.diet)) : null,
    foodEl(sp, ctx),
    stat("dp", sp.dp, ctx.label("dp"), "st-big"));
  const el = h(`div.${cls.filter(Boolean).join(".")}`, { dataset: { species: sp.id, seat: sp.owner } },
    head, h("div.sbody", {}, figureEl(sp.cards, view, ctx, { compact }), stats));
  return keyed(pickable(el, "species", sp.id, `${name} (${seatName(ctx, sp.owner)})`), `species:${sp.id}`);
}

// One of the viewer's species inside a habitat tile: a small chip (the figure is in #my-area).
function speciesChip(sp, view, ctx, winners) {
  const { t } = ctx;
  const name = speciesName(sp, view, ctx);
  const best = winners.includes(sp.id);
  return pickable(h(`div.schip.${seatClass(sp.owner)}${best ? ".best" : ""}`, { dataset: { chip: sp.id } },
    h("span.seat-dot", { "aria-hidden": "true" }), h("span", {}, name),
    best ? h("span.dc-flag.flag-best", { role: "img", "aria-label": t("best_adapted"), title: t("best_adapted") }, gi("best")) : null,
    stat("dp", sp.dp, ctx.label("dp"))), "species", sp.id, `${name} (${seatName(ctx, sp.owner)})`);
}

// A symbol icon with its word beside it only on hover, but its name always said.
function symbolChip(id, ctx, n = null, cls = "") {
  const name = ctx.label(id);
  return n === null ? mark(id, name, cls) : stat(id, n, name, cls);
}

// What a habitat asks: one group of icons per alternative, "or" between; forbidden ones crossed.
function needsEl(hab, ctx) {
  const { t } = ctx;
  const alts = hab.requires || [];
  const said = alts.length ? alts.map((a) => needWords(a, ctx)).join(` ${t("or")} `) : t("no_needs");
  const parts = [];
  alts.forEach((alt, i) => {
    if (i) parts.push(h("span.or", { "aria-hidden": "true" }, t("or")));
    parts.push(h("span.alt", { "aria-hidden": "true" }, Object.entries(alt).map(([s, n]) => symbolChip(s, ctx, n))));
  });
  if (!alts.length) parts.push(h("span.muted", { "aria-hidden": "true" }, t("no_needs")));
  const needs = ref(h("div.hneeds", { role: "group", "aria-label": `${t("needs")}: ${said}`, title: `${t("needs")}: ${said}` },
    h("span.hlabel", { "aria-hidden": "true" }, gi("requires"), t("needs")), parts), "requires");
  const forbidden = hab.forbidden || [];
  const never = forbidden.length
    ? ref(h("div.hnever", { role: "group", "aria-label": `${t("never")}: ${forbidden.map((s) => ctx.label(s)).join(", ")}`,
      title: `${t("never")}: ${forbidden.map((s) => ctx.label(s)).join(", ")}` },
    h("span.hlabel", { "aria-hidden": "true" }, gi("forbidden"), t("never")),
    forbidden.map((s) => h("span.crossed", { "aria-hidden": "true" }, gi(s)))), "forbidden")
    : null;
  return [needs, never];
}

// The landscape of a habitat's banner, from its adaptation symbols.
function biome(hab) {
  if (!hab.habitat) return "volcano";
  const a = hab.adaptation || [];
  if (a.includes("swim")) return "water";
  if (a.includes("cold")) return "cold";
  if (a.includes("heat")) return "hot";
  if (a.includes("climb")) return "forest";
  return "grass";
}
const BIOME_ICON = { water: "swim", cold: "cold", hot: "heat", forest: "climb", grass: "plants", volcano: "volcano" };

function habitatEl(hab, index, view, ctx, mine) {
  const { t } = ctx;
  const all = (view.species || []).filter((sp) => sp.habitat === index);
  const winners = hab.winners || [];
  const name = habitatName(hab, ctx);
  const land = biome(hab);
  const adapt = hab.adaptation || [];
  const plants = tokenSource(h("span.hres", {}, gi("plants", ctx.label("plants")),
    tokenRow("plant", hab.plants, `${ctx.label("plants")}: ${hab.plants}`, { max: 7 })), "plant");
  const meat = tokenSource(h("span.hres", {}, gi("meat", ctx.label("meat")),
    tokenRow("meat", hab.meat, `${ctx.label("meat")}: ${hab.meat}`, { max: 7 })), "meat");
  const others = all.filter((sp) => sp.owner !== ctx.mySeat || !mine);
  const own = mine ? all.filter((sp) => sp.owner === ctx.mySeat) : [];
  return pickable(h(`div.habitat.land-${land}`, { dataset: { habitat: index } },
    h("div.hbanner", {}, h("span.hland", { "aria-hidden": "true" }, gi(BIOME_ICON[land])),
      ref(h("b.hname", {}, name), hab.habitat || "volcano", name),
      stat("dp", hab.dp, ctx.label("dp"), "st-big")),
    h("div.hfood", {}, plants, meat),
    needsEl(hab, ctx),
    adapt.length ? ref(h("div.hadapt", { role: "group", "aria-label": `${ctx.label("adaptation")}: ${adapt.map((s) => ctx.label(s)).join(", ")}` },
      h("span.hlabel", { "aria-hidden": "true" }, gi("adaptation"), t("adapts")),
      adapt.map((s) => h("span", { "aria-hidden": "true", title: ctx.label(s) }, gi(s)))), "adaptation") : null,
    own.length ? h("div.hmine", {}, own.map((sp) => speciesChip(sp, view, ctx, winners))) : null,
    h("div.hspecies", {}, others.map((sp) => speciesEl(sp, view, ctx, { winners, compact: true })))),
  "habitat", index, name);
}

// The two decks as drawn piles with their counts.
function deckEl(kind, count, ctx) {
  const { t } = ctx;
  const text = `${t(`deck_${kind}`)}: ${count} – ${t(`deck_${kind}_text`)}`;
  return h(`div.dc-deck.deck-${kind}`, { role: "img", "aria-label": text, title: text, dataset: { deck: kind } },
    h("span.pile", { "aria-hidden": "true" }, cardBack("", `back-${kind}`)),
    h("span.dlabel", { "aria-hidden": "true" }, h("b", {}, String(count)), h("span", {}, t(`deck_${kind}_short`))));
}

function statusEl(view, ctx) {
  const { t } = ctx;
  const ev = view.event ? ref(h("span.dc-event", { title: `${ctx.label("event")}: ${ctx.label(view.event)}` },
    gi("event", ctx.label("event")), h("span", {}, ctx.label(view.event))), view.event, ctx.label(view.event)) : null;
  return h("div.dc-status", {},
    ref(h("span.dc-era", { role: "img", "aria-label": `${ctx.label("era")} ${view.era}/${view.eras}`, title: `${ctx.label("era")} ${view.era}/${view.eras}` },
      gi("era"), h("span", { "aria-hidden": "true" }, `${cap(ctx.label("era"))} `), h("b", { "aria-hidden": "true" }, `${view.era}/${view.eras}`)), "era"),
    ev,
    h("div.dc-decks", {}, deckEl("small", view.decks.small, ctx), deckEl("large", view.decks.large, ctx)),
    legendEl(ctx));
}

// The seats: colour, name, Darwin points large, cards in hand as backs, passed.
function playersEl(view, ctx) {
  const { t } = ctx;
  const active = ctx.active || [];
  return h("div.scores", {}, (view.players || []).map((p) => {
    const cls = ["player", seatClass(p.seat)];
    if (p.seat === ctx.mySeat) cls.push("me");
    if (active.includes(p.seat)) cls.push("active");
    if (p.passed) cls.push("passed");
    const species = (view.species || []).filter((sp) => sp.owner === p.seat).length;
    return h(`div.${cls.join(".")}`, { dataset: { seat: p.seat } },
      h("span.seat-dot", { "aria-hidden": "true" }),
      h("span.seat-name", {}, seatName(ctx, p.seat)),
      ref(h("span.pscore", { role: "img", "aria-label": `${ctx.label("dp")}: ${p.score}`, title: `${ctx.label("dp")}: ${p.score}` },
        gi("dp"), h("b", { "aria-hidden": "true" }, String(p.score))), "dp"),
      h("span.pinfo", { role: "img", "aria-label": `${t("hand")}: ${p.hand_size}`, title: `${t("hand")}: ${p.hand_size}` }, gi("hand"), h("span", { "aria-hidden": "true" }, String(p.hand_size))),
      h("span.pinfo", { role: "img", "aria-label": `${t("species_count")}: ${species}`, title: `${t("species_count")}: ${species}` }, gi("species"), h("span", { "aria-hidden": "true" }, String(species))),
      p.passed ? h("span.ppassed", {}, gi("passed"), t("passed")) : null);
  }));
}

export function renderTable(view, ctx) {
  const { t } = ctx;
  const habitats = view.habitats || [];
  const me = ctx.mySeat != null ? (view.players || [])[ctx.mySeat] : null;
  const parts = [statusEl(view, ctx), playersEl(view, ctx), splitForm(view, ctx)].filter(Boolean);
  if (me && me.hand) {
    parts.push(h("section.myhand#hand", { "aria-label": t("your_hand") },
      h("h4", {}, gi("hand"), t("your_hand"), h("span.count", {}, ` (${me.hand.length})`)),
      me.hand.length ? h("div.row.hand-row", {}, me.hand.map((c) => cardEl(c, view, ctx)))
        : h("p.empty", {}, t("hand_empty"))));
  }
  if (view.build && Array.isArray(view.build.added)) {
    const target = view.build.habitat != null ? habitatName(habitats[view.build.habitat], ctx) : "";
    parts.push(h("section.build", {},
      h("h4", {}, gi("species"), t("building"), target ? ` · ${target}` : ""),
      view.build.added.length ? figureEl(view.build.added, view, ctx) : h("p.empty", {}, t("build_empty"))));
  }
  if (me) {
    const mine = (view.species || []).filter((sp) => sp.owner === ctx.mySeat);
    parts.push(h(`section.my-area.${seatClass(ctx.mySeat)}#my-area`, { dataset: { seat: ctx.mySeat } },
      h("h4", {}, gi("species"), t("your_species"), h("span.count", {}, ` (${mine.length})`)),
      mine.length ? h("div.mystrip", {}, mine.map((sp) => speciesEl(sp, view, ctx, {
        winners: (habitats[sp.habitat] || {}).winners || [],
        where: h("span.swhere", {}, gi("habitat"), habitatName(habitats[sp.habitat], ctx)) })))
        : h("p.empty", {}, t("no_species"))));
  }
  parts.push(h("section.market", {}, h("h4", {}, gi("market"), t("market")),
    h("div.row", {}, (view.market || []).map((c) => cardEl(c, view, ctx)))));
  parts.push(h("section.habitats-wrap", {}, h("h4", {}, gi("habitat"), t("habitats")),
    h("div.habitats", {}, habitats.map((hab, i) => habitatEl(hab, i, view, ctx, Boolean(me))))));
  return h("div.table.darwin", {}, parts);
}

export function optionsSummary(options, t) {
  const bits = [counted(options.players, t("players")), counted(options.eras, t("eras"))];
  if (options.variant && options.variant !== "standard") bits.push(t(options.variant));
  return bits.join(" · ");
}


// The log (the shell's talk.js): the events that open a group, and each event's icon.
export const logGroups = { era_begins: "round", event_revealed: "phase" };
const LOG_ICONS = {
  created: "species", mutated: "torso", migrated: "habitat", drew: "hand", scored: "dp", extinct: "unfit",
  habitat_changed: "habitat", market_dealt: "market", game_over: "best", era_begins: "era", event_revealed: "event",
};
export function logIcon(type) {
  return LOG_ICONS[type] ? gi(LOG_ICONS[type]) : null;
}

// A small picture of the table for the lobby's card: a species assembled from four animals'
// parts (a made-up one, drawn with the table's own figure).
export function preview(shellCtx) {
  const ctx = { ...shellCtx, mySeat: 0, names: {} };
  const view = { cards: {
    1: { animal: "lion", part: "head", diet: "carnivore", hearts: 1, cs: 3, symbols: { run: 1 } },
    2: { animal: "bear", part: "torso", hearts: 2, cs: 0, symbols: { cold: 2 }, large: true,
      anchors: { legs: 2, wing: 1, tail: 1 } },
    3: { animal: "eagle", part: "wing", hearts: 0, cs: 0, symbols: { fly: 2 } },
    4: { animal: "beaver", part: "tail", hearts: 0, cs: 0, symbols: { swim: 1 } },
    5: { animal: "wolf", part: "legs", pair: true, hearts: 0, cs: 1, symbols: { run: 2 }, large: true },
  } };
  return h("div.table.darwin.darwin-preview", {}, figureEl([1, 2, 3, 4, 5], view, ctx));
}
