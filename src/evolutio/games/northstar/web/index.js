// North Star's Evolution table for the browser shell: draws a view sent by the server. No
// rules here: what may be clicked comes from the server's legal actions; this module marks
// cards, species and (for Intelligence) traits with data-pick="kind:id" and the shell does
// the rest (docs/web.md). Face-down traits of other seats arrive as {hidden: true}.
//
// Layout: a one-line status bar (round, phase, the watering hole as a pond, the draw pile,
// the legend), then the viewer's own species (#my-area) and hand (#hand), then the others.
import { h } from "/static/api.js";
import { counted, getLang } from "/static/i18n.js";
import { ref, refText } from "/static/tips.js";
import { shellIcon, cardBack, legend, keyed, tokenSource, tokenRow, seatClass } from "/static/draw.js";
import { gi, TRAITS, FLIGHT_TRAITS, CLIMATE_TRAITS, family, traitCard, speciesBoard } from "./pieces.js";

export { strings } from "./strings.js";
export const css = "board.css";

function acting(seat, ctx) {
  return Array.isArray(ctx.active) && ctx.active.includes(seat);
}

function seatName(p, ctx) {
  return ctx.names[p.seat] || `#${p.seat + 1}`;
}

// The food cards of this round as the watering hole shows them: face down (a back per seat
// that chose, the viewer's own face up with an "only you see it" mark) until they are
// revealed before feeding, then face up (the view's food_cards: those revealed this round).
function pondCards(view, ctx) {
  const { t } = ctx;
  const players = view.players || [];
  if (view.phase === "food" || view.phase === "play") {
    return players.filter((p) => p.food_chosen).map((p) => {
      const who = `${t("food_card_of")} ${seatName(p, ctx)}`;
      if (p.food_card) {
        const card = traitCard(p.food_card, ctx, { size: "mini", pick: false });
        card.classList.add(...seatClass(p.seat).split(" ").filter(Boolean), "own-food");
        card.append(h("span.down-mark", { title: t("face_down_own") }, shellIcon("eye-off", t("face_down_own"))));
        return card;
      }
      return keyed(h(`span.pond-back.${seatClass(p.seat)}`, {}, cardBack(`${who}, ${t("face_down")}`)), `food:${p.seat}`);
    });
  }
  if (view.phase === "before" || view.phase === "feed") {
    return (view.food_cards || []).map((c) => traitCard(c, ctx, { size: "mini", pick: false, enter: "flip" }));
  }
  return [];
}

function pond(view, ctx) {
  const { t } = ctx;
  const n = Number(view.watering_hole) || 0;
  const name = ctx.label("watering_hole");
  const cards = pondCards(view, ctx);
  const el = h("div.pond#watering-hole", { "aria-label": `${name}: ${n} ${t("food")}`, role: "group" },
    h("span.pond-label", {}, gi("watering_hole"), h("span.pond-word", {}, name)),
    h("span.pond-food", {}, tokenRow("plant", n, `${name}: ${n} ${t("food")}`, { max: 8 }), h("b.pond-count", {}, String(n))),
    cards.length ? h("span.pond-cards", {}, cards) : null);
  ref(el, "watering_hole");
  return tokenSource(el, "plant");
}

