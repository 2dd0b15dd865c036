"""Seeded, scriptable chance owned by a game state.

Every die and shuffle of a game goes through one ``Rng``. Scenario files script dice with
``script_dice``; scripted values are used first, in order. Bots never read it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, MutableSequence
from typing import TypeVar

from evolutio.core.compiled import mypyc_attr

T = TypeVar("T")


@mypyc_attr(allow_interpreted_subclasses=True)  # so that __new__ alone (clone) skips __init__
class Rng:
    """A ``random.Random`` with a queue of scripted d6 results in front of it."""

    __slots__ = ("_random", "_script")

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self._script: list[int] = []

    def script_dice(self, values: Iterable[int]) -> None:
        """Queue die results to be returned before any random ones."""
        for value in values:
            if not 1 <= int(value) <= 6:
                raise ValueError(f"a die shows 1 to 6, not {value}")
            self._script.append(int(value))

    @property
    def scripted(self) -> tuple[int, ...]:
        return tuple(self._script)

    def d6(self) -> int:
        if self._script:
            return self._script.pop(0)
        return self._random.randint(1, 6)

    def dice(self, count: int) -> list[int]:
        return [self.d6() for _ in range(count)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._random.shuffle(items)

    def randrange(self, n: int) -> int:
        return self._random.randrange(n)

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other._random = random.Random()
        other._random.setstate(self._random.getstate())
        other._script = list(self._script)
        return other

    def getstate(self) -> object:
        return (self._random.getstate(), tuple(self._script))
