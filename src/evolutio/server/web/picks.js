// The pick mechanism, the same for every game: each legal action carries `targets`
// ([[kind, id], ...], from the game's action_targets); a renderer marks the things a player
// may click with data-pick="kind:id" (api.js pickable). Clicking one narrows the legal actions
// to those naming every picked thing; the things the remaining actions name are highlighted;
// once one action is left and every thing it names is picked, it is played. A long list is
// shown grouped by the thing each action names first (pick the card, then the place). A
// click on a thing that no action can use asks the server why ("why" frame) and shows the
// answer next to it. See docs/web.md.
import { h } from "./api.js";
import { addStrings, t } from "./i18n.js";

addStrings("picks", {
  en: { choices: "choices", moves: "Moves" },
  ru: { choices: "вариантов", moves: "Ходы" },
  it: { choices: "scelte", moves: "Mosse" },
  de: { choices: "Möglichkeiten", moves: "Züge" },
});

// more buttons than this, and nothing picked yet: group them by the thing they name first
export const GROUP_AT = 8;

const key = (kind, id) => `${kind}:${id}`;

// Does the legal action name every picked thing?
export function matches(item, picks) {
  const named = new Set((item.targets || []).map(([kind, id]) => key(kind, id)));
  return picks.every((p) => named.has(key(p.kind, p.id)));
}

// Every "kind:id" the given legal actions name.
export function mentioned(items) {
  const out = new Set();
  for (const item of items) for (const [kind, id] of item.targets || []) out.add(key(kind, id));
  return out;
}

// The action to play once the picks leave exactly one and name everything it points at. One
// pick alone never plays (a tap on a card also shows its text: the card and a target do), nor
// does an action that ends a phase (it asks for its confirming click).
export function settled(candidates, picks) {
  if (candidates.length !== 1 || picks.length < 2) return null;
  const chosen = new Set(picks.map((p) => key(p.kind, p.id)));
  const item = candidates[0];
  if (item.confirm) return null;
  return (item.targets || []).every(([kind, id]) => chosen.has(key(kind, id))) ? item : null;
}

// The buttons to show: the actions themselves, or, for a long list with nothing picked, one
// button per thing named first ({group, kind, id, items}); actions naming nothing stay as they are.
export function grouped(candidates, picks) {
  if (picks.length || candidates.length <= GROUP_AT) return candidates.map((item) => ({ item }));
  const order = [];
  const groups = new Map();
  for (const item of candidates) {
    const first = (item.targets || [])[0];
    if (!first) { order.push({ item }); continue; }
    const k = key(first[0], first[1]);
    if (!groups.has(k)) { const g = { group: k, kind: first[0], id: first[1], items: [] }; groups.set(k, g); order.push(g); }
    groups.get(k).items.push(item);
  }
  if (groups.size === candidates.length) return candidates.map((item) => ({ item }));
  // a group of one is its action; actions naming nothing (pass, end) go last
  const out = order.map((g) => (g.items && g.items.length === 1 ? { item: g.items[0] } : g));
  return [...out.filter((x) => x.group || (x.item.targets || []).length), ...out.filter((x) => !x.group && !(x.item.targets || []).length)];
}

// The name of a thing on the table, as its renderer shows it.
export function pickName(root, kind, id) {
  const el = root && root.querySelector(`[data-pick="${CSS.escape(key(kind, id))}"]`);
  if (!el) return String(id);
  const name = el.dataset.pickName || el.getAttribute("aria-label") || el.textContent || "";
  const text = name.replace(/\s+/g, " ").trim();
  return text.length > 48 ? `${text.slice(0, 47)}…` : text || String(id);
}

// Is one of the things the action names, not picked yet, drawn on the table? Then the player
// plays it there (the thing, then the next) and it needs no button of its own.
export function onTable(root, item, picks) {
  const chosen = new Set(picks.map((p) => key(p.kind, p.id)));
  return (item.targets || []).some(([kind, id]) => !chosen.has(key(kind, id))
    && Boolean(root && root.querySelector(`[data-pick="${CSS.escape(key(kind, id))}"]`)));
}

