"""The trait object every Evolution trait is, and the registry of traits by identifier.

A trait carries its card data (extra food need, paired, whom it may be played on, stackable)
and hooks the generic pipelines ask. The attack pipeline, the feeding loop and development
never name a trait: a new trait is a new subclass registered here, plus scenario files.
The families in ``traits/`` register themselves when that package is imported (rules.py
imports it); this module imports no trait, so every layer may read the registry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol

from evolutio.core.game import Action, Event, IllegalAction

if TYPE_CHECKING:
    from evolutio.games.evolution.flora import Flora, Plant
    from evolutio.games.evolution.links import Link
    from evolutio.games.evolution.state import Animal, AttackFrame, State


class Trait:
    """Base trait: data plus hooks that default to "no effect"."""

    id: ClassVar[str] = ""
    #: the number in the card's top-left corner: extra food need, and extra score.
    food: ClassVar[int] = 0
    #: played on two animals at once (a link between them).
    paired: ClassVar[bool] = False
    #: Symbiosis-like links where the order of the two animals matters.
    directed: ClassVar[bool] = False
    #: whose animals it may be played on: "own", "enemy" or "any" (r-strategy).
    target: ClassVar[str] = "own"
    #: may lie on one animal more than once (Fat tissue).
    stackable: ClassVar[bool] = False
    #: Tail loss (and similar) may discard it.
    sheddable: ClassVar[bool] = True
    #: action types this trait handles in its owner's feeding step.
    feeding_types: ClassVar[tuple[str, ...]] = ()
    #: out-of-turn defence action types this trait handles.
    defence_types: ClassVar[tuple[str, ...]] = ()
    #: feeding-step action types offered by this trait's cards lying in the middle of the
    #: table (Shell after its animal died), not by an animal's trait.
    table_types: ClassVar[tuple[str, ...]] = ()
    #: when its animal dies the card stays in the middle of the table (Shell).
    stays_on_table: ClassVar[bool] = False
    #: the owner draws a card for a surviving animal with it (False: r-strategy).
    draws_card: ClassVar[bool] = True
    #: the card can only be played as an animal, face down (Anglerfish).
    animal_only: ClassVar[bool] = False
    #: acts from a face-down animal card, not from a trait card (Anglerfish); its hooks
    #: ``hidden_defences`` and ``keeps_secret`` are asked when its set is in the game.
    hidden: ClassVar[bool] = False
    #: its feeding actions may be used in a step in which its owner declared a migration.
    during_migration: ClassVar[bool] = False
    #: cards played on the animal later go above it, and the cards below it do not work
    #: (Neoplasm).
    disables_below: ClassVar[bool] = False
    #: when its animal is eaten, the trait cards stay on the table for a new animal card
    #: (Regeneration).
    leaves_traits: ClassVar[bool] = False

    # -- development ------------------------------------------------------------------------

    def play_block(self, state: State, seat: int, animal: Animal) -> str | None:
        """Why this trait cannot be played on ``animal`` beyond the generic rules, or None."""
        return None

    def conflicts(self, other: str) -> str | None:
        """Why an animal with this trait cannot also get ``other``, or None."""
        return None

    def limits_play(self, state: State, animal: Animal, other: str) -> str | None:
        """On a trait already on ``animal``: why ``other`` cannot be added to it, or None
        (Regeneration's limits)."""
        return None

    def on_play(
        self, state: State, seat: int, animal: Animal, card: int, events: list[Event]
    ) -> None:
        """Just played on ``animal`` by ``seat`` (Swimming with Continents moves the animal
        to the Ocean and is discarded)."""

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

    def hidden_defences(
        self, state: State, frame: AttackFrame, target: Animal
    ) -> tuple[list[Action], bool]:
        """A hidden trait's defences for the attacked animal's owner, from any of their
        face-down animal cards (Anglerfish), and whether one must be used."""
        return [], False

    def keeps_secret(self, state: State, frame: AttackFrame, target: Animal) -> bool:
        """A hidden trait: True if the defender must be asked even with nothing to choose,
        so that the pause does not tell the table whether the hidden card is there."""
        return False

    def observe_defence(self, state: State, frame: AttackFrame, action: Action) -> None:
        """A hidden trait: what the table learns from the defence chosen (a bare animal
        attacked and not revealed is no Anglerfish)."""

    # -- turn ------------------------------------------------------------------------------

    def on_turn_start(self, state: State, animal: Animal, events: list[Event]) -> None:
        """At the start of a turn, before development (r-strategy's new animals)."""

    def on_fed(self, state: State, animal: Animal, events: list[Event]) -> None:
        """When its animal's food tokens reach its need (Viviparous)."""

    def on_red_taken(self, state: State, animal: Animal, events: list[Event]) -> None:
        """Asked once per registered trait, when its set is in the game, each time any
        animal takes a red token from the food bank (Ambush watches for prey)."""

    def on_attacked(
        self, state: State, carnivore: Animal, target: Animal, events: list[Event]
    ) -> None:
        """On the target, when an attack on it starts or is redirected to it (Cnidocytes)."""

    # -- food bank phase ---------------------------------------------------------------------

    def on_food_phase(self, state: State, animal: Animal, events: list[Event]) -> None:
        """At the start of the food bank phase, before the dice (Neoplasm)."""

    def extra_food(self, state: State, animal: Animal) -> int:
        """Red tokens added to the bank of the animal's location after the dice
        (Aedificator)."""
        return 0

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

    def table_actions(self, state: State, seat: int, card: int) -> list[Action]:
        """Actions a card of this trait lying in the middle of the table offers ``seat``."""
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

    # -- yes/no twins of the reason hooks ----------------------------------------------------
    # The legal actions are listed with these: they say only whether, and make no reason
    # sentence and no object; the reason hooks above are asked when a sent action is
    # checked. Each defaults to its reason hook; a trait asked often gives the same test
    # without the sentence (tests/games/evolution/test_evolution_listing.py holds the two
    # paths to one answer).

    def clashes(self, other: str) -> bool:
        """Whether ``conflicts`` refuses ``other`` beside this trait."""
        return self.conflicts(other) is not None

    def play_blocked(self, state: State, seat: int, animal: Animal) -> bool:
        """Whether ``play_block`` refuses ``animal``."""
        return self.play_block(state, seat, animal) is not None

    def limits(self, state: State, animal: Animal, other: str) -> bool:
        """Whether ``limits_play`` refuses ``other`` on ``animal``."""
        return self.limits_play(state, animal, other) is not None

    def attack_blocked(self, state: State, carnivore: Animal, target: Animal) -> bool:
        """Whether ``blocks_attack`` refuses this attack."""
        return self.blocks_attack(state, carnivore, target) is not None

    def attack_restricted(self, state: State, carnivore: Animal, target: Animal) -> bool:
        """Whether ``restricts_attack`` refuses this attack."""
        return self.restricts_attack(state, carnivore, target) is not None

    def link_attack_blocked(
        self, state: State, link: Link, carnivore: Animal, target: Animal
    ) -> bool:
        """Whether ``link_blocks_attack`` refuses this attack."""
        return self.link_blocks_attack(state, link, carnivore, target) is not None


class ActionOfAnimal(Protocol):
    """An action class whose only field is the acting animal."""

    def __call__(self, animal: int) -> Action: ...


class AnimalActionTrait(Trait):
    """A trait used in its owner's feeding step by one action that names only its animal
    (Grazing, Hibernation, ...): subclasses give ``action``, say when it is refused
    (``block``) and what it does (``apply_action``)."""

    action: ClassVar[ActionOfAnimal]

    def block(self, state: State, animal: Animal) -> str | None:
        """Why the animal cannot use the trait now, or None."""
        raise NotImplementedError(f"{self.id} must say when it is refused")

    def blocked(self, state: State, animal: Animal) -> bool:
        """Whether ``block`` refuses (the listing's twin: no reason made)."""
        return self.block(state, animal) is not None

    def feeding_actions(self, state: State, animal: Animal) -> list[Action]:
        if self.blocked(state, animal):
            return []
        key = (self.action, animal.id)
        made = state.made
        action = made.get(key)
        if action is None:
            action = made[key] = self.action(animal.id)
        return [action]

    def check_action(self, state: State, animal: Animal, action: Action) -> None:
        reason = self.block(state, animal)
        if reason:
            raise IllegalAction(reason)


TRAITS: dict[str, Trait] = {}
#: trait id -> the set it belongs to ("base", "time_to_fly", ...)
TRAIT_SETS: dict[str, str] = {}
#: feeding-step action type -> trait id; defence action type -> trait id.
FEEDING_ACTIONS: dict[str, str] = {}
DEFENCE_ACTIONS: dict[str, str] = {}
#: feeding-step action types offered by cards lying in the middle of the table -> trait id.
TABLE_ACTIONS: dict[str, str] = {}
#: traits with hooks asked for every game that includes their set (see ``in_game``).
HIDDEN_TRAITS: list[Trait] = []
RED_WATCHERS: list[Trait] = []
#: trait ids with ``on_fed`` / ``on_turn_start`` hooks and those that draw no card.
ON_FED: set[str] = set()
ON_TURN_START: set[str] = set()
#: trait ids with an ``on_play`` hook (asked only for these), with ``on_food_phase``, with
#: ``extra_food``.
ON_PLAY: set[str] = set()
ON_FOOD_PHASE: set[str] = set()
EXTRA_FOOD: set[str] = set()
NO_DRAW: set[str] = set()
#: trait ids whose ``limits_play`` can refuse other traits (asked only for these).
LIMITERS: set[str] = set()
#: trait ids whose attack hooks can refuse an attack (``restricts_attack`` on the carnivore,
#: ``blocks_attack`` on the target, ``link_blocks_attack`` on a link): asked only for these.
RESTRICTERS: set[str] = set()
ATTACK_BLOCKERS: set[str] = set()
LINK_ATTACK_BLOCKERS: set[str] = set()
#: trait ids whose ``link_blocks_eating`` can keep food from an animal of their link.
EATING_BLOCKERS: set[str] = set()
#: trait ids with feeding actions (``feeding_types``).
FEEDERS: set[str] = set()
#: trait id -> its extra food need (the number in the card's corner).
FOOD: dict[str, int] = {}


def in_game(state: State, trait: Trait) -> bool:
    """Whether the set of ``trait`` is in this game's deck."""
    return TRAIT_SETS[trait.id] in state.options["expansions"]


def register(card_set: str, *traits: Trait) -> None:
    """Add traits of ``card_set`` to the registry."""
    for trait in traits:
        TRAITS[trait.id] = trait
        TRAIT_SETS[trait.id] = card_set
        for kind in trait.feeding_types:
            FEEDING_ACTIONS[kind] = trait.id
        for kind in trait.defence_types:
            DEFENCE_ACTIONS[kind] = trait.id
        for kind in trait.table_types:
            TABLE_ACTIONS[kind] = trait.id
        cls = type(trait)
        if trait.hidden:
            HIDDEN_TRAITS.append(trait)
        if cls.on_red_taken is not Trait.on_red_taken:
            RED_WATCHERS.append(trait)
        if cls.on_fed is not Trait.on_fed:
            ON_FED.add(trait.id)
        if cls.on_turn_start is not Trait.on_turn_start:
            ON_TURN_START.add(trait.id)
        if cls.on_play is not Trait.on_play:
            ON_PLAY.add(trait.id)
        if cls.on_food_phase is not Trait.on_food_phase:
            ON_FOOD_PHASE.add(trait.id)
        if cls.extra_food is not Trait.extra_food:
            EXTRA_FOOD.add(trait.id)
        if not trait.draws_card:
            NO_DRAW.add(trait.id)
        if cls.limits_play is not Trait.limits_play:
            LIMITERS.add(trait.id)
        if cls.restricts_attack is not Trait.restricts_attack:
            RESTRICTERS.add(trait.id)
        if cls.blocks_attack is not Trait.blocks_attack:
            ATTACK_BLOCKERS.add(trait.id)
        if cls.link_blocks_attack is not Trait.link_blocks_attack:
            LINK_ATTACK_BLOCKERS.add(trait.id)
        if cls.link_blocks_eating is not Trait.link_blocks_eating:
            EATING_BLOCKERS.add(trait.id)
        if trait.feeding_types:
            FEEDERS.add(trait.id)
        FOOD[trait.id] = trait.food


class PlantRule(Protocol):
    """What the plants (plants.py) and the growth phase (growth.py) ask of a plant trait of
    Plants; traits/plants.py implements it (``PlantTrait``) and registers every one in
    ``PLANT_RULES``, so that those modules name no plant trait."""

    @property
    def id(self) -> str: ...

    @property
    def joins(self) -> bool:
        """Played between two plants (a link), not on one."""
        ...

    @property
    def repeats(self) -> bool:
        """May go on a plant that has it already."""
        ...

    @property
    def rank(self) -> int:
        """When a token is taken from its plant, the traits act by rank (lowest first)."""
        ...

    def reaches(self, animal: Animal) -> bool:
        """Whether the animal may take food from a plant with this trait."""
        ...

    def play_on(
        self, state: State, flora: Flora, plant: Plant, card: int, events: list[Event]
    ) -> None:
        """The card is played on ``plant``."""
        ...

    def before_taken(self, state: State, animal: Animal, plant: Plant) -> None:
        """An animal is about to take a red token from the plant."""
        ...

    def after_taken(self, state: State, animal: Animal, plant: Plant, events: list[Event]) -> None:
        """An animal took a red token from the plant."""
        ...

    def keeps_alive(self, state: State, flora: Flora, plant: Plant) -> bool:
        """At the growth phase: whether it keeps an empty plant on the table."""
        ...

    def after_growth(self, state: State, flora: Flora, events: list[Event]) -> None:
        """At the growth phase, after the plants grew and before new ones are laid out."""
        ...


#: plant trait id -> its rule (traits/plants.py registers them with the set).
PLANT_RULES: dict[str, PlantRule] = {}
