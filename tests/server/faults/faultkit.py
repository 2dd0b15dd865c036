"""Shared steps of the fault tests: a real server (tests/server/server_harness.py) driven
into a state, then broken on purpose."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path
from typing import Any

from pg_cluster import ON_POSTGRES, database_url
from server_harness import Client, Server, play


async def seat_two(server: Server, tokens: list[str], room: str) -> list[Client]:
    """Both guests in ``room`` (seats 1 and 2), the game started."""
    clients = [await Client.open(server, room, t) for t in tokens]
    await clients[1].say("/join 2")
    await clients[0].until(
        lambda f: f["type"] == "room" and all(s["name"] for s in f["room"]["seats"])
    )
    await clients[0].say("/start")
    return clients


def finished_game(server: Server, names: tuple[str, str], seed: int = 1) -> str:
    """Play a one-trick toy game between two new guests to its end; the room's id."""
    tokens = [server.guest(n) for n in names]
    r = server.post(
        "/api/rooms", tokens[0], json={"game": "toy", "options": {"players": 2, "tricks": 1}}
    )
    assert r.status_code == 200, r.text
    room = str(r.json()["room"]["id"])

    async def run() -> dict[str, Any]:
        clients = await seat_two(server, tokens, room)
        final = await play(clients, random.Random(seed), limit=None)
        for c in clients:
            await c.close()
        return final

    final = asyncio.run(asyncio.wait_for(run(), 60))
    assert final["outcome"] is not None
    return room


def sql(db: Path, statement: str, *args: Any) -> list[tuple[Any, ...]]:
    """Run one statement (``?`` placeholders) on the server's database: its SQLite file, or
    its PostgreSQL database when the tests run there (JSON columns come back as text in both)."""
    if ON_POSTGRES:
        import psycopg
        from psycopg.types.json import set_json_loads

        with psycopg.connect(database_url(db)) as pg:
            set_json_loads(lambda data: data if isinstance(data, str) else data.decode(), pg)
            cursor = pg.execute(statement.replace("?", "%s"), args)  # type: ignore[arg-type]
            return cursor.fetchall() if cursor.description else []
    with sqlite3.connect(db) as conn:
        rows = conn.execute(statement, args).fetchall()
        conn.commit()
    return rows
