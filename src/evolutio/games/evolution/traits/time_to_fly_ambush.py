"""Time to Fly's Ambush (seed 004, "Засада"): a carnivore attacks, out of turn, an animal that
takes a red token. Its actions, its event and the choice frame that asks each seat in turn.
It registers with the rest of the set in time_to_fly.py."""

from __future__ import annotations

from dataclasses import dataclass

from evolutio.core.game import Action, Event
from evolutio.games.evolution.attack import can_attack, may_attack, start_attack
from evolutio.games.evolution.events import TraitUsed
from evolutio.games.evolution.ops import seats_from
from evolutio.games.evolution.state import Animal, ChoiceFrame, State
from evolutio.games.evolution.trait import Trait

# -- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AmbushAttack(Action):
    """Out of turn: a carnivore with Ambush attacks an animal that took a red token."""

    animal: int
    target: int

    def notation(self) -> str:
        return f"ambush A{self.animal} A{self.target}"


AmbushAttack.type = "ambush"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Let the moment pass (no ambush)."""


Decline.type = "decline"


# -- events --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FoodReturned(Event):
    """A red token goes back to the food bank (prey eaten from Ambush)."""

    animal: int
    trait: str


FoodReturned.type = "food_returned"


# -- the trait -----------------------------------------------------------------------------


#: traits an animal attacked from Ambush cannot use (seed 004, "Засада").
AMBUSH_DISABLES = ("burrowing", "shell")


class AmbushFrame(ChoiceFrame):
    """An animal took a red token: each seat, clockwise from the left of its owner (the
    owner last), may attack it with a carnivore with Ambush. The frame ends when the prey is
    gone or nobody else can or will; an eaten prey's token goes back to the food bank."""

    __slots__ = ("location", "prey", "seats")

    def __init__(self, prey: int, seats: list[int], location: str = "") -> None:
        super().__init__("ambush")
        self.prey = prey
        self.seats = seats
        self.location = location  # the prey's location, whose bank gets the token back

    def copy(self) -> AmbushFrame:
        return AmbushFrame(self.prey, list(self.seats), self.location)

    def ambushers(self, state: State, seat: int) -> list[int]:
        prey = state.animals[self.prey]
        return [
            animal_id
            for animal_id in state.players[seat].animals
            if Ambush.can_ambush(state, state.animals[animal_id], prey)
        ]

    def _current(self, state: State) -> tuple[int, list[int]] | None:
        if self.prey not in state.animals:
            return None
        for seat in self.seats:
            found = self.ambushers(state, seat)
            if found:
                return seat, found
        return None

    def chooser(self, state: State) -> int:
        current = self._current(state)
        return current[0] if current else self.seats[0]

    def prompt(self, state: State) -> str:
        return f"A{self.prey} took a red token: attack it from ambush, or decline."

    def options(self, state: State) -> list[Action]:
        current = self._current(state)
        if current is None:
            return []
        actions: list[Action] = [AmbushAttack(a, self.prey) for a in current[1]]
        actions.append(Decline())
        return actions

    def apply(self, state: State, action: Action, events: list[Event]) -> None:
        current = self._current(state)
        assert current is not None
        if isinstance(action, Decline):
            self.seats.remove(current[0])
            return
        assert isinstance(action, AmbushAttack)
        events.append(TraitUsed(action.animal, "ambush"))
        start_attack(
            state, state.animals[action.animal], state.animals[self.prey], events, AMBUSH_DISABLES
        )

    def finish(self, state: State, events: list[Event]) -> None:
        if self.prey not in state.animals:
            state.add_bank(self.location, 1)
            state.food_removed -= 1
            events.append(FoodReturned(self.prey, "ambush"))

    def to_json(self, state: State) -> dict[str, object]:
        data = ChoiceFrame.to_json(self, state)
        data["prey"] = self.prey
        return data


class Ambush(Trait):
    """A carnivore with it may attack an animal when that animal takes a red token from the
    food bank, out of turn; if the prey is eaten the token stays in the bank; the prey cannot
    use Burrowing or Shell (seed 004, "Засада"). The attack is the carnivore's attack of the
    turn."""

    id = "ambush"

    @staticmethod
    def can_ambush(state: State, animal: Animal, prey: Animal) -> bool:
        return (
            animal.id != prey.id
            and animal.has("ambush")
            and can_attack(state, animal)
            and may_attack(state, animal, prey, AMBUSH_DISABLES)
        )

    def on_red_taken(self, state: State, animal: Animal, events: list[Event]) -> None:
        if animal.id not in state.animals:
            return
        for other in state.animals.values():
            # the cheap part of can_ambush first: most animals have no Ambush (``holds``,
            # without a call per animal: every red token taken asks every animal)
            for _, name in other.traits:
                if name == "ambush":
                    break
            else:
                continue
            if self.can_ambush(state, other, animal):
                seats = seats_from(state, (animal.owner + 1) % state.num_players)
                state.stack.append(AmbushFrame(animal.id, seats, animal.location))
                return
