"""PettingZoo's own API tests on every registered game, over a spread of options."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, parallel_api_test

import evolutio.rl as rl
from evolutio.core.registry import available_games, get_game

#: options per game: the default and a spread of seat counts, sets and variants.
SPREAD: dict[str, list[dict[str, Any]]] = {
    "toy": [{}, {"players": 4, "tricks": 2}],
    "evolution": [
        {},
        {"players": 3, "expansions": ["base", "time_to_fly"]},
        {"players": 4, "expansions": ["base", "continents", "gift"]},
        {"players": 2, "expansions": ["base", "ice_age"], "half_deck": True, "edition": 2},
        {"expansions": ["base", "plants"]},
    ],
    "northstar": [{}, {"players": 4}, {"players": 6, "deck": "northstar"}],
    "darwin": [{}, {"players": 2}, {"players": 4, "variant": "cooperative"},
               {"players": 3, "variant": "beginner"}, {"players": 4, "variant": "children"}],
}
CASES = [(game, options) for game in available_games() for options in SPREAD.get(game, [{}])]


def test_every_registered_game_is_covered() -> None:
    assert set(available_games()) <= set(SPREAD), "add the new game's options to SPREAD"


@pytest.mark.parametrize(("game", "options"), CASES)
def test_aec_api(game: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(rl.env(game, **options), num_cycles=400)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_parallel_api(game: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        parallel_api_test(rl.parallel_env(game, **options), num_cycles=400)


def test_a_game_without_encoding_is_refused_by_name() -> None:
    class Bare:
        """A game object that declares no encoding (the attribute is optional)."""

        name = "bare"

        def __getattr__(self, item: str) -> Any:
            return getattr(get_game("toy"), item) if item != "encoding" else None

    with pytest.raises(rl.NoEncodingError, match="'bare' has no encoding"):
        rl.raw_env(Bare())


def test_bad_reward_and_render_mode_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown reward 'win'"):
        rl.raw_env("toy", reward="win")
    with pytest.raises(ValueError, match="render_mode"):
        rl.parallel_env("toy", render_mode="human")


def test_simultaneous_bids_are_asked_in_turn_and_stay_hidden() -> None:
    env = rl.raw_env("toy", players=3)
    env.reset(seed=5)
    assert env.agent_selection == "player_0"
    before = env.observe("player_1")["observation"].copy()
    mask = env.observe("player_0")["action_mask"]
    env.step(int(mask.nonzero()[0][-1]))  # player_0 bids the most
    assert env.agent_selection == "player_1"
    after = env.observe("player_1")["observation"]
    layout = env.codec.observation_layout
    seats = layout["seats"]
    # player_1 learns that player_0 has bid (a public fact), not the amount
    changed = set((after != before).nonzero()[0].tolist())
    assert changed, "the bid made must show as made"
    for index in changed:
        assert index >= seats
    assert env.observe("player_0")["action_mask"].sum() == 0


def test_one_episode_ends_with_rank_rewards_summing_to_zero() -> None:
    env = rl.env("northstar", players=3)
    env.reset(seed=2)
    for agent in env.possible_agents:
        env.action_space(agent).seed(7)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        total[agent] += reward
        if termination or truncation:
            env.step(None)
        else:
            env.step(env.action_space(agent).sample(observation["action_mask"]))
    assert sum(total.values()) == pytest.approx(0.0)
    assert max(total.values()) > 0


def test_render_ansi_draws_the_table_with_the_terminal_renderer() -> None:
    env = rl.raw_env("evolution", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    assert "player_0" in text
