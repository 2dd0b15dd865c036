"""North Star's encoding with the Flight expansion (``expansions=flight``), for learning agents.

The base encoding (``encoding.py``) hands a game with Flight to this one; both are built on the
shared blocks, segments and writers of ``encoding_parts.py``. The same rules as there: seats
relative to the acting seat, species by slot, a card named by its kind (trait or event, and
food value); the kinds add Flight's cards after the 17 base traits. Added to the actions: a new
avian species (the two cards' kinds, lower first, and the side), feeding at the Cliff, and a
flying carnivore's discard (the card's kind and the defence it switches off). Added to the
observation: the Cliff, the cards set aside, the Flight cards left, and per species whether it
is avian and its upkeep paid and owed.

With the Climate edition (``edition=climate``, docs/rules/northstar.md "Climate with Flight")
the kinds are the Climate deck's 21 traits, then Flight's cards; a species holds 4 traits; a
card named as a food card (the ``food`` action, the hand, the food card, the discard pile)
also names its climate icons, as in the Climate layout; and the observation ends with the
Climate layout's ``climate`` segment.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from functools import cache

from evolutio.core.encoding import ActionLayout, ObservationLayout
from evolutio.core.game import Action
from evolutio.games.northstar.actions import (
    Attack,
    ChooseFood,
    Done,
    Eat,
    Grow,
    NewSpecies,
    Pass,
    PlayTrait,
    Use,
)
from evolutio.games.northstar.cards import FOOD_MIN
from evolutio.games.northstar.cards import TRAIT_IDS as BASE_TRAITS
from evolutio.games.northstar.climate_cards import CLIMATE_TRAITS, ICONS_MAX
from evolutio.games.northstar.encoding_parts import (
    FOODS,
    ICONS,
    MAX_SPECIES,
    SEAT_FEATURES,
    SIDES,
    add_attack,
    add_climate,
    add_done_pass,
    add_eat,
    add_food,
    add_grow_trait,
    add_phase_round,
    add_seats,
    add_species,
    add_table,
    add_use_intelligence,
    write_climate,
    write_intel,
    write_phase_round,
    write_seat,
    write_species,
    write_turn,
)
from evolutio.games.northstar.encoding_parts import SPECIES_SCALARS as BASE_SCALARS
from evolutio.games.northstar.flight import EatCliff, NewAvian, is_avian, upkeep_of
from evolutio.games.northstar.flight_traits import EVENT_IDS, FLIGHT_NEGATES
from evolutio.games.northstar.flight_traits import TRAIT_IDS as FLIGHT_TRAITS
from evolutio.games.northstar.state import State
from evolutio.games.northstar.trait import TRAITS

MAX_TRAITS = 3
#: every trait a species may carry, then the event cards (kinds only).
TRAIT_IDS = (*BASE_TRAITS, "flight", *FLIGHT_TRAITS)
CARD_IDS = (*TRAIT_IDS, *EVENT_IDS)
KINDS = len(CARD_IDS) * FOODS
CARD_INDEX = {card: i for i, card in enumerate(CARD_IDS)}
TRAIT_INDEX = {trait: i for i, trait in enumerate(TRAIT_IDS)}
NEGATABLE = tuple(t for t in TRAIT_IDS if TRAITS[t].negatable)
SPECIES_SCALARS = (*BASE_SCALARS, "avian", "upkeep", "upkeep_cost")
TRAITS_AT = len(SPECIES_SCALARS)
SPECIES_FEATURES = TRAITS_AT + len(TRAIT_IDS)
CLIMATE_MAX_TRAITS = 4


@dataclass(frozen=True, slots=True)
class Tables:
    """The card kinds and traits a layout names: Flight's alone, or with the Climate deck."""

    climate: bool
    trait_ids: tuple[str, ...]
    card_index: dict[str, int]
    trait_index: dict[str, int]
    negatable: tuple[str, ...]
    kinds: int
    most: int
    features: int


@cache
def tables(climate: bool = False) -> Tables:
    """The tables of the layout with Flight (``climate``: with the Climate edition too)."""
    if not climate:
        return Tables(False, TRAIT_IDS, CARD_INDEX, TRAIT_INDEX, NEGATABLE, KINDS, MAX_TRAITS,
                      SPECIES_FEATURES)
    traits = (*CLIMATE_TRAITS, "flight", *FLIGHT_TRAITS)
    cards = (*traits, *EVENT_IDS)
    return Tables(True, traits, {c: i for i, c in enumerate(cards)},
                  {t: i for i, t in enumerate(traits)},
                  tuple(t for t in traits if TRAITS[t].negatable), len(cards) * FOODS,
                  CLIMATE_MAX_TRAITS, TRAITS_AT + len(traits))


def kind_of(state: State, card: int) -> int:
    """The kind index of a card: its trait or event, and its food value."""
    trait, food = state.cards[card]
    index = CARD_INDEX if state.climate is None else tables(True).card_index
    return index[trait] * FOODS + food - FOOD_MIN


def food_kind(state: State, card: int) -> int:
    """The kind of a card named as a food card: with Climate its icons too."""
    if state.climate is None:
        return kind_of(state, card)
    icons: int = state.climate.icons[card]
    return kind_of(state, card) * ICONS + icons + ICONS_MAX


