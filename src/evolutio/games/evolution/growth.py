"""Plants («Эволюция. Растения»): the plants laid out at the start and the growth phase that
ends each turn (flora.py holds the plants and their data)."""

from __future__ import annotations

from evolutio.core.game import Event
from evolutio.games.evolution.events import PhaseStarted
from evolutio.games.evolution.flora import (
    GROWTH,
    PLANTS,
    Flora,
    Plant,
    PlantAppeared,
    PlantDied,
    PlantGrew,
    PlantTable,
    plant_kinds,
    plant_tables,
)
from evolutio.games.evolution.geography import CONTINENTS
from evolutio.games.evolution.state import State
from evolutio.games.evolution.trait import PLANT_RULES


def setup_flora(state: State, events: list[Event] | None = None) -> None:
    """A game with Plants: the plant deck shuffled by the game's RNG and the first plants
    laid out (the table by player count)."""
    if PLANTS not in state.options["expansions"]:
        return
    flora = Flora()
    for kind in plant_kinds().values():
        flora.deck.extend([kind.kind] * kind.count)
    state.rng.shuffle(flora.deck)
    state.flora = flora
    for _ in range(table_for(state).start):
        lay_out(state, flora, events)


def table_for(state: State) -> PlantTable:
    tables = plant_tables()
    return tables.get(state.num_players) or tables[max(tables)]


def lay_out(state: State, flora: Flora, events: list[Event] | None) -> Plant | None:
    """The top plant card of the plant deck goes on the table with its starting tokens."""
    if not flora.deck:
        return None
    kind = flora.deck.pop()
    return add_plant(state, flora, kind, 0, events)


def add_plant(
    state: State, flora: Flora, kind: str, host: int, events: list[Event] | None
) -> Plant:
    """A new plant on the table with its starting tokens and shelters, at its location
    (``plant_location``)."""
    data = plant_kinds()[kind]
    location = flora.plants[host].location if host else plant_location(state, flora)
    plant = Plant(flora.next_plant, kind, data.start, host, location)
    flora.next_plant += 1
    plant.shelters = plant.shelter_capacity()
    flora.plants[plant.id] = plant
    state.food_created += data.start
    if events is not None:
        events.append(PlantAppeared(plant.id, kind, data.start, location))
    return plant


def plant_location(state: State, flora: Flora) -> str:
    """Where a new plant from the deck is laid out (*project*, docs/rules/evolution.md
    "Plants", "With the other sets"): with Continents, on the continent that holds the fewest
    plants, Parasitic plants not counted (ties: Laurasia); no plant grows in the Ocean.
    Without Continents: nowhere ("")."""
    if not state.geography:
        return ""
    counts = {place: 0 for place in CONTINENTS}
    for plant in flora.plants.values():
        if not plant.host and plant.location in counts:
            counts[plant.location] += 1
    return min(CONTINENTS, key=lambda place: counts[place])


def remove_plant(state: State, flora: Flora, plant: Plant, cause: str, events: list[Event]) -> None:
    """A plant dies: its tokens leave, its trait cards go to the discard of the seats that
    played them, its Mycorrhiza links go, and the Parasitic plants on it die too."""
    if plant.id not in flora.plants:
        return
    del flora.plants[plant.id]
    state.food_removed += plant.food
    if plant.host == 0:
        flora.discard.append(plant.kind)
    for card, _ in plant.traits:
        seat = state.played_by.get(card)
        if seat is not None:
            state.players[seat].discard.append(card)
    for link in [link for link in flora.links if plant.id in link[1:]]:
        flora.links.remove(link)
        seat = state.played_by.get(link[0])
        if seat is not None:
            state.players[seat].discard.append(link[0])
    events.append(PlantDied(plant.id, cause))
    for other in [p for p in flora.plants.values() if p.host == plant.id]:
        remove_plant(state, flora, other, "host", events)


def grow(state: State, events: list[Event]) -> None:
    """The growth phase (project's order, docs/rules/evolution.md "Plants"): plants with no
    token die unless they survive empty or a trait of the table keeps them (``keeps_alive``);
    the others grow by their rows (a Liana by one token per other plant that is no Liana);
    the traits act (``after_growth``); new plants are laid out up to the table's most; every
    plant's shelter tokens are laid out again."""
    flora = state.flora
    if flora is None:
        return
    events.append(PhaseStarted(state.turn, GROWTH, state.first_player))
    for plant in [p for p in flora.plants.values() if p.doomed]:
        remove_plant(state, flora, plant, "poisoned", events)
    for plant in list(flora.plants.values()):
        if plant.id not in flora.plants or plant.food > 0 or plant.data.survives_empty:
            continue
        if any(rule.keeps_alive(state, flora, plant) for rule in PLANT_RULES.values()):
            continue
        remove_plant(state, flora, plant, "empty", events)
    others = sum(1 for p in flora.plants.values() if p.kind != "liana")
    for plant in flora.plants.values():
        data = plant.data
        if data.special == "liana":
            after = min(plant.most, plant.food + others)
        else:
            after = data.grown(plant.food)
        if after != plant.food:
            state.food_created += after - plant.food
            plant.food = after
            events.append(PlantGrew(plant.id, after))
    for rule in PLANT_RULES.values():
        rule.after_growth(state, flora, events)
    table = table_for(state)
    for _ in range(table.add):
        if flora.rooted() >= table.most or lay_out(state, flora, events) is None:
            break
    for plant in flora.plants.values():
        plant.shelters = plant.shelter_capacity()

