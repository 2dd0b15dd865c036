"""Time ``evolutio simulate --cluster`` on a local Dask cluster of one and of two workers.

Starts a real ``dask scheduler`` and ``dask worker --nworkers 1 --nthreads 1`` processes on
loopback ports (the test harness in tests/sim/cluster_harness.py), plays one game on each
worker so that no timed run pays its first imports, runs the same seeded batch
through ``simulate --cluster`` with one worker and then with two, and, for the cost of the
cluster, the same batch on local processes (``--workers 1`` and ``--workers 2``). Prints
games/s of each run, the two-worker/one-worker ratio, and the overhead per game of a cluster
worker against a local process. Every run's rows (without their timing columns) must be the
same, or the bench stops. Rounds alternate the order of the runs. Wall-clock figures: the
load average is printed with them, since the machine may be shared.

    .venv/bin/python bench/cluster.py                     # evolution, greedy vs random, 80 games
    .venv/bin/python bench/cluster.py --game toy --bots ismcts:20,random --games 200
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "tests" / "sim"))

from cluster_harness import DaskProcesses  # noqa: E402

EVOLUTIO = str(Path(sys.executable).with_name("evolutio"))
TIMING = {"seconds", "think_seconds"}


def simulate(args: argparse.Namespace, folder: Path, name: str, *where: str) -> float:
    """Run ``simulate`` once; the games/s it reports (games only, not start-up)."""
    out = folder / f"{name}.jsonl"
    command = [EVOLUTIO, "simulate", "--game", args.game, "-p", str(args.players)]
    command += ["-b", args.bots, "-n", str(args.games), "--seed", str(args.seed)]
    command += ["--out", str(out), *where]
    done = subprocess.run(command, capture_output=True, text=True, check=False,
                          env={**os.environ, "COLUMNS": "200"})
    if done.returncode != 0:
        raise SystemExit(f"{name} failed:\n{done.stdout}\n{done.stderr}")
    speeds = re.findall(r"([\d.]+) games/s", done.stdout)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    untimed = [{k: v for k, v in row.items() if k not in TIMING} for row in rows]
    reference = folder / "reference.json"
    if not reference.exists():
        reference.write_text(json.dumps(untimed), encoding="utf-8")
    elif json.loads(reference.read_text(encoding="utf-8")) != untimed:
        raise SystemExit(f"{name}: the rows differ from the first run's")
    if any(row["error"] for row in rows):
        raise SystemExit(f"{name}: a game failed: {rows}")
    return float(speeds[-1])


def warm(address: str, args: argparse.Namespace) -> None:
    """Play one game on every worker, so no timed run pays a worker's first imports."""
    from distributed import Client

    from evolutio.sim.runner import batch_tasks, play_row

    task = batch_tasks(args.game, {"players": args.players}, 0, 1, args.bots.split(","))[0]
    with Client(address, timeout=10, set_as_default=False) as client:
        client.run(play_row, task)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="evolution")
    parser.add_argument("--bots", default="greedy,random")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    speeds: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="evolutio-cluster-") as tmp:
        folder = Path(tmp)
        with DaskProcesses(folder / "dask", workers=1) as dask:
            address = dask.start()
            warm(address, args)
            runs: list[tuple[str, list[str]]] = [
                ("local, 1 process", ["--workers", "1"]),
                ("cluster, 1 worker", ["--cluster", address]),
            ]
            for number in range(args.rounds):
                for name, where in runs if number % 2 == 0 else runs[::-1]:
                    speeds.setdefault(name, []).append(simulate(args, folder, "run", *where))
            dask.add_worker()
            dask.wait_for_workers(2, time.monotonic() + 60)
            warm(address, args)
            runs = [
                ("local, 2 processes", ["--workers", "2"]),
                ("cluster, 2 workers", ["--cluster", address]),
            ]
            for number in range(args.rounds):
                for name, where in runs if number % 2 == 0 else runs[::-1]:
                    speeds.setdefault(name, []).append(simulate(args, folder, "run", *where))
    median = {name: statistics.median(values) for name, values in speeds.items()}
    print(f"{args.game} {args.players}p {args.bots}, {args.games} games, seed {args.seed}, "
          f"median of {args.rounds} rounds; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores")
    for name, values in speeds.items():
        shown = ", ".join(f"{v:.1f}" for v in values)
        print(f"  {name:20} {median[name]:6.1f} games/s  ({shown})")
    one, two = median["cluster, 1 worker"], median["cluster, 2 workers"]
    print(f"  cluster 2 workers / 1 worker: {two / one:.2f}x")
    local1, local2 = median["local, 1 process"], median["local, 2 processes"]
    print(f"  local 2 processes / 1 process: {local2 / local1:.2f}x")
    overhead = 1000 * (1 / one - 1 / local1)
    print(f"  overhead per game, cluster worker vs local process: {overhead:+.1f} ms "
          f"({1000 / local1:.1f} ms a game locally)")
    result: dict[str, Any] = {"median_games_per_s": median, "ratio_2_1": round(two / one, 3)}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
