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

from evolutio.core.game import JSON, Action, Event

# -- development -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayAnimal(Action):
    """A card played face down as an animal; with Continents, into ``location`` (Laurasia or
    Gondwana). Without a location the field is left out of the JSON form."""

    type: ClassVar[str] = "animal"
    card: int
    location: str = ""

    def to_json(self) -> JSON:
        out: JSON = {"type": self.type, "card": self.card}
        if self.location:
            out["location"] = self.location
        return out

    def notation(self) -> str:
        return f"animal #{self.card} {self.location}" if self.location else f"animal #{self.card}"


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


@dataclass(frozen=True, slots=True)
class Migrate(Action):
    """Continents: declare a migration and move the animal to another location."""

    type: ClassVar[str] = "migrate"
    animal: int
    location: str

    def notation(self) -> str:
        return f"migrate A{self.animal} {self.location}"


@dataclass(frozen=True, slots=True)
class Recombine(Action):
    """Recombination: ``animal`` gives its trait card ``card`` to its partner and receives
    the partner's trait card ``swap``."""

    type: ClassVar[str] = "recombine"
    animal: int
    card: int
    swap: int

    def notation(self) -> str:
        return f"recombine A{self.animal} #{self.card} #{self.swap}"


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
class Follow(Action):
    """Suckerfish: this animal follows the migrating animal."""

    type: ClassVar[str] = "follow"
    animal: int

    def notation(self) -> str:
        return f"follow A{self.animal}"


@dataclass(frozen=True, slots=True)
class Stay(Action):
    """Suckerfish: no (more) animals of this seat follow the migrating animal."""

    type: ClassVar[str] = "stay"


@dataclass(frozen=True, slots=True)
class Regrow(Action):
    """Regeneration: put card ``card`` from the hand as the new animal under the traits of
    ``animal``."""

    type: ClassVar[str] = "regrow"
    animal: int
    card: int

    def notation(self) -> str:
        return f"regrow A{self.animal} #{self.card}"


@dataclass(frozen=True, slots=True)
class Trigger(Action):
    """Fire a waiting paired trait. ``animal`` names the animal that receives the token when
    the link waits to fire both ways at once (a ring of links); 0 otherwise, and then the
    field is left out of the JSON form."""

    type: ClassVar[str] = "trigger"
    link: int
    animal: int = 0

    def to_json(self) -> JSON:
        out: JSON = {"type": self.type, "link": self.link}
        if self.animal:
            out["animal"] = self.animal
        return out

    def notation(self) -> str:
        return f"trigger L{self.link} A{self.animal}" if self.animal else f"trigger L{self.link}"


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
        Migrate,
        Recombine,
        Follow,
        Stay,
        Regrow,
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
class LocationFoodSet(Event):
    """Continents: the food bank of one location for this turn."""

    type: ClassVar[str] = "location_food_set"
    location: str
    dice: tuple[int, ...]
    bonus: int
    food: int


@dataclass(frozen=True, slots=True)
class FoodAdded(Event):
    """Red tokens a trait adds to its location's food bank (Aedificator)."""

    type: ClassVar[str] = "food_added"
    animal: int
    trait: str
    location: str
    amount: int


@dataclass(frozen=True, slots=True)
class AnimalMoved(Event):
    type: ClassVar[str] = "animal_moved"
    animal: int
    origin: str
    destination: str
    trait: str  # what moved it: "swimming", "migration", "suckerfish"


@dataclass(frozen=True, slots=True)
class TraitRestored(Event):
    """A trait card taken from the discard pile back onto an animal (Swimming leaving the
    Ocean)."""

    type: ClassVar[str] = "trait_restored"
    card: int
    trait: str
    animal: int


@dataclass(frozen=True, slots=True)
class TraitsExchanged(Event):
    type: ClassVar[str] = "traits_exchanged"
    animal: int
    card: int
    partner: int
    swap: int


@dataclass(frozen=True, slots=True)
class TraitMoved(Event):
    """Neoplasm moves up past one trait card, which stops working."""

    type: ClassVar[str] = "trait_moved"
    animal: int
    trait: str
    passed: int


@dataclass(frozen=True, slots=True)
class Paralysed(Event):
    type: ClassVar[str] = "paralysed"
    animal: int
    trait: str


@dataclass(frozen=True, slots=True)
class AnimalRegrown(Event):
    type: ClassVar[str] = "animal_regrown"
    animal: int
    card: int
    source: str  # "hand" or "deck"


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
