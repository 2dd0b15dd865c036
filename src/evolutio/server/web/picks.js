// The pick mechanism, the same for every game: each legal action carries `targets`
// ([[kind, id], ...], from the game's action_targets); a renderer marks the things a player
// may click with data-pick="kind:id". Clicking one narrows the legal actions to those naming
// every picked thing; the things the remaining actions name are highlighted.

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

// The pick part of a renderer's ctx: picked(kind, id), hot(kind, id), pick(kind, id) or null.
export function pickContext(picks, hotKeys, onPick) {
  const chosen = new Set(picks.map((p) => key(p.kind, p.id)));
  return {
    picked: (kind, id) => chosen.has(key(kind, id)),
    hot: (kind, id) => hotKeys.has(key(kind, id)) && !chosen.has(key(kind, id)),
    pick: onPick,
  };
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
    if (picked) el.classList.add("selected");
    else if (hot) el.classList.add("clickable");
    if (ctx.pick && (picked || hot)) {
      el.addEventListener("click", (ev) => { ev.stopPropagation(); ctx.pick(kind, id); });
    }
  }
  return root;
}
