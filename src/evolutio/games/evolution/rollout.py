"""Evolution's heuristic on engine states, for search: no view, no JSON, no hidden cards read.

A search bot plays thousands of sampled states forward per decision. Building a seat's view
(hands with card faces, discards, the decision's JSON) at every playout step cost about half
of each ISMCTS iteration, yet the rules of ``heuristic.py`` (D1-D9, F1-F7, R1-R3, trigger
order) read only a few public figures per animal. Here the same rules read them straight from
the state's ``Animal``, ``Link`` and ``Player`` objects (through their stable attributes and
``ops.need``), and read actions' fields as attributes, so the values equal those of
``heuristic.action_values`` on the seat's view (the tests check it on every decision of whole
games) at a fraction of the cost. Development values are cached per (kind, trait, animals)
within a decision, since several cards often offer the same trait.

Nothing here reads another seat's hand or the deck: on a determinized sample those are made
up, and the rules look at hand sizes only. :func:`rollout_policy`, :func:`priors` and
:func:`evaluate` are the game heuristic's search half (``core.game.Heuristic``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from evolutio.core.game import Action, Game
from evolutio.games.evolution.ops import need
from evolutio.games.evolution.state import FEEDING, Animal, AttackFrame, State

#: Ice Age's traits and the kind of natural change each guards against (rule D9).
ICE_GUARDS = {"insulation": "cold", "immunity": "disease"}
#: extra food need (and extra score) printed on a card's corner.
EXTRA_NEED = {
    "carnivore": 1,
    "high_body_weight": 1,
    "parasite": 2,
    "trematode": 1,
    "intellect": 1,
    "viviparous": 1,
    "homeothermy": 1,
    "voracious": 1,
}
#: traits that stop or blunt attacks.
DEFENCES = {
    "camouflage",
    "burrowing",
    "running",
    "tail_loss",
    "mimicry",
    "swimming",
    "poisonous",
    "high_body_weight",
    "shell",
    "ink_cloud",
    "flight",
    "shy",
}
#: paired traits that bring a partner food.
FOOD_LINKS = {"communication", "cooperation"}
#: expected red tokens per turn by player count (mean of the base game's dice + bonus).
EXPECTED_FOOD = {2: 5.5, 3: 7.0, 4: 9.0, 5: 12.5, 6: 14.5, 7: 16.0, 8: 18.0}

#: share of random moves in ISMCTS playouts, so playouts differ from one another.
ROLLOUT_NOISE = 0.1
#: softness (in value points) of the search's priors: the rules' values divided by it go
#: through a softmax, so an action half a point better is ``e`` times likelier.
PRIOR_TEMPERATURE = 0.5
#: softness of the win estimate from estimated scores (points).
EVAL_TEMPERATURE = 2.5
EVAL_SCORE_WEIGHT = 0.25


def has(animal: Animal, trait: str) -> bool:
    """Whether a card of ``trait`` lies on the animal (working or not, as the view lists)."""
    for _, name in animal.traits:
        if name == trait:
            return True
    return False


def points(animal: Animal) -> float:
    """What an animal scores if it survives: 2, plus 1 and the extra need per trait."""
    total = 2.0
    for _, name in animal.traits:
        total += 1 + EXTRA_NEED.get(name, 0)
    return total


class Table:
    """The figures the rules read, for the deciding ``seat`` of a state; needs are computed
    once per animal, on demand."""

    __slots__ = (
        "animals",
        "carnivores",
        "enemy_carnivores",
        "mine",
        "my_need",
        "needs",
        "others",
        "seat",
        "share",
        "state",
    )

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.animals = animals = state.animals
        self.needs: dict[int, int] = {}
        self.mine = [animals[i] for i in state.players[seat].animals]
        self.others = [animals[i] for p in state.players if p.seat != seat for i in p.animals]
        own_carnivores = sum(1 for a in self.mine if has(a, "carnivore"))
        self.enemy_carnivores = sum(1 for a in self.others if has(a, "carnivore"))
        self.carnivores = self.enemy_carnivores + own_carnivores
        count = len(state.players)
        self.share = EXPECTED_FOOD.get(count, 2.0 * count + 2) / count + 0.6 * own_carnivores
        self.my_need = sum(self.need(a) for a in self.mine)

    def need(self, animal: Animal) -> int:
        got = self.needs.get(animal.id)
        if got is None:
            got = self.needs[animal.id] = need(self.state, animal)
        return got

    def deficit(self, animal: Animal) -> int:
        return max(0, self.need(animal) - animal.food)

    def fed(self, animal: Animal) -> bool:
        return bool(animal.hibernating) or animal.food >= self.need(animal)

    def tightness(self, extra: int = 0) -> float:
        """How short of food the seat is: need over expected share (1 = just enough)."""
        return (self.my_need + extra) / max(self.share, 1.0)

    def owner(self, animal_id: int) -> int | None:
        animal = self.animals.get(animal_id)
        return animal.owner if animal is not None else None

    def food_bank(self) -> int:
        state = self.state
        return state.food_bank + sum(state.banks.values()) if state.banks else state.food_bank


def trait_value(table: Table, trait: str, animal: Animal) -> float:
    """Rules D2-D7 (and D9) for a trait on one of the seat's own animals."""
    extra = EXTRA_NEED.get(trait, 0)
    pressure = min(max(table.tightness(extra), 0.3), 2.0)
    value = 1.0 + extra * (1.0 - pressure)  # D2: points, less the food they cost
    if trait == "parasite":
        return -3.0  # D5
    if trait in DEFENCES:  # D3
        enemies = table.enemy_carnivores
        value += 0.25 + 0.35 * min(enemies, 3) if enemies else 0.1
        if trait == "swimming" and has(animal, "carnivore"):
            value -= 0.6  # a swimming carnivore hunts only swimmers
    if trait == "carnivore":  # D4
        prey = len(table.others)
        value += min(0.3 * prey, 1.2) - (0.4 if has(animal, "swimming") else 0.0)
    elif trait == "sharp_vision":
        value += 0.5 if has(animal, "carnivore") else -0.2
    elif trait == "scavenger":
        value += 0.4 if table.carnivores else -0.1
    elif trait == "fat_tissue":
        value += 0.5 - 0.25 * sum(1 for _, t in animal.traits if t == "fat_tissue")
    elif trait in ("piracy", "hibernation", "grazing"):
        value += 0.1
    elif trait in ICE_GUARDS:  # D9
        state = table.state
        kind = state.nature_cards[state.nature_now].kind if state.nature_now >= 0 else None
        value += 0.3 + (0.5 if kind == ICE_GUARDS[trait] else 0.0)
    value -= 0.15 * len(animal.traits)  # D7
    return value


