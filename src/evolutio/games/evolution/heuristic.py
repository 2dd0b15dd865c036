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

The same values give :func:`rollout_policy` (playouts of the ISMCTS bot), :func:`priors`
(the search tree's prior over legal actions) and :func:`evaluate` (an estimate of the final
scores for playouts cut short); those three read the sampled engine state directly
(:mod:`~evolutio.games.evolution.rollout`, the same rules on engine objects) rather than
building views. :data:`HEURISTIC` bundles them as the
game's ``core.game.Heuristic``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from evolutio.core.game import JSON, Action, Decision, Game
from evolutio.games.evolution import rollout
from evolutio.games.evolution.rollout import (
    DEFENCES,
    EXPECTED_FOOD,
    EXTRA_NEED,
    FOOD_LINKS,
    ICE_GUARDS,
)


class _Table:
    """The parts of an Evolution view the rules read, indexed for the deciding seat."""

    def __init__(self, view: JSON, seat: int) -> None:
        self.view = view
        self.seat = seat
        self.players: list[JSON] = view["players"]
        self.animals: dict[int, JSON] = {}
        self.owner: dict[int, int] = {}
        for player in self.players:
            for animal in player["animals"]:
                self.animals[animal["id"]] = animal
                self.owner[animal["id"]] = player["seat"]
        self.mine = [a for a in self.players[seat]["animals"]]
        self.others = [a for p in self.players if p["seat"] != seat for a in p["animals"]]
        self.enemy_carnivores = sum(1 for a in self.others if _has(a, "carnivore"))
        self.carnivores = self.enemy_carnivores + sum(1 for a in self.mine if _has(a, "carnivore"))
        self.links: list[JSON] = view.get("links", [])
        self.food_bank = int(view.get("food_bank", 0))
        count = len(self.players)
        self.expected_food = EXPECTED_FOOD.get(count, 2.0 * count + 2)
        self.share = self.expected_food / count + 0.6 * sum(
            1 for a in self.mine if _has(a, "carnivore")
        )
        self.my_need = sum(int(a["need"]) for a in self.mine)

    def tightness(self, extra: int = 0) -> float:
        """How short of food the seat is: need over expected share (1 = just enough)."""
        return (self.my_need + extra) / max(self.share, 1.0)

    def linked(self, animal_id: int) -> list[JSON]:
        return [link for link in self.links if animal_id in link["animals"]]

    def deficit(self, animal: JSON) -> int:
        return max(0, int(animal["need"]) - int(animal["food"]))


def _has(animal: JSON, trait: str) -> bool:
    return any(t["trait"] == trait for t in animal["traits"])


def animal_points(animal: JSON) -> float:
    """What an animal scores if it survives: 2, plus 1 and the extra need per trait."""
    return 2.0 + sum(1 + EXTRA_NEED.get(t["trait"], 0) for t in animal["traits"])


def _trait_value(table: _Table, trait: str, animal: JSON) -> float:
    """Rules D2-D7 for a trait on one of the seat's own animals."""
    extra = EXTRA_NEED.get(trait, 0)
    pressure = min(max(table.tightness(extra), 0.3), 2.0)
    value = 1.0 + extra * (1.0 - pressure)  # D2: points, less the food they cost
    if trait == "parasite":
        return -3.0  # D5
    if trait in DEFENCES:  # D3
        value += 0.25 + 0.35 * min(table.enemy_carnivores, 3) if table.enemy_carnivores else 0.1
        if trait == "swimming" and _has(animal, "carnivore"):
            value -= 0.6  # a swimming carnivore hunts only swimmers
    if trait == "carnivore":  # D4
        prey = len(table.others)
        value += min(0.3 * prey, 1.2) - (0.4 if _has(animal, "swimming") else 0.0)
    elif trait == "sharp_vision":
        value += 0.5 if _has(animal, "carnivore") else -0.2
    elif trait == "scavenger":
        value += 0.4 if table.carnivores else -0.1
    elif trait == "fat_tissue":
        value += 0.5 - 0.25 * int(animal.get("fat_capacity", 0))
    elif trait in ("piracy", "hibernation", "grazing"):
        value += 0.1
    elif trait in ICE_GUARDS:  # D9
        current = (table.view.get("nature") or {}).get("current") or {}
        value += 0.3 + (0.5 if current.get("kind") == ICE_GUARDS[trait] else 0.0)
    value -= 0.15 * len(animal["traits"])  # D7
    return value


