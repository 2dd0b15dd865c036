"""Plants («Эволюция. Растения»): the plants on the table, their deck, and the growth phase.

"Дополнение «Растения» ... меняется порядок хода, а игроки могут воздействовать на размер и
доступность кормовой базы." With the set, the food die is gone: the red tokens lie on plant
cards, which appear, grow and die by the rows printed on them (data/plants.toml, the
project's values where the cards are not public). The turn is development, feeding,
extinction, then the growth phase (``grow``), in which empty plants die, the others grow,
new plants come from the plant deck and the shelter tokens are laid out again.

This module holds the data, the plants and the events; the growth phase is in growth.py, the
players' actions on plants in plants.py, the plant traits in traits/plants.py (they register
their figures in ``PLANT_FIGURES`` here). It imports no rules module and no state, so that the
state and ops may use it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from evolutio.core.game import Event

PLANTS = "plants"
#: the phase the set adds after extinction.
GROWTH = "growth"
SPECIALS = ("", "liana", "fungus", "carnivorous")
#: a Parasitic plant's kind (it comes from a trait card, not from the plant deck).
PARASITE = "parasite"


@dataclass(frozen=True, slots=True)
class PlantKind:
    """One kind of plant card: its tokens when it appears, its most tokens, its growth rows
    ((tokens, tokens after), the last read as "this many or more"), its shelter tokens, the
    fruit icon, and whether it survives with no token."""

    kind: str
    count: int
    start: int
    most: int
    grow: tuple[tuple[int, int], ...]
    shelters: int = 0
    fruit: bool = False
    survives_empty: bool = False
    special: str = ""

    def grown(self, food: int) -> int:
        """The tokens after the growth phase for ``food`` tokens now (no row: unchanged)."""
        after = food
        for low, high in self.grow:
            if food >= low:
                after = high
        return min(after, self.most) if self.grow else food


@dataclass(frozen=True, slots=True)
class PlantTable:
    """Plants laid out at the start, added at each growth phase, and most on the table."""

    start: int
    add: int
    most: int


def _load() -> dict[str, Any]:
    text = (
        resources.files("evolutio.games.evolution.data")
        .joinpath("plants.toml")
        .read_text(encoding="utf-8")
    )
    return tomllib.loads(text)


def check_kind(row: dict[str, Any]) -> PlantKind:
    """A plant card row of the data file, validated (ValueError names what is wrong): the
    real cards' figures go in the same form."""
    name = str(row.get("kind", ""))
    if not name:
        raise ValueError("a plant row without a kind")
    grow = tuple((int(a), int(b)) for a, b in row.get("grow", []))
    kind = PlantKind(
        name,
        int(row.get("count", 0)),
        int(row.get("start", 0)),
        int(row.get("max", 0)),
        grow,
        int(row.get("shelters", 0)),
        bool(row.get("fruit", False)),
        bool(row.get("survives_empty", False)),
        str(row.get("special", "")),
    )
    if kind.count < 0 or kind.start < 0 or kind.most < 1 or kind.shelters < 0:
        raise ValueError(f"plant {name}: negative count, start or shelters, or max below 1")
    if kind.start > kind.most:
        raise ValueError(f"plant {name}: starts with more tokens than its max")
    lows = [a for a, _ in grow]
    if lows != sorted(set(lows)) or any(b > kind.most or b < 0 for _, b in grow):
        raise ValueError(f"plant {name}: growth rows must rise and stay within 0..max")
    if kind.special not in SPECIALS:
        raise ValueError(f"plant {name}: unknown special {kind.special!r}")
    if not grow and not kind.special and name != PARASITE:
        raise ValueError(f"plant {name}: no growth rows and no special rule")
    return kind


@cache
def plant_kinds() -> dict[str, PlantKind]:
    """Every plant kind by name, the Parasitic plant included (data/plants.toml)."""
    data = _load()
    kinds = {row["kind"]: check_kind(row) for row in data["plant"]}
    parasite = dict(data["parasite"], kind=PARASITE, count=0)
    kinds[PARASITE] = check_kind(parasite)
    return kinds


@cache
def plant_tables() -> dict[int, PlantTable]:
    """The table of plants by player count (data/plants.toml, ``[table]``)."""
    out = {}
    for players, row in _load()["table"].items():
        table = PlantTable(int(row["start"]), int(row["add"]), int(row["max"]))
        if not 0 < table.start <= table.most or table.add < 0:
            raise ValueError(f"plant table for {players}: start must lie in 1..max")
        out[int(players)] = table
    return out


#: plant trait id -> (the fruit icon, shelter tokens) it gives its plant; traits/plants.py
#: registers every plant trait here (its rules go in ``trait.PLANT_RULES``).
PLANT_FIGURES: dict[str, tuple[bool, int]] = {}