def develop_value(table: Table, action: Any) -> float:
    """Rules D1-D8."""
    kind = action.type
    if kind == "pass":
        return 0.0  # D8
    if kind == "animal":  # D1
        value = 1.6 - 0.9 * max(0.0, table.tightness(1) - 1.0)
        if len(table.mine) < 3:
            value += 0.5
        if table.state.last_turn:
            value = 2.0 if table.tightness(1) <= 1.0 else 0.4
        return value
    if kind == "trait":
        animal = table.animals.get(action.animal)
        if animal is None:
            return -1.0
        trait = action.trait
        if animal.owner != table.seat:
            if trait == "parasite":  # D5
                return 1.1 + 0.3 * len(animal.traits) / 3
            return -1.0
        return trait_value(table, trait, animal)
    if kind == "pair":  # D6
        a, b = action.animals
        if table.owner(a) != table.seat or table.owner(b) != table.seat:
            return -1.0
        trait = action.trait
        if trait in FOOD_LINKS:
            return 0.9 + 0.1 * max(0.0, table.tightness() - 0.5)
        if trait == "symbiosis":
            return 0.3
        return 0.5
    return 0.2


def attack_value(table: Table, carnivore: Animal, target_id: int) -> float:
    """Rule F2."""
    target = table.animals.get(target_id)
    if target is None:
        return 0.0
    if target.owner == table.seat:
        return -5.0
    if has(target, "poisonous"):
        return -2.0
    odds = 1.0
    if has(target, "running"):
        odds *= 0.5
    if has(target, "tail_loss"):
        odds *= 0.6
    gain = 2.0 * min(2, table.deficit(carnivore)) + 0.6 * points(target)
    return 1.5 + odds * gain


def feed_value(table: Table, action: Any) -> float:
    """Rules F1-F7."""
    kind = action.type
    animal_id = getattr(action, "animal", None)
    animal = table.animals.get(animal_id) if animal_id is not None else None
    if kind == "eat" and animal is not None:  # F1, F4
        deficit = table.deficit(animal)
        if deficit > 0 and not table.fed(animal):
            links = sum(
                1
                for link in table.state.links.values()
                if (link.a == animal.id or link.b == animal.id) and link.trait in FOOD_LINKS
            )
            return 4.0 + 0.5 * deficit + 0.3 * links
        if animal.fat < sum(1 for _, t in animal.traits if t == "fat_tissue"):
            return 1.5
        return 0.3
    if kind == "attack" and animal is not None:
        return attack_value(table, animal, action.target)
    if kind == "piracy" and animal is not None:  # F3
        if table.owner(action.target) == table.seat:
            return -2.0
        return 3.8 if table.deficit(animal) > 0 else 0.5
    if kind == "fat" and animal is not None:  # F4
        deficit = table.deficit(animal)
        if deficit <= 0:
            return -1.0
        fit = -0.3 * abs(deficit - int(action.amount))
        return (3.5 if table.food_bank() == 0 else 0.4) + fit
    if kind == "hibernate" and animal is not None:  # F5
        deficit = table.deficit(animal)
        hungry = sum(table.deficit(a) for a in table.mine if not table.fed(a) and not a.hibernating)
        if deficit > 0 and table.food_bank() < hungry:
            return 3.0 + 0.3 * deficit
        return 0.2
    if kind == "grazing":  # F6
        full = all(
            table.fed(a) and a.fat >= sum(1 for _, t in a.traits if t == "fat_tissue")
            for a in table.mine
        )
        others_hungry = any(not table.fed(a) for a in table.others)
        return 1.2 if full and others_hungry else -1.0
    if kind == "end":  # F7
        hungry = any(not table.fed(a) and not a.hibernating for a in table.mine)
        return 0.5 if not hungry else -0.5
    return 0.0


