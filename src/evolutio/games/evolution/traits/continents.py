"""The eight traits of the Continents expansion (seed 004, "Дополнение «Континенты»" and
"Особенности использования свойств"; seed 001, "Continenti").

Each class quotes the card text it implements. The geography itself (locations, food banks
per location, moves) is in ``geography.py``; the choices other seats make out of turn
(Suckerfish following, Regeneration's new animal card) are ``ChoiceFrame`` decisions.
"""

from __future__ import annotations

from evolutio.core.game import Action, Event, IllegalAction
from evolutio.games.evolution.actions import Migrate, Recombine
from evolutio.games.evolution.events import (
    Paralysed,
    TraitDiscarded,
    TraitMoved,
    TraitsExchanged,
    TraitUsed,
)
from evolutio.games.evolution.geography import (
    LOCATIONS,
    can_migrate,
    can_move,
    migrate,
    migration_block,
    move_block,
)
from evolutio.games.evolution.links import Link
from evolutio.games.evolution.ops import (
    discard_card,
    fits,
    place_trait,
    refresh,
    remove_animal,
    take_trait,
)
from evolutio.games.evolution.refusals import refusal
from evolutio.games.evolution.state import Animal, Span, State
from evolutio.games.evolution.trait import TRAITS, Trait, register


class Migration(Trait):
    """Once per turn, in its owner's feeding step: move the animal to another location. In
    that step the player takes no food and uses no other trait but Migration and Suckerfish;
    several animals may migrate at once, even from different locations. Swimming animals
    move between the Ocean and a continent, never from continent to continent; an ordinary
    animal never goes to the Ocean (seed 004, "Миграции"; ruling 13)."""

    id = "migration"
    feeding_types = ("migrate",)
    during_migration = True

    def _block(self, state: State, animal: Animal) -> str | None:
        return migration_block(state, animal)

    def feeding_actions(self, state: State, animal: Animal) -> list[Action]:
        if not can_migrate(state, animal):
            return []
        return [Migrate(animal.id, place) for place in LOCATIONS if can_move(state, animal, place)]

    def check_action(self, state: State, animal: Animal, action: Action) -> None:
        assert isinstance(action, Migrate)
        reason = self._block(state, animal) or move_block(state, animal, action.location)
        if reason:
            raise IllegalAction(reason)

    def apply_action(
        self, state: State, animal: Animal, action: Action, events: list[Event]
    ) -> None:
        assert isinstance(action, Migrate)
        migrate(state, animal, action.location, self.id, events)

    def main_action(self, action: Action) -> bool:
        return True


class Suckerfish(Trait):
    """The animal may move with a migrating animal that leaves its location; it cannot
    migrate by itself. A swimming suckerfish follows a swimming animal between the Ocean and
    a continent. Several may follow one migrant, from any players: the migrating player
    first, then clockwise (seed 004, "Прилипала"). A "follow" decision for each seat."""

    id = "suckerfish"


class Regeneration(Trait):
    """The animal may have only one other trait, which must not raise its food need. If it
    is eaten, its traits stay; in the extinction phase a card from the hand (or the deck) is
    put under them as the new animal, and no card is drawn for it (seed 004,
    "Регенерация"). Paired traits count toward the limit."""

    id = "regeneration"
    leaves_traits = True

    @staticmethod
    def _others(state: State, animal: Animal) -> list[str]:
        return [t for _, t in animal.traits] + [
            link.trait for link in state.animal_links(animal.id)
        ]

    def play_block(self, state: State, seat: int, animal: Animal) -> str | None:
        others = self._others(state, animal)
        if len(others) > 1:
            return refusal("regeneration_two", state.edition, trait="regeneration")
        if any(TRAITS[t].food for t in others):
            return refusal("regeneration_food", state.edition, trait="regeneration")
        return None

    def play_blocked(self, state: State, seat: int, animal: Animal) -> bool:
        others = self._others(state, animal)
        return len(others) > 1 or any(TRAITS[t].food for t in others)

    def limits_play(self, state: State, animal: Animal, other: str) -> str | None:
        if TRAITS[other].food:
            return refusal("regenerating_food", state.edition, trait="regeneration", trait2=other)
        if len(self._others(state, animal)) >= 2:
            return refusal("regenerating_two", state.edition, trait="regeneration")
        return None

    def limits(self, state: State, animal: Animal, other: str) -> bool:
        return bool(TRAITS[other].food) or len(self._others(state, animal)) >= 2


