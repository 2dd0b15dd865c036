"""The traits of Time to Fly (seed 004, "Дополнение «Время летать»"; cards in data/cards.toml).

Each class quotes the rule it implements; docs/rules/evolution.md ("Time to Fly") records
the readings where the text is silent. Limits are cooldowns keyed by trait and animal. The
hunting and hiding traits (Intellect, Anglerfish, Ink cloud, Shell) live in
time_to_fly_hunt.py and Ambush in time_to_fly_ambush.py; this module registers the whole
set, in the order of the rulebook.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from evolutio.core.game import Action, Event, IllegalAction
from evolutio.games.evolution.actions import ACTION_TYPES
from evolutio.games.evolution.events import TraitUsed
from evolutio.games.evolution.geography import (
    CONTINENTS,
    can_migrate,
    can_move,
    migrate,
    migration_block,
    move_block,
)
from evolutio.games.evolution.ops import (
    SUPPLY,
    can_eat,
    deck_ran_out,
    gain,
    shed_trait,
    trait_count,
)
from evolutio.games.evolution.refusals import refusal
from evolutio.games.evolution.state import Animal, Span, State
from evolutio.games.evolution.trait import TRAITS, AnimalActionTrait, Trait, register
from evolutio.games.evolution.traits.time_to_fly_ambush import Ambush, AmbushAttack, Decline
from evolutio.games.evolution.traits.time_to_fly_hunt import (
    Anglerfish,
    EnterShell,
    HideInShell,
    InkCloud,
    InkCloudAction,
    Intellect,
    IntellectAttack,
    RevealAnglerfish,
    Shell,
)

# -- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MetamorphoseAction(Action):
    """Instead of a red token: discard one of the animal's trait cards, gain a blue token."""

    animal: int
    card: int

    def notation(self) -> str:
        return f"metamorphose A{self.animal} #{self.card}"


MetamorphoseAction.type = "metamorphose"


@dataclass(frozen=True, slots=True)
class SpecializationA(Action):
    animal: int

    def notation(self) -> str:
        return f"specialization_a A{self.animal}"


SpecializationA.type = "specialization_a"


@dataclass(frozen=True, slots=True)
class SpecializationB(Action):
    animal: int

    def notation(self) -> str:
        return f"specialization_b A{self.animal}"


SpecializationB.type = "specialization_b"


@dataclass(frozen=True, slots=True)
class Fly(Action):
    """Continents: an animal with Flight and one or two traits migrates to the other
    continent."""

    animal: int
    location: str

    def notation(self) -> str:
        return f"fly A{self.animal} {self.location}"


Fly.type = "fly"


ACTION_TYPES.add(
    IntellectAttack,
    MetamorphoseAction,
    SpecializationA,
    SpecializationB,
    EnterShell,
    InkCloudAction,
    HideInShell,
    RevealAnglerfish,
    AmbushAttack,
    Decline,
    Fly,
)

# -- events --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AnimalBorn(Event):
    """The top card of the deck becomes a new animal (Viviparous, r-strategy)."""

    seat: int
    animal: int
    parent: int
    trait: str


AnimalBorn.type = "animal_born"


# -- helpers -------------------------------------------------------------------------------


def new_animal(state: State, seat: int, parent: Animal, trait: str, events: list[Event]) -> Animal:
    """The top card of the deck becomes a new animal of ``seat`` (the caller checked the
    deck); an emptied deck makes this the last turn."""
    card = state.deck.pop()
    # Continents: the newborn appears in its parent's location (seed 004, "Живорождение";
    # seed 001, "Viviparo"; "r-Стратегия")
    animal = Animal(state.next_animal, seat, card, parent.location)
    state.next_animal += 1
    state.animals[animal.id] = animal
    state.players[seat].animals.append(animal.id)
    events.append(AnimalBorn(seat, animal.id, parent.id, trait))
    deck_ran_out(state, events)
    return animal


# -- traits --------------------------------------------------------------------------------


