"""Taking food, losing population, extinction, drawing and new species.

Seed 002 "Fressen", "Aussterben", "Fine del gioco"; rulings R-N04, R-N09, R-N14, R-N15,
R-N27, R-N38 of rules/northstar.md.
"""

from __future__ import annotations

from evolutio.core.game import Event
from evolutio.games.northstar.events import (
    Drew,
    Extinct,
    PopulationLost,
    Reshuffled,
    SetAsideDealt,
    Took,
)
from evolutio.games.northstar.refusals import refusal
from evolutio.games.northstar.state import Species, State
from evolutio.games.northstar.trait import traits_of

MAX_TRACK = 6
#: food sources: the watering hole, the food bank as plant food (Long Neck, Intelligence),
#: the food bank as meat (attacks, Scavenger).
PLANT_SOURCES = ("plant", "bank_plant")


def max_track(state: State) -> int:
    """Body size and population run 1..6 (R-N34); 7 in the course variant."""
    return 7 if state.options["variant"] == "cs4500" else MAX_TRACK


def fat_capacity(state: State, species: Species) -> int:
    return sum(t.fat_capacity(species) for t in traits_of(state, species))


def room(state: State, species: Species) -> int:
    """Food it can still take: its hunger, then fat room (R-N27)."""
    food = max(0, species.pop - species.food) + max(
        0, fat_capacity(state, species) - species.fat
    )
    if state.flight is not None:  # Flight: upkeep is paid first
        from evolutio.games.northstar.flight import upkeep_due

        food += upkeep_due(state, species)
    return food


def full_refusal(state: State, species: Species, key: str) -> str:
    """Why a species with no room takes no more food: refusal ``key`` ("fed", "full"), or,
    with a trait that stores fat, that it is fed and its fat is full too (``fat_full``)."""
    holders = [t for t in traits_of(state, species) if t.fat_capacity(species)]
    if holders:
        return refusal("fat_full", species=species.id, fat=species.fat,
                       capacity=fat_capacity(state, species), trait=holders[0].id)
    return refusal(key, species=species.id)


def hungry(species: Species) -> bool:
    """Hungry = food below population; fat does not count (seed 002 "Fressen", R-N31)."""
    return species.food < species.pop


def can_take(state: State, species: Species, source: str) -> bool:
    """Whether it could take food from ``source`` now: carnivores never take plant food
    (seed 002 "Füttern von Fleischfressern"), the watering hole must hold some."""
    if source in PLANT_SOURCES and any(t.meat_only for t in traits_of(state, species)):
        return False
    if source == "plant" and state.watering_hole <= 0:
        return False
    if source == "cliff":  # Flight: plant food only Flight reaches
        from evolutio.games.northstar.flight import reaches_cliff

        return reaches_cliff(state, species) and room(state, species) > 0
    return room(state, species) > 0


def take(state: State, seat: int, index: int, amount: int, source: str, reason: str,
         events: list[Event]) -> int:
    """Species ``index`` of ``seat`` takes up to ``amount`` food from ``source``: food up to
    its population, the rest as fat up to capacity; what does not fit stays where it was
    (R-N04). Returns the tokens taken; Cooperation fires once per take (R-N14)."""
    species = state.players[seat].species[index]
    if not can_take(state, species, source):
        return 0
    if source == "plant":
        amount = min(amount, state.watering_hole)
    elif source == "cliff" and state.flight is not None:
        amount = min(amount, state.flight.cliff)
    amount = min(amount, room(state, species))
    if amount <= 0:
        return 0
    paid = 0
    if state.flight is not None:  # Flight: upkeep before population
        from evolutio.games.northstar.flight import pay

        paid = pay(state, species, amount, events)
    rest = amount - paid
    to_food = min(rest, species.pop - species.food) if species.food < species.pop else 0
    to_fat = rest - to_food
    species.food += to_food
    species.fat += to_fat
    if source == "plant":
        state.watering_hole -= amount
    elif source == "cliff" and state.flight is not None:
        state.flight.cliff -= amount
    else:
        state.food_in += amount
    if not paid or rest:
        events.append(Took(species.id, to_food, to_fat, source, reason))
    for trait in traits_of(state, species):
        trait.on_took_food(state, seat, index, source, events)
    return amount


def lose_population(state: State, seat: int, species: Species, amount: int, reason: str,
                    events: list[Event]) -> bool:
    """Lower the population; food above it goes to the owner's bag (R-N09); at 0 the
    species goes extinct (seed 002 "Aussterben"). Returns True if it died."""
    species.pop -= amount
    events.append(PopulationLost(species.id, amount, reason))
    if species.pop <= 0:
        extinct(state, seat, species, events)
        return True
    if species.food > species.pop:
        state.players[seat].bag += species.food - species.pop
        species.food = species.pop
    return False


def extinct(state: State, seat: int, species: Species, events: list[Event]) -> None:
    """Remove a species: its food to the owner's bag, its fat back to the bank, its trait
    cards face up to the discard pile, then the owner draws one card per trait; the row
    closes up (seed 002 "Aussterben"; R-N15: the cards are discarded before any reshuffle)."""
    player = state.players[seat]
    player.species.remove(species)
    player.bag += species.food
    state.food_out += species.fat
    if state.intel is not None and state.intel[0] == species.id:
        state.intel = None
    if state.flight is not None:  # Flight cards go back beside the table
        from evolutio.games.northstar.flight import discard_traits

        discard_traits(state, species)
    else:
        state.discard.extend(species.traits)
    state.face_down.difference_update(species.traits)
    events.append(Extinct(seat, species.id, len(species.traits)))
    if species.traits:
        draw(state, seat, len(species.traits), False, events)


def draw(state: State, seat: int, count: int, deal: bool, events: list[Event]) -> None:
    """Draw cards, reshuffling the discard pile when the draw pile is empty. The first
    reshuffle sets the end: in the deal phase this round is the last, elsewhere one more
    complete round follows (seed 002 "Fine del gioco", R-N15). With both piles empty the
    cards are not drawn and the end is set the same way (R-N38)."""
    got = 0
    for _ in range(count):
        if not state.deck and state.flight is not None and state.flight.reserve:
            from evolutio.games.northstar.flight import use_reserve

            use_reserve(state, deal, events)  # Flight: the cards set aside, not a reshuffle
        if not state.deck:
            climate = state.climate
            if climate is not None and climate.set_aside:
                # Climate, 2-4 players: the cards set aside become the new draw deck
                _set_end(state, deal, events, len(climate.set_aside), SetAsideDealt)
                state.deck, climate.set_aside = climate.set_aside, []
            else:
                _set_end(state, deal, events, len(state.discard))
                if not state.discard:
                    break
                state.deck = state.discard
                state.discard = []
                state.revealed = ()  # the food cards face up went back into the draw pile
                state.rng.shuffle(state.deck)
        state.players[seat].hand.append(state.deck.pop(0))
        got += 1
    if got:
        events.append(Drew(seat, got))


def _set_end(state: State, deal: bool, events: list[Event], cards: int,
             said: type[Reshuffled] | type[SetAsideDealt] = Reshuffled) -> None:
    last = state.round if deal else state.round + 1
    if state.last_round is None or last < state.last_round:
        state.last_round = last
        events.append(said(cards, last))


def new_species(state: State, seat: int, right: bool) -> Species:
    species = Species(state.next_id)
    state.next_id += 1
    row = state.players[seat].species
    if right:
        row.append(species)
    else:
        row.insert(0, species)
    return species
