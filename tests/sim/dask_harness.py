"""A real Dask cluster on this machine: ``dask scheduler`` and ``dask worker`` processes.

Used by the cluster tests and by ``bench.cluster``. The scheduler listens on a free
loopback port; each worker is ``dask worker ADDRESS --nworkers 1 --nthreads 1`` (a nanny that
runs one worker process, and restarts it if it dies). Logs go to the given folder. ``stop``
ends every process started here, also after a failure.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil

#: Seconds for the scheduler to listen and for the workers to join it.
START_TIMEOUT = 40.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class DaskProcesses:
    """Starts a scheduler and ``workers`` workers; ``address`` is the scheduler's."""

    def __init__(self, folder: Path, workers: int = 2) -> None:
        self.folder = folder
        self.count = workers
        self.address = f"tcp://127.0.0.1:{free_port()}"
        self.scheduler: subprocess.Popen[bytes] | None = None
        self.workers: list[subprocess.Popen[bytes]] = []

    def _spawn(self, name: str, *args: str) -> subprocess.Popen[bytes]:
        log = open(self.folder / f"{name}.log", "ab")  # noqa: SIM115
        return subprocess.Popen(
            [sys.executable, "-m", "dask", *args],
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )

    def start(self) -> str:
        """Start the processes and wait until every worker has joined; the address."""
        self.folder.mkdir(parents=True, exist_ok=True)
        info = self.folder / "scheduler.json"
        port = self.address.rsplit(":", 1)[1]
        self.scheduler = self._spawn(
            "scheduler", "scheduler", "--host", "127.0.0.1", "--port", port,
            "--no-dashboard", "--scheduler-file", str(info),
        )
        deadline = time.monotonic() + START_TIMEOUT
        while not info.exists():
            self._check(deadline, "the scheduler did not start")
            time.sleep(0.1)
        for _ in range(self.count):
            self.add_worker()
        self.wait_for_workers(self.count, deadline)
        return self.address

    def add_worker(self) -> None:
        self.workers.append(
            self._spawn(
                f"worker{len(self.workers)}", "worker", self.address, "--nworkers", "1",
                "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard",
                "--name", f"worker{len(self.workers)}",
            )
        )

    def info(self) -> dict[str, Any]:
        """The scheduler's identity, as its own client sees it (workers, their pids)."""
        from distributed import Client

        with Client(self.address, timeout=10, set_as_default=False) as client:
            found: dict[str, Any] = client.scheduler_info(n_workers=-1)
            return found

    def wait_for_workers(self, count: int, deadline: float | None = None) -> None:
        deadline = deadline or time.monotonic() + START_TIMEOUT
        while True:
            self._check(deadline, f"{count} workers did not join")
            try:
                if len(self.info()["workers"]) >= count:
                    return
            except OSError:
                pass
            time.sleep(0.2)

    def kill(self, pid: int) -> None:
        """kill -9 the worker process ``pid`` (one of ours; its nanny starts another)."""
        ours = {c.pid for w in self.workers for c in psutil.Process(w.pid).children(True)}
        assert pid in ours, f"{pid} is not a worker process started here"
        os.kill(pid, signal.SIGKILL)

    def _check(self, deadline: float, what: str) -> None:
        for proc in [self.scheduler, *self.workers]:
            if proc is not None and proc.poll() is not None:
                raise RuntimeError(f"{what}: a dask process exited; logs in {self.folder}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} within {START_TIMEOUT:.0f} s; logs in {self.folder}")

    def stop(self) -> None:
        """End the workers, then the scheduler (politely, then with kill -9)."""
        for proc in [*self.workers, self.scheduler]:
            if proc is None or proc.poll() is not None:
                continue
            for child in psutil.Process(proc.pid).children(recursive=True):
                child.kill()
            proc.terminate()
        for proc in [*self.workers, self.scheduler]:
            if proc is None:
                continue
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def scheduler_tasks(self) -> int:
        """How many tasks the scheduler still holds."""
        from distributed import Client

        with Client(self.address, timeout=10, set_as_default=False) as client:
            # a lambda travels by value: the scheduler cannot import this module
            return int(client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)))

    def __enter__(self) -> DaskProcesses:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
