"""Evolution's greedy rules on engine states, for search: no view, no JSON, no hidden cards.

A search bot plays thousands of sampled states forward per decision. Building a seat's view
at every playout step cost about half of each ISMCTS iteration, yet the rules
(:mod:`~evolutio.games.evolution.playbook`) read only a few public facts per animal.
:class:`StateFacts` is the rules' read interface on an engine state: the state's ``Animal``
objects are read as they are, needs come from ``ops.need`` once per animal, and links, the
food banks, the natural change and the attacked animal from the state. The values equal
those the same rules give on the seat's view (``heuristic.ViewFacts``; the tests check it on
every decision of whole games).

Nothing here reads another seat's hand or the deck: on a determinized sample those are made
up, and the rules look at hand sizes only. :func:`rollout_policy`, :func:`priors` and
:func:`evaluate` are the game heuristic's search half (``core.protocols.Heuristic``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from evolutio.core.game import Action, Game
from evolutio.games.evolution import playbook
from evolutio.games.evolution.evalweights import TEMPERATURE, WEIGHTS
from evolutio.games.evolution.ops import need
from evolutio.games.evolution.playbook import (
    DEFENCES,
    RULES,
    AnimalFacts,
    Facts,
    plant_prey,
    points,
    values,
)
from evolutio.games.evolution.scoring import scores
from evolutio.games.evolution.state import FEEDING, AttackFrame, State

#: share of random moves in ISMCTS playouts, so playouts differ from one another.
ROLLOUT_NOISE = 0.1
#: softness (in value points) of the search's priors: the rules' values divided by it go
#: through a softmax, so an action half a point better is ``e`` times likelier.
PRIOR_TEMPERATURE = 0.5
#: softness of the win estimate from the fitted scores (points; fitted with them). A
#: temperature that is softer early and sharper late predicted the winner a little better
#: but searched worse at 100 ms (docs/benchmarks.md, "History"), so it is one number.
EVAL_TEMPERATURE = TEMPERATURE
#: share of the playout reward given by a seat's expected score relative to the best.
EVAL_SCORE_WEIGHT = 0.25


class StateFacts(Facts):
    """The rules' facts for the deciding ``seat`` of an engine state; needs are computed
    once per animal, on demand."""

    __slots__ = ("needs", "state")

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.animals = animals = state.animals
        self.needs: dict[int, int] = {}
        self.mine = [animals[i] for i in state.players[seat].animals]
        self.others = [animals[i] for p in state.players if p.seat != seat for i in p.animals]
        self.last_turn = state.last_turn
        self.players = len(state.players)

    def need(self, animal: AnimalFacts) -> int:
        got = self.needs.get(animal.id)
        if got is None:
            got = self.needs[animal.id] = need(self.state, animal)  # type: ignore[arg-type]
        return got

    def plant_eats(self, animal: AnimalFacts, plant_id: int) -> bool:
        flora = self.state.flora
        plant = flora.plants.get(plant_id) if flora is not None else None
        if plant is None or plant.kind != "carnivorous":
            return False
        if self.state.used("plant_attack", plant_id):
            return False
        return plant_prey(animal, bool(getattr(animal, "paralysed", False)))

    def plant_facts(self, plant_id: int) -> tuple[int, Sequence[str]] | None:
        flora = self.state.flora
        plant = flora.plants.get(plant_id) if flora is not None else None
        if plant is None:
            return None
        return plant.food, [trait for _, trait in plant.traits]

    def plant_hunters(self) -> int:
        state = self.state
        if state.flora is None:
            return 0
        return sum(1 for p in state.flora.plants.values()
                   if p.kind == "carnivorous" and not state.used("plant_attack", p.id))

    def food_bank(self) -> int:
        state = self.state
        if state.flora is not None:  # Plants: the tokens on the plants
            return sum(p.food for p in state.flora.plants.values())
        return state.food_bank + sum(state.banks.values()) if state.banks else state.food_bank

    def nature_kind(self) -> str | None:
        state = self.state
        return state.nature_cards[state.nature_now].kind if state.nature_now >= 0 else None

    def attacked(self) -> AnimalFacts | None:
        stack = self.state.stack
        frame = stack[-1] if stack else None
        return self.animals.get(frame.target) if isinstance(frame, AttackFrame) else None

    def links_of(self, animal_id: int) -> list[tuple[str, int]]:
        return [
            (link.trait, link.card)
            for link in self.state.links.values()
            if link.a == animal_id or link.b == animal_id
        ]

    def link_animals(self, link_id: Any) -> tuple[int, int] | None:
        link = self.state.links.get(link_id)
        return (link.a, link.b) if link is not None else None


def state_values(state: State, seat: int, kind: str, legal: Sequence[Action]) -> list[float]:
    """The rules' values of ``legal`` (higher is better) read from an engine state."""
    if kind not in RULES:
        return [0.0] * len(legal)
    return values(StateFacts(state, seat), kind, legal)


