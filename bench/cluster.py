"""Time ``evolutio simulate --cluster`` on a local Dask cluster of one and of two workers.

Starts a real ``dask scheduler`` and ``dask worker --nworkers 1 --nthreads 1`` processes on
loopback ports (the test harness in tests/sim/dask_harness.py), plays one game on each
worker so that no timed run pays its first imports, and runs the same seeded batch through
``simulate --cluster`` with one worker and then with two, and on local processes
(``--workers 1`` and ``--workers 2``). Prints each run's games/s and the two-worker/one-worker
ratio (wall clock, with the load average: the machine may be shared), and the CPU time per
game of every process involved (the command and its pool; with a cluster also the
scheduler, the nannies and the workers), less the CPU time of the same command playing one
game (its start-up): the difference is the cluster's overhead per game. Since a shared
machine's load skews wall-clock ratios, it also prints the CPU seconds of the busiest worker
with one and with two workers: on free cores a run lasts about that long, so their ratio is
the speed-up two workers give without other work on the machine.
Every run's rows (without their timing columns) must be the same, or the bench stops. Rounds
alternate the order of the runs. Last, the local runner's CPU per game (one process) here and
in ``--compare REF`` (default ``main``; ``bench.trees``), in the same run.

    .venv/bin/python -m bench.cluster                  # evolution, ismcts:2 vs greedy, 40 games
    .venv/bin/python -m bench.cluster --bots greedy,random --games 200   # short games
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

from bench import trees

sys.path.insert(0, str(trees.HERE / "tests" / "sim"))

from dask_harness import DaskProcesses

EVOLUTIO = str(Path(sys.executable).with_name("evolutio"))
TIMING = {"seconds", "think_seconds"}


def process_cpu(pid: int) -> float:
    """CPU seconds used so far by process ``pid`` and its children."""
    top = psutil.Process(pid)
    total = 0.0
    for each in [top, *top.children(recursive=True)]:
        times = each.cpu_times()
        total += times.user + times.system
    return total


def cluster_cpu(dask: DaskProcesses | None) -> float:
    """CPU seconds used so far by the cluster's processes (scheduler, nannies, workers)."""
    if dask is None:
        return 0.0
    return sum(process_cpu(proc.pid) for proc in [dask.scheduler, *dask.workers] if proc)


def workers_cpu(dask: DaskProcesses | None) -> list[float]:
    """CPU seconds used so far by each worker (its nanny and its worker process)."""
    return [process_cpu(proc.pid) for proc in dask.workers] if dask else []


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def simulate(
    args: argparse.Namespace, folder: Path, dask: DaskProcesses | None, games: int, *where: str
) -> tuple[float, float, float]:
    """Run ``simulate`` once: the games/s it reports (games only, not start-up), the CPU
    seconds of every process involved (the command, its pool, the cluster's), and those of
    the busiest cluster worker."""
    out = folder / f"run{games}.jsonl"
    cpu_before = children_cpu() + cluster_cpu(dask)
    each_before = workers_cpu(dask)
    command = [EVOLUTIO, "simulate", "--game", args.game, "-p", str(args.players)]
    command += ["-b", args.bots, "-n", str(games), "--seed", str(args.seed)]
    command += ["--out", str(out), *where]
    done = subprocess.run(command, capture_output=True, text=True, check=False,
                          env={**os.environ, "COLUMNS": "200"})
    cpu = children_cpu() + cluster_cpu(dask) - cpu_before
    spent = [after - before for after, before in zip(workers_cpu(dask), each_before, strict=True)]
    busiest = max(spent, default=0.0)
    name = " ".join(where)
    if done.returncode != 0:
        raise SystemExit(f"{name} failed:\n{done.stdout}\n{done.stderr}")
    speeds = re.findall(r"([\d.]+) games/s", done.stdout)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    untimed = [{k: v for k, v in row.items() if k not in TIMING} for row in rows]
    reference = folder / f"reference{games}.json"
    if not reference.exists():
        reference.write_text(json.dumps(untimed), encoding="utf-8")
    elif json.loads(reference.read_text(encoding="utf-8")) != untimed:
        raise SystemExit(f"{name}: the rows differ from the first run's")
    if any(row["error"] for row in rows):
        raise SystemExit(f"{name}: a game failed: {rows}")
    return float(speeds[-1]), cpu, busiest


#: The local runner alone, in a fresh process of a given tree: CPU ms a game of
#: ``run_games(workers=1)`` writing its rows to a results file.
LOCAL_PROBE = """
import json, sys, tempfile, time
from pathlib import Path
from evolutio.sim.runner import batch_tasks, run_games
from evolutio.sim.stats import ResultsWriter
game, players, bots, games, seed = sys.argv[1:6]
tasks = batch_tasks(game, {"players": int(players)}, int(seed), int(games), bots.split(","))
with tempfile.TemporaryDirectory() as tmp, ResultsWriter(Path(tmp) / "r.jsonl") as writer:
    start = time.process_time()
    run_games(tasks, workers=1, on_result=writer.write)
    cpu = time.process_time() - start
print(json.dumps({"cpu_ms": 1000 * cpu / int(games)}))
"""


