"""The end of a login session ends its sockets: logout, a password change and expiry close
them with 4401 after the error ``session_ended``, and nothing they send afterwards is acted
on (docs/security.md, "Sessions")."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import timedelta

import httpx
import websockets
from server_harness import Client, Server
from sqlalchemy import update

from evolutio.server.auth import hash_token
from evolutio.server.db import SessionToken, make_engine, utcnow
from evolutio.server.sessions import CHECK, ENDED

PASSWORD = "amber ferns 4 moths"


async def ended(client: Client, timeout: float = 10.0) -> int:
    """The close code the server gives ``client`` (after the error ``session_ended``)."""
    try:
        await client.error("session_ended")
        await asyncio.wait_for(client.ws.recv(), timeout)
    except websockets.ConnectionClosed as exc:
        return exc.rcvd.code if exc.rcvd is not None else -1
    raise AssertionError("the socket stayed open")


def set_session(server: Server, token: str, **values: object) -> None:
    """Change a session's row in the server's database (its login time), or delete it."""
    engine = make_engine(server.url)
    try:
        with engine.begin() as conn:
            conn.execute(update(SessionToken)
                         .where(SessionToken.token_hash == hash_token(token)).values(**values))
    finally:
        engine.dispose()


def test_logout_closes_the_sessions_sockets_and_nothing_after_it_acts(server: Server) -> None:
    token, other = server.guest("Ulla"), server.guest("Ivo")
    room = server.room(token)

    async def go() -> None:
        mine = await Client.open(server, room, token)
        watcher = await Client.open(server, room, other)
        await mine.until(lambda f: f["type"] == "welcome")
        await watcher.until(lambda f: f["type"] == "welcome")
        await mine.say("before")
        await watcher.until(lambda f: f["type"] == "chat" and f["text"] == "before")
        assert server.post("/api/logout", token).status_code == 200
        with contextlib.suppress(websockets.ConnectionClosed):
            await mine.say("after the logout")
            await mine.say("/leave")
        assert await ended(mine) == ENDED
        with contextlib.suppress(TimeoutError):
            await watcher.until(lambda f: f["type"] == "chat" and f["text"] == "after the logout",
                                timeout=1.5)
            raise AssertionError("a line sent after the logout went out under Ulla's name")
        room_now = server.get(f"/api/rooms/{room}").json()["room"]
        assert room_now["seats"][0]["name"] == "Ulla"  # the /leave was not acted on either
        await watcher.close()

    asyncio.run(go())


def test_password_change_ends_the_other_sessions(server: Server) -> None:
    answer = server.post("/api/register", json={"name": "Petra", "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    first = answer.json()["token"]
    second = server.post("/api/login", json={"name": "Petra", "password": PASSWORD}).json()["token"]
    room = server.room(first)

    async def go() -> None:
        elsewhere = await Client.open(server, room, second)
        await elsewhere.until(lambda f: f["type"] == "welcome")
        wrong = server.post("/api/password", first,
                            json={"password": "not it at all", "new_password": PASSWORD + "!"})
        assert wrong.status_code == 403 and wrong.json()["code"] == "bad_password"
        changed = server.post("/api/password", first,
                              json={"password": PASSWORD, "new_password": PASSWORD + "!"})
        assert changed.status_code == 200 and changed.json()["ended"] == 1
        assert await ended(elsewhere) == ENDED

    asyncio.run(go())
    assert server.get("/api/me", first).status_code == 200  # the session that changed it
    assert server.get("/api/me", second).status_code == 401
    login = httpx.post(server.base + "/api/login",
                       json={"name": "Petra", "password": PASSWORD + "!"})
    assert login.status_code == 200


def test_expiry_and_a_session_deleted_elsewhere_close_the_socket(server: Server) -> None:
    expiring, deleted = server.guest("Esme"), server.guest("Dora")
    room = server.room(expiring)
    # logged in 30 days less two seconds ago: the session expires two seconds from now
    set_session(server, expiring, created_at=utcnow() - timedelta(days=30) + timedelta(seconds=2))

    async def go() -> None:
        first = await Client.open(server, room, expiring)
        second = await Client.open(server, room, deleted)
        await first.until(lambda f: f["type"] == "welcome")
        await second.until(lambda f: f["type"] == "welcome")
        assert await ended(first, timeout=6) == ENDED
        # as another process's logout would: the row goes, the socket follows within CHECK
        set_session(server, deleted, created_at=utcnow() - timedelta(days=31))
        assert await ended(second, timeout=CHECK + 3) == ENDED

    asyncio.run(go())
