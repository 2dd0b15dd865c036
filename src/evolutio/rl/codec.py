"""A game's encoding wrapped in numpy: observation vectors, action masks, index to action.

Game-free: it reaches a game through the registry and its optional ``encoding`` attribute
(:class:`evolutio.core.encoding.Encoding`), and refuses a game that has none.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from evolutio.core.encoding import ActionLayout, Encoding, ObservationLayout
from evolutio.core.game import Action, Game
from evolutio.core.registry import get_game

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]
#: how many of its last masks a codec remembers with their legal indices (the agents of a
#: simultaneous decision each get one in the Parallel environment).
RECENT_MASKS = 8
#: draws from the known indices before a changed mask is sampled by scanning it.
REJECTION_TRIES = 32


class NoEncodingError(ValueError):
    """The game declares no encoding, so it cannot be an environment."""


def encoding_of(game: Game[Any]) -> Encoding:
    """The game's encoding, or a clear error naming the game."""
    encoding = game.encoding
    if encoding is None:
        raise NoEncodingError(
            f"the game '{game.name}' has no encoding for learning agents: it needs an "
            "'encoding' attribute (see docs/rl.md, 'Adding an encoding')"
        )
    return encoding  # type: ignore[no-any-return]


def resolve_game(game: str | Game[Any]) -> Game[Any]:
    """The game object for a registered name (unknown names raise ``OptionError``)."""
    return get_game(game) if isinstance(game, str) else game


class Codec:
    """One game and set of options, encoded: fixed sizes, observation and legal-action map."""

    __slots__ = ("_recent", "_zeros", "action_layout", "action_size", "encoding", "game",
                 "observation_layout", "observation_size", "options")

    def __init__(self, game: str | Game[Any], options: Mapping[str, Any]) -> None:
        self.game = resolve_game(game)
        self.encoding = encoding_of(self.game)
        self.options = self.game.normalize_options(options)
        self.action_layout: ActionLayout = self.encoding.action_layout(self.options)
        self.observation_layout: ObservationLayout = self.encoding.observation_layout(
            self.options
        )
        self.action_size = self.action_layout.size
        self.observation_size = self.observation_layout.size
        #: a zeroed float32 buffer, copied for each observation (``array`` items are set
        #: several times faster than a numpy array's, and numpy wraps the copy as it is).
        self._zeros = array("f", bytes(4 * self.observation_size))
        #: the last masks made and their legal indices, newest last (:meth:`known_legal`)
        self._recent: list[tuple[Mask, list[int]]] = []

    def observe(self, state: Any, seat: int) -> Vector:
        """What ``seat`` may see, as a float32 vector of ``observation_size``."""
        out = self._zeros[:]
        self.encoding.observe(state, seat, out)
        return np.frombuffer(out, dtype=np.float32)

    def legal(self, state: Any, seat: int) -> dict[int, Action]:
        """``seat``'s legal actions by index (the first of actions sharing an index; actions
        the fixed space cannot hold are left out)."""
        actions = self.game.legal_actions(state, seat)
        batch = getattr(self.encoding, "action_indices", None)
        if batch is not None:
            indices = batch(state, seat, actions)
        else:
            indices = [self.encoding.action_index(state, seat, a) for a in actions]
        # reversed, so that the first action of an index is the one kept; no Python loop
        by_index: dict[int | None, Action] = dict(
            zip(reversed(indices), reversed(actions), strict=True))
        by_index.pop(None, None)
        return by_index  # type: ignore[return-value]

    def mask(self, legal: Mapping[int, object]) -> Mask:
        """The 0/1 mask of the indices in ``legal``. The codec remembers the last few masks
        it made with their indices, so that sampling under one of them need not scan it
        (:meth:`known_legal`, :class:`LegalDiscrete`)."""
        buffer = bytearray(self.action_size)  # zeroed; setting bytes beats numpy's indexing
        for index in legal:
            buffer[index] = 1
        mask = np.frombuffer(buffer, dtype=np.int8)
        if legal:
            recent = self._recent
            recent.append((mask, list(legal)))
            if len(recent) > RECENT_MASKS:
                del recent[0]
        return mask

    def known_legal(self, mask: Mask) -> list[int] | None:
        """The legal indices of ``mask`` when it is one of the last masks this codec made
        (the same array object), else ``None``."""
        for made, indices in reversed(self._recent):
            if made is mask:
                return indices
        return None

    def __getstate__(self) -> dict[str, Any]:
        """The codec without its recent masks (a copy of an environment does not share
        them); ``__slots__`` classes pickle through this."""
        return {name: getattr(self, name) for name in self.__slots__ if name != "_recent"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        self._recent = []


class LegalDiscrete(spaces.Discrete):
    """Gymnasium's ``Discrete`` whose ``sample(mask)`` draws from the legal indices the
    environment already knows when ``mask`` is a mask it just made, instead of scanning all
    tens of thousands of entries; any other mask is sampled as ``Discrete`` does. The draw is
    uniform over the mask's ones either way and comes from the space's own seeded
    generator (``space.seed(n)``)."""

    def __init__(self, codec: Codec) -> None:
        super().__init__(codec.action_size)
        self.codec = codec

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is not None and probability is None:
            indices = self.codec.known_legal(mask)
            if indices is not None:
                draw = self.np_random.integers
                # rejection keeps the draw uniform if entries were cleared since
                for _ in range(REJECTION_TRIES):
                    index = indices[int(draw(len(indices)))]
                    if mask[index] == 1:
                        return np.int64(index)
        return super().sample(mask, probability)
