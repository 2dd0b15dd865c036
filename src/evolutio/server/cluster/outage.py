"""A Redis outage as one state of the process, "relay paused", instead of a failure per call.

Every part of the cluster that finds Redis unreachable (a lease renewal, the bus listener, a
publish, a client's connect, an HTTP request) reports it here; the first report of an outage
logs one line and pauses the relay: every relayed socket is closed with :data:`PAUSED` (its
client reconnects), every proxy of a client relayed from elsewhere leaves its room (its process
is told once Redis is back), and connects to rooms played elsewhere are refused with 1013 until
the outage ends. Messages that could not be published meanwhile and that another process needs
(a proxy's close, a socket's detach) wait in :attr:`Outage.later` and go out when Redis answers
again, which the cluster's keeper finds (its own channel subscribed again) and reports with
:meth:`Outage.back`: a second log line, and the relay works again. So no socket is left open
and silent by a message lost in the outage, and the log says the outage once, not per call.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from redis.exceptions import RedisError

log = logging.getLogger("evolutio.server")

#: the close code of a socket whose room cannot be reached while Redis is unreachable
#: (1013, "try again later"): its client reconnects after a short wait
PAUSED = 1013
#: messages kept for after the outage at most (the oldest go first)
LATER = 10_000


class Unreachable(ConnectionError):
    """A call that needed Redis failed because Redis did not answer."""


class Paused(Unreachable):
    """Refused without asking Redis: the relay is paused (an outage is under way)."""


def unreachable(exc: BaseException) -> bool:
    """Whether ``exc`` says Redis cannot be reached (its client's errors, which wrap a refused
    or broken connection, or a publish that failed), as opposed to a fault of this process
    or a client's socket."""
    return isinstance(exc, (RedisError, Unreachable))


class Outage:
    """Whether this process reaches Redis; ``pause`` and ``resume`` run when that changes."""

    def __init__(self, pause: Callable[[], None], resume: Callable[[], None]) -> None:
        self._pause = pause
        self._resume = resume
        #: when the outage under way began (monotonic), None while Redis answers
        self.since: float | None = None
        #: reports of the outage under way (said in the line that ends it)
        self.reports = 0
        #: (node, kind, client id, payload) of the messages to publish once Redis is back
        self.later: list[tuple[str, str, str, str]] = []

    @property
    def paused(self) -> bool:
        return self.since is not None

    def failed(self, where: str, exc: BaseException) -> None:
        """Redis did not answer ``where``: the first report of an outage pauses the relay."""
        self.reports += 1
        if self.since is not None:
            return
        self.since = time.monotonic()
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        log.warning("cluster: Redis unreachable (%s: %s); relay paused", where, first)
        self._pause()

    def back(self) -> None:
        """Redis answers again (and this process listens again): the relay resumes."""
        if self.since is None:
            return
        log.warning("cluster: Redis answers again after %.1f s (%d failed calls); relay "
                    "resumed", time.monotonic() - self.since, self.reports)
        self.since, self.reports = None, 0
        self._resume()

    def keep(self, node: str, kind: str, cid: str, payload: str) -> None:
        """A message for ``node`` that could not be published: sent when Redis is back."""
        self.later.append((node, kind, cid, payload))
        del self.later[:-LATER]

    def take_later(self) -> list[tuple[str, str, str, str]]:
        """The messages kept for after the outage, now to be sent."""
        later, self.later = self.later, []
        return later
