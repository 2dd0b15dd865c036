"""One server process per database, and a database file that must stay where it was.

SQLite: an exclusive ``flock`` on ``DB.lock`` next to the file, held while the process runs;
PostgreSQL: a session advisory lock held on a connection of its own. A second process on the
same database stops at start with a clear error instead of driving the same rooms' bots.
A SQLite file deleted or replaced under a running server is noticed (``FileWatch``) before
the next write, so no action is acknowledged into an unlinked file.

``DB.lock`` is made at a database's first start and never deleted, so it also tells a first
start (neither file there) from a database that disappeared (the lock file without its
database): the server then refuses to start rather than begin a new, empty database beside
the old lock, unless told to (``create``: ``evolutio serve --create-database``).
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO, Any

from sqlalchemy import text
from sqlalchemy.engine import Engine

#: the PostgreSQL advisory lock's key ("evolutio" in ASCII, as one 64-bit integer)
PG_KEY = int.from_bytes(b"evolutio", "big") & 0x7FFF_FFFF_FFFF_FFFF


class DatabaseInUse(RuntimeError):
    """Another server process holds this database."""


class DatabaseGone(RuntimeError):
    """The SQLite file this server opened was deleted or replaced."""


class DatabaseMissing(RuntimeError):
    """At start: the SQLite file a server used before (its ``DB.lock`` is there) is gone."""


def sqlite_path(engine: Engine) -> Path | None:
    """The file of a SQLite engine (None: another database or an in-memory one)."""
    url = engine.url
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database).resolve()


def lock_path(path: Path) -> Path:
    """The lock file of the SQLite database ``path``."""
    return path.with_name(path.name + ".lock")


def missing(engine: Engine) -> str | None:
    """Why the engine's SQLite file must not be made afresh (None: it is there, it never
    was, or another database): its lock file says a server used it before."""
    path = sqlite_path(engine)
    if path is None or path.exists() or not lock_path(path).exists():
        return None
    return (f"the database {path} is gone, but {lock_path(path)} is there: a server used it "
            "before, so it was deleted or moved. Restore it from a backup and start again, or "
            "start with --create-database to begin a new, empty database")


class ProcessLock:
    """Held from ``acquire`` to ``release``: this process alone serves the database."""

    def __init__(self, engine: Engine, create: bool = False) -> None:
        self.engine = engine
        #: start on a new, empty database even where one disappeared (``missing``)
        self.create = create
        self._file: IO[str] | None = None
        self._conn: Any = None

    def acquire(self) -> None:
        path = sqlite_path(self.engine)
        if path is not None:
            lock = lock_path(path)
            gone = missing(self.engine)  # before this start makes the lock file
            handle = open(lock, "a+")  # noqa: SIM115 (held open for the process's life)
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                handle.close()
                raise DatabaseInUse(
                    f"another server process uses {path} (it holds {lock}); stop it first"
                ) from None
            if gone is not None and not self.create and not path.exists():
                handle.close()
                raise DatabaseMissing(gone)
            handle.seek(0)
            handle.truncate()
            handle.write(f"{os.getpid()}\n")
            handle.flush()
            self._file = handle
        elif self.engine.url.get_backend_name() == "postgresql":
            conn = self.engine.connect()
            held = conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": PG_KEY}).scalar()
            conn.commit()
            if not held:
                conn.close()
                raise DatabaseInUse(
                    "another server process uses this PostgreSQL database (advisory lock "
                    f"{PG_KEY} is held); stop it first"
                )
            self._conn = conn

    def release(self) -> None:
        if self._file is not None:
            fcntl.flock(self._file, fcntl.LOCK_UN)
            self._file.close()
            self._file = None
        if self._conn is not None:
            # a session lock ends with its session: close the connection itself, not only
            # hand it back to the pool, which would keep the session (and the lock) open
            self._conn.invalidate()
            self._conn.close()
            self._conn = None


class FileWatch:
    """Notices that the SQLite file was deleted or replaced (a new inode) since the start."""

    def __init__(self, engine: Engine) -> None:
        self.path = sqlite_path(engine)
        self.inode = self._inode() if self.path is not None else None

    def _inode(self) -> tuple[int, int] | None:
        assert self.path is not None
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return None
        return (st.st_dev, st.st_ino)

    def check(self) -> None:
        """``DatabaseGone`` when the file is no longer the one opened at start."""
        if self.path is not None and self._inode() != self.inode:
            raise DatabaseGone(
                f"the database file {self.path} was deleted or replaced while the server ran; "
                "stopping (restore it from a backup, then start again)"
            )
