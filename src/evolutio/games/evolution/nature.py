"""Ice Age's natural-change cards as data (seed 004, «Ледниковый период»; rules: "Ice Age").

Seed 004 gives the mechanism only: a separate deck of 14 natural-change cards, one revealed
after each extinction phase by that turn's first player, reshuffled when used up. No card
text is public, so the project ships its own set (``data/natural_changes.toml``, labelled as
such) written in a small effect vocabulary that ``climate.py`` interprets:

===============  ==========  ====================================================
effect           acts        parameters
===============  ==========  ====================================================
``food``         next turn   ``delta`` (whole, not 0), ``location`` (Continents)
``need``         next turn   ``delta`` (1 or more), filters
``no_attacks``   next turn   filters (which carnivores may not attack)
``fat_lost``     at once     filters
``deaths``       at once     filters
``draw``         at once     ``count`` (1 or more): each player draws, clockwise
===============  ==========  ====================================================

Filters choose the animals: ``without`` (traits that spare an animal, e.g. Insulation),
``with`` (the animal must have one of these traits, paired ones included), ``linked`` (only
animals joined by a paired trait), ``location``. Another set can be used instead of the
project's: ``EVOLUTIO_NATURE_CARDS=path/to/set.toml``, read through ``load_changes``, which
names the card and the field of any error.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from evolutio.games.evolution.cards import trait_ids

#: the environment variable naming another natural-change set (a TOML file).
SET_VARIABLE = "EVOLUTIO_NATURE_CARDS"
#: effects that act at once when the card is revealed; the others act in the next turn.
INSTANT = ("fat_lost", "deaths", "draw")
LASTING = ("food", "need", "no_attacks")
EFFECTS = INSTANT + LASTING
FILTERS = ("without", "with", "linked", "location")
#: the fields each effect accepts besides ``effect``.
EFFECT_FIELDS: dict[str, tuple[str, ...]] = {
    "food": ("delta", "location"),
    "need": ("delta", *FILTERS),
    "no_attacks": FILTERS,
    "fat_lost": FILTERS,
    "deaths": FILTERS,
    "draw": ("count",),
}
LOCATION_NAMES = ("laurasia", "gondwana", "ocean")
LANGUAGE_CODES = ("en", "ru", "it", "de")


class NatureError(ValueError):
    """A natural-change set that cannot be used: the message names the card and the field."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a natural-change card (the vocabulary above)."""

    effect: str
    delta: int = 0
    count: int = 0
    without: tuple[str, ...] = ()
    with_: tuple[str, ...] = ()
    linked: bool = False
    location: str = ""

    @property
    def instant(self) -> bool:
        return self.effect in INSTANT


@dataclass(frozen=True, slots=True)
class Change:
    """A kind of natural-change card: its id, copies, names and texts by language, effects."""

    id: str
    count: int
    kind: str
    names: Mapping[str, str]
    text: Mapping[str, str]
    effects: tuple[Effect, ...]

    def name(self, language: str = "en") -> str:
        return self.names.get(language) or self.names["en"]

    def describe(self, language: str = "en") -> str:
        return self.text.get(language) or self.text["en"]


@dataclass(frozen=True, slots=True)
class ChangeSet:
    """A whole natural-change deck: its name, whose it is, and the card kinds."""

    name: str
    origin: Mapping[str, str]
    changes: tuple[Change, ...] = field(default=())

    def cards(self) -> tuple[Change, ...]:
        """One entry per card, copies included, in file order (card index = position)."""
        return tuple(change for change in self.changes for _ in range(change.count))

    def by_id(self, change_id: str) -> Change | None:
        return next((c for c in self.changes if c.id == change_id), None)


def _texts(value: Any, where: str) -> dict[str, str]:
    if not isinstance(value, Mapping) or not isinstance(value.get("en"), str):
        raise NatureError(f"{where}: expected a table of texts by language with at least 'en'")
    unknown = sorted(set(value) - set(LANGUAGE_CODES))
    if unknown:
        raise NatureError(f"{where}: unknown language {unknown[0]!r}; known: en, ru, it, de")
    for language, text in value.items():
        if not isinstance(text, str) or not text.strip():
            raise NatureError(f"{where}.{language}: expected text")
    return dict(value)


