"""The chaos run: every fault the server promises to survive, one after another, under play.

Three ``serve --redis`` processes share a real PostgreSQL and a real Redis (both this test's
own). Five Evolution games are under way: people on WebSocket sockets who act on their legal
actions (two rooms of two people, two of a person against a bot) and one game of two bots;
an anonymous spectator watches each room. The people behave as the browser does: a ping
every 3 s, a socket silent for 8 s dropped, a closed or refused socket opened again (on the
next process when theirs is dead), a refused move sent again after a short wait.

Twice over, it stops PostgreSQL at once (a crash) and starts it again, kills Redis (-9) and
starts it again, fills the disk (injected, as in test_fault_outage.py: every insert fails
with "database or disk is full" while rewrites succeed: mounting a small filesystem to fill
needs root, which the tests do not count on) and kills (-9) the process that owns the most
rooms, starting it again once the games move. It counts:

- lost actions: every action a person saw acknowledged (the state frame of the version it
  made, naming the person's seat) is in the database, by that seat, at the end;
- stuck games: every game still under way moves again within ``RECOVER`` seconds of the
  fault clearing (for a killed process: once its leases expired);
- repeated tracebacks: a traceback the processes log more than once (a repeated fault must
  not log the same traceback again).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import websockets
from cluster_harness import HAVE_POSTGRES, HAVE_REDIS, START_PG, Node, Redis, need

#: the processes' lease: a killed process's rooms are free again after this long
LEASE = 1.5
#: how long each outage lasts, seconds
OUTAGE = 3.0
#: every game moves again within this many seconds of its fault clearing, a storage
#: outage that follows another included (the probe waits 2 s at most, docs/security.md)
RECOVER = 5.0
#: the bots' delay: a two-bot Evolution game lasts longer than the run
BOT_DELAY = 0.4
LAUNCH = Path(__file__).resolve().parents[1] / "launch.py"
#: ``evolutio serve`` with the test's storage fault injection (launch.py's faulty engine)
FAULTY_SERVE = (
    "import sys; sys.path.insert(0, sys.argv.pop(1)); import launch; "
    "import evolutio.server.app as app; app.make_engine = launch.faulty_engine; "
    "from evolutio.cli import main; sys.argv[0] = 'evolutio'; main()"
)


class FaultyNode(Node):
    """A ``serve --redis`` process whose database fails while the fault file exists."""

    def command(self) -> list[str]:
        return [sys.executable, "-c", FAULTY_SERVE, str(LAUNCH.parent), *super().command()[1:]]

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def node_id(self) -> str:
        """The cluster's name of the process now running (its log's last "listening")."""
        found = re.findall(r"cluster node (\w+) listening", self.log_text())
        return found[-1] if found else ""


@dataclass
class Seen:
    """What the clients saw: each room's versions over time, the acknowledged actions."""

    #: room -> (monotonic time, version) each time a higher version was seen
    moves: dict[str, list[tuple[float, int]]] = field(default_factory=dict)
    finished: set[str] = field(default_factory=set)
    #: (room, version made, seat, action) of every action acknowledged to its person
    acked: list[tuple[str, int, int, Any]] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    closes: Counter[int] = field(default_factory=Counter)

    def saw(self, room: str, version: int) -> None:
        track = self.moves.setdefault(room, [])
        if not track or version > track[-1][1]:
            track.append((time.monotonic(), version))

    def version(self, room: str) -> int:
        track = self.moves.get(room)
        return track[-1][1] if track else -1


@dataclass
class Chaos:
    """The processes, what the clients saw, and the end of the run."""

    nodes: list[FaultyNode]
    seen: Seen
    stop: asyncio.Event

    def node(self, home: int, tries: int) -> FaultyNode:
        live = [n for n in self.nodes if n.alive()] or self.nodes
        return live[(home + tries) % len(live)]