def develop_value(table: _Table, action: JSON) -> float:
    """Rules D1-D8."""
    kind = action["type"]
    if kind == "pass":
        return 0.0  # D8
    if kind == "animal":  # D1
        count = len(table.mine)
        value = 1.6 - 0.9 * max(0.0, table.tightness(1) - 1.0)
        if count < 3:
            value += 0.5
        if table.view.get("last_turn"):
            value = 2.0 if table.tightness(1) <= 1.0 else 0.4
        return value
    if kind == "trait":
        animal = table.animals.get(action["animal"])
        if animal is None:
            return -1.0
        trait = action["trait"]
        if table.owner[action["animal"]] != table.seat:
            if trait == "parasite":  # D5
                return 1.1 + 0.3 * len(animal["traits"]) / 3
            return -1.0
        return _trait_value(table, trait, animal)
    if kind == "pair":  # D6
        a, b = action["animals"]
        if table.owner.get(a) != table.seat or table.owner.get(b) != table.seat:
            return -1.0
        trait = action["trait"]
        if trait in FOOD_LINKS:
            return 0.9 + 0.1 * max(0.0, table.tightness() - 0.5)
        if trait == "symbiosis":
            return 0.3
        return 0.5
    return 0.2


def _attack_value(table: _Table, carnivore: JSON, target_id: int) -> float:
    """Rule F2."""
    target = table.animals.get(target_id)
    if target is None:
        return 0.0
    if table.owner[target_id] == table.seat:
        return -5.0
    if _has(target, "poisonous"):
        return -2.0
    odds = 1.0
    if _has(target, "running"):
        odds *= 0.5
    if _has(target, "tail_loss"):
        odds *= 0.6
    gain = 2.0 * min(2, table.deficit(carnivore)) + 0.6 * animal_points(target)
    return 1.5 + odds * gain


def feed_value(table: _Table, action: JSON) -> float:
    """Rules F1-F7."""
    kind = action["type"]
    animal = table.animals.get(action.get("animal", -1)) if "animal" in action else None
    hungry = [a for a in table.mine if not a["fed"] and not a["hibernating"]]
    total_deficit = sum(table.deficit(a) for a in hungry)
    if kind == "eat" and animal is not None:  # F1, F4
        deficit = table.deficit(animal)
        if deficit > 0 and not animal["fed"]:
            links = sum(1 for link in table.linked(animal["id"]) if link["trait"] in FOOD_LINKS)
            return 4.0 + 0.5 * deficit + 0.3 * links
        if int(animal["fat"]) < int(animal.get("fat_capacity", 0)):
            return 1.5
        return 0.3
    if kind == "attack" and animal is not None:
        return _attack_value(table, animal, action["target"])
    if kind == "piracy" and animal is not None:  # F3
        if table.owner.get(action["target"]) == table.seat:
            return -2.0
        return 3.8 if table.deficit(animal) > 0 else 0.5
    if kind == "fat" and animal is not None:  # F4
        deficit = table.deficit(animal)
        amount = int(action.get("amount", 1))
        if deficit <= 0:
            return -1.0
        fit = -0.3 * abs(deficit - amount)
        return (3.5 if table.food_bank == 0 else 0.4) + fit
    if kind == "hibernate" and animal is not None:  # F5
        if table.deficit(animal) > 0 and table.food_bank < total_deficit:
            return 3.0 + 0.3 * table.deficit(animal)
        return 0.2
    if kind == "grazing":  # F6
        full = all(a["fed"] and int(a["fat"]) >= int(a.get("fat_capacity", 0)) for a in table.mine)
        others_hungry = any(not a["fed"] for a in table.others)
        return 1.2 if full and others_hungry else -1.0
    if kind == "end":  # F7
        return 0.5 if not hungry else -0.5
    return 0.0


def defend_value(table: _Table, action: JSON) -> float:
    """Rules R1-R3."""
    kind = action["type"]
    attack = table.view.get("attack") or {}
    attacked = table.animals.get(attack.get("target", -1))
    if kind == "tail_loss":  # R1
        trait = ""
        if attacked is not None:
            trait = next(
                (t["trait"] for t in attacked["traits"] if t["card"] == action["card"]), ""
            )
            if not trait:
                trait = next(
                    (
                        link["trait"]
                        for link in table.linked(attacked["id"])
                        if link["card"] == action["card"]
                    ),
                    "",
                )
        keep = _trait_value(table, trait, attacked) if attacked and trait else 1.0
        if trait == "parasite":
            keep = -1.0  # shedding a parasite also frees two food
        return 5.0 - keep
    if kind == "mimic":  # R2
        target = table.animals.get(action["target"])
        return 4.0 - 0.3 * (animal_points(target) if target else 0.0)
    if kind == "run":  # R3
        return 6.0
    if kind == "accept":
        return 0.0
    return 1.0


