"""Test harness: a real server process (free loopback port, temporary database) and clients.

The database is a temporary SQLite file, or, with ``EVOLUTIO_TEST_DATABASE=postgresql`` in the
environment, a fresh database on one throwaway PostgreSQL cluster started once per test session
(:mod:`pg_cluster`): ``database_url(path)`` gives either, and every ``Server`` uses it.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from pg_cluster import ON_POSTGRES, database_url

LAUNCH = Path(__file__).with_name("launch.py")
#: seconds a test server may take to answer its first request before the test fails
START_LIMIT = 60.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """Starts, kills (-9) and restarts the server on the same database and port.

    The database is ``database_url(db)`` (the SQLite file ``db``, or its PostgreSQL database
    when the session runs on PostgreSQL) unless ``url`` names another; the server's log goes
    next to ``db`` either way.
    """

    def __init__(self, db: Path, grace: float = 30.0, url: str | None = None) -> None:
        self.db = db
        self.url = url or database_url(db)
        self.grace = grace
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        log = open(self.db.with_suffix(".log"), "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, str(LAUNCH), str(self.port), self.url, str(self.grace)],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        # a start takes a second or two; on a machine busy with other passes, far longer:
        # this is a limit for a server that never comes up, not a timing check
        deadline = time.monotonic() + START_LIMIT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(self.db.with_suffix(".log").read_text())
            try:
                if httpx.get(self.base + "/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"server did not start within {START_LIMIT:.0f} s")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def log_text(self) -> str:
        return self.db.with_suffix(".log").read_text(errors="replace")

    # HTTP helpers
    def guest(self, name: str) -> str:
        r = httpx.post(self.base + "/api/guest", json={"name": name})
        assert r.status_code == 200, r.text
        return str(r.json()["token"])

    def post(self, path: str, token: str | None = None, **kw: Any) -> httpx.Response:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        return httpx.post(self.base + path, headers=headers, **kw)

    def get(self, path: str, token: str | None = None) -> httpx.Response:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        return httpx.get(self.base + path, headers=headers)

    def room(self, token: str, game: str = "toy", players: int = 2, clock: int = 0) -> str:
        r = self.post(
            "/api/rooms",
            token,
            json={"game": game, "options": {"players": players}, "clock": clock},
        )
        assert r.status_code == 200, r.text
        return str(r.json()["room"]["id"])


class Client:
    """A WebSocket client that keeps every frame and waits for the ones it wants."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None

    @classmethod
    async def open(cls, server: Server, room: str, token: str | None) -> Client:
        url = f"{server.ws_base}/ws/{room}" + (f"?token={token}" if token else "")
        client = cls(await websockets.connect(url, max_size=2**22))
        return client

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def say(self, text: str) -> None:
        await self.send({"type": "chat", "text": text})

    async def next(self, timeout: float = 10.0) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(frame)
        if frame["type"] == "state":
            self.state = frame
        return frame

    async def until(self, pred: Any, timeout: float = 15.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError("timed out waiting for a frame")
            frame = await self.next(left)
            if pred(frame):
                return frame

    async def error(self, code: str) -> dict[str, Any]:
        return await self.until(lambda f: f["type"] == "error" and f["code"] == code)

    async def close(self) -> None:
        await self.ws.close()


def is_state(frame: dict[str, Any]) -> bool:
    return bool(frame["type"] == "state")


async def at_version(client: Client, version: int) -> dict[str, Any]:
    """The client's state frame of ``version`` (already received or still to come)."""
    if client.state is not None and client.state["version"] == version:
        return client.state
    return await client.until(lambda f: is_state(f) and f["version"] == version)


async def play(clients: list[Client], rng: random.Random, limit: int | None) -> dict[str, Any]:
    """Every seat answers its decisions with random legal actions until ``limit`` actions or
    the end of the game; ``clients[seat]`` plays ``seat``."""
    state = clients[0].state or await clients[0].until(is_state)
    played = 0
    while state["decision"] is not None and (limit is None or played < limit):
        seat = state["decision"]["seats"][0]
        mine = await at_version(clients[seat], state["version"])
        index = rng.randrange(len(mine["legal"]))
        await clients[seat].send({"type": "act", "version": mine["version"], "index": index})
        played += 1
        state = await at_version(clients[0], state["version"] + 1)
    return state


#: Debian's chromium and the flags it needs on a machine with no network but loopback.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: for tests about SQLite itself (its file, its lock, its driver's errors)
SQLITE_ONLY = pytest.mark.skipif(ON_POSTGRES, reason="about SQLite's file itself")
BROWSER_MARKS = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not os.path.exists(CHROMIUM),
        reason="needs Debian's chromium at /usr/bin/chromium (scripts/install-browser.sh)",
    ),
]

#: the browser's "list every move" layout (every legal move a button, as before the table-first
#: layout), for the tests that play a game through the move buttons
LIST_MOVES = "localStorage.setItem('evolutio.moves', 'list')"


async def list_moves(target: Any) -> None:
    """Open every page of ``target`` (a Playwright page or context) in the list layout."""
    await target.add_init_script(LIST_MOVES)
