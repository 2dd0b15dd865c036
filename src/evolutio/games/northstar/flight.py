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
    # a trait face down does not act before the reveal (R-N22), nor shows in others' views
    relief = sum(TRAITS[state.cards[c][0]].upkeep_relief(state, species)
                 for c in species.traits if c not in state.face_down)
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


def reaches_cliff(state: State, species: Species) -> bool:
    """Food on the Cliff and a species with Flight that is no carnivore (the Cliff holds
    plant food); whether it has room is asked apart (``ops.room``)."""
    assert state.flight is not None
    if state.flight.cliff <= 0:
        return False
    kinds = [TRAITS[state.cards[c][0]] for c in species.traits]
    return any(t.id == "flight" for t in kinds) and not any(t.meat_only for t in kinds)


def returned(state: State, card: int) -> bool:
    """A Flight card leaving a species goes back beside the table, not to the discard pile
    (the avian board is exchanged for a land board); True if ``card`` was one."""
    assert state.flight is not None
    if state.cards[card][0] != "flight":
        return False
    state.flight.supply.append(card)
    return True


def discard_traits(state: State, species: Species) -> None:
    """An extinct species' trait cards go to the discard pile, its Flight card back beside
    the table; its upkeep tokens go back to the bank."""
    assert state.flight is not None
    for card in species.traits:
        if not returned(state, card):
            state.discard.append(card)
    state.food_out += state.flight.upkeep.pop(species.id, 0)


def use_reserve(state: State, deal: bool, events: list[Event]) -> None:
    """The draw pile ran out: the 40 cards set aside become the draw pile instead of the
    discard pile, and the end is set as a reshuffle sets it (R-N15)."""
    assert state.flight is not None
    state.deck = state.flight.reserve
    state.flight.reserve = []
    last = state.round if deal else state.round + 1
    if state.last_round is None or last < state.last_round:
        state.last_round = last
    events.append(Reserve(len(state.deck), state.last_round))


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

