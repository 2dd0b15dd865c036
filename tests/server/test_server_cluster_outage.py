"""A Redis outage under two ``serve --redis`` processes: "relay paused", not a traceback.

A real Redis is killed and started again on its port. The relayed socket is closed with 1013
after the error ``relay_paused`` (not left open and silent), a connect during the outage gets
the same (not 1006), each process logs the outage once and no traceback, and once Redis is
back the room's clients reconnect and are relayed again.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets
from cluster_harness import HAVE_REDIS, Node, Redis, need, nodes, postgres_url, run
from server_harness import Client

__all__ = ["postgres_url"]  # a fixture, used by name

LEASE = 1.5


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[Redis]:
    need(HAVE_REDIS, "Redis (redis-server)", "scripts/install-redis.sh")
    server = Redis(tmp_path)
    server.start()
    yield server
    server.kill()


async def closed_with(client: Client, timeout: float) -> tuple[int, list[str]]:
    """The close code ``client`` gets within ``timeout`` seconds, and the error codes
    before it; fails when the socket stays open (and silent) that long."""
    errors: list[str] = []
    try:
        while True:
            frame = await client.next(timeout)
            if frame["type"] == "error":
                errors.append(frame["code"])
    except websockets.ConnectionClosed as exc:
        return (exc.rcvd.code if exc.rcvd is not None else 1006), errors
    except TimeoutError:
        raise AssertionError(f"the socket stayed open and silent for {timeout} s") from None


async def welcomed(node: Node, room: str, token: str, timeout: float = 25.0) -> Client:
    """A socket to ``room`` on ``node`` that got its welcome: connects are refused (1013)
    while the relay is paused, so it tries again, as the browser does."""
    deadline = time.monotonic() + timeout
    while True:
        client = await Client.open(node, room, token)
        try:
            await client.until(lambda f: f["type"] == "welcome", timeout=5)
            return client
        except (websockets.ConnectionClosed, AssertionError, TimeoutError):
            assert time.monotonic() < deadline, "never relayed again after the outage"
            await asyncio.sleep(0.3)


def test_redis_outage_pauses_the_relay_and_every_socket_closes_or_resumes(
    postgres_url: str, redis: Redis, tmp_path: Path
) -> None:
    with nodes(tmp_path, postgres_url, redis.url, 2, lease=LEASE, bot_delay=0.0) as (a, b):
        host, guest = a.guest("Hedda"), b.guest("Jonas")
        room = a.room(host)  # made on a: a plays it, b relays its clients
        seen: dict[str, Any] = {}

        async def go() -> None:
            local = await welcomed(a, room, host)
            relayed = await welcomed(b, room, guest)
            await relayed.say("/join")
            await local.until(lambda f: f["type"] == "room"
                              and f["room"]["seats"][1]["name"] == "Jonas")
            redis.kill()
            seen["relayed"] = await closed_with(relayed, timeout=10)
            seen["local"] = await closed_with(local, timeout=10)
            during = await Client.open(b, room, guest)
            seen["during"] = await closed_with(during, timeout=10)
            seen["rooms"] = b.get("/api/rooms").status_code  # this process's rooms only
            seen["summary"] = b.get(f"/api/rooms/{room}").json().get("code")
            redis.start()
            again = await welcomed(b, room, guest)
            back = await welcomed(a, room, host)
            await again.say("relayed again")
            await back.until(lambda f: f["type"] == "chat" and f["text"] == "relayed again")
            await again.close()
            await back.close()

        run(go(), timeout=120)
        time.sleep(LEASE)  # each process's keeper has seen Redis back
        logs = [a.log_text(), b.log_text()]
    assert seen["relayed"] == (1013, ["relay_paused"])
    assert seen["local"][0] == 1012  # its room left a: the lease could not be renewed
    assert seen["during"] == (1013, ["relay_paused"])
    assert seen["rooms"] == 200 and seen["summary"] == "relay_paused"
    for log in logs:
        assert log.count("relay paused") == 1, log
        assert log.count("relay resumed") == 1, log
        assert "Traceback" not in log and "never retrieved" not in log, log
