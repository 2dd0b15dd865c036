"""A database that goes away under a running server freezes no game for good.

PostgreSQL stopped at once (a crash) and started again, a lost database server injected on
SQLite (every statement and every new connection refused), a full disk where only inserts
fail: while it lasts, the bots' and the clocks' moves wait, every stalled room is told once,
``/health`` answers 503 "degraded" and says why, ``/metrics`` shows
``evolutio_storage_failing 1``, a request answers 503; once the database takes writes again,
every game moves on by itself and its room is told once. No task dies unseen, no traceback
is logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pg_cluster import START
from server_harness import Client, Server

INSTALLED = bool(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
#: the bots' delay: a toy game of two bots takes about 8 s
BOT_DELAY = "1.0"
#: how long each fault lasts
OUTAGE = 2.5


async def drain(client: Client) -> None:
    """Keep every frame ``client`` receives (in ``client.frames``) until cancelled."""
    with contextlib.suppress(Exception):
        while True:
            await client.next(120)


async def command(client: Client, *lines: str) -> None:
    """Send chat commands, then wait for the answer to a ping sent after them."""
    for line in lines:
        await client.say(line)
    await client.send({"type": "ping", "ref": "sent"})
    await client.until(lambda f: f["type"] == "pong")


def version(server: Server, room: str) -> int:
    return int(server.get(f"/api/rooms/{room}").json()["room"]["version"])


def lines(client: Client, words: str) -> int:
    """The system lines containing ``words`` that ``client`` received."""
    return sum(1 for f in client.frames
               if f["type"] == "chat" and f.get("system") and words in f["text"])


def check_outage(server: Server, break_it: Callable[[], None],
                 mend_it: Callable[[], None]) -> None:
    """Two games under way (a passive person with a 1 s clock against a bot, and two bots),
    the database broken for ``OUTAGE`` seconds, then mended: see the module's docstring."""
    ada, bea = server.guest("Ada Outage"), server.guest("Bea Outage")
    clocked = server.room(ada, clock=1)
    bots = server.room(bea)

    async def run() -> None:
        host_a = await Client.open(server, clocked, ada)
        host_b = await Client.open(server, bots, bea)
        await command(host_a, "/bot random 2")
        await command(host_b, "/bot random 2", "/leave", "/bot random 1")
        watchers = [await Client.open(server, r, None) for r in (clocked, bots)]
        tasks = [asyncio.create_task(drain(c)) for c in watchers]
        await command(host_a, "/start")
        await command(host_b, "/start")
        start = time.monotonic()
        while min(version(server, r) for r in (clocked, bots)) < 1:
            assert time.monotonic() - start < 15, "the games did not start moving"
            await asyncio.sleep(0.1)

        await asyncio.to_thread(break_it)
        await asyncio.sleep(1.5)  # a move under way when it broke lands or fails
        health = server.get("/health")
        assert health.status_code == 503, health.text
        report = health.json()
        assert report["status"] == "degraded" and report["reasons"], report
        assert report["storage"] == "failing" and report["storage_error"], report
        assert sorted(report["stalled_rooms"]) == sorted([clocked, bots]), report
        assert "evolutio_storage_failing 1.0" in server.get("/metrics").text
        guest = server.post("/api/guest", json={"name": "Cy Outage"})  # no traceback logged
        assert guest.status_code == 503 and guest.json()["code"] == "unavailable", guest.text
        before = {r: version(server, r) for r in (clocked, bots)}
        await asyncio.sleep(OUTAGE - 1.5)
        assert {r: version(server, r) for r in before} == before  # nothing moves unsaved

        await asyncio.to_thread(mend_it)
        deadline = time.monotonic() + 20
        while any(version(server, r) <= before[r] for r in before):
            assert time.monotonic() < deadline, f"a game stayed frozen at {before}"
            await asyncio.sleep(0.2)
        while server.get("/health").status_code != 200:
            assert time.monotonic() < deadline, server.get("/health").text
            await asyncio.sleep(0.2)
        assert server.get("/health").json()["status"] == "ok"
        assert "evolutio_storage_failing 0.0" in server.get("/metrics").text
        for watcher in watchers:  # told once that saving fails, once that it works again
            assert lines(watcher, "cannot save") == 1, watcher.frames
            assert lines(watcher, "Saving works again") == 1, watcher.frames
        for task in tasks:
            task.cancel()
        for client in (host_a, host_b, *watchers):
            await client.close()

    asyncio.run(asyncio.wait_for(run(), 90))
    log = server.log_text()
    assert "Task exception was never retrieved" not in log
    assert "Traceback" not in log
    assert log.count("storage: a write failed") == 1, log
    assert "writes succeed again" in log


@pytest.fixture
def bot_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EVOLUTIO_TEST_BOT_DELAY", BOT_DELAY)


@pytest.fixture
def private_postgres(tmp_path: Path) -> Iterator[tuple[str, Callable[[str], None]]]:
    """A PostgreSQL cluster of this test's own (stopped and started by it); its URL and a
    way to ``halt`` or ``resume`` it."""
    directory = Path(f"/tmp/evolutio-pg-outage.{tmp_path.name}")
    started = subprocess.run(["sh", str(START), "start", str(directory)], capture_output=True,
                             text=True, timeout=120, check=False)
    assert started.returncode == 0, started.stderr

    def control(what: str) -> None:
        subprocess.run(["sh", str(START), what, str(directory)], capture_output=True,
                       timeout=60, check=True)

    try:
        yield started.stdout.strip().splitlines()[-1], control
    finally:
        subprocess.run(["sh", str(START), "stop", str(directory)], capture_output=True,
                       timeout=60, check=False)


@pytest.mark.skipif(not INSTALLED, reason="needs PostgreSQL (scripts/install-postgres.sh)")
@pytest.mark.usefixtures("bot_delay")
def test_postgresql_stopped_and_started_again_freezes_no_game(
    tmp_path: Path, private_postgres: tuple[str, Callable[[str], None]]
) -> None:
    url, control = private_postgres
    server = Server(tmp_path / "pg.db", url=url)
    server.start()
    try:
        check_outage(server, lambda: control("halt"), lambda: control("resume"))
    finally:
        server.stop()


def injected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str) -> tuple[
        Server, Callable[[], None], Callable[[], None]]:
    """A server whose database fails as ``mode`` says (``tests/server/launch.py``) while the
    fault file exists, and the ways to make and clear it."""
    flag = tmp_path / "fault"
    monkeypatch.setenv("EVOLUTIO_FAULT_FILE", str(flag))
    server = Server(tmp_path / f"{mode}.db")

    def make() -> None:
        flag.write_text(mode)

    def clear() -> None:
        flag.unlink()

    return server, make, clear


@pytest.mark.usefixtures("bot_delay")
def test_a_lost_database_connection_freezes_no_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    server, break_it, mend_it = injected(tmp_path, monkeypatch, "down")
    server.start()
    try:
        check_outage(server, break_it, mend_it)
    finally:
        server.stop()


@pytest.mark.usefixtures("bot_delay")
def test_a_full_disk_is_one_outage_not_a_flapping_recovery(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Inserts fail, rewriting a row still succeeds: recovery waits for an insert to succeed
    (before the fix a probe that rewrote a row declared it at once, every quarter second)."""
    server, break_it, mend_it = injected(tmp_path, monkeypatch, "insert")
    server.start()
    try:
        check_outage(server, break_it, mend_it)
        assert server.log_text().count("writes succeed again") == 1
    finally:
        server.stop()
