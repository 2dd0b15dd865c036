"""The Climate edition (``edition=climate``): the climate track, the climate event cards and
the Modify Environment phase (evolutiondigitalgame.com "climate-rules", phase 4).

Phase 4 reveals the food cards and then, in order: a. adjusts the climate by their sun and
snowflake icons, b. triggers the climate events the marker has reached, c. applies the
climate's population results, d. adjusts the plant food (food cards plus the zone's plant
food), e. replaces each triggered event card. The climate traits (Heavy Fur, Migratory,
Cooling Frills, Nocturnal) and Burrowing protect here; they are read by id, so the trait
pipelines of the base game stay as they are. Values are data (data/climate.toml, the
project's own: docs/rules/northstar.md "Climate").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from evolutio.core.compiled import mypyc_attr
from evolutio.core.game import Event
from evolutio.games.northstar import ops
from evolutio.games.northstar.climate_cards import (
    TEMPERATE,
    ZONES,
    ClimateCards,
    EventKind,
    shipped_climate,
)
from evolutio.games.northstar.trait import traits_of

if TYPE_CHECKING:
    from evolutio.games.northstar.state import Species, State

#: cards dealt per round before the one per species (Climate: "4 cards, plus 1 card for each
#: Species Board").
CARDS_PER_ROUND = 4
#: traits per species, whatever the number of players ("up to 4 traits").
TRAIT_LIMIT = 4
#: trait cards set aside at the start by number of players (2: half); they become the draw
#: deck when it first runs out ("use the cards that were set aside as a new Draw Deck").
SET_ASIDE = {2: None, 3: 60, 4: 30, 5: 0, 6: 0}

@mypyc_attr(allow_interpreted_subclasses=True)
class Climate:
    """The climate part of a game: marker, icons per trait card, event decks, set-aside."""

    __slots__ = (
        "cold",
        "cold_deck",
        "discard",
        "events",
        "hot",
        "hot_deck",
        "icons",
        "set_aside",
        "zone",
    )

    def __init__(self) -> None:
        #: the zone index of the marker (0 freezing .. 6 scorching).
        self.zone = TEMPERATE
        #: sun (+) and snowflake (-) icons of each trait card, by card id.
        self.icons: tuple[int, ...] = ()
        #: every event card: (kind, zone index), by event card id.
        self.events: tuple[tuple[str, int], ...] = ()
        self.cold_deck: list[int] = []
        self.hot_deck: list[int] = []
        #: the event card lying beside the track on each side, or None.
        self.cold: int | None = None
        self.hot: int | None = None
        self.discard: list[int] = []
        #: trait cards set aside at the start (2-4 players).
        self.set_aside: list[int] = []

    def clone(self) -> Climate:
        other = Climate.__new__(Climate)
        other.zone, other.icons, other.events = self.zone, self.icons, self.events
        other.cold_deck, other.hot_deck = list(self.cold_deck), list(self.hot_deck)
        other.cold, other.hot = self.cold, self.hot
        other.discard = list(self.discard)
        other.set_aside = list(self.set_aside)
        return other


@dataclass(frozen=True, slots=True)
class ClimateMoved(Event):
    """Phase 4a: the food cards' icons (suns minus snowflakes) moved the marker, or not."""

    suns: int
    snowflakes: int
    zone: str


ClimateMoved.type = "climate_moved"


@dataclass(frozen=True, slots=True)
class ClimateEvent(Event):
    """Phase 4b: an event card the marker reached takes effect."""

    kind: str
    side: str


ClimateEvent.type = "climate_event"


@dataclass(frozen=True, slots=True)
class ClimateFood(Event):
    """Phase 4d: the zone's plant food, added to (or taken from) the food cards' total."""

    zone: str
    plant: int


ClimateFood.type = "climate_food"


@dataclass(frozen=True, slots=True)
class EventReplaced(Event):
    """Phase 4e: a new event card lies on ``side``."""

    kind: str
    side: str
    zone: str


EventReplaced.type = "event_replaced"


def cards_of(state: State) -> ClimateCards:
    """The Climate data of this game (the shipped one unless a game object holds another)."""
    found = state.per_game.get("climate_cards")
    return found if isinstance(found, ClimateCards) else shipped_climate()


def setup(state: State, data: ClimateCards,
          extra: Sequence[tuple[str, int]] = ()) -> None:
    """A new Climate game: the 177 trait cards (and ``extra``, the Flight expansion's cards,
    which carry no icons) shuffled, some set aside by the number of players, the two event
    decks shuffled and their top cards laid out, the marker on Temperate (climate-rules,
    "Setup"; docs/rules/northstar.md "Climate with Flight")."""
    deck = data.deck() + [(card, food, 0) for card, food in extra]
    state.cards = tuple((trait, food) for trait, food, _ in deck)
    climate = Climate()
    climate.icons = tuple(icons for _, _, icons in deck)
    order = list(range(len(deck)))
    state.rng.shuffle(order)
    aside = SET_ASIDE[state.num_players]
    count = len(order) // 2 if aside is None else aside
    climate.set_aside, state.deck = order[:count], order[count:]
    climate.events = tuple(data.event_cards("cold") + data.event_cards("hot"))
    ids = list(range(len(climate.events)))
    cold = [i for i in ids if _side(climate, i) == "cold"]
    hot = [i for i in ids if _side(climate, i) == "hot"]
    state.rng.shuffle(cold)
    state.rng.shuffle(hot)
    climate.cold_deck, climate.hot_deck = cold, hot
    climate.cold, climate.hot = _top(climate, "cold"), _top(climate, "hot")
    state.climate = climate
    state.per_game["climate_cards"] = data


