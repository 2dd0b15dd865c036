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

from evolutio.core.encoding import ActionLayout, Encoding, ObservationLayout
from evolutio.core.game import Action, Game
from evolutio.core.registry import get_game

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


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

    __slots__ = ("_zeros", "action_layout", "action_size", "encoding", "game",
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

    def mask(self, legal: Mapping[int, Action]) -> Mask:
        """The 0/1 mask of the indices in ``legal``."""
        mask = bytearray(self.action_size)  # zeroed; setting bytes beats numpy's indexing
        for index in legal:
            mask[index] = 1
        return np.frombuffer(mask, dtype=np.int8)
