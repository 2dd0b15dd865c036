"""Games per second of ``simulate --cluster`` by games per Dask task, against local processes.

Starts a Dask ``LocalCluster`` of N worker processes (one thread each) on this machine and,
in each round, plays the same seeded batch on the local pool of N processes
(``--workers N``) and then on the cluster with each batch size; prints games/s and the ratio
cluster / pool (wall clock, with the load average: the machine may be shared). Every run's
rows (without their timing columns) must equal the pool's, or the bench stops. What chose
``evolutio.sim.cluster.BATCH`` (docs/bots.md, "On a Dask cluster").

    .venv/bin/python -m bench.cluster_batch                     # evolution, greedy vs random
    .venv/bin/python -m bench.cluster_batch --batches 1,4 --rounds 1 --games 100
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from evolutio.sim.cluster import DaskCluster
from evolutio.sim.runner import Executor, GameTask, LocalPool, batch_tasks

TIMING = {"seconds", "think_seconds"}


def untimed(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k not in TIMING} for row in rows]


def timed(executor: Executor, tasks: list[GameTask]) -> tuple[float, list[dict[str, Any]]]:
    started = time.perf_counter()
    rows = list(executor.play(tasks))
    return time.perf_counter() - started, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="evolution")
    parser.add_argument("--bots", default="greedy,random")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--batches", default="1,2,4,8,16")
    args = parser.parse_args()
    from distributed import LocalCluster

    tasks = batch_tasks(args.game, {}, 1, args.games, args.bots.split(","), rotate=True)
    batches = [int(b) for b in args.batches.split(",")]
    expected: list[dict[str, Any]] | None = None
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:  # type: ignore[no-untyped-call]
        for number in range(1, args.rounds + 1):
            local, rows = timed(LocalPool(args.workers), tasks)
            expected = expected or untimed(rows)
            print(f"round {number}: local pool of {args.workers}: {args.games / local:.1f} "
                  f"games/s (load {os.getloadavg()[0]:.1f})", flush=True)
            for batch in batches:
                with DaskCluster(cluster.scheduler_address, batch=batch) as executor:
                    list(executor.play(tasks[:args.workers * 2]))  # the workers' imports
                    seconds, rows = timed(executor, tasks)
                if untimed(rows) != expected:
                    raise SystemExit(f"batch {batch}: the rows differ from the local run's")
                print(f"round {number}: cluster, {batch} games a task: "
                      f"{args.games / seconds:.1f} games/s, {local / seconds:.2f}x the pool "
                      f"(load {os.getloadavg()[0]:.1f})", flush=True)


if __name__ == "__main__":
    main()
