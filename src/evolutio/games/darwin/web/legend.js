// Darwin's Choice legend: every symbol of the table with its icon, name and a short text (the
// game's reference text where there is one, else the renderer's words), one tap away.
import { legend } from "/static/draw.js";
import { refText } from "/static/tips.js";
import { gi } from "./figure.js";

// [icon id, name id (a label of the game, else a word of ours), text id (reference or ours)]
const ITEMS = [
  ["hearts", "hearts"], ["cs", "cs"], ["adaptation", "adaptation"], ["dp", "dp"],
  ["best", "best_adapted", "best_text"], ["plants", "plants"], ["meat", "meat"],
  ["run", "run"], ["swim", "swim"], ["fly", "fly"], ["climb", "climb"], ["cold", "cold"],
  ["heat", "heat"], ["dig", "dig"], ["poison", "poison"],
  ["herbivore", "herbivore"], ["carnivore", "carnivore"], ["omnivore", "omnivore"],
  ["head", "head"], ["torso", "torso"], ["legs", "legs"], ["leg", "leg"], ["wing", "wing"],
  ["tail", "tail"],
  ["deck-small", "deck_small", "deck_small_text"], ["deck-large", "deck_large", "deck_large_text"],
  ["requires", "requires"], ["forbidden", "forbidden"], ["habitat", "habitat_word", "habitat_text"],
  ["era", "era"], ["event", "event"], ["volcano", "volcano"],
  ["acted", "acted", "acted_text"], ["unfit", "unfit", "unfit_text"], ["passed", "passed", "passed_text"],
];

function word(ctx, id) {
  const own = ctx.t(id);
  if (own !== id) return own;
  const label = ctx.label(id);
  return label && label !== id ? label.charAt(0).toUpperCase() + label.slice(1) : id;
}

export function legendEl(ctx) {
  const items = ITEMS.map(([icon, name, text]) => {
    const nameWord = ctx.label(name) !== name ? ctx.label(name) : ctx.t(name);
    const body = refText("darwin", text || name) || (text ? ctx.t(text) : "");
    return { icon: gi(icon), name: nameWord.charAt(0).toUpperCase() + nameWord.slice(1), text: body };
  });
  return legend(word(ctx, "legend"), items, "darwin-legend");
}
