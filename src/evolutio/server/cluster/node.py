"""One server process of several sharing rooms: leases, the message bus, takeovers.

Every process listens on its own Redis channel. A room lives in the process holding its lease
(:mod:`lease`): that process plays it (the action log, clocks, bots), and every other process
relays its clients there (:mod:`relay`, :mod:`remote`). Each process scans the database for
live rooms nobody holds (their owner died, so the lease expired) and takes them: it rebuilds
the game from the event log, as a restarted single server does, and restarts its clocks and
bots. The database's action log key (room, index) makes a second write of one index fail, so
no action is ever applied twice even if two processes briefly both believed they owned a room.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import threading
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import redis
import redis.asyncio as aioredis
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from evolutio.core.game import JSON
from evolutio.server.cluster.ask import Asks
from evolutio.server.cluster.bus import Bus
from evolutio.server.cluster.forward import Forward
from evolutio.server.cluster.lease import PREFIX, Leases, node_channel
from evolutio.server.cluster.listing import Listing
from evolutio.server.cluster.outage import Outage, Paused, unreachable
from evolutio.server.cluster.relay import Relays
from evolutio.server.cluster.remote import MOVED, Remotes
from evolutio.server.migrate import upgrade
from evolutio.server.store import StorageError

if TYPE_CHECKING:
    from evolutio.server.conn import Conn
    from evolutio.server.db import User
    from evolutio.server.faces import RoomFace, SavingRoom
    from evolutio.server.hub import Hub
    from evolutio.server.lock import ProcessLock
    from evolutio.server.rooms import Room

log = logging.getLogger("evolutio.server")

#: the state a room object is left in when it moves to another process (nothing acts on it)
GONE = "moved"


class Cluster:
    """This process's part in a cluster on the Redis server at ``url``."""

    def __init__(self, hub: Hub, url: str, lease: float = 3.0) -> None:
        self.hub = hub
        self.node = secrets.token_hex(6)
        self.lease = lease
        self.redis: Any = aioredis.from_url(url, decode_responses=True)
        self.sync: Any = redis.Redis.from_url(url, decode_responses=True)
        self.leases = Leases(self.redis, self.sync, self.node, lease)
        self.bus = Bus(aioredis.from_url(url, decode_responses=True))
        #: whether Redis answers: an outage pauses the relay (:mod:`outage`)
        self.outage = Outage(self._pause, self._resume)
        self.bus.failed = lambda exc: self.unreachable(exc, "publishing")
        self.remotes = Remotes(self)
        self.relays = Relays(self)
        self.asks = Asks(self)
        self.forward = Forward(self)
        self.listing = Listing(self)
        #: the app's handler of one client frame (``handle(room, conn, text)``)
        self.handle: Callable[[Room, Conn, str], None] | None = None
        #: the rooms whose lease this process holds (all of ``hub.rooms``)
        self.owned: set[str] = set()
        #: rooms being loaded after their lease was taken (owned, not yet in ``hub.rooms``)
        self.taking: set[str] = set()
        self.renewed = time.monotonic()
        self._tasks: list[asyncio.Task[None]] = []
        self._pubsub: Any = None
        self._spawned: set[asyncio.Task[Any]] = set()
        self._stopping = threading.Event()
        hub.cluster = self

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run ``work`` on the event loop, kept referenced until it ends."""
        task = asyncio.get_running_loop().create_task(work)
        self._spawned.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        """A spawned task ended: its failure is an outage, or logged once."""
        self._spawned.discard(task)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is not None and not self.unreachable(exc, "a message"):
            log.error("cluster: a task failed: %r", exc, exc_info=exc)

    # -- outages -----------------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        """Whether an outage of Redis is under way (the relay is paused)."""
        return self.outage.paused

    def unreachable(self, exc: BaseException, where: str) -> bool:
        """Whether ``exc`` says Redis cannot be reached; if so the outage is reported (one
        log line per outage, the relay paused)."""
        if not unreachable(exc):
            return False
        self.outage.failed(where, exc)
        return True

    def _pause(self) -> None:
        """An outage began: relayed sockets close (1013), proxies of clients relayed here
        leave their rooms; both sides' processes are told once Redis is back."""
        self.relays.pause()
        self.remotes.pause()

    def _resume(self) -> None:
        """Redis answers again: the messages kept during the outage go out, the lobby's
        entries of this process's rooms are written again."""
        for node, kind, cid, payload in self.outage.take_later():
            self.spawn(self.tell(node, kind, cid, payload))
        for room_id in self.hub.rooms:
            self.listing.touch(room_id)

    async def tell(self, node: str, kind: str, cid: str, payload: str) -> None:
        """Publish a message ``node`` must get even if Redis is unreachable now (a close, a
        detach): kept and sent when Redis is back."""
        if self.paused:
            self.outage.keep(node, kind, cid, payload)
            return
        try:
            await self.publish(node, kind, cid, payload)
        except Exception as exc:
            if not self.unreachable(exc, "publishing"):
                raise
            self.outage.keep(node, kind, cid, payload)

    def prepare(self, engine: Engine, lock: ProcessLock) -> None:
        """At start: fail when Redis cannot be reached (a bad URL, a server down), then
        migrate the database, one process at a time (a lock in Redis: processes started
        together wait for the first). The database's ``lock`` is not taken: rooms have
        leases instead."""
        self.sync.ping()
        with self.sync.lock(f"{PREFIX}migrating", timeout=120, blocking_timeout=150):
            upgrade(engine)

    def load(self) -> int:
        """At start: no room is loaded now; rooms are taken as clients or scans ask."""
        return 0

    # -- life --------------------------------------------------------------------------------

    async def start(self, handle: Callable[[Room, Conn, str], None]) -> None:
        """Listen, renew, scan; ``handle`` is the app's handler of one client frame."""
        self.handle = handle
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(node_channel(self.node))
        self.bus.start()
        loop = asyncio.get_running_loop()
        self._stopping.clear()
        threading.Thread(target=self._renew, args=(loop,), name="leases", daemon=True).start()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._keep()),
                       loop.create_task(self._scan())]
        log.info("cluster node %s listening (lease %.1f s)", self.node, self.lease)

    async def stop(self) -> None:
        """A clean stop: the rooms are handed over (relayed clients told to reconnect, with
        1012 as the local ones get from the server's stop) and the leases go at once, so
        other processes take the rooms now."""
        self._stopping.set()
        for task in self._tasks:
            task.cancel()
        for room in list(self.hub.rooms.values()):
            self.remotes.drop_room(room)
        try:  # the relays' close messages go out before the bus stops
            await asyncio.wait_for(asyncio.gather(*self._spawned, return_exceptions=True), 2)
        except TimeoutError:
            log.warning("cluster: relayed clients not all told of the stop")
        self.bus.stop()
        for room_id in sorted(self.owned):
            try:
                await self.leases.release(room_id)
            except Exception as exc:
                log.warning("lease of room %s not released: %s", room_id, exc)
        self.owned.clear()
        if self._pubsub is not None:
            await self._pubsub.aclose()
        await self.redis.aclose()
        await self.bus.redis.aclose()
        self.sync.close()

    async def publish(self, node: str, kind: str, cid: str, payload: str) -> bool:
        """Send one message to the process ``node``; False when nobody listens there;
        :class:`Paused` (asking nothing of Redis) during an outage."""
        if self.paused:
            raise Paused("the relay is paused: Redis is unreachable")
        return bool(await self.bus.publish(node_channel(node), f"{kind} {cid} {payload}"))

    async def _listen(self) -> None:
        while True:
            try:
                async for message in self._pubsub.listen():
                    if message.get("type") == "message":
                        self._dispatch(str(message["data"]))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if not self.unreachable(exc, "listening"):
                    log.exception("cluster: the message bus failed; listening again")
                await asyncio.sleep(0.5)

    def _dispatch(self, data: str) -> None:
        kind, cid, payload = [*data.split(" ", 2), "", ""][:3]
        try:
            if kind == "m":
                self.remotes.message(cid, payload)
            elif kind == "f":
                self.relays.frame(cid, payload)
            elif kind == "a":
                self.remotes.attach(cid, payload)
            elif kind == "d":
                self.remotes.detach(cid)
            elif kind == "c":
                self.relays.closed(cid, payload)
            elif kind == "q":
                self.asks.question(cid, payload)
            elif kind == "r":
                self.asks.answer(cid, payload)
        except Exception:
            log.exception("cluster: message %r failed", kind)

    # -- owning rooms ------------------------------------------------------------------------

    def claim_new(self, room_id: str) -> None:
        """A room made here (``POST /api/rooms``): its lease before its row exists (none
        during an outage: the request is answered 503 at once)."""
        if self.paused:
            raise Paused("the relay is paused: Redis is unreachable")
        if not self.leases.claim_now(room_id):
            raise RuntimeError(f"room {room_id} is held by another process")
        self.owned.add(room_id)

    async def place(self, room_id: str) -> tuple[Room | None, str | None]:
        """Where ``room_id`` is played: here (its room, taken over now if nobody held it),
        or in another live process (that process's id); (None, None): no live room."""
        deadline = time.monotonic() + 2 * self.lease + 1
        while True:
            room = self.hub.room(room_id)
            if room is not None:
                return room, None
            if self.paused:  # nothing to ask Redis until it answers again
                raise Paused("the relay is paused: Redis is unreachable")
            if room_id in self.hub.skipped:
                return None, None
            owner = await self.leases.owner(room_id)
            if owner is None:
                if not await asyncio.to_thread(self.hub.store.is_live, room_id):
                    return None, None
                if await self.leases.claim(room_id):
                    return await self.take(room_id), None
            elif owner != self.node and await self.leases.alive(owner):
                return None, owner
            if time.monotonic() > deadline:
                return None, None  # an owner that died and whose lease has not expired yet
            await asyncio.sleep(0.2)

    async def take(self, room_id: str) -> Room | None:
        """Load a room whose lease this process just took: rebuilt from the event log, its
        clocks and bots started."""
        self.owned.add(room_id)
        self.taking.add(room_id)  # kept while it loads (``_keep`` lets forgotten rooms go)
        try:
            stored = await asyncio.to_thread(self.hub.store.load_room, room_id)
        finally:
            self.taking.discard(room_id)
        if room_id not in self.owned:  # the lease was lost while loading
            return None
        room = self.hub.load_one(stored) if stored is not None else None
        if room is None or not self.hub.start_one(room):
            self.owned.discard(room_id)
            await self.leases.release(room_id)
            return None
        log.info("cluster: room %s taken over at version %d", room_id, room.version)
        self.listing.touch(room_id)
        return room

    def drop(self, room_id: str) -> None:
        """The lease was lost: the room leaves this process, its clients reconnect."""
        self.owned.discard(room_id)
        room = self.hub.rooms.pop(room_id, None)
        if room is None:
            return
        log.warning("cluster: room %s lost its lease here; it moves", room_id)
        room.status = GONE  # clocks, bots and grace periods left over do nothing now
        room.timers.stop()
        self.remotes.drop_room(room)
        for conn in list(room.conns):
            conn.stop(MOVED)  # reconnect, to any process

    def conflict(self, room: SavingRoom, exc: Exception) -> bool:
        """Whether a failed write of ``room`` is an action index another process wrote
        (it owned the room while this one was frozen): then the room leaves this process
        and its lease is let go, so it is loaded again from the database, with that action,
        by the next client or scan; its clients reconnect."""
        if not isinstance(exc.__cause__, IntegrityError):
            return False
        log.warning("cluster: room %s: its action log moved on elsewhere; it is reloaded",
                    room.id)
        self.drop(room.id)
        self.spawn(self.leases.release(room.id))
        return True

    def _renew(self, loop: asyncio.AbstractEventLoop) -> None:
        """In a thread of its own, every third of a lease: renew them all, whatever the
        event loop is busy with (a busy process is not a dead one). Rooms whose lease is
        lost, or all of them when Redis has not answered for most of a lease, are dropped
        on the loop."""
        while not self._stopping.wait(self.lease / 3):
            owned = sorted(self.owned)
            try:
                if owned:
                    lost = self.leases.renew_now(owned)
                else:  # nothing to renew: still asked, so an outage is found
                    self.sync.ping()
                    lost = []
                self.renewed = time.monotonic()
            except Exception as exc:
                if unreachable(exc):
                    try:
                        loop.call_soon_threadsafe(self.outage.failed, "renewing leases", exc)
                    except RuntimeError:  # the loop closed: the process is stopping
                        return
                else:
                    log.warning("cluster: renewing leases failed: %s", exc)
                if time.monotonic() - self.renewed <= self.lease * 0.8:
                    continue
                lost = owned  # others may hold them by now
            if lost:
                loop.call_soon_threadsafe(self._lost, lost)

    def _lost(self, room_ids: list[str]) -> None:
        for room_id in room_ids:
            self.drop(room_id)

    async def _keep(self) -> None:
        """Release the leases of rooms forgotten; list live rooms; sweep proxies, relays.
        During an outage: only ask whether Redis answers again, with this process's channel
        subscribed again (then the relay resumes)."""
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                if self.paused:
                    if not await self.leases.alive(self.node):
                        continue
                    # connections idle since before the outage are closed by now
                    await self.redis.connection_pool.disconnect(inuse_connections=False)
                    await self.bus.redis.connection_pool.disconnect()
                    self.outage.back()
                for room_id in sorted(self.owned - self.hub.rooms.keys() - self.taking):
                    if room_id in self.hub.rooms or room_id in self.taking:
                        continue  # taken again while an earlier one was released
                    self.owned.discard(room_id)
                    await self.leases.release(room_id)
                for room_id in sorted(self.hub.rooms.keys() - self.owned):
                    self.drop(room_id)  # held without its lease: never played on here
                await self.listing.write(list(self.hub.rooms))
                await self.remotes.sweep()
                await self.relays.sweep()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if not self.unreachable(exc, "keeping the lobby and relays"):
                    log.warning("cluster: keeping the lobby and relays failed: %s", exc)

    async def _scan(self) -> None:
        """Take over the live rooms nobody holds (their process died)."""
        while True:
            await asyncio.sleep(self.lease / 3 * random.uniform(0.7, 1.3))
            if self.paused:
                continue  # no lease can be taken now
            try:
                ids = await asyncio.to_thread(self.hub.store.live_ids)
                ids = [r for r in ids if r not in self.hub.rooms and r not in self.hub.skipped]
                for room_id, owner in zip(ids, await self.leases.owners(ids), strict=True):
                    if owner is None and await self.leases.claim(room_id):
                        await self.take(room_id)
            except asyncio.CancelledError:
                raise
            except StorageError as exc:  # one outage, logged once and probed by the hub
                self.hub.storage_failed(None, exc)
            except Exception as exc:
                if not self.unreachable(exc, "scanning for rooms"):
                    log.exception("cluster: scanning for rooms without an owner failed")

    # -- the lobby ---------------------------------------------------------------------------

    async def listed(self) -> list[JSON]:
        """Every process's live, listed rooms (:mod:`listing`)."""
        return await self.listing.listed()

    def touch(self, room_id: str) -> None:
        """A room of this process changed: other processes' lobbies show it (:mod:`listing`)."""
        self.listing.touch(room_id)

    def elsewhere(self, room_id: str) -> bool:
        """Whether ``room_id`` may be live in another process: any room may be."""
        return True

    async def rematch(self, user: User, old_id: str, said: str) -> JSON | None:
        """The rematch's summary, decided where the finished room is held (:mod:`forward`)."""
        return await self.forward.rematch(user, old_id, said)

    async def hint(self, user: User, room_id: str, version: str, lang: str,
                   said: str) -> JSON | None:
        """A hint asked of the process playing ``room_id`` (:mod:`forward`)."""
        return await self.forward.hint(user, room_id, version, lang, said)

    async def summary(self, room_id: str, said: str) -> JSON | None:
        """``{"room": summary}`` from another process playing ``room_id``, else None."""
        return await self.forward.summary(room_id, said)

    async def relay(self, websocket: Any, conn: Conn, room_id: str, owner: str,
                    keys: list[str], writer: asyncio.Task[None]) -> None:
        """Relay a socket to the process ``owner`` that plays ``room_id`` (:mod:`relay`)."""
        await self.relays.run(websocket, conn, room_id, owner, keys, writer)

    def retried(self, room: RoomFace, conn: Conn, seat: int, version: int) -> bool:
        """Whether an ``act`` made at an older ``version`` is one ``seat`` already made
        (sent again after a reconnect): the seat acted since that version, so the act was
        used. It is answered with the current state, not applied again (nor refused)."""
        if version < 0 or version >= room.version or not room.log.acted_since(seat, version):
            return False
        room.send_state(conn, full=True)
        return True
