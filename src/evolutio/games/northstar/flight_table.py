"""The Flight expansion as seats and scenarios see it: the view's and the snapshot's added
fields, a scenario position's Cliff and upkeep, and dealing hidden cards again for a search.

Every field here is public: the Cliff, each avian species' upkeep paid and owed, how many
cards are set aside and how many Flight cards are left beside the table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from evolutio.core.game import JSON
from evolutio.games.northstar.flight import is_avian, upkeep_of
from evolutio.games.northstar.flight_cards import FLIGHT, FLIGHT_COPIES
from evolutio.games.northstar.flight_state import FlightState
from evolutio.games.northstar.state import Species, State

#: a scenario position's fields for the expansion (docs/rules/northstar.md, "Flight").
POSITION_KEYS = {"cliff", "reserve"}
SPECIES_KEYS = {"upkeep"}


def avian_fields(state: State, species: Species) -> JSON:
    """The avian fields of one species: whether it flies, upkeep paid and owed."""
    assert state.flight is not None
    return {
        "avian": is_avian(state, species),
        "upkeep": state.flight.upkeep.get(species.id, 0),
        "upkeep_cost": upkeep_of(state, species),
    }


def species_fields(state: State, species_id: int) -> JSON:
    """:func:`avian_fields` of the species with id ``species_id``."""
    found = state.find(species_id)
    assert found is not None
    return avian_fields(state, found[2])


def extend_view(state: State, out: JSON) -> None:
    """The Cliff, the piles beside the table and each species' avian fields."""
    assert state.flight is not None
    out["flight"] = {
        "cliff": state.flight.cliff,
        "reserve_size": len(state.flight.reserve),
        "flight_cards": len(state.flight.supply),
    }
    for player, row in zip(state.players, out["players"], strict=True):
        for species, shown in zip(player.species, row["species"], strict=True):
            shown.update(avian_fields(state, species))


def extend_snapshot(state: State, out: JSON) -> None:
    """The view's table fields, the cards set aside (ids: a snapshot is the referee's) and
    each species' avian fields; with upkeep owed a species is hungry."""
    assert state.flight is not None
    out["flight"] = {
        "cliff": state.flight.cliff,
        "reserve": list(state.flight.reserve),
        "reserve_size": len(state.flight.reserve),
        "flight_cards": len(state.flight.supply),
    }
    for sid, row in out["species"].items():
        row.update(species_fields(state, int(sid)))
        row["hungry"] = row["hungry"] or row["upkeep"] < row["upkeep_cost"]


def known_cards() -> tuple[str, ...]:
    """The card ids a scenario may name with the expansion on, beside the base traits."""
    from evolutio.games.northstar.flight_traits import EVENT_IDS, TRAIT_IDS

    return (FLIGHT, *TRAIT_IDS, *EVENT_IDS)


def build(state: State, position: Mapping[str, Any], cards: list[tuple[str, int]],
          card: Callable[[Any, str], int], upkeep: dict[int, int],
          error: type[Exception]) -> None:
    """A scenario position with the expansion: ``cliff``, ``reserve`` (cards set aside) and
    each species' ``upkeep`` paid; the Flight cards not on a species lie beside the table
    (``cards``: the cards built so far, ``card`` builds one more; ``error``: the position's
    error class)."""
    fl = state.flight = FlightState()
    cliff = position.get("cliff", 0)
    if isinstance(cliff, bool) or not isinstance(cliff, int) or cliff < 0:
        raise error("position.cliff: expected a whole number from 0")
    fl.cliff = cliff
    reserve = position.get("reserve", [])
    if not isinstance(reserve, list):
        raise error("position.reserve: expected a list of cards")
    fl.reserve = [card(c, f"position.reserve[{i}]") for i, c in enumerate(reserve)]
    fl.upkeep = {sid: paid for sid, paid in upkeep.items() if paid}
    on_species = sum(1 for trait, _ in cards if trait == FLIGHT)
    for _ in range(max(0, FLIGHT_COPIES - on_species)):
        fl.supply.append(card(FLIGHT, "flight supply"))


def determinize(state: State, other: State, seat: int, pool: list[int],
                rng: random.Random) -> list[int]:
    """The cards set aside are hidden too: dealt again from ``pool`` (the rest returned)."""
    assert state.flight is not None and other.flight is not None
    size = len(state.flight.reserve)
    other.flight.reserve, rest = pool[:size], pool[size:]
    return rest
