"""A Gymnasium environment for one seat; evolutio's bots play the other seats.

``SingleAgentEnv("evolution", opponents="greedy", players=3)``: the learner sits at ``seat``
(0 by default); ``opponents`` is one bot spec for every other seat or a list with one spec
per other seat (``random``, ``greedy``, ``ismcts:200``, a level such as ``hard``; see
``evolutio.bots.levels``; ``policy:FILE`` for a saved policy, which makes self-play).
Observations are the AEC environment's dict (``observation`` and ``action_mask``); the mask
is also in ``info["action_mask"]`` and, as a bool array, from :meth:`action_masks`
(sb3-contrib's ``MaskablePPO`` asks for that). The reward comes at the end; an action outside
the mask ends the episode with -1 (``info["illegal"]``).

Once the episode has ended the mask holds index 0 alone (:data:`OVER`), never all zeros: a
Gymnasium vector environment steps an ended environment once more to reset it, ignoring the
action, and a masked sampler must still find something to draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from evolutio.bots.base import Bot, InformationSet
from evolutio.bots.levels import make_bot
from evolutio.core.game import Action, Game
from evolutio.rl.aec import SEED_BOUND, check_reward, render_view, rewards_of
from evolutio.rl.codec import Codec, Mask
from evolutio.rl.factored import action_space_of, check_mode, flat_index, observation_space_of

#: the mask's indices once the episode has ended: index 0, a placeholder no step uses.
OVER: dict[int, None] = {0: None}


class SingleAgentEnv(gym.Env[dict[str, Any], Any]):
    """One seat of a game against bots, as a Gymnasium environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's)

    def __init__(
        self,
        game: str | Game[Any] = "evolution",
        opponents: str | Sequence[str] = "random",
        seat: int = 0,
        reward: str = "rank",
        render_mode: str | None = None,
        action_space: str = "flat",
        **options: Any,
    ) -> None:
        self.codec = Codec(game, options)
        self.game = self.codec.game
        self.reward_mode = check_reward(reward)
        if render_mode is not None and render_mode != "ansi":
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        players = self.game.new(self.codec.options, 0).num_players
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, not {seat}")
        self.seat = seat
        specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != players - 1:
            raise ValueError(f"give one opponent spec or {players - 1}, not {len(specs)}")
        for spec in specs:
            make_bot(spec, 0, self.game)  # refuses unknown specs now, not at reset
        self.specs = specs
        #: ``flat`` or ``factored`` (evolutio.rl.factored); the factoring of the latter
        self.action_mode = check_mode(action_space)
        self.action_space, self.factoring = action_space_of(self.codec, self.action_mode)
        self.observation_space = observation_space_of(self.codec, self.factoring)
        self.game_state: Any = None
        self._bots: dict[int, Bot] = {}
        self._legal: dict[int, Action] = {}
        self._mask: Mask = self.codec.mask(OVER)
        self._seed = 0
        self._rng = random.Random()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng.seed(seed)
        self._seed = self._rng.randrange(SEED_BOUND)
        self.game_state = self.game.new(self.codec.options, self._seed)
        others = [s for s in range(self.game_state.num_players) if s != self.seat]
        self._bots = {
            s: make_bot(spec, self._rng.randrange(SEED_BOUND), self.game)
            for s, spec in zip(others, self.specs, strict=True)
        }
        self._play_others()
        observation = self._observation()
        return observation, self._info()

    def _play_others(self) -> None:
        """Let the bots choose until the learner must choose or the game is over."""
        while (decision := self.game.decision(self.game_state)) is not None:
            if self.seat in decision.seats:
                self._legal = self.codec.legal(self.game_state, self.seat)
                return
            seat = decision.seats[0]
            legal = self.game.legal_actions(self.game_state, seat)
            info = InformationSet.of(self.game, self.game_state, seat, self._rng.getrandbits(62))
            action = self._bots[seat].choose(self.game.view(self.game_state, seat), legal, decision,
                                             info)
            self.game.apply(self.game_state, seat, action)
        self._legal = {}

    def _observation(self) -> dict[str, Any]:
        """The observation; makes the mask that :meth:`_info` and :meth:`action_masks`
        share (one mask per step)."""
        legal = self._legal or OVER
        self._mask = self.codec.mask(legal)
        out = {
            "observation": self.codec.observe(self.game_state, self.seat),
            "action_mask": self._mask,
        }
        if self.factoring is not None:
            out["block_mask"] = self.factoring.block_mask(legal)
        return out

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now as a bool array of the action space's size: the method
        sb3-contrib's ``MaskablePPO`` calls (its ``get_action_masks``; through
        ``env_method("action_masks")`` on a vector environment). Index 0 alone once the
        episode has ended.

        With the factored space: the block mask followed by the indices legal in some block
        (``blocks + width`` entries), the form sb3-contrib takes for a ``MultiDiscrete``
        space, which masks each component on its own; a pair drawn that way can still be
        illegal, so a learner of the factored space should mask the index by the block
        (:meth:`index_mask`)."""
        if self.factoring is None:
            return self._mask.view(np.bool_)
        legal = self._legal or OVER
        return np.concatenate([self.factoring.block_mask(legal),
                               self.factoring.any_index_mask(legal)]).view(np.bool_)

    def index_mask(self, block: int) -> Mask:
        """The legal indices inside ``block`` now (factored space), padded to its width."""
        if self.factoring is None:
            raise ValueError("index_mask needs action_space='factored'")
        return self.factoring.index_mask(self._mask, block)

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        chosen = self._legal.get(flat_index(self.factoring, action))
        if chosen is None:
            # as PettingZoo's TerminateIllegalWrapper: the episode ends, the learner loses
            self._legal = {}
            observation = self._observation()
            info = self._info()
            info["illegal"] = True
            return observation, -1.0, True, False, info
        self.game.apply(self.game_state, self.seat, chosen)
        self._play_others()
        outcome = self.game.outcome(self.game_state)
        observation = self._observation()
        info = self._info()
        reward = 0.0
        if outcome is not None:
            reward = rewards_of(outcome, self.reward_mode)[self.seat]
            info["outcome"] = outcome.to_json()
        return observation, reward, outcome is not None, False, info

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_view(self.game, self.game_state, self.seat)
