"""``evolutio dataset``: offline-RL rows read back with the shapes of the game's encoding."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

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


#: the Parquet columns' types: the JSON rows' types, numbers in 64 bits.
PARQUET_TYPES = {
    "episode": "int64", "step": "int64", "seat": "int64", "observation": "list<double>",
    "legal": "list<int64>", "action": "int64", "action_size": "int64", "reward": "double",
    "done": "bool",
}


def _type(kind: Any) -> str:
    """An Arrow type's name, a list's without the name of its items (which pyarrow versions
    spell differently)."""
    value = getattr(kind, "value_type", None)
    return f"list<{value}>" if value is not None else str(kind)


@pytest.mark.skipif(importlib.util.find_spec("pyarrow") is None,
                    reason="pyarrow is not installed (the dev extra installs it); Parquet "
                    "files cannot be written without it")
def test_parquet_rows_equal_the_jsonl_rows(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    for name in ("rows.jsonl", "rows.parquet"):
        result = runner.invoke(app, ["dataset", str(tmp_path / name), "--game", "toy",
                                     "--games", "3", "--workers", "1", "--seed", "4"])
        assert result.exit_code == 0, result.output
    lines = (tmp_path / "rows.jsonl").read_text(encoding="utf-8").splitlines()
    jsonl = [json.loads(line) for line in lines]
    table = pq.read_table(str(tmp_path / "rows.parquet"))
    # the same columns in the same order, the same rows, each cell of the same Python type
    assert table.column_names == list(jsonl[0]) == list(PARQUET_TYPES)
    assert {f.name: _type(f.type) for f in table.schema} == PARQUET_TYPES
    assert table.num_rows == len(jsonl) > 0
    parquet = table.to_pylist()
    assert parquet == jsonl
    for a, b in zip(parquet, jsonl, strict=True):
        assert {k: type(v) for k, v in a.items()} == {k: type(v) for k, v in b.items()}
    # read back as arrays: the same observations (float32) and masks (int8)
    check(tmp_path / "rows.parquet", "toy", 3)
    for (_, obs_p, mask_p), (_, obs_j, mask_j) in zip(
        read_rows(tmp_path / "rows.parquet"), read_rows(tmp_path / "rows.jsonl"), strict=True
    ):
        assert obs_p.dtype == obs_j.dtype and (obs_p == obs_j).all()
        assert mask_p.dtype == mask_j.dtype and (mask_p == mask_j).all()


def test_parquet_without_pyarrow_is_refused_with_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if it were not installed
    result = runner.invoke(app, ["dataset", str(tmp_path / "rows.parquet"), "--game", "toy"])
    assert result.exit_code == 2 and "pip install pyarrow" in result.output
    assert not (tmp_path / "rows.parquet").exists()


def test_unknown_formats_are_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["dataset", str(tmp_path / "rows.csv"), "--game", "toy"])
    assert result.exit_code == 2 and ".jsonl" in result.output
    with pytest.raises(DatasetError):
        list(read_rows(tmp_path / "rows.txt"))
