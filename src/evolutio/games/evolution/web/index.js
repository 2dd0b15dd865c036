// Evolution's table for the browser shell: draws a view sent by the server as a card table.
// No rules here: what may be clicked comes from the server's legal actions; this module marks
// cards, animals, links and locations with data-pick="kind:id" and the shell does the rest.
//
// Layout: a one-line status bar (turn, phase, deck, food bank, legend), then the viewer's own
// area (#my-area: their animals; #hand: their hand), the middle of the table (the natural
// change, cards lying there), then the other players, more compact.
import { h, pickable } from "/static/api.js";
import { ref } from "/static/tips.js";
import { tokenRow, cardBack, keyed, tokenSource, seatClass } from "/static/draw.js";
import { gi, cardEl, animalEl } from "./cards.js";
import { legendEl } from "./legend.js";
import { plantsEl, plantFood } from "./plants.js";

export { strings } from "./strings.js";
export const css = "board.css";

// The three locations of the Continents expansion, in the order the table shows them.
export const LOCATIONS = ["laurasia", "gondwana", "ocean"];

// The number of colours the pair chips cycle through (board.css .link-0 ...).
const HUES = 6;

// One food bank of the status bar: a location's (Continents) or the single one. Tokens fly
// from it to the animals (tokenSource).
function bankEl(name, count, place, t) {
  const n = count ?? 0;
  const el = h(`span.bank${place ? `.loc-${place}` : ""}`, { dataset: place ? { bank: place } : {} },
    h("span.bank-name", {}, name), " ", gi(place || "food-bank", ""),
    tokenRow("food", n, `${name}: ${n} ${t("food_in")}`, { max: 5 }),
    h("b.bank-count", {}, String(n)));
  return tokenSource(el, "food");
}

// A player's animals under Laurasia, Gondwana and the Ocean (the player's divider).
function locationGroups(p, view, ctx, linksOf) {
  const { t } = ctx;
  return h("div.locations", {}, LOCATIONS.map((place) => {
    const here = (p.animals || []).filter((a) => a.location === place);
    const bank = view.food_banks[place] ?? 0;
    // a place is picked on the viewer's own divider: new animals and migrants go there
    const head = h("div.loc-head", { dataset: { location: place } },
      gi(place, ""), ref(h("b", {}, t(place)), place, t(place)),
      tokenRow("food", bank, `${t(place)}: ${bank} ${t("food_in")}`, { max: 4 }));
    if (p.seat === ctx.mySeat) pickable(head, "location", place, t(place));
    return h(`div.location.loc-${place}${here.length ? "" : ".empty"}`, { dataset: { location: place } }, head,
      h("div.animals", {}, here.length
        ? here.map((a) => animalEl(a, ctx, view.attack, linksOf[a.id]))
        : h("span.none", {}, "—")));
  }));
}

// Ice Age: the natural change in force, drawn as a card, with the sizes of its deck and used
// pile. Its name and text come from the labels "nature.<id>" (the view carries the English).
function natureEl(nature, ctx) {
  if (!nature) return null;
  const { t } = ctx;
  const cur = nature.current;
  const named = (key, fallback) => {
    const value = ctx.label(key);
    return value === key.replaceAll("_", " ") ? fallback : value;
  };
  const title = named("nature", t("nature_change"));
  const kinds = { cold: "cold", disease: "disease", food: "warm", water: "water", growth: "growth" };
  const card = cur
    ? h(`div.nature-card.${cur.kind || "change"}#nature-card`, { dataset: { change: cur.id } },
      h("div.nature-head", {}, gi(kinds[cur.kind] || "nature", ""), h("b", {}, named(`nature.${cur.id}`, cur.name))),
      h("div.nature-text", {}, named(`nature.${cur.id}.text`, cur.text)))
    : h("div.nature-card.none#nature-card", {}, gi("nature", ""), h("span", {}, t("no_change")));
  const piles = `${t("nature_deck")}: ${nature.deck_size} · ${t("nature_used")}: ${nature.discard_size}`;
  return h("div.nature#nature", { title: named("nature.origin", "") },
    h("div.nature-label", {}, gi("nature", ""), h("span", {}, title)), card,
    h("div.nature-piles", {}, cardBack(piles), h("span", {}, `${nature.deck_size} / ${nature.discard_size}`)));
}

// Is the seat asked to decide now? (the shell's list; else the view's own decision)
function acting(seat, view, ctx) {
  if (Array.isArray(ctx.active) && ctx.active.length) return ctx.active.includes(seat);
  const d = view.decision;
  return Boolean(d && (Array.isArray(d.seats) ? d.seats.includes(seat) : d.seat === seat));
}

// The status bar: one line (it wraps on a phone).
function statusBar(view, ctx) {
  const { t } = ctx;
  const over = ctx.over;
  const banks = view.food_banks;
  const food = banks
    ? [h("span.banks#banks", {}, LOCATIONS.map((place) => bankEl(t(place), banks[place], place, t))),
      view.step_location ? h("span.step-location", {}, `${t("this_step")} `, h("b", {}, t(view.step_location))) : null]
    : view.flora ? [plantFood(view.flora, ctx),  // a bank too when another set put food in it
      view.food_bank ? h("span.banks.single", {}, bankEl(t("food"), view.food_bank, null, t)) : null]
      : [h("span.banks.single", {}, bankEl(t("food"), view.food_bank, null, t))];
  const deck = view.deck_size ?? 0;
  return h("div.status-bar", {},
    h("span.st.st-turn", {}, `${t("turn")} `, h("b", {}, String(view.turn ?? "-"))),
    h("span.st.st-phase", {}, gi(over ? "turn" : view.phase, ""), h("b", {}, t(view.phase))),
    h("span.st.st-deck", { title: `${t("deck")}: ${deck}` }, cardBack(`${t("deck")}: ${deck}`), h("b", {}, String(deck))),
    food,
    view.last_turn && !over ? h("span.st.attack.last-turn", {}, gi("last-turn", ""), t("last_turn")) : null,
    legendEl(view, ctx));
}