def _side(climate: Climate, card: int) -> str:
    return "cold" if climate.events[card][1] < TEMPERATE else "hot"


def _top(climate: Climate, side: str) -> int | None:
    """The next event card of ``side``; an empty deck takes its discarded cards back, in
    the order they were discarded (the project's decision: nothing says)."""
    deck = climate.cold_deck if side == "cold" else climate.hot_deck
    if not deck:
        back = [c for c in climate.discard if _side(climate, c) == side]
        climate.discard = [c for c in climate.discard if _side(climate, c) != side]
        deck.extend(back)
    return deck.pop(0) if deck else None


def _kind(state: State, card: int) -> EventKind:
    climate: Climate = state.climate
    return cards_of(state).events[climate.events[card][0]]


def modify_environment(state: State, food_cards: tuple[int, ...], events: list[Event]) -> int:
    """Phase 4 a-c and e; returns the zone's plant food for step d (the caller adds it to
    the food cards' total and applies it to the watering hole)."""
    climate: Climate = state.climate
    data = cards_of(state)
    icons = [climate.icons[c] for c in food_cards]
    suns = sum(i for i in icons if i > 0)
    snow = -sum(i for i in icons if i < 0)
    if suns > snow:
        climate.zone = min(climate.zone + 1, len(ZONES) - 1)
    elif snow > suns:
        climate.zone = max(climate.zone - 1, 0)
    events.append(ClimateMoved(suns, snow, ZONES[climate.zone]))
    triggered: list[str] = []
    for side in ("cold", "hot"):
        card = climate.cold if side == "cold" else climate.hot
        if card is None:
            continue
        at = climate.events[card][1]
        if (climate.zone <= at) if side == "cold" else (climate.zone >= at):
            triggered.append(side)
            _trigger(state, card, side, events)
    zone = data.zones[climate.zone]
    side = "cold" if climate.zone < TEMPERATE else "hot"
    if zone.lose:
        for seat, _, species in state.all_species():
            if zone.bodies[0] <= species.body <= zone.bodies[1]:
                amount = zone.lose - shield(state, species, side, event=False)
                if amount > 0:
                    ops.lose_population(state, seat, species, amount, "climate", events)
    for side in triggered:
        card = climate.cold if side == "cold" else climate.hot
        assert card is not None
        climate.discard.append(card)
        new = _top(climate, side)
        if side == "cold":
            climate.cold = new
        else:
            climate.hot = new
        if new is not None:
            kind, at = climate.events[new]
            events.append(EventReplaced(kind, side, ZONES[at]))
    if zone.plant:
        events.append(ClimateFood(zone.id, zone.plant))
    return zone.plant


def shield(state: State, species: Species, side: str, event: bool) -> int:
    """How much of the climate's population loss on ``side`` ``species`` is spared: the sum
    of its traits' shields (Heavy Fur, Migratory, Cooling Frills, Nocturnal, Burrowing)."""
    return sum(t.climate_shield(side, event) for t in traits_of(state, species))


def _trigger(state: State, card: int, side: str, events: list[Event]) -> None:
    kind = _kind(state, card)
    events.append(ClimateEvent(kind.id, side))
    if kind.hole < 0:
        removed = min(state.watering_hole, -kind.hole)
        state.watering_hole -= removed
        state.food_out += removed
    elif kind.hole > 0:
        state.watering_hole += kind.hole
        state.food_in += kind.hole
    for seat, _, species in state.all_species():
        if kind.fat and species.fat:
            state.food_out += species.fat
            species.fat = 0
        if kind.pop and kind.bodies[0] <= species.body <= kind.bodies[1]:
            amount = kind.pop - shield(state, species, side, event=True)
            if amount > 0:
                ops.lose_population(state, seat, species, amount, kind.id, events)


def view(state: State) -> dict[str, Any]:
    """The climate as every seat sees it: marker, the event cards lying out, deck sizes."""
    climate: Climate = state.climate

    def lying(card: int | None) -> dict[str, Any] | None:
        if card is None:
            return None
        kind, at = climate.events[card]
        return {"kind": kind, "zone": ZONES[at]}

    return {
        "zone": ZONES[climate.zone],
        "zones": list(ZONES),
        "cold_event": lying(climate.cold),
        "hot_event": lying(climate.hot),
        "cold_deck": len(climate.cold_deck),
        "hot_deck": len(climate.hot_deck),
        "set_aside": len(climate.set_aside),
    }
