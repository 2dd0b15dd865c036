"""The Gymnasium single-seat environment and the reward modes."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from evolutio.core.game import Outcome  # noqa: E402
from evolutio.rl import SingleAgentEnv, rewards_of  # noqa: E402


def test_rank_rewards_run_from_plus_one_to_minus_one() -> None:
    assert rewards_of(Outcome((30, 10), (1, 2)), "rank") == [1.0, -1.0]
    assert rewards_of(Outcome((5, 9, 7), (3, 1, 2)), "rank") == [-1.0, 1.0, 0.0]
    assert rewards_of(Outcome((5, 5), (1, 1)), "rank") == [0.0, 0.0]
    # two seats sharing first place of three share the mean of +1 and 0
    assert rewards_of(Outcome((8, 8, 1), (1, 1, 3)), "rank") == [0.5, 0.5, -1.0]


def test_score_rewards_are_the_margin_over_the_best_other_seat() -> None:
    assert rewards_of(Outcome((30, 10, 25), (1, 3, 2)), "score") == [5.0, -20.0, -5.0]


def test_gymnasium_checker_passes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(SingleAgentEnv("toy", opponents="random", players=3), skip_render_check=True)


@pytest.mark.parametrize(("game", "opponents"), [("evolution", "greedy"),
                                                  ("northstar", ["random", "greedy"]),
                                                  ("darwin", "random")])
def test_an_episode_against_bots_ends_with_the_outcome(game: str, opponents: object) -> None:
    players = 2 if isinstance(opponents, str) else 3
    env = SingleAgentEnv(game, opponents=opponents, seat=1, players=players)  # type: ignore[arg-type]
    env.action_space.seed(4)
    observation, info = env.reset(seed=4)
    assert np.array_equal(observation["action_mask"], info["action_mask"])
    done, reward, steps = False, 0.0, 0
    while not done:
        action = env.action_space.sample(observation["action_mask"])
        observation, reward, done, truncated, info = env.step(action)
        assert not truncated
        steps += 1
    assert "outcome" in info and steps > 0
    ranks = info["outcome"]["ranks"]
    assert reward == rewards_of(Outcome(tuple(info["outcome"]["scores"]), tuple(ranks)),
                                "rank")[1]


def test_an_illegal_action_ends_the_episode_with_minus_one() -> None:
    env = SingleAgentEnv("toy", players=2)
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal"]) == (-1.0, True, True)


def test_bad_opponents_are_refused_at_creation() -> None:
    with pytest.raises(ValueError, match="unknown bot 'champion'"):
        SingleAgentEnv("toy", opponents="champion")
    with pytest.raises(ValueError, match="give one opponent spec or 2"):
        SingleAgentEnv("toy", opponents=["random"], players=3)
    with pytest.raises(ValueError, match="seat must be 0 to 1"):
        SingleAgentEnv("toy", seat=2)
