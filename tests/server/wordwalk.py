"""Walks every text people read, in every client language, for test_server_words.py.

Each walker yields ``Text(where, lang, text, en)``: a text in ``lang`` and the English text in
the same place (the same key, the same event, the same view), so that a word left in English
can be found by comparison, not only by a list of English words.

A word counts as English when it is
- in Russian: any word in Latin letters (the client's Russian is all Cyrillic);
- in Italian and German: a word of :data:`ENGLISH` (words that are English and neither
  Italian nor German); and a whole text equal to the English one is a text left untranslated,
  unless the language says it so too (:data:`SAME`: "Chat", "Lobby", "Standard").

Left aside, in every language (:data:`NAMES` and :func:`plain`): people's and publishers'
names, ids on the table (A3, S1, H2, #4, card ids), numbers and units (min), placeholders,
what a person types (``/option deck``, ``players=3``, ``clock:`` at the start of a help line,
a room game's option names and values in its help and refusals) and the notation of moves,
which is a typed language of its own.
"""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from evolutio.core.game import decision_prompt, describe_choice
from evolutio.core.match import Match
from evolutio.core.registry import get_game

LANGS = ("ru", "it", "de")
GAMES = ("evolution", "northstar", "darwin", "toy")
SEATS = ["Ann", "Bob", "Cid", "Dora"]
SRC = Path(__file__).resolve().parents[2] / "src" / "evolutio"

def _listed(text: str) -> frozenset[str]:
    """The words of a list written as text."""
    return frozenset(text.split())


#: names that stay as they are in every language: people and publishers, places of the
#: Continents expansion's map, the platform, a university course; and the technical names a
#: program reads (file formats, HTTP headers, keys) that a few refusals of the protocol name
NAMES = _listed("""
    Ann Bob Cid Dora Knorre Machin North Star Games Schmidt BrettspielWelt Darwin Darwin's
    Evolution evolutio CS4500 Gondwana Laurasia Trick Elo
    UTF JSON Unicode NUL Content Type application json Origin Sec Fetch Site Tab Enter
""")

#: what a person or a program types, named in refusals and help: time options, values,
#: protocol message types and fields (the game options are typed as "/option NAME")
TYPED = _listed("""
    clock bank increment days true false on off private
    act undo chat resync ping why type text index action version offset limit targets target id
    queue leave null bots preset pace
""")

#: English words that are neither Italian nor German (checked in it and de texts)
ENGLISH = _listed("""
    the of and you your yours with for from this that these those are were been will would
    should could they their them there here what which who whom when where why how not yes
    any some each every other another more less card cards player players species food fat
    body size trait traits round rounds turn turns draw pile hands score scores points
    passes play plays played attack eat eats eaten choose chooses chosen take takes took new
    old game games rules seat seats waiting wait clock time days move moves back face down
    left right first last next previous winner winners place feeding watering hole meat
    plant plants event market adaptations strength hearts run climb fly swim dig
""")

#: whole texts Italian or German write as English does
SAME = {
    "it": frozenset({"Chat", "Password", "Bot", "bot", "Orca", "Cobra", "Zebra", "Koala", "Bongo",
                     "Yak", "Era", "Habitat", "Standard", "Trematode", "Fertile", "torso",
                     "Armadillo", "Taiga", "Tundra", "no", "Darwin's Choice"}),
    "de": frozenset({"online", "offline",
                     "Lobby", "Name", "Chat", "Bot", "bot", "Phase", "Population", "Standard",
                     "Habitat", "Wolf", "Tiger", "Leopard", "Bison", "Bongo", "Zebra", "Koala",
                     "Orca", "Yak", "Gecko", "Flamingo", "Dugong", "normal", "Regeneration",
                     "Start", "Link", "Degeneration", "Hand", "Bots", "Migration",
                     "Metamorphose", "Giraffe", "Steppe", "Taiga", "Tundra", "Darwin's Choice",
                     "Median"}),
}

