"""Events of Evolution: what happened, in the log and in the records, each with its JSON
form (``type`` and its fields); ``texts.py`` says each in words."""

from __future__ import annotations

from dataclasses import dataclass

from evolutio.core.game import Event


@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    turn: int
    phase: str
    first_player: int


PhaseStarted.type = "phase_started"


@dataclass(frozen=True, slots=True)
class AnimalPlayed(Event):
    seat: int
    card: int
    animal: int


AnimalPlayed.type = "animal_played"


@dataclass(frozen=True, slots=True)
class TraitPlayed(Event):
    seat: int
    card: int
    trait: str
    animals: tuple[int, ...]


TraitPlayed.type = "trait_played"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int


Passed.type = "passed"


@dataclass(frozen=True, slots=True)
class FoodBankSet(Event):
    dice: tuple[int, ...]
    bonus: int
    food: int


FoodBankSet.type = "food_bank_set"


@dataclass(frozen=True, slots=True)
class FoodTaken(Event):
    """An animal gains a token: ``source`` is "bank" (red), "supply" (blue) or an animal id."""

    animal: int
    source: str
    trait: str  # what gave it: "eat", "carnivore", "communication", ...
    to_fat: bool


FoodTaken.type = "food_taken"


@dataclass(frozen=True, slots=True)
class FoodDestroyed(Event):
    animal: int
    trait: str


FoodDestroyed.type = "food_destroyed"


@dataclass(frozen=True, slots=True)
class FatUsed(Event):
    animal: int
    amount: int


FatUsed.type = "fat_used"


@dataclass(frozen=True, slots=True)
class TraitUsed(Event):
    animal: int
    trait: str


TraitUsed.type = "trait_used"


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    carnivore: int
    target: int


Attacked.type = "attacked"


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    animal: int
    trait: str
    value: int
    success: bool


DieRolled.type = "die_rolled"


@dataclass(frozen=True, slots=True)
class AttackRedirected(Event):
    carnivore: int
    source: int
    target: int


AttackRedirected.type = "attack_redirected"


@dataclass(frozen=True, slots=True)
class AttackFailed(Event):
    carnivore: int
    target: int
    trait: str


AttackFailed.type = "attack_failed"


@dataclass(frozen=True, slots=True)
class AnimalEaten(Event):
    carnivore: int
    animal: int


AnimalEaten.type = "animal_eaten"


@dataclass(frozen=True, slots=True)
class AnimalDied(Event):
    animal: int
    owner: int
    cause: str  # "eaten", "starved", "poisoned"


AnimalDied.type = "animal_died"


@dataclass(frozen=True, slots=True)
class TraitDiscarded(Event):
    card: int
    trait: str
    animal: int
    owner: int


TraitDiscarded.type = "trait_discarded"


@dataclass(frozen=True, slots=True)
class LocationFoodSet(Event):
    """Continents: the food bank of one location for this turn."""

    location: str
    dice: tuple[int, ...]
    bonus: int
    food: int


LocationFoodSet.type = "location_food_set"


@dataclass(frozen=True, slots=True)
class FoodAdded(Event):
    """Red tokens a trait adds to its location's food bank (Aedificator)."""

    animal: int
    trait: str
    location: str
    amount: int


FoodAdded.type = "food_added"


@dataclass(frozen=True, slots=True)
class AnimalMoved(Event):
    animal: int
    origin: str
    destination: str
    trait: str  # what moved it: "swimming", "migration", "suckerfish"


AnimalMoved.type = "animal_moved"


@dataclass(frozen=True, slots=True)
class TraitRestored(Event):
    """A trait card taken from the discard pile back onto an animal (Swimming leaving the
    Ocean)."""

    card: int
    trait: str
    animal: int


TraitRestored.type = "trait_restored"


@dataclass(frozen=True, slots=True)
class TraitsExchanged(Event):
    animal: int
    card: int
    partner: int
    swap: int


TraitsExchanged.type = "traits_exchanged"


@dataclass(frozen=True, slots=True)
class TraitMoved(Event):
    """Neoplasm moves up past one trait card, which stops working."""

    animal: int
    trait: str
    passed: int


TraitMoved.type = "trait_moved"


@dataclass(frozen=True, slots=True)
class Paralysed(Event):
    animal: int
    trait: str


Paralysed.type = "paralysed"


@dataclass(frozen=True, slots=True)
class AnimalRegrown(Event):
    animal: int
    card: int
    source: str  # "hand" or "deck"


AnimalRegrown.type = "animal_regrown"


@dataclass(frozen=True, slots=True)
class StepEnded(Event):
    seat: int


StepEnded.type = "step_ended"


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    seat: int
    count: int


CardsDrawn.type = "cards_drawn"


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]


GameEnded.type = "game_ended"


@dataclass(frozen=True, slots=True)
class LastTurn(Event):
    """The deck ran out during this turn, which becomes the last (Viviparous, r-strategy)."""

    turn: int


LastTurn.type = "last_turn"


@dataclass(frozen=True, slots=True)
class CardLeftOnTable(Event):
    """A trait card stays in the middle of the table when its animal dies (Shell)."""

    card: int
    trait: str
    animal: int


CardLeftOnTable.type = "card_left_on_table"
