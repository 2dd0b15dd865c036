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
from collections.abc import Mapping, Sequence
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


async def new_room(
    page: Any,
    base: str | None = None,
    name: str | None = None,
    game: str | None = None,
    options: Mapping[str, int | bool | str | Sequence[str]] | None = None,
    *,
    clock: int | None = None,
    days: int | None = None,
    private: bool = False,
    bots: int = 0,
    start: bool = False,
) -> str:
    """Set up a room through the lobby as a person does, on the Playwright ``page``; its id.

    With ``name``, first opens ``base``'s lobby and logs in as the guest ``name``; without,
    the page is on the lobby and logged in already. ``game`` is picked in the game chooser
    (None: the one it shows). Each of ``options`` fills the new-room form's control
    ``#new-NAME``: an int is typed, a bool ticks or unticks the box, a str picks the select's
    option of that value, a list of choices ticks ``#new-NAME-CHOICE`` for each. ``clock`` is
    the seconds per decision, ``days`` a turn-based room's days per move, ``private`` the
    invite-only box. Then the room is created, ``bots`` bots take the free seats one by one
    (each waited for), and with ``start`` the game starts.
    """
    if name is not None:
        assert base is not None, "logging in needs the server's base URL"
        await page.goto(base + "/")
        await page.fill("#login input[name=name]", name)
        await page.click("#guest")
        await page.wait_for_selector("#who a")
    await page.wait_for_selector("#game")
    if game is not None:
        await page.select_option("#game", game)
    for option, value in (options or {}).items():
        control = f"#new-{option}"
        if isinstance(value, bool):
            await page.set_checked(control, value)
        elif isinstance(value, int):
            await page.fill(control, str(value))
        elif isinstance(value, str):  # a choice: the select's option of that value
            await page.select_option(control, value)
        elif isinstance(value, Sequence):
            for choice in value:
                await page.check(f"{control}-{choice}")
        else:
            raise TypeError(f"option {option}: no control takes {value!r}")
    if clock is not None:
        await page.fill("#clock", str(clock))
    if days is not None:
        await page.select_option("#time-mode", "days")
        await page.fill("#days", str(days))
    await page.set_checked("#new-private", private)
    await page.click("#create")
    await page.wait_for_selector("#seats .add-bot")
    room = str(page.url.rstrip("/").split("/")[-1])
    free = page.locator("#seats .add-bot")
    for _ in range(bots):
        left = await free.count()
        await free.first.click()
        for _ in range(150):  # the seat shows taken (the page's CSP refuses wait_for_function)
            if await free.count() < left:
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError(f"no bot took a seat of room {room}")
    if start:
        await page.click("#start")
    return room
