"""The card data of Darwin's Choice and its validating loader.

The publisher's per-card data is not public (rules/darwin.md, section 1): ``data/cards.toml``
and the requirements and food of ``data/habitats.toml`` are the project's own design, with
the structure and proportions of seed 003 (135 small cards: heads, wings, single legs,
tails; 102 large: torsos, leg pairs; 22 habitats; 16 events). Anyone who owns the game may
type the real cards into these files: :func:`load_catalog` checks every field and raises
:class:`CardDataError` naming the file, the card and the field of any error.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

SYMBOLS = ("run", "swim", "fly", "climb", "cold", "heat")
PARTS = ("head", "torso", "legs", "wing", "tail")
DIETS = ("herbivore", "carnivore", "omnivore")
SPECIALS = ("dig", "poison")
LANGUAGES = ("en", "it", "de", "ru")
EVENT_KINDS = ("instant", "permanent")


class CardDataError(ValueError):
    """A bad data file: the message names the file, the card and the field."""


@dataclass(frozen=True, slots=True)
class CardDef:
    """One animal card (seed 003, "Carte Animale"): a part of an animal."""

    key: str
    animal: str
    part: str
    pair: bool
    diet: str
    hearts: int
    cs: int
    symbols: tuple[tuple[str, int], ...]
    special: str
    legs: int
    wing: bool
    tail: bool

    @property
    def large(self) -> bool:
        """Torsos and leg pairs are large cards, the rest small (seed 003, "Contenuto")."""
        return self.part == "torso" or (self.part == "legs" and self.pair)

    def count(self, symbol: str) -> int:
        return dict(self.symbols).get(symbol, 0)


@dataclass(frozen=True, slots=True)
class HabitatDef:
    """One habitat card (seed 003, "Carte Habitat")."""

    key: str
    names: Mapping[str, str]
    pair: str
    dp: int
    plants: int
    meat: int
    adaptation: tuple[str, ...]
    requires: tuple[tuple[tuple[str, int], ...], ...]
    forbidden: tuple[str, ...]

    @property
    def hard(self) -> bool:
        """3-DP habitats are hard to access ("difficilmente accessibili")."""
        return self.dp == 3


@dataclass(frozen=True, slots=True)
class EventDef:
    key: str
    kind: str
    names: Mapping[str, str]
    effect: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Catalog:
    cards: tuple[CardDef, ...]
    habitats: tuple[HabitatDef, ...]
    events: tuple[EventDef, ...]
    animals: Mapping[str, Mapping[str, str]]

    def habitat(self, key: str) -> HabitatDef:
        for habitat in self.habitats:
            if habitat.key == key:
                return habitat
        raise KeyError(key)


class _Reader:
    """Typed field access that names the file, the entry and the field on error."""

    def __init__(self, source: str, entry: str, data: Any) -> None:
        if not isinstance(data, Mapping):
            raise CardDataError(f"{source}: {entry}: expected a table")
        self.source, self.entry, self.data = source, entry, data

    def fail(self, field: str, problem: str) -> CardDataError:
        return CardDataError(f"{self.source}: {self.entry}: field '{field}': {problem}")

    def only(self, allowed: set[str]) -> None:
        unknown = sorted(set(self.data) - allowed)
        if unknown:
            raise self.fail(unknown[0], f"unknown field; allowed: {', '.join(sorted(allowed))}")

    def text(self, field: str, choices: tuple[str, ...] = (), default: str | None = None) -> str:
        value = self.data.get(field, default)
        if not isinstance(value, str) or (not value and default is None):
            raise self.fail(field, "required text")
        if choices and value not in choices and not (value == "" and default == ""):
            raise self.fail(field, f"'{value}' is not one of {', '.join(choices)}")
        return value

    def number(self, field: str, low: int, high: int, default: int | None = None) -> int:
        value = self.data.get(field, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(field, f"expected a whole number from {low} to {high}")
        if not low <= value <= high:
            raise self.fail(field, f"{value} is not from {low} to {high}")
        return value

    def flag(self, field: str, default: bool | None = None) -> bool:
        value = self.data.get(field, default)
        if not isinstance(value, bool):
            raise self.fail(field, "expected true or false")
        return value

    def counts(self, field: str, value: Any) -> tuple[tuple[str, int], ...]:
        if not isinstance(value, Mapping):
            raise self.fail(field, "expected a table of symbol = count")
        out = []
        for symbol, count in value.items():
            if symbol not in SYMBOLS:
                raise self.fail(field, f"unknown symbol '{symbol}'; known: {', '.join(SYMBOLS)}")
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 9:
                raise self.fail(f"{field}.{symbol}", "expected a count from 0 to 9")
            if count:
                out.append((symbol, count))
        return tuple(sorted(out))

    def languages(self, field: str) -> dict[str, str]:
        value = self.data.get(field)
        if not isinstance(value, Mapping):
            raise self.fail(field, f"expected a table with {', '.join(LANGUAGES)}")
        for language in LANGUAGES:
            if not isinstance(value.get(language), str) or not value[language]:
                raise self.fail(f"{field}.{language}", "required text")
        return {k: str(v) for k, v in value.items()}


def parse_cards(data: Mapping[str, Any], source: str = "cards.toml") -> tuple[CardDef, ...]:
    """The animal cards of a parsed ``cards.toml``."""
    entries = data.get("card")
    if not isinstance(entries, list) or not entries:
        raise CardDataError(f"{source}: expected [[card]] entries")
    cards: list[CardDef] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        name = entry.get("id") if isinstance(entry, Mapping) else None
        label = f"card {name!r}" if isinstance(name, str) else f"card #{index + 1}"
        r = _Reader(source, label, entry)
        r.only({"id", "animal", "part", "pair", "diet", "hearts", "cs", "symbols", "special",
                "anchors"})
        key = r.text("id")
        if key in seen:
            raise r.fail("id", "used by an earlier card")
        seen.add(key)
        part = r.text("part", PARTS)
        pair = r.flag("pair") if part == "legs" else False
        if part != "legs" and "pair" in entry:
            raise r.fail("pair", "only leg cards say whether they are a pair")
        diet = r.text("diet", DIETS) if part == "head" else ""
        if part != "head" and "diet" in entry:
            raise r.fail("diet", "only head cards carry a diet symbol")
        legs, wing, tail = 0, False, False
        if part == "torso":
            anchors = _Reader(source, f"{label} anchors", entry.get("anchors"))
            anchors.only({"legs", "wing", "tail"})
            legs = anchors.number("legs", 0, 2)
            wing, tail = anchors.flag("wing"), anchors.flag("tail")
        elif "anchors" in entry:
            raise r.fail("anchors", "only torsos have anchor points")
        cards.append(CardDef(
            key=key, animal=r.text("animal"), part=part, pair=pair, diet=diet,
            hearts=r.number("hearts", 0, 9), cs=r.number("cs", 0, 9),
            symbols=r.counts("symbols", entry.get("symbols", {})),
            special=r.text("special", SPECIALS, default=""), legs=legs, wing=wing, tail=tail,
        ))
    return tuple(cards)


def parse_habitats(
    data: Mapping[str, Any], source: str = "habitats.toml"
) -> tuple[HabitatDef, ...]:
    entries = data.get("habitat")
    if not isinstance(entries, list) or not entries:
        raise CardDataError(f"{source}: expected [[habitat]] entries")
    out: list[HabitatDef] = []
    for index, entry in enumerate(entries):
        name = entry.get("id") if isinstance(entry, Mapping) else None
        label = f"habitat {name!r}" if isinstance(name, str) else f"habitat #{index + 1}"
        r = _Reader(source, label, entry)
        r.only({"id", "names", "pair", "dp", "plants", "meat", "adaptation", "requires",
                "forbidden"})
        adaptation = entry.get("adaptation")
        if not isinstance(adaptation, list) or not all(s in SYMBOLS for s in adaptation):
            raise r.fail("adaptation", f"expected a list of symbols among {', '.join(SYMBOLS)}")
        requires = entry.get("requires", [])
        if not isinstance(requires, list):
            raise r.fail("requires", "expected a list of alternatives")
        forbidden = entry.get("forbidden", [])
        if not isinstance(forbidden, list) or not all(s in SYMBOLS for s in forbidden):
            raise r.fail("forbidden", f"expected a list of symbols among {', '.join(SYMBOLS)}")
        out.append(HabitatDef(
            key=r.text("id"), names=r.languages("names"), pair=r.text("pair", default=""),
            dp=r.number("dp", 2, 3), plants=r.number("plants", 0, 20),
            meat=r.number("meat", 0, 20), adaptation=tuple(adaptation),
            requires=tuple(r.counts(f"requires[{i}]", alt) for i, alt in enumerate(requires)),
            forbidden=tuple(forbidden),
        ))
    keys = [h.key for h in out]
    if len(set(keys)) != len(keys):
        raise CardDataError(f"{source}: habitat ids must be unique")
    return tuple(out)


def parse_events(data: Mapping[str, Any], source: str = "events.toml") -> tuple[EventDef, ...]:
    entries = data.get("event")
    if not isinstance(entries, list) or not entries:
        raise CardDataError(f"{source}: expected [[event]] entries")
    out = []
    for index, entry in enumerate(entries):
        name = entry.get("id") if isinstance(entry, Mapping) else None
        label = f"event {name!r}" if isinstance(name, str) else f"event #{index + 1}"
        r = _Reader(source, label, entry)
        r.only({"id", "kind", "names", "effect"})
        out.append(EventDef(r.text("id"), r.text("kind", EVENT_KINDS), r.languages("names"),
                            r.languages("effect")))
    return tuple(out)


def _read(name: str) -> dict[str, Any]:
    text = resources.files("evolutio.games.darwin.data").joinpath(name).read_text("utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{name}: not valid TOML: {exc}") from None


@cache
def load_catalog() -> Catalog:
    """The shipped data files, validated (cached once per process)."""
    cards = parse_cards(_read("cards.toml"))
    animals = _read("names.toml").get("animals", {})
    for card in cards:
        names = animals.get(card.animal)
        if not isinstance(names, Mapping) or any(lang not in names for lang in LANGUAGES):
            raise CardDataError(
                f"names.toml: card {card.key!r}: field 'animal': '{card.animal}' has no "
                f"names in {', '.join(LANGUAGES)}"
            )
    return Catalog(cards, parse_habitats(_read("habitats.toml")),
                   parse_events(_read("events.toml")), animals)
