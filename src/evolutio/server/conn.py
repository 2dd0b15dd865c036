"""One client connection of a room, and the refusals a room answers with."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from typing import Any

from evolutio.core.game import JSON
from evolutio.server import wire
from evolutio.server.i18n import LANGUAGES
from evolutio.server.texts import say, table

log = logging.getLogger("evolutio.server")


class RoomError(Exception):
    """A refused request; ``code`` is stable for programs, the message is for people.

    ``RoomError(code, key, **fields)`` names a sentence of :mod:`texts`, said in each
    connection's language when sent (:meth:`text`); ``message`` is its English form. A text
    that is not a sentence key (a game's reason, an older call) is sent as written.
    """

    def __init__(self, code: str, key: str, /, **fields: Any) -> None:
        self.code = code
        self.key: str | None = key if key in table() else None
        self.fields = fields
        self.message = key if self.key is None else self.text("en")
        super().__init__(self.message)

    def text(self, lang: str) -> str:
        """The message in ``lang`` (as written when it is not one of the server's sentences);
        a field with an ``in_lang(lang)`` method is said in that language too."""
        return self.message if self.key is None else say(lang, self.key, **self.fields)

    def frame(self, lang: str, ref: Any = None) -> JSON:
        """The ``error`` message for a connection speaking ``lang``."""
        return {"type": "error", "code": self.code, "message": self.text(lang), "ref": ref}


#: the queue's place of a full state made when it is sent (see ``Conn.send_full``)
FULL = "\x00full"


class Conn:
    """One WebSocket of one person (or an anonymous spectator) in one room.

    Outgoing frames go through a bounded queue drained by a writer task, so a slow client
    never stalls a room; one that falls too far behind is dropped and can resync.
    """

    MAX_QUEUE = 2000
    #: bytes (UTF-8 characters, counted as one each) queued before the socket is dropped
    MAX_BYTES = 4 * 1024 * 1024

    def __init__(
        self,
        user_id: int | None,
        name: str,
        send: Callable[[str], Any],
        close: Callable[[], Any],
        lang: str = "en",
    ) -> None:
        self.user_id = user_id
        self.name = name
        #: the language of the legal actions' and the log's sentences (en when unknown)
        self.lang = lang if lang in LANGUAGES else "en"
        self._send = send
        self._close = close
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.queued = 0  # characters waiting in the queue
        #: a full state asked for and not yet sent: made when its turn comes (one at a time)
        self._full: Callable[[], str | None] | None = None
        self.msg_times: deque[float] = deque()
        self.closed = False
        #: whether a malformed frame of this socket was logged already (once is enough)
        self.warned = False
        #: the close code the socket gets when the queue ends (see ``stop``)
        self.code = 4408
        #: whether the server ended the socket (``stop``: its first code is kept); its
        #: frames are no longer handled then. A socket whose sending failed is only
        #: ``closed``: frames it sent before going still count
        self.stopped = False

    def send(self, message: JSON | str) -> None:
        if self.closed:
            return
        text = message if isinstance(message, str) else wire.dumps(message)
        if self.queue.qsize() > self.MAX_QUEUE or self.queued + len(text) > self.MAX_BYTES:
            log.info("connection of %s dropped: it does not read its frames", self.name)
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queued += len(text)
        self.queue.put_nowait(text)

    def send_full(self, make: Callable[[], str | None]) -> None:
        """Queue a full state, made when it is sent: asked for again while one waits in the
        queue (``resync`` after ``resync``), it is not queued twice."""
        if self.closed:
            return
        waiting = self._full is not None
        self._full = make
        if not waiting:
            self.queue.put_nowait(FULL)

    async def writer(self) -> None:
        """Drain the queue into the socket; a socket that fails just ends the writer."""
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    await self._close()
                    return
                if text is FULL:
                    make, self._full = self._full, None
                    full = make() if make is not None else None
                    if full is not None:
                        await self._send(full)
                    continue
                self.queued -= len(text)
                await self._send(text)
        except (OSError, RuntimeError, ConnectionError) as exc:
            self.closed = True
            log.debug("connection of %s ended while sending: %s", self.name, exc)
        except Exception as exc:  # the ASGI server's own "connection closed" errors
            self.closed = True
            log.debug("connection of %s ended while sending: %r", self.name, exc)

    def stop(self, code: int = 4408) -> None:
        """Close the socket after what is queued, with ``code`` (4408: it fell behind); the
        first reason given stays the socket's close code."""
        if not self.stopped:
            self.stopped = True
            self.code = code
        self.closed = True
        self.queue.put_nowait(None)
