"""Every game as a PettingZoo AEC environment (agents ``player_0``...).

``observe(agent)`` returns ``{"observation": float32 vector, "action_mask": int8 vector}``;
the action space is a fixed ``Discrete`` per game and options (:class:`LegalDiscrete`, whose
``sample(mask)`` draws from the legal indices without scanning the mask). The seats of a
simultaneous choice are asked one after another (lowest seat first); the game hides a choice
made until the last one is in, so no observation shows it early. Rewards come at the end
only. An action outside the mask ends the game: -1 for the offender, 0 for the others (the
rule of PettingZoo's ``TerminateIllegalWrapper``, built in; the Parallel environment keeps
the same rule).
"""

from __future__ import annotations

import io
import json
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from evolutio.core.game import Action, Game, Outcome
from evolutio.rl.codec import Codec, Mask, Vector
from evolutio.rl.factored import action_space_of, check_mode, flat_index, observation_space_of

REWARDS = ("rank", "score")
#: seeds drawn by ``reset()`` without a seed stay below this bound.
SEED_BOUND = 1 << 31


def rewards_of(outcome: Outcome, mode: str) -> list[float]:
    """Final rewards per seat.

    ``rank``: +1 for first place, -1 for last, evenly between (three seats: +1, 0, -1);
    seats sharing places share the mean of them, so a two-seat tie gives 0 each.
    ``score``: the seat's score minus the best score among the other seats.
    """
    n = len(outcome.ranks)
    if mode == "score":
        scores = outcome.scores
        return [
            float(scores[s] - max(scores[o] for o in range(n) if o != s)) for s in range(n)
        ]
    out = []
    for rank in outcome.ranks:
        better = sum(1 for other in outcome.ranks if other < rank)
        tied = sum(1 for other in outcome.ranks if other == rank)
        place = better + (tied + 1) / 2
        out.append((n + 1 - 2 * place) / (n - 1))
    return out


def render_view(game: Game[Any], state: Any, seat: int | None) -> str:
    """A seat's view drawn by the game's terminal renderer (JSON without one)."""
    view = game.view(state, seat)
    terminal = game.terminal
    if terminal is None:
        return json.dumps(view, indent=1)
    from rich.console import Console

    buffer = io.StringIO()
    console = Console(file=buffer, width=110, color_system=None, force_terminal=False)
    players = [f"player_{i}" for i in range(state.num_players)]
    console.print(terminal.render(view, game.labels("en"), players))
    return buffer.getvalue()


def check_reward(mode: str) -> str:
    if mode not in REWARDS:
        raise ValueError(f"unknown reward {mode!r}; choose one of {', '.join(REWARDS)}")
    return mode