// A player's line: the coloured name, hand and discard sizes, passed.
function playerHead(p, ctx) {
  const { t } = ctx;
  const mine = p.seat === ctx.mySeat;
  const name = ctx.names[p.seat] || `#${p.seat + 1}`;
  return h("h4", {},
    h("span.seat-name", {}, h("span.seat-dot", { "aria-hidden": "true" }), `${p.seat + 1}. ${name}${mine ? ` (${t("you")})` : ""}`),
    h("span.count", { title: `${t("hand")}: ${p.hand_size}` }, gi("cards", t("hand")), h("b", {}, String(p.hand_size))),
    h("span.count", { title: `${t("discard")}: ${p.discard_size}` }, gi("discard", t("discard")), h("b", {}, String(p.discard_size))),
    p.passed ? h("span.passed", {}, t("passed")) : null);
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
  const linksOf = {};
  (view.links || []).forEach((l, i) => {
    const link = { ...l, hue: i % HUES };
    for (const a of l.animals || []) (linksOf[a] = linksOf[a] || []).push(link);
  });
  const mine = (p) => p.seat === ctx.mySeat;
  const playerEl = (p) => {
    const cls = ["player", seatClass(p.seat)];
    if (mine(p)) cls.push("me");
    else cls.push("compact");
    if (acting(p.seat, view, ctx)) cls.push("active");
    const animals = view.food_banks
      ? locationGroups(p, view, ctx, linksOf)
      : h("div.animals", {}, (p.animals || []).length
        ? p.animals.map((a) => animalEl(a, ctx, view.attack, linksOf[a.id]))
        : h("span.none", {}, t("no_animals")));
    const parts = [playerHead(p, ctx)];
    if (mine(p)) {
      parts.push(h("div.my-animals#my-area", { "aria-label": t("your_animals") }, animals));
      const hand = Array.isArray(p.hand) ? p.hand : [];
      parts.push(h("div.hand-row", {},
        h("div.hand#hand", { "aria-label": t("your_hand") }, hand.length
          ? hand.map((c) => cardEl(c, ctx))
          : h("span.none", {}, t("empty_hand")))));
    } else {
      parts.push(animals);
    }
    return keyed(h(`div.${cls.filter(Boolean).join(".")}`, { dataset: { seat: p.seat } }, parts), `seat:${p.seat}`, { leave: null });
  };
  const players = view.players || [];
  const me = players.filter(mine).map(playerEl);
  const others = players.filter((p) => !mine(p)).map(playerEl);
  const lying = (view.table_cards || []).length
    ? h("div.table-cards#table-cards", {}, h("span.centre-label", {}, t("on_table")),
      h("div.lying", {}, view.table_cards.map((c) => cardEl(c, ctx))))
    : null;
  const nature = natureEl(view.nature, ctx);
  const flora = plantsEl(view.flora, ctx);
  const centre = nature || lying || flora ? h("div.centre", {}, flora, nature, lying) : null;
  return h("div.table.evo", {}, statusBar(view, ctx),
    h("div.players", {}, me, centre, others));
}

// The log (the shell's talk.js): the events that open a group, and each event's icon.
export const logGroups = { phase_started: "phase" };
const LOG_ICONS = {
  animal_played: "animal", trait_played: "cards", food_taken: "food", attacked: "attack",
  animal_died: "extinction", cards_drawn: "cards", food_bank_set: "food-bank", game_ended: "last-turn",
  nature_revealed: "nature", animal_moved: "ocean", phase_started: "turn",
  plant_appeared: "plant", plant_grew: "growth", plant_died: "extinction", plant_food_taken: "food",
  shelter_taken: "shelter", plant_trait_played: "cards",
};
export function logIcon(type) {
  return LOG_ICONS[type] ? gi(LOG_ICONS[type]) : null;
}

// A small picture of the table for the lobby's card (drawn with the table's own pieces from a
// made-up position: two animals, one a swimming carnivore being fed, and a hand of two cards).
export function preview(shellCtx) {
  const ctx = { ...shellCtx, mySeat: 0, names: {}, over: false };
  const hunter = { id: 1, traits: [{ trait: "carnivore", card: 901 }, { trait: "swimming", card: 902 }], food: 1, need: 2 };
  const grazer = { id: 2, traits: [{ trait: "fat_tissue", card: 903 }, { trait: "burrowing", card: 904 }],
    food: 1, need: 1, fed: true, fat: 1, fat_capacity: 1 };
  return h("div.table.evo.evolution-preview", {},
    h("div.animals", {}, animalEl(hunter, ctx, null, []), animalEl(grazer, ctx, null, [])),
    h("div.hand", {}, cardEl({ id: 905, faces: ["high_body_weight", "carnivore"] }, ctx),
      cardEl({ id: 906, faces: ["camouflage", "fat_tissue"] }, ctx)));
}
