"""Actions of Evolution, with their JSON forms and short notations (the events are in
``events.py``).

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

from evolutio.core.actions import ActionSet
from evolutio.core.game import JSON, Action

# -- development -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayAnimal(Action):
    """A card played face down as an animal; with Continents, into ``location`` (Laurasia or
    Gondwana). Without a location the field is left out of the JSON form."""

    card: int
    location: str = ""

    def to_json(self) -> JSON:
        out: JSON = {"type": self.type, "card": self.card}
        if self.location:
            out["location"] = self.location
        return out

    def notation(self) -> str:
        return f"animal #{self.card} {self.location}" if self.location else f"animal #{self.card}"


PlayAnimal.type = "animal"


@dataclass(frozen=True, slots=True)
class PlayTrait(Action):
    card: int
    trait: str
    animal: int

    def notation(self) -> str:
        return f"#{self.card} {self.trait} A{self.animal}"


PlayTrait.type = "trait"


@dataclass(frozen=True, slots=True)
class PlayPair(Action):
    card: int
    trait: str
    animals: tuple[int, int]

    def notation(self) -> str:
        return f"#{self.card} {self.trait} A{self.animals[0]} A{self.animals[1]}"


PlayPair.type = "pair"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    pass


Pass.type = "pass"


# -- feeding -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Eat(Action):
    animal: int

    def notation(self) -> str:
        return f"eat A{self.animal}"


Eat.type = "eat"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    animal: int
    target: int

    def notation(self) -> str:
        return f"attack A{self.animal} A{self.target}"


Attack.type = "attack"


@dataclass(frozen=True, slots=True)
class UseFat(Action):
    animal: int
    amount: int

    def notation(self) -> str:
        return f"fat A{self.animal} {self.amount}"


UseFat.type = "fat"


@dataclass(frozen=True, slots=True)
class Piracy(Action):
    animal: int
    target: int

    def notation(self) -> str:
        return f"piracy A{self.animal} A{self.target}"


Piracy.type = "piracy"


@dataclass(frozen=True, slots=True)
class Grazing(Action):
    animal: int

    def notation(self) -> str:
        return f"grazing A{self.animal}"


Grazing.type = "grazing"


@dataclass(frozen=True, slots=True)
class Hibernate(Action):
    animal: int

    def notation(self) -> str:
        return f"hibernate A{self.animal}"


Hibernate.type = "hibernate"


@dataclass(frozen=True, slots=True)
class EndStep(Action):
    pass


EndStep.type = "end"


@dataclass(frozen=True, slots=True)
class Migrate(Action):
    """Continents: declare a migration and move the animal to another location."""

    animal: int
    location: str

    def notation(self) -> str:
        return f"migrate A{self.animal} {self.location}"


Migrate.type = "migrate"


@dataclass(frozen=True, slots=True)
class Recombine(Action):
    """Recombination: ``animal`` gives its trait card ``card`` to its partner and receives
    the partner's trait card ``swap``."""

    animal: int
    card: int
    swap: int

    def notation(self) -> str:
        return f"recombine A{self.animal} #{self.card} #{self.swap}"


Recombine.type = "recombine"


# -- out of turn ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Run(Action):
    pass


Run.type = "run"


@dataclass(frozen=True, slots=True)
class Mimic(Action):
    target: int

    def notation(self) -> str:
        return f"mimic A{self.target}"


Mimic.type = "mimic"


@dataclass(frozen=True, slots=True)
class TailLoss(Action):
    card: int

    def notation(self) -> str:
        return f"tail_loss #{self.card}"


TailLoss.type = "tail_loss"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    pass


Accept.type = "accept"


@dataclass(frozen=True, slots=True)
class Follow(Action):
    """Suckerfish: this animal follows the migrating animal."""

    animal: int

    def notation(self) -> str:
        return f"follow A{self.animal}"


Follow.type = "follow"


@dataclass(frozen=True, slots=True)
class Stay(Action):
    """Suckerfish: no (more) animals of this seat follow the migrating animal."""


Stay.type = "stay"


@dataclass(frozen=True, slots=True)
class Regrow(Action):
    """Regeneration: put card ``card`` from the hand as the new animal under the traits of
    ``animal``."""

    animal: int
    card: int

    def notation(self) -> str:
        return f"regrow A{self.animal} #{self.card}"


Regrow.type = "regrow"


@dataclass(frozen=True, slots=True)
class Trigger(Action):
    """Fire a waiting paired trait. ``animal`` names the animal that receives the token when
    the link waits to fire both ways at once (a ring of links); 0 otherwise, and then the
    field is left out of the JSON form."""

    link: int
    animal: int = 0

    def to_json(self) -> JSON:
        out: JSON = {"type": self.type, "link": self.link}
        if self.animal:
            out["animal"] = self.animal
        return out

    def notation(self) -> str:
        return f"trigger L{self.link} A{self.animal}" if self.animal else f"trigger L{self.link}"


Trigger.type = "trigger"


#: the actions of Evolution by JSON tag, and their reader; expansions add theirs (``add``).
ACTION_TYPES = ActionSet(
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
