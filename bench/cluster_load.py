"""``python -m bench.load --processes 1,2,4``: the same load spread over several server processes.

For each process count N it starts a throwaway PostgreSQL and Redis (scripts/start-*.sh) and
N ``evolutio serve --redis`` processes, makes game ``g`` on process ``g % N`` (its owner) and
connects seat ``s`` of it to process ``(g + s) % N``, so with N > 1 most seats are relayed
through Redis. It prints actions/s and p50/p99 latency per N, the latency of the seats on
the owner and of the relayed ones apart, and the server CPU per action summed over the
processes. A row "1, no redis" is today's single process on the same PostgreSQL, the
baseline. Last, the Redis hop alone: pings sent one at a time to a room's owner, directly and
through another process.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from bench.clients import Stats, cpu_seconds, free_port, guest, seat, start_room, wait_ready

ROOT = Path(__file__).resolve().parents[1]


def service(script: str, directory: str) -> str:
    """Start a throwaway service with ``scripts/<script>``; its URL."""
    done = subprocess.run(["sh", str(ROOT / "scripts" / script), "start", directory],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{script} failed: {done.stderr.strip()}")
    return done.stdout.strip().splitlines()[-1]


def serve(db: str, redis: str | None) -> tuple[subprocess.Popen[bytes], str]:
    """One server process (``--redis`` unless None); its process and base URL."""
    port = free_port()
    code = "import sys; from evolutio.cli import main; sys.argv[0] = 'evolutio'; main()"
    args = [sys.executable, "-c", code, "serve", "--port", str(port), "--db", db,
            "--bot-delay", "0", "--exempt", "127.0.0.1"]
    if redis:
        args += ["--redis", redis]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return proc, wait_ready(proc, f"http://127.0.0.1:{port}", 60)


async def spread(bases: list[str], game: str, games: int, seconds: float, think: float,
                 max_actions: int, tag: str, pids: list[int]) -> dict[str, Any]:
    """One level: ``games`` rooms over the processes, every seat played by a client."""
    n = len(bases)
    rooms: list[tuple[int, str, list[str]]] = []
    for g in range(games):
        async with httpx.AsyncClient(base_url=bases[g % n], timeout=30) as http:
            tokens = [await guest(http, f"P{tag}g{g}s0")]
            body: dict[str, Any] = {"options": {}} if not game else {"game": game, "options": {}}
            r = await http.post("/api/rooms", json=body,
                                headers={"authorization": f"Bearer {tokens[0]}"})
            r.raise_for_status()
            for s in range(1, len(r.json()["room"]["seats"])):
                tokens.append(await guest(http, f"P{tag}g{g}s{s}"))
        rooms.append((g, r.json()["room"]["id"], tokens))
    for g, room, tokens in rooms:  # seated one by one, each through its own process
        for s, token in enumerate(tokens[1:], 1):
            url = bases[(g + s) % n].replace("http", "ws", 1)
            async with websockets.connect(f"{url}/ws/{room}?token={token}") as ws:
                await ws.send(json.dumps({"type": "chat", "text": "/join"}))
                await ws.send(json.dumps({"type": "ping"}))
                while json.loads(await ws.recv()).get("type") != "pong":
                    pass
    local, relayed = Stats(), Stats()
    rng = random.Random(games)
    stop = [time.monotonic() + seconds]  # as clients.seat reads it: a list it may move
    runners = [
        asyncio.create_task(seat(bases[(g + s) % n], room, token,
                                 local if (g + s) % n == g % n else relayed, stop, think,
                                 max_actions, random.Random(rng.random())))
        for g, room, tokens in rooms for s, token in enumerate(tokens)
    ]
    gate = asyncio.Semaphore(20)
    started = time.perf_counter()
    cpu_before = sum(cpu_seconds(p) for p in pids)
    await asyncio.sleep(0.5)  # every seat connected before the games start
    await asyncio.gather(*[start_room(bases[g % n], room, tokens[0], gate)
                           for g, room, tokens in rooms])
    await asyncio.gather(*runners, return_exceptions=True)
    elapsed = time.perf_counter() - started - 0.5
    cpu = sum(cpu_seconds(p) for p in pids) - cpu_before
    lat = sorted(local.latencies + relayed.latencies)

    def median(xs: list[float]) -> float | None:
        return round(1000 * statistics.median(xs), 1) if xs else None

    return {
        "actions": len(lat),
        "actions_per_s": round(len(lat) / elapsed, 1) if elapsed > 0 else 0.0,
        "p50_ms": median(lat),
        "p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 1) if lat else None,
        "local_p50_ms": median(local.latencies),
        "relayed_p50_ms": median(relayed.latencies),
        "cpu_ms": round(1000 * cpu / len(lat), 2) if lat else None,
        "errors": local.errors + relayed.errors,
    }


def run(counts: list[int], game: str, games: int, seconds: float, think: float,
        max_actions: int) -> None:
    """Print one row per process count (and the single-process baseline first)."""
    print(f"game {game or 'default'}; {games} games; think {think}s; up to {seconds}s each")
    print(f"{'processes':>14} {'actions':>8} {'act/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'local p50':>9} {'relay p50':>9} {'cpu ms/act':>10} {'errors':>6}")
    for count in [0, *counts]:
        with tempfile.TemporaryDirectory(prefix="evolutio-pg.", dir="/tmp") as pg_dir, \
                tempfile.TemporaryDirectory(prefix="evolutio-redis.", dir="/tmp") as r_dir:
            db = service("start-postgres.sh", pg_dir)
            redis = service("start-redis.sh", r_dir) if count else None
            procs: list[subprocess.Popen[bytes]] = []
            try:
                bases = []
                for _ in range(max(1, count)):
                    proc, base = serve(db, redis)
                    procs.append(proc)
                    bases.append(base)
                r = asyncio.run(spread(bases, game, games, seconds, think, max_actions,
                                       f"{int(time.time()) % 100000}n{count}",
                                       [p.pid for p in procs]))
            finally:
                for proc in procs:
                    proc.terminate()
                    proc.wait(10)
                subprocess.run(["sh", str(ROOT / "scripts/start-postgres.sh"), "stop", pg_dir],
                               capture_output=True, check=False)
                if redis:
                    subprocess.run(["sh", str(ROOT / "scripts/start-redis.sh"), "stop", r_dir],
                                   capture_output=True, check=False)
        label = f"{count}" if count else "1, no redis"
        print(f"{label:>14} {r['actions']:>8} {r['actions_per_s']:>8} {r['p50_ms']!s:>7} "
              f"{r['p99_ms']!s:>7} {r['local_p50_ms']!s:>9} {r['relayed_p50_ms']!s:>9} "
              f"{r['cpu_ms']!s:>10} {r['errors']:>6}", flush=True)
    hop()


async def pings(base: str, room: str, count: int, pids: list[int]) -> tuple[float, float]:
    """``count`` pings one after the other on one socket: the median round trip (ms) and
    the server CPU per ping (ms, summed over ``pids``)."""
    url = base.replace("http", "ws", 1) + f"/ws/{room}"
    async with websockets.connect(url) as ws:
        while json.loads(await ws.recv()).get("type") != "room":
            pass  # the welcome, then the room
        times = []
        cpu = sum(cpu_seconds(p) for p in pids)
        for i in range(count):
            started = time.perf_counter()
            await ws.send(json.dumps({"type": "ping", "ref": i}))
            while json.loads(await ws.recv()).get("type") != "pong":
                pass
            times.append(time.perf_counter() - started)
        cpu = sum(cpu_seconds(p) for p in pids) - cpu
    return 1000 * statistics.median(times), 1000 * cpu / count


def hop(count: int = 150, rounds: int = 5) -> None:
    """The Redis hop alone: pings sent one at a time to a room's owner directly, then
    through another process (relayed there and back), on an otherwise idle pair; the
    median of ``rounds`` rounds (``count`` stays under the 200 messages a second a socket
    may send)."""
    with tempfile.TemporaryDirectory(prefix="evolutio-pg.", dir="/tmp") as pg_dir, \
            tempfile.TemporaryDirectory(prefix="evolutio-redis.", dir="/tmp") as r_dir:
        db = service("start-postgres.sh", pg_dir)
        redis = service("start-redis.sh", r_dir)
        procs: list[subprocess.Popen[bytes]] = []
        try:
            (owner, base), (other, relay) = serve(db, redis), serve(db, redis)
            procs = [owner, other]
            token = httpx.post(base + "/api/guest", json={"name": "Hop"}).json()["token"]
            room = httpx.post(base + "/api/rooms", json={"options": {}},
                              headers={"authorization": f"Bearer {token}"}).json()["room"]["id"]
            pids = [owner.pid, other.pid]
            both = [(asyncio.run(pings(base, room, count, pids)),
                     asyncio.run(pings(relay, room, count, pids))) for _ in range(rounds)]
            direct = (statistics.median(d[0] for d, _ in both),
                      statistics.median(d[1] for d, _ in both))
            relayed = (statistics.median(r[0] for _, r in both),
                       statistics.median(r[1] for _, r in both))
        finally:
            for proc in procs:
                proc.terminate()
                proc.wait(10)
            subprocess.run(["sh", str(ROOT / "scripts/start-postgres.sh"), "stop", pg_dir],
                           capture_output=True, check=False)
            subprocess.run(["sh", str(ROOT / "scripts/start-redis.sh"), "stop", r_dir],
                           capture_output=True, check=False)
    print(f"\nthe Redis hop, {count} pings one at a time, median of {rounds} rounds (median "
          "round trip; server CPU per ping, both processes):")
    print(f"  direct to the owner  {direct[0]:6.2f} ms  {direct[1]:5.2f} ms CPU")
    print(f"  relayed              {relayed[0]:6.2f} ms  {relayed[1]:5.2f} ms CPU")
    print(f"  the hop              {relayed[0] - direct[0]:6.2f} ms  "
          f"{relayed[1] - direct[1]:5.2f} ms CPU")
