// The legend of Evolution's table, one tap away in the status bar: the tokens, an animal's
// states, the places and every trait of the sets in play with its icon, name and short text
// (the game's reference texts, tips.js).
import { h } from "/static/api.js";
import { refText } from "/static/tips.js";
import { legend, tokenRow, cardBack } from "/static/draw.js";
import { gi, SETS, cost } from "./cards.js";

const GAME = "evolution";

function tokenIcon(kind, empty = false) {
  return tokenRow(kind, empty ? 0 : 1, "", { empty: empty ? 1 : 0 });
}

export function legendEl(view, ctx) {
  const { t } = ctx;
  const sets = ["base", ...((view.options && view.options.expansions) || []).filter((s) => s !== "base")];
  const items = [
    { icon: gi("food-bank", ""), name: t("food"), text: t("lg_bank") },
    { icon: tokenRow("food", 2, "", { alt: { kind: "blue", count: 1 } }), name: t("lg_food"), text: t("lg_food_text") },
    { icon: tokenIcon("food", true), name: t("lg_need"), text: t("lg_need_text") },
    { icon: tokenIcon("fat"), name: t("lg_fat"), text: t("lg_fat_text") },
    { icon: tokenIcon("fat", true), name: t("lg_fat_room"), text: t("lg_fat_room_text") },
    { icon: h("span.badge.badge-food", { "aria-hidden": "true" }, "+1"), name: t("food_need"), text: t("lg_cost_text") },
    { icon: cardBack(""), name: t("deck"), text: t("lg_deck_text") },
    { icon: gi("face-down", ""), name: t("face_down"), text: t("lg_face_down_text") },
    { icon: gi("fed", ""), name: t("fed"), text: t("lg_fed_text") },
    { icon: gi("hibernating", ""), name: t("hibernating"), text: t("lg_hibernating_text") },
    { icon: gi("poisoned", ""), name: t("poisoned"), text: t("lg_poisoned_text") },
    { icon: gi("attack", ""), name: t("attacking"), text: t("lg_attack_text") },
    { icon: gi("prey", ""), name: t("attacked"), text: t("lg_prey_text") },
    { icon: gi("link", ""), name: t("links"), text: t("lg_link_text") },
  ];
  if (sets.includes("continents")) {
    items.push(
      { icon: gi("paralysed", ""), name: t("paralysed"), text: t("lg_paralysed_text") },
      { icon: gi("regeneration", ""), name: t("traits_only"), text: t("lg_ghost_text") },
      ...["laurasia", "gondwana", "ocean"].map((p) => ({ icon: gi(p, ""), name: t(p), text: refText(GAME, p) })));
  }
  if (view.nature) items.push({ icon: gi("nature", ""), name: t("nature_change"), text: t("lg_nature_text") });
  if (view.flora) {
    items.push({ icon: gi("plant", ""), name: t("plants"), text: t("lg_plants_text") },
      { icon: gi("fruit", ""), name: t("fruit"), text: t("fruit_text") },
      { icon: gi("shelter", ""), name: t("shelters"), text: t("shelter_text") },
      { icon: gi("growth", ""), name: t("growth"), text: t("lg_growth_text") });
  }
  for (const set of sets) {
    for (const trait of SETS[set] || []) {
      const name = ctx.label(trait);
      const extra = cost(trait, ctx);
      items.push({ icon: h("span.legend-trait", {}, gi(trait, ""), extra), name, text: refText(GAME, trait) });
    }
  }
  return legend(t("legend"), items, "evo-legend");
}
