// The cards still to draw in one step (the game's draw_split action): a number per deck,
// then confirm, proposing the split that evens the hand (evenSmall). The form knows no rules:
// the counts it offers are those the legal actions name (targets "draw_small:N" and
// "draw_large:M"), and confirming picks both, which plays the one action that names them (the
// shell's pick mechanism, docs/web.md).
import { h } from "/static/api.js";
import { gi } from "./figure.js";

// The small cards the form proposes out of the `left` still to draw: those that leave the hand
// as even between small and large cards as can be, as the game's bots draw (its heuristic) and
// so the hint's shortlist; of two as even, the one with more small cards. An empty hand splits
// `left` in half; four small cards held and six to draw propose 1 small and 5 large.
export function evenSmall(view, seat, left) {
  const me = (view.players || []).find((p) => p.seat === seat) || {};
  const large = me.hand_large || 0;
  const small = (me.hand_size || 0) - large;
  return Math.ceil((left + large - small) / 2);
}

// The form, or null when the viewer is not drawing now or no split is legal.
export function splitForm(view, ctx) {
  const { t } = ctx;
  const d = view.decision;
  if (!ctx.pick || !ctx.hot || !d || d.kind !== "draw" || !(d.seats || []).includes(ctx.mySeat)
    || !Array.isArray(d.progress)) return null;
  const left = d.progress[1] - d.progress[0];
  const counts = [];
  for (let s = 0; s <= left; s += 1) {
    if (ctx.hot("draw_small", s) && ctx.hot("draw_large", left - s)) counts.push(s);
  }
  if (left < 2 || !counts.length) return null;
  const low = counts[0];
  const high = counts[counts.length - 1];
  const clamp = (n) => Math.min(high, Math.max(low, Number.isFinite(n) ? Math.round(n) : low));
  const even = clamp(evenSmall(view, ctx.mySeat, left));
  const small = h("input#split-small", { type: "number", min: String(low), max: String(high), step: "1",
    value: String(even), "aria-label": t("deck_small") });
  const large = h("input#split-large", { type: "number", min: String(left - high), max: String(left - low), step: "1",
    value: String(left - even), "aria-label": t("deck_large") });
  const settle = (s) => { small.value = String(s); large.value = String(left - s); };
  small.addEventListener("input", () => { large.value = String(left - clamp(Number(small.value))); });
  large.addEventListener("input", () => { small.value = String(clamp(left - Number(large.value))); });
  // once typed, both show what confirming would draw
  small.addEventListener("change", () => settle(clamp(Number(small.value))));
  large.addEventListener("change", () => settle(clamp(left - Number(large.value))));
  const confirm = () => {
    const s = clamp(Number(small.value));
    if (!counts.includes(s)) return;
    // earlier picks of other counts would leave no action: put them down first
    for (let n = 0; n <= left; n += 1) {
      if (n !== s && ctx.picked("draw_small", n)) ctx.pick("draw_small", n);
      if (n !== left - s && ctx.picked("draw_large", n)) ctx.pick("draw_large", n);
    }
    if (!ctx.picked("draw_small", s)) ctx.pick("draw_small", s);
    if (!ctx.picked("draw_large", left - s)) ctx.pick("draw_large", left - s);
  };
  return h("section.draw-split#draw-split", { "aria-label": t("split_title") },
    h("h4", {}, gi("hand"), t("split_title"), h("span.count", {}, ` (${left})`)),
    h("div.split-row", {},
      h("label.split-deck", {}, h("span", {}, t("deck_small")), small),
      h("label.split-deck", {}, h("span", {}, t("deck_large")), large),
      h("button.act#split-confirm", { type: "button", onclick: confirm }, t("split_confirm"))));
}