// The buttons of the decision (in `#legal`, marked `.grouped` when grouped): each action
// plays it (`play(item)`, or the button `actButton(item)` makes); a group picks its thing;
// `ends` (actions that end a phase) sit apart at the end, in `#legal-end`. With `onlyOff`
// (the table-first layout) an action played by picking things on the table gets no button:
// only what has no object there (pass, end, a defence choice, what the picks completed).
export function buttons(candidates, picks, root, ctx, play, actButton = null, ends = [], onlyOff = false) {
  const shown = onlyOff ? candidates.filter((item) => !onTable(root, item, picks)) : candidates;
  // two groups that read the same and offer the same choices are one (two equal cards); the
  // one shown keeps the others' keys (`data-also`), so that a hint naming either finds it
  const same = new Map();
  const entries = (onlyOff ? shown.map((item) => ({ item })) : grouped(shown, picks)).filter((entry) => {
    if (!entry.group) return true;
    const k = [pickName(root, entry.kind, entry.id), ...entry.items.map((i) => i.text).sort()].join("\n");
    const kept = same.get(k);
    if (kept) { kept.also.push(entry.group); return false; }
    entry.also = [];
    same.set(k, entry);
    return true;
  });
  const button = actButton || ((item) => h("button.act", { dataset: { index: item.index },
    title: item.notation, onclick: () => play(item) }, item.text));
  const legal = h("div.legal#legal", { role: "group", "aria-label": t("moves", "picks") });
  if (entries.some((entry) => entry.group)) legal.classList.add("grouped");
  legal.append(...entries.map((entry) => entry.group
    ? h("button.pick-group", { dataset: { group: entry.group, also: entry.also.join(" ") }, title: entry.items.map((i) => i.text).join("\n"),
      onclick: () => ctx.pick(entry.kind, entry.id) }, h("span.group-name", {}, pickName(root, entry.kind, entry.id)), " ",
      h("span.muted", {}, `${t("choices", "picks")}: ${entry.items.length}`))
    : button(entry.item)));
  const endShown = onlyOff ? ends.filter((item) => !onTable(root, item, picks)) : ends;
  if (endShown.length) legal.append(h("div.legal-end#legal-end", {}, endShown.map(button)));
  return legal;
}

// The things the hinted action names, marked on the table (`.hinted`, in pick order), so
// the hint points at the card and the animal rather than at a line of text.
export function markHinted(root, item) {
  for (const old of root.querySelectorAll(".hinted")) old.classList.remove("hinted");
  if (!item) return [];
  const marked = [];
  for (const [kind, id] of item.targets || []) {
    const el = root.querySelector(`[data-pick="${CSS.escape(key(kind, id))}"]`);
    if (el) { el.classList.add("hinted"); marked.push(el); }
  }
  return marked;
}

// The pick part of a renderer's ctx: picked(kind, id), hot(kind, id), pick(kind, id) or null,
// and why(kind, id) (or null) for things that cannot be used. With the legal actions,
// `dropsAfter(kind, id)` tells which things a dragged thing may be dropped on (those the
// actions still possible after picking it name), for drag and drop.
export function pickContext(picks, hotKeys, onPick, onWhy = null, legal = null) {
  const chosen = new Set(picks.map((p) => key(p.kind, p.id)));
  const dropsAfter = legal ? (kind, id) => {
    const next = [...picks, { kind, id }];
    const out = mentioned(legal.filter((item) => matches(item, next)));
    for (const p of next) out.delete(key(p.kind, p.id));
    return out;
  } : null;
  return {
    picked: (kind, id) => chosen.has(key(kind, id)),
    hot: (kind, id) => hotKeys.has(key(kind, id)) && !chosen.has(key(kind, id)),
    pick: onPick,
    why: onWhy,
    dropsAfter,
  };
}

// Drag and drop: a thing that may be picked can be dragged onto a thing the actions possible
// after picking it name; the drop picks both (the card, then the animal), as two taps would.
function dragAndDrop(root, el, kind, id, ctx, all) {
  if (!ctx.dropsAfter || !ctx.pick) return;
  el.draggable = true;
  el.addEventListener("dragstart", (ev) => {
    const drops = ctx.dropsAfter(kind, id);
    if (!drops.size) { ev.preventDefault(); return; }
    root.dataset.dragging = key(kind, id);
    ev.dataTransfer.effectAllowed = "move";
    ev.dataTransfer.setData("text/plain", key(kind, id));
    for (const other of all) if (drops.has(other.dataset.pick)) other.classList.add("drop-ok");
  });
  el.addEventListener("dragend", () => {
    delete root.dataset.dragging;
    for (const other of root.querySelectorAll(".drop-ok, .drop-over")) other.classList.remove("drop-ok", "drop-over");
  });
}

