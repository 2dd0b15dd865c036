// Card texts for people: a tooltip with the name and the rules text of any element a renderer
// marks with data-ref="ID" (ref(el, id)), on hover with a mouse and on tap on a phone (a tap
// elsewhere closes it), in the page's language. The texts are the game's own
// (GET /api/reference/GAME, the game's optional `reference(lang)`); the shell knows no game.
import { h } from "./api.js";
import { getLang, label } from "./i18n.js";

const loaded = {};   // game -> a promise of {texts: {lang: {id: text}}, rules: {lang: text}, groups}
const values = {};   // game -> the same, once it arrived
let current = null;  // the game whose table the page shows
let shown = null;    // the element whose tooltip is open
let lastPointer = "mouse";

// Fetch a game's reference once (a game without one gets empty tables).
export async function loadReference(game) {
  if (!loaded[game]) {
    loaded[game] = fetch(`/api/reference/${encodeURIComponent(game)}`)
      .then((res) => (res.ok ? res.json() : {}))
      .catch(() => ({}))
      .then((data) => {
        values[game] = { texts: data.texts || {}, rules: data.rules || {}, groups: data.groups || {} };
        return values[game];
      });
  }
  return loaded[game];
}

// The game whose ids a data-ref names when no ancestor says otherwise (data-ref-game).
export async function useReference(game) {
  current = game;
  await loadReference(game);
}

// The text of one id in the page's language (English as a fallback), or "".
export function refText(game, id) {
  const data = values[game];
  if (!data) return "";
  const lang = getLang();
  return (data.texts[lang] && data.texts[lang][id]) || (data.texts.en && data.texts.en[id]) || "";
}

export function hasRef(id, game = current) { return Boolean(game && refText(game, id)); }

// For renderers: mark an element with the id of a card, trait or term; `name` overrides the
// display name (e.g. an edition's own name). Returns the element.
export function ref(el, id, name) {
  el.dataset.ref = String(id);
  if (name) el.dataset.refName = name;
  return el;
}

function gameOf(el) {
  const holder = el.closest("[data-ref-game]");
  return holder ? holder.dataset.refGame : current;
}

let tip = null;
function tipEl() {
  if (!tip) {
    tip = h("div.tip#tip", { role: "tooltip", hidden: true });
    document.body.append(tip);
  }
  return tip;
}

export function hideTip() {
  if (shown) shown.removeAttribute("aria-describedby");
  shown = null;
  if (tip) tip.hidden = true;
}

// Show the tooltip of a marked element: its name and its text, placed below it (above when
// there is no room) and kept inside the window.
export function showTip(el) {
  const game = gameOf(el);
  const id = el.dataset.ref;
  const text = game ? refText(game, id) : "";
  if (!text) { hideTip(); return false; }
  const box = tipEl();
  box.replaceChildren(h("b.tip-name", {}, el.dataset.refName || label(game, id)), h("div.tip-text", {}, text));
  box.dataset.ref = id;
  box.hidden = false;
  if (shown && shown !== el) shown.removeAttribute("aria-describedby");
  shown = el;
  el.setAttribute("aria-describedby", "tip");
  place(el);
  return true;
}

// Below the element (above when there is no room), inside the window.
function place(el) {
  const box = tipEl();
  const r = el.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  box.style.maxWidth = `${width}px`;
  const w = box.offsetWidth;
  const hgt = box.offsetHeight;
  const left = Math.max(8, Math.min(r.left, window.innerWidth - w - 8));
  const below = r.bottom + 6;
  const top = below + hgt > window.innerHeight - 4 && r.top - hgt - 6 > 4 ? r.top - hgt - 6 : below;
  box.style.left = `${left}px`;
  box.style.top = `${top}px`;
}

