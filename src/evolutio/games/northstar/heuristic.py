"""The greedy player and the evaluator of North Star's Evolution, from a seat's view only.

Values are simple rules of thumb: grow species that can be fed, defend against the carnivores
on the table, give plant food when one's own species eat plants, feed the hungriest species
first, attack the largest prey of another player.

Search (playouts, priors over legal actions, the evaluator) reads the same rules from
:func:`lite_view`, built from the sampled state with the view's hiding rules and none of what
the rules do not read.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from evolutio.core.base import HeuristicBase
from evolutio.core.game import JSON, Action, Decision, Game
from evolutio.games.northstar.climate_cards import TEMPERATE, ZONES, shipped_climate
from evolutio.games.northstar.flight_table import avian_fields
from evolutio.games.northstar.trait import is_carnivore

DEFENCES = ("burrowing", "climbing", "defensive_herding", "hard_shell", "horns", "symbiosis",
            "warning_call")
CARNIVORE_ONLY = ("ambush", "pack_hunting")
BASE = {"fertile": 1.6, "long_neck": 1.6, "foraging": 1.1, "fat_tissue": 1.0,
        "cooperation": 0.8, "intelligence": 0.6, "scavenger": 0.7, "carnivore": 0.9}
#: the Flight expansion: traits that work only with Flight, and what Flight itself is worth
#: when a card would replace it.
FLIGHT_ONLY = {"dive_bomb": 1.0, "brood_parasite": 1.3, "nesting": 1.1}
FLIGHT_WORTH = 1.5
#: the Climate edition's shields: trait -> (side, worth against the zones' results).
SHIELDS = {"heavy_fur": ("cold", 1.0), "migratory": ("cold", 0.7),
           "cooling_frills": ("hot", 1.0), "nocturnal": ("hot", 0.7)}


def _zone_loss(zone: int, body: int) -> int:
    """Population a species of ``body`` loses each round in ``zone`` (Climate)."""
    z = shipped_climate().zones[zone]
    return z.lose if z.bodies[0] <= body <= z.bodies[1] else 0


class _Table:
    """What the rules of thumb look at, read once from the view."""

    def __init__(self, view: JSON, seat: int) -> None:
        self.view = view
        self.seat = seat
        self.me = view["players"][seat]
        self.species: dict[int, JSON] = {}
        self.owner: dict[int, int] = {}
        self.carnivores = 0
        for player in view["players"]:
            for s in player["species"]:
                self.species[s["id"]] = s
                self.owner[s["id"]] = player["seat"]
                if s.get("carnivore"):
                    self.carnivores += 1
        self.hand = {c["card"]: c for c in (self.me["hand"] or [])}
        mine = self.me["species"]
        self.plant_eaters = sum(1 for s in mine if not s.get("carnivore"))
        self.meat_eaters = len(mine) - self.plant_eaters
        #: the Flight expansion: whether it is on, and the Cliff's food.
        flight = view.get("flight")
        self.flight = flight is not None
        self.cliff = int(flight["cliff"]) if flight is not None else 0
        climate = view.get("climate")
        #: the Climate marker's zone index, or None in the other editions.
        self.zone: int | None = None if climate is None else ZONES.index(climate["zone"])

    def traits(self, species: JSON) -> list[str]:
        return [t["trait"] for t in species["traits"] if "trait" in t]


def _climate_value(table: _Table, trait: str, species: JSON) -> float:
    """A climate shield is worth what the zone, or the next zone on its side, would cost."""
    side, worth = SHIELDS[trait]
    assert table.zone is not None
    step = -1 if side == "cold" else 1
    near = max(0, min(len(ZONES) - 1, table.zone + step))
    here = _zone_loss(table.zone, species["body"]) if (table.zone < TEMPERATE) == (
        side == "cold") and table.zone != TEMPERATE else 0
    later = _zone_loss(near, species["body"])
    return 0.2 + worth * (1.2 * here + 0.5 * later) * min(int(species["pop"]), 3) / 2


def _trait_value(table: _Table, trait: str, species: JSON) -> float:
    carnivore = bool(species.get("carnivore"))
    if table.flight:  # the Flight expansion's cards
        value = _flight_trait_value(trait, species, carnivore)
        if value is not None:
            return value
    if trait in SHIELDS:
        return _climate_value(table, trait, species) if table.zone is not None else 0.0
    if trait in CARNIVORE_ONLY:
        return 1.3 if carnivore else -1.0
    if trait in DEFENCES:
        return 0.6 + 0.5 * min(table.carnivores, 3) - (0.8 if carnivore else 0.0)
    if trait == "carnivore":
        prey = sum(1 for sid, s in table.species.items()
                   if table.owner[sid] != table.seat and s["body"] < species["body"] + 1)
        return 0.4 + 0.4 * min(prey, 3) - 0.8 * table.carnivores
    if trait in ("long_neck", "foraging", "cooperation") and carnivore:
        return -0.5
    return BASE.get(trait, 0.5)


def _flight_trait_value(trait: str, species: JSON, carnivore: bool) -> float | None:
    """Flight's traits work only on an avian species (Dive-Bomb on a carnivore too); an
    event card is never a trait; None for the base traits."""
    if trait.startswith("event_"):
        return -0.5
    if trait == "flight":
        return FLIGHT_WORTH
    worth = FLIGHT_ONLY.get(trait)
    if worth is None:
        return None
    if not species.get("avian") or (trait == "dive_bomb" and not carnivore):
        return -1.0
    return worth


def _food_value(table: _Table, action: JSON) -> float:
    card = table.hand.get(action["card"])
    if card is None:
        return 0.0
    want_plants = table.plant_eaters >= table.meat_eaters
    best_use = max(
        (_trait_value(table, card["trait"], s) for s in table.me["species"]), default=0.0
    )
    value = (0.4 if want_plants else -0.3) * card["food"] - best_use
    if table.zone is not None and card.get("climate"):
        value += 0.5 * card["climate"] * _warmer_is_better(table)
    return float(value)


def _warmer_is_better(table: _Table) -> float:
    """+1 when a hotter zone costs the seat's species less than a colder one, -1 when more."""
    assert table.zone is not None
    colder, hotter = max(table.zone - 1, 0), min(table.zone + 1, len(ZONES) - 1)

    def cost(zone: int) -> int:
        return sum(_zone_loss(zone, s["body"]) for s in table.me["species"])

    diff = cost(colder) - cost(hotter)
    return float((diff > 0) - (diff < 0))


