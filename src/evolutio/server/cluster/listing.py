"""The lobby's shared list of live rooms: each owner's summaries in one Redis hash.

A room's entry is written as soon as the room changes (a hook in ``Room.save`` and
``Room.send_room``: made, joined, started, finished, someone connected or left), batched over
:data:`DELAY` seconds, so another process's lobby shows it within a few milliseconds; every
entry is also rewritten with each lease renewal, which heals whatever a failed write missed.
Writes go one at a time under a lock, each with the summaries of the moment it is made, so
an older summary never lands after a newer one.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING

from evolutio.core.game import JSON
from evolutio.server.cluster.lease import PREFIX

if TYPE_CHECKING:
    from evolutio.server.cluster.owner import Owner

log = logging.getLogger("evolutio.server")

#: the lobby's live rooms, by id: the owner's summary of each (JSON)
LISTED = f"{PREFIX}rooms"
#: seconds the changes of a moment are gathered before they are written together
DELAY = 0.01


class Listing:
    """This process's entries in the shared list of live rooms."""

    def __init__(self, cluster: Owner) -> None:
        self.cluster = cluster
        self.dirty: set[str] = set()
        self._pending: asyncio.TimerHandle | None = None
        self._lock = asyncio.Lock()

    def touch(self, room_id: str) -> None:
        """Hook: ``room_id`` changed; its entry is written shortly."""
        self.dirty.add(room_id)
        if self._pending is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not on the event loop (loading): the renewal writes it
            return
        self._pending = loop.call_later(DELAY, self._flush)

    def _flush(self) -> None:
        self._pending = None
        rooms, self.dirty = self.dirty, set()
        self.cluster.spawn(self._write_now(rooms))

    async def _write_now(self, room_ids: set[str]) -> None:
        if self.cluster.outage.paused:
            return  # written again when Redis answers (``Cluster._resume``)
        try:
            await self.write(room_ids)
        except Exception as exc:  # Redis unreachable: written again after the outage
            if not self.cluster.unreachable(exc, "writing the lobby"):
                log.warning("cluster: lobby entries not written: %s", exc)

    async def write(self, room_ids: Iterable[str]) -> None:
        """Write the entries of these rooms of this process (listed ones shown, private and
        finished ones removed)."""
        async with self._lock:
            shown: dict[str, str] = {}
            hidden: list[str] = []
            rooms = self.cluster.hub.rooms
            for room_id in room_ids:
                room = rooms.get(room_id)
                if room is None:
                    continue  # gone from here: its next owner lists it
                if room.status in ("over", "closed") or room.private:
                    hidden.append(room_id)
                else:
                    shown[room_id] = json.dumps(room.summary(), ensure_ascii=False)
            if not shown and not hidden:
                return
            async with self.cluster.redis.pipeline(transaction=False) as pipe:
                if shown:
                    pipe.hset(LISTED, mapping=shown)
                if hidden:
                    pipe.hdel(LISTED, *hidden)
                await pipe.execute()

    async def listed(self) -> list[JSON]:
        """Every process's live, listed rooms (those whose owner still holds the lease)."""
        cluster = self.cluster
        here = cluster.hub.rooms
        out = [r.summary() for r in here.values() if r.status != "over" and not r.private]
        if cluster.outage.paused:
            return out  # the other processes' rooms cannot be read now
        try:
            entries: dict[str, str] = await cluster.redis.hgetall(LISTED)
            ids = sorted(entries)
            owners = await cluster.leases.owners(ids)
            gone = [r for r, owner in zip(ids, owners, strict=True) if owner is None]
            if gone:
                await cluster.redis.hdel(LISTED, *gone)
        except Exception as exc:
            if not cluster.unreachable(exc, "reading the lobby"):
                raise
            return out
        for room_id, owner in zip(ids, owners, strict=True):
            if owner is not None and room_id not in here:
                out.append(json.loads(entries[room_id]))
        return out