// The Climate edition's track: the seven zones from Freezing to Scorching with the marker, and
// the cold and hot event cards lying beside it under their zones (view.climate).
function climateTrack(view, ctx) {
  const { t } = ctx;
  const c = view.climate;
  const here = c.zones.indexOf(c.zone);
  const event = (side) => {
    const e = c[`${side}_event`];
    if (!e) return h(`span.clim-event.${side}.none`, {}, t("no_event"));
    const name = ctx.label(e.kind);
    const el = h(`span.clim-event.${side}`, { title: `${name}: ${refText("northstar", e.kind)}`, dataset: { zone: e.zone } },
      gi(side === "cold" ? "snowflake" : "sun"), h("b", {}, name), h("span.clim-at", {}, `→ ${t(`zone_${e.zone}`)}`));
    return ref(el, e.kind);
  };
  const zones = c.zones.map((z, i) => {
    const side = i < 3 ? "cold" : i > 3 ? "hot" : "mild";
    const marks = ["cold", "hot"].filter((s) => c[`${s}_event`] && c[`${s}_event`].zone === z);
    return h(`span.clim-zone.${side}${i === here ? ".here" : ""}`, { dataset: { zone: z }, title: t(`zone_${z}`) },
      h("span.clim-name", {}, t(`zone_${z}`)),
      marks.length ? h("span.clim-mark", {}, marks.map((s) => gi(s === "cold" ? "snowflake" : "sun"))) : null);
  });
  const el = h("div.climate#climate", { role: "group", "aria-label": `${ctx.label("climate")}: ${t(`zone_${c.zone}`)}` },
    h("span.clim-label", {}, gi("climate"), h("span", {}, ctx.label("climate"))),
    event("cold"), h("span.clim-track", {}, zones), event("hot"));
  return ref(el, "climate");
}

// The legend one tap away: every trait's picture, name and text, then the table's symbols.
function legendEl(view, ctx) {
  const { t } = ctx;
  const sym = (icon, id, text) => ({ icon, name: ctx.label(id) !== id ? ctx.label(id) : t(id), text });
  const shown = view.flight ? [...TRAITS, ...FLIGHT_TRAITS] : TRAITS;
  const flight = view.flight ? [
    sym(gi("cliff"), "cliff", refText("northstar", "cliff")),
    sym(gi("upkeep"), "upkeep", refText("northstar", "upkeep")),
    sym(gi("flight"), "avian", refText("northstar", "avian")),
    { icon: gi("bell"), name: t("set_aside"), text: t("set_aside_text") },
  ] : [];
  const climate = view.climate ? [
    ...CLIMATE_TRAITS.map((id) => ({ icon: gi(id, "", "fam-climate"), name: ctx.label(id), text: refText("northstar", id) })),
    sym(gi("climate"), "climate", refText("northstar", "climate")),
    sym(gi("sun"), "climate_icons", refText("northstar", "climate_icons")),
    sym(gi("snowflake"), "climate_event", refText("northstar", "climate_event")),
  ] : [];
  const items = [
    ...shown.map((id) => ({ icon: gi(id, "", `fam-${family(id)}`), name: ctx.label(id), text: refText("northstar", id) })),
    ...flight,
    ...climate,
    sym(gi("watering_hole"), "watering_hole", refText("northstar", "watering_hole")),
    { icon: gi("plant"), name: t("plant_food"), text: t("plant_text") },
    { icon: gi("meat"), name: t("meat"), text: t("meat_text") },
    { icon: gi("fat"), name: t("fat_word"), text: t("fat_text") },
    sym(gi("body"), "body", refText("northstar", "body")),
    sym(gi("pop"), "pop", refText("northstar", "pop")),
    sym(gi("bag"), "bag", refText("northstar", "bag")),
    { icon: gi("first_player"), name: t("first_player_word"), text: t("first_text") },
    { icon: gi("bell"), name: t("last_round_word"), text: t("bell_text") },
    { icon: shellIcon("card-back"), name: t("card_back"), text: t("card_back_text") },
    { icon: shellIcon("eye-off"), name: t("face_down_word"), text: t("face_down_text") },
    { icon: shellIcon("check"), name: t("chosen_word"), text: t("chosen_text") },
    { icon: shellIcon("hourglass"), name: t("choosing_word"), text: t("choosing_text") },
  ];
  return legend(t("legend"), items);
}

function statusBar(view, ctx) {
  const { t } = ctx;
  const over = view.phase === "over";
  return h("div.status-bar.ns-status", {},
    h("span.st-item.st-round", {}, `${t("round")} `, h("b", {}, String(view.round ?? "-"))),
    h("span.st-item.st-phase", {}, h("b#phase", {}, t(`phase_${view.phase}`))),
    pond(view, ctx),
    h("span.st-item.st-deck", { title: `${t("deck")}: ${view.deck_size ?? 0}` },
      cardBack(t("deck")), h("span.st-word", {}, t("deck")), h("b", {}, String(view.deck_size ?? "-"))),
    h("span.st-item.st-discard", { title: `${t("discard")}: ${(view.discard || []).length}` },
      gi("discard", t("discard")), h("b", {}, String((view.discard || []).length))),
    view.bell && !over ? h("span.st-item.bell#bell", {}, gi("bell"), h("span", {}, t("last_round"))) : null,
    cliff(view, ctx),
    view.flight ? setAside(view, ctx) : null,
    legendEl(view, ctx));
}

