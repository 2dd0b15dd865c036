"""The paired trait cards on the table (``Link``) and their index by animal (``LinkIndex``).

They sit below state.py and know no trait: the trait tables the index reads are given to it
by ``linkindex.link_index``, which also keeps it on the state until the links change."""

from __future__ import annotations


class Link:
    """A paired trait card lying between two animals; for Symbiosis ``a`` is the symbiont."""

    __slots__ = ("a", "b", "card", "id", "trait")

    def __init__(self, id: int, trait: str, card: int, a: int, b: int) -> None:
        self.id = id
        self.trait = trait
        self.card = card
        self.a = a
        self.b = b

    def other(self, animal: int) -> int:
        return self.b if animal == self.a else self.a

    def joins(self, x: int, y: int) -> bool:
        return (self.a == x and self.b == y) or (self.a == y and self.b == x)


class LinkIndex:
    """Per animal (both ends of a link), in the order of ``State.links``: its links, the
    food need they add, the links that may keep food from it (their trait in ``eating``:
    ``link_blocks_eating``) or guard it from an attack (``attack``: ``link_blocks_attack``),
    and the names of its paired traits with feeding actions (``feeders``); and the animals
    touched by a limiting paired trait (``limiters``). Made by ``linkindex.link_index``, which
    gives it the trait tables."""

    __slots__ = ("attack", "by_animal", "eating", "feeders", "food", "limited")

    def __init__(
        self,
        links: dict[int, Link],
        food_of: dict[str, int],
        eating: set[str],
        attack: set[str],
        feeders: set[str],
        limiters: set[str],
    ) -> None:
        self.by_animal: dict[int, list[Link]] = {}
        self.food: dict[int, int] = {}
        self.eating: dict[int, list[Link]] = {}
        self.attack: dict[int, list[Link]] = {}
        self.feeders: dict[int, list[str]] = {}
        self.limited: set[int] = set()
        for link in links.values():
            trait = link.trait
            food = food_of[trait]
            for end in (link.a, link.b):
                self.by_animal.setdefault(end, []).append(link)
                if food:
                    self.food[end] = self.food.get(end, 0) + food
                if trait in eating:
                    self.eating.setdefault(end, []).append(link)
                if trait in attack:
                    self.attack.setdefault(end, []).append(link)
                if trait in feeders:
                    self.feeders.setdefault(end, []).append(trait)
                if trait in limiters:
                    self.limited.add(end)

    def same(self, other: LinkIndex) -> bool:
        """Whether two indexes say the same (the links compared by their fields)."""

        def fields(table: dict[int, list[Link]]) -> dict[int, list[tuple[int, str, int, int]]]:
            return {
                k: [(link.id, link.trait, link.a, link.b) for link in v] for k, v in table.items()
            }

        return (
            fields(self.by_animal) == fields(other.by_animal)
            and self.food == other.food
            and fields(self.eating) == fields(other.eating)
            and fields(self.attack) == fields(other.attack)
            and self.feeders == other.feeders
            and self.limited == other.limited
        )
