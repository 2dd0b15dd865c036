"""``evolutio dataset``: offline-RL rows read back with the shapes of the game's encoding."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from typer.testing import CliRunner

import evolutio.cli.dataset  # noqa: F401  (registers the command)
from evolutio.cli.app import app
from evolutio.rl.codec import Codec
from evolutio.rl.dataset import DatasetError, episode_rows, read_rows
from evolutio.sim.runner import batch_tasks, play_game

runner = CliRunner()


def check(path: Path, game: str, games: int) -> list[dict[str, object]]:
    codec = Codec(game, {})
    rows = []
    for row, observation, mask in read_rows(path):
        assert observation.shape == (codec.observation_size,)
        assert observation.dtype.name == "float32"
        assert mask.shape == (codec.action_size,) and mask.dtype.name == "int8"
        action = row["action"]
        assert isinstance(action, int) and mask[action] == 1  # legal under the mask
        assert int(mask.sum()) == len(row["legal"])
        rows.append(row)
    assert {row["episode"] for row in rows} == set(range(games))
    return rows


@pytest.mark.parametrize("game", ["toy", "darwin"])
def test_the_rows_read_back_have_the_encoding_s_shapes(game: str, tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    bots = "random" if game == "toy" else "greedy"
    result = runner.invoke(app, ["dataset", str(out), "--game", game, "--games", "2",
                                 "--bots", bots, "--workers", "1", "--seed", "3"])
    assert result.exit_code == 0, result.output
    rows = check(out, game, 2)
    assert f"{len(rows)} rows from 2 games" in result.output


def test_rewards_come_on_each_seat_s_last_row_and_sum_to_zero() -> None:
    task = batch_tasks("toy", {}, 5, 1, ["random", "random"])[0]
    rows = episode_rows(task)
    done = [row for row in rows if row["done"]]
    assert sorted(row["seat"] for row in done) == [0, 1]
    assert sum(row["reward"] for row in done) == 0
    assert all(row["reward"] == 0.0 for row in rows if not row["done"])
    # every decision of the game is a row (toy's actions all fit its action space)
    assert len(rows) == play_game(task).result["actions"]
    steps = [row["step"] for row in rows]
    assert steps == sorted(steps)


@pytest.mark.skipif(importlib.util.find_spec("pyarrow") is None, reason="needs pyarrow")
def test_parquet_rows_match_the_jsonl_rows(tmp_path: Path) -> None:
    for name in ("rows.jsonl", "rows.parquet"):
        result = runner.invoke(app, ["dataset", str(tmp_path / name), "--game", "toy",
                                     "--games", "2", "--workers", "1"])
        assert result.exit_code == 0, result.output
    jsonl = check(tmp_path / "rows.jsonl", "toy", 2)
    parquet = check(tmp_path / "rows.parquet", "toy", 2)
    assert [r["action"] for r in jsonl] == [r["action"] for r in parquet]


def test_unknown_formats_are_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["dataset", str(tmp_path / "rows.csv"), "--game", "toy"])
    assert result.exit_code == 2 and ".jsonl" in result.output
    with pytest.raises(DatasetError):
        list(read_rows(tmp_path / "rows.txt"))