// Flight: the cards set aside for the end; with Climate its set-aside is the only one
// (docs/rules/northstar.md, "Climate with Flight").
function setAside(view, ctx) {
  const { t } = ctx;
  const n = view.climate ? view.climate.set_aside : view.flight.reserve_size;
  return h("span.st-item.st-aside", { title: `${t("set_aside")}: ${n}` },
    gi("bell", t("set_aside")), h("span.st-word", {}, t("set_aside")), h("b", {}, String(n)));
}

// Flight: the Cliff, a second food source only species with Flight reach.
function cliff(view, ctx) {
  if (!view.flight) return null;
  const { t } = ctx;
  const n = Number(view.flight.cliff) || 0;
  const name = ctx.label("cliff");
  const el = h("div.cliff#cliff", { "aria-label": `${name}: ${n} ${t("food")}`, role: "group" },
    h("span.pond-label", {}, gi("cliff"), h("span.pond-word", {}, name)),
    h("span.pond-food", {}, tokenRow("plant", n, `${name}: ${n} ${t("food")}`, { max: 8 }), h("b.pond-count", {}, String(n))));
  ref(el, "cliff");
  return tokenSource(el, "plant");
}

// A seat's line: colour, name, first player, food bag, hand size, the food choice, done.
function playerHead(p, view, ctx, me) {
  const { t } = ctx;
  const parts = [
    h("span.seat-dot", { "aria-hidden": "true" }),
    h("span.seat-name", {}, seatName(p, ctx)),
    me ? h("span.you", {}, t("you")) : null,
    p.seat === view.first_player
      ? h("span.first", { title: t("first_player") }, gi("first_player", t("first_player"))) : null,
    ref(h("span.bag", { title: `${ctx.label("bag")}: ${p.bag}` }, gi("bag", ctx.label("bag")), h("b", {}, String(p.bag))), "bag"),
    me ? null : h("span.p-hand", { title: `${t("hand")}: ${p.hand_size}` },
      cardBack(`${t("hand")}: ${p.hand_size}`, "mini-back"), h("b", {}, String(p.hand_size))),
  ];
  if (view.phase === "food" && (p.food_chosen || p.hand_size > 0)) {
    parts.push(p.food_chosen
      ? h("span.food-chosen.chosen", {}, shellIcon("check"), t("food_down"))
      : h("span.food-chosen.choosing", {}, shellIcon("hourglass"), t("choosing")));
  }
  if (p.passed && view.phase !== "over") parts.push(h("span.p-done", {}, shellIcon("check"), t("done")));
  if (acting(p.seat, ctx) && view.phase !== "food") parts.push(h("span.p-turn", {}, shellIcon("hourglass"), t("to_move")));
  return h("div.p-head", {}, parts);
}

function speciesRow(p, view, ctx, id) {
  return h(`div.species-row${id ? `#${id}` : ""}`, {}, (p.species || []).length
    ? p.species.map((s) => speciesBoard(s, view, ctx))
    : h("span.no-species", {}, gi("extinct"), ctx.t("no_species")));
}

function playerArea(p, view, ctx, { me = false, compact = false } = {}) {
  const cls = ["player", "ns-player"];
  if (me) cls.push("me");
  if (compact) cls.push("compact");
  if (acting(p.seat, ctx)) cls.push("active");
  const seat = seatClass(p.seat);
  if (seat) cls.push(seat);
  const parts = [playerHead(p, view, ctx, me), speciesRow(p, view, ctx, me ? "my-area" : null)];
  if (me && Array.isArray(p.hand)) {
    parts.push(h("div.hand-area", {},
      h("div.hand-label", {}, gi("hand"), h("span", {}, `${ctx.t("hand")} (${p.hand.length})`)),
      h("div.hand#hand", {}, p.hand.map((c) => traitCard(c, ctx)))));
  }
  return h(`div.${cls.join(".")}`, { dataset: { seat: p.seat } }, parts);
}

