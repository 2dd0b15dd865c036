"""``simulate``, ``tournament`` and ``analyse`` on a real Dask cluster give the rows and files
of a local run.

A module fixture starts ``dask scheduler`` and two ``dask worker --nworkers 1 --nthreads 1``
processes on free loopback ports (tests/sim/dask_harness.py) and stops them after. The CLI
runs in its own process, as a user runs it; rows are compared without their timing columns,
files and plots byte for byte where they hold no time.
"""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dask_harness import DaskProcesses, load
from typer.testing import CliRunner

import evolutio.cli.sim  # registers the commands
import evolutio.sim.cluster as cluster_module
from evolutio.cli.app import app
from evolutio.sim.cluster import ClusterError, DaskCluster
from evolutio.sim.runner import batch_tasks, run_games

TIMING = {"think_seconds", "seconds"}
EVOLUTIO = [str(Path(sys.executable).with_name("evolutio"))]


def untimed(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k not in TIMING} for row in rows]


@pytest.fixture(scope="module")
def dask_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DaskProcesses]:
    with DaskProcesses(tmp_path_factory.mktemp("dask"), workers=2) as processes:
        processes.start()
        yield processes


def evolutio(*args: str | Path, cwd: Path) -> str:
    done = subprocess.run(
        [*EVOLUTIO, *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "120"},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def ratings_table(output: str) -> list[str]:
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Ratings"))
    end = next(i for i, line in enumerate(lines) if line.startswith("└"))
    return lines[start : end + 1]


def test_tournament_on_the_cluster_matches_the_local_run(
    dask_cluster: DaskProcesses, tmp_path: Path
) -> None:
    common = ["tournament", "--game", "toy", "-b", "random,ismcts:10,ismcts:20", "-p", "2,3"]
    common += ["-n", "24", "--seed", "4"]
    local = evolutio(*common, "-w", "1", "--out", "local.jsonl", "--plot", "local.png",
                     cwd=tmp_path)
    remote = evolutio(*common, "--cluster", dask_cluster.address, "--out", "cluster.jsonl",
                      "--plot", "cluster.png", cwd=tmp_path)
    assert "cluster tcp://127.0.0.1:" in remote and "2 workers, 2 threads" in remote
    rows = load(tmp_path / "cluster.jsonl")
    assert [row["index"] for row in rows] == list(range(24))
    assert all(row["error"] is None for row in rows)
    assert untimed(rows) == untimed(load(tmp_path / "local.jsonl"))
    assert ratings_table(remote) == ratings_table(local)
    assert (tmp_path / "cluster.png").read_bytes() == (tmp_path / "local.png").read_bytes()


def test_simulate_on_the_cluster_writes_the_local_files(
    dask_cluster: DaskProcesses, tmp_path: Path
) -> None:
    common = ["simulate", "--game", "evolution", "-p", "2", "-b", "greedy,random", "--rotate"]
    common += ["-n", "6", "--seed", "11"]
    evolutio(*common, "-w", "2", "--out", "local.csv", cwd=tmp_path)
    evolutio(*common, "--cluster", dask_cluster.address, "--out", "cluster.csv", cwd=tmp_path)

    def table(name: str) -> list[dict[str, str]]:
        with (tmp_path / name).open(encoding="utf-8", newline="") as f:
            return [{k: v for k, v in r.items() if k not in TIMING} for r in csv.DictReader(f)]

    assert table("cluster.csv") == table("local.csv")
    assert len(table("cluster.csv")) == 6

    def summary(name: str) -> dict[str, Any]:
        data: dict[str, Any] = json.loads((tmp_path / name).read_text(encoding="utf-8"))
        data.pop("mean_decision_ms")
        return data

    assert summary("cluster.summary.json") == summary("local.summary.json")


def test_records_and_analyses_on_the_cluster_are_the_local_ones(
    dask_cluster: DaskProcesses, tmp_path: Path
) -> None:
    """``simulate --records`` brings the records back from the workers, and ``analyse
    --cluster`` runs each decision as a task: the files are those of a local run."""
    common = ["simulate", "--game", "toy", "-b", "ismcts:20,random", "-n", "2", "--seed", "3"]
    evolutio(*common, "-w", "1", "--records", "local", cwd=tmp_path)
    evolutio(*common, "--cluster", dask_cluster.address, "--records", "far", cwd=tmp_path)
    names = sorted(path.name for path in (tmp_path / "local").iterdir())
    assert len(names) == 2
    assert names == sorted(path.name for path in (tmp_path / "far").iterdir())
    for name in names:
        assert (tmp_path / "far" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()
    record = tmp_path / "local" / names[0]
    evolutio("analyse", record, "-b", "20", "-j", "1", "--out", "here", cwd=tmp_path)
    output = evolutio("analyse", record, "-b", "20", "--cluster", dask_cluster.address,
                      "--out", "there", cwd=tmp_path)
    assert "2 workers" in output
    analysis = names[0].removesuffix(".json") + ".analysis.json"
    assert (tmp_path / "there" / analysis).read_text() == (tmp_path / "here" / analysis).read_text()


def test_a_worker_killed_mid_game_gives_the_same_rows(dask_cluster: DaskProcesses) -> None:
    tasks = batch_tasks("toy", {"players": 2}, 8, 8, ["ismcts:150", "random"])
    local = run_games(tasks, workers=1)
    rows = []
    killed = None
    with DaskCluster(dask_cluster.address) as executor:
        for row in executor.play(tasks):
            rows.append(row)
            if killed is None:
                # wait until a worker is playing a game, then kill -9 it
                deadline = time.monotonic() + 20
                while not any(executor.client.processing().values()):
                    assert time.monotonic() < deadline
                    time.sleep(0.01)
                busy = [w for w, keys in executor.client.processing().items() if keys]
                killed = int(executor.client.run(os.getpid, workers=busy[:1])[busy[0]])
                dask_cluster.kill(killed)
    assert killed is not None
    assert untimed(rows) == untimed(local)
    dask_cluster.wait_for_workers(2)  # the nanny started another worker process


@pytest.mark.parametrize("batch", [None, 1, 7])
def test_games_go_several_to_a_task_with_the_rows_of_the_unbatched_run(
    dask_cluster: DaskProcesses, batch: int | None
) -> None:
    tasks = batch_tasks("toy", {"players": 3}, 21, 120, ["random"] * 3, rotate=True)
    sizes: list[int] = []
    with DaskCluster(dask_cluster.address, batch=batch) as executor:
        submit = executor.client.submit

        def spy(function: Any, games: list[Any], **kwargs: Any) -> Any:
            sizes.append(len(games))
            return submit(function, games, **kwargs)

        executor.client.submit = spy
        rows = list(executor.play(tasks))
    size = cluster_module.BATCH if batch is None else batch
    # full tasks of the batch size, fewer games a task only at the tail (2 threads, 8 tasks)
    assert sum(sizes) == 120 and sizes[0] == size and max(sizes) == size
    assert sizes[-1] == 1 or size == 1
    # the same seeds in the same order: the rows of games played one by one, in one process
    assert [r["index"] for r in rows] == list(range(120))
    assert untimed(rows) == untimed(run_games(tasks, workers=1))


def test_ctrl_c_keeps_the_finished_rows_and_cancels_the_rest(
    dask_cluster: DaskProcesses, tmp_path: Path
) -> None:
    # far more games than can finish between the first row and the interrupt, even on a
    # machine so busy that this test's process waits seconds for its turn
    args = ["simulate", "--game", "toy", "-p", "2", "-b", "ismcts:150,random", "-n", "2000"]
    args += ["--seed", "3", "--cluster", dask_cluster.address, "--out", "runs.jsonl"]
    out = tmp_path / "runs.jsonl"
    proc = subprocess.Popen([*EVOLUTIO, *args], cwd=tmp_path, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not out.exists() or out.stat().st_size == 0:
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode != 0
    rows = load(out)
    assert 0 < len(rows) < 2000
    options = {"players": 2, "tricks": 3}  # the options as the command normalized them
    tasks = batch_tasks("toy", options, 3, len(rows), ["ismcts:150", "random"])
    assert untimed(rows) == untimed(run_games(tasks, workers=1))
    deadline = time.monotonic() + 20
    while dask_cluster.scheduler_tasks():  # the games not played were cancelled
        assert time.monotonic() < deadline, "the scheduler still holds the run's games"
        time.sleep(0.2)


def test_an_unreachable_scheduler_is_refused_and_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 1.0)
    out = tmp_path / "runs.jsonl"
    for command in (["simulate", "-p", "2"], ["tournament", "-p", "2", "-b", "random,ismcts:5"]):
        result = CliRunner().invoke(
            app,
            [*command, "--game", "toy", "-n", "3", "--cluster", "tcp://127.0.0.1:9",
             "--out", str(out)],
        )
        assert result.exit_code == 2
        assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.output
        assert not out.exists()
    result = CliRunner().invoke(
        app, ["simulate", "--game", "toy", "-n", "3", "-w", "2", "--cluster", "tcp://127.0.0.1:9"]
    )
    assert result.exit_code == 2 and "--workers sets local processes" in result.output
    for address, error in (("127.0.0.1", "is not a scheduler address"), ("", "needs the")):
        result = CliRunner().invoke(
            app, ["simulate", "--game", "toy", "-n", "3", "--cluster", address, "--out", str(out)]
        )
        assert result.exit_code == 2 and error in result.output
        assert not out.exists()


def test_no_workers_is_refused_and_a_lost_scheduler_stops_the_run(tmp_path: Path) -> None:
    with DaskProcesses(tmp_path, workers=0) as lonely:
        lonely.start()
        with pytest.raises(ClusterError, match="has no workers"):
            DaskCluster(lonely.address, timeout=1.0)
        lonely.add_worker()
        lonely.wait_for_workers(1)
        tasks = batch_tasks("toy", {"players": 2}, 5, 100, ["ismcts:150", "random"])
        rows = []
        with (
            DaskCluster(lonely.address) as executor,
            pytest.raises(ClusterError, match="could not play game"),
        ):
            for row in executor.play(tasks):
                rows.append(row)
                if len(rows) == 1:
                    assert lonely.scheduler is not None
                    lonely.scheduler.kill()
        assert 0 < len(rows) < 100


def test_stats_on_the_cluster_gives_the_local_figures(
    dask_cluster: DaskProcesses, tmp_path: Path
) -> None:
    common = ("stats", "--game", "toy", "--games", "12", "--seed", "4", "--plots", "none")
    evolutio(*common, "--workers", "1", "--out", "here", cwd=tmp_path)
    output = evolutio(*common, "--cluster", dask_cluster.address, "--out", "there", cwd=tmp_path)
    assert "2 workers" in output
    here = json.loads((tmp_path / "here" / "stats.json").read_text())
    assert json.loads((tmp_path / "there" / "stats.json").read_text()) == here
    assert here["finished"] == 12