async def socket_loop(chaos: Chaos, room: str, token: str | None, seat: int | None,
                      home: int, rng: random.Random) -> None:
    """One person (or, without a token, a spectator) in ``room`` until the run stops."""
    tries = 0
    while not chaos.stop.is_set() and room not in chaos.seen.finished:
        node = chaos.node(home, tries)
        url = f"{node.ws_base}/ws/{room}" + (f"?token={token}" if token else "")
        try:
            async with websockets.connect(url, max_size=2**22, open_timeout=8) as ws:
                tries = 0
                await session(chaos, ws, room, seat, rng)
        except websockets.ConnectionClosed as exc:
            chaos.seen.closes[exc.rcvd.code if exc.rcvd is not None else 1006] += 1
        except (OSError, TimeoutError, websockets.WebSocketException):
            tries += 1
        await asyncio.sleep(0.3)


async def session(chaos: Chaos, ws: Any, room: str, seat: int | None,
                  rng: random.Random) -> None:
    """One socket's life: record versions and acknowledgements, act, ping, retry."""
    seen = chaos.seen
    pending: dict[int, Any] = {}  # version acted on -> the action sent
    current: dict[str, Any] | None = None
    heard = pinged = time.monotonic()
    while not chaos.stop.is_set():
        try:
            raw = await asyncio.wait_for(ws.recv(), 1.0)
        except TimeoutError:
            now = time.monotonic()
            if now - heard > 8:
                return  # silent: taken for dead, as the browser does
            if now - pinged > 3:
                await ws.send(json.dumps({"type": "ping"}))
                pinged = now
            continue
        heard = time.monotonic()
        frame = json.loads(raw)
        if frame["type"] == "error" and seat is not None and current is not None:
            seen.errors[frame["code"]] += 1
            if frame["code"] != "stale" and frame.get("ref") == current["version"]:
                await asyncio.sleep(0.5)  # refused now (storage, relay): try again
                if frame.get("ref") in pending:
                    await act(ws, current, pending)
            continue
        if frame["type"] != "state":
            continue
        version = frame["version"]
        seen.saw(room, version)
        for entry in frame.get("log") or []:
            sent = pending.pop(entry["v"] - 1, None)
            if (sent is not None and seat is not None and entry["seat"] == seat
                    and entry["by"] == "human"):
                seen.acked.append((room, entry["v"], seat, sent[1]))
        for stale in [v for v in pending if v < version]:
            del pending[stale]
        if frame["decision"] is None:
            seen.finished.add(room)
            return
        current = frame
        if seat is not None and frame.get("legal") and version not in pending:
            await asyncio.sleep(rng.uniform(0.1, 0.6))
            index = rng.randrange(len(frame["legal"]))
            pending[version] = (index, frame["legal"][index])
            await act(ws, frame, pending)


async def act(ws: Any, frame: dict[str, Any], pending: dict[int, Any]) -> None:
    """Send the action chosen for ``frame``'s version (its ``ref`` is the version)."""
    index = pending[frame["version"]][0]
    await ws.send(json.dumps({"type": "act", "version": frame["version"], "index": index,
                              "ref": frame["version"]}))


@pytest.fixture
def services(tmp_path: Path) -> Iterator[tuple[str, Callable[[str], None], Redis]]:
    """This test's own PostgreSQL (its URL, and a way to ``halt`` and ``resume`` it) and
    Redis (killed and started again by the test)."""
    need(HAVE_POSTGRES, "PostgreSQL", "scripts/install-postgres.sh")
    need(HAVE_REDIS, "Redis (redis-server)", "scripts/install-redis.sh")
    directory = Path(f"/tmp/evolutio-pg-chaos.{tmp_path.name}")
    started = subprocess.run(["sh", str(START_PG), "start", str(directory)],
                             capture_output=True, text=True, timeout=120, check=False)
    assert started.returncode == 0, started.stderr

    def control(what: str) -> None:
        subprocess.run(["sh", str(START_PG), what, str(directory)], capture_output=True,
                       timeout=60, check=True)

    redis = Redis(tmp_path)
    try:
        redis.start()
        yield started.stdout.strip().splitlines()[-1], control, redis
    finally:
        redis.kill()
        subprocess.run(["sh", str(START_PG), "stop", str(directory)], capture_output=True,
                       timeout=60, check=False)