class Plant:
    """A plant card on the table: its tokens, the plant traits played on it as (card,
    trait), its shelter tokens, the plant it lives on (a Parasitic plant; 0: none), and
    its location with Continents ("" without)."""

    __slots__ = ("doomed", "food", "host", "id", "kind", "location", "shelters", "traits")

    def __init__(self, id: int, kind: str, food: int, host: int = 0, location: str = "") -> None:
        self.id = id
        self.kind = kind
        self.food = food
        self.host = host
        self.location = location
        self.traits: list[tuple[int, str]] = []
        self.shelters = 0
        #: a Carnivorous plant that ate a Poisonous animal: it dies at the growth phase.
        self.doomed = False

    def copy(self) -> Plant:
        other = Plant(self.id, self.kind, self.food, self.host, self.location)
        other.traits = list(self.traits)
        other.shelters = self.shelters
        other.doomed = self.doomed
        return other

    @property
    def data(self) -> PlantKind:
        return plant_kinds()[self.kind]

    def has(self, trait: str) -> bool:
        return any(name == trait for _, name in self.traits)

    @property
    def most(self) -> int:
        return self.data.most

    @property
    def fruit(self) -> bool:
        """The fruit icon, on the card or given by a trait: carnivores may eat here."""
        return self.data.fruit or any(PLANT_FIGURES[trait][0] for _, trait in self.traits)

    def shelter_capacity(self) -> int:
        """Shelter tokens the plant holds after a growth phase: the card's and its traits'."""
        return self.data.shelters + sum(PLANT_FIGURES[trait][1] for _, trait in self.traits)


class Flora:
    """The plants of a game with the set: the plants in table order, the plant deck (top at
    the end), the dead plants' cards, and the Mycorrhiza links as (card, plant, plant)."""

    __slots__ = ("deck", "discard", "links", "next_plant", "plants", "source")

    def __init__(self) -> None:
        self.plants: dict[int, Plant] = {}
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.links: list[tuple[int, int, int]] = []
        self.next_plant = 1
        #: the plant the last red token came from (Communication's partner takes there).
        self.source = 0

    def copy(self) -> Flora:
        other = Flora()
        other.plants = {k: p.copy() for k, p in self.plants.items()}
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.links = list(self.links)
        other.next_plant = self.next_plant
        other.source = self.source
        return other

    def partners(self, plant: int) -> list[int]:
        """The plants joined to ``plant`` by Mycorrhiza."""
        return [b if a == plant else a for _, a, b in self.links if plant in (a, b)]

    def rooted(self) -> int:
        """Plants on the table that count towards the most (Parasitic plants do not)."""
        return sum(1 for p in self.plants.values() if not p.host)

    def animal_died(self) -> int:
        """An animal died: every Fungus gains a token (up to its max); the tokens gained,
        for the food ledger."""
        gained = 0
        for plant in self.plants.values():
            if plant.kind == "fungus" and plant.food < plant.most:
                plant.food += 1
                gained += 1
        return gained


# -- events ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlantAppeared(Event):
    """A plant card from the plant deck (or a Parasitic plant) is laid out with tokens, at
    ``location`` with Continents ("" without)."""

    plant: int
    kind: str
    food: int
    location: str = ""


PlantAppeared.type = "plant_appeared"


@dataclass(frozen=True, slots=True)
class PlantGrew(Event):
    """The growth phase set a plant's tokens (a Mycorrhiza gift included)."""

    plant: int
    food: int


PlantGrew.type = "plant_grew"


@dataclass(frozen=True, slots=True)
class PlantDied(Event):
    """A plant left the table: "empty" (no token), "host" (its host died), "poisoned" (a
    Carnivorous plant that ate a Poisonous animal)."""

    plant: int
    cause: str


PlantDied.type = "plant_died"


@dataclass(frozen=True, slots=True)
class PlantAttacked(Event):
    """A Carnivorous plant attacked the animal that took a token from it: ``eaten`` or not."""

    plant: int
    animal: int
    eaten: bool


PlantAttacked.type = "plant_attacked"

@dataclass(frozen=True, slots=True)
class PlantFoodTaken(Event):
    """An animal takes a red token from a plant (a ``food_taken`` follows)."""

    animal: int
    plant: int


PlantFoodTaken.type = "plant_food_taken"


@dataclass(frozen=True, slots=True)
class ShelterTaken(Event):
    """An animal takes a shelter token: no attack on it until the end of the turn."""

    animal: int
    plant: int


ShelterTaken.type = "shelter_taken"


@dataclass(frozen=True, slots=True)
class PlantFed(Event):
    """A token moved from the host plant to its Parasitic plant."""

    host: int
    plant: int


PlantFed.type = "plant_fed"


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    """Honey plant: ``seat`` took a random card from ``source``'s hand."""

    seat: int
    source: int


CardTaken.type = "card_taken"


@dataclass(frozen=True, slots=True)
class PlantTraitPlayed(Event):
    """``seat`` played a plant trait card on one plant (two for Mycorrhiza)."""

    seat: int
    card: int
    trait: str
    plants: tuple[int, ...]


PlantTraitPlayed.type = "plant_trait_played"
