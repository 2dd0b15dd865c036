"""Start the server for the tests (the toy game is registered by its entry point).

The server tests run this file in a subprocess: ``python launch.py PORT DB_URL [GRACE]``.
It does what ``evolutio serve`` does (tests/server/test_server_cli.py covers that command).

Fault injection for tests/server/faults: while the file named by ``$EVOLUTIO_FAULT_FILE``
exists, every write statement fails in the database driver, as on a full disk or a read-only
file (an ``OperationalError`` of the driver in use: SQLite's or psycopg's).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import uvicorn
from sqlalchemy import event
from sqlalchemy.engine import Engine

import evolutio.server.app as server_app
from evolutio.server.db import make_engine

WRITES = ("INSERT", "UPDATE", "DELETE")


def faulty_engine(url: str) -> Engine:
    """``make_engine`` whose writes fail while the fault file exists."""
    engine = make_engine(url)
    flag = Path(os.environ["EVOLUTIO_FAULT_FILE"])
    failure = engine.dialect.dbapi.OperationalError  # type: ignore[union-attr]

    @event.listens_for(engine, "before_cursor_execute")
    def _fail(_conn: Any, cursor: Any, statement: str, *_args: Any) -> None:
        if flag.exists() and statement.lstrip().upper().startswith(WRITES):
            raise failure("database or disk is full (injected)")

    return engine


if __name__ == "__main__":
    port, url = int(sys.argv[1]), sys.argv[2]
    grace = float(sys.argv[3]) if len(sys.argv) > 3 else 30.0
    if os.environ.get("EVOLUTIO_FAULT_FILE"):
        server_app.make_engine = faulty_engine  # type: ignore[assignment]
    application = server_app.create_app(url, grace=grace, bot_delay=0.0)
    uvicorn.run(
        application,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws_max_size=1024 * 1024,
        ws_per_message_deflate=False,
    )
    if application.state.fatal:
        sys.exit(f"evolutio: {application.state.fatal}")
