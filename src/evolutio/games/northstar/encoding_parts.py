"""The parts of North Star's encoding for learning agents that the base layout (encoding.py)
and the Flight layout (flight_encoding.py) share: the caps, the action blocks and
observation segments both name, and the writers of those segments. Each layout calls them in
its own order and adds its own blocks between them, so both keep their tables (docs/rl.md).
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence, Sequence
from typing import Any

from evolutio.core.encoding import ActionLayout, ObservationLayout, one_hot_index
from evolutio.games.northstar.cards import FOOD_MAX, FOOD_MIN
from evolutio.games.northstar.climate_cards import ICONS_MAX, ZONES
from evolutio.games.northstar.state import PHASES, Player, Species, State
from evolutio.games.northstar.trait import TRAITS

MAX_SPECIES = 12
FOODS = FOOD_MAX - FOOD_MIN + 1
#: a card named as a food card in Climate also names its icons, -3..+3.
ICONS = 2 * ICONS_MAX + 1
SIDES = ("left", "right")
#: the scalars every species starts with; a layout may add its own after them.
SPECIES_SCALARS = ("exists", "body", "population", "food", "fat", "fat_capacity", "hungry",
                   "carnivore", "hidden_traits")
SEAT_FEATURES = 5
#: the Climate segment: the zone, each side's event card (kind, zone), the decks' sizes.
EVENT_KINDS = {"cold": ("blizzard", "frost", "ice_age"), "hot": ("heat_wave", "drought",
                                                                 "wildfire")}
CLIMATE_FEATURES = len(ZONES) + 2 * (3 + len(ZONES)) + 3

Axis = tuple[str, int]


# -- the action blocks ------------------------------------------------------------------------


def add_done_pass(layout: ActionLayout) -> None:
    layout.add("done", (), "end the play-cards turn or the before-feeding uses")
    layout.add("pass", (), "leave this round's feeding")


def add_food(layout: ActionLayout, kinds: int, climate: bool, named: str = "trait") -> None:
    """A food card by its kind (with Climate, ``kinds`` × its icons; ``named``: what a kind
    names besides the food value)."""
    if climate:
        layout.add("food", [("kind", kinds * ICONS)],
                   f"put a card of a kind ({named}, food value, climate icons) on the watering "
                   "hole")
    else:
        layout.add("food", [("kind", kinds)], "put a card of a kind on the watering hole")


def add_species(layout: ActionLayout, kind: Axis) -> None:
    layout.add("species", [kind, ("side", 2)], "discard a card for a new species (left, right)")


def add_grow_trait(layout: ActionLayout, kind: Axis, most: int) -> None:
    """Growth and a trait played (``most``: traits a species holds)."""
    species = ("species", MAX_SPECIES)
    layout.add("grow", [kind, species, ("track", 2)],
               "discard a card for +1 body size or +1 population of an own species")
    layout.add("trait", [kind, species, ("replace", most + 1)],
               "play a card as a trait on an own species (replace: none, or the trait card "
               "at position replace-1)")


def add_use_intelligence(layout: ActionLayout, kind: Axis, traits: int, examples: str,
                         negatable: Sequence[str]) -> None:
    """A trait used (``examples``: a few names for the docs) and Intelligence's discard."""
    species = ("species", MAX_SPECIES)
    layout.add("use", [species, ("trait", traits)],
               f"use a trait of an own species ({examples}, ...)")
    layout.add("intelligence", [species, kind, ("negate", len(negatable) + 1)],
               "use Intelligence discarding a card of a kind (negate: none, or the trait "
               "switched off: " + ", ".join(negatable) + ")")


def add_eat(layout: ActionLayout) -> None:
    layout.add("eat", [("species", MAX_SPECIES)], "feed an own species at the watering hole")


def add_attack(layout: ActionLayout, players: int) -> None:
    layout.add("attack", [("species", MAX_SPECIES), ("target", players * MAX_SPECIES)],
               "an own carnivore attacks a species (relative seat × slot)")


# -- the observation segments -----------------------------------------------------------------


def add_phase_round(layout: ObservationLayout) -> None:
    layout.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
    layout.add("round", 4, "round / 10, last round announced, bell (this is the last), "
               "watering hole / 10")


def add_table(layout: ObservationLayout, players: int, kinds: int) -> None:
    """The deck, the turn and the cards seen by kind (``kinds``)."""
    layout.add("deck", 1, "deck size / 100")
    layout.add("first_player", players, "one-hot relative seat of the first player")
    layout.add("current", players, "one-hot relative seat whose turn it is")
    layout.add("hand", kinds, "cards in the own hand per kind")
    layout.add("food_card", kinds, "one-hot kind of the own chosen food card")
    layout.add("discard", kinds, "cards in the discard pile per kind")


