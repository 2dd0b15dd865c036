"""Floods: sockets, chat and rooms are limited per person (and per address), a socket that
does not read is dropped once its queue holds too many bytes, and resyncs asked for while
one waits are answered once."""

from __future__ import annotations

import asyncio

from server_harness import Client, Server
from websockets.exceptions import ConnectionClosed

from evolutio.server.conn import FULL, Conn


def test_sockets_chat_and_rooms_are_limited_per_person(server: Server) -> None:
    token = server.guest("Sid Flood")
    room = server.room(token)

    async def run() -> None:
        clients = [await Client.open(server, room, token) for _ in range(16)]
        extra = await Client.open(server, room, token)
        refused = await extra.error("too_many_sockets")
        assert "Too many connections" in refused["message"]
        try:
            await extra.next(5)
            raise AssertionError("the 17th socket stayed open")
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 4429
        # chat: five lines per person per 5 s, whichever sockets they come from
        for i in range(3):
            await clients[0].say(f"line {i}")
        await clients[0].until(lambda f: f["type"] == "chat" and f["text"] == "line 2")
        for i in range(3, 5):
            await clients[1].say(f"line {i}")
        await clients[1].until(lambda f: f["type"] == "chat" and f["text"] == "line 4")
        await clients[1].say("one too many")  # the sixth of this person, the third here
        assert "too fast" in (await clients[1].error("rate_limited"))["message"]
        for c in clients:  # hang up: their unread frames would hold a polite close
            c.ws.transport.abort()

    asyncio.run(asyncio.wait_for(run(), 60))
    for _ in range(4):  # five rooms waiting to start, the first included
        server.room(token)
    r = server.post("/api/rooms", token, json={"game": "toy", "options": {"players": 2}})
    assert r.status_code == 429 and "waiting to start" in r.json()["error"]


def test_a_socket_that_does_not_read_is_capped_in_bytes_and_resyncs_coalesce() -> None:
    async def run() -> None:
        sent: list[str] = []
        stuck = asyncio.Event()

        async def send(text: str) -> None:
            sent.append(text)
            await stuck.wait()  # the client never reads: the first send never ends

        async def close() -> None:
            sent.append("closed")

        conn = Conn(1, "Slow", send, close)
        conn.MAX_BYTES = 10_000
        writer = asyncio.create_task(conn.writer())
        made = 0

        def full() -> str:
            nonlocal made
            made += 1
            return "{" + "x" * 2000 + "}"

        conn.send("first")
        await asyncio.sleep(0)
        for _ in range(1000):  # a resync flood while nothing is read
            conn.send_full(full)
        assert conn.queue.qsize() == 1 and conn.queue.get_nowait() is FULL
        conn.queue.put_nowait(FULL)
        for _ in range(4):
            conn.send("y" * 2000)
        assert not conn.closed
        conn.send("y" * 2001)  # past 10,000 queued bytes: dropped (it may reconnect)
        assert conn.closed and made == 0
        writer.cancel()

    asyncio.run(run())
