"""The Flight expansion's table (option ``expansions=flight``): avian species, upkeep, the
Cliff, the Flight cards beside the deck and the 40 cards set aside for the end.

North Star's Flight rules, "New Species – Avian Species": an avian species has body size at
most 3, pays upkeep food equal to its body size before it feeds its population (not scored),
costs 2 cards to create; the Cliff gets food equal to the number of players every round and
only Flight reaches it. ``State.flight`` is None with the option off, and every hook in the
shared modules asks that first, so the base game plays as before.
"""

from __future__ import annotations

from dataclasses import dataclass

from evolutio.core.game import Action, Event
from evolutio.games.northstar.actions import ACTIONS
from evolutio.games.northstar.state import Species, State
from evolutio.games.northstar.trait import TRAITS

#: an avian species' body size runs 1..3 (Flight rules).
AVIAN_BODY_TOP = 3


class FlightState:
    """What the expansion adds to a game's state."""

    __slots__ = ("cliff", "reserve", "supply", "upkeep")

    def __init__(self) -> None:
        #: food on the Cliff (plant food only Flight reaches).
        self.cliff = 0
        #: the cards set aside at setup, drawn when the draw pile runs out (once).
        self.reserve: list[int] = []
        #: the Flight cards beside the table, not on a species.
        self.supply: list[int] = []
        #: upkeep food paid this round, by species id.
        self.upkeep: dict[int, int] = {}

    def clone(self) -> FlightState:
        other = FlightState.__new__(FlightState)
        other.cliff = self.cliff
        other.reserve = list(self.reserve)
        other.supply = list(self.supply)
        other.upkeep = dict(self.upkeep)
        return other


def enabled(options: dict[str, object]) -> bool:
    """Whether the game plays with the Flight expansion."""
    chosen = options.get("expansions")
    return isinstance(chosen, list) and "flight" in chosen


def is_avian(state: State, species: Species) -> bool:
    """An avian species carries a Flight card (switched off by Intelligence or not)."""
    cards = state.cards
    return any(cards[c][0] == "flight" for c in species.traits)


def body_top(state: State, species: Species, top: int) -> int:
    """The body size a species may reach: 3 for an avian species, else ``top``."""
    return min(top, AVIAN_BODY_TOP) if is_avian(state, species) else top


def upkeep_of(state: State, species: Species) -> int:
    """Upkeep food an avian species pays each round: its body size, less Nesting."""
    if not is_avian(state, species):
        return 0
    relief = sum(TRAITS[state.cards[c][0]].upkeep_relief(state, species) for c in species.traits)
    return max(0, species.body - relief)


def upkeep_due(state: State, species: Species) -> int:
    """Upkeep still to pay this round (0 for a land species)."""
    assert state.flight is not None
    return max(0, upkeep_of(state, species) - state.flight.upkeep.get(species.id, 0))


def pay(state: State, species: Species, amount: int, events: list[Event]) -> int:
    """Food taken pays the upkeep first (Flight rules: "before an Avian species can feed
    their Population"); returns the tokens that went to the upkeep."""
    assert state.flight is not None
    due = upkeep_due(state, species)
    paid = min(due, amount)
    if paid:
        state.flight.upkeep[species.id] = state.flight.upkeep.get(species.id, 0) + paid
        events.append(UpkeepPaid(species.id, paid))
    return paid


# -- actions ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NewAvian(Action):
    """Discard two cards for a new avian species with a Flight card at either end of the row
    (Flight rules: 2 cards instead of 1)."""

    card: int
    extra: int
    side: str

    def notation(self) -> str:
        return f"avian #{self.card} #{self.extra} {self.side}"


NewAvian.type = "avian"


@dataclass(frozen=True, slots=True)
class EatCliff(Action):
    """Feed a species with Flight from the Cliff."""

    species: int

    def notation(self) -> str:
        return f"cliff A{self.species}"


EatCliff.type = "cliff"

ACTIONS.add(NewAvian, EatCliff)


# -- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UpkeepPaid(Event):
    """Food taken went to an avian species' upkeep (not scored)."""

    species: int
    amount: int


UpkeepPaid.type = "upkeep"


@dataclass(frozen=True, slots=True)
class CliffFilled(Event):
    """The Cliff got its food for the round."""

    amount: int
    cliff: int


CliffFilled.type = "cliff_filled"


@dataclass(frozen=True, slots=True)
class EventCard(Event):
    """An event card revealed as a food card took effect."""

    card: int
    event: str
    cliff: int


EventCard.type = "event_card"


@dataclass(frozen=True, slots=True)
class Reserve(Event):
    """The draw pile ran out: the cards set aside at setup became the draw pile, and the end
    of the game is set as a reshuffle would set it."""

    cards: int
    last_round: int


Reserve.type = "reserve"

