"""The research API as outside libraries use it: sb3-contrib's mask contract, Gymnasium's
vector environments, PettingZoo's seed test, one illegal-action rule and fast mask sampling."""

from __future__ import annotations

import copy
import pickle
import warnings
from collections import Counter
from functools import partial
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium as gym
from pettingzoo.test import parallel_seed_test

import evolutio.rl as rl
from evolutio.core.registry import available_games
from evolutio.rl.codec import LegalDiscrete


def _legal_choice(mask: np.ndarray, rng: np.random.Generator) -> int:
    """A uniform index under ``mask``; fails on an all-zero mask, as a learner's would."""
    legal = mask.nonzero()[0]
    assert len(legal), "a mask with nothing to choose"
    return int(legal[rng.integers(len(legal))])


def test_action_masks_keep_maskable_ppo_s_contract() -> None:
    """sb3-contrib's ``get_action_masks(env)`` calls ``env.action_masks()`` and expects a
    bool numpy array of the action space's size, one entry per action."""
    env = rl.SingleAgentEnv("evolution", players=2)
    observation, _ = env.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(40):
        masks = env.action_masks()
        assert isinstance(masks, np.ndarray)
        assert masks.dtype == np.bool_
        assert masks.shape == (env.codec.action_size,)
        assert np.array_equal(masks, observation["action_mask"].astype(bool))
        assert set(masks.nonzero()[0]) == set(env.codec.legal(env.game_state, env.seat))
        observation, _, done, _, _ = env.step(_legal_choice(observation["action_mask"], rng))
        if done:
            break


def test_a_vector_env_survives_autoreset_with_masked_sampling() -> None:
    """Gymnasium's default autoreset steps an ended environment once more (the action is
    ignored); the terminal observation's mask must still offer something to draw."""
    envs = gym.vector.SyncVectorEnv([partial(rl.SingleAgentEnv, "toy") for _ in range(3)])
    observations, _ = envs.reset(seed=7)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(400):
        masks = envs.call("action_masks")
        assert all(mask.any() for mask in masks)
        assert np.array_equal(np.stack(masks), observations["action_mask"].astype(bool))
        actions = np.array([_legal_choice(mask, rng) for mask in observations["action_mask"]])
        observations, _, terminated, _, infos = envs.step(actions)
        assert "illegal" not in infos
        ended += int(terminated.sum())
    assert ended >= 10


def test_same_step_autoreset_keeps_the_final_observation_in_the_info() -> None:
    envs = gym.vector.SyncVectorEnv(
        [partial(rl.SingleAgentEnv, "toy") for _ in range(2)],
        autoreset_mode=gym.vector.AutoresetMode.SAME_STEP,
    )
    observations, _ = envs.reset(seed=2)
    rng = np.random.default_rng(2)
    finals = 0
    for _ in range(200):
        actions = np.array([_legal_choice(mask, rng) for mask in observations["action_mask"]])
        observations, _, terminated, _, infos = envs.step(actions)
        for index in terminated.nonzero()[0]:
            final = infos["final_obs"][index]
            assert final["action_mask"].any()
            assert "outcome" in infos["final_info"]
            finals += 1
    assert finals >= 5


