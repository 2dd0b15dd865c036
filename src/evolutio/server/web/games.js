// What the shell knows of the games: the list from GET /api/games (titles, summaries,
// declared options, renderer URLs), forms generated from the declared options, room option
// summaries in words, and the loading of a game's renderer module (or generic.js).
import { api, h } from "./api.js";
import { addStrings, loadNames, localized, t } from "./i18n.js";
import { useReference } from "./tips.js";

let listing = null;
const boards = {};

// {games: [{name, title, info, options, defaults, web}], default}, fetched once. Each entry's
// `title` reads the game's title in the page's language (`info.titles`) whenever it is read,
// so every page that shows it follows a language switch.
export async function loadGames() {
  if (!listing) {
    listing = api("/api/games").then((data) => {
      for (const g of data.games || []) {
        const base = g.title;
        Object.defineProperty(g, "title", { get: () => localized(g.info && g.info.titles, base || g.name),
          enumerable: true, configurable: true });
      }
      return data;
    }).catch((e) => { listing = null; throw e; });
  }
  return listing;
}

export async function gameEntry(name) {
  const data = await loadGames();
  return data.games.find((g) => g.name === name) || null;
}

// A game's renderer module: its own index.js when the server serves one, else generic.js.
// Its words join i18n under the game's name and its stylesheet is linked once.
export async function loadBoard(game) {
  if (boards[game]) { await useReference(game); return boards[game]; }
  let entry = null;
  try { entry = await gameEntry(game); } catch { entry = null; }
  const url = entry && entry.web ? entry.web : "/static/generic.js";
  let board;
  try { board = await import(url); } catch (e) {
    console.error(`renderer ${url}: ${e}`);
    board = await import("/static/generic.js");
  }
  addStrings(game, board.strings);
  if (board.css && !document.querySelector(`link[data-game="${CSS.escape(game)}"]`)) {
    const href = new URL(board.css, new URL(url, location.href)).pathname;
    document.head.append(h("link", { rel: "stylesheet", href, dataset: { game } }));
  }
  await Promise.all([loadNames(game), useReference(game)]);
  boards[game] = { module: board, entry };
  return boards[game];
}

// An option value as the /option chat command reads it: multi "a,b", bool "true"/"false".
export function formatOption(spec, value) {
  if (spec.kind === "multi") return (value || []).join(",");
  if (spec.kind === "bool") return value ? "true" : "false";
  return String(value);
}

export function optionLabel(spec) { return localized(spec.label, spec.name); }

export function choiceLabel(spec, choice) {
  return localized((spec.choice_labels || {})[String(choice)], String(choice));
}

// One control per declared option: int -> number input (low..high), bool -> checkbox,
// choice -> select, multi -> checkboxes with the required ones checked and disabled.
// Ids are `${prefix}NAME` (multi: `${prefix}NAME-CHOICE`); onChange(spec, value) gets the
// new value in canonical form, on every keystroke in a number when `live` (a form read
// later), else once the number is changed (a control that sends it at once).
export function optionControls(specs, values, prefix, onChange, live = false) {
  return specs.map((spec) => {
    const value = values[spec.name] ?? spec.default;
    const title = localized(spec.help, "") || null;
    const id = `${prefix}${spec.name}`;
    if (spec.kind === "int") {
      return h("label.option", { title }, `${optionLabel(spec)} `, h(`input#${id}`, {
        type: "number", min: spec.low ?? undefined, max: spec.high ?? undefined, value, style: "width:4.5em",
        dataset: { option: spec.name },
        [live ? "oninput" : "onchange"]: (ev) => onChange(spec, Number(ev.target.value)) }));
    }
    if (spec.kind === "bool") {
      return h("label.option", { title }, h(`input#${id}`, { type: "checkbox", checked: Boolean(value),
        dataset: { option: spec.name },
        onchange: (ev) => onChange(spec, ev.target.checked) }), ` ${optionLabel(spec)}`);
    }
    if (spec.kind === "choice") {
      return h("label.option", { title }, `${optionLabel(spec)} `, h(`select#${id}`, {
        dataset: { option: spec.name },
        onchange: (ev) => onChange(spec, spec.choices[Number(ev.target.value)]) },
      spec.choices.map((c, i) => h("option", { value: i, selected: c === value }, choiceLabel(spec, c)))));
    }
    const chosen = new Set(value || []);
    const required = new Set(spec.required || []);
    // the value is read from the boxes as they stand at each change, so every ticked choice
    // is kept (a form drawn once and ticked several times, or one the server redraws)
    const group = h(`span.option.multi#${id}`, { title, dataset: { option: spec.name } }, `${optionLabel(spec)}: `,
      spec.choices.map((c) => h("label", {}, h(`input#${id}-${c}`, {
        type: "checkbox", value: c, checked: chosen.has(c) || required.has(c), disabled: required.has(c),
        dataset: { choice: c },
        onchange: () => {
          const ticked = new Set([...group.querySelectorAll("input[type=checkbox]")]
            .filter((box) => box.checked).map((box) => box.dataset.choice));
          onChange(spec, spec.choices.filter((x) => ticked.has(String(x)) || required.has(x)));
        } }), ` ${choiceLabel(spec, c)}`)));
    return group;
  });
}

// A room's options in words, from the game's declared options (the seat count is shown
// elsewhere); a renderer's optionsSummary(options, t) replaces this when it has one.
export function optionsText(entry, options, clock) {
  const o = options || {};
  const board = entry && boards[entry.name];
  let parts;
  if (board && board.module.optionsSummary) {
    parts = [board.module.optionsSummary(o, (key) => t(key, entry.name))];
  } else if (entry) {
    parts = (entry.options || []).filter((spec) => !spec.seats && o[spec.name] !== undefined).map((spec) => {
      const v = o[spec.name];
      if (spec.kind === "bool") return v ? optionLabel(spec) : null;
      if (spec.kind === "multi") return v.map((c) => choiceLabel(spec, c)).join(" + ");
      if (spec.kind === "choice") return `${optionLabel(spec)} ${choiceLabel(spec, v)}`;
      return `${optionLabel(spec)} ${v}`;
    });
  } else {
    parts = Object.entries(o).map(([k, v]) => `${k} ${Array.isArray(v) ? v.join("+") : v}`);
  }
  // the time control: a text (clocks.js's timingText) or seconds per decision
  const time = typeof clock === "string" ? clock : clock ? `${clock}${t("seconds")}` : null;
  return [...parts, time].filter(Boolean).join(" · ");
}

// (an entry's `title` already reads the page's language: loadGames)
export function gameTitle(entry, name) { return entry ? entry.title : name; }
export function gameSummary(entry) { return entry ? localized(entry.info && entry.info.summary, "") : ""; }