@cache
def actions(players: int, climate: bool = False) -> ActionLayout:
    t = tables(climate)
    species = ("species", MAX_SPECIES)
    kind = ("kind", t.kinds)
    layout = ActionLayout()
    add_done_pass(layout)
    add_food(layout, t.kinds, climate, "trait or event")
    add_species(layout, kind)
    layout.add("avian", [("kind", t.kinds), ("extra", t.kinds), ("side", 2)],
               "discard two cards (kinds, the lower first) for a new avian species")
    add_grow_trait(layout, kind, t.most)
    add_use_intelligence(layout, kind, len(t.trait_ids), "Long Neck, Fertile, Brood Parasite",
                         t.negatable)
    layout.add("flight", [species, kind, ("negate", len(FLIGHT_NEGATES))],
               "a flying carnivore discards a card of a kind to switch off "
               + ", ".join(FLIGHT_NEGATES))
    add_eat(layout)
    layout.add("cliff", [species], "feed an own species with Flight at the Cliff")
    add_attack(layout, players)
    return layout


@cache
def observation(players: int, climate: bool = False) -> ObservationLayout:
    t = tables(climate)
    layout = ObservationLayout()
    add_phase_round(layout)
    layout.add("flight", 3, "the Cliff / 10, cards set aside / 40, Flight cards left / 12")
    add_table(layout, players, t.kinds * ICONS if climate else t.kinds)
    add_seats(layout, players, len(t.trait_ids), "a switch-off", t.features, SPECIES_SCALARS)
    if climate:
        add_climate(layout)
    return layout


def action_indices(state: State, seat: int, found: Sequence[Action]) -> list[int | None]:
    """The index of each action of ``seat`` (None for one the layout cannot name)."""
    n = state.num_players
    climate = state.climate is not None
    t = tables(climate)
    layout = actions(n, climate)
    mine = {s.id: (slot, s) for slot, s in enumerate(state.players[seat].species[:MAX_SPECIES])}
    table = {sp.id: r * MAX_SPECIES + slot for r in range(n)
             for slot, sp in enumerate(state.players[(seat + r) % n].species[:MAX_SPECIES])}
    out: list[int | None] = []
    for a in found:
        index: int | None = None
        if isinstance(a, (Done, Pass)):
            index = layout.index(a.type)
        elif isinstance(a, ChooseFood):
            index = layout.index("food", food_kind(state, a.card))
        elif isinstance(a, NewSpecies):
            index = layout.index("species", kind_of(state, a.card), SIDES.index(a.side))
        elif isinstance(a, NewAvian):
            low, high = sorted((kind_of(state, a.card), kind_of(state, a.extra)))
            index = layout.index("avian", low, high, SIDES.index(a.side))
        elif isinstance(a, Grow) and a.species in mine:
            index = layout.index("grow", kind_of(state, a.card), mine[a.species][0],
                                 a.track == "pop")
        elif isinstance(a, PlayTrait) and a.species in mine:
            traits = mine[a.species][1].traits
            where = 0 if a.replace is None else (
                traits.index(a.replace) + 1 if a.replace in traits else -1)
            if 0 <= where <= t.most:
                index = layout.index("trait", kind_of(state, a.card), mine[a.species][0], where)
        elif isinstance(a, Use) and a.species in mine:
            slot = mine[a.species][0]
            if a.card is None:
                index = layout.index("use", slot, t.trait_index[a.trait])
            elif a.trait == "flight" and a.negate in FLIGHT_NEGATES:
                index = layout.index("flight", slot, kind_of(state, a.card),
                                     FLIGHT_NEGATES.index(a.negate))
            elif a.trait == "intelligence":
                negate = 0 if a.negate is None else (
                    t.negatable.index(a.negate) + 1 if a.negate in t.negatable else -1)
                if negate >= 0:
                    index = layout.index("intelligence", slot, kind_of(state, a.card), negate)
        elif isinstance(a, Eat) and a.species in mine:
            index = layout.index("eat", mine[a.species][0])
        elif isinstance(a, EatCliff) and a.species in mine:
            index = layout.index("cliff", mine[a.species][0])
        elif isinstance(a, Attack) and a.species in mine and a.target in table:
            index = layout.index("attack", mine[a.species][0], table[a.target])
        out.append(index)
    return out


def observe(state: State, seat: int, out: MutableSequence[float]) -> None:
    """What ``seat`` sees, written into ``out`` (zeros on entry)."""
    fl = state.flight
    assert fl is not None
    n = state.num_players
    climate = state.climate is not None
    t = tables(climate)
    off = observation(n, climate).offsets
    write_phase_round(state, out, off)
    base = off["flight"]
    out[base] = fl.cliff / 10
    out[base + 1] = len(fl.reserve) / 40
    out[base + 2] = len(fl.supply) / 12
    write_turn(state, seat, out, off)
    me = state.players[seat]
    for card in me.hand:
        out[off["hand"] + food_kind(state, card)] += 1.0
    if me.food_card is not None:
        out[off["food_card"] + food_kind(state, me.food_card)] = 1.0
    for kind, count in Counter(food_kind(state, c) for c in state.discard).items():
        out[off["discard"] + kind] = count
    places: dict[int, int] = {}
    for r in range(n):
        player = state.players[(seat + r) % n]
        write_seat(player, out, off["seats"] + r * SEAT_FEATURES)
        row = off["species"] + r * MAX_SPECIES * t.features
        for slot, species in enumerate(player.species[:MAX_SPECIES]):
            places[species.id] = r * MAX_SPECIES + slot
            at = row + slot * t.features
            write_species(state, species, r > 0, t.trait_index, TRAITS_AT, out, at)
            cost = upkeep_of(state, species)
            paid = fl.upkeep.get(species.id, 0)
            out[at + 6] = float(species.food < species.pop or paid < cost)
            out[at + 9] = float(is_avian(state, species))
            out[at + 10] = paid
            out[at + 11] = cost
    write_intel(state, places, t.trait_index, out, off["intel"])
    if state.climate is not None:
        write_climate(state.climate, out, off["climate"])
