"""A cache bounded by entries and by bytes: the newest values kept, the least used dropped.

The server keeps finished games' records and replays (``app.py``): a finished game never
changes, but one replay of a long game is over half a megabyte, so a bound on entries alone
lets a few dozen of them hold tens of megabytes. Values are kept as the bytes (or text) sent,
so that their size is what they cost.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable


def size_of(value: bytes | str) -> int:
    """What ``value`` costs: its length in bytes (text as UTF-8)."""
    return len(value) if isinstance(value, bytes) else len(value.encode("utf-8"))


class Kept:
    """Up to ``entries`` values of at most ``size`` bytes together, least recently used
    dropped first; a value larger than ``size`` alone is not kept."""

    def __init__(self, entries: int, size: int) -> None:
        self.entries, self.size = entries, size
        self._values: OrderedDict[Hashable, bytes | str] = OrderedDict()
        #: the bytes the kept values take together
        self.held = 0

    def __len__(self) -> int:
        return len(self._values)

    def get(self, key: Hashable) -> bytes | str | None:
        """The value of ``key`` (None: not kept), now the most recently used."""
        value = self._values.get(key)
        if value is not None:
            self._values.move_to_end(key)
        return value

    def put(self, key: Hashable, value: bytes | str) -> None:
        """Keep ``value`` under ``key``, dropping the least used ones past either bound."""
        old = self._values.pop(key, None)
        if old is not None:
            self.held -= size_of(old)
        cost = size_of(value)
        if cost > self.size:
            return
        self._values[key] = value
        self.held += cost
        while len(self._values) > self.entries or self.held > self.size:
            _, dropped = self._values.popitem(last=False)
            self.held -= size_of(dropped)