// ctx: {mySeat, names: seat->name, t, label, pick, picked, hot, active}
export function renderTable(view, ctx) {
  const { t } = ctx;
  const players = view.players || [];
  const mine = players.find((p) => p.seat === ctx.mySeat && ctx.mySeat !== null && ctx.mySeat !== undefined);
  const others = players.filter((p) => p !== mine);
  const note = view.phase === "food"
    ? h("div.food-note", { role: "note" }, shellIcon("hourglass"), h("span", {}, t("food_note"))) : null;
  // the page's language on the table, so that long trait names hyphenate in narrow slots
  return h("div.table.northstar", { lang: getLang() },
    statusBar(view, ctx),
    view.climate ? climateTrack(view, ctx) : null,
    note,
    mine ? playerArea(mine, view, ctx, { me: true }) : null,
    h(`div.players.others${mine ? ".compact-list" : ""}`, {},
      others.map((p) => playerArea(p, view, ctx, { compact: Boolean(mine) }))));
}

// A room's options in words (the declared options' values are ids: schmidt, retail...).
export function optionsSummary(options, t) {
  const parts = [counted(options.players, t("players"))];
  const climate = options.edition === "climate"; // Climate has its own deck: no deck options
  // with Flight the deck holds the expansion's 48 cards too: its true size is named
  const flight = (options.expansions || []).includes("flight");
  if (options.deck && !climate) parts.push(t(`deck_${options.deck}${flight ? "_flight" : ""}`));
  if (options.hard_shell_bonus !== undefined && options.hard_shell_bonus !== 4) {
    parts.push(`${t("hard_shell_bonus")} +${options.hard_shell_bonus}`);
  }
  if (options.players === 2 && options.two_player_deck === "full" && !climate) parts.push(t("two_player_full"));
  if (options.variant && options.variant !== "retail") parts.push(t(`variant_${options.variant}`));
  for (const name of options.expansions || []) parts.push(t(`expansion_${name}`));
  if (climate) parts.push(t("edition_climate"));
  return parts.join(" · ");
}

// The log (the shell's talk.js): the events that open a group, and each event's icon.
export const logGroups = { round: "round", traits_revealed: "phase", food_revealed: "phase", climate_moved: "phase" };
const LOG_ICONS = {
  took: "food", attacked: "carnivore", extinct: "extinct", drew: "hand", dealt: "hand", played: "species",
  used: "intelligence", banked: "bag", population_lost: "pop", game_over: "bell", round: "first_player",
  traits_revealed: "species", food_revealed: "watering_hole",
  upkeep: "upkeep", cliff_filled: "cliff", event_card: "event_storm", reserve: "hand",
  climate_moved: "climate", climate_event: "climate", climate_food: "watering_hole", event_replaced: "climate",
  set_aside_dealt: "hand",
};
export function logIcon(type) {
  return LOG_ICONS[type] ? gi(LOG_ICONS[type]) : null;
}

// A small picture of the table for the lobby's card (drawn with the table's own pieces from a
// made-up position: a species board and two trait cards).
export function preview(shellCtx) {
  const ctx = { ...shellCtx, mySeat: 0, names: {} };
  const view = { phase: "play", intel: null };
  const species = { id: 1, body: 3, pop: 2, food: 1, fat: 0, fat_capacity: 0, hungry: true, carnivore: false,
    traits: [{ card: 901, trait: "long_neck", food: 3 }, { card: 902, trait: "horns", food: 4 }] };
  return h("div.table.northstar.northstar-preview", {},
    speciesBoard(species, view, ctx),
    h("div.hand", {}, traitCard({ card: 903, trait: "carnivore", food: -2 }, ctx),
      traitCard({ card: 904, trait: "climbing", food: 5 }, ctx)));
}