def _play_value(table: _Table, action: JSON) -> float:
    kind = action["type"]
    if kind == "done":
        return 0.0
    count = len(table.me["species"])
    if kind == "species":
        return 1.8 - 0.5 * count
    if kind == "avian":  # Flight: two cards, upkeep, but the Cliff and safety
        return 1.5 - 0.5 * count + 0.2 * min(table.cliff, 4) + 0.2 * min(table.carnivores, 3)
    species = table.species.get(action.get("species", -1))
    if species is None:
        return -1.0
    if kind == "grow":
        if action["track"] == "pop":
            return 1.3 - 0.25 * float(species["pop"])
        need = 0.9 if species.get("carnivore") else 0.3 + 0.15 * min(table.carnivores, 3)
        if species.get("avian"):  # Flight: each step of body size costs upkeep
            need -= 0.8
        return need - 0.1 * float(species["body"])
    card = table.hand.get(action["card"])
    if card is None:
        return 0.0
    value = _trait_value(table, card["trait"], species)
    if action.get("replace") is not None:
        old: JSON = next(
            (t for t in species["traits"] if t.get("card") == action["replace"]), {}
        )
        value -= 1.0 + _trait_value(table, old.get("trait", ""), species)
    return value


def _before_value(table: _Table, action: JSON) -> float:
    if action["type"] == "done":
        return 0.0
    if action["trait"] == "intelligence":
        species = table.species[action["species"]]
        return 1.0 if species["food"] < species["pop"] and len(table.hand) > 1 else -0.5
    return 2.0


def _feed_value(table: _Table, action: JSON) -> float:
    kind = action["type"]
    if kind == "pass":
        return 0.1
    species = table.species.get(action.get("species", -1))
    if species is None:
        return 0.0
    hunger = species["pop"] - species["food"]
    if table.flight:  # Flight: upkeep owed is hunger too
        hunger += species.get("upkeep_cost", 0) - species.get("upkeep", 0)
    if kind == "eat":
        return 2.0 + 0.5 * hunger if hunger > 0 else 0.3
    if kind == "cliff":  # Flight: the Cliff first, leaving the watering hole to others
        return 2.2 + 0.5 * hunger if hunger > 0 else 0.3
    if kind == "use":
        return 0.5
    prey = table.species.get(action["target"])
    if prey is None:
        return 0.0
    gain = min(prey["body"], max(hunger, 0)) if hunger > 0 else 0.2
    own = table.owner[action["target"]] == table.seat
    horns = 1.0 if "horns" in table.traits(prey) else 0.0
    return 1.5 + gain - (3.0 if own else 0.0) - horns * (2.0 if species["pop"] == 1 else 0.5)


_RULES = {"food": _food_value, "play": _play_value, "before": _before_value,
          "feed": _feed_value}


def action_values(view: JSON, legal: Sequence[Action], decision: Decision, seat: int
                  ) -> list[float]:
    table = _Table(view, seat)
    rule = _RULES.get(decision.kind)
    if rule is None:
        return [0.0] * len(legal)
    return [rule(table, action.to_json()) for action in legal]