class raw_env(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """A game as an AEC environment. ``game`` is a registered name; ``reward`` is ``rank``
    or ``score``; every other keyword is a game option (``players=3``, ...)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi"], "name": "evolutio_v0", "is_parallelizable": False
    }

    def __init__(
        self,
        game: str | Game[Any] = "evolution",
        reward: str = "rank",
        render_mode: str | None = None,
        action_space: str = "flat",
        **options: Any,
    ) -> None:
        super().__init__()
        self.codec = Codec(game, options)
        self.game = self.codec.game
        self.reward_mode = check_reward(reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"evolutio_{self.game.name}_v0"}
        players = self.game.new(self.codec.options, 0).num_players
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agent_seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        #: ``flat`` or ``factored`` (evolutio.rl.factored); the factoring of the latter
        self.action_mode = check_mode(action_space)
        spaces_made = [action_space_of(self.codec, self.action_mode)
                       for _ in self.possible_agents]
        self.factoring = spaces_made[0][1]
        obs_space = observation_space_of(self.codec, self.factoring)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {agent: space for agent, (space, _) in
                              zip(self.possible_agents, spaces_made, strict=True)}
        #: the game being played (PettingZoo's AECEnv keeps `state()` for a global view)
        self.game_state: Any = None
        self.game_seed = 0
        self._legal: dict[int, Action] = {}
        self._legal_seat = -1
        self._rng = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the episode ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
        self.game_seed = self._rng.randrange(SEED_BOUND)
        self.game_state = self.game.new(self.codec.options, self.game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        """Point ``agent_selection`` at the next seat to choose (or end the game)."""
        decision = self.game.decision(self.game_state)
        if decision is None:
            outcome = self.game.outcome(self.game_state)
            assert outcome is not None
            for seat, value in enumerate(rewards_of(outcome, self.reward_mode)):
                agent = self.possible_agents[seat]
                self.rewards[agent] = value
                self.infos[agent] = {"outcome": outcome.to_json()}
            self.terminations = dict.fromkeys(self.agents, True)
            self._legal, self._legal_seat = {}, -1
            return
        seat = decision.seats[0]
        self.agent_selection = self.possible_agents[seat]
        self._legal = self.codec.legal(self.game_state, seat)
        self._legal_seat = seat
        if not self._legal:
            raise RuntimeError(
                f"seat {seat} must choose ({decision.kind}) but none of its legal actions "
                "fits the encoding's fixed space"
            )

    def observe(self, agent: str) -> dict[str, Vector | Mask]:
        seat = self.agent_seat[agent]
        legal = self._legal if seat == self._legal_seat else {}
        out: dict[str, Vector | Mask] = {
            "observation": self.codec.observe(self.game_state, seat),
            "action_mask": self.codec.mask(legal),
        }
        if self.factoring is not None:
            out["block_mask"] = self.factoring.block_mask(legal)
        return out

    def legal_actions(self) -> dict[int, Action]:
        """The selected agent's legal actions by index (for bots and debugging)."""
        return dict(self._legal)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self._legal.get(flat_index(self.factoring, action))
        if chosen is None:
            self._end_illegal(agent, action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(self.game_state, self.agent_seat[agent], chosen)
        self._select()
        if self.terminations[agent]:
            # rewards come only at the end: the bookkeeping runs once per game
            self._accumulate_rewards()

    def _end_illegal(self, agent: str, action: object) -> None:
        """An action outside the mask: the game ends, -1 for ``agent`` and 0 for the others
        (``info["illegal"]`` marks the offender)."""
        self._cumulative_rewards[agent] = 0.0
        for other in self.agents:
            self.rewards[other] = -1.0 if other == agent else 0.0
        self.infos[agent] = {"illegal": True, "action": action}
        self.terminations = dict.fromkeys(self.agents, True)
        self._legal, self._legal_seat = {}, -1
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self._legal_seat if self._legal_seat >= 0 else None
        return render_view(self.game, self.game_state, seat)

    def close(self) -> None:
        self.game_state = None


class checked_env(raw_env):
    """``raw_env`` with the checks of PettingZoo's ``OrderEnforcingWrapper`` and
    ``AssertOutOfBoundsWrapper`` built in: ``step``, ``observe`` and ``agent_iter`` before
    ``reset`` are errors, a step after the game has ended only warns, and an action outside
    the space asserts. One object rather than three wrapper layers, whose attribute
    forwarding cost a quarter of a step."""

    _has_reset = False

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._has_reset = True
        super().reset(seed=seed, options=options)

    def observe(self, agent: str) -> dict[str, Vector | Mask]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return super().observe(agent)

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        if action is not None:
            space = self.action_spaces[self.agent_selection]
            assert space.contains(np.asarray(action, dtype=np.int64).reshape(space.shape)), (
                f"action {action} is out of range")
        super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return super().agent_iter(max_iter)

    def render(self) -> str | None:
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        return super().render()


def env(game: str | Game[Any] = "evolution", **kwargs: Any) -> Any:
    """The AEC environment with the checks of PettingZoo's usual wrappers built in
    (:class:`checked_env`): an illegal action ends the game with -1 for the offender,
    out-of-range actions assert, calls must come in order."""
    return checked_env(game, **kwargs)