def compare_local(args: argparse.Namespace) -> None:
    """The local runner's CPU per game here and in ``--compare REF``, in the same run."""
    probe_args = [args.game, str(args.players), args.bots, str(args.games), str(args.seed)]
    with trees.checkout(args.compare) as other:
        found = trees.rounds(
            {"this tree": trees.HERE, args.compare: other},
            args.rounds,
            lambda tree: trees.probe(tree, LOCAL_PROBE, probe_args)["cpu_ms"],
            quiet=True,
        )
        names = {"this tree": trees.describe(trees.HERE), args.compare: trees.describe(other)}
    new, old = (statistics.median(found[name]) for name in ("this tree", args.compare))
    print(f"  local runner, 1 process, CPU ms a game: {new:.1f} ({names['this tree']}) "
          f"against {old:.1f} ({args.compare} {names[args.compare]}): {trees.ratio(new, old)}")


def warm(address: str, args: argparse.Namespace) -> None:
    """Play one game on every worker, so no timed run pays a worker's first imports."""
    from distributed import Client

    from evolutio.sim.runner import batch_tasks, play_row

    task = batch_tasks(args.game, {"players": args.players}, 0, 1, args.bots.split(","))[0]
    client_of: Any = Client  # distributed ships no type hints
    with client_of(address, timeout=10, set_as_default=False) as client:
        client.run(play_row, task)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="evolution")
    parser.add_argument("--bots", default="ismcts:2,greedy")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--compare", default="main", help="revision for the local runner's figure ('' to skip)"
    )
    args = parser.parse_args()
    speeds: dict[str, list[float]] = {}
    cpus: dict[str, list[float]] = {}
    idle: dict[str, float] = {}
    busy: dict[str, list[float]] = {}

    def idle_rate(dask: DaskProcesses, seconds: float = 5.0) -> float:
        """CPU seconds per second the cluster's processes use with nothing to do."""
        before, started = cluster_cpu(dask), time.monotonic()
        time.sleep(seconds)
        return (cluster_cpu(dask) - before) / (time.monotonic() - started)

    def measure(runs: list[tuple[str, list[str]]], dask: DaskProcesses) -> None:
        for number in range(args.rounds):
            for name, where in runs if number % 2 == 0 else runs[::-1]:
                on = dask if "--cluster" in where else None
                speed, cpu, busiest = simulate(args, folder, on, args.games, *where)
                if on is not None:
                    busy.setdefault(name, []).append(busiest)
                # the same command with one game: its start-up, taken off the CPU figure
                _, start, _ = simulate(args, folder, on, 1, *where)
                speeds.setdefault(name, []).append(speed)
                cpus.setdefault(name, []).append(1000 * (cpu - start) / (args.games - 1))

    with tempfile.TemporaryDirectory(prefix="evolutio-cluster-") as tmp:
        folder = Path(tmp)
        with DaskProcesses(folder / "dask", workers=1) as dask:
            address = dask.start()
            warm(address, args)
            idle["cluster, 1 worker"] = idle_rate(dask)
            cluster = ["--cluster", address]
            measure(
                [("local, 1 process", ["--workers", "1"]), ("cluster, 1 worker", cluster)], dask
            )
            dask.add_worker()
            dask.wait_for_workers(2, time.monotonic() + 60)
            warm(address, args)
            idle["cluster, 2 workers"] = idle_rate(dask)
            measure(
                [("local, 2 processes", ["--workers", "2"]), ("cluster, 2 workers", cluster)], dask
            )
    median = {name: statistics.median(values) for name, values in speeds.items()}
    cpu = {name: statistics.median(values) for name, values in cpus.items()}
    print(f"{args.game} {args.players}p {args.bots}, {args.games} games, seed {args.seed}, "
          f"median of {args.rounds} rounds; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores")
    for name, values in speeds.items():
        shown = ", ".join(f"{v:.1f}" for v in values)
        print(f"  {name:20} {median[name]:6.1f} games/s ({shown}); "
              f"{cpu[name]:6.1f} CPU ms a game")
    one, two = median["cluster, 1 worker"], median["cluster, 2 workers"]
    print(f"  cluster 2 workers / 1 worker: {two / one:.2f}x games/s")
    # on free cores a run lasts as long as its busiest worker plays: a load-free estimate
    alone, paired = (statistics.median(busy[f"cluster, {w}"]) for w in ("1 worker", "2 workers"))
    print(f"  busiest worker's CPU: 1 worker {alone:.2f} s, 2 workers {paired:.2f} s: "
          f"{alone / paired:.2f}x on free cores")
    local1, local2 = median["local, 1 process"], median["local, 2 processes"]
    print(f"  local 2 processes / 1 process: {local2 / local1:.2f}x games/s")
    for workers, local in (("1 worker", "local, 1 process"), ("2 workers", "local, 2 processes")):
        name = f"cluster, {workers}"
        extra = cpu[name] - cpu[local]
        # the cluster's processes use CPU while idle (heartbeats), for as long as a run lasts
        background = 1000 * idle[name] / median[name]
        print(f"  cluster overhead, {workers}: {extra:+.1f} CPU ms a game "
              f"({extra / cpu[local]:+.0%} of the local run's), of which "
              f"{background:.1f} ms the idle cluster's background "
              f"({1000 * idle[name]:.0f} CPU ms/s) and {extra - background:+.1f} ms the "
              "games' round trips")
    if trees.wanted(args.compare):
        compare_local(args)
    result: dict[str, Any] = {
        "games_per_s": median,
        "cpu_ms_per_game": cpu,
        "idle_cpu_ms_per_s": {name: 1000 * rate for name, rate in idle.items()},
        "ratio_2_1": round(two / one, 3),
        "busiest_worker_cpu_s": {name: statistics.median(v) for name, v in busy.items()},
    }
    print(json.dumps(result))

if __name__ == "__main__":
    main()
