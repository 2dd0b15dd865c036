"""The factored action space: the mapping to and from flat indices, the masks per component,
sampling under them, and PettingZoo's and Gymnasium's checks in that mode, for every game."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test  # noqa: E402

import evolutio.rl as rl  # noqa: E402
from evolutio.core.registry import available_games  # noqa: E402
from evolutio.rl.factored import FactoredSpace, Factoring  # noqa: E402

GAMES = available_games()


@pytest.mark.parametrize("game", GAMES)
def test_every_flat_index_maps_to_one_factored_action_and_back(game: str) -> None:
    factoring = Factoring(rl.Codec(game, {}).action_layout)
    size = int(factoring.sizes.sum())
    seen: set[tuple[int, int]] = set()
    for index in range(size):
        pair = factoring.split(index)
        assert factoring.join(pair) == index
        seen.add(pair)
    assert len(seen) == size
    # pairs beyond a block's size, or outside the space, are no action
    short = int(np.argmin(factoring.sizes))
    assert factoring.sizes[short] < factoring.width
    assert factoring.join((short, int(factoring.sizes[short]))) == -1
    assert factoring.join((factoring.blocks, 0)) == -1
    assert factoring.join((0, -1)) == -1
    assert factoring.join((0,)) == -1


@pytest.mark.parametrize("game", GAMES)
def test_legal_actions_of_played_games_map_and_masks_agree(game: str) -> None:
    env = rl.raw_env(game, action_space="factored")
    factoring = env.factoring
    assert factoring is not None
    space = env.action_space(env.possible_agents[0])
    assert isinstance(space, FactoredSpace)
    space.seed(3)
    env.reset(seed=5)
    steps = 0
    while env.agents and steps < 300:
        agent = env.agent_selection
        obs = env.observe(agent)
        if env.terminations[agent]:
            env.step(None)
            continue
        legal = env.legal_actions()
        mask, blocks = obs["action_mask"], obs["block_mask"]
        assert set(np.flatnonzero(mask)) == set(legal)
        assert set(np.flatnonzero(blocks)) == {factoring.split(i)[0] for i in legal}
        for index in legal:
            block, offset = factoring.split(index)
            assert factoring.join((block, offset)) == index
            assert factoring.index_mask(mask, block)[offset] == 1
        for block in np.flatnonzero(blocks):
            inside = factoring.index_mask(mask, int(block))
            assert {int(factoring.starts[block]) + o for o in np.flatnonzero(inside)} <= set(legal)
        # sampling: the flat mask, and the block mask then the index mask given the block
        drawn = space.sample(mask)
        assert factoring.join(drawn) in legal
        block = int(space.np_random.choice(np.flatnonzero(blocks)))
        offset = int(space.np_random.choice(np.flatnonzero(factoring.index_mask(mask, block))))
        assert factoring.join((block, offset)) in legal
        env.step(drawn)
        steps += 1
    assert steps >= 5


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_tests_pass_factored(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(rl.env(game, action_space="factored"), num_cycles=200)
        parallel_api_test(rl.parallel_env(game, action_space="factored"), num_cycles=200)


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_checker_passes_factored(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(rl.SingleAgentEnv(game, action_space="factored"), skip_render_check=True)


def test_single_agent_masks_and_an_illegal_pair() -> None:
    env = rl.SingleAgentEnv("evolution", opponents="random", action_space="factored")
    obs, _ = env.reset(seed=2)
    factoring = env.factoring
    assert factoring is not None
    assert env.action_space.shape == (2,)
    masks = env.action_masks()
    assert masks.shape == (factoring.blocks + factoring.width,)
    assert (masks[:factoring.blocks] == obs["block_mask"].astype(bool)).all()
    block = int(np.flatnonzero(obs["block_mask"])[0])
    offset = int(np.flatnonzero(env.index_mask(block))[0])
    obs, reward, done, _, info = env.step(np.array([block, offset]))
    assert "illegal" not in info
    # a pair whose index lies beyond its block's size ends the episode with -1
    short = int(np.argmin(factoring.sizes))
    _, reward, done, _, info = env.step(np.array([short, factoring.width - 1]))
    assert (reward, done, info.get("illegal")) == (-1.0, True, True)


def test_an_unknown_action_space_is_refused() -> None:
    with pytest.raises(ValueError, match="factored"):
        rl.env("toy", action_space="tree")
