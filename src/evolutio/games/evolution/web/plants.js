// Plants («Эволюция. Растения»): the plants in the middle of the table, common to all. Each
// plant is a card: its kind (label "plant.<kind>", with the reference text as its tooltip),
// its red tokens out of its most, its growth rows, the fruit icon, shelter tokens, the plant
// traits on it, for a Parasitic plant its host, and with Continents its location (labelled
// with the location's icon and name). A plant is picked as "plant:<id>" (the server names
// plants in actions: forage, shelter, parasitize, plant traits played).
import { h, pickable } from "/static/api.js";
import { ref } from "/static/tips.js";
import { tokenRow, cardBack, keyed } from "/static/draw.js";
import { gi } from "./cards.js";

// One plant card.
function plantEl(plant, ctx, partners) {
  const { t } = ctx;
  const kind = ctx.label(`plant.${plant.kind}`);
  const name = kind === `plant.${plant.kind}`.replaceAll("_", " ") ? plant.kind : kind;
  const rows = (plant.grow || []).map(([a, b], i, all) => `${a}${i === all.length - 1 ? "+" : ""}→${b}`);
  const traits = (plant.traits || []).filter((x) => x.trait !== "parasitic_plant");
  const el = h(`div.plant.kind-${plant.kind}${plant.food ? "" : ".empty"}`, { dataset: { plant: plant.id } },
    h("div.plant-head", {}, gi(plant.host ? "parasitic_plant" : "plant", ""),
      ref(h("b", {}, name), `plant.${plant.kind}`, name), h("span.plant-id", {}, `P${plant.id}`)),
    h("div.plant-food", {},
      tokenRow("food", plant.food, `${name}: ${plant.food} / ${plant.most} ${t("food_in")}`, { max: 6 }),
      h("span.plant-count", {}, `${plant.food}/${plant.most}`)),
    rows.length ? h("div.plant-grow", { title: t("growth") }, gi("growth", ""), rows.join(" · ")) : null,
    h("div.plant-marks", {},
      plant.kind === "carnivorous"
        ? h(`span.mark.hunts${plant.attacked ? ".done" : ""}`, { title: t("hunts_text") }, gi("attack", t("hunts")),
          plant.attacked ? t("hunted") : t("hunts"))
        : null,
      plant.fruit ? h("span.mark.fruit", { title: t("fruit_text") }, gi("fruit", t("fruit"))) : null,
      plant.shelters ? h("span.mark.shelter", { title: t("shelter_text") }, gi("shelter", t("shelters")), h("b", {}, String(plant.shelters))) : null,
      plant.host ? h("span.mark.host", {}, `${t("on_host")} P${plant.host}`) : null,
      plant.location ? h(`span.mark.place.loc-${plant.location}`, { dataset: { location: plant.location } }, gi(plant.location, ""), t(plant.location)) : null,
      (partners || []).map((p) => h("span.mark.myco", { title: ctx.label("mycorrhiza") }, gi("mycorrhiza", ""), `P${p}`))),
    traits.length ? h("div.plant-traits", {}, traits.map((x) =>
      ref(h("span.plant-trait", {}, gi(x.trait, ""), ctx.label(x.trait)), x.trait, ctx.label(x.trait)))) : null);
  pickable(el, "plant", plant.id, `${name} P${plant.id}`);
  return keyed(el, `plant:${plant.id}`);
}

// The plants row: every plant, then the plant deck's back with its size.
export function plantsEl(flora, ctx) {
  if (!flora) return null;
  const { t } = ctx;
  const partners = {};
  for (const link of flora.links || []) {
    const [a, b] = link.plants;
    (partners[a] = partners[a] || []).push(b);
    (partners[b] = partners[b] || []).push(a);
  }
  const deck = flora.deck_size ?? 0;
  return h("div.flora#flora", { "aria-label": t("plants") },
    h("div.flora-label", {}, gi("plant", ""), h("span", {}, t("plants"))),
    h("div.plants", {}, (flora.plants || []).length
      ? flora.plants.map((p) => plantEl(p, ctx, partners[p.id]))
      : h("span.none", {}, t("no_plants"))),
    h("div.flora-deck", { title: `${t("plant_deck")}: ${deck}` }, cardBack(`${t("plant_deck")}: ${deck}`), h("b", {}, String(deck))));
}

// The food on the plants, for the status bar (no die fills a food bank with Plants; a bank
// that another set put food in is drawn beside it).
export function plantFood(flora, ctx) {
  const { t } = ctx;
  const n = (flora.plants || []).reduce((sum, p) => sum + (p.food || 0), 0);
  return h("span.banks.single", {}, h("span.bank", {}, h("span.bank-name", {}, t("plant_food")), " ",
    gi("plant", ""), h("b.bank-count", {}, String(n))));
}
