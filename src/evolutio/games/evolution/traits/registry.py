"""The trait object every Evolution trait is, and the registry of traits by identifier.

A trait carries its card data (extra food need, paired, whom it may be played on, stackable)
and hooks the generic pipelines ask. The attack pipeline, the feeding loop and development
never name a trait: a new trait is a new subclass registered here, plus scenario files.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from evolutio.core.game import Action, Event

if TYPE_CHECKING:
    from evolutio.games.evolution.state import Animal, AttackFrame, Link, State


class Trait:
    """Base trait: data plus hooks that default to "no effect"."""

    id: ClassVar[str] = ""
    #: the number in the card's top-left corner: extra food need, and extra score.
    food: ClassVar[int] = 0
    #: played on two animals at once (a link between them).
    paired: ClassVar[bool] = False
    #: Symbiosis-like links where the order of the two animals matters.
    directed: ClassVar[bool] = False
    #: whose animals it may be played on: "own" or "enemy".
    target: ClassVar[str] = "own"
    #: may lie on one animal more than once (Fat tissue).
    stackable: ClassVar[bool] = False
    #: Tail loss (and similar) may discard it.
    sheddable: ClassVar[bool] = True
    #: action types this trait handles in its owner's feeding step.
    feeding_types: ClassVar[tuple[str, ...]] = ()
    #: out-of-turn defence action types this trait handles.
    defence_types: ClassVar[tuple[str, ...]] = ()

    # -- development ------------------------------------------------------------------------

    def play_block(self, state: State, seat: int, animal: Animal) -> str | None:
        """Why this trait cannot be played on ``animal`` beyond the generic rules, or None."""
        return None

    def conflicts(self, other: str) -> str | None:
        """Why an animal with this trait cannot also get ``other``, or None."""
        return None

    # -- attack ----------------------------------------------------------------------------

    def blocks_attack(self, state: State, carnivore: Animal, target: Animal) -> str | None:
        """On the target: the reason this carnivore cannot attack it at all, or None."""
        return None

    def restricts_attack(self, state: State, carnivore: Animal, target: Animal) -> str | None:
        """On the carnivore: the reason it cannot attack this target, or None."""
        return None

    def link_blocks_attack(
        self, state: State, link: Link, carnivore: Animal, target: Animal
    ) -> str | None:
        """On a link touching the target: the reason it cannot be attacked, or None."""
        return None

    def defences(
        self, state: State, frame: AttackFrame, target: Animal
    ) -> tuple[list[Action], bool]:
        """Defence actions this trait offers the attacked animal's owner, and whether one of
        them must be used before the animal may be eaten (Running, Mimicry)."""
        return [], False

    def apply_defence(
        self, state: State, frame: AttackFrame, action: Action, events: list[Event]
    ) -> None:
        raise NotImplementedError(f"{self.id} has no defence")

    def on_eaten(self, state: State, carnivore: Animal, prey: Animal, events: list[Event]) -> None:
        """On the prey, when it is eaten (Poisonous)."""

    # -- feeding ---------------------------------------------------------------------------

    def link_blocks_eating(self, state: State, link: Link, animal: Animal) -> bool:
        """On a link: True if ``animal`` may not receive food now (Symbiosis's host)."""
        return False

    def triggers_on(self, red_from_bank: bool) -> bool:
        """On a link: whether a token gained by one animal fires it for the other."""
        return False

    def fire(self, state: State, link: Link, recipient: Animal, events: list[Event]) -> None:
        """On a link: give the partner its token."""

    def can_fire(self, state: State, link: Link, recipient: Animal) -> bool:
        return True

    def feeding_actions(self, state: State, animal: Animal) -> list[Action]:
        """Actions this trait offers in its owner's feeding step."""
        return []

    def check_action(self, state: State, animal: Animal, action: Action) -> None:
        """Raise IllegalAction unless ``action`` is usable now (the step is already checked)."""

    def apply_action(
        self, state: State, animal: Animal, action: Action, events: list[Event]
    ) -> None:
        raise NotImplementedError(f"{self.id} has no feeding action")

    def main_action(self, action: Action) -> bool:
        """True if the action takes the step's one food action (instead of a red token)."""
        return False


TRAITS: dict[str, Trait] = {}
#: trait id -> the set it belongs to ("base", "time_to_fly", ...)
TRAIT_SETS: dict[str, str] = {}
#: feeding-step action type -> trait id; defence action type -> trait id.
FEEDING_ACTIONS: dict[str, str] = {}
DEFENCE_ACTIONS: dict[str, str] = {}


def register(card_set: str, *traits: Trait) -> None:
    """Add traits of ``card_set`` to the registry."""
    for trait in traits:
        TRAITS[trait.id] = trait
        TRAIT_SETS[trait.id] = card_set
        for kind in trait.feeding_types:
            FEEDING_ACTIONS[kind] = trait.id
        for kind in trait.defence_types:
            DEFENCE_ACTIONS[kind] = trait.id