def best_action(view: JSON, legal: Sequence[Action], decision: Decision,
                rng: random.Random) -> Action:
    seat = view["seat"] if view.get("seat") is not None else decision.seats[0]
    values = action_values(view, legal, decision, seat)
    top = max(values)
    best = [a for a, v in zip(legal, values, strict=True) if v >= top - 1e-9]
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


ROLLOUT_NOISE = 0.1
#: playout length before the evaluator scores the sample: short, as a round has many
#: one-card decisions.
ROLLOUT_DEPTH = 12
#: in a playout's play phase, the chance to end the turn instead of a random card play
#: (cheap playouts that reach the feeding, where the evaluator sees the food).
ROLLOUT_DONE = 0.4
EVAL_TEMPERATURE = 3.0
#: softness of the search's priors (value points): a softmax of the values divided by it.
PRIOR_TEMPERATURE = 0.5


def estimate_scores(view: JSON) -> list[float]:
    """Points so far plus survivors weighted by how likely they are to be fed."""
    out = []
    for player in view["players"]:
        points = float(player["bag"]) + 0.3 * player["hand_size"]
        for s in player["species"]:
            fed = 1.0 if s["food"] >= s["pop"] else 0.6
            points += fed * (s["pop"] + len(s["traits"])) + s["food"]
        out.append(points)
    return out


def lite_view(state: Any, seat: int | None) -> JSON:
    """What the rules read of ``seat``'s view (``view.view``), built straight from the state
    for search: its own hand, and per species the figures and the traits ``seat`` may see (a
    trait played face down this phase stays hidden from others, as in the view). It skips
    what the rules never read (the discard pile, food cards, labels), so a playout step costs
    a fraction of a full view."""
    cards = state.cards
    face_down = state.face_down
    players = []
    for s, player in enumerate(state.players):
        own = s == seat
        rows = []
        for species in player.species:
            hidden = not own and any(c in face_down for c in species.traits)
            row: JSON = {
                "id": species.id,
                "body": species.body,
                "pop": species.pop,
                "food": species.food,
                "carnivore": None if hidden else is_carnivore(state, species),
                "traits": [
                    {"hidden": True}
                    if not own and c in face_down
                    else {"card": c, "trait": cards[c][0]}
                    for c in species.traits
                ],
            }
            if state.flight is not None:  # the Flight expansion's figures
                row.update(avian_fields(state, species))
            rows.append(row)
        players.append({
            "seat": s,
            "hand": [_lite_card(state, c) for c in player.hand] if own else None,
            "hand_size": len(player.hand),
            "bag": player.bag,
            "species": rows,
        })
    out: JSON = {"seat": seat, "players": players}
    if state.flight is not None:
        out["flight"] = {"cliff": state.flight.cliff}
    if state.climate is not None:
        out["climate"] = {"zone": ZONES[state.climate.zone]}
    return out


def _lite_card(state: Any, card: int) -> JSON:
    trait, food = state.cards[card]
    if state.climate is not None:
        return {"card": card, "trait": trait, "food": food, "climate": state.climate.icons[card]}
    return {"card": card, "trait": trait, "food": food}


def priors(game: Game[Any], state: Any, seat: int, legal: Sequence[Action]) -> list[float]:
    """The search's prior over ``legal``: a softmax of the rules' values on the seat's
    (lite) view, so the tree tries the greedy choice first."""
    decision = game.decision(state)
    if decision is None or len(legal) < 2:
        return [1.0 / max(len(legal), 1)] * len(legal)
    values = action_values(lite_view(state, seat), legal, decision, seat)
    top = max(values)
    weights = [math.exp((v - top) / PRIOR_TEMPERATURE) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def evaluate(game: Game[Any], state: Any) -> list[float]:
    estimates = estimate_scores(lite_view(state, None))
    top = max(estimates)
    weights = [math.exp((e - top) / EVAL_TEMPERATURE) for e in estimates]
    total = sum(weights)
    return [w / total for w in weights]


class NorthStarHeuristic(HeuristicBase):
    """The rules above behind the ``core.protocols.Heuristic`` protocol."""

    rollout_depth = ROLLOUT_DEPTH

    def __init__(self) -> None:
        self.priors = priors

    def choose(self, view: JSON, legal_actions: Sequence[Action], decision: Decision,
               rng: random.Random) -> Action:
        return best_action(view, legal_actions, decision, rng)

    def rollout_policy(self, rng: random.Random, game: Game[Any], state: Any, seat: int,
                       legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        decision = game.decision(state)
        assert decision is not None
        if decision.kind == "play":
            if rng.random() < ROLLOUT_DONE:
                return legal[-1]  # done is listed last
            return legal[rng.randrange(len(legal))]
        if rng.random() < ROLLOUT_NOISE:
            return legal[rng.randrange(len(legal))]
        return best_action(lite_view(state, seat), legal, decision, rng)

    def evaluate(self, game: Game[Any], state: Any) -> list[float]:
        return evaluate(game, state)


HEURISTIC = NorthStarHeuristic()
