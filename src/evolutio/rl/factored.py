"""The factored action space: ``(block, index within the block)`` instead of one flat index.

The flat spaces hold 17 to 60,186 indices, but the layouts are block-structured (docs/rl.md,
"Layouts"): a policy can choose a block first, then an index inside it, with two heads of
``blocks`` and ``width`` (the largest block) outputs instead of one of the whole space's
size. :class:`Factoring` maps between the two; :class:`FactoredSpace` is the Gymnasium
``MultiDiscrete([blocks, width])`` the environments use with ``action_space="factored"``.

Masks per component: the block mask (the blocks holding a legal action) is in the
observation as ``block_mask``; the index mask given a block is the block's slice of the
flat ``action_mask``, padded to ``width`` (:meth:`Factoring.index_mask`). A factored action
whose index lies beyond its block's size, or whose flat index is not legal, is illegal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from evolutio.core.encoding import ActionLayout
from evolutio.rl.codec import Codec, LegalDiscrete, Mask

MODES = ("flat", "factored")


def check_mode(mode: str) -> str:
    """``mode`` if it is a known action space, else a ``ValueError`` naming the choices."""
    if mode not in MODES:
        raise ValueError(f"unknown action_space {mode!r}; choose one of {', '.join(MODES)}")
    return mode


class Factoring:
    """A layout's blocks as the first component and the index inside a block as the second."""

    __slots__ = ("block_of", "blocks", "names", "sizes", "starts", "width")

    def __init__(self, layout: ActionLayout) -> None:
        rows = layout.rows()
        self.names = [row[2] for row in rows]
        self.starts = np.array([row[0] for row in rows], dtype=np.int64)
        self.sizes = np.array([row[1] for row in rows], dtype=np.int64)
        self.blocks = len(rows)
        self.width = int(self.sizes.max())
        #: the block of each flat index
        self.block_of = np.repeat(np.arange(self.blocks, dtype=np.int64), self.sizes)

    def split(self, index: int) -> tuple[int, int]:
        """The ``(block, index within the block)`` of a flat index."""
        block = int(self.block_of[index])
        return block, int(index - self.starts[block])

    def join(self, action: Sequence[int] | npt.NDArray[np.integer[Any]]) -> int:
        """The flat index of a factored action, or -1 when it is outside the layout (an
        index beyond its block's size, a block that does not exist, not two components)."""
        values = np.asarray(action).reshape(-1)
        if values.shape != (2,):
            return -1
        block, offset = int(values[0]), int(values[1])
        if not 0 <= block < self.blocks or not 0 <= offset < self.sizes[block]:
            return -1
        return int(self.starts[block]) + offset

    def block_mask(self, legal: Iterable[int]) -> Mask:
        """The 0/1 mask of the blocks holding one of the ``legal`` flat indices."""
        mask = np.zeros(self.blocks, dtype=np.int8)
        indices = np.fromiter(legal, dtype=np.int64)
        mask[self.block_of[indices]] = 1
        return mask

    def index_mask(self, mask: npt.NDArray[Any], block: int) -> Mask:
        """The 0/1 mask of the indices inside ``block`` given a flat ``mask``, padded with
        zeros to ``width``."""
        start, size = int(self.starts[block]), int(self.sizes[block])
        out = np.zeros(self.width, dtype=np.int8)
        out[:size] = mask[start:start + size]
        return out

    def any_index_mask(self, legal: Iterable[int]) -> Mask:
        """The indices within a block that are legal in some block (for learners that mask
        each component on its own, as sb3-contrib's ``MultiDiscrete`` masks do)."""
        indices = np.fromiter(legal, dtype=np.int64)
        out = np.zeros(self.width, dtype=np.int8)
        out[indices - self.starts[self.block_of[indices]]] = 1
        return out


class FactoredSpace(spaces.MultiDiscrete):
    """``MultiDiscrete([blocks, width])`` whose ``sample(mask)`` also takes the flat
    ``action_mask`` of an observation: it then draws uniformly among the legal actions (as
    :class:`LegalDiscrete` does, without scanning a mask the environment just made) and
    returns that action factored. A tuple of two masks is sampled as ``MultiDiscrete``
    does (each component on its own)."""

    def __init__(self, codec: Codec, factoring: Factoring) -> None:
        super().__init__([factoring.blocks, factoring.width])
        self.factoring = factoring
        self.flat = LegalDiscrete(codec)

    def sample(self, mask: Any = None, probability: Any = None) -> npt.NDArray[np.int64]:
        if isinstance(mask, np.ndarray) and mask.shape == (self.flat.n,):
            self.flat._np_random = self.np_random  # one seeded generator (``space.seed(n)``)
            block, offset = self.factoring.split(int(self.flat.sample(mask)))
            return np.array([block, offset], dtype=np.int64)
        return super().sample(mask, probability)


def observation_space_of(codec: Codec, factoring: Factoring | None) -> spaces.Dict:
    """The observation space: the observation vector, the flat ``action_mask`` and, with
    the factored action space, the ``block_mask``."""
    parts: dict[str, spaces.Space[Any]] = {
        "observation": spaces.Box(-np.inf, np.inf, (codec.observation_size,), np.float32),
        "action_mask": spaces.Box(0, 1, (codec.action_size,), np.int8),
    }
    if factoring is not None:
        parts["block_mask"] = spaces.Box(0, 1, (factoring.blocks,), np.int8)
    return spaces.Dict(parts)


def action_space_of(codec: Codec, mode: str) -> tuple[spaces.Space[Any], Factoring | None]:
    """The action space of ``mode`` (``flat`` or ``factored``) and its factoring (``None``
    for the flat space)."""
    if check_mode(mode) == "flat":
        return LegalDiscrete(codec), None
    factoring = Factoring(codec.action_layout)
    return FactoredSpace(codec, factoring), factoring


def flat_index(factoring: Factoring | None, action: Any) -> int:
    """The flat index of an environment's action (-1 for a factored action outside the
    layout, which the environments then treat as illegal)."""
    if factoring is None:
        return int(action)
    return factoring.join(action)