// Legal-action buttons: each gets the id of what it plays, from the action's own fields
// (a trait named by the action) or from the table element of a target the renderer marked.
export function markActions(container, legal, table) {
  const game = current;
  if (!game || !container) return;
  const byIndex = new Map((legal || []).map((item) => [String(item.index), item]));
  for (const button of container.querySelectorAll("button.act[data-index]")) {
    const item = byIndex.get(button.dataset.index);
    if (!item) continue;
    const action = item.action || {};
    const fields = Object.entries(action).filter(([k]) => k !== "type").map(([, v]) => v);
    let id = [...fields, action.type].find((v) => typeof v === "string" && refText(game, v));
    let name = null;
    if (id && table) {
      // the name the table shows for it (a renderer may name it by the game's edition)
      const shown = table.querySelector(`[data-ref="${CSS.escape(id)}"][data-ref-name]`);
      if (shown) name = shown.dataset.refName;
    }
    if (!id && table) {
      for (const [kind, target] of item.targets || []) {
        const el = table.querySelector(`[data-pick="${CSS.escape(`${kind}:${target}`)}"][data-ref]`);
        if (el && refText(game, el.dataset.ref)) { id = el.dataset.ref; name = el.dataset.refName || null; break; }
      }
    }
    if (id) ref(button, id, name);
  }
}

function marked(target) {
  return target && target.closest ? target.closest("[data-ref]") : null;
}

// Which pointer the person uses now: the last press, or a mouse that really moved (the
// browser's own boundary events after the page changed under a still pointer do not count).
document.addEventListener("pointerdown", (ev) => { lastPointer = ev.pointerType || "mouse"; }, true);
document.addEventListener("pointermove", (ev) => {
  if (ev.pointerType === "mouse" && (ev.movementX || ev.movementY)) lastPointer = "mouse";
}, true);
document.addEventListener("pointerover", (ev) => {
  if (ev.pointerType !== "mouse" || lastPointer !== "mouse") return;
  const el = marked(ev.target);
  if (el && el !== shown) showTip(el);
  else if (!el && shown && !shown.isConnected) hideTip();  // the table was drawn again
});
document.addEventListener("pointerout", (ev) => {
  if (ev.pointerType !== "mouse" || lastPointer !== "mouse" || !shown) return;
  const to = ev.relatedTarget;
  if (!to || !shown.contains(to)) hideTip();
});
// taps: capture phase, so that a pick handler that stops the click does not hide it from us
document.addEventListener("click", (ev) => {
  if (tip && tip.contains(ev.target)) { hideTip(); return; }
  const el = marked(ev.target);
  if (lastPointer === "mouse") { if (!el) hideTip(); return; }
  if (el && el !== shown) showTip(el);
  else hideTip();
}, true);
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") hideTip(); });
// keyboard: a marked element that gets the focus from the keyboard explains itself too
document.addEventListener("focusin", (ev) => {
  const el = marked(ev.target);
  if (el && el === ev.target && el.matches(":focus-visible")) showTip(el);
});
document.addEventListener("focusout", (ev) => { if (shown && ev.target === shown) hideTip(); });
// When the table is drawn again the tooltip moves to the new copy of its element (the same
// pick, else the same id), or closes when there is none.
let pending = false;
new MutationObserver(() => {
  if (!shown || shown.isConnected || pending) return;
  pending = true;
  requestAnimationFrame(() => {
    pending = false;
    if (!shown || shown.isConnected) return;
    const pick = shown.dataset.pick;
    const again = (pick && document.querySelector(`[data-pick="${CSS.escape(pick)}"][data-ref="${CSS.escape(shown.dataset.ref)}"]`))
      || document.querySelector(`#app [data-ref="${CSS.escape(shown.dataset.ref)}"]`);
    if (again) { shown = again; again.setAttribute("aria-describedby", "tip"); place(again); } else hideTip();
  });
}).observe(document.documentElement, { childList: true, subtree: true });

// the tooltip follows its element when the page scrolls (a tap may scroll it into view)
window.addEventListener("scroll", () => { if (shown && shown.isConnected) place(shown); }, { passive: true });