def rollout_policy(
    rng: random.Random, game: Game[Any], state: Any, seat: int, legal: Sequence[Action]
) -> Action:
    """ISMCTS playout step on a sampled state: mostly greedy, sometimes random."""
    if len(legal) == 1:
        return legal[0]
    if rng.random() < ROLLOUT_NOISE:
        return legal[rng.randrange(len(legal))]
    decision = game.decision(state)
    assert decision is not None
    values = state_values(state, seat, decision.kind, legal)
    top = max(values)
    best = [a for a, v in zip(legal, values, strict=True) if v >= top - 1e-9]
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


def priors(game: Game[Any], state: Any, seat: int, legal: Sequence[Action]) -> list[float]:
    """The search's prior over ``legal`` in a sampled state: a softmax of the rules' values,
    so the tree tries the greedy choice first and spends its visits mostly near it."""
    decision = game.decision(state)
    if decision is None or len(legal) < 2:
        return [1.0 / max(len(legal), 1)] * len(legal)
    values = state_values(state, seat, decision.kind, legal)
    top = max(values)
    weights = [math.exp((v - top) / PRIOR_TEMPERATURE) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def estimate_scores(state: State) -> list[float]:
    """Expected final points per seat (``playbook.estimate_scores``), read from the state."""
    animals = state.animals
    players = []
    for player in state.players:
        listed = [animals[i] for i in player.animals]
        players.append((len(player.hand), [(a, need(state, a)) for a in listed]))
    owners = []
    for link in state.links.values():
        first = animals.get(link.a)
        owners.append(first.owner if first is not None else None)
    bank = state.food_bank + sum(state.banks.values()) if state.banks else state.food_bank
    return playbook.estimate_scores(
        players, owners, feeding=state.phase == FEEDING, bank=bank, last_turn=state.last_turn
    )


#: what :func:`seat_features` gives per seat, in order (the fitted evaluator's inputs).
BASE_FEATURES = (
    "one",
    "score",
    "estimate",
    "animals",
    "traits",
    "hand",
    "unfed_points",
    "deficit",
    "fat",
    "carnivores",
    "defences",
    "enemy_carnivores",
    "discard",
)
#: each base feature is given three times: as it is, times the share of the deck left, and
#: in the feeding phase (zero in development).
FEATURES = tuple(
    f"{name}{tail}" for tail in ("", "*deck", "*feeding") for name in BASE_FEATURES
)


def seat_features(state: State) -> list[list[float]]:
    """The fitted evaluator's inputs per seat (:data:`FEATURES`), read from the state."""
    animals = state.animals
    estimates = estimate_scores(state)
    now = scores(state)
    deck = len(state.deck) / max(len(state.card_faces), 1)
    feeding = 1.0 if state.phase == FEEDING else 0.0
    carnivores = [0] * len(state.players)
    rows: list[list[float]] = []
    for player in state.players:
        traits = unfed = deficit = fat = carnivore = defences = 0.0
        listed = [animals[i] for i in player.animals]
        for animal in listed:
            traits += len(animal.traits)
            fat += animal.fat
            missing = need(state, animal) - animal.food
            if missing > 0 and not animal.hibernating:
                deficit += missing
                if missing > animal.fat:
                    unfed += points(animal)
            for _, trait in animal.traits:
                if trait == "carnivore":
                    carnivore += 1
                elif trait in DEFENCES:
                    defences += 1
        carnivores[player.seat] = int(carnivore)
        rows.append(
            [
                1.0,
                float(now[player.seat]),
                estimates[player.seat],
                float(len(listed)),
                traits,
                float(len(player.hand)),
                unfed,
                deficit,
                fat,
                carnivore,
                defences,
                0.0,
                float(len(player.discard)),
            ]
        )
    total = sum(carnivores)
    for seat, row in enumerate(rows):
        row[11] = float(total - carnivores[seat])
        base = list(row)
        row.extend(v * deck for v in base)
        row.extend(v * feeding for v in base)
    return rows


def evaluate(game: Game[Any], state: Any) -> list[float]:
    """Rewards in [0, 1] per seat for an unfinished sampled state (ISMCTS playouts): a
    softmax of the fitted expected final scores (:func:`fitted_scores`) mixed with each
    seat's score relative to the best."""
    estimates = fitted_scores(state)
    top = max(estimates)
    weights = [math.exp((e - top) / EVAL_TEMPERATURE) for e in estimates]
    total = sum(weights)
    return [
        (1 - EVAL_SCORE_WEIGHT) * w / total + EVAL_SCORE_WEIGHT * max(e, 0.0) / max(top, 1.0)
        for w, e in zip(weights, estimates, strict=True)
    ]


def fitted_scores(state: State) -> list[float]:
    """Expected final points per seat from the fitted linear model (``evalweights``, made
    by ``bench.evolution.evaluator``) over :func:`seat_features`."""
    weights = WEIGHTS
    return [sum(w * f for w, f in zip(weights, row, strict=True)) for row in seat_features(state)]