function dropTarget(root, el, kind, id, ctx) {
  if (!ctx.dropsAfter || !ctx.pick) return;
  el.addEventListener("dragover", (ev) => {
    if (!el.classList.contains("drop-ok")) return;
    ev.preventDefault();
    ev.stopPropagation();
    ev.dataTransfer.dropEffect = "move";
    el.classList.add("drop-over");
  });
  el.addEventListener("dragleave", () => el.classList.remove("drop-over"));
  el.addEventListener("drop", (ev) => {
    if (!el.classList.contains("drop-ok")) return;
    ev.preventDefault();
    ev.stopPropagation();
    const from = root.dataset.dragging || ev.dataTransfer.getData("text/plain");
    delete root.dataset.dragging;
    if (!from) return;
    const at = from.indexOf(":");
    const raw = from.slice(at + 1);
    const fromId = /^-?\d+$/.test(raw) ? Number(raw) : raw;
    if (!ctx.picked(from.slice(0, at), fromId)) ctx.pick(from.slice(0, at), fromId);
    ctx.pick(kind, id);
  });
}

// Highlight and wire the elements a renderer marked with data-pick (the root included).
export function decorate(root, ctx) {
  const marked = [...root.querySelectorAll("[data-pick]")];
  if (root.dataset && root.dataset.pick) marked.unshift(root);
  for (const el of marked) {
    const at = el.dataset.pick.indexOf(":");
    const kind = el.dataset.pick.slice(0, at);
    const raw = el.dataset.pick.slice(at + 1);
    const id = /^-?\d+$/.test(raw) ? Number(raw) : raw;
    const picked = ctx.picked(kind, id);
    const hot = ctx.hot(kind, id);
    dropTarget(root, el, kind, id, ctx);
    if (picked) el.classList.add("selected");
    else if (hot) el.classList.add("clickable");
    if (ctx.pick && (picked || hot)) {
      // a thing to act on is a button for the keyboard and for screen readers too
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      el.setAttribute("aria-pressed", picked ? "true" : "false");
      if (!el.hasAttribute("aria-label")) el.setAttribute("aria-label", el.dataset.pickName || pickName(root, kind, id));
      el.addEventListener("click", (ev) => { ev.stopPropagation(); ctx.pick(kind, id); });
      el.addEventListener("keydown", (ev) => {
        if (ev.target !== el || (ev.key !== "Enter" && ev.key !== " ")) return;
        ev.preventDefault(); ev.stopPropagation(); ctx.pick(kind, id);
      });
      if (hot) dragAndDrop(root, el, kind, id, ctx, marked);
    } else if (ctx.why) {
      el.classList.add("why-able");
      el.addEventListener("click", (ev) => {
        // inside a thing that can be picked (a trait chip on a hot animal): that one answers
        if (el.parentElement && el.parentElement.closest(".clickable, .selected")) return;
        ev.stopPropagation();
        ctx.why(kind, id);
      });
    }
  }
  return root;
}

// The targets of a "why" question: what is picked, then the thing clicked.
export function whyTargets(picks, kind, id) {
  return [...picks.filter((p) => !(p.kind === kind && String(p.id) === String(id))).map((p) => [p.kind, p.id]), [kind, id]];
}

// Show the server's answer to a "why" frame next to the thing asked about (the last target).
export function showWhy(root, message) {
  for (const old of root.querySelectorAll(".why-note")) old.remove();
  const last = (message.targets || [])[message.targets.length - 1];
  const el = last && root.querySelector(`[data-pick="${CSS.escape(key(last[0], last[1]))}"]`);
  const note = h(`div.why-note${message.ok ? ".ok" : ""}#why-note`, { role: "status" }, message.text);
  if (el) el.append(note); else root.prepend(note);
  setTimeout(() => note.remove(), 8000);
  return note;
}
