"""The process and its database: one server per database, a deleted file stops the server
with a clear error, and a restart keeps the decision clocks where they were."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from faultkit import seat_two, sql
from server_harness import SQLITE_ONLY, Client, Server, free_port, is_state

from evolutio.server.process import EXIT_FATAL

EVOLUTIO = Path(sys.executable).with_name("evolutio")


def test_a_second_process_on_the_same_database_stops_at_start(tmp_path: Path) -> None:
    first = Server(tmp_path / "one.db")
    first.start()
    second = Server(tmp_path / "one.db")
    try:
        with pytest.raises(RuntimeError) as refused:
            second.start()
        assert "another server process uses" in str(refused.value)
        assert first.get("/api/games").status_code == 200  # the first one goes on
    finally:
        second.stop()
        first.stop()


@SQLITE_ONLY
def test_a_deleted_database_stops_the_server_with_a_clear_error(tmp_path: Path) -> None:
    server = Server(tmp_path / "gone.db")
    server.start()
    try:
        token = server.guest("Nel Gone")
        server.room(token)
        server.db.unlink()
        assert server.proc is not None
        server.proc.wait(15)  # before the fix: it kept serving and writing to a ghost file
        assert "was deleted or replaced while the server ran" in server.log_text()
        # a fatal stop, not a clean one (SIGTERM) that a supervisor would restart
        assert server.proc.returncode == EXIT_FATAL
    finally:
        server.stop()


def serve(db: Path, *flags: str) -> tuple[subprocess.Popen[str], str]:
    """``evolutio serve`` on the SQLite file ``db`` and a free port, and its base URL."""
    port = free_port()
    proc = subprocess.Popen(
        [str(EVOLUTIO), "serve", "--port", str(port), "--bot-delay", "0",
         "--db", f"sqlite:///{db}", *flags],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    return proc, f"http://127.0.0.1:{port}"


def serving(proc: subprocess.Popen[str], base: str) -> None:
    """Wait until ``proc`` answers at ``base``."""
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.2)


@SQLITE_ONLY
def test_a_database_deleted_under_the_server_is_not_replaced_by_an_empty_one(
    tmp_path: Path,
) -> None:
    """Deleted: the fatal stop exits with status 3; a restart refuses (as does ``migrate``)
    rather than begin an empty database beside the old lock file, unless told to."""
    db = tmp_path / "kept.db"
    first, base = serve(db)  # a first start on a fresh path just works
    try:
        serving(first, base)
        assert httpx.post(base + "/api/guest", json={"name": "Una Kept"}).status_code == 200
        for path in tmp_path.glob("kept.db*"):
            if path.suffix != ".lock":
                path.unlink()
        output, _ = first.communicate(timeout=15)
        assert first.returncode == EXIT_FATAL, output
        assert "was deleted or replaced" in " ".join(output.split())
    finally:
        if first.poll() is None:
            first.kill()
    again = subprocess.run(
        [str(EVOLUTIO), "serve", "--port", str(free_port()), "--db", f"sqlite:///{db}"],
        capture_output=True, text=True, timeout=60,
    )
    assert again.returncode == EXIT_FATAL, again.stdout + again.stderr
    # the message is wrapped to the terminal's width: read it as one line
    said = " ".join(again.stderr.split())
    assert "is gone" in said and "--create-database" in said
    assert "Traceback" not in again.stderr
    migrated = subprocess.run([str(EVOLUTIO), "migrate", "--db", f"sqlite:///{db}"],
                              capture_output=True, text=True, timeout=60)
    assert migrated.returncode == EXIT_FATAL and "is gone" in " ".join(migrated.stderr.split())
    assert not db.exists()  # neither made an empty database
    fresh, base = serve(db, "--create-database")
    try:
        serving(fresh, base)
        assert httpx.post(base + "/api/guest", json={"name": "Una Kept"}).status_code == 200
        assert db.exists()
    finally:
        fresh.terminate()
        fresh.wait(10)


def test_a_restart_keeps_the_decision_clock(tmp_path: Path) -> None:
    server = Server(tmp_path / "clock.db")
    server.start()
    try:
        tokens = [server.guest("Ola Clock"), server.guest("Pia Clock")]
        room = server.room(tokens[0], clock=600)

        async def begin() -> None:
            clients = await seat_two(server, tokens, room)
            state = await clients[0].until(is_state)
            assert state["clock"] > 500
            for c in clients:
                await c.close()

        asyncio.run(asyncio.wait_for(begin(), 30))
        server.kill()
        stored = json.loads(sql(server.db, "SELECT deadlines FROM rooms WHERE id = ?", room)[0][0])
        assert set(stored) == {"0", "1"} and all(w > time.time() + 500 for w in stored.values())
        # a crash loop spent most of the clock: 5 seconds are left to each seat
        soon = {seat: time.time() + 5 for seat in stored}
        sql(server.db, "UPDATE rooms SET deadlines = ? WHERE id = ?", json.dumps(soon), room)
        server.start()

        async def after() -> None:
            clients = [await Client.open(server, room, t) for t in tokens]
            state = await clients[0].until(is_state)
            if state["version"] == 0:  # (a slow start may find the 5 s already spent)
                assert state["clock"] is not None and state["clock"] <= 5  # not a new 600 s
            # both seats time out within seconds, not after a new 600 s clock
            moved = state if state["version"] >= 2 else await clients[0].until(
                lambda f: is_state(f) and f["version"] >= 2, timeout=20)
            bys = [e["by"] for e in moved["log"] if e["v"] <= 2]
            assert bys == ["timeout", "timeout"] or moved["log"][-1]["by"] == "timeout"

        asyncio.run(asyncio.wait_for(after(), 30))
    finally:
        server.stop()

