"""The Climate edition's card data: zones of the climate track, event cards, trait cards.

Evolution: Climate (North Star Games) has 177 trait cards and 30 climate event cards; the
per-card values (food, sun and snowflake icons, copies per trait, event texts) and the zones'
printed effects are not public, so the shipped data/climate.toml holds the project's own
(docs/rules/northstar.md, "Climate"). :func:`load_climate` validates another list in the same
format; its errors name the zone, event or card and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from evolutio.games.northstar.cards import (
    EXTRA_NAMES,
    FOOD_MAX,
    FOOD_MIN,
    LANGUAGES,
    TRAIT_IDS,
    CardListError,
    read_list,
)

#: the traits new in Climate, in the order of their cards.
NEW_TRAITS = ("heavy_fur", "migratory", "cooling_frills", "nocturnal")
#: every trait of the Climate deck.
CLIMATE_TRAITS = TRAIT_IDS + NEW_TRAITS
#: the climate track from the coldest zone to the hottest; the marker starts on temperate.
ZONES = ("freezing", "cold", "cool", "temperate", "warm", "hot", "scorching")
TEMPERATE = ZONES.index("temperate")
SIDES = ("cold", "hot")
#: the box's counts (evolutiondigitalgame.com "climate-rules"; the shops' contents lists).
DECK_SIZE, CARNIVORES, EVENTS_PER_SIDE = 177, 17, 15
#: icons per card: at most this many suns (positive) or snowflakes (negative).
ICONS_MAX = 3


@dataclass(frozen=True, slots=True)
class Zone:
    """A zone of the track: plant food it adds each round, population it costs and to whom."""

    id: str
    plant: int
    lose: int
    bodies: tuple[int, int]
    names: dict[str, str]


@dataclass(frozen=True, slots=True)
class EventKind:
    """A climate event card's kind: its side, the zone of each copy and its effect."""

    id: str
    side: str
    zones: tuple[int, ...]
    pop: int
    bodies: tuple[int, int]
    hole: int
    fat: bool
    names: dict[str, str]
    texts: dict[str, str]


@dataclass(frozen=True, slots=True)
class ClimateTrait:
    """One trait's cards in the Climate deck: food and climate icons per copy; the names and
    texts of the new traits (the others keep those of data/cards.toml)."""

    trait: str
    food: tuple[int, ...]
    icons: tuple[int, ...]
    names: dict[str, str]
    texts: dict[str, str]


@dataclass(frozen=True, slots=True)
class ClimateCards:
    source: str
    provisional: bool
    zones: tuple[Zone, ...]
    events: dict[str, EventKind]
    traits: dict[str, ClimateTrait]

    def deck(self) -> list[tuple[str, int, int]]:
        """The trait cards as (trait, food, icons), in list order."""
        return [(t.trait, food, icons) for t in self.traits.values()
                for food, icons in zip(t.food, t.icons, strict=True)]

    def event_cards(self, side: str) -> list[tuple[str, int]]:
        """The event cards of ``side`` as (kind, zone index), in list order."""
        return [(e.id, zone) for e in self.events.values() if e.side == side for zone in e.zones]


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CardListError(f"{where}: expected a whole number from {low} to {high}, "
                            f"not {value!r}")
    return value


