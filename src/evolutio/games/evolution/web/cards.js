// Evolution's cards as drawn cards: a hand card with its faces (icon, name, food-cost badge),
// an animal card with its traits tucked under it as tabs, its food and fat as tokens, its
// state as icons and its pairs as coloured chips. No rules here: only what the view says.
import { h, pickable } from "/static/api.js";
import { ref } from "/static/tips.js";
import { sprite, tokenRow, badge, keyed, arrowEnd, tieEnd } from "/static/draw.js";

// Evolution's own pictograms (icons.svg, next to this file): symbol ids are trait ids.
export const gi = sprite("/static/games/evolution/icons.svg");

// The extra food need printed in a trait card's corner: the `food = N` of each trait class
// (src/evolutio/games/evolution/traits/base.py, time_to_fly.py, time_to_fly_hunt.py, gift.py;
// collected as trait.py's FOOD). Every other trait adds nothing.
export const FOOD = {
  carnivore: 1, high_body_weight: 1, parasite: 2, intellect: 1, trematode: 1, viviparous: 1,
  homeothermy: 1,
};

// The traits of each card set, in the order of data/cards.toml (the legend lists those of the
// sets in play).
export const SETS = {
  base: ["carnivore", "fat_tissue", "high_body_weight", "swimming", "running", "mimicry",
    "camouflage", "sharp_vision", "burrowing", "poisonous", "tail_loss", "communication",
    "cooperation", "symbiosis", "piracy", "grazing", "hibernation", "scavenger", "parasite"],
  time_to_fly: ["flight", "intellect", "anglerfish", "metamorphose", "ink_cloud", "shell",
    "trematode", "specialization_a", "specialization_b", "ambush", "viviparous"],
  gift: ["r_strategy", "shy", "homeothermy"],
  continents: ["migration", "suckerfish", "regeneration", "recombination", "herding",
    "aedificator", "cnidocytes", "neoplasm"],
  ice_age: ["insulation", "immunity"],
  plants: ["root_vegetable", "honey_plant", "mycorrhiza", "aquatic", "officinal", "protein_rich",
    "tree", "parasitic_plant", "spiky"],
};

// A trait's colour family on the cards: hunting, defence, food, paired, other.
const GROUPS = {
  hunt: ["carnivore", "piracy", "sharp_vision", "ambush", "anglerfish", "intellect", "cnidocytes"],
  guard: ["swimming", "running", "mimicry", "camouflage", "burrowing", "poisonous", "tail_loss",
    "high_body_weight", "shell", "ink_cloud", "flight", "shy", "herding", "immunity"],
  food: ["fat_tissue", "grazing", "hibernation", "scavenger", "specialization_a",
    "specialization_b", "homeothermy", "insulation"],
  pair: ["communication", "cooperation", "symbiosis", "recombination", "trematode"],
};
const GROUP_OF = Object.fromEntries(Object.entries(GROUPS).flatMap(([g, ids]) => ids.map((id) => [id, g])));
export function group(trait) { return GROUP_OF[trait] || "other"; }

// The food-cost badge of a trait ("+1"), or null.
export function cost(trait, ctx) {
  const n = FOOD[trait];
  return n ? badge(`+${n}`, `${ctx.t("food_need")} +${n}`, "food") : null;
}

// One face of a hand card (or a card lying on the table): icon, name, cost. `.face` carries
// the trait's tooltip (data-ref).
// A long word gets a smaller type, so that it never breaks in the middle.
function lengthClass(name, long = 10) {
  const longest = Math.max(0, ...String(name).split(/\s+/).map((w) => w.length));
  return longest >= long + 2 ? ".xlong" : longest >= long ? ".long" : "";
}

function faceEl(trait, ctx) {
  const name = ctx.label(trait);
  return ref(h(`div.face.g-${group(trait)}`, {},
    h("span.face-art", {}, gi(trait, "", "face-icon")),
    h(`span.face-name${lengthClass(name)}`, {}, name),
    cost(trait, ctx)), trait, name);
}

// A card in a hand or in the middle of the table: both faces, as two halves.
export function cardEl(card, ctx) {
  const faces = card.faces || [];
  const name = faces.map((f) => ctx.label(f)).join(" / ");
  const el = h(`div.card${faces.length === 1 ? ".single" : ""}`, { dataset: { card: card.id } },
    faces.length ? faces.map((f) => faceEl(f, ctx)) : h("span.face", {}, `#${card.id}`));
  return keyed(pickable(el, "card", card.id, name || `#${card.id}`), `card:${card.id}`);
}

// The picture on an animal card: a fish for a swimmer, a bird for a flyer, else a beast.
function emblem(animal) {
  const traits = (animal.traits || []).map((tr) => tr.trait);
  if (traits.includes("swimming")) return "animal-fish";
  if (traits.includes("flight")) return "animal-bird";
  return "animal";
}

// An animal's state as icons with their words (the word is the icon's text alternative).
function flags(animal, ctx, attack) {
  const { t } = ctx;
  const out = [];
  const flag = (id, word, cls = id) => out.push(h(`span.flag.flag-${cls}`, {}, gi(id, word)));
  if (attack && attack.carnivore === animal.id) flag("attack", t("attacking"));
  if (attack && attack.target === animal.id) flag("prey", t("attacked"));
  if (animal.present !== false && animal.fed && !animal.hibernating && !ctx.over) flag("fed", t("fed"));
  if (animal.hibernating) flag("hibernating", t("hibernating"));
  if (animal.poisoned) flag("poisoned", t("poisoned"));
  if (animal.paralysed) flag("paralysed", t("paralysed"));
  return out.length ? h("span.flags", {}, out) : null;
}