class Flight(Trait):
    """Cannot be attacked by a carnivore with as many traits or more; paired traits and
    parasites count (seed 004, "Полет")."""

    id = "flight"
    feeding_types = ("fly",)
    during_migration = True

    def blocks_attack(self, state: State, carnivore: Animal, target: Animal) -> str | None:
        if trait_count(state, carnivore) >= trait_count(state, target):
            return refusal("flight_safe", state.edition, trait="flight")
        return None

    def attack_blocked(self, state: State, carnivore: Animal, target: Animal) -> bool:
        return trait_count(state, carnivore) >= trait_count(state, target)

    # Continents: "животное со свойством ПОЛЕТ, имеющее 1 или 2 свойства, может мигрировать
    # с континента на континент так, будто оно использует свойство МИГРАЦИЯ ... ВОДОПЛАВАЮЩЕЕ
    # животное со свойством ПОЛЕТ может мигрировать между континентами, минув Океан" (seed
    # 004; seed 001, "In volo" 1; ruling 13: between the continents only).

    def _fly_block(self, state: State, animal: Animal, destination: str) -> str | None:
        reason = migration_block(state, animal)
        if reason:
            return reason
        if trait_count(state, animal) > 2:
            return refusal("fly_traits", state.edition, trait="flight")
        if animal.location not in CONTINENTS or destination not in CONTINENTS:
            return refusal("fly_where", state.edition, trait="flight")
        return move_block(state, animal, destination, direct=True)

    def feeding_actions(self, state: State, animal: Animal) -> list[Action]:
        """``_fly_block``'s tests, making no reason."""
        if (
            not state.geography
            or animal.location not in CONTINENTS
            or not can_migrate(state, animal)
            or trait_count(state, animal) > 2
        ):
            return []
        return [
            Fly(animal.id, place)
            for place in CONTINENTS
            if can_move(state, animal, place, direct=True)
        ]

    def check_action(self, state: State, animal: Animal, action: Action) -> None:
        assert isinstance(action, Fly)
        reason = self._fly_block(state, animal, action.location)
        if reason:
            raise IllegalAction(reason)

    def apply_action(
        self, state: State, animal: Animal, action: Action, events: list[Event]
    ) -> None:
        assert isinstance(action, Fly)
        migrate(state, animal, action.location, self.id, events)

    def main_action(self, action: Action) -> bool:
        return True


class Metamorphose(Trait):
    """In its feeding step, instead of taking a red token, discard one of its trait cards
    that does not raise its food need (paired ones included) and gain a blue token
    (seed 004, "Метаморфоза")."""

    id = "metamorphose"
    feeding_types = ("metamorphose",)

    def _cards(self, state: State, animal: Animal) -> list[int]:
        cards = [
            card
            for card, trait in animal.traits
            if card != animal.card and TRAITS[trait].food == 0 and TRAITS[trait].sheddable
        ]
        for link in state.animal_links(animal.id):
            if TRAITS[link.trait].food == 0 and TRAITS[link.trait].sheddable:
                cards.append(link.card)
        return cards

    def _can_eat_without(self, state: State, animal: Animal, card: int) -> bool:
        """Could the animal take the token once ``card`` is gone (fat, Symbiosis)?"""
        for i, entry in enumerate(animal.traits):
            if entry[0] == card:
                del animal.traits[i]
                try:
                    return can_eat(state, animal)
                finally:
                    animal.traits.insert(i, entry)
        links = state.links
        index = state.link_index
        state.links = {k: link for k, link in links.items() if link.card != card}
        state.link_index = None
        try:
            return can_eat(state, animal)
        finally:
            state.links = links
            state.link_index = index

    def feeding_actions(self, state: State, animal: Animal) -> list[Action]:
        if state.main_done or animal.hibernating:
            return []
        return [
            MetamorphoseAction(animal.id, card)
            for card in self._cards(state, animal)
            if self._can_eat_without(state, animal, card)
        ]

    def check_action(self, state: State, animal: Animal, action: Action) -> None:
        assert isinstance(action, MetamorphoseAction)
        if state.main_done:
            raise IllegalAction(refusal("main_done"))
        if action.card not in self._cards(state, animal):
            raise IllegalAction(
                refusal("metamorphose_card", state.edition, animal=animal.id, trait="metamorphose")
            )
        if not self._can_eat_without(state, animal, action.card):
            raise IllegalAction(refusal("no_token", animal=animal.id))

    def apply_action(
        self, state: State, animal: Animal, action: Action, events: list[Event]
    ) -> None:
        assert isinstance(action, MetamorphoseAction)
        events.append(TraitUsed(animal.id, "metamorphose"))
        shed_trait(state, animal, action.card, events)
        gain(state, animal, SUPPLY, "metamorphose", events)

    def main_action(self, action: Action) -> bool:
        return True