def add_seats(layout: ObservationLayout, players: int, traits: int, intel: str,
              features: int, scalars: Sequence[str]) -> None:
    """A switch-off in force (``intel`` names it), the seats and their species."""
    layout.add("intel", players * MAX_SPECIES + traits,
               f"{intel} in force: one-hot species, then the traits it switched off")
    layout.add("seats", players * SEAT_FEATURES,
               "per relative seat: hand size / 10, food in the bag / 10, food card chosen, "
               "passed, species / 5")
    layout.add("species", players * MAX_SPECIES * features,
               f"per relative seat, per slot ({features} each): "
               + ", ".join(scalars) + "; face-up (or own) trait cards per trait")


def add_climate(layout: ObservationLayout) -> None:
    layout.add("climate", CLIMATE_FEATURES,
               "one-hot zone of the marker (" + ", ".join(ZONES) + "); the cold event "
               "card lying out (one-hot kind, one-hot zone), the hot one likewise; cold "
               "deck / 15, hot deck / 15, set-aside cards / 100")


# -- the writers ------------------------------------------------------------------------------


def write_phase_round(state: State, out: MutableSequence[float], off: Mapping[str, int]) -> None:
    out[off["phase"] + one_hot_index(PHASES, state.phase)] = 1.0
    base = off["round"]
    out[base] = state.round / 10
    out[base + 1] = float(state.last_round is not None)
    out[base + 2] = float(state.last_round is not None and state.round >= state.last_round)
    out[base + 3] = state.watering_hole / 10


def write_turn(state: State, seat: int, out: MutableSequence[float],
               off: Mapping[str, int]) -> None:
    """The deck's size and the first and current seats, relative to ``seat``."""
    n = state.num_players
    out[off["deck"]] = len(state.deck) / 100
    out[off["first_player"] + (state.first_player - seat) % n] = 1.0
    out[off["current"] + (state.current - seat) % n] = 1.0


def write_seat(player: Player, out: MutableSequence[float], base: int) -> None:
    out[base] = len(player.hand) / 10
    out[base + 1] = player.bag / 10
    out[base + 2] = float(player.food_card is not None)
    out[base + 3] = float(player.passed)
    out[base + 4] = len(player.species) / 5


def write_species(state: State, species: Species, hidden_from: bool,
                  trait_index: Mapping[str, int], traits_at: int,
                  out: MutableSequence[float], at: int) -> None:
    """A species' first scalars and its trait cards (``hidden_from``: another seat's, whose
    face-down cards count without their names); ``hungry`` is left to the caller."""
    out[at] = 1.0
    out[at + 1] = species.body / 6
    out[at + 2] = species.pop / 6
    out[at + 3] = species.food
    out[at + 4] = species.fat
    hidden, carnivore, capacity = 0, False, 0
    for card in species.traits:
        if hidden_from and card in state.face_down:
            hidden += 1
            continue
        trait = state.cards[card][0]
        out[at + traits_at + trait_index[trait]] += 1.0
        hook = TRAITS[trait]
        carnivore = carnivore or hook.meat_only
        capacity += hook.fat_capacity(species)  # ops.fat_capacity, in one pass
    if hidden:
        out[at + 8] = hidden
    else:
        out[at + 5] = capacity
        out[at + 7] = float(carnivore)


def write_intel(state: State, places: Mapping[int, int], trait_index: Mapping[str, int],
                out: MutableSequence[float], base: int) -> None:
    """Intelligence (or a flying carnivore's discard) in force: the species, the traits."""
    if state.intel is None:
        return
    place = places.get(state.intel[0])
    if place is not None:
        out[base + place] = 1.0
    for trait in state.intel[1]:
        out[base + state.num_players * MAX_SPECIES + trait_index[trait]] = 1.0


def write_climate(climate: Any, out: MutableSequence[float], base: int) -> None:
    """The Climate segment (``add_climate``): the zone, the event cards out, the decks."""
    out[base + climate.zone] = 1.0
    at = base + len(ZONES)
    for side, card in (("cold", climate.cold), ("hot", climate.hot)):
        if card is not None:
            kind, zone = climate.events[card]
            if kind in EVENT_KINDS[side]:
                out[at + EVENT_KINDS[side].index(kind)] = 1.0
            out[at + 3 + zone] = 1.0
        at += 3 + len(ZONES)
    out[at] = len(climate.cold_deck) / 15
    out[at + 1] = len(climate.hot_deck) / 15
    out[at + 2] = len(climate.set_aside) / 100
