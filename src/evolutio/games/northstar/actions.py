"""Actions of North Star's Evolution, with their text notation (the events are in events.py).

Species are written ``A<id>``, cards ``#<id>``. Notation:
``food #12`` (choose the food card), ``species #12 left|right``, ``body #12 A3``,
``pop #12 A3``, ``trait #12 A3`` or ``trait #12 A3 over #8`` (replace a trait), ``done``,
``use A3 long_neck``, ``use A3 intelligence #12`` (herbivore), ``use A3 intelligence #12
burrowing`` (carnivore), ``eat A3``, ``attack A3 A7``, ``pass``.
"""

from __future__ import annotations

from dataclasses import dataclass

from evolutio.core.actions import ActionSet
from evolutio.core.game import Action


@dataclass(frozen=True, slots=True)
class ChooseFood(Action):
    """Put a hand card face down on the watering hole (seed 002 "Nahrungsangebot")."""

    card: int

    def notation(self) -> str:
        return f"food #{self.card}"


ChooseFood.type = "food"


@dataclass(frozen=True, slots=True)
class NewSpecies(Action):
    """Discard a card for a new species at the left or right end of the row."""

    card: int
    side: str

    def notation(self) -> str:
        return f"species #{self.card} {self.side}"


NewSpecies.type = "species"


@dataclass(frozen=True, slots=True)
class Grow(Action):
    """Discard a card for +1 body size or +1 population."""

    card: int
    species: int
    track: str

    def notation(self) -> str:
        return f"{self.track} #{self.card} A{self.species}"


Grow.type = "grow"


@dataclass(frozen=True, slots=True)
class PlayTrait(Action):
    """Play a card as a trait on a species, face down; ``replace`` names a trait card."""

    card: int
    species: int
    replace: int | None = None

    def notation(self) -> str:
        over = f" over #{self.replace}" if self.replace is not None else ""
        return f"trait #{self.card} A{self.species}{over}"


PlayTrait.type = "trait"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End one's play-cards turn, or one's before-feeding uses."""


    def notation(self) -> str:
        return "done"


Done.type = "done"


@dataclass(frozen=True, slots=True)
class Use(Action):
    """Use a trait: Long Neck, Fertile, Fat Tissue before feeding; Intelligence with a
    discarded card (``negate`` names the trait a carnivore switches off); with Flight, a
    flying carnivore's discard likewise."""

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


Use.type = "use"


@dataclass(frozen=True, slots=True)
class Eat(Action):
    """Feed a non-carnivore from the watering hole."""

    species: int

    def notation(self) -> str:
        return f"eat A{self.species}"


Eat.type = "eat"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """A carnivore attacks a species."""

    species: int
    target: int

    def notation(self) -> str:
        return f"attack A{self.species} A{self.target}"


Attack.type = "attack"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Leave this round's feeding (only with nothing hungry that can eat, R-N10)."""


    def notation(self) -> str:
        return "pass"


Pass.type = "pass"


#: the actions of North Star's Evolution by JSON tag, and their reader.
ACTIONS = ActionSet(ChooseFood, NewSpecies, Grow, PlayTrait, Done, Use, Eat, Attack, Pass)
