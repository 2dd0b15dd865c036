"""The card list: traits, copies per deck, provisional food values, names and texts.

Seed 002 "Spielmaterial": 110 cards, 14 Carnivore and 6 of each of the 16 other traits, food
values from -3 to +9. The shipped food values are the project's own (R-N01); a user loads
another list with :func:`load_cards`, whose errors name the card and the field.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "de", "ru", "it")
DECKS = ("schmidt", "northstar")
FOOD_MIN, FOOD_MAX = -3, 9
TRAIT_IDS = (
    "carnivore", "ambush", "burrowing", "climbing", "cooperation", "defensive_herding",
    "fat_tissue", "fertile", "foraging", "hard_shell", "horns", "intelligence", "long_neck",
    "pack_hunting", "scavenger", "symbiosis", "warning_call",
)
#: cards per deck and carnivores in it (seed 002 "Spielmaterial"; R-N01).
DECK_SIZES = {"schmidt": (110, 14), "northstar": (129, 17)}


#: the names of the cards of an expansion or another edition, by trait and language, which
#: its card module adds when it is loaded (flight_cards.py, climate_cards.py), so that this
#: module, below them, need not import them.
EXTRA_NAMES: dict[str, dict[str, str]] = {}


class CardListError(ValueError):
    """A card list that cannot be used; the message names the card and the field."""


@dataclass(frozen=True, slots=True)
class CardKind:
    """One trait's card: copies per deck, food per copy, name and text per language."""

    trait: str
    copies: dict[str, int]
    food: tuple[int, ...]
    names: dict[str, str]
    texts: dict[str, str]


@dataclass(frozen=True, slots=True)
class CardList:
    source: str
    provisional: bool
    kinds: dict[str, CardKind]

    def deck(self, name: str) -> list[tuple[str, int]]:
        """The cards of deck ``name`` as (trait, food) pairs, in list order."""
        return [
            (kind.trait, kind.food[i])
            for kind in self.kinds.values()
            for i in range(kind.copies[name])
        ]


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CardListError(f"{where}: expected a whole number, not {value!r}")
    return value


def read_list(text: str, what: str) -> tuple[dict[str, Any], str, bool]:
    """A card list's TOML, its ``source`` (where ``what`` come from) and whether it is
    ``provisional``, checked: the header every card list of the game shares."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardListError(f"not valid TOML: {exc}") from None
    source = data.get("source")
    if not isinstance(source, str) or not source.strip():
        raise CardListError(f"source: say where the {what} come from")
    provisional = data.get("provisional", False)
    if not isinstance(provisional, bool):
        raise CardListError("provisional: expected true or false")
    return data, source, provisional


def load_cards(text: str) -> CardList:
    """Parse and validate a card list in the format of data/cards.toml."""
    data, source, provisional = read_list(text, "food values")
    entries = data.get("trait")
    if not isinstance(entries, list):
        raise CardListError("trait: expected a list of [[trait]] tables")
    kinds: dict[str, CardKind] = {}
    for index, entry in enumerate(entries):
        trait = entry.get("id") if isinstance(entry, dict) else None
        if trait not in TRAIT_IDS:
            raise CardListError(
                f"card {index + 1}: id: unknown trait {trait!r}; known: {', '.join(TRAIT_IDS)}"
            )
        where = f"card {trait}"
        if trait in kinds:
            raise CardListError(f"{where}: listed twice")
        unknown = sorted(set(entry) - {"id", "food", *DECKS, *LANGUAGES})
        if unknown:
            raise CardListError(f"{where}: unknown field {', '.join(unknown)}")
        copies = {deck: _int(entry.get(deck), f"{where}: {deck}") for deck in DECKS}
        food_raw = entry.get("food")
        if not isinstance(food_raw, list):
            raise CardListError(f"{where}: food: expected a list of values, one per copy")
        food = tuple(_int(v, f"{where}: food[{i}]") for i, v in enumerate(food_raw))
        for i, value in enumerate(food):
            if not FOOD_MIN <= value <= FOOD_MAX:
                raise CardListError(
                    f"{where}: food[{i}]: {value} is outside {FOOD_MIN}..+{FOOD_MAX}"
                )
        for deck, count in copies.items():
            if count < 0 or count > len(food):
                raise CardListError(
                    f"{where}: {deck}: {count} copies but {len(food)} food values"
                )
        names: dict[str, str] = {}
        texts: dict[str, str] = {}
        for language in LANGUAGES:
            pair = entry.get(language)
            if (
                not isinstance(pair, list)
                or len(pair) != 2
                or not all(isinstance(p, str) and p.strip() for p in pair)
            ):
                raise CardListError(f"{where}: {language}: expected [name, text]")
            names[language], texts[language] = pair
        kinds[trait] = CardKind(trait, copies, food, names, texts)
    missing = [t for t in TRAIT_IDS if t not in kinds]
    if missing:
        raise CardListError(f"trait: missing {', '.join(missing)}")
    cards = CardList(source, provisional, kinds)
    for deck, (size, carnivores) in DECK_SIZES.items():
        total = len(cards.deck(deck))
        if total != size or kinds["carnivore"].copies[deck] != carnivores:
            raise CardListError(
                f"{deck}: {total} cards with {kinds['carnivore'].copies[deck]} carnivores; "
                f"the deck has {size} with {carnivores}"
            )
    return cards


@cache
def shipped_cards() -> CardList:
    """The card list shipped in data/cards.toml (provisional food values)."""
    text = (
        resources.files("evolutio.games.northstar.data")
        .joinpath("cards.toml")
        .read_text(encoding="utf-8")
    )
    return load_cards(text)


def trait_name(trait: str, language: str = "en") -> str:
    kind = shipped_cards().kinds.get(trait)
    if kind is None:  # a card of an expansion (``EXTRA_NAMES``), or an unknown id
        names = EXTRA_NAMES.get(trait)
        return (names.get(language) or names["en"]) if names else trait
    return kind.names.get(language) or kind.names["en"]
