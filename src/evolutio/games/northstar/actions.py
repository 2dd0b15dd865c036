"""Actions and events of North Star's Evolution, with their text notation.

Species are written ``A<id>``, cards ``#<id>``. Notation:
``food #12`` (choose the food card), ``species #12 left|right``, ``body #12 A3``,
``pop #12 A3``, ``trait #12 A3`` or ``trait #12 A3 over #8`` (replace a trait), ``done``,
``use A3 long_neck``, ``use A3 intelligence #12`` (herbivore), ``use A3 intelligence #12
burrowing`` (carnivore), ``eat A3``, ``attack A3 A7``, ``pass``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from evolutio.core.game import Action, Event


@dataclass(frozen=True, slots=True)
class ChooseFood(Action):
    """Put a hand card face down on the watering hole (seed 002 "Nahrungsangebot")."""

    type: ClassVar[str] = "food"
    card: int

    def notation(self) -> str:
        return f"food #{self.card}"


@dataclass(frozen=True, slots=True)
class NewSpecies(Action):
    """Discard a card for a new species at the left or right end of the row."""

    type: ClassVar[str] = "species"
    card: int
    side: str

    def notation(self) -> str:
        return f"species #{self.card} {self.side}"


@dataclass(frozen=True, slots=True)
class Grow(Action):
    """Discard a card for +1 body size or +1 population."""

    type: ClassVar[str] = "grow"
    card: int
    species: int
    track: str

    def notation(self) -> str:
        return f"{self.track} #{self.card} A{self.species}"


@dataclass(frozen=True, slots=True)
class PlayTrait(Action):
    """Play a card as a trait on a species, face down; ``replace`` names a trait card."""

    type: ClassVar[str] = "trait"
    card: int
    species: int
    replace: int | None = None

    def notation(self) -> str:
        over = f" over #{self.replace}" if self.replace is not None else ""
        return f"trait #{self.card} A{self.species}{over}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End one's play-cards turn, or one's before-feeding uses."""

    type: ClassVar[str] = "done"

    def notation(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Use(Action):
    """Use a trait: Long Neck, Fertile, Fat Tissue before feeding; Intelligence with a
    discarded card (``negate`` names the trait a carnivore switches off)."""

    type: ClassVar[str] = "use"
    species: int
    trait: str
    card: int | None = None
    negate: str | None = None

    def notation(self) -> str:
        text = f"use A{self.species} {self.trait}"
        if self.card is not None:
            text += f" #{self.card}"
        if self.negate is not None:
            text += f" {self.negate}"
        return text


@dataclass(frozen=True, slots=True)
class Eat(Action):
    """Feed a non-carnivore from the watering hole."""

    type: ClassVar[str] = "eat"
    species: int

    def notation(self) -> str:
        return f"eat A{self.species}"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """A carnivore attacks a species."""

    type: ClassVar[str] = "attack"
    species: int
    target: int

    def notation(self) -> str:
        return f"attack A{self.species} A{self.target}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Leave this round's feeding (only with nothing hungry that can eat, R-N10)."""

    type: ClassVar[str] = "pass"

    def notation(self) -> str:
        return "pass"


ACTIONS: dict[str, type[Action]] = {
    cls.type: cls for cls in (ChooseFood, NewSpecies, Grow, PlayTrait, Done, Use, Eat, Attack,
                              Pass)
}

# -- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundBegan(Event):
    type: ClassVar[str] = "round"
    round: int
    first_player: int
    last: bool


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    type: ClassVar[str] = "dealt"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discard pile became the draw pile: the end of the game is set (R-N15)."""

    type: ClassVar[str] = "reshuffled"
    cards: int
    last_round: int


@dataclass(frozen=True, slots=True)
class FoodChosen(Event):
    """A seat has put its food card down; which card stays hidden until the reveal."""

    type: ClassVar[str] = "food_chosen"
    seat: int


@dataclass(frozen=True, slots=True)
class FoodRevealed(Event):
    type: ClassVar[str] = "food_revealed"
    cards: tuple[int, ...]
    values: tuple[int, ...]
    total: int
    watering_hole: int


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A card played in the play phase: ``what`` is species, body, pop or trait; a trait
    played face down has ``trait`` empty in the others' logs (see view)."""

    type: ClassVar[str] = "played"
    seat: int
    what: str
    card: int
    species: int
    trait: str = ""
    replaced: int | None = None


@dataclass(frozen=True, slots=True)
class TraitsRevealed(Event):
    type: ClassVar[str] = "traits_revealed"
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Used(Event):
    type: ClassVar[str] = "used"
    seat: int
    species: int
    trait: str
    negate: str = ""


@dataclass(frozen=True, slots=True)
class Took(Event):
    """A species took food: ``source`` is plant (watering hole), bank_plant or meat."""

    type: ClassVar[str] = "took"
    species: int
    food: int
    fat: int
    source: str
    reason: str


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    type: ClassVar[str] = "attacked"
    species: int
    target: int


@dataclass(frozen=True, slots=True)
class PopulationLost(Event):
    type: ClassVar[str] = "population_lost"
    species: int
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Extinct(Event):
    type: ClassVar[str] = "extinct"
    seat: int
    species: int
    traits: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    type: ClassVar[str] = "drew"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Passed(Event):
    type: ClassVar[str] = "passed"
    seat: int
    phase: str


@dataclass(frozen=True, slots=True)
class Banked(Event):
    """The round's food on a species went into its owner's bag."""

    type: ClassVar[str] = "banked"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class NewBoard(Event):
    """A player with no species gets a new one for free (R-N19)."""

    type: ClassVar[str] = "new_board"
    seat: int
    species: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    type: ClassVar[str] = "game_over"
    scores: tuple[int, ...]