def _traits(value: Any, where: str, known: set[str]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise NatureError(f"{where}: expected a list of trait names")
    for name in value:
        if name not in known:
            raise NatureError(f"{where}: unknown trait {name!r}")
    return tuple(value)


def _effect(data: Any, where: str, known: set[str]) -> Effect:
    if not isinstance(data, Mapping):
        raise NatureError(f"{where}: expected a table")
    kind = data.get("effect")
    if kind not in EFFECTS:
        raise NatureError(f"{where}.effect: expected one of {', '.join(EFFECTS)}, got {kind!r}")
    allowed = EFFECT_FIELDS[kind]
    extra = sorted(set(data) - {"effect", *allowed})
    if extra:
        raise NatureError(
            f"{where}.{extra[0]}: not a field of '{kind}'; allowed: {', '.join(allowed)}"
        )
    values: dict[str, Any] = {"effect": kind}
    for name in ("delta", "count"):
        if name in allowed:
            value = data.get(name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise NatureError(f"{where}.{name}: expected a whole number")
            if (name == "count" or kind == "need") and value < 1:
                raise NatureError(f"{where}.{name}: expected 1 or more")
            if value == 0:
                raise NatureError(f"{where}.{name}: 0 changes nothing")
            values[name] = value
    if "without" in data:
        values["without"] = _traits(data["without"], f"{where}.without", known)
    if "with" in data:
        values["with_"] = _traits(data["with"], f"{where}.with", known)
    if "linked" in data:
        if not isinstance(data["linked"], bool):
            raise NatureError(f"{where}.linked: expected true or false")
        values["linked"] = data["linked"]
    if "location" in data:
        if data["location"] not in LOCATION_NAMES:
            raise NatureError(f"{where}.location: expected one of {', '.join(LOCATION_NAMES)}")
        values["location"] = data["location"]
    return Effect(**values)


def load_changes(text: str, known_traits: set[str], source: str = "natural changes") -> ChangeSet:
    """Read and check a natural-change set in TOML; ``NatureError`` names the card (by its
    id, or its position) and the field of the first problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise NatureError(f"{source}: not valid TOML: {exc}") from None
    extra = sorted(set(data) - {"name", "origin", "change"})
    if extra:
        raise NatureError(f"{source}: unknown field {extra[0]!r}; allowed: name, origin, change")
    if not isinstance(data.get("name"), str) or not data["name"].strip():
        raise NatureError(f"{source}.name: expected the set's name")
    origin = _texts(data.get("origin"), f"{source}.origin")
    raw = data.get("change")
    if not isinstance(raw, list) or not raw:
        raise NatureError(f"{source}.change: expected at least one [[change]] card")
    changes: list[Change] = []
    for index, card in enumerate(raw):
        where = f"card {index + 1}"
        if not isinstance(card, Mapping):
            raise NatureError(f"{where}: expected a table")
        change_id = card.get("id")
        if not isinstance(change_id, str) or not change_id.isidentifier():
            raise NatureError(f"{where}.id: expected an identifier (letters, digits, _)")
        where = f"card '{change_id}'"
        if any(c.id == change_id for c in changes):
            raise NatureError(f"{where}.id: used twice")
        extra = sorted(set(card) - {"id", "count", "kind", "names", "text", "effect"})
        if extra:
            raise NatureError(f"{where}.{extra[0]}: unknown field")
        count = card.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise NatureError(f"{where}.count: expected a whole number, 1 or more")
        kind = card.get("kind", "")
        if not isinstance(kind, str):
            raise NatureError(f"{where}.kind: expected text")
        effects = card.get("effect", [])
        if not isinstance(effects, list):
            raise NatureError(f"{where}.effect: expected a list of [[change.effect]] tables")
        changes.append(
            Change(
                id=change_id,
                count=count,
                kind=kind,
                names=_texts(card.get("names"), f"{where}.names"),
                text=_texts(card.get("text"), f"{where}.text"),
                effects=tuple(
                    _effect(e, f"{where}.effect[{i}]", known_traits) for i, e in enumerate(effects)
                ),
            )
        )
    return ChangeSet(name=data["name"], origin=origin, changes=tuple(changes))


@cache
def _load(path: str) -> ChangeSet:
    # the traits the cards show: this module sits at the bottom of the package (refusals.py
    # names a change through it), below the trait classes, which register the same ids
    known = set(trait_ids())
    if path:
        with open(path, encoding="utf-8") as handle:
            return load_changes(handle.read(), known, path)
    text = (
        resources.files("evolutio.games.evolution.data")
        .joinpath("natural_changes.toml")
        .read_text(encoding="utf-8")
    )
    return load_changes(text, known, "data/natural_changes.toml")


def active_set() -> ChangeSet:
    """The set in use: the file named by ``EVOLUTIO_NATURE_CARDS``, else the project's own."""
    return _load(os.environ.get(SET_VARIABLE, ""))
