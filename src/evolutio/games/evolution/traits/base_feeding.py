"""The base game's traits used by one action in their owner's feeding step: Piracy, Grazing
and Hibernation (seed 004, "Особенности использования свойств"). They register with the rest
of the base set in base.py, in the rulebook's order.
"""

from __future__ import annotations

from evolutio.core.game import Action, Event, IllegalAction
from evolutio.games.evolution.actions import Grazing, Hibernate, Piracy
from evolutio.games.evolution.events import FoodDestroyed, TraitUsed
from evolutio.games.evolution.ops import gain, is_fed, need
from evolutio.games.evolution.refusals import refusal
from evolutio.games.evolution.state import Animal, Span, State
from evolutio.games.evolution.trait import AnimalActionTrait, Trait


class PiracyTrait(Trait):
    """Once per turn, in its feeding step: take a token from another animal that has
    received food this turn but is not fed (seed 004, "Пиратство"; ruling 4)."""

    id = "piracy"
    feeding_types = ("piracy",)

    def _block(self, state: State, animal: Animal, target: Animal | None) -> str | None:
        if state.used("piracy", animal.id):
            return refusal("used_this_turn", state.edition, animal=animal.id, trait="piracy")
        if animal.hibernating or animal.food >= need(state, animal):
            return refusal("piracy_hungry", state.edition, trait="piracy")
        if target is None:
            return refusal("rob_none")
        if target.id == animal.id:
            return refusal("rob_self")
        if target.location != animal.location:
            return refusal("rob_elsewhere", animal=target.id)
        if target.food < 1:
            return refusal("rob_empty", animal=target.id)
        if not state.used("fed", target.id):
            return refusal("rob_unfed", animal=target.id)
        if is_fed(state, target):
            return refusal("rob_fed", state.edition, animal=target.id, trait="piracy")
        return None

    def feeding_actions(self, state: State, animal: Animal) -> list[Action]:
        if state.used("piracy", animal.id):
            return []
        if animal.hibernating or animal.food >= need(state, animal):
            return []
        # the checks of _block that need no target come first, then its checks of the
        # target, in the same terms (``state.used("fed", ...)`` is that cooldown)
        cooldowns = state.cooldowns
        return [
            Piracy(animal.id, target.id)
            for target in state.animals.values()
            if target.id != animal.id
            and target.location == animal.location
            and target.food >= 1
            and ("fed", target.id) in cooldowns
            and not is_fed(state, target)
        ]

    def check_action(self, state: State, animal: Animal, action: Action) -> None:
        assert isinstance(action, Piracy)
        reason = self._block(state, animal, state.animals.get(action.target))
        if reason:
            raise IllegalAction(reason)

    def apply_action(
        self, state: State, animal: Animal, action: Action, events: list[Event]
    ) -> None:
        assert isinstance(action, Piracy)
        state.use("piracy", animal.id, Span.TURN)
        victim = state.animals[action.target]
        # a blue token is taken if the victim has one (the colour changes nothing later:
        # the stolen token arrives blue, ruling 4)
        if victim.red == victim.food:
            victim.red -= 1
        victim.food -= 1
        events.append(TraitUsed(animal.id, "piracy"))
        gain(state, animal, str(victim.id), "piracy", events)


class GrazingTrait(AnimalActionTrait):
    """In each of its owner's feeding steps it may destroy one red token of the food bank
    (seed 004, "Топотун")."""

    id = "grazing"
    feeding_types = ("grazing",)
    action = Grazing

    def block(self, state: State, animal: Animal) -> str | None:
        if state.used("grazing", animal.id):
            return refusal("grazed", animal=animal.id)
        if state.bank(animal.location) < 1:
            return refusal("bank_empty")
        return None

    def blocked(self, state: State, animal: Animal) -> bool:
        return state.used("grazing", animal.id) or state.bank(animal.location) < 1

    def apply_action(
        self, state: State, animal: Animal, action: Action, events: list[Event]
    ) -> None:
        state.use("grazing", animal.id, Span.STEP)
        state.add_bank(animal.location, -1)
        state.food_removed += 1
        events.append(FoodDestroyed(animal.id, "grazing"))


class HibernationTrait(AnimalActionTrait):
    """In its feeding step the animal falls asleep and counts as fed; not two turns running,
    not in the last turn; it then takes no food, not even into fat (seed 004; ruling 7)."""

    id = "hibernation"
    feeding_types = ("hibernate",)
    action = Hibernate

    def block(self, state: State, animal: Animal) -> str | None:
        if animal.hibernating:
            return refusal("already_hibernating", animal=animal.id)
        if state.used("hibernation", animal.id):
            return refusal("hibernation_twice", state.edition, trait="hibernation")
        if state.last_turn:
            return refusal("hibernation_last", state.edition, trait="hibernation")
        if animal.food >= need(state, animal):
            return refusal("already_fed", animal=animal.id)
        return None

    def blocked(self, state: State, animal: Animal) -> bool:
        return (
            animal.hibernating
            or state.used("hibernation", animal.id)
            or state.last_turn
            or animal.food >= need(state, animal)
        )

    def apply_action(
        self, state: State, animal: Animal, action: Action, events: list[Event]
    ) -> None:
        state.use("hibernation", animal.id, Span.NEXT_TURN)
        animal.hibernating = True
        events.append(TraitUsed(animal.id, "hibernation"))
