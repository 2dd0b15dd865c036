"""The relaying side: a client connected to a process that does not own its room.

The client's frames are forwarded to the owner over Redis pub/sub, and the owner's frames for
it come back the same way into a local :class:`Conn` (its bounded queue and writer, as for any
socket). When the owner changes (it died and another process took the room over) the socket
is closed with code 1012, and the client reconnects to any process. When Redis cannot be
reached, every relayed socket is closed with 1013 (:mod:`outage`): frames may be lost.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fastapi import WebSocketDisconnect

from evolutio.server.cluster.outage import PAUSED
from evolutio.server.cluster.remote import MOVED
from evolutio.server.conn import Conn, RoomError

if TYPE_CHECKING:
    from evolutio.server.cluster.owner import Owner

log = logging.getLogger("evolutio.server")


@dataclass
class Relayed:
    """A local socket whose room another process owns."""

    conn: Conn
    room_id: str
    owner: str
    websocket: Any


class Relays:
    """Every relayed socket of this process, by client id."""

    def __init__(self, cluster: Owner) -> None:
        self.cluster = cluster
        self.by_id: dict[str, Relayed] = {}

    async def run(self, websocket: Any, conn: Conn, room_id: str, owner: str,
                  keys: list[str], writer: asyncio.Task[None]) -> None:
        """Relay one socket until it closes: attach at the owner, forward every frame. At
        the end the socket's counts (``keys`` of ``hub.sockets``) go down and its ``conn``
        and ``writer`` stop."""
        cid = secrets.token_hex(8)
        relayed = Relayed(conn, room_id, owner, websocket)
        self.by_id[cid] = relayed
        publish = self.cluster.publish
        attach = {"room": room_id, "node": self.cluster.node, "user": conn.user_id,
                  "name": conn.name, "lang": conn.lang}
        try:
            if not await publish(owner, "a", cid, json.dumps(attach)):
                await self.close(relayed, MOVED)
                return
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if conn.stopped:  # ended by the server, its close under way: nothing more counts
                    continue
                text = message.get("text")
                if text is None:
                    conn.send(RoomError("bad_message", "binary_frame").frame(conn.lang))
                    continue
                if not await publish(owner, "m", cid, text):
                    await self.close(relayed, MOVED)  # the owner is gone: reconnect
                    break
        except (WebSocketDisconnect, RuntimeError):
            pass
        except Exception as exc:
            if not self.cluster.unreachable(exc, f"relaying a socket of room {room_id}"):
                log.warning("relay of a socket in room %s failed: %s", room_id, exc)
                await self.close(relayed, MOVED)
            else:  # the outage closes it: the client reconnects after a while
                self.paused(relayed)
                await asyncio.wait({writer}, timeout=5)  # the error and the close go out
        finally:
            self.by_id.pop(cid, None)
            self.cluster.hub.sockets.subtract(keys)
            conn.stop()
            writer.cancel()
            await self.cluster.tell(owner, "d", cid, "")  # kept for later in an outage

    def frame(self, cid: str, text: str) -> None:
        relayed = self.by_id.get(cid)
        if relayed is not None:
            relayed.conn.send(text)

    def closed(self, cid: str, code: str) -> None:
        """The owner closed its proxy (the room moved, or the client fell behind)."""
        relayed = self.by_id.get(cid)
        if relayed is not None:
            self.cluster.spawn(self.close(relayed, int(code) if code.isdigit() else MOVED))

    def pause(self) -> None:
        """An outage of Redis: every relayed socket is closed (its frames may be lost)."""
        for relayed in list(self.by_id.values()):
            self.paused(relayed)

    @staticmethod
    def paused(relayed: Relayed) -> None:
        """Close a relayed socket for an outage: the error ``relay_paused``, then 1013 (its
        client reconnects after a short wait, to a process that reaches Redis by then)."""
        conn = relayed.conn
        conn.send(RoomError("relay_paused", "relay_paused").frame(conn.lang))
        conn.stop(PAUSED)

    async def close(self, relayed: Relayed, code: int) -> None:
        relayed.conn.closed = True
        try:
            await relayed.websocket.close(code=code)
        except (RuntimeError, OSError) as exc:
            log.debug("relayed socket already closed: %s", exc)

    async def sweep(self) -> None:
        """Close the sockets whose room changed owner (the old one died): they reconnect."""
        if not self.by_id:
            return
        items = list(self.by_id.values())
        rooms = sorted({r.room_id for r in items})
        owners = dict(zip(rooms, await self.cluster.leases.owners(rooms), strict=True))
        for relayed in items:
            owner = owners[relayed.room_id]
            if owner is not None and owner != relayed.owner:
                await self.close(relayed, MOVED)
