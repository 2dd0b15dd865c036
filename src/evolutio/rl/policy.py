"""A small masked linear policy over a game's encoding, and the bot that plays it.

``logit(a) = bias[a] + theta[block(a)] · observation``: a preference per action index plus,
per action block (``eat``, ``attack``, ``trait``...), a linear function of the observation;
a softmax over the legal indices only. Small enough to train with numpy on a CPU in
minutes (examples/train_policy.py), and saved as one ``.npz`` file that ``evolutio
tournament --bots policy:FILE,random,greedy`` plays (``make_bot("policy:FILE", ...)``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from evolutio.bots.base import BotError, InformationSet
from evolutio.core.game import JSON, Action, Decision, Game
from evolutio.rl.codec import Codec

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


def block_ids(codec: Codec) -> IntArray:
    """The block number of every action index (the layout's rows in order)."""
    out = np.zeros(codec.action_size, dtype=np.int64)
    for number, (start, count, _, _, _) in enumerate(codec.action_layout.rows()):
        out[start : start + count] = number
    return out


class LinearPolicy:
    """The policy's parameters for one game and set of options."""

    def __init__(self, codec: Codec, bias: FloatArray | None = None,
                 theta: FloatArray | None = None) -> None:
        self.codec = codec
        self.blocks = block_ids(codec)
        count = len(codec.action_layout.rows())
        self.bias = np.zeros(codec.action_size) if bias is None else bias
        self.theta = np.zeros((count, codec.observation_size)) if theta is None else theta
        if self.bias.shape != (codec.action_size,) or self.theta.shape != (
                count, codec.observation_size):
            raise ValueError("the policy's shapes do not fit this game's encoding")

    def logits(self, observation: npt.NDArray[np.float32], legal: IntArray) -> FloatArray:
        """The logits of the ``legal`` indices."""
        return self.bias[legal] + self.theta[self.blocks[legal]] @ observation

    def probabilities(self, observation: npt.NDArray[np.float32],
                      legal: IntArray) -> FloatArray:
        logits = self.logits(observation, legal)
        logits -= logits.max()
        weights = np.exp(logits)
        return weights / weights.sum()  # type: ignore[no-any-return]

    def save(self, path: str | Path) -> None:
        """One ``.npz`` file: the parameters and the game and options they fit."""
        meta = json.dumps({"game": self.codec.game.name, "options": self.codec.options})
        with Path(path).open("wb") as handle:
            np.savez_compressed(handle, bias=self.bias, theta=self.theta,
                                meta=np.array(meta))

    @classmethod
    def load(cls, path: str | Path, game: str | Game[Any] | None = None) -> LinearPolicy:
        """The policy saved at ``path``; refuses a file made for another game."""
        try:
            with np.load(Path(path)) as data:
                meta = json.loads(str(data["meta"]))
                bias, theta = data["bias"], data["theta"]
        except (OSError, KeyError, ValueError) as exc:
            raise BotError(f"cannot read the policy file {path}: {exc}") from None
        name = game if isinstance(game, str) else game.name if game is not None else None
        if name is not None and meta["game"] != name:
            raise BotError(f"the policy {path} was trained for '{meta['game']}', not '{name}'")
        codec = Codec(meta["game"], meta["options"])
        return cls(codec, bias, theta)


class PolicyBot:
    """Plays a saved :class:`LinearPolicy`: a legal action drawn from its probabilities
    (the stochastic policy that was trained), from the bot's seeded generator.

    A bot sees no state, only its view; it observes a sample of its information set
    (``Game.determinize``), which gives the same observation as the true state, since an
    observation holds only what the seat may see (tests/rl checks this for every game).
    """

    name = "policy"

    def __init__(self, path: str, seed: int, game: str | Game[Any]) -> None:
        self.policy = LinearPolicy.load(path, game)
        self.path = path
        self._rng = random.Random(seed)
        self._draw = np.random.default_rng(seed)

    def choose(
        self,
        view: JSON,
        legal_actions: Sequence[Action],
        decision: Decision,
        info: InformationSet | None = None,
    ) -> Action:
        if info is None:
            raise BotError("the policy bot needs the information set of its seat")
        if not legal_actions:
            raise BotError("the bot was asked to choose with no legal actions")
        state = info.sample(self._rng)
        codec = self.policy.codec
        if state.options != codec.options:
            raise BotError(
                f"the policy {self.path} was trained with options {codec.options}, "
                f"this game has {state.options}"
            )
        batch = getattr(codec.encoding, "action_indices", None)
        indices = (batch(state, info.seat, legal_actions) if batch is not None else
                   [codec.encoding.action_index(state, info.seat, a) for a in legal_actions])
        known = [(i, a) for i, a in zip(indices, legal_actions, strict=True) if i is not None]
        if not known:
            return legal_actions[0]
        legal = np.array([i for i, _ in known], dtype=np.int64)
        chances = self.policy.probabilities(codec.observe(state, info.seat), legal)
        return known[int(self._draw.choice(len(known), p=chances))][1]
