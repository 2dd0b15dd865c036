"""Actions and events of Evolution, with their JSON forms and short notations.

Notation: animals are ``A<id>``, cards ``#<id>``, links ``L<id>``::

    animal #12            play card 12 face down as a new animal
    #12 carnivore A3      play card 12 as Carnivore on animal 3
    #40 symbiosis A3 A5   a paired trait (Symbiosis: symbiont first, then its host)
    pass                  no more cards this development phase
    eat A3                take a red token from the food bank for animal 3
    attack A3 A7          carnivore 3 attacks animal 7
    fat A3 2              turn 2 fat tokens of animal 3 into food
    piracy A3 A7 | grazing A3 | hibernate A3 | end
    run | mimic A9 | tail_loss #40 | accept       (defending an attack)
    trigger L4            fire this paired-trait trigger next
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from evolutio.core.game import Action, Event

# -- development -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayAnimal(Action):
    type: ClassVar[str] = "animal"
    card: int

    def notation(self) -> str:
        return f"animal #{self.card}"


@dataclass(frozen=True, slots=True)
class PlayTrait(Action):
    type: ClassVar[str] = "trait"
    card: int
    trait: str
    animal: int

    def notation(self) -> str:
        return f"#{self.card} {self.trait} A{self.animal}"


@dataclass(frozen=True, slots=True)
class PlayPair(Action):
    type: ClassVar[str] = "pair"
    card: int
    trait: str
    animals: tuple[int, int]

    def notation(self) -> str:
        return f"#{self.card} {self.trait} A{self.animals[0]} A{self.animals[1]}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    type: ClassVar[str] = "pass"


# -- feeding -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Eat(Action):
    type: ClassVar[str] = "eat"
    animal: int

    def notation(self) -> str:
        return f"eat A{self.animal}"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    type: ClassVar[str] = "attack"
    animal: int
    target: int

    def notation(self) -> str:
        return f"attack A{self.animal} A{self.target}"


@dataclass(frozen=True, slots=True)
class UseFat(Action):
    type: ClassVar[str] = "fat"
    animal: int
    amount: int

    def notation(self) -> str:
        return f"fat A{self.animal} {self.amount}"


@dataclass(frozen=True, slots=True)
class Piracy(Action):
    type: ClassVar[str] = "piracy"
    animal: int
    target: int

    def notation(self) -> str:
        return f"piracy A{self.animal} A{self.target}"


@dataclass(frozen=True, slots=True)
class Grazing(Action):
    type: ClassVar[str] = "grazing"
    animal: int

    def notation(self) -> str:
        return f"grazing A{self.animal}"


@dataclass(frozen=True, slots=True)
class Hibernate(Action):
    type: ClassVar[str] = "hibernate"
    animal: int

    def notation(self) -> str:
        return f"hibernate A{self.animal}"


@dataclass(frozen=True, slots=True)
class EndStep(Action):
    type: ClassVar[str] = "end"


# -- out of turn ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Run(Action):
    type: ClassVar[str] = "run"


@dataclass(frozen=True, slots=True)
class Mimic(Action):
    type: ClassVar[str] = "mimic"
    target: int

    def notation(self) -> str:
        return f"mimic A{self.target}"


@dataclass(frozen=True, slots=True)
class TailLoss(Action):
    type: ClassVar[str] = "tail_loss"
    card: int

    def notation(self) -> str:
        return f"tail_loss #{self.card}"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    type: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class Trigger(Action):
    type: ClassVar[str] = "trigger"
    link: int

    def notation(self) -> str:
        return f"trigger L{self.link}"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (
        PlayAnimal,
        PlayTrait,
        PlayPair,
        Pass,
        Eat,
        Attack,
        UseFat,
        Piracy,
        Grazing,
        Hibernate,
        EndStep,
        Run,
        Mimic,
        TailLoss,
        Accept,
        Trigger,
    )
}

# -- events --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    type: ClassVar[str] = "phase_started"
    turn: int
    phase: str
    first_player: int


@dataclass(frozen=True, slots=True)
class AnimalPlayed(Event):
    type: ClassVar[str] = "animal_played"
    seat: int
    card: int
    animal: int


@dataclass(frozen=True, slots=True)
class TraitPlayed(Event):
    type: ClassVar[str] = "trait_played"
    seat: int
    card: int
    trait: str
    animals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Passed(Event):
    type: ClassVar[str] = "passed"
    seat: int


@dataclass(frozen=True, slots=True)
class FoodBankSet(Event):
    type: ClassVar[str] = "food_bank_set"
    dice: tuple[int, ...]
    bonus: int
    food: int


@dataclass(frozen=True, slots=True)
class FoodTaken(Event):
    """An animal gains a token: ``source`` is "bank" (red), "supply" (blue) or an animal id."""

    type: ClassVar[str] = "food_taken"
    animal: int
    source: str
    trait: str  # what gave it: "eat", "carnivore", "communication", ...
    to_fat: bool


@dataclass(frozen=True, slots=True)
class FoodDestroyed(Event):
    type: ClassVar[str] = "food_destroyed"
    animal: int
    trait: str


@dataclass(frozen=True, slots=True)
class FatUsed(Event):
    type: ClassVar[str] = "fat_used"
    animal: int
    amount: int


@dataclass(frozen=True, slots=True)
class TraitUsed(Event):
    type: ClassVar[str] = "trait_used"
    animal: int
    trait: str


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    type: ClassVar[str] = "attacked"
    carnivore: int
    target: int


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    type: ClassVar[str] = "die_rolled"
    animal: int
    trait: str
    value: int
    success: bool


@dataclass(frozen=True, slots=True)
class AttackRedirected(Event):
    type: ClassVar[str] = "attack_redirected"
    carnivore: int
    source: int
    target: int


@dataclass(frozen=True, slots=True)
class AttackFailed(Event):
    type: ClassVar[str] = "attack_failed"
    carnivore: int
    target: int
    trait: str


@dataclass(frozen=True, slots=True)
class AnimalEaten(Event):
    type: ClassVar[str] = "animal_eaten"
    carnivore: int
    animal: int


@dataclass(frozen=True, slots=True)
class AnimalDied(Event):
    type: ClassVar[str] = "animal_died"
    animal: int
    owner: int
    cause: str  # "eaten", "starved", "poisoned"


@dataclass(frozen=True, slots=True)
class TraitDiscarded(Event):
    type: ClassVar[str] = "trait_discarded"
    card: int
    trait: str
    animal: int
    owner: int


@dataclass(frozen=True, slots=True)
class StepEnded(Event):
    type: ClassVar[str] = "step_ended"
    seat: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    type: ClassVar[str] = "cards_drawn"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    type: ClassVar[str] = "game_ended"
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LastTurn(Event):
    """The deck ran out during this turn, which becomes the last (Viviparous, r-strategy)."""

    type: ClassVar[str] = "last_turn"
    turn: int


@dataclass(frozen=True, slots=True)
class CardLeftOnTable(Event):
    """A trait card stays in the middle of the table when its animal dies (Shell)."""

    type: ClassVar[str] = "card_left_on_table"
    card: int
    trait: str
    animal: int


def register_actions(*classes: type[Action]) -> None:
    """Add an expansion's action types to the JSON reader (one type name per class)."""
    for cls in classes:
        if ACTION_TYPES.get(cls.type, cls) is not cls:
            raise ValueError(f"action type {cls.type!r} is registered twice")
        ACTION_TYPES[cls.type] = cls