class Recombination(Trait):
    """Paired. Once per turn, in its owner's feeding step, each of the two animals passes
    one of its unpaired traits to the other; a trait that the receiver cannot hold (a
    duplicate, a conflict) is discarded. A once-per-turn trait already used stays used;
    a Neoplasm goes under all other traits as if just played (seed 004, "Рекомбинация";
    seed 001)."""

    id = "recombination"
    paired = True
    feeding_types = ("recombine",)

    def _links(self, state: State, animal: Animal) -> list[Link]:
        return [
            link
            for link in state.animal_links(animal.id)
            if link.trait == self.id and not state.used(self.id, link.id)
        ]

    def feeding_actions(self, state: State, animal: Animal) -> list[Action]:
        actions: list[Action] = []
        for link in self._links(state, animal):
            partner = state.animals[link.other(animal.id)]
            if partner.paralysed or not partner.present:
                continue
            for card in self._cards(animal):
                for swap in self._cards(partner):
                    actions.append(Recombine(animal.id, card, swap))
        return actions

    @staticmethod
    def _cards(animal: Animal) -> list[int]:
        """Trait cards the animal may pass (not its own animal card, face up as a revealed
        Anglerfish)."""
        return [card for card, _ in animal.traits if card != animal.card]

    def _partner(self, state: State, animal: Animal, action: Recombine) -> Animal:
        if action.card not in self._cards(animal):
            raise IllegalAction(refusal("not_trait_of", animal=animal.id))
        for link in state.animal_links(animal.id):
            if link.trait != self.id:
                continue
            partner = state.animals[link.other(animal.id)]
            if action.swap in self._cards(partner):
                if state.used(self.id, link.id):
                    raise IllegalAction(refusal("recombined", state.edition, trait="recombination"))
                if partner.paralysed or not partner.present:
                    raise IllegalAction(refusal("traits_off", animal=partner.id))
                return partner
        raise IllegalAction(
            refusal("not_recombined", state.edition, animal=animal.id, trait="recombination")
        )

    def check_action(self, state: State, animal: Animal, action: Action) -> None:
        assert isinstance(action, Recombine)
        self._partner(state, animal, action)

    def apply_action(
        self, state: State, animal: Animal, action: Action, events: list[Event]
    ) -> None:
        assert isinstance(action, Recombine)
        partner = self._partner(state, animal, action)
        link = next(
            link
            for link in state.animal_links(animal.id)
            if link.trait == self.id and link.other(animal.id) == partner.id
        )
        state.use(self.id, link.id, Span.TURN)
        events.append(TraitsExchanged(animal.id, action.card, partner.id, action.swap))
        given = take_trait(state, animal, action.card)
        taken = take_trait(state, partner, action.swap)
        self._receive(state, animal, partner, action.card, given, events)
        self._receive(state, partner, animal, action.swap, taken, events)

    @staticmethod
    def _receive(
        state: State, giver: Animal, receiver: Animal, card: int, trait: str, events: list[Event]
    ) -> None:
        for key, obj in list(state.cooldowns):
            if key == trait and obj == giver.id:
                state.use(trait, receiver.id, state.cooldowns[(key, obj)])
        if fits(state, receiver, trait):
            place_trait(receiver, card, trait)
        else:
            discard_card(state, receiver.owner, card)
            events.append(TraitDiscarded(card, trait, receiver.id, receiver.owner))


class Herding(Trait):
    """The animal cannot be attacked while its location holds at least as many herding
    animals as carnivores, every player's counted (seed 004, "Стадность")."""

    id = "herding"

    @staticmethod
    def _count(state: State, target: Animal) -> tuple[int, int]:
        """Herding animals and carnivores in the target's location."""
        herd = carnivores = 0
        for animal in state.animals.values():
            if animal.location != target.location or not animal.present:
                continue
            herd += animal.has("herding")
            carnivores += animal.has("carnivore")
        return herd, carnivores

    def attack_blocked(self, state: State, carnivore: Animal, target: Animal) -> bool:
        herd, carnivores = self._count(state, target)
        return herd >= carnivores

    def blocks_attack(self, state: State, carnivore: Animal, target: Animal) -> str | None:
        herd, carnivores = self._count(state, target)
        if herd >= carnivores:
            if target.location:
                return refusal(
                    "herd_at",
                    animal=target.id,
                    herd=herd,
                    carnivores=carnivores,
                    place=target.location,
                )
            return refusal("herd", animal=target.id, herd=herd, carnivores=carnivores)
        return None


class Aedificator(Trait):
    """At the start of the feeding phase, two red tokens go to the food bank of the
    animal's location for each aedificator there (seed 004, "Эдификатор")."""

    id = "aedificator"

    def extra_food(self, state: State, animal: Animal) -> int:
        return 2


class Cnidocytes(Trait):
    """Toxic (3rd edition) / Cnidocytes: the animal may be eaten, but every trait of the
    carnivore that attacks it stops working until the next turn, even if the attack fails;
    the carnivore then needs a single token (seed 004, "Токсичный"; seed 001)."""

    id = "cnidocytes"

    def on_attacked(
        self, state: State, carnivore: Animal, target: Animal, events: list[Event]
    ) -> None:
        if not carnivore.paralysed:
            carnivore.paralysed = True
            events.append(Paralysed(carnivore.id, self.id))


class Neoplasm(Trait):
    """Played only on another player's animal, under its other traits. At the start of
    each food bank phase it moves up past one unpaired trait, which stops working; when no
    trait is left above it, the animal dies. The order of the traits is fixed once it lies
    on the animal; traits played later go on top, the far end from it (seed 004,
    "Неоплазия"; seed 001; ruling 17)."""

    id = "neoplasm"
    target = "enemy"
    disables_below = True

    def on_food_phase(self, state: State, animal: Animal, events: list[Event]) -> None:
        index = next(i for i, (_, t) in enumerate(animal.traits) if t == self.id)
        if index > 0:
            above = animal.traits[index - 1]
            animal.traits[index - 1], animal.traits[index] = animal.traits[index], above
            refresh(animal)
            events.append(TraitMoved(animal.id, self.id, above[0]))
            index -= 1
        if index == 0:
            events.append(TraitUsed(animal.id, self.id))
            remove_animal(state, animal, "neoplasm", events)


register(
    "continents",
    Migration(),
    Suckerfish(),
    Regeneration(),
    Recombination(),
    Herding(),
    Aedificator(),
    Cnidocytes(),
    Neoplasm(),
)
