"""Test harness for several server processes: throwaway PostgreSQL and Redis servers
(scripts/start-postgres.sh, scripts/start-redis.sh) and ``evolutio serve --redis`` processes.

Both services are skipped only when their binaries are absent outside CI; with ``CI=true``
a missing one fails the tests instead (CI must run them).
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_harness import Server, free_port

ROOT = Path(__file__).resolve().parents[2]
EVOLUTIO = Path(sys.executable).with_name("evolutio")
START_PG = ROOT / "scripts" / "start-postgres.sh"
START_REDIS = ROOT / "scripts" / "start-redis.sh"
HAVE_POSTGRES = any(Path(d, "pg_ctl").exists() for d in glob.glob("/usr/lib/postgresql/*/bin"))
HAVE_REDIS = shutil.which("redis-server") is not None


def need(present: bool, what: str, script: str) -> None:
    """Skip (fail in CI) when a service's binaries are missing."""
    if present:
        return
    message = f"{what} is not installed; run {script}"
    if os.environ.get("CI") == "true":
        pytest.fail(message + " (CI runs these tests)")
    pytest.skip(message)


def service(script: Path, prefix: str) -> Iterator[str]:
    """Start a throwaway service with ``script``; yield its URL; stop and delete it after."""
    # under /tmp, not pytest's private base: as root PostgreSQL runs as the postgres user
    directory = tempfile.mkdtemp(prefix=prefix, dir="/tmp")
    started = subprocess.run(["sh", str(script), "start", directory], capture_output=True,
                             text=True, timeout=60, check=False)
    if started.returncode != 0:
        shutil.rmtree(directory, ignore_errors=True)
        pytest.fail(f"cannot start {script.name}: {started.stderr}")
    try:
        yield started.stdout.strip().splitlines()[-1]
    finally:
        subprocess.run(["sh", str(script), "stop", directory], capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    need(HAVE_POSTGRES, "PostgreSQL", "scripts/install-postgres.sh")
    yield from service(START_PG, "evolutio-pg.")


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    need(HAVE_REDIS, "Redis (redis-server)", "scripts/install-redis.sh")
    yield from service(START_REDIS, "evolutio-redis.")


class Node(Server):
    """One ``evolutio serve --redis`` process on its own port (the HTTP helpers of
    :class:`Server`); ``kill`` is a kill -9."""

    def __init__(self, log: Path, db: str, redis: str, bot_delay: float = 0.05,
                 lease: float = 3.0, workers: int = 1, metrics_port: int = 0) -> None:
        super().__init__(log, grace=30.0, url=db)
        self.redis, self.bot_delay, self.lease, self.workers = redis, bot_delay, lease, workers
        self.metrics_port = metrics_port

    def command(self) -> list[str]:
        """The command line that starts this process."""
        return [str(EVOLUTIO), "serve", "--port", str(self.port), "--db", self.url,
                "--redis", self.redis, "--bot-delay", str(self.bot_delay), "--grace", "30",
                "--lease", str(self.lease), "--workers", str(self.workers),
                "--metrics-port", str(self.metrics_port)]

    def start(self) -> None:
        log = open(self.db.with_suffix(".log"), "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            self.command(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(self.log_text())
            try:
                if httpx.get(self.base + "/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not start:\n" + self.log_text())

    def kill(self) -> None:
        """kill -9 of the process (and of its workers, with ``--workers``)."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)


class Redis:
    """A redis-server of this test's own on a fixed port: killed (-9) and started again."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [str(shutil.which("redis-server")), "--bind", "127.0.0.1", "--port", str(self.port),
             "--save", "", "--appendonly", "no", "--dir", str(self.directory)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while subprocess.run(["redis-cli", "-p", str(self.port), "ping"], capture_output=True,
                             check=False).stdout.strip() != b"PONG":
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


@contextlib.contextmanager
def nodes(tmp: Path, db: str, redis: str, count: int, **kw: float) -> Iterator[list[Node]]:
    """``count`` started processes on one database and one Redis, every one stopped on
    leaving: those already started too when a later one fails to start."""
    started: list[Node] = []
    try:
        for i in range(count):
            node = Node(tmp / f"node{i}.db", db, redis, **kw)  # type: ignore[arg-type]
            started.append(node)
            node.start()
        yield started
    finally:
        for node in started:
            node.stop()


def run(coro: Any, timeout: float = 120.0) -> Any:
    """Run ``coro`` to its end in a fresh event loop, failing after ``timeout`` seconds."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


__all__ = ["Node", "Redis", "free_port", "need", "nodes", "postgres_url", "redis_url", "run"]
