"""Start the server for the tests (the toy game is registered by its entry point).

The server tests run this file in a subprocess: ``python launch.py PORT DB_URL [GRACE]``.
It does what ``evolutio serve`` does (tests/server/test_server_cli.py covers that command).

Fault injection for tests/server/faults: while the file named by ``$EVOLUTIO_FAULT_FILE``
exists, statements fail in the database driver (an ``OperationalError`` of the driver in use:
SQLite's or psycopg's). What fails is the file's text: empty, every write statement (a
read-only file); ``insert``, inserts only (a full disk, where rewriting a page already there
still succeeds); ``down``, every statement and every new connection (a lost database server).

``$EVOLUTIO_TEST_BOT_DELAY`` sets the bots' delay (0 by default),
``$EVOLUTIO_TEST_REQUEST_TIMEOUT`` the seconds a request may take to arrive whole and
``$EVOLUTIO_TEST_EMPTY_ROOM_TIMEOUT`` the seconds before an empty open room closes.
``$EVOLUTIO_TEST_SMTP`` is the SMTP URL e-mail goes to, on a fast mail clock: an hour of
``$EVOLUTIO_TEST_MAIL_HOUR`` seconds (1 by default), a round every 0.1 s, a first retry
after 0.2 s, the digest from hour 0, a claimed e-mail taken again after 2 s.
``$EVOLUTIO_TEST_DAY`` is the seconds of a day of a turn-based room's clock (``days`` per
move; 86400 by default), given to the server as its ``day`` setting: with 24 mail hours in it,
a test's "days" pass in seconds on both clocks.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

import evolutio.server.app as server_app
from evolutio.server.db import make_engine
from evolutio.server.mail.mailer import MailSettings
from evolutio.server.process import TimedH11Protocol, run
from evolutio.server.timing import DAY

WRITES = ("INSERT", "UPDATE", "DELETE")


def fault(flag: Path) -> str | None:
    """The fault injected now (None: none): the fault file's text."""
    try:
        return flag.read_text().strip()
    except FileNotFoundError:
        return None


def faulty_engine(url: str) -> Engine:
    """``make_engine`` whose statements fail while the fault file exists."""
    engine = make_engine(url)
    flag = Path(os.environ["EVOLUTIO_FAULT_FILE"])
    dbapi: Any = engine.dialect.dbapi
    failure = dbapi.OperationalError
    # what the driver raises on a connection its server dropped: SQLAlchemy then discards
    # the connection, and the next one must be made anew (and is refused)
    lost = (dbapi.ProgrammingError("Cannot operate on a closed database.")
            if engine.dialect.name == "sqlite"
            else failure("server closed the connection unexpectedly (injected)"))

    @event.listens_for(engine, "before_cursor_execute")
    def _fail(_conn: Any, cursor: Any, statement: str, *_args: Any) -> None:
        mode = fault(flag)
        verb = statement.lstrip().upper()
        if mode == "down":
            raise lost
        if mode is not None and verb.startswith(("INSERT",) if mode == "insert" else WRITES):
            raise failure("database or disk is full (injected)")

    @event.listens_for(engine, "do_connect")
    def _refuse(*_args: Any) -> None:
        if fault(flag) == "down":
            raise failure("connection refused (injected)")

    return engine


if __name__ == "__main__":
    port, url = int(sys.argv[1]), sys.argv[2]
    grace = float(sys.argv[3]) if len(sys.argv) > 3 else 30.0
    if os.environ.get("EVOLUTIO_FAULT_FILE"):
        server_app.make_engine = faulty_engine  # type: ignore[assignment]
    if os.environ.get("EVOLUTIO_TEST_REQUEST_TIMEOUT"):
        TimedH11Protocol.timeout = float(os.environ["EVOLUTIO_TEST_REQUEST_TIMEOUT"])
    bot_delay = float(os.environ.get("EVOLUTIO_TEST_BOT_DELAY", "0"))
    empty = float(os.environ.get("EVOLUTIO_TEST_EMPTY_ROOM_TIMEOUT", "900"))
    day = float(os.environ.get("EVOLUTIO_TEST_DAY", str(DAY)))
    mail = None
    if os.environ.get("EVOLUTIO_TEST_SMTP"):
        mail = MailSettings(smtp=os.environ["EVOLUTIO_TEST_SMTP"],
                            public_url=f"http://127.0.0.1:{port}", tick=0.1,
                            hour=float(os.environ.get("EVOLUTIO_TEST_MAIL_HOUR", "1")),
                            backoff=0.2, tries=int(os.environ.get("EVOLUTIO_TEST_MAIL_TRIES", "8")),
                            digest_hour=0, lease=2.0)
    application = server_app.create_app(url, grace=grace, bot_delay=bot_delay,
                                        empty_room_timeout=empty, mail=mail, day=day)
    status = run(
        application,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws_max_size=1024 * 1024,
        ws_per_message_deflate=False,
    )
    if status:
        print(f"evolutio: {application.state.fatal}", file=sys.stderr)
        sys.exit(status)
