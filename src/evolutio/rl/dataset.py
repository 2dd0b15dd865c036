"""Offline-RL datasets from bot games: one row per decision, ``(observation, mask, action,
reward)`` in the encoding of :mod:`evolutio.rl.codec` (``evolutio dataset``, docs/rl.md).

A row is the acting seat's observation before it acts (float32, ``observation_size``), its
legal indices (``legal``: the mask's ones, kept sparse since action spaces have tens of
thousands of indices; :func:`read_rows` gives the dense mask back), the index of the action
its bot chose, and the reward: 0, except on the seat's last row of the game (``done``), where
it is the seat's final reward (``rank`` or ``score``, as the environments give it). Rows come
game after game, each game's in play order, so a seat's next observation is its next row.
A decision whose chosen action the fixed action space cannot hold is left out.

Files: JSON lines (``.jsonl``), or Parquet (``.parquet``) where pyarrow is installed (it is
not a dependency). Games are played as ``evolutio simulate`` plays them, with the same seeds.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from evolutio.core.game import JSON, Action, Outcome
from evolutio.core.match import Match
from evolutio.rl.aec import check_reward, rewards_of
from evolutio.rl.codec import Codec, Mask, Vector
from evolutio.sim.runner import GameTask, play_game

FORMATS = (".jsonl", ".parquet")


class DatasetError(ValueError):
    """A dataset file that cannot be written or read; the message says why."""


def dataset_format(path: Path) -> str:
    """``.jsonl`` or ``.parquet`` from the file name (Parquet only with pyarrow installed)."""
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise DatasetError(f"{path}: use a name ending in .jsonl or .parquet")
    if suffix == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise DatasetError("Parquet files need pyarrow: pip install pyarrow") from None
    return suffix


def episode_rows(task: GameTask, reward: str = "rank") -> list[JSON]:
    """The rows of one game (see the module's docstring); a game that fails gives none."""
    codec = Codec(task.game, task.options)
    rows: list[JSON] = []

    def watch(match: Match, seat: int, action: Action) -> None:
        state = match.state
        index = codec.encoding.action_index(state, seat, action)
        if index is None:
            return
        legal = sorted(codec.legal(state, seat))
        rows.append({
            "episode": task.index,
            "step": match.version,
            "seat": seat,
            "observation": [round(float(x), 6) for x in codec.observe(state, seat)],
            "legal": legal,
            "action": int(index),
            "action_size": codec.action_size,
            "reward": 0.0,
            "done": False,
        })

    played = play_game(task, watch)
    if played.result.get("error") is not None or played.result.get("ranks") is None:
        return []
    ranks = played.result["ranks"]
    scores = played.result["scores"]
    final = rewards_of(Outcome(tuple(scores), tuple(ranks)), reward)
    last: dict[int, JSON] = {}
    for row in rows:
        last[row["seat"]] = row
    for seat, row in last.items():
        row["reward"] = final[seat]
        row["done"] = True
    return rows


def _episode(job: tuple[GameTask, str]) -> list[JSON]:
    return episode_rows(*job)


def iter_rows(
    tasks: Sequence[GameTask], reward: str = "rank", workers: int = 1
) -> Iterator[list[JSON]]:
    """Each game's rows in task order, played by ``workers`` local processes."""
    check_reward(reward)
    jobs = [(task, reward) for task in tasks]
    if workers <= 1 or len(tasks) <= 1:
        yield from map(_episode, jobs)
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with context.Pool(min(workers, len(tasks))) as pool:
        yield from pool.imap(_episode, jobs)


def write_dataset(path: Path, episodes: Iterator[list[JSON]]) -> int:
    """Write the rows of ``episodes`` to ``path`` (JSONL or Parquet); the number of rows."""
    fmt = dataset_format(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    if fmt == ".jsonl":
        with path.open("w", encoding="utf-8") as out:
            for rows in episodes:
                for row in rows:
                    out.write(json.dumps(row, separators=(",", ":")) + "\n")
                    count += 1
        return count
    import pyarrow as pa
    import pyarrow.parquet as pq

    writer: Any = None
    try:
        for rows in episodes:
            if not rows:
                continue
            table = pa.Table.from_pylist(rows)
            if writer is None:
                writer = pq.ParquetWriter(str(path), table.schema)
            writer.write_table(table)
            count += len(rows)
    finally:
        if writer is not None:
            writer.close()
    return count


def read_rows(path: Path) -> Iterator[tuple[JSON, Vector, Mask]]:
    """Each row of a dataset file with its observation (float32) and dense mask (int8)."""
    fmt = dataset_format(path)
    if fmt == ".jsonl":
        with path.open(encoding="utf-8") as file:
            raw: Iterator[JSON] = (json.loads(line) for line in file if line.strip())
            yield from (_dense(row) for row in raw)
        return
    import pyarrow.parquet as pq

    for row in pq.read_table(str(path)).to_pylist():
        yield _dense(row)


def _dense(row: JSON) -> tuple[JSON, Vector, Mask]:
    observation = np.asarray(row["observation"], dtype=np.float32)
    mask = np.zeros(int(row["action_size"]), dtype=np.int8)
    mask[np.asarray(row["legal"], dtype=np.int64)] = 1
    return row, observation, mask
