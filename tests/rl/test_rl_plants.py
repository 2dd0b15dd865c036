"""Evolution with the Plants set in the research API (plants_encoding.py): every legal action
has an index of its own in the layout, the environments' masks mark exactly the legal ones,
the observation shows the plants, and without the set nothing changed."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import evolutio.rl as rl  # noqa: E402
from evolutio.games.evolution.growth import add_plant  # noqa: E402
from evolutio.games.evolution.plants import Forage, Parasitize  # noqa: E402
from evolutio.games.evolution.plants_encoding import (  # noqa: E402
    action_indices,
    max_plants,
    plant_features,
)
from evolutio.rl.codec import Codec  # noqa: E402

PLANTS = ["base", "plants"]
PLANT_BLOCKS = ["plant_trait", "plant_pair", "forage", "shelter", "parasitize", "plant_attack"]


def same_choice(codec: Codec, state: Any, seat: int, a: Any, b: Any) -> bool:
    """Two actions are the same choice when the acting seat cannot tell the results apart."""
    first, second = state.clone(), state.clone()
    codec.game.apply(first, seat, a)
    codec.game.apply(second, seat, b)
    return bool(np.array_equal(codec.observe(first, seat), codec.observe(second, seat)))


@pytest.mark.parametrize("players", [2, 4])
def test_every_legal_action_has_its_own_index_and_the_mask_marks_them(players: int) -> None:
    kinds: set[str] = set()
    foraged = 0
    for seed in range(4):
        found, taken = play(players, seed)
        kinds |= found
        foraged += taken
    assert set(PLANT_BLOCKS) <= kinds
    assert foraged > 0


def play(players: int, seed: int) -> tuple[set[str], int]:
    """A random game through the AEC environment, checking every decision: the action kinds
    met and the tokens seen taken from plants."""
    env = rl.raw_env("evolution", players=players, expansions=PLANTS)
    env.reset(seed=seed)
    codec = env.codec
    plants_at = codec.observation_layout["plants"]
    width = plant_features(players)
    rng = random.Random(seed)
    kinds: set[str] = set()
    foraged = 0
    for agent in env.agent_iter():
        observation, _, done, truncated, _ = env.last()
        if done or truncated:
            env.step(None)
            continue
        state, seat = env.game_state, env.agent_seat[agent]
        assert observation["observation"].shape == (codec.observation_size,)
        assert len(state.flora.plants) <= max_plants(players)
        actions = codec.game.legal_actions(state, seat)
        first: dict[int, Any] = {}
        for action, index in zip(actions, action_indices(state, seat, actions),
                                  strict=True):
            assert index is not None and 0 <= index < codec.action_size, action
            if index in first:  # two copies of one card kind: the same choice
                assert same_choice(codec, state, seat, first[index], action), (action, index)
            first.setdefault(index, action)
            kinds.add(action.type)
        assert set(np.flatnonzero(observation["action_mask"]).tolist()) == set(first)
        assert set(env.legal_actions()) == set(first)
        index = rng.choice(sorted(first))
        chosen = first[index]
        if isinstance(chosen, Forage) and state.flora.plants[chosen.plant].kind != "carnivorous":
            slot = list(state.flora.plants).index(chosen.plant)
            before = observation["observation"][plants_at + slot * width + 1]
            turn = state.turn
            env.step(index)
            if env.game_state.turn == turn:  # no growth phase in between
                after = codec.observe(env.game_state, seat)[plants_at + slot * width + 1]
                assert after == before - 1, "a token taken from a plant must show"
                foraged += 1
            continue
        env.step(index)
    return kinds, foraged


def test_the_single_agent_mask_marks_exactly_the_legal_actions() -> None:
    env = rl.SingleAgentEnv("evolution", opponents="random", seat=1, expansions=PLANTS)
    env.action_space.seed(3)
    observation, _ = env.reset(seed=3)
    codec, done, steps = env.codec, False, 0
    while not done:
        state = env.game_state
        legal = codec.game.legal_actions(state, 1)
        indices = set(action_indices(state, 1, legal))
        assert None not in indices
        assert set(np.flatnonzero(observation["action_mask"]).tolist()) == indices
        assert set(np.flatnonzero(env.action_masks()).tolist()) == indices
        observation, _, done, truncated, _ = env.step(
            env.action_space.sample(observation["action_mask"]))
        assert not truncated
        steps += 1
    assert steps > 10


def test_the_observation_shows_a_plant_s_tokens() -> None:
    codec = Codec("evolution", {"players": 2, "expansions": PLANTS})
    state = codec.game.new(codec.options, 5)
    before = codec.observe(state, 0)
    changed = state.clone()
    next(iter(changed.flora.plants.values())).food += 1
    after = codec.observe(changed, 0)
    tokens = codec.observation_layout["plants"] + 1  # slot 0's tokens
    assert np.flatnonzero(after != before).tolist() == [tokens]
    assert after[tokens] == before[tokens] + 1


def test_plants_beyond_the_cap_have_no_slot_and_are_counted() -> None:
    codec = Codec("evolution", {"players": 2, "expansions": PLANTS})
    state = codec.game.new(codec.options, 2)
    flora = state.flora
    assert max_plants(2) == 10  # data/plants.toml: six on the table, four Parasitic plants
    while len(flora.plants) <= max_plants(2):
        add_plant(state, flora, "grass", 0, None)
    first, extra = next(iter(flora.plants)), list(flora.plants)[-1]
    assert codec.encoding.action_index(state, 0, Parasitize(first)) is not None
    assert codec.encoding.action_index(state, 0, Parasitize(extra)) is None
    seen = codec.observe(state, 0)
    assert seen[codec.observation_layout["flora"] + 3] == 1  # one plant beyond the cap


@pytest.mark.parametrize("players", [2, 3])
def test_the_plants_layouts_extend_the_base_ones_which_stay_as_they_were(players: int) -> None:
    base = Codec("evolution", {"players": players})
    for options in ({"players": players, "expansions": ["base", "time_to_fly", "continents"]},
                    {"players": players, "expansions": ["base", "gift", "ice_age"]}):
        other = Codec("evolution", options)
        assert other.action_layout.rows() == base.action_layout.rows()
        assert other.observation_layout.rows() == base.observation_layout.rows()
    plants = Codec("evolution", {"players": players, "expansions": PLANTS})
    base_blocks = [row[2:4] for row in base.action_layout.rows()]
    plant_rows = plants.action_layout.rows()
    assert [row[2] for row in plant_rows[:len(base_blocks)]] == [b for b, _ in base_blocks]
    assert [row[2] for row in plant_rows[len(base_blocks):]] == PLANT_BLOCKS
    base_segments = [row[2] for row in base.observation_layout.rows()]
    plant_segments = [row[2] for row in plants.observation_layout.rows()]
    assert plant_segments == [*base_segments, "flora", "plants", "sheltered", "plant_faces"]
    assert plants.action_size > base.action_size


def test_with_continents_the_observation_shows_each_plant_s_location() -> None:
    # the segment exists only with Continents, after the Plants segments (layout above)
    plants = Codec("evolution", {"players": 2, "expansions": PLANTS})
    codec = Codec("evolution", {"players": 2, "expansions": [*PLANTS, "continents"]})
    segments = [row[2] for row in codec.observation_layout.rows()]
    assert segments == [row[2] for row in plants.observation_layout.rows()] + ["plant_places"]
    state = codec.game.new(codec.options, 3)
    places = [plant.location for plant in state.flora.plants.values()]
    assert places == ["laurasia", "gondwana", "laurasia"]  # the fewest plants first
    seen = codec.observe(state, 0)
    at = codec.observation_layout["plant_places"]
    assert seen[at:at + 6].tolist() == [1, 0, 0, 1, 1, 0]
    moved = state.clone()
    next(iter(moved.flora.plants.values())).location = "gondwana"
    assert codec.observe(moved, 0)[at:at + 2].tolist() == [0, 1]
