"""Fixed-size encodings of a game for learning agents (what :mod:`evolutio.rl` builds on).

A game may carry ``encoding`` (an :class:`Encoding`): a fixed action index space and a
fixed-length observation vector per set of options, the way PettingZoo's classic games and
OpenSpiel's ``ObservationTensor``/``action`` ids present a game to a learner. Encodings are
plain Python (no numpy): ``observe`` writes into a zeroed float buffer the caller owns, so
the core needs no third-party package and the research API wraps the buffer without a copy.

:class:`ActionLayout` and :class:`ObservationLayout` are the bookkeeping every encoding
needs: named blocks at fixed offsets, a mixed-radix index inside each action block, and the
rows of the tables docs/rl.md prints.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, Protocol, runtime_checkable

from evolutio.core.game import Action, Options


@runtime_checkable
class Encoding(Protocol):
    """A game's action index space and observation vector, both fixed for given options.

    ``action_index`` returns ``None`` for a legal action the fixed space cannot hold (beyond
    a documented cap); the research API leaves such actions out of the mask. Legal actions
    that are the same choice for a player (two copies of one card) may share an index.
    ``observe`` writes what ``seat`` may see, and never more, into ``out`` (zeroed, of length
    ``observation_size``): it must not change when ``determinize`` resamples what ``seat``
    cannot see.
    """

    def action_layout(self, options: Options) -> ActionLayout: ...

    def observation_layout(self, options: Options) -> ObservationLayout: ...

    def action_index(self, state: Any, seat: int, action: Action) -> int | None: ...

    def observe(self, state: Any, seat: int, out: MutableSequence[float]) -> None: ...


class LayoutError(ValueError):
    """A layout used with a block it does not have, or an axis value out of range."""


class ActionLayout:
    """Action blocks at fixed offsets; inside a block, the index is mixed radix over its
    axes (the first axis varies slowest). ``size`` is the whole space."""

    __slots__ = ("_blocks", "_sizes", "size")

    def __init__(self) -> None:
        self._blocks: dict[str, tuple[int, tuple[tuple[str, int], ...], str]] = {}
        #: key -> (start, axis sizes), the hot path of ``index``.
        self._sizes: dict[str, tuple[int, tuple[int, ...]]] = {}
        self.size = 0

    def add(self, key: str, axes: Sequence[tuple[str, int]] = (), what: str = "") -> None:
        """Append block ``key`` with ``axes`` as ``(name, size)`` pairs."""
        if key in self._blocks:
            raise LayoutError(f"block {key!r} is already in the layout")
        count = 1
        for _, size in axes:
            count *= size
        self._blocks[key] = (self.size, tuple(axes), what)
        self._sizes[key] = (self.size, tuple(size for _, size in axes))
        self.size += count

    def index(self, key: str, *values: int) -> int | None:
        """The index of block ``key`` at axis ``values``; ``None`` if one is out of range."""
        start, sizes = self._sizes[key]
        if len(values) != len(sizes):
            raise LayoutError(f"block {key!r} takes {len(sizes)} axis values, not {len(values)}")
        offset = 0
        for value, size in zip(values, sizes, strict=True):
            if value < 0 or value >= size:
                return None
            offset = offset * size + value
        return start + offset

    def start(self, key: str) -> int:
        """The first index of block ``key`` (for encodings that compute hot blocks inline)."""
        return self._sizes[key][0]

    def locate(self, index: int) -> tuple[str, dict[str, int]]:
        """The block and axis values of ``index`` (the inverse of :meth:`index`)."""
        if not 0 <= index < self.size:
            raise LayoutError(f"action index {index} is outside 0..{self.size - 1}")
        for key, (start, axes, _) in self._blocks.items():
            count = 1
            for _, size in axes:
                count *= size
            if start <= index < start + count:
                rest = index - start
                values: dict[str, int] = {}
                for name, size in reversed(axes):
                    values[name] = rest % size
                    rest //= size
                return key, dict(reversed(values.items()))
        raise LayoutError(f"action index {index} is in no block")  # pragma: no cover

    def rows(self) -> list[tuple[int, int, str, str, str]]:
        """``(start, count, block, axes, what)`` per block, for documentation."""
        out = []
        for key, (start, axes, what) in self._blocks.items():
            count = 1
            for _, size in axes:
                count *= size
            shape = " × ".join(f"{name} ({size})" for name, size in axes) or "-"
            out.append((start, count, key, shape, what))
        return out


class ObservationLayout:
    """Named segments of the observation vector at fixed offsets."""

    __slots__ = ("_segments", "offsets", "size")

    def __init__(self) -> None:
        self._segments: dict[str, tuple[int, int, str]] = {}
        #: segment -> offset, a plain dict for encodings' hot loops.
        self.offsets: dict[str, int] = {}
        self.size = 0

    def add(self, key: str, size: int, what: str = "") -> int:
        """Append segment ``key`` of ``size`` floats; returns its offset."""
        if key in self._segments:
            raise LayoutError(f"segment {key!r} is already in the layout")
        start = self.size
        self._segments[key] = (start, size, what)
        self.offsets[key] = start
        self.size += size
        return start

    def __getitem__(self, key: str) -> int:
        return self._segments[key][0]

    def rows(self) -> list[tuple[int, int, str, str]]:
        """``(start, size, segment, what)`` per segment, for documentation."""
        return [(start, size, key, what) for key, (start, size, what) in self._segments.items()]


def one_hot_index(choices: Sequence[str], value: str) -> int:
    """The position of ``value`` in ``choices``, or the last position (``other``) when it is
    not listed, so that a new kind of value never shifts the layout."""
    try:
        return choices.index(value)
    except ValueError:
        return len(choices)
