"""A database that refuses writes (a full disk, a read-only file: an injected driver error)
stalls no game for good: the room is told, ``/health`` shows it, moves are refused with a
``storage`` error, and the game goes on by itself once writes succeed again."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from faultkit import seat_two
from server_harness import Server, is_state


def test_a_failed_write_stalls_the_game_until_writes_succeed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fault = tmp_path / "disk-full"
    monkeypatch.setenv("EVOLUTIO_FAULT_FILE", str(fault))
    server = Server(tmp_path / "storage.db")
    server.start()
    try:
        tokens = [server.guest("Ida"), server.guest("Jon")]
        room = server.room(tokens[0], clock=1)

        async def run() -> None:
            clients = await seat_two(server, tokens, room)
            first = await clients[0].until(is_state)
            assert first["version"] == 0
            fault.touch()  # from now on every write fails
            told = await clients[0].until(
                lambda f: f["type"] == "chat" and "cannot save" in f["text"]
            )
            assert told["system"] is True
            health = server.get("/health")
            assert health.status_code == 503, health.text
            assert health.json()["stalled_rooms"] == [room]
            assert "disk is full" in health.json()["storage_error"]
            await clients[1].send({"type": "act", "version": 0, "index": 0})
            refused = await clients[1].error("storage")
            assert "nothing was played" in refused["message"]
            await asyncio.sleep(1.0)  # the clocks ran out meanwhile; still nothing stored
            assert server.get(f"/api/rooms/{room}").json()["room"]["version"] == 0
            fault.unlink()
            back = await clients[0].until(
                lambda f: f["type"] == "chat" and "Saving works again" in f["text"], timeout=20
            )
            assert back["system"] is True
            # the timeouts that ran out are played by themselves: the game moves on
            moved = await clients[0].until(lambda f: is_state(f) and f["version"] >= 1)
            assert moved["log"][-1]["by"] == "timeout"
            for c in clients:
                await c.close()

        asyncio.run(asyncio.wait_for(run(), 60))
        deadline = time.monotonic() + 5
        while server.get("/health").status_code != 200 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert server.get("/health").json()["storage"] == "ok"
        log = server.log_text()
        assert "storage: a write failed" in log and "writes succeed again" in log
        assert "Traceback" not in log
    finally:
        server.stop()
