"""The 18 gift cards (seed 004, "Специальные карты подарочного набора"; data/cards.toml)."""

from __future__ import annotations

from dataclasses import dataclass

from evolutio.core.game import Action, Event
from evolutio.games.evolution.actions import ACTION_TYPES
from evolutio.games.evolution.attack import ATTACKED
from evolutio.games.evolution.ops import BANK, can_eat, gain, need
from evolutio.games.evolution.refusals import refusal
from evolutio.games.evolution.state import Animal, Span, State
from evolutio.games.evolution.trait import AnimalActionTrait, Trait, register
from evolutio.games.evolution.traits.time_to_fly import new_animal


@dataclass(frozen=True, slots=True)
class HomeothermyAction(Action):
    """The hungry animal takes one extra red token from the food bank this feeding step."""

    animal: int

    def notation(self) -> str:
        return f"homeothermy A{self.animal}"


HomeothermyAction.type = "homeothermy"


ACTION_TYPES.add(HomeothermyAction)


class RStrategy(Trait):
    """May be played on any player's animal. Its owner draws no card for it; instead, at the
    start of the next turn the top two cards of the deck become two new animals of the owner
    (who may look at their trait sides); none from an empty deck (seed 004, "r-Стратегия")."""

    id = "r_strategy"
    target = "any"
    draws_card = False

    def on_turn_start(self, state: State, animal: Animal, events: list[Event]) -> None:
        for _ in range(2):
            if not state.deck:
                return
            new_animal(state, animal.owner, animal, "r_strategy", events)


class Shy(Trait):
    """Once attacked by a carnivore, no carnivore may attack it again this turn (seed 004,
    "Пугливое"); so with Tail loss one lost tail keeps it safe for the turn."""

    id = "shy"

    def blocks_attack(self, state: State, carnivore: Animal, target: Animal) -> str | None:
        if state.used(ATTACKED, target.id):
            return refusal("shy")
        return None

    def attack_blocked(self, state: State, carnivore: Animal, target: Animal) -> bool:
        return (ATTACKED, target.id) in state.cooldowns


class Homeothermy(AnimalActionTrait):
    """+1. In each of its owner's feeding steps the animal, while not fed, may take one extra
    red token from the food bank, at any moment of the step, whatever else the owner does
    (seed 004, "Прожорливое"; 2nd edition Homeothermy)."""

    id = "homeothermy"
    food = 1
    feeding_types = ("homeothermy",)
    action = HomeothermyAction

    def block(self, state: State, animal: Animal) -> str | None:
        if state.used("homeothermy", animal.id):
            return refusal("extra_taken", animal=animal.id)
        if state.bank(animal.location) < 1:
            return refusal("bank_empty")
        if animal.hibernating or animal.food >= need(state, animal):
            return refusal("extra_hungry", animal=animal.id)
        if not can_eat(state, animal):
            return refusal("cannot_eat", animal=animal.id)
        return None

    def blocked(self, state: State, animal: Animal) -> bool:
        return (
            ("homeothermy", animal.id) in state.cooldowns
            or state.bank(animal.location) < 1
            or animal.hibernating
            or animal.food >= need(state, animal)
            or not can_eat(state, animal)
        )

    def apply_action(
        self, state: State, animal: Animal, action: Action, events: list[Event]
    ) -> None:
        state.use("homeothermy", animal.id, Span.STEP)
        gain(state, animal, BANK, "homeothermy", events)


register("gift", RStrategy(), Shy(), Homeothermy())
