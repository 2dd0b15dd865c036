"""The MaskablePPO example's parts that need no torch: its environment, its mask function,
its games against bots, and its message when the ``train`` extra is missing."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "maskable_ppo.py"


@pytest.fixture
def example(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    spec = importlib.util.spec_from_file_location("maskable_ppo_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    return module


def test_the_environment_gives_vectors_and_the_mask_function_the_legal_actions(
    example: ModuleType,
) -> None:
    env = example.make_env("northstar", "random")
    observation, _ = env.reset(seed=3)
    assert observation.shape == env.observation_space.shape
    assert env.observation_space.contains(observation)
    for _ in range(20):
        mask = example.mask_fn(env)
        assert mask.dtype == np.bool_ and mask.shape == (env.action_space.n,)
        legal = env.unwrapped.codec.legal(env.unwrapped.game_state, env.unwrapped.seat)
        assert set(np.flatnonzero(mask)) == set(legal)
        observation, _, done, _, info = env.step(int(np.flatnonzero(mask)[0]))
        assert "illegal" not in info
        if done:
            break


def test_play_counts_every_game(example: ModuleType) -> None:
    env = example.make_env("toy", "random")
    results = example.play(env, lambda obs, mask: int(np.flatnonzero(mask)[0]), 5, seed=1)
    assert sum(results.values()) == 5


def test_a_missing_extra_is_named(
    example: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "sb3_contrib", None)  # import now raises ImportError
    with pytest.raises(SystemExit) as stop:
        example.main(["--steps", "1"])
    assert stop.value.code == 2
    assert "'train' extra" in capsys.readouterr().err
