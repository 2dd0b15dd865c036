"""The load benches' clients: WebSocket seats that play random legal actions on a server.

``bench.load`` (one server process) and ``bench.cluster_load`` (several, relayed through
Redis) share them: a guest per seat, the seat's socket loop with its latency per action, a
room's start, a server's readiness and a process's CPU seconds.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import websockets

loads: Callable[[str | bytes], Any]
try:  # the clients parse every frame: the faster parser leaves more CPU to the server
    from orjson import loads
except ImportError:
    loads = json.loads


def cpu_seconds(pid: int | None) -> float:
    """User + system CPU seconds of a process (Linux /proc), 0 when unknown."""
    if pid is None:
        return 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(proc: subprocess.Popen[bytes], base: str, seconds: float) -> str:
    """``base`` once the server there answers ``/api/games``; kills ``proc`` and stops the
    bench when it has not within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                return base
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit(f"the server at {base} did not start")


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        #: when each measured action's state frame came (perf_counter), for the window
        self.done_at: list[float] = []
        self.errors = 0
        self.finished = 0


async def seat(
    base: str,
    room: str,
    token: str,
    stats: Stats,
    stop: list[float],
    think: float,
    max_actions: int,
    rng: random.Random,
) -> None:
    url = base.replace("http", "ws", 1) + f"/ws/{room}?token={token}"
    async with websockets.connect(url, max_size=2**22, open_timeout=60) as ws:
        sent_at: dict[int, float] = {}
        acted = 0
        while time.monotonic() < stop[0]:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.1, stop[0] - time.monotonic()))
            except TimeoutError:
                return
            frame = loads(raw)
            kind = frame.get("type")
            if kind == "error":
                if frame.get("code") != "stale":
                    stats.errors += 1
                continue
            if kind != "state":
                continue
            version = frame["version"]
            started = sent_at.pop(version - 1, None)
            if started is not None:
                now = time.perf_counter()
                stats.latencies.append(now - started)
                stats.done_at.append(now)
            if frame["decision"] is None:
                stats.finished += 1
                return
            if frame["legal"] and acted < max_actions:
                if think:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                sent_at[version] = time.perf_counter()
                await ws.send(
                    json.dumps(
                        {
                            "type": "act",
                            "version": version,
                            "index": rng.randrange(len(frame["legal"])),
                        }
                    )
                )
                acted += 1
            elif acted >= max_actions:
                return


async def guest(http: httpx.AsyncClient, name: str) -> str:
    r = await http.post("/api/guest", json={"name": name})
    r.raise_for_status()
    return str(r.json()["token"])


async def start_room(base: str, room: str, token: str, gate: asyncio.Semaphore) -> None:
    url = base.replace("http", "ws", 1)
    async with gate, websockets.connect(f"{url}/ws/{room}?token={token}", open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "chat", "text": "/start"}))
        await ws.send(json.dumps({"type": "ping"}))
        while json.loads(await ws.recv()).get("type") != "pong":
            pass
