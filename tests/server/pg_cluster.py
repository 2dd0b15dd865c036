"""The test database switch: SQLite files by default, PostgreSQL databases on request.

With ``EVOLUTIO_TEST_DATABASE=postgresql`` the server tests run on PostgreSQL: the first
database asked for starts one throwaway cluster (scripts/start-postgres.sh, loopback only) for
the whole session, each server gets a fresh database of its own on it, and the cluster is
stopped and deleted when the session ends. Without it (or with ``sqlite``) every database is
the SQLite file the test names, as before.

``database_url(path)`` maps a test's database path to its URL; the same path gives the same
database (a server restarted on its database finds its games). tests/conftest.py drops the
databases a test or a module made once it is over (``created`` and ``drop_since``).
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
START = ROOT / "scripts" / "start-postgres.sh"
CHOICES = ("sqlite", "postgresql")
DATABASE = os.environ.get("EVOLUTIO_TEST_DATABASE", "sqlite").strip().lower() or "sqlite"
if DATABASE not in CHOICES:
    raise pytest.UsageError(
        f"EVOLUTIO_TEST_DATABASE={DATABASE!r}: use one of {', '.join(CHOICES)}"
    )
ON_POSTGRES = DATABASE == "postgresql"


class Cluster:
    """One PostgreSQL cluster for the session and the databases made on it, by test path."""

    def __init__(self) -> None:
        # under /tmp, not pytest's private base: as root the cluster runs as the postgres user
        self.directory = tempfile.mkdtemp(prefix="evolutio-pg.", dir="/tmp")
        started = subprocess.run(
            ["sh", str(START), "start", self.directory],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        if started.returncode != 0:
            shutil.rmtree(self.directory, ignore_errors=True)
            raise RuntimeError(f"cannot start PostgreSQL for the tests: {started.stderr}")
        #: the cluster's own database, where the test databases are created and dropped
        self.admin = started.stdout.strip().splitlines()[-1]
        self.base = self.admin.rsplit("/", 1)[0]
        self.names: dict[str, str] = {}  # resolved test path -> database name
        self.made = 0  # databases made so far: each gets a name never used before
        atexit.register(self.stop)

    def _run(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.admin, autocommit=True) as conn:
            conn.execute(sql)  # type: ignore[arg-type]

    def url(self, path: Path) -> str:
        """The database of ``path``, created the first time it is asked for."""
        key = str(path.resolve())
        name = self.names.get(key)
        if name is None:
            self.made += 1
            name = f"test_{self.made}"
            self._run(f"CREATE DATABASE {name}")
            self.names[key] = name
        return f"{self.base}/{name}"

    def drop(self, keys: list[str]) -> None:
        """Drop the databases of these paths (their servers' connections are ended too)."""
        for key in keys:
            name = self.names.pop(key, None)
            if name is not None:
                self._run(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        subprocess.run(["sh", str(START), "stop", self.directory], capture_output=True,
                       timeout=60, check=False)


_cluster: Cluster | None = None


def cluster() -> Cluster:
    """The session's cluster, started on first use."""
    global _cluster
    if _cluster is None:
        _cluster = Cluster()
    return _cluster


def database_url(path: Path) -> str:
    """The URL of the test database named by ``path``: the SQLite file itself, or its own
    database on the session's PostgreSQL cluster."""
    if not ON_POSTGRES:
        return f"sqlite:///{path}"
    return cluster().url(path)


def created() -> set[str]:
    """The test databases that exist now (their paths), to drop the newer ones later."""
    return set(_cluster.names) if _cluster is not None else set()


def drop_since(before: set[str]) -> None:
    """Drop every test database made since ``before`` was taken."""
    if _cluster is not None:
        _cluster.drop([key for key in list(_cluster.names) if key not in before])
