// North Star's drawn pieces: trait cards (a hand card, a trait slot on a species, a small card
// in the watering hole) and species boards. Pictures from this folder's icons.svg; tokens,
// tracks, badges and card backs from the shell's draw.js. No rules here: the colours of the
// card families are looks only.
import { h, pickable } from "/static/api.js";
import { ref } from "/static/tips.js";
import { sprite, shellIcon, tokenRow, track, badge, cardBack, keyed, arrowEnd } from "/static/draw.js";

export const gi = sprite("/static/games/northstar/icons.svg");

// Every trait of both decks (data/cards.toml), in the legend's order.
export const TRAITS = [
  "carnivore", "ambush", "pack_hunting", "intelligence",
  "burrowing", "climbing", "defensive_herding", "hard_shell", "horns", "symbiosis", "warning_call",
  "cooperation", "fat_tissue", "fertile", "foraging", "long_neck", "scavenger",
];
// The traits new in the Climate edition (data/climate.toml), shown when a game has a climate.
export const CLIMATE_TRAITS = ["heavy_fur", "migratory", "cooling_frills", "nocturnal"];

// The Flight expansion's cards (data/flight.toml): Flight, its traits, its event cards.
export const FLIGHT_TRAITS = ["flight", "dive_bomb", "brood_parasite", "nesting", "event_updraft", "event_storm"];

// The card families' colours: hunting (red), defence (blue), feeding (green); with Flight,
// the sky (Flight's traits) and events (grey).
const HUNT = new Set(["carnivore", "ambush", "pack_hunting", "intelligence"]);
const FEED = new Set(["cooperation", "fat_tissue", "fertile", "foraging", "long_neck", "scavenger"]);
const SKY = new Set(["flight", "dive_bomb", "brood_parasite", "nesting"]);
export function family(trait) {
  if (CLIMATE_TRAITS.includes(trait)) return "climate";
  if (HUNT.has(trait)) return "hunt";
  if (FEED.has(trait)) return "feed";
  if (SKY.has(trait)) return "sky";
  if (String(trait).startsWith("event_")) return "event";
  return "defend";
}

export function signed(n) {
  const v = Number(n) || 0;
  return v > 0 ? `+${v}` : String(v);
}

// The food value in the card's corner: green when it adds, red when it takes away.
export function foodBadge(food, ctx) {
  const tone = food > 0 ? "good" : food < 0 ? "bad" : "";
  return ref(badge(signed(food), `${ctx.t("food_value")} ${signed(food)}`, tone), "food_value");
}

// A card's climate icons (Climate edition): suns (red) or snowflakes (blue) under the food value.
export function climateIcons(card, ctx) {
  const n = Number(card.climate) || 0;
  if (!n) return null;
  const kind = n > 0 ? "sun" : "snowflake";
  const label = `${ctx.t(kind === "sun" ? "suns" : "snowflakes")}: ${Math.abs(n)}`;
  return ref(h(`span.clim-icons.${kind}`, { title: label, "aria-label": label },
    Array.from({ length: Math.abs(n) }, () => gi(kind))), "climate_icons");
}

// How much a card's name must shrink to fit its width: by the longest word (names wrap
// between words, "Defensive Herding"; a word longer than the card breaks anywhere).
function fit(name) {
  const longest = Math.max(0, ...String(name).split(/\s+/).map((w) => w.length));
  return longest <= 8 ? "fit-0" : longest <= 10 ? "fit-1" : longest <= 12 ? "fit-2" : "fit-3";
}

// A trait card face up: value badge, picture, name. `size`: "" (hand), "mini" (watering hole).
export function traitCard(card, ctx, { size = "", key = true, enter = null, pick = true } = {}) {
  const name = ctx.label(card.trait);
  const el = h(`div.card.ns-card.fam-${family(card.trait)}.${fit(name)}${size ? `.${size}` : ""}`, { dataset: { card: card.card } },
    foodBadge(card.food, ctx),
    climateIcons(card, ctx),
    h("span.card-art", {}, gi(card.trait)),
    h("span.card-name", {}, name));
  ref(el, card.trait);
  if (key) keyed(el, `card:${card.card}`, enter ? { enter } : {});
  return pick ? pickable(el, "card", card.card, `${name} ${signed(card.food)}`) : el;
}