def _pair(value: Any, where: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise CardListError(f"{where}: expected [low, high]")
    low, high = (_int(v, where, 1, 7) for v in value)
    if low > high:
        raise CardListError(f"{where}: low {low} above high {high}")
    return low, high


def _words(entry: dict[str, Any], where: str, pair: bool) -> tuple[dict[str, str], dict[str, str]]:
    names: dict[str, str] = {}
    texts: dict[str, str] = {}
    for language in LANGUAGES:
        value = entry.get(language)
        if pair:
            if (not isinstance(value, list) or len(value) != 2
                    or not all(isinstance(p, str) and p.strip() for p in value)):
                raise CardListError(f"{where}: {language}: expected [name, text]")
            names[language], texts[language] = value
        else:
            if not isinstance(value, str) or not value.strip():
                raise CardListError(f"{where}: {language}: expected a name")
            names[language] = value
    return names, texts


def _table(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    entries = data.get(key)
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise CardListError(f"{key}: expected a list of [[{key}]] tables")
    return entries


def _zones(data: dict[str, Any]) -> tuple[Zone, ...]:
    entries = _table(data, "zone")
    ids = tuple(e.get("id") for e in entries)
    if ids != ZONES:
        raise CardListError(f"zone: expected the zones {', '.join(ZONES)} in this order")
    zones = []
    for entry in entries:
        where = f"zone {entry['id']}"
        unknown = sorted(set(entry) - {"id", "plant", "lose", "bodies", *LANGUAGES})
        if unknown:
            raise CardListError(f"{where}: unknown field {', '.join(unknown)}")
        names, _ = _words(entry, where, False)
        zones.append(Zone(entry["id"], _int(entry.get("plant"), f"{where}: plant", -9, 9),
                          _int(entry.get("lose"), f"{where}: lose", 0, 6),
                          _pair(entry.get("bodies"), f"{where}: bodies"), names))
    return tuple(zones)


def _events(data: dict[str, Any]) -> dict[str, EventKind]:
    kinds: dict[str, EventKind] = {}
    for index, entry in enumerate(_table(data, "event")):
        eid = entry.get("id")
        if not isinstance(eid, str) or not eid.strip():
            raise CardListError(f"event {index + 1}: id: expected a name")
        where = f"event {eid}"
        if eid in kinds:
            raise CardListError(f"{where}: listed twice")
        unknown = sorted(set(entry) - {"id", "side", "zones", "pop", "bodies", "hole", "fat",
                                       *LANGUAGES})
        if unknown:
            raise CardListError(f"{where}: unknown field {', '.join(unknown)}")
        side = entry.get("side")
        if side not in SIDES:
            raise CardListError(f"{where}: side: one of {', '.join(SIDES)}")
        allowed = ZONES[:TEMPERATE] if side == "cold" else ZONES[TEMPERATE + 1:]
        raw = entry.get("zones")
        if not isinstance(raw, list) or not raw or any(z not in allowed for z in raw):
            raise CardListError(f"{where}: zones: one per copy, each of {', '.join(allowed)}")
        fat = entry.get("fat", False)
        if not isinstance(fat, bool):
            raise CardListError(f"{where}: fat: expected true or false")
        names, texts = _words(entry, where, True)
        kinds[eid] = EventKind(eid, side, tuple(ZONES.index(z) for z in raw),
                               _int(entry.get("pop"), f"{where}: pop", 0, 6),
                               _pair(entry.get("bodies"), f"{where}: bodies"),
                               _int(entry.get("hole"), f"{where}: hole", -30, 30), fat,
                               names, texts)
    for side in SIDES:
        count = sum(len(k.zones) for k in kinds.values() if k.side == side)
        if count != EVENTS_PER_SIDE:
            raise CardListError(f"event: {count} {side} event cards; the deck has "
                                f"{EVENTS_PER_SIDE}")
    return kinds


def _traits(data: dict[str, Any]) -> dict[str, ClimateTrait]:
    kinds: dict[str, ClimateTrait] = {}
    for index, entry in enumerate(_table(data, "trait")):
        trait = entry.get("id")
        if trait not in CLIMATE_TRAITS:
            raise CardListError(f"card {index + 1}: id: unknown trait {trait!r}; known: "
                                f"{', '.join(CLIMATE_TRAITS)}")
        where = f"card {trait}"
        if trait in kinds:
            raise CardListError(f"{where}: listed twice")
        fields = {"id", "copies", "food", "climate"}
        if trait in NEW_TRAITS:
            fields.update(LANGUAGES)
        unknown = sorted(set(entry) - fields)
        if unknown:
            raise CardListError(f"{where}: unknown field {', '.join(unknown)}")
        copies = _int(entry.get("copies"), f"{where}: copies", 0, DECK_SIZE)
        lists = []
        for key, low, high in (("food", FOOD_MIN, FOOD_MAX), ("climate", -ICONS_MAX, ICONS_MAX)):
            raw = entry.get(key)
            if not isinstance(raw, list) or len(raw) != copies:
                raise CardListError(f"{where}: {key}: expected {copies} values, one per copy")
            lists.append(tuple(_int(v, f"{where}: {key}[{i}]", low, high)
                               for i, v in enumerate(raw)))
        names, texts = _words(entry, where, True) if trait in NEW_TRAITS else ({}, {})
        kinds[trait] = ClimateTrait(trait, lists[0], lists[1], names, texts)
    missing = [t for t in CLIMATE_TRAITS if t not in kinds]
    if missing:
        raise CardListError(f"trait: missing {', '.join(missing)}")
    total = sum(len(t.food) for t in kinds.values())
    carnivores = len(kinds["carnivore"].food)
    if total != DECK_SIZE or carnivores != CARNIVORES:
        raise CardListError(f"climate: {total} cards with {carnivores} carnivores; the deck has "
                            f"{DECK_SIZE} with {CARNIVORES}")
    return kinds


def load_climate(text: str) -> ClimateCards:
    """Parse and validate a Climate card list in the format of data/climate.toml."""
    data, source, provisional = read_list(text, "climate values")
    unknown = sorted(set(data) - {"source", "provisional", "zone", "event", "trait"})
    if unknown:
        raise CardListError(f"unknown field {', '.join(unknown)}")
    return ClimateCards(source, provisional, _zones(data), _events(data), _traits(data))


@cache
def shipped_climate() -> ClimateCards:
    """The Climate data shipped in data/climate.toml (provisional values)."""
    text = (resources.files("evolutio.games.northstar.data").joinpath("climate.toml")
            .read_text(encoding="utf-8"))
    return load_climate(text)


def climate_name(key: str, language: str = "en") -> str | None:
    """The name of a new trait, a zone or an event kind in ``language``, or None."""
    cards = shipped_climate()
    trait = cards.traits.get(key)
    if trait is not None and trait.names:
        return trait.names.get(language) or trait.names["en"]
    for zone in cards.zones:
        if zone.id == key:
            return zone.names.get(language) or zone.names["en"]
    event = cards.events.get(key)
    if event is not None:
        return event.names.get(language) or event.names["en"]
    return None


EXTRA_NAMES.update({t.trait: t.names for t in shipped_climate().traits.values() if t.names})