@dataclass
class Game:
    """A room under way and the people playing it: (token, seat) each."""

    room: str
    kind: str
    home: int
    people: list[tuple[str, int]]


async def command(node: Node, room: str, token: str, *lines: str) -> None:
    """Chat commands over a socket of their own, then wait for the answer to a ping."""
    async with websockets.connect(f"{node.ws_base}/ws/{room}?token={token}") as ws:
        for line in lines:
            await ws.send(json.dumps({"type": "chat", "text": line}))
        await ws.send(json.dumps({"type": "ping"}))
        while json.loads(await ws.recv())["type"] != "pong":
            pass


async def games(nodes: list[FaultyNode]) -> list[Game]:
    """Two rooms of two people, two of a person against a bot, one of two bots, started;
    room ``k`` made on process ``k % 3``."""
    made: list[Game] = []
    for k, kind in enumerate(("people", "people", "bot", "bot", "bots")):
        node = nodes[k % len(nodes)]
        host = node.guest(f"Host {k}")
        room = node.room(host, game="evolution")
        if kind == "people":
            other = node.guest(f"Other {k}")
            await command(node, room, other, "/join 2")
            people = [(host, 0), (other, 1)]
        elif kind == "bot":
            await command(node, room, host, "/bot random 2")
            people = [(host, 0)]
        else:
            await command(node, room, host, "/bot random 2", "/leave", "/bot random 1")
            people = []
        await command(node, room, host, "/start")
        made.append(Game(room, f"{kind} room {k}", k % len(nodes), people))
    return made


async def moving_again(seen: Seen, rooms: dict[str, str], cleared: float, label: str,
                       bound: float) -> tuple[list[str], float]:
    """The rooms under way (id: what it is) that did not move within ``bound`` s of
    ``cleared`` (as lines saying so), and the longest time a game took to move again."""
    base = {r: max([v for t, v in seen.moves.get(r, []) if t <= cleared], default=-1)
            for r in rooms}
    deadline = cleared + bound
    took: dict[str, float] = {}
    while True:
        for r in rooms:
            moved = [t for t, v in seen.moves.get(r, []) if t > cleared and v > base[r]]
            if r not in took and moved:
                took[r] = moved[0] - cleared
        waiting = [r for r in rooms if r not in took and r not in seen.finished]
        if not waiting or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.1)
    stuck = [f"{label}: {rooms[r]} ({r}) stayed at version {base[r]} for {bound} s after the "
             "fault cleared" for r in waiting]
    stuck += [f"{label}: {rooms[r]} ({r}) moved again only after {took[r]:.1f} s"
              for r in took if took[r] > bound]
    return stuck, max(took.values(), default=0.0)


def owners(redis_url: str, nodes: list[FaultyNode], rooms: list[str]) -> Counter[int]:
    """How many of ``rooms`` each process (by index) holds the lease of."""
    import redis

    client = redis.Redis.from_url(redis_url)
    held = [h.decode() if isinstance(h, bytes) else h
            for h in client.mget([f"evolutio:lease:{r}" for r in rooms])]
    client.close()
    names = {n.node_id(): i for i, n in enumerate(nodes)}
    return Counter(names[h] for h in held if h in names)


def tracebacks(log: str) -> Counter[str]:
    """Each traceback in a log by its last line (the exception, addresses left out)."""
    found: Counter[str] = Counter()
    lines = log.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Traceback (most recent call last)"):
            end = next((lines[j] for j in range(i + 1, len(lines))
                        if lines[j] and not lines[j].startswith(" ")), "?")
            found[re.sub(r"0x[0-9a-f]+", "0x", end)] += 1
    return found


def stored(url: str, rooms: list[str]) -> dict[tuple[str, int], tuple[int, str]]:
    """Every stored action of ``rooms``: (room, version it made) -> (seat, by)."""
    import psycopg

    with psycopg.connect(url) as pg:
        rows = pg.execute("SELECT room_id, idx, seat, by FROM actions WHERE room_id = ANY(%s)",
                          (rooms,)).fetchall()
    return {(room, idx + 1): (seat, by) for room, idx, seat, by in rows}


