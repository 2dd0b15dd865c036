"""The owner's side of a relayed client: a proxy connection in the room.

A client connected to another process is, in the owning process, a :class:`Conn` like any
other (user, language, seat, send): its writer publishes each frame to the client's process,
which delivers it. So frames, per-seat views, languages and chat need no special case; the
room does not know which of its connections are remote.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from evolutio.server.cluster.lease import node_channel
from evolutio.server.conn import Conn

if TYPE_CHECKING:
    from evolutio.server.cluster.owner import Owner
    from evolutio.server.rooms import Room

log = logging.getLogger("evolutio.server")

#: the close code sent to a client whose room moved to another process (reconnect anywhere)
MOVED = 1012


@dataclass
class Remote:
    """A relayed client in this process's room: its proxy, its writer, the relaying process."""

    conn: Conn
    room: Room
    writer: asyncio.Task[None]
    node: str


class Remotes:
    """Every relayed client of the rooms this process owns, by client id."""

    def __init__(self, cluster: Owner) -> None:
        self.cluster = cluster
        self.by_id: dict[str, Remote] = {}

    def attach(self, cid: str, payload: str) -> None:
        """A client of another process joins one of our rooms: its proxy attaches."""
        data = json.loads(payload)
        node = str(data["node"])
        room = self.cluster.hub.room(str(data["room"]))
        publish = self.cluster.publish
        if room is None or cid in self.by_id:
            self.cluster.spawn(self.cluster.tell(node, "c", cid, str(MOVED)))
            return
        user = data.get("user")

        async def send(text: str) -> None:
            if not await publish(node, "f", cid, text):
                raise ConnectionError("the relaying process is gone")

        async def close() -> None:  # 4408: it fell behind; 1012 (MOVED): the room moved
            await self.cluster.tell(node, "c", cid, str(conn.code))

        conn = Conn(user if isinstance(user, int) else None, str(data["name"]), send, close,
                    str(data.get("lang") or "en"))
        conn.MAX_BYTES = self.cluster.hub.limits.queue_bytes
        writer = asyncio.get_running_loop().create_task(conn.writer())
        self.by_id[cid] = Remote(conn, room, writer, node)
        room.attach(conn)

    def message(self, cid: str, text: str) -> None:
        """A client frame forwarded by its process: handled as a local one is."""
        remote = self.by_id.get(cid)
        handle = self.cluster.handle
        if remote is None or handle is None or remote.conn.closed:
            return
        handle(remote.room, remote.conn, text)

    def detach(self, cid: str) -> None:
        """The client left (or its process is gone): its proxy leaves the room."""
        remote = self.by_id.pop(cid, None)
        if remote is None:
            return
        if self.cluster.hub.room(remote.room.id) is remote.room:
            remote.room.detach(remote.conn)
        remote.conn.closed = True
        remote.writer.cancel()

    async def sweep(self) -> None:
        """Detach the proxies whose writer ended or whose relaying process stopped
        listening (killed): presence stays true."""
        if not self.by_id:
            return
        nodes = sorted({r.node for r in self.by_id.values()})
        counts = await self.cluster.redis.pubsub_numsub(*[node_channel(n) for n in nodes])
        alive = {n for n, (_, count) in zip(nodes, counts, strict=True) if int(count) > 0}
        for cid, remote in list(self.by_id.items()):
            if remote.conn.closed or remote.node not in alive:
                self.detach(cid)

    def drop_room(self, room: Any) -> None:
        """The room left this process: its proxies are told to reconnect."""
        for cid, remote in list(self.by_id.items()):
            if remote.room is room:
                del self.by_id[cid]
                remote.writer.cancel()
                self.cluster.spawn(self.cluster.tell(remote.node, "c", cid, str(MOVED)))

    def pause(self) -> None:
        """An outage of Redis: every proxy leaves its room (frames for it would be lost);
        its relaying process is told to close the client's socket once Redis is back, if
        it has not closed it already for the same outage."""
        for cid, remote in list(self.by_id.items()):
            self.detach(cid)
            self.cluster.outage.keep(remote.node, "c", cid, str(MOVED))
