"""Who blocked whom, kept in memory for the hot paths (chat delivery, the match queue).

The ``blocks`` table (migration 0011) is the truth; this copy is loaded at start, changed at
once by this process's own block and unblock requests, and read again from the table every
``REFRESH`` seconds, so that blocks made through another process of a cluster arrive too.
"""

from __future__ import annotations

from collections.abc import Iterable

#: seconds between two reloads of the whole table (one small query)
REFRESH = 15.0


class Blocks:
    """Each person's blocked people: ``blocks(a, b)``: ``a`` blocked ``b``."""

    def __init__(self) -> None:
        self._by: dict[int, set[int]] = {}

    def load(self, pairs: Iterable[tuple[int, int]]) -> None:
        """Replace every block with ``pairs`` of (blocker, blocked)."""
        fresh: dict[int, set[int]] = {}
        for blocker, blocked in pairs:
            fresh.setdefault(blocker, set()).add(blocked)
        self._by = fresh

    def add(self, blocker: int, blocked: int) -> None:
        self._by.setdefault(blocker, set()).add(blocked)

    def remove(self, blocker: int, blocked: int) -> None:
        self._by.get(blocker, set()).discard(blocked)

    def blocks(self, blocker: int | None, blocked: int | None) -> bool:
        """Whether ``blocker`` blocked ``blocked`` (never for an anonymous side)."""
        if blocker is None or blocked is None:
            return False
        return blocked in self._by.get(blocker, ())

    def between(self, a: int, b: int) -> bool:
        """Whether either of ``a`` and ``b`` blocked the other."""
        return self.blocks(a, b) or self.blocks(b, a)
