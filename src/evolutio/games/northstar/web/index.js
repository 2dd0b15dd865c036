// North Star's Evolution table for the browser shell: draws a view sent by the server. No
// rules here: what may be clicked comes from the server's legal actions; this module marks
// cards, species and (for Intelligence) traits with data-pick="kind:id" and the shell does
// the rest (docs/web.md). Face-down traits of other seats arrive as {hidden: true}.
import { h, pickable, tokens } from "/static/api.js";
import { ref } from "/static/tips.js";

export { strings } from "./strings.js";
export const css = "board.css";



function cardEl(card, ctx) {
  const sign = card.food > 0 ? `+${card.food}` : String(card.food);
  return pickable(ref(h("div.card", { dataset: { card: card.card } },
    ref(h("span.food-value", {}, sign), "food_value"),
    h("div.face", {}, ctx.label(card.trait))), card.trait), "card", card.card, `${ctx.label(card.trait)} ${sign}`);
}

function speciesEl(s, view, ctx) {
  const { t } = ctx;
  const traits = (s.traits || []).map((tr) => tr.hidden
    ? h("li.hidden", { title: t("face_down") }, "?")
    : pickable(ref(h(`li.${tr.trait}`, { dataset: { card: tr.card } }, ctx.label(tr.trait)), tr.trait), "card", tr.card,
      `${ctx.label(tr.trait)} (A${s.id})`));
  const cls = ["species"];
  if (s.carnivore) cls.push("carnivore");
  if (!s.hungry) cls.push("fed");
  const intel = view.intel && view.intel.species === s.id;
  if (intel) cls.push("intel");
  return pickable(h(`div.${cls.join(".")}`, { dataset: { species: s.id } },
    h("div.sid", {}, `A${s.id}`),
    h("div.tracks", {},
      ref(h("span.track", {}, `${t("body_short")} ${s.body}`), "body"),
      ref(h("span.track", {}, `${t("pop_short")} ${s.pop}`), "pop")),
    h("ul.traits", {}, traits),
    h("div.tokens", { title: `${s.food}/${s.pop}` }, tokens(s.food || 0, "#3a9d4a", t("food")), ` ${s.food}/${s.pop}`),
    (s.fat_capacity || s.fat) ? h("div.tokens", {}, tokens(s.fat || 0, "#e3b23c", t("fat")),
      ` ${t("fat")} ${s.fat}/${s.fat_capacity ?? "?"}`) : null,
    intel ? h("div.intel-note", {}, `${t("switched_off")}: ${view.intel.negated.map((n) => ctx.label(n)).join(", ")}`) : null),
  "species", s.id, `A${s.id}`);
}

function acting(seat, ctx) {
  return Array.isArray(ctx.active) && ctx.active.includes(seat);
}

// ctx: {mySeat, names: seat->name, t, label, pick, picked, hot, active}
export function renderTable(view, ctx) {
  const { t } = ctx;
  const status = h("div.status-bar", {},
    h("span", {}, `${t("round")} `, h("b", {}, String(view.round ?? "-"))),
    h("span", {}, `${t("phase")} `, h("b#phase", {}, t(`phase_${view.phase}`))),
    ref(h("span.hole#watering-hole", {}, `${t("watering_hole")} `, tokens(view.watering_hole || 0, "#3a9d4a", t("food")),
      h("b", {}, ` ${view.watering_hole ?? 0}`)), "watering_hole"),
    h("span", {}, `${t("deck")} `, h("b", {}, String(view.deck_size ?? "-"))),
    h("span", {}, `${t("discard")} `, h("b", {}, String((view.discard || []).length))),
    view.bell && view.phase !== "over" ? h("span.bell#bell", { title: t("last_round") }, `⚑ ${t("last_round")}`) : null);
  const players = (view.players || []).map((p) => {
    const cls = ["player"];
    if (p.seat === ctx.mySeat) cls.push("me");
    if (acting(p.seat, ctx)) cls.push("active");
    const name = ctx.names[p.seat] || `#${p.seat + 1}`;
    const head = h("h4", {}, `${p.seat + 1}. ${name}${p.seat === ctx.mySeat ? ` (${t("you")})` : ""}`,
      p.seat === view.first_player ? h("span.first", { title: t("first_player") }, " ★") : null,
      ref(h("span.bag", {}, ` · ${t("bag")} ${p.bag}`), "bag"),
      h("span.muted", {}, ` ${t("hand")}: ${p.hand_size}`),
      view.phase === "food" ? h("span.food-chosen", {}, p.food_chosen ? ` ✔ ${t("food_down")}` : ` … ${t("choosing")}`) : null,
      p.passed ? h("span.muted", {}, ` ${t("done")}`) : null);
    const row = h("div.row", {}, (p.species || []).length
      ? p.species.map((s) => speciesEl(s, view, ctx))
      : h("span.muted", {}, t("no_species")));
    const parts = [head, row];
    if (p.food_card) parts.push(h("div.muted", {}, t("your_food_card")), h("div.hand", {}, cardEl(p.food_card, ctx)));
    if (Array.isArray(p.hand) && p.hand.length) parts.push(h("div.muted", {}, t("hand")), h("div.hand#hand", {}, p.hand.map((c) => cardEl(c, ctx))));
    return h(`div.${cls.join(".")}`, { dataset: { seat: p.seat } }, parts);
  });
  return h("div.table.northstar", {}, h("div.panel", {}, status), h("div.players", {}, players));
}

export function optionsSummary(options, t) {
  const parts = [`${options.players} ${t("players")}`, options.deck];
  if (options.hard_shell_bonus !== 4) parts.push(`Hard Shell +${options.hard_shell_bonus}`);
  if (options.variant && options.variant !== "retail") parts.push(options.variant);
  return parts.join(" · ");
}
