"""Plants in scenario positions and snapshots (docs/scenarios.md, "Plants"): the plants on
the table, the plant deck and the Mycorrhiza links.

```yaml
flora:
  plants:
    - {name: Bush, kind: perennial, food: 2, traits: [tree], shelters: 1}
    - {name: Mistletoe, kind: parasite, host: Bush}
  deck: [legume, grass]      # top first
  links: [[Bush, Reed]]      # Mycorrhiza
```

A plant's ``shelters`` default to what its card and traits hold after a growth phase; a
trait on a plant, and each link, is a card played by seat 0 unless ``played_by`` says. With
Continents a plant's ``location`` is ``laurasia`` or ``gondwana`` (default ``laurasia``, a
Parasitic plant its host's; no plant grows in the Ocean).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from evolutio.core.game import JSON
from evolutio.core.scenario import ScenarioError
from evolutio.games.evolution.flora import PARASITE, PLANTS, Flora, Plant, plant_kinds
from evolutio.games.evolution.geography import CONTINENTS, LAURASIA
from evolutio.games.evolution.state import State

FLORA_KEYS = {"plants", "deck", "links"}
PLANT_KEYS = {"name", "kind", "food", "traits", "shelters", "host", "played_by", "location"}


def read_flora(state: State, position: Mapping[str, Any], card: Any, where: str) -> None:
    """Set ``state.flora`` from the position's ``flora`` (with the set in the options);
    ``card(spec, where)`` makes a card of the position (position.py's builder)."""
    sets = state.options["expansions"]
    if PLANTS not in sets:
        if "flora" in position:
            raise ScenarioError(f"{where}.flora: plants need the plants expansion")
        return
    spec = position.get("flora", {})
    where = f"{where}.flora"
    if not isinstance(spec, Mapping) or set(spec) - FLORA_KEYS:
        raise ScenarioError(f"{where}: expected a mapping with {', '.join(sorted(FLORA_KEYS))}")
    flora = Flora()
    kinds = plant_kinds()
    names: dict[str, int] = {}
    for i, row in enumerate(spec.get("plants", []) or []):
        at = f"{where}.plants[{i}]"
        if not isinstance(row, Mapping) or set(row) - PLANT_KEYS:
            raise ScenarioError(f"{at}: expected a mapping with {', '.join(sorted(PLANT_KEYS))}")
        kind = row.get("kind")
        if kind not in kinds:
            raise ScenarioError(f"{at}.kind: expected one of {', '.join(kinds)}")
        food = int(row.get("food", kinds[kind].start))
        host = 0
        if "host" in row:
            if row["host"] not in names:
                raise ScenarioError(f"{at}.host: name an earlier plant")
            host = names[row["host"]]
        elif kind == PARASITE:
            raise ScenarioError(f"{at}.host: a Parasitic plant needs its host")
        location = _location(state, row, flora.plants[host].location if host else "", at)
        plant = Plant(flora.next_plant, str(kind), food, host, location)
        flora.next_plant += 1
        seat = int(row.get("played_by", 0))
        for trait in row.get("traits", []) or []:
            card_id = card(trait, f"{at}.traits")
            plant.traits.append((card_id, trait))
            state.played_by[card_id] = seat
        if kind == PARASITE:
            card_id = card("parasitic_plant", f"{at}.kind")
            plant.traits.append((card_id, "parasitic_plant"))
            state.played_by[card_id] = seat
        plant.shelters = int(row.get("shelters", plant.shelter_capacity()))
        flora.plants[plant.id] = plant
        state.food_created += food
        if "name" in row:
            name = str(row["name"])
            names[name] = plant.id
            if name in state.labels:
                raise ScenarioError(f"{at}: the name '{name}' is used twice")
            state.labels[name] = plant.id
    deck = [str(k) for k in spec.get("deck", []) or []]
    for kind in deck:
        if kind not in kinds or kind == PARASITE:
            raise ScenarioError(f"{where}.deck: unknown plant kind {kind!r}")
    flora.deck = list(reversed(deck))
    for i, pair in enumerate(spec.get("links", []) or []):
        if not isinstance(pair, list) or len(pair) != 2 or any(p not in names for p in pair):
            raise ScenarioError(f"{where}.links[{i}]: name two plants")
        card_id = card("mycorrhiza", f"{where}.links[{i}]")
        state.played_by[card_id] = 0
        flora.links.append((card_id, names[pair[0]], names[pair[1]]))
    state.flora = flora


def _location(state: State, row: Mapping[str, Any], host: str, where: str) -> str:
    """A plant's location in a position: given, its host's, or Laurasia (Continents)."""
    if not state.geography:
        if "location" in row:
            raise ScenarioError(f"{where}.location: locations need the continents expansion")
        return ""
    location = str(row.get("location", host or LAURASIA))
    if location not in CONTINENTS:
        raise ScenarioError(f"{where}.location: expected one of {', '.join(CONTINENTS)}")
    if host and location != host:
        raise ScenarioError(f"{where}.location: a Parasitic plant lies with its host")
    return location


def flora_json(state: State) -> JSON:
    """The plants in a snapshot (nothing without the set)."""
    flora = state.flora
    if flora is None:
        return {}
    return {
        "flora": {
            "plants": {
                str(p.id): {
                    "id": p.id,
                    "kind": p.kind,
                    "food": p.food,
                    "traits": [t for _, t in p.traits],
                    "shelters": p.shelters,
                    "host": p.host,
                    "location": p.location,
                }
                for p in flora.plants.values()
            },
            "count": len(flora.plants),
            "deck": list(reversed(flora.deck)),
            "links": [[a, b] for _, a, b in flora.links],
        }
    }


def flora_view(state: State) -> JSON:
    """The plants as every seat sees them (all public): each plant's kind, tokens, most,
    traits, shelters, host, location and fruit icon, the plant deck's size and the
    Mycorrhiza links."""
    flora = state.flora
    assert flora is not None
    return {
        "plants": [
            {
                "id": p.id,
                "kind": p.kind,
                "food": p.food,
                "most": p.most,
                "traits": [{"card": c, "trait": t} for c, t in p.traits],
                "shelters": p.shelters,
                "host": p.host,
                "location": p.location,
                "fruit": p.fruit,
                "grow": [list(row) for row in p.data.grow],
                "attacked": state.used("plant_attack", p.id),
            }
            for p in flora.plants.values()
        ],
        "deck_size": len(flora.deck),
        "links": [{"card": c, "plants": [a, b]} for c, a, b in flora.links],
    }