_SKIP = [
    re.compile(r"\$\{[^}]*\}"),          # JS template fields
    re.compile(r"\{[^{}]*\}"),           # placeholders, counted ones too ({n:a|b})
    re.compile(r"https?://\S+"),
    re.compile(r"/option [a-z_]+"),      # an option typed: /option deck
    re.compile(r"/[a-z_]+"),             # a command or a path typed: /help, /rules/darwin
    re.compile(r"'[a-z_]+'"),            # a field of the protocol: 'index'
    re.compile(r"\b[a-z_]+=\S+"),        # an option typed: players=3
    re.compile(r"(?m)^(• )?[a-z_]+:"),   # the name a help line starts with: "• clock: ..."
    re.compile(r"\b[A-Z]{1,2}\d+\b"),    # ids on the table: A3, S1, H2
    re.compile(r"#\d+"),
    re.compile(r"\b\d+[a-z]{0,3}\b"),    # numbers and units typed: 5m, 1h, 30s
]
_WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ]+(?:'[A-Za-z]+)?\d*")
_LATIN = re.compile(r"[A-Za-z]")


@dataclass(frozen=True)
class Text:
    where: str
    lang: str
    text: str
    en: str
    typed: frozenset[str] = frozenset()


def plain(text: str) -> str:
    """The text without what is not words to check (placeholders, ids, typed syntax)."""
    for pattern in _SKIP:
        text = pattern.sub(" ", text)
    return text


def english(item: Text) -> list[str]:
    """The words of ``item`` left in English (the module's docstring says how they count)."""
    words = [w for w in _WORD.findall(plain(item.text))
             if w not in NAMES and w not in TYPED and w not in item.typed]
    if item.lang == "ru":
        return [w for w in words if _LATIN.search(w) and len(w) > 1]
    words = [w for w in words if len(w) > 1 and w != "min"]
    left = [w for w in words if w.lower() in ENGLISH]
    same = item.text.strip() == item.en.strip() and item.text.strip() not in SAME[item.lang]
    return left or ([item.text.strip()] if same and words else [])


# -- the server's sentences and the shell's and renderers' string tables ----------------------

def server_texts() -> Iterator[Text]:
    from evolutio.server.texts import table

    for key, texts in table().items():
        for lang in LANGS:
            yield Text(f"server texts [{key}]", lang, texts[lang], texts["en"])


_BLOCK = re.compile(r"\b(en|ru|it|de):\s*\{")
_PAIR = re.compile(r'(?:"([\w-]+)"|\b(\w+)):\s*"((?:[^"\\]|\\.)*)"')


_ESCAPE = re.compile(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)")
_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def js_string(body: str) -> str:
    """A double-quoted JS string's text as the browser reads it: ``\\u00ad`` (a soft hyphen)
    is one character, not the letters "u00ad"."""
    def one(m: re.Match[str]) -> str:
        code = m.group(1)
        if code[0] in "ux" and len(code) > 1:
            return chr(int(code[1:].strip("{}"), 16))
        return _SIMPLE.get(code, code)

    return _ESCAPE.sub(one, body)


def js_tables(path: Path) -> list[dict[str, dict[str, str]]]:
    """The string tables of a JS file: ``{lang: {key: text}}`` per table, a table being an
    ``en: {...}`` block and the language blocks after it."""
    source = path.read_text(encoding="utf-8")
    tables: list[dict[str, dict[str, str]]] = []
    for found in _BLOCK.finditer(source):
        depth, at = 1, found.end()
        while depth and at < len(source):
            ch = source[at]
            if ch in "\"'`":
                at += 1
                while source[at] != ch:
                    at += 2 if source[at] == "\\" else 1
            depth += {"{": 1, "}": -1}.get(ch, 0)
            at += 1
        body = source[found.end():at - 1]
        pairs = {(m.group(1) or m.group(2)): js_string(m.group(3)) for m in _PAIR.finditer(body)}
        if found.group(1) == "en" or not tables:
            tables.append({})
        tables[-1][found.group(1)] = pairs
    return tables


def js_files() -> list[Path]:
    return sorted([*(SRC / "server" / "web").glob("*.js"), *(SRC / "games").glob("*/web/*.js")])


def js_texts() -> Iterator[Text]:
    for path in js_files():
        for table in js_tables(path):
            en = table.get("en", {})
            for lang in LANGS:
                for key, text in table.get(lang, {}).items():
                    where = f"{path.relative_to(SRC)} {lang}.{key}"
                    yield Text(where, lang, text, en.get(key, ""))


def server_said() -> Iterator[Text]:
    """What the server composes for each game's room: /help, an unknown option's refusal, a
    bad value's, the option values people read (their names and values are typed)."""
    from evolutio.core.common import OptionError
    from evolutio.server import commands

    for name in GAMES:
        game = get_game(name)
        room: Any = SimpleNamespace(game=game)  # what /help and the refusals read of a room
        specs = game.options_spec()
        # option names and values, bot levels, and what the refusals echo of the typed line
        typed = frozenset(word for spec in specs for value in (spec.name, *spec.choices)
                          for word in re.split(r"[_\W]+", str(value)) if word) | {
            *commands.BOT_LEVELS, "colour", "dragons"}
        refusals = [commands.RoomError("bad_option", "unknown_option", name="colour",
                                       names=commands.option_names(room))]
        for spec in specs:
            if spec.kind in ("choice", "multi"):
                try:
                    spec.parse("dragons")
                except OptionError as exc:
                    refusals.append(commands.option_refusal(exc, spec))
        for lang in LANGS:
            yield Text(f"{name} /help", lang, commands.help_text(room, lang),
                       commands.help_text(room, "en"), typed)
            for error in refusals:
                yield Text(f"{name} refusal {error.key}", lang, error.text(lang),
                           error.text("en"), typed)
            for spec in specs:
                yield Text(f"{name} value of {spec.name}", lang,
                           commands.option_value(spec, spec.default, lang),
                           commands.option_value(spec, spec.default, "en"), typed)


# -- each game: what it declares and what it says while played --------------------------------

def declared(name: str) -> Iterator[Text]:
    """Titles, summaries, tallies, options (labels, help, values), labels, reference, rules."""
    game = get_game(name)
    info = game.info

    def pair(where: str, texts: Any, lang: str) -> Text:
        return Text(f"{name} {where}", lang, texts.get(lang, ""), texts.get("en", ""))

    for lang in LANGS:
        for where, texts in (("title", info.titles), ("summary", info.summary),
                             ("notes", info.notes)):
            yield pair(where, texts, lang)
        for tally in info.tallies:
            yield pair(f"tally {tally.name}", tally.label, lang)
        for spec in game.options_spec():
            yield pair(f"option {spec.name}", spec.label, lang)
            if spec.help:
                yield pair(f"option {spec.name} help", spec.help, lang)
            for choice in spec.choices:
                if spec.kind in ("choice", "multi") and not isinstance(choice, int):
                    yield Text(f"{name} option {spec.name}={choice}", lang,
                               spec.choice_text(choice, lang), spec.choice_text(choice))
        labels, en_labels = game.labels(lang), game.labels("en")
        for key, text in labels.items():
            yield Text(f"{name} label {key}", lang, text, en_labels.get(key, ""))
        ref, en_ref = game.reference(lang), game.reference("en")
        for key, text in ref.items():
            yield Text(f"{name} reference {key}", lang, text, en_ref.get(key, ""))
        yield Text(f"{name} rules overview", lang, game.overview(lang), game.overview("en"))


def played(name: str, seeds: range = range(3)) -> Iterator[Text]:
    """What a game says while played by random moves: prompts, choices, the log, the end."""
    game = get_game(name)
    # North Star's Climate edition is played once more beside its own seeds
    extra: list[tuple[int, dict[str, Any]]] = (
        [(seeds[0], {"edition": "climate"})] if name == "northstar" and len(seeds) else [])
    for seed, more in [(seed, {}) for seed in seeds] + extra:
        spec = next(s for s in game.options_spec() if s.seats)
        players = min(spec.high or 3, 3)
        options: dict[str, Any] = {spec.name: players, **more}
        if name == "evolution":
            options["expansions"] = next(s for s in game.options_spec()
                                         if s.name == "expansions").choices
        match = Match.new(name, options, seed)
        rng = random.Random(seed)
        names = SEATS[:players]
        for _ in range(600):
            decision = match.decision
            if decision is None:
                break
            seat = decision.seats[0]
            actions = match.legal(seat)
            said = {lang: [decision_prompt(game, match.state, decision, lang),
                           *(describe_choice(game, match.state, a, lang) for a in actions[:6])]
                    for lang in ("en", *LANGS)}
            action = rng.choice(actions)
            for lang in ("en", *LANGS):
                said[lang].append(game.describe_action(match.state, action, lang))
            for event in match.act(seat, action):
                for lang in ("en", *LANGS):
                    said[lang].append(game.describe_event(event, lang, names,
                                                          options=match.record.options))
            for lang in LANGS:
                for text, en in zip(said[lang], said["en"], strict=True):
                    yield Text(f"{name} seed {seed} v{match.version}", lang, text, en)
        if match.outcome() is not None:
            board = game.scoreboard(match.state)
            for lang in LANGS:
                labels = game.labels(lang)
                for part in (board.parts[0] if board else ()):
                    yield Text(f"{name} score part {part[0]}", lang, labels.get(part[0], ""),
                               game.labels("en").get(part[0], ""))


def terminal(name: str) -> Iterator[Text]:
    """The terminal's table of a game in its first position, drawn in each language."""
    from rich.console import Console

    from evolutio.cli.render import render_view

    game = get_game(name)
    match = Match.new(name, {}, 1)
    seats = game.normalize_options({})
    count = next(seats[s.name] for s in game.options_spec() if s.seats)

    def drawn(lang: str) -> str:
        console = Console(width=160, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        console.print(render_view(game, match.view(0), SEATS[:count], lang))
        return console.export_text()

    en = drawn("en")
    for lang in LANGS:
        yield Text(f"{name} terminal table", lang, drawn(lang), en)


def game_plurals() -> Iterator[tuple[str, str, list[str]]]:
    """Every plural table of the games' sentence files: ``(where, lang, forms)``."""
    for name in ("evolution", "northstar"):
        data = tomllib.loads((resources.files(f"evolutio.games.{name}.data") / "sentences.toml")
                             .read_text(encoding="utf-8"))
        tables = data.get("plurals", {}) if name == "evolution" else {
            k: v for k, v in data.items() if k.startswith("plural_")}
        for key, texts in tables.items():
            for lang, text in texts.items():
                yield f"{name} {key}", lang, [plain(f) for f in text.split("|")]
