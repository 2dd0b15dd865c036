"""Evolution's encoding with the Plants set (``expansions=plants``), for learning agents.

The base encoding (``encoding.py``) hands a game with plants to this one. The same rules as
there: seats relative to the acting seat, animals by slot, a card named by its kind. The card
kinds are the base layout's, then the Plants set's; a face that is a plant trait is never
played on an animal. Added to the actions, one block each, plants named by their place on the
table (slot 0 = the earliest laid out): a plant trait played on a plant, Mycorrhiza joining two
plants, an own animal taking a red token or a shelter token from a plant, feeding a Parasitic
plant from its host, and sending a Carnivorous plant at an animal. Added to the observation:
the plant deck and the dead plants' cards, each plant (tokens, kind, traits, shelters, host,
Mycorrhiza partners...), the animals in a shelter, and the plant traits on the faces of the
own animals' cards; with Continents too (only then, so that the layout without them stays
the same), each plant's location.

``max_plants``: the most plants a game can hold, read from the data: the table's most rooted
plants for the seat count (growth stops laying out plants there) plus one Parasitic plant per
``parasitic_plant`` card of the set. A position built by hand may hold more: the plants beyond
the cap have no slot (no features, their actions no index), and the ``flora`` segment counts
them.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from functools import cache

from evolutio.core.encoding import ActionLayout, ObservationLayout
from evolutio.core.game import Action
from evolutio.games.evolution.cards import card_kinds
from evolutio.games.evolution.encoding_parts import (
    KINDS,
    MAX_ANIMALS,
    add_blocks,
    add_segments,
    card_tables,
    index_of,
    slots,
    write,
)
from evolutio.games.evolution.flora import PLANTS, plant_kinds, plant_tables
from evolutio.games.evolution.geography import CONTINENTS
from evolutio.games.evolution.ops import IN_SHELL
from evolutio.games.evolution.plants import (
    PLANT_ATTACK,
    PLANT_TRAITS,
    Forage,
    Parasitize,
    PlantAttack,
    PlayPlantPair,
    PlayPlantTrait,
    TakeShelter,
)
from evolutio.games.evolution.state import State
from evolutio.games.evolution.traits.plants import RULES

#: the plant traits played between two plants (Mycorrhiza).
PAIRED_PLANT_TRAITS = frozenset(trait for trait, rule in RULES.items() if rule.joins)

#: the card kinds of every set: the base layout's, then the Plants set's.
ALL_KINDS = KINDS + tuple(faces for card_set, faces, _ in card_kinds() if card_set == PLANTS)
CARDS = card_tables(ALL_KINDS, PLANT_TRAITS)
#: a (kind, face) a card is played as on plants: single plant traits and Mycorrhiza apart.
PLANT_PLAYS = tuple((k, f) for k, faces in enumerate(ALL_KINDS) for f in faces
                    if f in PLANT_TRAITS and f not in PAIRED_PLANT_TRAITS)
PLANT_PAIR_PLAYS = tuple((k, f) for k, faces in enumerate(ALL_KINDS) for f in faces
                         if f in PAIRED_PLANT_TRAITS)
PLANT_PLAY_INDEX = {play: i for i, play in enumerate(PLANT_PLAYS)}
PLANT_PAIR_INDEX = {play: i for i, play in enumerate(PLANT_PAIR_PLAYS)}
#: the kinds of plant on the table (the plant deck's, then the Parasitic plant).
PLANT_KINDS = tuple(plant_kinds())
PLANT_KIND_INDEX = {kind: i for i, kind in enumerate(PLANT_KINDS)}
PLANT_TRAIT_IDS = tuple(sorted(PLANT_TRAITS))
PLANT_TRAIT_INDEX = {trait: i for i, trait in enumerate(PLANT_TRAIT_IDS)}
#: Parasitic plants that can be on the table at once: one per card of the set.
PARASITES = sum(count for card_set, faces, count in card_kinds()
                if card_set == PLANTS and "parasitic_plant" in faces)
PLANT_SCALARS = ("exists", "food", "most", "shelters", "shelter_capacity", "fruit", "doomed",
                 "attacked", "source")
#: offsets inside a plant's features: scalars, kind, traits, then host and partners by slot.
KIND_AT = len(PLANT_SCALARS)
TRAITS_AT = KIND_AT + len(PLANT_KINDS)
HOST_AT = TRAITS_AT + len(PLANT_TRAIT_IDS)
FLORA_FEATURES = 4


def max_plants(players: int) -> int:
    """The most plants a game of ``players`` seats can hold (the module's docstring)."""
    tables = plant_tables()
    table = tables.get(players) or tables[max(tables)]
    return table.most + PARASITES


def plant_features(players: int) -> int:
    """The features of one plant: scalars, kind, traits, host slot, partners by slot."""
    return HOST_AT + 2 * max_plants(players)


@cache
def actions(players: int) -> ActionLayout:
    layout = ActionLayout()
    add_blocks(layout, players, CARDS)
    plant = ("plant", max_plants(players))
    own = ("animal", MAX_ANIMALS)
    layout.add("plant_trait", [("play", len(PLANT_PLAYS)), plant],
               "play a card of a kind as a plant trait on a plant (plant: its place on the "
               "table)")
    layout.add("plant_pair", [("play", len(PLANT_PAIR_PLAYS)), ("first", plant[1]),
                              ("second", plant[1])],
               "join two plants by Mycorrhiza (first: the earlier on the table)")
    layout.add("forage", [own, plant], "an own animal takes a red token from a plant")
    layout.add("shelter", [own, plant], "an own animal takes a shelter token from a plant")
    layout.add("parasitize", [plant], "move a token from its host to this Parasitic plant")
    layout.add("plant_attack", [plant, ("target", players * MAX_ANIMALS)],
               "send this Carnivorous plant at an animal (relative seat × slot)")
    return layout


@cache
def observation(players: int, continents: bool = False) -> ObservationLayout:
    """The observation's segments; ``continents`` adds the plants' locations."""
    layout = ObservationLayout()
    add_segments(layout, players, len(ALL_KINDS))
    count = max_plants(players)
    layout.add("flora", FLORA_FEATURES, "plant deck / 10, dead plants' cards / 10, plants on "
               "the table / 10, plants beyond the cap")
    layout.add("plants", count * plant_features(players),
               f"per plant slot ({plant_features(players)} each): " + ", ".join(PLANT_SCALARS)
               + "; kind one-hot (" + ", ".join(PLANT_KINDS) + "); trait cards per plant "
               "trait (mycorrhiza: its links); one-hot slot of its host (a Parasitic plant); "
               "1 per slot of a Mycorrhiza partner")
    layout.add("sheltered", players * MAX_ANIMALS,
               "per relative seat, per animal slot: in a shelter or a Shell (no attack on it "
               "this turn)")
    layout.add("plant_faces", MAX_ANIMALS * len(PLANT_TRAIT_IDS),
               "per own animal slot: the plant traits on the faces of its card")
    if continents:
        layout.add("plant_places", count * len(CONTINENTS),
                   "per plant slot: its location one-hot (Laurasia, Gondwana; Continents only)")
    return layout


def plant_slots(state: State, players: int) -> dict[int, int]:
    """Plant id -> slot, for the plants within the cap (table order)."""
    assert state.flora is not None
    ids = list(state.flora.plants)[:max_plants(players)]
    return {plant: slot for slot, plant in enumerate(ids)}


def action_indices(state: State, seat: int, found: Sequence[Action]) -> list[int | None]:
    """The index of each action of ``seat`` (None for one the layout cannot name)."""
    n = state.num_players
    layout = actions(n)
    own, table = slots(state, seat)
    plants = plant_slots(state, n)
    out: list[int | None] = []
    for a in found:
        if isinstance(a, Forage | TakeShelter):
            out.append(layout.index(a.type, own.get(a.animal, -1), plants.get(a.plant, -1)))
        elif isinstance(a, PlayPlantTrait):
            kind = CARDS.kind_index.get(state.card_faces[a.card], -1)
            out.append(layout.index("plant_trait", PLANT_PLAY_INDEX.get((kind, a.trait), -1),
                                    plants.get(a.plant, -1)))
        elif isinstance(a, PlayPlantPair):
            kind = CARDS.kind_index.get(state.card_faces[a.card], -1)
            out.append(layout.index("plant_pair", PLANT_PAIR_INDEX.get((kind, a.trait), -1),
                                    plants.get(a.plant, -1), plants.get(a.plant2, -1)))
        elif isinstance(a, Parasitize):
            out.append(layout.index("parasitize", plants.get(a.plant, -1)))
        elif isinstance(a, PlantAttack):
            out.append(layout.index("plant_attack", plants.get(a.plant, -1),
                                    table.get(a.target, -1)))
        else:
            out.append(index_of(state, layout, CARDS, own, table, a))
    return out


def observe(state: State, seat: int, out: MutableSequence[float]) -> None:
    """What ``seat`` sees, written into ``out`` (zeros on entry)."""
    flora = state.flora
    assert flora is not None
    n = state.num_players
    off = observation(n, state.geography).offsets
    write(state, seat, out, off, CARDS.kind_index)
    count = max_plants(n)
    ids = list(flora.plants)
    place = {plant: slot for slot, plant in enumerate(ids[:count])}
    base = off["flora"]
    out[base] = len(flora.deck) / 10
    out[base + 1] = len(flora.discard) / 10
    out[base + 2] = len(ids) / 10
    out[base + 3] = max(0, len(ids) - count)
    width = plant_features(n)
    partners_at = HOST_AT + count
    mycorrhiza = TRAITS_AT + PLANT_TRAIT_INDEX["mycorrhiza"]
    for _, a, b in flora.links:
        for end, partner in ((a, b), (b, a)):
            slot = place.get(end)
            if slot is None:
                continue
            at = off["plants"] + slot * width
            out[at + mycorrhiza] += 1.0
            if partner in place:
                out[at + partners_at + place[partner]] += 1.0
    for plant_id, slot in place.items():
        plant = flora.plants[plant_id]
        at = off["plants"] + slot * width
        out[at] = 1.0
        out[at + 1] = plant.food
        out[at + 2] = plant.most
        out[at + 3] = plant.shelters
        out[at + 4] = plant.shelter_capacity()
        out[at + 5] = float(plant.fruit)
        out[at + 6] = float(plant.doomed)
        out[at + 7] = float(state.used(PLANT_ATTACK, plant_id))
        out[at + 8] = float(flora.source == plant_id)
        out[at + KIND_AT + PLANT_KIND_INDEX[plant.kind]] = 1.0
        for _, trait in plant.traits:
            out[at + TRAITS_AT + PLANT_TRAIT_INDEX[trait]] += 1.0
        host = place.get(plant.host)
        if host is not None:
            out[at + HOST_AT + host] = 1.0
        if plant.location:
            places = off["plant_places"] + slot * len(CONTINENTS)
            out[places + CONTINENTS.index(plant.location)] = 1.0
    cooldowns = state.cooldowns
    base = off["sheltered"]
    for r in range(n):
        player = state.players[(seat + r) % n]
        for slot, animal_id in enumerate(player.animals[:MAX_ANIMALS]):
            if (IN_SHELL, animal_id) in cooldowns:
                out[base + r * MAX_ANIMALS + slot] = 1.0
    base = off["plant_faces"]
    for slot, animal_id in enumerate(state.players[seat].animals[:MAX_ANIMALS]):
        animal = state.animals[animal_id]
        if animal.present:
            for face in state.card_faces[animal.card]:
                face_at = PLANT_TRAIT_INDEX.get(face)
                if face_at is not None:
                    out[base + slot * len(PLANT_TRAIT_IDS) + face_at] = 1.0