def defend_value(table: Table, action: Any) -> float:
    """Rules R1-R3."""
    kind = action.type
    if kind == "tail_loss":  # R1
        stack = table.state.stack
        frame = stack[-1] if stack else None
        attacked = table.animals.get(frame.target) if isinstance(frame, AttackFrame) else None
        trait = ""
        if attacked is not None:
            card = action.card
            trait = next((t for c, t in attacked.traits if c == card), "")
            if not trait:
                trait = next(
                    (
                        link.trait
                        for link in table.state.links.values()
                        if (link.a == attacked.id or link.b == attacked.id) and link.card == card
                    ),
                    "",
                )
        keep = trait_value(table, trait, attacked) if attacked is not None and trait else 1.0
        if trait == "parasite":
            keep = -1.0  # shedding a parasite also frees two food
        return 5.0 - keep
    if kind == "mimic":  # R2
        target = table.animals.get(action.target)
        return 4.0 - 0.3 * (points(target) if target is not None else 0.0)
    if kind == "run":  # R3
        return 6.0
    if kind == "accept":
        return 0.0
    return 1.0


def trigger_value(table: Table, action: Any) -> float:
    """Fire first the link whose partner is hungriest."""
    link = table.state.links.get(getattr(action, "link", None))  # type: ignore[arg-type]
    if link is None:
        return 0.0
    partners = [table.animals[a] for a in (link.a, link.b) if a in table.animals]
    return float(max((table.deficit(a) for a in partners), default=0))


RULES = {
    "develop": develop_value,
    "feed": feed_value,
    "defend": defend_value,
    "trigger": trigger_value,
}


def state_values(state: State, seat: int, kind: str, legal: Sequence[Action]) -> list[float]:
    """The rules' values of ``legal`` (higher is better) read from an engine state."""
    rule = RULES.get(kind)
    if rule is None:
        return [0.0] * len(legal)
    table = Table(state, seat)
    if kind != "develop":
        return [rule(table, action) for action in legal]
    cache: dict[tuple[Any, ...], float] = {}
    out = []
    for action in legal:
        key = (
            action.type,
            getattr(action, "trait", None),
            getattr(action, "animal", None),
            getattr(action, "animals", None),
        )
        value = cache.get(key)
        if value is None:
            value = cache[key] = rule(table, action)
        out.append(value)
    return out


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
    """Expected final points per seat: animals and traits weighted by the chance they
    survive, plus a little for cards still in hand (``heuristic.estimate_scores`` on the
    spectator view, read from the state)."""
    players = state.players
    count = len(players)
    share = EXPECTED_FOOD.get(count, 2.0 * count + 2) / count
    feeding = state.phase == FEEDING
    bank = state.food_bank + sum(state.banks.values()) if state.banks else state.food_bank
    animals = state.animals
    hand_weight = 0.0 if state.last_turn else 0.4
    estimates = []
    for player in players:
        listed = [animals[i] for i in player.animals]
        needs = [need(state, a) for a in listed]
        total_need = sum(needs) or 1
        value = hand_weight * len(player.hand)
        for animal, wanted in zip(listed, needs, strict=True):
            if animal.hibernating or animal.food >= wanted:
                alive = 1.0
            elif feeding:
                missing = wanted - animal.food - animal.fat
                alive = 0.9 if missing <= 0 else (0.55 if bank >= missing else 0.15)
            else:
                alive = min(1.0, max(0.2, share / total_need))
            value += alive * points(animal)
        estimates.append(value)
    for link in state.links.values():
        first = animals.get(link.a)
        if first is not None:
            estimates[first.owner] += 1.0
    return estimates


def evaluate(game: Game[Any], state: Any) -> list[float]:
    """Rewards in [0, 1] per seat for an unfinished sampled state (ISMCTS playouts)."""
    estimates = estimate_scores(state)
    top = max(estimates)
    weights = [math.exp((e - top) / EVAL_TEMPERATURE) for e in estimates]
    total = sum(weights)
    return [
        (1 - EVAL_SCORE_WEIGHT) * w / total + EVAL_SCORE_WEIGHT * max(e, 0.0) / max(top, 1.0)
        for w, e in zip(weights, estimates, strict=True)
    ]
