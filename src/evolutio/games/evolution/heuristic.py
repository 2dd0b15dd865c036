"""Evolution's own playing knowledge (``GAME.heuristic``), working from a seat's view only.

Every legal action gets a value from a few rules, and the greedy bot plays the best one (ties
broken by its seeded RNG). The rules, by decision kind:

Development (``develop``)
    D1. A new animal is worth its 2 points, less when the seat's animals already need more
        food than the seat can expect from the food bank, more while the seat has few animals
        (animals bring cards: each one draws a card next turn).
    D2. A trait on one's own animal is worth its 1 point, minus the extra food it demands
        (Carnivore, High body weight...) weighed by how short of food the seat is.
    D3. Defences (Camouflage, Burrowing, Running, Tail loss, Mimicry, Swimming, Poisonous,
        High body weight) are worth more the more carnivores opponents have.
    D4. Carnivore pays when opponents have animals to hunt; Sharp vision pays on carnivores;
        Scavenger pays when carnivores are about; Fat tissue pays while an animal has little.
    D5. Parasite goes on an opponent's animal (two more food to find), never on one's own.
    D6. Communication and Cooperation link two of one's animals: more food per token.
    D7. Traits are spread over animals: an animal already carrying many is a worse home.
    D8. Pass only when nothing is worth playing.
    D9. Ice Age: Insulation and Immunity guard against the natural changes; worth more while
        a change of their kind (cold, disease) is in force.

Feeding (``feed``)
    F1. Feed the hungriest animal first (largest unmet need); animals with Communication or
        Cooperation links first among equals, since the link feeds a partner too.
    F2. Attack when it pays: an opponent's animal, not Poisonous, the more it is worth the
        better; Running and Tail loss lower the odds; never one's own animals.
    F3. Piracy from an opponent's animal when the pirate is hungry.
    F4. Fat: fill empty fat once the animals are fed; turn fat into food when the bank is
        empty and an animal is still hungry.
    F5. Hibernate a hungry animal when the bank cannot feed the seat's animals.
    F6. Grazing destroys a red token only when one's own animals are all fed and full.
    F7. End the feeding turn when nothing is left worth doing.

Defence (``defend``)
    R1. Tail loss, shedding the least useful trait, rather than lose the animal.
    R2. Mimicry redirects to one's least valuable other animal.
    R3. Running is rolled when offered; accept the loss only when nothing else is legal.

Paired-trait order (``trigger``): fire the link whose partner is hungriest first.

The rules themselves are written once, in :mod:`~evolutio.games.evolution.playbook`,
against a small read interface (``playbook.Facts``); :class:`ViewFacts` here fills it from a
seat's view, ``rollout.StateFacts`` from an engine state. The same values give
``rollout_policy`` (playouts of the ISMCTS bot), ``priors`` (the search tree's prior over
legal actions) and :func:`evaluate` (an estimate of the final scores for playouts cut short);
those three read the sampled engine state (:mod:`~evolutio.games.evolution.rollout`) rather
than building views. :data:`HEURISTIC` bundles them as the game's ``core.protocols.Heuristic``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from evolutio.core.base import HeuristicBase
from evolutio.core.game import JSON, Action, Decision, Game
from evolutio.games.evolution import playbook, rollout
from evolutio.games.evolution.playbook import AnimalFacts, Facts, plant_prey


class ViewAnimal:
    """An animal of a view, read through the attributes the rules read of an engine animal."""

    __slots__ = ("fat", "food", "hibernating", "id", "need", "owner", "traits")

    def __init__(self, data: JSON, owner: int) -> None:
        self.id: int = data["id"]
        self.owner = owner
        self.food = int(data["food"])
        self.fat = int(data["fat"])
        self.hibernating = bool(data["hibernating"])
        self.need = int(data["need"])
        self.traits = [(t["card"], t["trait"]) for t in data["traits"]]


class ViewFacts(Facts):
    """The rules' facts for the deciding ``seat``, read from that seat's view."""

    __slots__ = ("links", "view")

    def __init__(self, view: JSON, seat: int) -> None:
        self.view = view
        self.seat = seat
        players: list[JSON] = view["players"]
        animals: dict[int, ViewAnimal] = {}
        others: list[AnimalFacts] = []
        for player in players:
            for data in player["animals"]:
                animal = animals[data["id"]] = ViewAnimal(data, player["seat"])
                if player["seat"] != seat:
                    others.append(animal)
        self.others = others
        # players are listed by seat
        self.mine = [animals[a["id"]] for a in players[seat]["animals"]]
        self.animals = animals
        self.links: list[JSON] = view.get("links", [])
        self.last_turn = bool(view.get("last_turn"))
        self.players = len(players)

    def need(self, animal: AnimalFacts) -> int:
        return animal.need  # type: ignore[attr-defined,no-any-return]

    def plant_eats(self, animal: AnimalFacts, plant_id: int) -> bool:
        flora = self.view.get("flora") or {}
        for plant in flora.get("plants", ()):
            if plant["id"] == plant_id:
                if plant["kind"] != "carnivorous" or plant.get("attacked"):
                    return False
                return plant_prey(animal, bool(getattr(animal, "paralysed", False)))
        return False

    def plant_facts(self, plant_id: int) -> tuple[int, Sequence[str]] | None:
        flora = self.view.get("flora") or {}
        for plant in flora.get("plants", ()):
            if plant["id"] == plant_id:
                return int(plant["food"]), [t["trait"] for t in plant["traits"]]
        return None

    def plant_hunters(self) -> int:
        flora = self.view.get("flora") or {}
        return sum(1 for p in flora.get("plants", ())
                   if p["kind"] == "carnivorous" and not p.get("attacked"))

    def food_bank(self) -> int:
        flora = self.view.get("flora")
        if flora is not None:  # Plants: the tokens on the plants, and any in a bank
            plants = sum(int(p["food"]) for p in flora["plants"])
            return plants + int(self.view.get("food_bank", 0))
        return int(self.view.get("food_bank", 0))

    def nature_kind(self) -> str | None:
        current = (self.view.get("nature") or {}).get("current") or {}
        return current.get("kind")

    def attacked(self) -> AnimalFacts | None:
        attack = self.view.get("attack") or {}
        return self.animals.get(attack.get("target", -1))

    def links_of(self, animal_id: int) -> Iterable[tuple[str, int]]:
        return [
            (link["trait"], link["card"]) for link in self.links if animal_id in link["animals"]
        ]

    def link_animals(self, link_id: Any) -> Sequence[int] | None:
        for link in self.links:
            if link["id"] == link_id:
                return link["animals"]  # type: ignore[no-any-return]
        return None


def action_values(view: JSON, legal_actions: Sequence[Action], decision: Decision) -> list[float]:
    """The heuristic value of each legal action (higher is better)."""
    if decision.kind not in playbook.RULES:
        return [0.0] * len(legal_actions)
    return playbook.values(ViewFacts(view, decision.seats[0]), decision.kind, legal_actions)


def best_action(
    view: JSON, legal_actions: Sequence[Action], decision: Decision, rng: random.Random
) -> Action:
    """The highest-valued legal action; ties go to a seeded random pick."""
    values = action_values(view, legal_actions, decision)
    top = max(values)
    best = [a for a, v in zip(legal_actions, values, strict=True) if v >= top - 1e-9]
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


def estimate_scores(view: JSON) -> list[float]:
    """Expected final points per seat (``playbook.estimate_scores``) from a spectator view."""
    players = []
    owner: dict[int, int] = {}
    for player in view["players"]:
        listed = []
        for data in player["animals"]:
            animal = ViewAnimal(data, player["seat"])
            owner[animal.id] = animal.owner
            listed.append((animal, animal.need))
        players.append((int(player["hand_size"]), listed))
    owners = [owner.get(link["animals"][0]) for link in view.get("links", [])]
    return playbook.estimate_scores(
        players,
        owners,
        feeding=view.get("phase") == "feeding",
        bank=int(view.get("food_bank", 0)),
        last_turn=bool(view.get("last_turn")),
    )


def evaluate(game: Game[Any], state: Any) -> list[float]:
    """Rewards in [0, 1] per seat for an unfinished sampled state (ISMCTS playouts): a soft
    win estimate from the fitted expected scores (``rollout.fitted_scores``)."""
    return rollout.evaluate(game, state)


#: actions from the root (tree walk and playout together) before :func:`evaluate` scores the
#: sample; measured: 20 gave three times the iterations of 60 and played at least as well at
#: equal time; 10 gave 1.9 times the iterations of 20 but won only 37.5% of 40 games against
#: 20 at equal time (100 ms), and 37.5% of 16 with the fitted evaluator, so 20 it stays
#: (docs/benchmarks.md, "Bots").
ROLLOUT_DEPTH = 20


#: search options of the levels' searches (``core.protocols.Heuristic.level_options``): at a
#: second per decision the priors cost more iterations than they gain; without them the
#: search beat itself with them at 250 ms of CPU (59.0% of 100 games) and at 2,000
#: iterations each (57.6% of 33), together 58.6% of 133 (interval 50.1% - 66.7%):
#: docs/benchmarks.md, "History".
#: At 10 iterations the priors are what lets it beat greedy, so the bare ``ismcts`` keeps
#: them.
LEVEL_OPTIONS = {"hard": "ucb"}


class EvolutionHeuristic(HeuristicBase):
    """The rules above behind the ``core.protocols.Heuristic`` protocol."""

    rollout_depth = ROLLOUT_DEPTH
    level_options: Mapping[str, str] = LEVEL_OPTIONS

    def __init__(self) -> None:
        self.priors = rollout.priors

    def choose(
        self,
        view: JSON,
        legal_actions: Sequence[Action],
        decision: Decision,
        rng: random.Random,
    ) -> Action:
        """The legal action the rules value most (ties broken by ``rng``)."""
        return best_action(view, legal_actions, decision, rng)

    # the search half: the engine-state functions themselves, without a call in between
    # (a playout calls the policy at every step)
    rollout_policy = staticmethod(rollout.rollout_policy)
    evaluate = staticmethod(rollout.evaluate)


HEURISTIC = EvolutionHeuristic()
