"""The lobby's socket, ``/ws/lobby``: presence, invitations and Play now with people.

A logged-in person's lobby page keeps one open: while it is, they count as online
(:mod:`friends`), their invitations arrive on it, and through it they wait in a queue of
:mod:`matching`; closing it (leaving the page) leaves the queue. ``GET /api/queue`` tells
anyone what the queues offer and how many wait in each. docs/protocol.md has the frames.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect

from evolutio.core.game import JSON, OptionError
from evolutio.core.registry import available_games
from evolutio.server import ratings, wire
from evolutio.server.conn import Conn, RoomError
from evolutio.server.db import Rating, User
from evolutio.server.friends import Friends
from evolutio.server.guard import BadJSON, lang_of, load_json
from evolutio.server.hub import Hub
from evolutio.server.matching import (
    BAND_EVERY,
    BAND_START,
    BAND_STEP,
    MOST_BOT_WAIT,
    PACES,
    TICK,
    Key,
    MatchQueue,
    Waiter,
    bot_wait_of,
    key_of,
    presets,
    run_round,
    seat_count,
)
from evolutio.server.people import People, address

log = logging.getLogger("evolutio.server")
#: the waits for bots the page offers (seconds; None: never)
BOT_WAITS = (30, 60, 120, None)
#: frames one lobby socket may send per second
LOBBY_BURST = 20
MAX_LOBBY_FRAME = 2048


class Lobby:
    """The queues of this process and the lobby sockets' frames."""

    def __init__(self, hub: Hub, people: People, friends: Friends,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.hub, self.people, self.friends = hub, people, friends
        self.queue = MatchQueue(hub.blocks.between, functools.cache(seat_count), clock)
        self._told: list[JSON] | None = None
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        """The rounds of seating and the block reloads (on the event loop)."""
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self.rounds()), loop.create_task(
            self.friends.refresh_blocks())]

    def stop(self) -> None:
        for task in self._tasks:
            task.cancel()

    def counts(self) -> list[JSON]:
        return [{**key.to_json(), "waiting": n}
                for key, n in sorted(self.queue.counts().items(),
                                     key=lambda kn: (kn[0].game, kn[0].preset, kn[0].pace))]

    def announce(self) -> None:
        """Every lobby socket hears the queues' counts when they change."""
        now = self.counts()
        if now != self._told:
            self._told = now
            self.friends.tell_all({"type": "waiting", "queues": now})

    async def rounds(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            self.round()

    def round(self) -> None:
        """Seat whoever can be seated now."""
        try:
            run_round(self.hub, self.queue)
        except Exception:  # one bad round never stops the next ones
            log.exception("queue round failed")
        self.announce()

    def offer(self) -> JSON:
        """``GET /api/queue``: the queues, the counts and the band's numbers."""
        games: dict[str, Any] = {}
        for name in sorted(available_games()):
            try:
                games[name] = {p: seat_count(Key(name, p, "live")) for p in presets(name)}
            except (OptionError, ImportError):
                continue
        return {"games": games, "paces": list(PACES), "bot_waits": list(BOT_WAITS),
                "most_bot_wait": MOST_BOT_WAIT,
                "band": {"start": BAND_START, "step": BAND_STEP, "every": BAND_EVERY},
                "queues": self.counts()}

    async def join(self, conn: Conn, user: User, msg: dict[str, Any]) -> None:
        key = key_of(msg)
        bots = bot_wait_of(msg.get("bots"))

        def rating() -> float:
            with self.hub.store.session() as s:
                row = s.get(Rating, (user.id, key.game))
            return ratings.display(*((ratings.MU, ratings.SIGMA) if row is None
                                     else (row.mu, row.sigma)))

        value = await self.people.off_loop(rating)
        self.queue.join(Waiter(user.id, user.name, key, value, self.queue.clock(), bots,
                               conn.send, conn.lang))
        conn.send({"type": "queued", **key.to_json(), "rating": value, "bots": bots,
                   "seats": seat_count(key)})
        self.round()

    def leave(self, conn: Conn, user_id: int) -> None:
        if self.queue.leave(user_id, conn.send):
            conn.send({"type": "left"})
            self.announce()

    async def handle(self, conn: Conn, user: User, text: str) -> None:
        """One frame of a lobby socket; a refusal is an ``error`` frame."""
        now = time.monotonic()
        while conn.msg_times and now - conn.msg_times[0] > 1.0:
            conn.msg_times.popleft()
        try:
            if len(conn.msg_times) >= LOBBY_BURST:
                raise RoomError("rate_limited", "too_many_messages")
            conn.msg_times.append(now)
            if len(text) > MAX_LOBBY_FRAME:
                raise RoomError("too_large", "frame_too_large", max=MAX_LOBBY_FRAME)
            try:
                msg = load_json(text)
            except BadJSON as exc:
                raise RoomError("bad_json", exc.key, **exc.fields) from None
            if not isinstance(msg, dict):
                raise RoomError("bad_message", "not_an_object")
            kind = msg.get("type")
            if kind == "queue":
                await self.join(conn, user, msg)
            elif kind == "leave":
                self.leave(conn, user.id)
            elif kind == "ping":
                conn.send({"type": "pong"})
            else:
                raise RoomError("bad_type", "lobby_frame_types")
        except RoomError as exc:
            conn.send(exc.frame(conn.lang))


def routes(app: FastAPI, lobby: Lobby, same_origin: Callable[[WebSocket], bool]) -> None:
    """Add ``/ws/lobby`` and ``GET /api/queue`` to ``app`` (before ``/ws/{room}``)."""
    hub, friends, people = lobby.hub, lobby.friends, lobby.people

    @app.get("/api/queue")
    async def api_queue() -> JSON:
        return lobby.offer()

    @app.websocket("/ws/lobby")
    async def ws_lobby(websocket: WebSocket) -> None:
        await websocket.accept()
        lang = lang_of(websocket)
        user = people.current(websocket)
        if user is not None and not same_origin(websocket):
            user = None
        if user is None:
            await websocket.send_text(wire.dumps(RoomError("anonymous", "need_name").frame(lang)))
            await websocket.close(code=4401)
            return
        keys = [f"addr:{address(websocket)}", f"user:{user.id}"]
        if ((hub.limits.counted(address(websocket))
             and hub.sockets[keys[0]] >= hub.limits.sockets_per_address)
                or hub.sockets[keys[1]] >= hub.limits.sockets_per_user):
            await websocket.send_text(wire.dumps(
                RoomError("too_many_sockets", "too_many_sockets").frame(lang)))
            await websocket.close(code=4429)
            return
        hub.sockets.update(keys)

        async def send(text: str) -> None:
            await websocket.send_text(text)

        async def close() -> None:
            await websocket.close(code=conn.code)

        conn = Conn(user.id, user.name, send, close, lang)
        writer = asyncio.create_task(conn.writer())
        friends.lobby.setdefault(user.id, set()).add(conn)
        conn.send({"type": "hello", "you": {"id": user.id, "name": user.name},
                   "invites": friends.pending(user.id), "queues": lobby.counts()})
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is not None:
                    await lobby.handle(conn, user, text)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.sockets.subtract(keys)
            mine = friends.lobby.get(user.id, set())
            mine.discard(conn)
            if not mine:
                friends.lobby.pop(user.id, None)
            if lobby.queue.leave(user.id, conn.send):
                lobby.announce()
            conn.stop()
            writer.cancel()
