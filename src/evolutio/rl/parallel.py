"""Every game as a PettingZoo Parallel environment.

Each ``step`` takes the actions of the seats deciding now: one seat on a turn (the seat
whose turn it is in a turn open to others' side actions, ``Decision.open``), every seat
still to choose in a simultaneous decision (the toy game's bid, North Star's food cards),
which are applied together, in seat order. Agents not deciding see an all-zero mask and
their actions are ignored. Rewards come at the end, as in the AEC version, and illegal
actions follow the AEC version's rule: a deciding agent's action outside its mask ends the
game, -1 for each offender and 0 for the others (``info["illegal"]`` marks an offender), so
that PettingZoo's ``parallel_seed_test``, which draws unmasked actions, runs.
"""

from __future__ import annotations

import random
from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from evolutio.core.game import Action, Game
from evolutio.rl.aec import SEED_BOUND, check_reward, render_view, rewards_of
from evolutio.rl.codec import Codec
from evolutio.rl.factored import action_space_of, check_mode, flat_index, observation_space_of


class parallel_env(ParallelEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """A game as a Parallel environment; the keywords are those of ``raw_env``."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi"], "name": "evolutio_parallel_v0"
    }

    def __init__(
        self,
        game: str | Game[Any] = "evolution",
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
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents: list[str] = []
        #: ``flat`` or ``factored`` (evolutio.rl.factored); the factoring of the latter
        self.action_mode = check_mode(action_space)
        spaces_made = [action_space_of(self.codec, self.action_mode)
                       for _ in self.possible_agents]
        self.factoring = spaces_made[0][1]
        obs_space = observation_space_of(self.codec, self.factoring)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {agent: space for agent, (space, _) in
                              zip(self.possible_agents, spaces_made, strict=True)}
        self.game_state: Any = None
        self._legal: dict[int, dict[int, Action]] = {}
        self._rng = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _observations(self) -> dict[str, dict[str, Any]]:
        decision = self.game.decision(self.game_state)
        seats = decision.seats if decision is not None else ()
        if decision is not None and not decision.simultaneous:
            # a turn open to others' side actions is played one seat at a time: its turn's
            seats = seats[:1]
        self._legal = {seat: self.codec.legal(self.game_state, seat) for seat in seats}
        return {agent: self._observe(seat) for seat, agent in enumerate(self.possible_agents)}

    def _observe(self, seat: int) -> dict[str, Any]:
        legal = self._legal.get(seat, {})
        out = {
            "observation": self.codec.observe(self.game_state, seat),
            "action_mask": self.codec.mask(legal),
        }
        if self.factoring is not None:
            out["block_mask"] = self.factoring.block_mask(legal)
        return out

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        if seed is not None:
            self._rng.seed(seed)
        self.game_state = self.game.new(self.codec.options, self._rng.randrange(SEED_BOUND))
        self.agents = self.possible_agents[:]
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[
        dict[str, dict[str, Any]], dict[str, float], dict[str, bool], dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        chosen: list[tuple[int, Action]] = []
        offenders: list[str] = []
        for seat, legal in sorted(self._legal.items()):
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise ValueError(f"{agent} must choose now but has no action in this step")
            action = legal.get(flat_index(self.factoring, actions[agent]))
            if action is None:
                offenders.append(agent)
            else:
                chosen.append((seat, action))
        if offenders:
            return self._end_illegal(offenders, actions)
        for seat, action in chosen:
            self.game.apply(self.game_state, seat, action)
        observations = self._observations()
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        outcome = self.game.outcome(self.game_state) if not self._legal else None
        over = outcome is not None
        if outcome is not None:
            for seat, value in enumerate(rewards_of(outcome, self.reward_mode)):
                rewards[self.possible_agents[seat]] = value
                infos[self.possible_agents[seat]] = {"outcome": outcome.to_json()}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _end_illegal(self, offenders: list[str], actions: dict[str, int]) -> tuple[
        dict[str, dict[str, Any]], dict[str, float], dict[str, bool], dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """The step that ends the game for actions outside the mask: nothing is applied,
        -1 for each offender, 0 for the others; every mask is then all zeros."""
        self._legal = {}
        observations = {agent: self._observe(seat)
                        for seat, agent in enumerate(self.possible_agents)}
        rewards = {agent: -1.0 if agent in offenders else 0.0 for agent in self.agents}
        infos: dict[str, dict[str, Any]] = {
            agent: {"illegal": True, "action": actions[agent]} if agent in offenders else {}
            for agent in self.agents
        }
        terminations = dict.fromkeys(self.agents, True)
        truncations = dict.fromkeys(self.agents, False)
        self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_view(self.game, self.game_state, None)

    def close(self) -> None:
        self.game_state = None