@pytest.mark.slow
def test_chaos_run_loses_no_action_and_freezes_no_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    services: tuple[str, Callable[[str], None], Redis],
) -> None:
    url, postgres, redis = services
    flag = tmp_path / "fault"
    monkeypatch.setenv("EVOLUTIO_FAULT_FILE", str(flag))
    nodes = [FaultyNode(tmp_path / f"node{i}.db", url, redis.url, bot_delay=BOT_DELAY,
                        lease=LEASE) for i in range(3)]
    stuck: list[str] = []
    recovery: dict[str, float] = {}
    seen = Seen()

    async def run() -> list[Game]:
        chaos = Chaos(nodes, seen, asyncio.Event())
        made = await games(nodes)
        rooms = {g.room: g.kind for g in made}
        rng = random.Random(7)
        tasks = [asyncio.create_task(socket_loop(chaos, g.room, token, seat, g.home,
                                                 random.Random(rng.random())))
                 for g in made for token, seat in g.people]
        tasks += [asyncio.create_task(socket_loop(chaos, g.room, None, None, g.home + 1, rng))
                  for g in made]
        deadline = time.monotonic() + 20
        while min(seen.version(r) for r in rooms) < 1:
            assert time.monotonic() < deadline, f"the games did not start: {seen.moves}"
            await asyncio.sleep(0.1)

        def outage(stop: Callable[[], object], start: Callable[[], object]) -> Callable[[], Any]:
            async def fault() -> float:
                await asyncio.to_thread(stop)
                await asyncio.sleep(OUTAGE)
                await asyncio.to_thread(start)
                return time.monotonic()
            return fault

        async def kill_owner() -> float:
            held = owners(redis.url, nodes, list(rooms))
            victim = nodes[held.most_common(1)[0][0] if held else 0]
            victim.kill()
            return time.monotonic() + LEASE

        faults = {
            "postgresql stopped": outage(lambda: postgres("halt"), lambda: postgres("resume")),
            "redis killed": outage(redis.kill, redis.start),
            "disk full": outage(lambda: flag.write_text("insert"), flag.unlink),
            "owner killed": kill_owner,
        }
        for cycle in (1, 2):
            for name, fault in faults.items():
                cleared = await fault()
                late, took = await moving_again(seen, rooms, cleared, f"{name} ({cycle})",
                                                RECOVER)
                stuck.extend(late)
                recovery[f"{name} ({cycle})"] = round(took, 1)
                for node in nodes:
                    if not node.alive():
                        await asyncio.to_thread(node.start)
                await asyncio.sleep(0.5)
        chaos.stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        return made

    try:
        for node in nodes:
            node.start()
        made = asyncio.run(asyncio.wait_for(run(), 240))
    finally:
        for node in nodes:
            node.stop()
    rooms = [g.room for g in made]
    rows = stored(url, rooms)
    lost = [f"room {room} version {v} by seat {seat} ({action}): stored as "
            f"{rows.get((room, v))}"
            for room, v, seat, action in seen.acked if rows.get((room, v)) != (seat, "human")]
    unsaved = [f"room {r}: version {seen.version(r)} seen, "
               f"{sum(1 for k in rows if k[0] == r)} actions stored"
               for r in rooms if seen.version(r) > sum(1 for k in rows if k[0] == r)]
    logged = {f"{node.db.stem}: {exception}": count
              for node in nodes for exception, count in tracebacks(node.log_text()).items()}
    repeated = {where: count for where, count in logged.items() if count > 1}
    versions = [seen.version(r) for r in rooms]
    summary = (f"{len(seen.acked)} acknowledged actions, versions {versions}, recovery s "
               f"{recovery}, errors {dict(seen.errors)}, closes {dict(seen.closes)}, "
               f"tracebacks {logged}")
    print(summary)
    assert len(seen.acked) > 50, summary
    assert not lost, f"{len(lost)} acknowledged actions lost: {lost[:10]}"
    assert not unsaved, f"versions broadcast but not stored: {unsaved}"
    assert not stuck, f"games stuck after a fault: {stuck}; {summary}"
    assert not repeated, f"tracebacks logged again and again: {repeated}"
