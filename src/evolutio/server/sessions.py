"""The open sockets of each login session, closed when the session ends.

A socket opened with a session token acts under its person's name for as long as it is open,
so the end of the session must end the socket too: a logout (``POST /api/logout``) closes the
sockets of that session in this process at once; a session's expiry (``auth.SESSION_DAYS``
after its login) closes them at that moment; and every :data:`CHECK` seconds each process asks
the database which of its sockets' sessions still exist, so a logout answered by another
process (``serve --redis``) or a session deleted by hand ends the sockets everywhere. A closed
socket first gets the error ``session_ended``, then the close code :data:`ENDED`; no frame of
it is handled after that.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from sqlalchemy.exc import SQLAlchemyError

from evolutio.server import auth
from evolutio.server.conn import Conn, RoomError
from evolutio.server.db import utcnow
from evolutio.server.store import StorageError, Store

log = logging.getLogger("evolutio.server")

#: the close code of a socket whose login session ended (logout, expiry, password change)
ENDED = 4401
#: seconds between two checks of the open sockets' sessions against the database
CHECK = 5.0


class Sessions:
    """The open sockets by the hash of their session token, and their expiry timers."""

    def __init__(self, store: Store, check: float = CHECK) -> None:
        self.store = store
        self.check = check
        self.by_hash: dict[str, set[Conn]] = {}
        self._timers: dict[Conn, asyncio.TimerHandle] = {}

    def opened(self, conn: Conn, token_hash: str, created: datetime) -> None:
        """A socket of the session ``token_hash`` (logged in at ``created``) is open."""
        self.by_hash.setdefault(token_hash, set()).add(conn)
        left = (created + timedelta(days=auth.SESSION_DAYS) - utcnow()).total_seconds()
        loop = asyncio.get_running_loop()
        self._timers[conn] = loop.call_later(max(left, 0.0), self.end, token_hash, "expired")

    def closed(self, conn: Conn, token_hash: str) -> None:
        """The socket is closed: forgotten."""
        conns = self.by_hash.get(token_hash)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.by_hash[token_hash]
        timer = self._timers.pop(conn, None)
        if timer is not None:
            timer.cancel()

    def end(self, token_hash: str, why: str) -> int:
        """Close every socket of the session ``token_hash`` (``why``: for the log); how many."""
        conns = self.by_hash.pop(token_hash, set())
        for conn in conns:
            timer = self._timers.pop(conn, None)
            if timer is not None:
                timer.cancel()
            conn.send(RoomError("session_ended", "session_ended").frame(conn.lang))
            conn.stop(ENDED)
        if conns:
            log.info("session of %s %s: %d socket(s) closed", next(iter(conns)).name, why,
                     len(conns))
        return len(conns)

    async def watch(self, off_loop: Callable[[Callable[[], set[str]]], Awaitable[set[str]]]
                    ) -> None:
        """Every ``check`` seconds, end the sockets whose session is gone from the database
        (``off_loop`` runs the query off the event loop)."""
        while True:
            await asyncio.sleep(self.check)
            hashes = list(self.by_hash)
            if not hashes:
                continue
            try:
                live = await off_loop(functools.partial(self._live, hashes))
            except (SQLAlchemyError, StorageError) as exc:  # the database is down: next time
                log.debug("sessions not checked: %s", exc)
                continue
            for token_hash in hashes:
                if token_hash not in live:
                    self.end(token_hash, "ended")

    def _live(self, hashes: list[str]) -> set[str]:
        with self.store.session() as s:
            return auth.live_sessions(s, hashes)
