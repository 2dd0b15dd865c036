"""The parts of ``serve --redis`` one by one: the lease, relaying through ``--workers``, and a
clean stop handing rooms over at once. Real Redis and PostgreSQL (cluster_harness)."""

from __future__ import annotations

import asyncio
import random
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis.asyncio as aioredis
from cluster_harness import EVOLUTIO, Node, free_port, nodes, postgres_url, redis_url, run
from server_harness import Client, play

from evolutio.server.cluster.lease import Leases, node_channel

__all__ = ["postgres_url", "redis_url"]  # fixtures, used by name



async def seated(client: Client) -> None:
    """Until ``client`` sees every seat of its room taken."""
    await client.until(lambda f: f["type"] == "room"
                       and all(s["name"] is not None for s in f["room"]["seats"]))


def test_lease_one_holder_renewed_released_and_expiring(redis_url: str) -> None:
    async def go() -> None:
        client = aioredis.from_url(redis_url, decode_responses=True)
        a = Leases(client, None, "node-a", 1.0)
        b = Leases(client, None, "node-b", 1.0)
        assert await a.claim("r1") and not await b.claim("r1")
        assert await a.owner("r1") == "node-a"
        assert await b.renew(["r1"]) == ["r1"]  # b does not hold it: lost for b
        assert await a.renew(["r1"]) == []
        await b.release("r1")  # not b's: nothing happens
        assert await a.owners(["r1", "r2"]) == ["node-a", None]
        await a.release("r1")
        assert await a.owner("r1") is None and await b.claim("r1")
        # an unrenewed lease expires by itself (its holder died): another can take it
        deadline = time.monotonic() + 10
        while await a.owner("r1") is not None and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert await a.claim("r1")
        # a process is alive while it listens on its channel
        assert not await a.alive("node-c")
        pubsub = client.pubsub()
        await pubsub.subscribe(node_channel("node-c"))
        assert await a.alive("node-c")
        await pubsub.aclose()
        await client.aclose()

    run(go())


@pytest.fixture(scope="module")
def pair(postgres_url: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[list[Node]]:
    tmp = tmp_path_factory.mktemp("pair")
    with nodes(tmp, postgres_url, redis_url, 2, bot_delay=0.0) as started:
        yield started


def test_clean_stop_hands_the_room_over_at_once(pair: list[Node]) -> None:
    owner, other = pair
    tokens = [owner.guest("Lada"), owner.guest("Petr")]
    room = owner.room(tokens[0], players=2)

    async def first() -> dict[str, Any]:
        clients = [await Client.open(other, room, t) for t in tokens]
        await clients[1].say("/join")
        await seated(clients[0])
        await clients[0].say("/start")
        state = await play(clients, random.Random(5), limit=3)
        for c in clients:
            await c.close()
        return state

    before = run(first())
    owner.stop()  # SIGTERM: the process releases its leases as it stops

    async def second() -> tuple[dict[str, Any], dict[str, Any]]:
        clients = [await Client.open(other, room, t) for t in tokens]
        resumed = await clients[0].until(lambda f: f["type"] == "state" and f["full"])
        return resumed, await play(clients, random.Random(6), limit=None)

    resumed, final = run(second())
    assert resumed["version"] == before["version"]
    assert final["outcome"] is not None
    assert f"room {room} taken over at version {before['version']}" in other.log_text()


def test_workers_share_one_port(postgres_url: str, redis_url: str,
                                tmp_path_factory: pytest.TempPathFactory) -> None:
    node = Node(tmp_path_factory.mktemp("workers") / "w.db", postgres_url, redis_url,
                bot_delay=0.0, workers=2)
    node.start()
    try:
        tokens = [node.guest("Nina"), node.guest("Oleg")]
        room = node.room(tokens[0], players=2)

        async def go() -> dict[str, Any]:
            # several sockets each: whichever worker accepts one, the game is the same
            clients = [await Client.open(node, room, t) for t in tokens]
            spectators = [await Client.open(node, room, None) for _ in range(4)]
            await clients[1].say("/join")
            await seated(clients[0])  # the join may go through the other worker
            await clients[0].say("/start")
            final = await play(clients, random.Random(7), limit=None)
            seen = [await s.until(lambda f: f["type"] == "state" and f["decision"] is None)
                    for s in spectators]
            assert all(f["version"] == final["version"] for f in seen)
            return final

        assert run(go())["outcome"] is not None
        assert "Traceback" not in node.log_text()
    finally:
        node.kill()


def test_serve_refuses_workers_without_redis(tmp_path: Path) -> None:
    done = subprocess.run(
        [str(EVOLUTIO), "serve", "--workers", "2", "--db", f"sqlite:///{tmp_path / 'x.db'}"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode != 0
    assert "more than 1 needs --redis" in done.stdout + done.stderr
    assert not (tmp_path / "x.db").exists()  # refused before touching the database


def test_serve_says_when_redis_cannot_be_reached(tmp_path: Path) -> None:
    port = free_port()  # nothing listens there
    done = subprocess.run(
        [str(EVOLUTIO), "serve", "--db", f"sqlite:///{tmp_path / 'x.db'}",
         "--redis", f"redis://127.0.0.1:{port}/0"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode != 0
    assert f"cannot use Redis 'redis://127.0.0.1:{port}/0'" in done.stdout + done.stderr
