"""A server process alone on its database: the one-process side of ``faces.ClusterFace``.

Every room of the database is played here, so nothing is leased, relayed, forwarded or
listed elsewhere: the hub, its rooms, the lobby and the app ask this object the same
questions they ask a real cluster (:mod:`node`) and get the one-process answers. The
database is held by a file or advisory lock (``lock.ProcessLock``) instead of leases.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from evolutio.server.migrate import upgrade

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from evolutio.core.game import JSON
    from evolutio.server.conn import Conn
    from evolutio.server.db import User
    from evolutio.server.faces import RoomFace, SavingRoom
    from evolutio.server.lock import ProcessLock
    from evolutio.server.rooms import Room


class Rooms(Protocol):
    """What a lone process asks of its hub (``hub.Hub``): its rooms."""

    @property
    def rooms(self) -> dict[str, Room]: ...

    def room(self, room_id: str) -> Room | None: ...

    def load_all(self) -> int: ...


class Alone:
    """This process, the only one on its database (``evolutio serve`` without ``--redis``)."""

    def __init__(self, hub: Rooms) -> None:
        self.hub = hub

    # -- what the hub and its rooms ask ------------------------------------------------------

    def touch(self, room_id: str) -> None:
        """A room changed: the lobby reads this process's rooms, so nothing is told."""

    def claim_new(self, room_id: str) -> None:
        """A new room: no other process can hold it, so nothing is claimed."""

    def conflict(self, room: SavingRoom, exc: Exception) -> bool:
        """No other process writes this database's action logs: a failed write is never
        one's (the hub retries it)."""
        return False

    def unreachable(self, exc: BaseException, where: str) -> bool:
        """Whether ``exc`` is an outage of Redis: never, no Redis is used."""
        return False

    def retried(self, room: RoomFace, conn: Conn, seat: int, version: int) -> bool:
        """No client is relayed here from another process, so no ``act`` comes again after
        a move to it: an old version is stale."""
        return False

    # -- what the lobby asks -----------------------------------------------------------------

    def elsewhere(self, room_id: str) -> bool:
        """Whether ``room_id`` may be live in another process: never."""
        return False

    async def rematch(self, user: User, old_id: str, said: str) -> JSON | None:
        """The rematch decided in another process: None, it is decided here."""
        return None

    async def hint(self, user: User, room_id: str, version: str, lang: str,
                   said: str) -> JSON | None:
        """A hint asked of another process: None, the room is here or nowhere."""
        return None

    # -- what the app asks -------------------------------------------------------------------

    def prepare(self, engine: Engine, lock: ProcessLock) -> None:
        """At start: hold the database (one process per database), then migrate it."""
        lock.acquire()
        upgrade(engine)

    def load(self) -> int:
        """At start: every live room of the database is loaded now (their count)."""
        return self.hub.load_all()

    async def start(self, handle: Callable[[Room, Conn, str], None]) -> None:
        """Nothing runs beside the rooms: no bus, leases or scans."""

    async def stop(self) -> None:
        """Nothing to hand over: the rooms stop with the process."""

    async def listed(self) -> list[JSON]:
        """The lobby's live rooms: this process's, unless finished or private."""
        return [r.summary() for r in self.hub.rooms.values()
                if r.status != "over" and not r.private]

    async def summary(self, room_id: str, said: str) -> JSON | None:
        """A room's summary from the process playing it: None, no other process plays
        one."""
        return None

    async def place(self, room_id: str) -> tuple[Room | None, str | None]:
        """Where ``room_id`` is played: here (its room) or nowhere (None, None)."""
        return self.hub.room(room_id), None

    async def relay(self, websocket: Any, conn: Conn, room_id: str, owner: str,
                    keys: list[str], writer: asyncio.Task[None]) -> None:
        """A socket for a room another process plays: :meth:`place` never names one."""
        raise RuntimeError(f"room {room_id} is played here or nowhere, not by {owner}")
