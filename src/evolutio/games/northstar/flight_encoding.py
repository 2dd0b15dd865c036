"""North Star's encoding with the Flight expansion (``expansions=flight``), for learning agents.

The base encoding (``encoding.py``) hands a game with Flight to this one. The same rules as
there: seats relative to the acting seat, species by slot, a card named by its kind (trait or
event, and food value); the kinds add Flight's cards after the 17 base traits. Added to the
actions: a new avian species (the two cards' kinds, lower first, and the side), feeding at the
Cliff, and a flying carnivore's discard (the card's kind and the defence it switches off).
Added to the observation: the Cliff, the cards set aside, the Flight cards left, and per
species whether it is avian and its upkeep paid and owed.

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

from evolutio.core.encoding import ActionLayout, ObservationLayout, one_hot_index
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
from evolutio.games.northstar.cards import FOOD_MAX, FOOD_MIN
from evolutio.games.northstar.cards import TRAIT_IDS as BASE_TRAITS
from evolutio.games.northstar.climate_cards import CLIMATE_TRAITS, ICONS_MAX
from evolutio.games.northstar.flight import EatCliff, NewAvian, is_avian, upkeep_of
from evolutio.games.northstar.flight_traits import EVENT_IDS, FLIGHT_NEGATES
from evolutio.games.northstar.flight_traits import TRAIT_IDS as FLIGHT_TRAITS
from evolutio.games.northstar.state import PHASES, State
from evolutio.games.northstar.trait import TRAITS

MAX_SPECIES = 12
MAX_TRAITS = 3
FOODS = FOOD_MAX - FOOD_MIN + 1
#: every trait a species may carry, then the event cards (kinds only).
TRAIT_IDS = (*BASE_TRAITS, "flight", *FLIGHT_TRAITS)
CARD_IDS = (*TRAIT_IDS, *EVENT_IDS)
KINDS = len(CARD_IDS) * FOODS
CARD_INDEX = {card: i for i, card in enumerate(CARD_IDS)}
TRAIT_INDEX = {trait: i for i, trait in enumerate(TRAIT_IDS)}
NEGATABLE = tuple(t for t in TRAIT_IDS if TRAITS[t].negatable)
SIDES = ("left", "right")
SPECIES_SCALARS = ("exists", "body", "population", "food", "fat", "fat_capacity", "hungry",
                   "carnivore", "hidden_traits", "avian", "upkeep", "upkeep_cost")
TRAITS_AT = len(SPECIES_SCALARS)
SPECIES_FEATURES = TRAITS_AT + len(TRAIT_IDS)
SEAT_FEATURES = 5


ICONS = 2 * ICONS_MAX + 1
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
    layout.add("done", (), "end the play-cards turn or the before-feeding uses")
    layout.add("pass", (), "leave this round's feeding")
    if climate:
        layout.add("food", [("kind", t.kinds * ICONS)],
                   "put a card of a kind (trait or event, food value, climate icons) on the "
                   "watering hole")
    else:
        layout.add("food", [kind], "put a card of a kind on the watering hole")
    layout.add("species", [kind, ("side", 2)], "discard a card for a new species (left, right)")
    layout.add("avian", [("kind", t.kinds), ("extra", t.kinds), ("side", 2)],
               "discard two cards (kinds, the lower first) for a new avian species")
    layout.add("grow", [kind, species, ("track", 2)],
               "discard a card for +1 body size or +1 population of an own species")
    layout.add("trait", [kind, species, ("replace", t.most + 1)],
               "play a card as a trait on an own species (replace: none, or the trait card "
               "at position replace-1)")
    layout.add("use", [species, ("trait", len(t.trait_ids))],
               "use a trait of an own species (Long Neck, Fertile, Brood Parasite, ...)")
    layout.add("intelligence", [species, kind, ("negate", len(t.negatable) + 1)],
               "use Intelligence discarding a card of a kind (negate: none, or the trait "
               "switched off: " + ", ".join(t.negatable) + ")")
    layout.add("flight", [species, kind, ("negate", len(FLIGHT_NEGATES))],
               "a flying carnivore discards a card of a kind to switch off "
               + ", ".join(FLIGHT_NEGATES))
    layout.add("eat", [species], "feed an own species at the watering hole")
    layout.add("cliff", [species], "feed an own species with Flight at the Cliff")
    layout.add("attack", [species, ("target", players * MAX_SPECIES)],
               "an own carnivore attacks a species (relative seat × slot)")
    return layout


@cache
def observation(players: int, climate: bool = False) -> ObservationLayout:
    t = tables(climate)
    kinds = t.kinds * ICONS if climate else t.kinds
    layout = ObservationLayout()
    layout.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
    layout.add("round", 4, "round / 10, last round announced, bell (this is the last), "
               "watering hole / 10")
    layout.add("flight", 3, "the Cliff / 10, cards set aside / 40, Flight cards left / 12")
    layout.add("deck", 1, "deck size / 100")
    layout.add("first_player", players, "one-hot relative seat of the first player")
    layout.add("current", players, "one-hot relative seat whose turn it is")
    layout.add("hand", kinds, "cards in the own hand per kind")
    layout.add("food_card", kinds, "one-hot kind of the own chosen food card")
    layout.add("discard", kinds, "cards in the discard pile per kind")
    layout.add("intel", players * MAX_SPECIES + len(t.trait_ids),
               "a switch-off in force: one-hot species, then the traits it switched off")
    layout.add("seats", players * SEAT_FEATURES,
               "per relative seat: hand size / 10, food in the bag / 10, food card chosen, "
               "passed, species / 5")
    layout.add("species", players * MAX_SPECIES * t.features,
               f"per relative seat, per slot ({t.features} each): "
               + ", ".join(SPECIES_SCALARS) + "; face-up (or own) trait cards per trait")
    if climate:
        from evolutio.games.northstar.climate_cards import ZONES
        from evolutio.games.northstar.encoding import CLIMATE_FEATURES

        layout.add("climate", CLIMATE_FEATURES,
                   "one-hot zone of the marker (" + ", ".join(ZONES) + "); the cold event "
                   "card lying out (one-hot kind, one-hot zone), the hot one likewise; cold "
                   "deck / 15, hot deck / 15, set-aside cards / 100")
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
    assert state.flight is not None
    n = state.num_players
    climate = state.climate is not None
    t = tables(climate)
    features = t.features
    off = observation(n, climate).offsets
    out[off["phase"] + one_hot_index(PHASES, state.phase)] = 1.0
    base = off["round"]
    out[base] = state.round / 10
    out[base + 1] = float(state.last_round is not None)
    out[base + 2] = float(state.last_round is not None and state.round >= state.last_round)
    out[base + 3] = state.watering_hole / 10
    base = off["flight"]
    out[base] = state.flight.cliff / 10
    out[base + 1] = len(state.flight.reserve) / 40
    out[base + 2] = len(state.flight.supply) / 12
    out[off["deck"]] = len(state.deck) / 100
    out[off["first_player"] + (state.first_player - seat) % n] = 1.0
    out[off["current"] + (state.current - seat) % n] = 1.0
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
        base = off["seats"] + r * SEAT_FEATURES
        out[base] = len(player.hand) / 10
        out[base + 1] = player.bag / 10
        out[base + 2] = float(player.food_card is not None)
        out[base + 3] = float(player.passed)
        out[base + 4] = len(player.species) / 5
        row = off["species"] + r * MAX_SPECIES * features
        for slot, species in enumerate(player.species[:MAX_SPECIES]):
            places[species.id] = r * MAX_SPECIES + slot
            at = row + slot * features
            out[at] = 1.0
            out[at + 1] = species.body / 6
            out[at + 2] = species.pop / 6
            out[at + 3] = species.food
            out[at + 4] = species.fat
            cost = upkeep_of(state, species)
            paid = state.flight.upkeep.get(species.id, 0)
            out[at + 6] = float(species.food < species.pop or paid < cost)
            hidden, carnivore, capacity = 0, False, 0
            for card in species.traits:
                if r and card in state.face_down:
                    hidden += 1
                    continue
                trait = state.cards[card][0]
                out[at + TRAITS_AT + t.trait_index[trait]] += 1.0
                carnivore = carnivore or TRAITS[trait].meat_only
                capacity += TRAITS[trait].fat_capacity(species)
            if hidden:
                out[at + 8] = hidden
            else:
                out[at + 5] = capacity
                out[at + 7] = float(carnivore)
            out[at + 9] = float(is_avian(state, species))
            out[at + 10] = paid
            out[at + 11] = cost
    if state.intel is not None:
        base = off["intel"]
        place = places.get(state.intel[0])
        if place is not None:
            out[base + place] = 1.0
        for trait in state.intel[1]:
            out[base + n * MAX_SPECIES + t.trait_index[trait]] = 1.0
    if state.climate is not None:
        from evolutio.games.northstar.encoding import _observe_climate

        _observe_climate(state.climate, out, off["climate"])