// One of a species' trait slots (three; four in Climate): a card face up, a card back (hidden from this viewer),
// or an empty place.
function traitSlot(tr, s, ctx) {
  const { t } = ctx;
  if (!tr) return h("li.slot.empty", { "aria-hidden": "true" });
  if (tr.hidden) {
    return h("li.slot.hidden", { title: t("face_down_trait"), "aria-label": t("face_down_trait") },
      cardBack(t("face_down_trait"), "slot-back"), h("span.hidden-word", { "aria-hidden": "true" }, t("face_down")));
  }
  const name = ctx.label(tr.trait);
  const down = tr.face_down === true;
  const li = h(`li.slot.trait.fam-${family(tr.trait)}.${tr.trait}${down ? ".face-down" : ""}`, { dataset: { card: tr.card } },
    gi(tr.trait),
    h("span.trait-name", {}, name),
    down ? h("span.down-mark", { title: t("face_down_own") }, shellIcon("eye-off"), h("span", {}, t("face_down"))) : null);
  ref(li, tr.trait);
  keyed(li, `card:${tr.card}`);
  return pickable(li, "card", tr.card, `${name} (A${s.id})`);
}

// A species board: its number, carnivore mark, body size and population as tracks, the food
// on it (hollow tokens for what it still needs), fat, and three trait slots.
export function speciesBoard(s, view, ctx) {
  const { t } = ctx;
  const cls = ["species"];
  if (s.carnivore) cls.push("carnivore");
  if (s.avian) cls.push("avian"); // Flight: body size at most 3, upkeep before population
  cls.push(s.hungry ? "hungry" : "fed");
  const intel = view.intel && view.intel.species === s.id;
  const feeding = view.phase === "before" || view.phase === "feed";
  const over = view.phase === "over";
  if (intel) cls.push("intel");
  const food = Number(s.food) || 0;
  const pop = Number(s.pop) || 0;
  const kind = s.carnivore ? "meat" : "plant";
  const foodLabel = `${t("food")} ${food}/${pop}`;
  const fatCap = s.fat_capacity;
  const showFat = (fatCap || 0) > 0 || (s.fat || 0) > 0;
  const fatLabel = `${t("fat")} ${s.fat || 0}/${fatCap ?? "?"}`;
  const traits = [...(s.traits || [])];
  const slots = view.climate ? 4 : 3; // Climate: up to 4 traits per species
  while (traits.length < slots) traits.push(null);
  const el = h(`div.${cls.join(".")}`, { dataset: { species: s.id } },
    h("div.sp-board", {},
      h("div.sp-head", {},
        h("span.sid", {}, gi(s.avian ? "flight" : "species"), `A${s.id}`),
        s.avian ? h("span.avian-mark", {}, ctx.t("avian")) : null,
        s.carnivore ? h("span.carn-mark", {}, gi("carnivore", ctx.label("carnivore"))) : null,
        feeding ? h(`span.sp-state.${s.hungry ? "is-hungry" : "is-fed"}`, {}, s.hungry ? t("hungry") : t("fed")) : null),
      h("div.tracks", {},
        ref(h("div.track-row", {}, gi("body"), track("body", s.body, s.avian ? 3 : 6, ctx.label("body"), { low: 1 })), "body"),
        ref(h("div.track-row", {}, gi("pop"), track("pop", s.pop, 6, ctx.label("pop"), { low: 1 })), "pop")),
      h("div.sp-food", {},
        upkeepLine(s, ctx),
        h("span.food-line", { title: foodLabel }, gi(kind),
          tokenRow(kind, food, foodLabel, { empty: over ? 0 : Math.max(0, pop - food), max: 7 })),
        showFat ? h("span.fat-line", { title: fatLabel }, gi("fat"),
          tokenRow("fat", s.fat || 0, fatLabel, { empty: Math.max(0, (fatCap || 0) - (s.fat || 0)), max: 7 })) : null)),
    h("ul.traits", {}, traits.slice(0, Math.max(slots, traits.length)).map((tr) => traitSlot(tr, s, ctx))),
    intel ? h("div.intel-note", {}, gi("intelligence"),
      `${t("switched_off")}: ${view.intel.negated.map((n) => ctx.label(n)).join(", ") || "-"}`) : null);
  keyed(el, `species:${s.id}`);
  // the attack the last action made: an arrow from the carnivore to its prey (motion.js)
  if (view.attack && view.attack.species === s.id) arrowEnd(el, "attack", "from");
  if (view.attack && view.attack.target === s.id) arrowEnd(el, "attack", "to");
  return pickable(el, "species", s.id, `A${s.id}`);
}

// Flight: an avian species' upkeep, paid before its population (tokens on the wings' line).
function upkeepLine(s, ctx) {
  const cost = Number(s.upkeep_cost) || 0;
  if (!cost) return null;
  const paid = Number(s.upkeep) || 0;
  const label = `${ctx.t("upkeep")} ${paid}/${cost}`;
  return ref(h("span.upkeep-line", { title: label }, gi("upkeep"),
    tokenRow("plant", paid, label, { empty: Math.max(0, cost - paid), max: 3 })), "upkeep");
}
