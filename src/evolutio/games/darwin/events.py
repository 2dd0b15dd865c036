"""The events of Darwin's Choice: what happened, each with its JSON form (``type`` and its
fields); ``texts.py`` says each in words."""

from __future__ import annotations

from dataclasses import dataclass

from evolutio.core.game import Event


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A card drawn: everyone sees from which deck, only the drawer which card."""

    seat: int
    deck: str


Drew.type = "drew"


@dataclass(frozen=True, slots=True)
class Redrew(Event):
    seat: int
    discarded: int


Redrew.type = "redrew"


@dataclass(frozen=True, slots=True)
class Exchanged(Event):
    """Both cards are shown: the hand card goes face up into the market."""

    seat: int
    card: int
    take: int


Exchanged.type = "exchanged"


@dataclass(frozen=True, slots=True)
class Unexchanged(Event):
    """An exchange taken back in the same turn: ``card`` returns to the hand, ``take`` to
    its place in the market."""

    seat: int
    card: int
    take: int


Unexchanged.type = "unexchanged"


@dataclass(frozen=True, slots=True)
class Created(Event):
    seat: int
    species: int
    habitat: int
    cards: tuple[int, ...]


Created.type = "created"


@dataclass(frozen=True, slots=True)
class Mutated(Event):
    seat: int
    species: int
    added: tuple[int, ...]
    removed: tuple[int, ...]
    cost: int


Mutated.type = "mutated"


@dataclass(frozen=True, slots=True)
class Migrated(Event):
    seat: int
    species: int
    source: int
    habitat: int


Migrated.type = "migrated"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int


Passed.type = "passed"


@dataclass(frozen=True, slots=True)
class Extinct(Event):
    species: int
    owner: int
    cause: str
    banked: int


Extinct.type = "extinct"


@dataclass(frozen=True, slots=True)
class Scored(Event):
    species: int
    owner: int
    points: int
    reason: str


Scored.type = "scored"


@dataclass(frozen=True, slots=True)
class EventRevealed(Event):
    event: str


EventRevealed.type = "event_revealed"


@dataclass(frozen=True, slots=True)
class HabitatChanged(Event):
    position: int
    old: str
    new: str


HabitatChanged.type = "habitat_changed"


@dataclass(frozen=True, slots=True)
class MarketDealt(Event):
    """The new market, face up for everyone."""

    cards: tuple[int, ...]


MarketDealt.type = "market_dealt"


@dataclass(frozen=True, slots=True)
class EraBegins(Event):
    era: int
    first: int


EraBegins.type = "era_begins"


@dataclass(frozen=True, slots=True)
class CardLost(Event):
    species: int
    card: int


CardLost.type = "card_lost"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    scores: tuple[int, ...]


GameOver.type = "game_over"
