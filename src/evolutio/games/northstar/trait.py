"""The trait object every North Star trait is, and the registry of traits by identifier.

A trait carries data (diet, whether Intelligence may switch it off, which defences it
overcomes) and hooks the pipelines ask: the attack pipeline (``attack.py``), food taking
(``ops.py``) and the before-feeding step (``driver.py``) iterate over a species' traits and
never name one. ``traits.py`` defines the 17 traits and registers them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from evolutio.games.northstar.refusals import refusal

if TYPE_CHECKING:
    from evolutio.core.game import Event
    from evolutio.games.northstar.actions import Use
    from evolutio.games.northstar.state import Species, State


@dataclass(slots=True)
class AttackContext:
    """One attack being judged: who attacks whom, and what is switched off or overcome."""

    state: State
    seat: int
    attacker: Species
    prey_seat: int
    prey_index: int
    prey: Species
    #: traits switched off by the attacker's Intelligence (R-N05).
    negated: frozenset[str]
    #: defences the attacker's traits overcome (Ambush: Warning Call; Climbing: Climbing).
    counters: frozenset[str]
    #: the attacker's body size as it counts in this attack (Pack Hunting).
    attack_size: int
    cs4500: bool


class Trait:
    """Base trait: data plus hooks that default to "no effect"."""

    id: ClassVar[str] = ""
    #: never eats plant food; feeds by attacking (Carnivore).
    meat_only: ClassVar[bool] = False
    #: Intelligence may switch it off (R-N26: the protecting traits).
    negatable: ClassVar[bool] = False
    #: defence traits this attacker's trait overcomes.
    counters: ClassVar[tuple[str, ...]] = ()
    #: used once in the before-feeding step (R-N07); ``optional`` ones may be skipped.
    before_feeding: ClassVar[bool] = False
    optional: ClassVar[bool] = False
    #: the number of plant food tokens it takes from the watering hole at once.
    plant_take: ClassVar[int] = 1
    #: a trait whose use in the feeding turn needs a hand card (carnivore Intelligence).
    feeding_use: ClassVar[bool] = False

    # -- attack -------------------------------------------------------------------------------

    def attack_bonus(self, species: Species, cs4500: bool) -> int:
        """Added to the attacker's body size when it attacks (Pack Hunting)."""
        return 0

    def defence_bonus(self, state: State) -> int:
        """Added to the prey's body size for the size test only (Hard Shell)."""
        return 0

    def blocks(self, ctx: AttackContext) -> str | None:
        """On the prey: why this trait stops the attack, or None."""
        return None

    def shields_neighbour(self, ctx: AttackContext) -> str | None:
        """On a species beside the prey (same owner): why the prey is protected, or None."""
        return None

    def on_attacked(self, ctx: AttackContext, events: list[Event]) -> None:
        """On the prey, after it lost its population step and before meat (Horns)."""

    def on_any_attack(self, state: State, seat: int, species: Species,
                      events: list[Event]) -> None:
        """On every species in play after a successful attack (Scavenger)."""

    # -- food ---------------------------------------------------------------------------------

    def fat_capacity(self, species: Species) -> int:
        """Fat this trait lets the species hold (Fat Tissue)."""
        return 0

    def on_took_food(self, state: State, seat: int, index: int, source: str,
                     events: list[Event]) -> None:
        """The species at ``index`` of ``seat``'s row just took food from ``source``
        (Cooperation)."""

    # -- climate (the Climate edition's Modify Environment phase) ---------------------------

    def climate_shield(self, side: str, event: bool) -> int:
        """Population this trait spares its species of the climate's loss on ``side`` (cold
        or hot): of a climate event's if ``event``, else of the zone's results."""
        return 0

    # -- before feeding and feeding uses ---------------------------------------------------

    def use_block(self, state: State, seat: int, species: Species, action: Use) -> str | None:
        """Why this use is not possible now, or None."""
        return refusal("not_this_way")

    def use(self, state: State, seat: int, species: Species, action: Use,
            events: list[Event]) -> None:
        """Carry out a use ``use_block`` allowed."""

    def uses(self, state: State, seat: int, species: Species) -> list[Use]:
        """The uses a player may make of this trait now (before feeding or feeding turn)."""
        return []

    # -- the Flight expansion (flight.py) -----------------------------------------------------

    def flight_bonus(self, state: State, species: Species) -> int:
        """Added to the attacker's body size when it attacks, with Flight on (Dive-Bomb)."""
        return 0

    def upkeep_relief(self, state: State, species: Species) -> int:
        """Taken off an avian species' upkeep (Nesting)."""
        return 0


TRAITS: dict[str, Trait] = {}


def register(*classes: type[Trait]) -> None:
    """Add one instance of each trait class to ``TRAITS``, under its ``id``, in order."""
    for cls in classes:
        TRAITS[cls.id] = cls()


def traits_of(state: State, species: Species) -> list[Trait]:
    """The trait objects on ``species`` (a card face down still counts for its owner's
    limits; effects only happen in phases after the reveal, R-N22)."""
    return [TRAITS[state.cards[card][0]] for card in species.traits]


def has(state: State, species: Species, trait: str) -> bool:
    return any(state.cards[card][0] == trait for card in species.traits)


def is_carnivore(state: State, species: Species) -> bool:
    return any(TRAITS[state.cards[card][0]].meat_only for card in species.traits)
