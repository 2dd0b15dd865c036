"""The Flight expansion's cards (option ``expansions=flight``): Flight, new traits, events.

North Star's Flight rules: 12 Flight trait cards set aside with the avian boards, 34 trait
cards and 14 event cards shuffled into the deck. Which traits the 34 cards are, their food
values and the event cards' texts are not public: data/flight.toml holds the project's own,
labelled; a user loads the real list with :func:`load_flight_cards`, whose errors name the
card and the field.
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
    CardListError,
    read_list,
)

#: the trait every avian species carries (its cards are never in the deck).
FLIGHT = "flight"
#: the expansion's cards in the deck, and Flight cards beside it (the rules' box list).
DECK_TRAITS, DECK_EVENTS, FLIGHT_COPIES = 34, 14, 12
#: the cards set aside at setup, used at the end instead of reshuffling (the rules' setup).
RESERVE = 40
#: an event card's id starts so (never a trait: it is food, growth or a new species).
EVENT_PREFIX = "event_"


@dataclass(frozen=True, slots=True)
class FlightKind:
    """One card of the expansion: copies, food per copy, name and text per language."""

    id: str
    copies: int
    food: tuple[int, ...]
    names: dict[str, str]
    texts: dict[str, str]


@dataclass(frozen=True, slots=True)
class FlightCards:
    source: str
    provisional: bool
    flight: FlightKind
    kinds: dict[str, FlightKind]

    def deck(self) -> list[tuple[str, int]]:
        """The trait and event cards the expansion adds to the deck, as (id, food)."""
        return [(k.id, k.food[i]) for k in self.kinds.values() for i in range(k.copies)]

    def name(self, card: str, language: str) -> str | None:
        kind = self.flight if card == FLIGHT else self.kinds.get(card)
        if kind is None:
            return None
        return kind.names.get(language) or kind.names["en"]


def _kind(entry: Any, where: str, with_food: bool) -> FlightKind:
    if not isinstance(entry, dict):
        raise CardListError(f"{where}: expected a table")
    allowed = {"id", "copies", *LANGUAGES} | ({"food"} if with_food else set())
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise CardListError(f"{where}: unknown field {', '.join(unknown)}")
    copies = entry.get("copies")
    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
        raise CardListError(f"{where}: copies: expected a whole number above 0")
    food: tuple[int, ...] = ()
    if with_food:
        raw = entry.get("food")
        if not isinstance(raw, list) or len(raw) != copies:
            raise CardListError(f"{where}: food: expected {copies} values, one per copy")
        for i, value in enumerate(raw):
            if isinstance(value, bool) or not isinstance(value, int) \
                    or not FOOD_MIN <= value <= FOOD_MAX:
                raise CardListError(f"{where}: food[{i}]: a whole number {FOOD_MIN}..+{FOOD_MAX}")
        food = tuple(raw)
    names: dict[str, str] = {}
    texts: dict[str, str] = {}
    for language in LANGUAGES:
        pair = entry.get(language)
        if not isinstance(pair, list) or len(pair) != 2 \
                or not all(isinstance(p, str) and p.strip() for p in pair):
            raise CardListError(f"{where}: {language}: expected [name, text]")
        names[language], texts[language] = pair
    return FlightKind(str(entry.get("id", FLIGHT)), copies, food, names, texts)


def load_flight_cards(text: str) -> FlightCards:
    """Parse and validate a Flight card list in the format of data/flight.toml: the Flight
    card, ``[[trait]]`` cards whose ids the engine knows, ``[[event]]`` cards likewise; 12
    Flight cards, 34 trait cards and 14 event cards in all."""
    from evolutio.games.northstar.flight_traits import EVENT_IDS, TRAIT_IDS

    data, source, provisional = read_list(text, "cards")
    flight = _kind(data.get("flight"), "flight", False)
    if flight.copies != FLIGHT_COPIES:
        raise CardListError(f"flight: copies: the expansion has {FLIGHT_COPIES} Flight cards")
    kinds: dict[str, FlightKind] = {}
    for table, known, total in (("trait", TRAIT_IDS, DECK_TRAITS),
                                ("event", EVENT_IDS, DECK_EVENTS)):
        entries = data.get(table)
        if not isinstance(entries, list):
            raise CardListError(f"{table}: expected a list of [[{table}]] tables")
        count = 0
        for index, entry in enumerate(entries):
            cid = entry.get("id") if isinstance(entry, dict) else None
            if cid not in known:
                raise CardListError(f"{table} {index + 1}: id: unknown {table} {cid!r}; "
                                    f"known: {', '.join(known)}")
            if cid in kinds:
                raise CardListError(f"{table} {cid}: listed twice")
            kinds[str(cid)] = _kind(entry, f"{table} {cid}", True)
            count += kinds[str(cid)].copies
        if count != total:
            raise CardListError(f"{table}: {count} cards; the expansion has {total}")
    return FlightCards(source, provisional, flight, kinds)


@cache
def shipped_flight_cards() -> FlightCards:
    """The Flight cards shipped in data/flight.toml (the project's own values)."""
    text = (
        resources.files("evolutio.games.northstar.data")
        .joinpath("flight.toml")
        .read_text(encoding="utf-8")
    )
    return load_flight_cards(text)


def is_event(card: str) -> bool:
    return card.startswith(EVENT_PREFIX)


def _register_names() -> None:
    """The shipped Flight cards' names, for ``cards.trait_name``."""
    cards = shipped_flight_cards()
    for kind in (cards.flight, *cards.kinds.values()):
        EXTRA_NAMES[kind.id] = dict(kind.names)


_register_names()
