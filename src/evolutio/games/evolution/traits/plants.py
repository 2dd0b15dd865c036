"""The plant traits of Plants («Эволюция. Растения»): faces of the set's cards that go on a
plant, never on an animal (plants.py plays them and makes them act; flora.py grows the
plants). They register here so that every face of a card is a known trait; as animal
traits they are "animal only" (the card may still be played face down as an animal).

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

from evolutio.games.evolution.trait import Trait, register


class PlantTrait(Trait):
    """A plant trait: it goes on plants only."""

    animal_only = True


class RootVegetable(PlantTrait):
    id = "root_vegetable"


class HoneyPlant(PlantTrait):
    id = "honey_plant"


class Mycorrhiza(PlantTrait):
    id = "mycorrhiza"


class Aquatic(PlantTrait):
    id = "aquatic"


class Officinal(PlantTrait):
    id = "officinal"


class ProteinRich(PlantTrait):
    id = "protein_rich"


class Tree(PlantTrait):
    id = "tree"


class ParasiticPlant(PlantTrait):
    id = "parasitic_plant"


class Spiky(PlantTrait):
    id = "spiky"


register(
    "plants",
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