class Trematode(Trait):
    """+1 on each animal. Paired parasite: played on a pair of another player's animals;
    no other card's trait can discard it (seed 004, "Трематода")."""

    id = "trematode"
    food = 1
    paired = True
    target = "enemy"
    sheddable = False


class Specialization(AnimalActionTrait):
    """In its feeding step, instead of a red token, the animal gains a blue token, unless
    another animal on the table has the same kind; an animal never has both kinds (seed 004,
    "Фотосинтез и Термосинтез"; 2nd edition Specialization A / B)."""

    partner: ClassVar[str] = ""
    action: ClassVar[type[SpecializationA] | type[SpecializationB]]

    def conflicts(self, other: str) -> str | None:
        if other == self.partner:
            return refusal("specialization_both")
        return None

    def clashes(self, other: str) -> bool:
        return other == self.partner

    def block(self, state: State, animal: Animal) -> str | None:
        if state.main_done:
            return refusal("main_done")
        if not can_eat(state, animal):
            return refusal("cannot_eat", animal=animal.id)
        # Continents: the two kinds are one, and only animals in the same location count
        # (seed 004, "СИНТЕЗ перестают различаться по типам"; seed 001, "In volo" 2)
        kinds = (self.id, self.partner) if state.geography else (self.id,)
        for other in state.animals.values():
            if other.id == animal.id or other.location != animal.location:
                continue
            if any(other.has(kind) for kind in kinds):
                return refusal("specialization_shared", animal=other.id)
        return None

    def blocked(self, state: State, animal: Animal) -> bool:
        if state.main_done or not can_eat(state, animal):
            return True
        kinds = (self.id, self.partner) if state.geography else (self.id,)
        animal_id = animal.id
        location = animal.location
        for other in state.animals.values():
            if other.id != animal_id and other.location == location:
                for kind in kinds:
                    if other.has(kind):
                        return True
        return False

    def apply_action(
        self, state: State, animal: Animal, action: Action, events: list[Event]
    ) -> None:
        events.append(TraitUsed(animal.id, self.id))
        gain(state, animal, SUPPLY, self.id, events)

    def main_action(self, action: Action) -> bool:
        return True


class SpecializationATrait(Specialization):
    """Specialization A (3rd edition: Photosynthesis)."""

    id = "specialization_a"
    partner = "specialization_b"
    feeding_types = ("specialization_a",)
    action = SpecializationA


class SpecializationBTrait(Specialization):
    """Specialization B (3rd edition: Thermosynthesis)."""

    id = "specialization_b"
    partner = "specialization_a"
    feeding_types = ("specialization_b",)
    action = SpecializationB


class Viviparous(Trait):
    """+1. When the animal becomes fed, the top card of the deck becomes a new animal of its
    owner, fed this turn (a blue token on it); none from an empty deck; taking the last card
    makes this the last turn (seed 004, "Живорождение")."""

    id = "viviparous"
    food = 1

    def on_fed(self, state: State, animal: Animal, events: list[Event]) -> None:
        if state.used("viviparous", animal.id) or not state.deck:
            return
        state.use("viviparous", animal.id, Span.TURN)
        events.append(TraitUsed(animal.id, "viviparous"))
        baby = new_animal(state, animal.owner, animal, "viviparous", events)
        gain(state, baby, SUPPLY, "viviparous", events)


register(
    "time_to_fly",
    Flight(),
    Intellect(),
    Anglerfish(),
    Metamorphose(),
    InkCloud(),
    Shell(),
    Trematode(),
    SpecializationATrait(),
    SpecializationBTrait(),
    Ambush(),
    Viviparous(),
)
