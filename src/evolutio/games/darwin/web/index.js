// Darwin's Choice for the browser shell: draws a view sent by the server. No rules here:
// what may be clicked comes from the server's legal actions; this module marks cards,
// species and habitats with data-pick="kind:id" and the shell does the rest.
// Habitats are columns (food, requirements, species); a species is its parts side by side.
import { h, pickable } from "/static/api.js";
import { ref } from "/static/tips.js";

export { strings } from "./strings.js";
export const css = "board.css";

const MARKS = { run: "R", swim: "S", fly: "F", climb: "C", cold: "❄", heat: "☀" };


function symbols(map) {
  return Object.entries(map || {}).map(([s, n]) => `${MARKS[s] || s}${n}`).join(" ");
}

// One animal card: the animal's name and the part, hearts, strength, symbols, diet.
function cardEl(cid, view, ctx) {
  const card = (view.cards || {})[String(cid)];
  if (!card) return h("div.dcard.hidden", {}, "?");
  const part = card.part === "legs" && !card.pair ? "leg" : card.part;
  const stats = [ref(h("span", {}, `♥${card.hearts}`), "hearts"), " ", ref(h("span", {}, `⚔${card.cs}`), "cs"), " ", symbols(card.symbols)];
  if (card.diet) stats.push(" ", ref(h("span", {}, ctx.label(card.diet)), card.diet));
  if (card.special) stats.push(" ", ref(h("span", {}, ctx.label(card.special)), card.special));
  return pickable(ref(h(`div.dcard.${card.part}${card.large ? ".large" : ""}`, { dataset: { card: cid } },
    h("div.name", {}, `${ctx.label(card.animal)} ${ctx.label(part)}`),
    h("div.stats", {}, stats.filter(Boolean))), card.animal), "card", cid, `${ctx.label(card.animal)} ${ctx.label(part)}`);
}

function speciesEl(sp, view, ctx, winners) {
  const { t } = ctx;
  const fed = sp.plants + sp.meat >= sp.hearts;
  const cls = ["species", `seat${sp.owner}`];
  if (!fed) cls.push("short");
  if (!sp.meets) cls.push("unfit");
  const head = h("div.shead", {},
    h("b", {}, `S${sp.id} `), `${ctx.names[sp.owner] ?? "#" + (sp.owner + 1)} · `,
    `${t("adaptation")} ${sp.adaptation} · ⚔${sp.cs} · ♥${sp.hearts} · `,
    h("span.food", {}, `${t("plants_short")}${sp.plants} ${t("meat_short")}${sp.meat}`), ` · ${sp.dp} DP`,
    winners.includes(sp.id) ? h("span.token", { title: t("best_adapted") }, " ★") : null,
    sp.ticked ? h("span.muted", {}, " ✓") : null);
  return pickable(h(`div.${cls.join(".")}`, { dataset: { species: sp.id } },
    head, h("div.parts", {}, sp.cards.map((c) => cardEl(c, view, ctx)))), "species", sp.id, `S${sp.id}`);
}

function habitatEl(hab, index, view, ctx) {
  const { t } = ctx;
  const species = (view.species || []).filter((sp) => sp.habitat === index);
  const name = hab.habitat ? ctx.label(hab.habitat) : ctx.label("volcano");
  const reqs = (hab.requires || []).map((alt) => symbols(alt)).join(" / ") || "–";
  const forbidden = (hab.forbidden || []).map((s) => MARKS[s] || s).join(" ");
  return pickable(h("div.habitat", { dataset: { habitat: index } },
    h("div.htitle", {}, ref(h("b", {}, `H${index} ${name}`), hab.habitat || "volcano", name), ` · ${hab.dp} DP`),
    h("div.reserve", {}, `${t("plants")} ${hab.plants} · ${t("meat")} ${hab.meat}`),
    ref(h("div.req", {}, `${t("requires")}: ${reqs}`, forbidden ? ` · ${t("forbidden")}: ${forbidden}` : ""), "requires"),
    ref(h("div.counts.muted", {}, `${t("adaptation")}: ${(hab.adaptation || []).map((s) => MARKS[s] || s).join(" ")}`), "adaptation"),
    h("div.hspecies", {}, species.map((sp) => speciesEl(sp, view, ctx, hab.winners || [])))),
  "habitat", index, `H${index} ${name}`);
}

export function renderTable(view, ctx) {
  const { t } = ctx;
  const status = h("div.status", {},
    h("b", {}, `${t("era")} ${view.era}/${view.eras}`),
    view.event ? ref(h("span.event", {}, ` · ${t("event")}: ${ctx.label(view.event)}`), view.event, ctx.label(view.event)) : null,
    h("span.muted", {}, ` · ${t("decks")}: ${view.decks.small} / ${view.decks.large}`));
  const market = h("div.market", {}, h("h4", {}, t("market")),
    h("div.row", {}, (view.market || []).map((c) => cardEl(c, view, ctx))));
  const habitats = h("div.habitats", {}, (view.habitats || []).map((hab, i) => habitatEl(hab, i, view, ctx)));
  const players = h("div.scores", {}, (view.players || []).map((p) => h(
    `div.player${p.seat === ctx.mySeat ? ".me" : ""}${(ctx.active || []).includes(p.seat) ? ".active" : ""}`,
    { dataset: { seat: p.seat } },
    h("b", {}, ctx.names[p.seat] ?? `#${p.seat + 1}`),
    ` ${p.score} DP · ${t("hand")} ${p.hand_size}${p.passed ? " · " + t("passed") : ""}`)));
  const parts = [status, players, market, habitats];
  const me = ctx.mySeat != null ? (view.players || [])[ctx.mySeat] : null;
  if (me && me.hand) {
    parts.push(h("div.myhand", {}, h("h4", {}, t("hand")),
      h("div.row", {}, me.hand.map((c) => cardEl(c, view, ctx)))));
  }
  if (view.build && Array.isArray(view.build.added)) {
    parts.push(h("div.build", {}, h("h4", {}, t("building")),
      h("div.row", {}, view.build.added.map((c) => cardEl(c, view, ctx)))));
  }
  return h("div.table.darwin", {}, parts);
}

export function optionsSummary(options, t) {
  const bits = [`${options.players} ${t("players")}`, `${options.eras} ${t("eras")}`];
  if (options.variant && options.variant !== "standard") bits.push(t(options.variant));
  return bits.join(" · ");
}