def test_a_finished_episode_masks_only_the_placeholder() -> None:
    env = rl.SingleAgentEnv("toy")
    observation, _ = env.reset(seed=0)
    observation, reward, done, _, info = env.step(
        int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert done and reward == -1.0 and info["illegal"]
    assert list(observation["action_mask"].nonzero()[0]) == [0]
    assert list(env.action_masks().nonzero()[0]) == [0]


@pytest.mark.parametrize("game", available_games())
def test_parallel_seed_test_passes(game: str) -> None:
    """PettingZoo's test draws actions without the mask, for every agent."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        parallel_seed_test(partial(rl.parallel_env, game), num_cycles=50)


def test_masked_parallel_games_are_deterministic_for_a_seed() -> None:
    runs = []
    for _ in range(2):
        env = rl.parallel_env("toy", players=3)
        observations, _ = env.reset(seed=11)
        for agent in env.possible_agents:
            env.action_space(agent).seed(5)
        trace = []
        while env.agents:
            actions = {
                agent: int(env.action_space(agent).sample(observations[agent]["action_mask"]))
                for agent in env.agents
            }
            observations, rewards, _, _, _ = env.step(actions)
            trace.append((tuple(sorted(actions.items())), tuple(sorted(rewards.items()))))
        runs.append(trace)
    assert runs[0] == runs[1]
    assert len(runs[0]) > 5


def _illegal(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask == 0)[0])


def test_aec_and_parallel_end_the_game_alike_on_an_illegal_action() -> None:
    aec = rl.env("evolution", players=3)
    aec.reset(seed=4)
    agent = aec.agent_selection
    aec.step(_illegal(aec.observe(agent)["action_mask"]))
    assert all(aec.terminations.values())
    aec_rewards = dict(aec._cumulative_rewards)
    assert aec.infos[agent]["illegal"]

    par = rl.parallel_env("evolution", players=3)
    observations, _ = par.reset(seed=4)
    deciding = [a for a in par.agents if observations[a]["action_mask"].any()]
    actions = {a: 0 for a in par.agents}
    actions[deciding[0]] = _illegal(observations[deciding[0]]["action_mask"])
    _, rewards, terminations, _, infos = par.step(actions)
    assert all(terminations.values()) and par.agents == []
    assert infos[deciding[0]]["illegal"]
    assert deciding[0] == agent
    assert rewards == aec_rewards == {a: (-1.0 if a == agent else 0.0) for a in rewards}


def test_legal_discrete_draws_uniformly_from_the_legal_indices() -> None:
    env = rl.raw_env("evolution", players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    space = env.action_space(agent)
    assert isinstance(space, LegalDiscrete)
    space.seed(3)
    draws = Counter(int(space.sample(mask)) for _ in range(3000))
    legal = set(mask.nonzero()[0].tolist())
    assert set(draws) == legal
    expected = 3000 / len(legal)
    assert all(abs(count - expected) < 5 * expected ** 0.5 for count in draws.values())
    space.seed(3)
    again = [int(space.sample(mask)) for _ in range(20)]
    space.seed(3)
    assert again == [int(space.sample(mask)) for _ in range(20)]


def test_legal_discrete_honours_a_changed_or_foreign_mask() -> None:
    env = rl.raw_env("evolution", players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    space = env.action_space(agent)
    keep = int(mask.nonzero()[0][-1])
    mask[:] = 0
    mask[keep] = 1  # entries cleared after the environment made it
    assert {int(space.sample(mask)) for _ in range(50)} == {keep}
    foreign = np.zeros(env.codec.action_size, dtype=np.int8)
    foreign[[3, 5]] = 1
    assert {int(space.sample(foreign)) for _ in range(50)} == {3, 5}


@pytest.mark.parametrize("clone", [copy.deepcopy, lambda env: pickle.loads(pickle.dumps(env))])
def test_an_env_s_state_is_saved_by_copying_it(clone: Any) -> None:
    """A copy (deep copy or pickle) mid-game plays on exactly as the original."""
    env = rl.SingleAgentEnv("evolution", opponents="random", players=2)
    observation, _ = env.reset(seed=9)
    rng = np.random.default_rng(4)
    for _ in range(10):
        observation, *_ = env.step(_legal_choice(observation["action_mask"], rng))
    saved = clone(env)
    rngs = [np.random.default_rng(8), np.random.default_rng(8)]
    observations = [observation, observation]
    for _ in range(30):
        results = [each.step(_legal_choice(observations[i]["action_mask"], rngs[i]))
                   for i, each in enumerate((env, saved))]
        observations = [results[0][0], results[1][0]]
        assert np.array_equal(observations[0]["observation"], observations[1]["observation"])
        assert results[0][1:3] == results[1][1:3]
        if results[0][2]:
            break
