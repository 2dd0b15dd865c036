"""The linear policy: saved and loaded, and played by the ``policy:FILE`` bot."""

from __future__ import annotations

from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from evolutio.bots.base import BotError  # noqa: E402
from evolutio.bots.levels import check_spec, make_bot  # noqa: E402
from evolutio.rl import Codec  # noqa: E402
from evolutio.rl.policy import LinearPolicy  # noqa: E402
from evolutio.sim.runner import GameTask, play_game  # noqa: E402


def saved(tmp_path: Path, game: str, **options: object) -> Path:
    policy = LinearPolicy(Codec(game, options))
    policy.bias[:] = np.random.default_rng(1).normal(size=policy.bias.shape)
    path = tmp_path / "Policy.npz"
    policy.save(path)
    return path


def test_save_and_load_keep_the_parameters(tmp_path: Path) -> None:
    path = saved(tmp_path, "toy", players=3)
    loaded = LinearPolicy.load(path)
    assert loaded.codec.game.name == "toy" and loaded.codec.options["players"] == 3
    original = LinearPolicy.load(path)
    assert np.array_equal(loaded.bias, original.bias)
    legal = np.array([0, 1, 2])
    chances = loaded.probabilities(np.zeros(loaded.codec.observation_size, np.float32), legal)
    assert chances.sum() == pytest.approx(1.0) and (chances > 0).all()


@pytest.mark.parametrize("game", ["toy", "evolution"])
def test_the_policy_bot_plays_whole_games(tmp_path: Path, game: str) -> None:
    path = saved(tmp_path, game, players=2)
    for seed in range(3):
        result = play_game(GameTask(seed, game, {"players": 2}, seed,
                                    (f"policy:{path}", "random"))).result
        assert result["error"] is None
        assert result["ranks"] is not None


def test_specs_keep_the_file_name_and_refuse_bad_files(tmp_path: Path) -> None:
    path = saved(tmp_path, "toy", players=2)
    assert check_spec(f"Policy: {path}", "toy") == f"policy:{path}"
    with pytest.raises(BotError, match="trained for 'toy', not 'evolution'"):
        make_bot(f"policy:{path}", 0, "evolution")
    with pytest.raises(BotError, match="cannot read the policy file"):
        make_bot(f"policy:{tmp_path / 'missing.npz'}", 0, "toy")


def test_options_other_than_the_training_ones_are_refused(tmp_path: Path) -> None:
    path = saved(tmp_path, "toy", players=2)
    result = play_game(GameTask(0, "toy", {"players": 3}, 0,
                                (f"policy:{path}", "random", "random"))).result
    assert "trained with options" in str(result["error"])