def trigger_value(table: _Table, action: JSON) -> float:
    """Fire first the link whose partner is hungriest."""
    link = next((link for link in table.links if link["id"] == action.get("link")), None)
    if link is None:
        return 0.0
    partners = [table.animals[a] for a in link["animals"] if a in table.animals]
    return float(max((table.deficit(a) for a in partners), default=0))


_RULES = {
    "develop": develop_value,
    "feed": feed_value,
    "defend": defend_value,
    "trigger": trigger_value,
}


_FIELDS: dict[type[Action], tuple[str, ...]] = {}


def action_json(action: Action) -> JSON:
    """The action's JSON form (as ``to_json``), with field names cached per class for speed."""
    names = _FIELDS.get(type(action))
    if names is None:
        names = _FIELDS[type(action)] = tuple(f.name for f in dataclasses.fields(action))
    out: JSON = {"type": action.type}
    for name in names:
        out[name] = getattr(action, name)
    return out


def action_values(view: JSON, legal_actions: Sequence[Action], decision: Decision) -> list[float]:
    """The heuristic value of each legal action (higher is better)."""
    table = _Table(view, decision.seats[0])
    rule = _RULES.get(decision.kind)
    if rule is None:
        return [0.0] * len(legal_actions)
    return [rule(table, action_json(action)) for action in legal_actions]


def best_action(
    view: JSON, legal_actions: Sequence[Action], decision: Decision, rng: random.Random
) -> Action:
    """The highest-valued legal action; ties go to a seeded random pick."""
    values = action_values(view, legal_actions, decision)
    top = max(values)
    best = [a for a, v in zip(legal_actions, values, strict=True) if v >= top - 1e-9]
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


def rollout_policy(
    rng: random.Random, game: Game[Any], state: Any, seat: int, legal: Sequence[Action]
) -> Action:
    """ISMCTS playout step on a sampled state: mostly greedy (these rules, read from the
    state by :mod:`~evolutio.games.evolution.rollout`), a share ``ROLLOUT_NOISE`` random."""
    return rollout.rollout_policy(rng, game, state, seat, legal)


def estimate_scores(view: JSON) -> list[float]:
    """Expected final points per seat from a spectator view: animals and traits weighted by
    the chance they survive, plus a little for cards still in hand."""
    players = view["players"]
    count = len(players)
    share = EXPECTED_FOOD.get(count, 2.0 * count + 2) / count
    phase = view.get("phase")
    bank = int(view.get("food_bank", 0))
    owner: dict[int, int] = {}
    estimates = []
    for player in players:
        animals = player["animals"]
        total_need = sum(int(a["need"]) for a in animals) or 1
        points = 0.4 * int(player["hand_size"]) * (0.0 if view.get("last_turn") else 1.0)
        for animal in animals:
            owner[animal["id"]] = player["seat"]
            if animal["fed"] or animal["hibernating"]:
                alive = 1.0
            elif phase == "feeding":
                missing = int(animal["need"]) - int(animal["food"]) - int(animal["fat"])
                alive = 0.9 if missing <= 0 else (0.55 if bank >= missing else 0.15)
            else:
                alive = min(1.0, max(0.2, share / total_need))
            points += alive * animal_points(animal)
        estimates.append(points)
    for link in view.get("links", []):
        seat = owner.get(link["animals"][0])
        if seat is not None:
            estimates[seat] += 1.0
    return estimates


def evaluate(game: Game[Any], state: Any) -> list[float]:
    """Rewards in [0, 1] per seat for an unfinished sampled state (ISMCTS playouts): a soft
    win estimate from :func:`estimate_scores`, read from the state."""
    return rollout.evaluate(game, state)


#: playout length (actions) before :func:`evaluate` scores the sample; measured: 20 gives
#: three times the iterations of 60 and plays at least as well at equal time.
ROLLOUT_DEPTH = 20


class EvolutionHeuristic:
    """The rules above behind the ``core.game.Heuristic`` protocol."""

    rollout_depth = ROLLOUT_DEPTH

    def choose(
        self,
        view: JSON,
        legal_actions: Sequence[Action],
        decision: Decision,
        rng: random.Random,
    ) -> Action:
        """The legal action the rules value most (ties broken by ``rng``)."""
        return best_action(view, legal_actions, decision, rng)

    def rollout_policy(
        self,
        rng: random.Random,
        game: Game[Any],
        state: Any,
        seat: int,
        legal: Sequence[Action],
    ) -> Action:
        return rollout.rollout_policy(rng, game, state, seat, legal)

    def evaluate(self, game: Game[Any], state: Any) -> list[float]:
        return rollout.evaluate(game, state)

    def priors(
        self, game: Game[Any], state: Any, seat: int, legal: Sequence[Action]
    ) -> list[float]:
        return rollout.priors(game, state, seat, legal)


HEURISTIC = EvolutionHeuristic()
