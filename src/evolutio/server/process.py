"""The server process under uvicorn: how it reads requests, how it stops, what it exits with.

``run`` serves an application until it is stopped. A clean stop (SIGTERM, SIGINT) exits 0; a
fatal stop (``Hub.fatal``: the SQLite file was deleted under the server) stops the server the
same way but exits with :data:`EXIT_FATAL`, which a supervisor must not read as a clean stop
(``deploy/systemd/evolutio@.service`` does not restart on it). A start refused because the
database disappeared exits with the same status.

HTTP requests are read with :class:`TimedH11Protocol`: a request that does not arrive whole
(its head and body) within :data:`REQUEST_TIMEOUT` seconds of its first byte, or of the
connection for its first request, has its connection closed, so half-open requests cannot
hold connections (and their memory) for good. An idle keep-alive connection is closed after
:data:`KEEP_ALIVE` seconds (uvicorn's own timer).
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.h11_impl import H11Protocol

from evolutio.server import memtrace

#: the exit status of a fatal stop, and of a start refused because the database is gone
EXIT_FATAL = 3
#: seconds a request may take to arrive whole (head and body) from its first byte
REQUEST_TIMEOUT = 10.0
#: seconds an idle keep-alive connection stays open between requests
KEEP_ALIVE = 5
#: the peer's states of h11 in which no request is on its way (or the socket left HTTP)
_AT_REST = (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR, h11.SWITCHED_PROTOCOL)


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on each request (:data:`REQUEST_TIMEOUT`)."""

    timeout = REQUEST_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._deadline: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._arm()  # the first request must come, whole, in time

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm()  # the socket is the WebSocket protocol's from now on
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _follow(self) -> None:
        """Arm the deadline while a request is partly read, drop it otherwise."""
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            self._disarm()
            return
        state = self.conn.their_state
        partial = state is h11.SEND_BODY or (state is h11.IDLE and self.conn.trailing_data[0])
        if state in _AT_REST or not partial:
            self._disarm()
        elif self._deadline is None:
            self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.timeout, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self) -> None:
        """The request did not arrive whole in time: close the connection."""
        self._deadline = None
        if not self.transport.is_closing() and self.transport.get_protocol() is self:
            self.transport.close()


def options(**given: Any) -> dict[str, Any]:
    """uvicorn's settings for the server: ``given`` (host, port, ...) with the request
    deadline's protocol and the keep-alive timeout."""
    return {"http": TimedH11Protocol, "timeout_keep_alive": KEEP_ALIVE, **given}


def run(application: FastAPI, **given: Any) -> int:
    """Serve ``application`` (``given``: uvicorn's settings) until it stops; the exit status:
    0 after a clean stop, :data:`EXIT_FATAL` after a fatal one."""
    server = uvicorn.Server(uvicorn.Config(application, **options(**given)))

    def stop() -> None:
        server.should_exit = True  # as on SIGTERM, but with no signal to raise again after

    application.state.hub.on_fatal = stop
    memtrace.install()  # only with $EVOLUTIO_TRACEMALLOC (memory soaks)
    server.run()
    return EXIT_FATAL if application.state.fatal else 0
