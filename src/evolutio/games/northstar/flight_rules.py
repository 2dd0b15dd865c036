"""The Flight expansion's rules, called by small hooks of the shared modules (each behind
``state.flight is not None``): setup, the Cliff at the reveal, event cards, new avian
species, feeding at the Cliff, upkeep at the end of the round, the cards set aside for the
end, and what happens to Flight cards. North Star's Flight rules; every decision the rules
leave open is in docs/rules/northstar.md "Flight".
"""

from __future__ import annotations

from itertools import combinations

from evolutio.core.game import Action, Event
from evolutio.games.northstar import attack, ops
from evolutio.games.northstar.events import Played
from evolutio.games.northstar.flight import (
    CliffFilled,
    EatCliff,
    EventCard,
    NewAvian,
    body_top,
    reaches_cliff,
    upkeep_due,
)
from evolutio.games.northstar.flight_cards import FLIGHT, RESERVE, is_event
from evolutio.games.northstar.flight_state import FlightState
from evolutio.games.northstar.refusals import refusal
from evolutio.games.northstar.state import Species, State
from evolutio.games.northstar.trait import TRAITS, is_carnivore

SIDES = ("left", "right")


def setup(state: State, flight_cards: int) -> None:
    """After the deal of the deck: 40 cards set aside for the end of the game, and the
    Flight cards (ids after the deck's) beside the table (Flight rules, "Set up"). With the
    Climate edition its set-aside by player count is the only one, and Flight sets none
    aside; the Flight cards carry no climate icons (docs/rules/northstar.md "Climate with
    Flight", the project's decision)."""
    fl = state.flight = FlightState()
    if state.climate is None:
        fl.reserve = state.deck[:RESERVE]
        state.deck = state.deck[RESERVE:]
    else:
        state.climate.icons = state.climate.icons + (0,) * flight_cards
    first = len(state.cards)
    state.cards = state.cards + tuple((FLIGHT, 0) for _ in range(flight_cards))
    fl.supply = list(range(first, first + flight_cards))


# -- the play phase ---------------------------------------------------------------------------


def avian_actions(state: State, hand: list[int]) -> list[Action]:
    """A new avian species for every two hand cards, at either end, while a Flight card is
    left beside the table (each pair once, the lower card id first)."""
    assert state.flight is not None
    if not state.flight.supply or len(hand) < 2:
        return []
    made: dict[object, Action] = state.per_game.setdefault("avian", {})
    out: list[Action] = []
    for one, two in combinations(sorted(hand), 2):
        for side in SIDES:
            key = (one, two, side)
            found = made.get(key)
            if found is None:
                found = made[key] = NewAvian(one, two, side)
            out.append(found)
    return out


def avian_block(state: State, seat: int, action: NewAvian) -> str | None:
    """Why this new avian species may not be made: two different hand cards, an end of the
    row, a Flight card left."""
    assert state.flight is not None
    hand = state.players[seat].hand
    if action.card not in hand or action.extra not in hand:
        return refusal("not_in_hand")
    if action.card == action.extra:
        return refusal("avian_two_cards")
    if action.side not in SIDES:
        return refusal("ends_only")
    if not state.flight.supply:
        return refusal("no_flight_card")
    return None


def grow_top(state: State, species: Species, top: int) -> int:
    """Body size tops at 3 for an avian species."""
    return body_top(state, species, top)


def trait_block(state: State, card: int) -> str | None:
    """An event card is never a trait (food, growth or a new species only)."""
    if is_event(state.cards[card][0]):
        return refusal("event_not_trait")
    return None


# -- the reveal -------------------------------------------------------------------------------


def on_reveal(state: State, cards: tuple[int, ...], events: list[Event]) -> None:
    """The Cliff gets food equal to the number of players; then the event cards among the
    food cards take effect, Updrafts before Storms (the project's order)."""
    assert state.flight is not None
    fl = state.flight
    n = state.num_players
    fl.cliff += n
    state.food_in += n
    events.append(CliffFilled(n, fl.cliff))
    revealed = [c for c in cards if is_event(state.cards[c][0])]
    order = {"event_updraft": 0, "event_storm": 1}
    for card in sorted(revealed, key=lambda c: order.get(state.cards[c][0], 2)):
        event = state.cards[card][0]
        if event == "event_updraft":
            fl.cliff += n
            state.food_in += n
        elif event == "event_storm":
            state.food_out += fl.cliff
            fl.cliff = 0
        events.append(EventCard(card, event, fl.cliff))


# -- feeding ----------------------------------------------------------------------------------


def can_eat_cliff(state: State, species: Species) -> bool:
    """A species with Flight, not a carnivore (the Cliff holds plant food), with room."""
    return reaches_cliff(state, species) and ops.room(state, species) > 0


def cliff_actions(state: State, seat: int) -> list[Action]:
    """Feeding at the Cliff for each species of ``seat`` that can."""
    made: dict[object, Action] = state.per_game.setdefault("cliff", {})
    out: list[Action] = []
    for species in state.players[seat].species:
        if can_eat_cliff(state, species):
            found = made.get(species.id)
            if found is None:
                found = made[species.id] = EatCliff(species.id)
            out.append(found)
    return out


def cliff_block(state: State, seat: int, species: Species) -> str | None:
    assert state.flight is not None
    if not any(state.cards[c][0] == FLIGHT for c in species.traits):
        return refusal("cliff_flight", species=species.id, trait="flight")
    if is_carnivore(state, species):
        return refusal("no_plants")
    if state.flight.cliff <= 0:
        return refusal("cliff_empty")
    if ops.room(state, species) == 0:
        return ops.full_refusal(state, species, "fed")
    return None


def hungry(state: State, species: Species) -> bool:
    """Hungry with Flight: food below population, or upkeep still to pay."""
    return species.food < species.pop or upkeep_due(state, species) > 0


def must_feed(state: State, seat: int) -> bool:
    """A species with hunger or upkeep to pay that can eat forces a feed (R-N10 with the
    Cliff and upkeep)."""
    assert state.flight is not None
    for species in state.players[seat].species:
        if not hungry(state, species):
            continue
        if is_carnivore(state, species):
            if attack.targets(state, seat, species, frozenset()):
                return True
        elif state.watering_hole > 0 or can_eat_cliff(state, species):
            return True
    return False


def apply(state: State, seat: int, action: Action, events: list[Event]) -> None:
    """Carry out a new avian species or a feed at the Cliff (checked already)."""
    assert state.flight is not None
    player = state.players[seat]
    if isinstance(action, NewAvian):
        player.hand.remove(action.card)
        player.hand.remove(action.extra)
        state.discard.extend((action.card, action.extra))
        species = ops.new_species(state, seat, action.side == "right")
        species.traits.append(state.flight.supply.pop(0))
        events.append(Played(seat, "avian", action.card, species.id))
        return
    assert isinstance(action, EatCliff)
    found = state.find(action.species)
    assert found is not None
    kinds = [TRAITS[state.cards[c][0]] for c in found[2].traits]
    amount = max(t.plant_take for t in kinds) if kinds else 1
    ops.take(state, seat, found[1], amount, "cliff", "cliff", events)
    state.current = (seat + 1) % state.num_players


# -- the end of the round and of the deck ---------------------------------------------------


def end_round(state: State) -> None:
    """Upkeep food is not scored: it goes back to the bank."""
    assert state.flight is not None
    state.food_out += sum(state.flight.upkeep.values())
    state.flight.upkeep.clear()
