"""The plant traits of Plants («Эволюция. Растения»): faces of the set's cards that go on a
plant, never on an animal. Each class carries its own rule through the hooks that plants.py
(plays, reach, tokens taken) and growth.py (the growth phase) call, so that neither names a
plant trait; flora.py reads a plant's fruit icon and shelters from the rules registered in
``flora.PLANT_FIGURES``; plants.py and growth.py reach the rules through
``trait.PLANT_RULES``.
As animal traits they are "animal only" (the card may still be played face down as an
animal).

- Root vegetable (Корнеплод): only Burrowing animals take food from the plant.
- Honey plant (Медонос): whoever's animal takes a token from it takes a random card from
  the player with the most cards, if that player holds more than they do.
- Mycorrhiza (Микориза): joins two plants; at the growth phase a plant with no token
  survives while a plant joined to it holds one, and an empty joined plant gains a token.
- Aquatic (Водное): only Swimming animals take food from the plant.
- Officinal (Лекарственное): an animal that takes a token from it counts as fed, and its
  traits stop working until the end of the turn.
- Protein-rich (Питательное): an animal that takes a token from it gains a blue token
  too; the plant bears the fruit icon (carnivores may eat from it).
- Tree (Дерево): only High body weight (or Flight) animals take food from it; one more
  shelter token.
- Parasitic plant (Растение-паразит): a new plant on the plant it is played on, with no
  token; it survives empty, dies with its host, and is fed from its host (``parasitize``).
- Spiky (Колючее): three more shelter tokens.
"""

from __future__ import annotations

from typing import ClassVar

from evolutio.core.game import Event
from evolutio.games.evolution.flora import (
    PARASITE,
    PLANT_FIGURES,
    CardTaken,
    Flora,
    Plant,
    PlantGrew,
)
from evolutio.games.evolution.growth import add_plant
from evolutio.games.evolution.ops import SUPPLY, can_eat, gain
from evolutio.games.evolution.state import Animal, State
from evolutio.games.evolution.trait import PLANT_RULES, Trait, register


class PlantTrait(Trait):
    """A plant trait: it goes on plants only. Its figures (``reach``, ``shelters``,
    ``fruit``, ``joins``, ``repeats``) and hooks default to "no effect"."""

    animal_only = True
    #: the animal traits that reach a plant with it (any one of them); empty: every animal.
    reach: ClassVar[tuple[str, ...]] = ()
    #: shelter tokens it adds to its plant (at once, and after each growth phase).
    shelters: ClassVar[int] = 0
    #: the plant bears the fruit icon: carnivores may take food from it.
    fruit: ClassVar[bool] = False
    #: played between two plants (a link), not on one.
    joins: ClassVar[bool] = False
    #: may go on a plant that has it already (each card makes something new).
    repeats: ClassVar[bool] = False
    #: when a token is taken from its plant, the traits act by this rank (lowest first).
    rank: ClassVar[int] = 0

    def reaches(self, animal: Animal) -> bool:
        """Whether the animal may take food from a plant with this trait."""
        return not self.reach or any(animal.has(key) for key in self.reach)

    def play_on(
        self, state: State, flora: Flora, plant: Plant, card: int, events: list[Event]
    ) -> None:
        """The card goes on ``plant``: the trait joins its traits with its shelters."""
        plant.traits.append((card, self.id))
        plant.shelters += self.shelters

    def before_taken(self, state: State, animal: Animal, plant: Plant) -> None:
        """An animal is about to take a red token from the plant (the token not yet moved)."""

    def after_taken(self, state: State, animal: Animal, plant: Plant, events: list[Event]) -> None:
        """An animal took a red token from the plant (it may have died since)."""

    def keeps_alive(self, state: State, flora: Flora, plant: Plant) -> bool:
        """At the growth phase: whether this trait keeps an empty plant on the table."""
        return False

    def after_growth(self, state: State, flora: Flora, events: list[Event]) -> None:
        """At the growth phase, after the plants grew and before new ones are laid out."""


class RootVegetable(PlantTrait):
    id = "root_vegetable"
    reach = ("burrowing",)


class HoneyPlant(PlantTrait):
    id = "honey_plant"
    rank = 2

    def after_taken(self, state: State, animal: Animal, plant: Plant, events: list[Event]) -> None:
        """The animal's owner takes a random card from the hand of the player holding the
        most cards, if that is more than its own (ties: the first clockwise)."""
        seat = animal.owner
        own = len(state.players[seat].hand)
        count = state.num_players
        best = None
        for i in range(1, count):
            other = state.players[(seat + i) % count]
            if len(other.hand) > own and (best is None or len(other.hand) > len(best.hand)):
                best = other
        if best is None:
            return
        card = best.hand.pop(state.rng.randrange(len(best.hand)))
        state.players[seat].hand.append(card)
        events.append(CardTaken(seat, best.seat))


class Mycorrhiza(PlantTrait):
    id = "mycorrhiza"
    joins = True

    def keeps_alive(self, state: State, flora: Flora, plant: Plant) -> bool:
        """A plant joined to it, directly or through others, holds a token."""
        return any(flora.plants[p].food > 0 for p in _group(flora, plant.id) if p != plant.id)

    def after_growth(self, state: State, flora: Flora, events: list[Event]) -> None:
        """Each joined plant that holds no token gains one."""
        for plant in flora.plants.values():
            if plant.food == 0 and flora.partners(plant.id):
                plant.food = 1
                state.food_created += 1
                events.append(PlantGrew(plant.id, 1))


def _group(flora: Flora, start: int) -> set[int]:
    """The plants joined to ``start`` by Mycorrhiza, directly or through others."""
    seen = {start}
    todo = [start]
    while todo:
        for other in flora.partners(todo.pop()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


class Aquatic(PlantTrait):
    id = "aquatic"
    reach = ("swimming",)


class Officinal(PlantTrait):
    id = "officinal"

    def before_taken(self, state: State, animal: Animal, plant: Plant) -> None:
        # "considered fed": no trait of the animal works for the rest of the turn, so that
        # its need is 1 (project's reading, docs/rules/evolution.md "Plants")
        animal.paralysed = True


class ProteinRich(PlantTrait):
    id = "protein_rich"
    fruit = True
    rank = 1

    def after_taken(self, state: State, animal: Animal, plant: Plant, events: list[Event]) -> None:
        """A blue token too, if the animal lives and can take it."""
        if animal.id in state.animals and can_eat(state, animal):
            gain(state, animal, SUPPLY, "protein_rich", events)


class Tree(PlantTrait):
    id = "tree"
    reach = ("high_body_weight", "flight")
    shelters = 1


class ParasiticPlant(PlantTrait):
    id = "parasitic_plant"
    repeats = True

    def play_on(
        self, state: State, flora: Flora, plant: Plant, card: int, events: list[Event]
    ) -> None:
        """A new plant on the host, with no token; the card lies on it."""
        parasite = add_plant(state, flora, PARASITE, plant.id, events)
        parasite.traits.append((card, self.id))


class Spiky(PlantTrait):
    id = "spiky"
    shelters = 3


#: the plant traits by id (registration order).
RULES: dict[str, PlantTrait] = {}


def _register(*traits: PlantTrait) -> None:
    register("plants", *traits)
    for trait in traits:
        RULES[trait.id] = trait
        PLANT_RULES[trait.id] = trait
        PLANT_FIGURES[trait.id] = (trait.fruit, trait.shelters)


_register(
    RootVegetable(),
    HoneyPlant(),
    Mycorrhiza(),
    Aquatic(),
    Officinal(),
    ProteinRich(),
    Tree(),
    ParasiticPlant(),
    Spiky(),
)