// "food 2/3 (red 1, blue 1)": the colours said only when some of the food is blue.
function foodLabel(animal, food, need, t) {
  const red = Math.min(food, animal.red ?? food);
  const split = red < food ? ` (${t("red")} ${red}, ${t("blue")} ${food - red})` : "";
  return `${t("food_in")} ${food}/${need}${split}`;
}

// The trait cards tucked under an animal: ul.traits > li[data-card], each a tab with its icon,
// name and cost; struck through when it does not work (Continents, paralysis).
function traitTabs(animal, ctx) {
  const { t } = ctx;
  const off = new Set(animal.disabled || []);
  return h("ul.traits", {}, (animal.traits || []).map((tr) => {
    const struck = off.has(tr.card) || animal.paralysed;
    const name = ctx.label(tr.trait);
    const why = struck ? t(animal.paralysed ? "paralysed" : "disabled") : null;
    const li = h(`li.${tr.trait}.g-${group(tr.trait)}${struck ? ".off" : ""}`,
      { dataset: { card: tr.card }, title: why },
      gi(tr.trait, "", "tab-icon"), h(`span.tab-name${lengthClass(name, 9)}`, {}, name), cost(tr.trait, ctx),
      why ? h("span.sr", {}, ` (${why})`) : null);
    return keyed(pickable(ref(li, tr.trait, name), "card", tr.card, `${name} (A${animal.id})`), `card:${tr.card}`);
  }));
}

// The coloured chips of an animal's pairs: the link's trait and the partner's number, in the
// link's own colour on both animals.
function pairChips(animal, links, ctx) {
  if (!links || !links.length) return null;
  return h("div.pairs", {}, links.map((l) => {
    const other = (l.animals || []).find((a) => a !== animal.id) ?? animal.id;
    const name = ctx.label(l.trait);
    const chip = h(`div.pair.link-${l.hue}`, { dataset: { link: l.id }, title: `${name}: A${animal.id} – A${other}` },
      gi("link", ""), gi(l.trait, name), h("span", {}, `A${other}`));
    tieEnd(chip, `link-${l.id}`);  // a line under the table joins the pair's two chips
    return pickable(ref(chip, l.trait, name), "link", l.id, `${name} A${(l.animals || []).join("–A")}`);
  }));
}

// One animal: a drawn card (its emblem, number, state, food and fat tokens, the face-down
// side its owner sees), its trait tabs and its pair chips.
export function animalEl(animal, ctx, attack, links) {
  const { t } = ctx;
  const cls = ["animal"];
  if (animal.fed) cls.push("fed");
  if (animal.hibernating) cls.push("hibernating");
  if (animal.poisoned) cls.push("poisoned");
  if (animal.paralysed) cls.push("paralysed");
  // Regeneration: only the traits are left, waiting for a new animal card
  const ghost = animal.present === false;
  if (ghost) cls.push("ghost");
  const food = animal.food || 0;
  const need = animal.need ?? 0;
  const cap = animal.fat_capacity || 0;
  const fat = animal.fat || 0;
  // once the game is over the food of the last turn is gone: "0/1" would read as starving
  const foodRow = ghost || ctx.over ? null
    : tokenRow("food", food, foodLabel(animal, food, need, t),
      { empty: Math.max(0, need - food), max: 6, alt: { kind: "blue", count: food - (animal.red ?? food) } });
  const fatRow = cap > 0 && !ctx.over
    ? tokenRow("fat", fat, `${t("fat")} ${fat}/${cap}`, { empty: Math.max(0, cap - fat), max: 6 }) : null;
  // the animal card's face-down side: its owner sees it (everyone, once revealed)
  const faces = Array.isArray(animal.faces) && animal.faces.length
    ? h("div.facedown", { title: `${t("face_down")}: ${animal.faces.map((f) => ctx.label(f)).join(" / ")}` }, gi("face-down", ""),
      h("span", {}, `${t("face_down")}: ${animal.faces.map((f) => ctx.label(f)).join(" / ")}`))
    : null;
  const body = h("div.animal-card", {},
    h("div.animal-top", {}, h("span.aid", {}, `A${animal.id}`), flags(animal, ctx, attack)),
    ghost
      ? h("div.animal-art.ghost-art", {}, gi("regeneration", ""), h("span", {}, t("traits_only")))
      : h("div.animal-art", {}, gi(emblem(animal), "", "emblem")),
    foodRow || fatRow ? h("div.tray", {}, foodRow, fatRow) : null,
    faces);
  const data = animal.location ? { animal: animal.id, location: animal.location } : { animal: animal.id };
  const el = h(`div.${cls.join(".")}`, { dataset: data }, body, traitTabs(animal, ctx), pairChips(animal, links, ctx));
  if (attack && attack.carnivore === animal.id) arrowEnd(el, "attack", "from");
  if (attack && attack.target === animal.id) arrowEnd(el, "attack", "to");
  return keyed(pickable(el, "animal", animal.id, `A${animal.id}`), `animal:${animal.id}`);
}
