"""Kill -9 the server mid-game, start it again: every game resumes with nothing lost.

The toy game is killed in the middle of its simultaneous bid: two of three seats have bid, and
after the restart they still wait (``chosen``) while the third still bids.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from server_harness import Client, Server, at_version, is_state, play

from evolutio.core.match import Match
from evolutio.core.record import Record

EVOLUTIO = Path(sys.executable).with_name("evolutio")


def test_kill_and_resume_loses_nothing(tmp_path: Path) -> None:
    server = Server(tmp_path / "resume.db", grace=30.0)
    server.start()
    try:
        tokens = [server.guest("Alba"), server.guest("Bruno"), server.guest("Cleo")]
        room = server.room(tokens[0], players=3)

        async def first_half() -> dict[str, Any]:
            clients = [await Client.open(server, room, t) for t in tokens]
            for seat in (1, 2):
                await clients[seat].say(f"/join {seat + 1}")
            await clients[0].until(
                lambda f: f["type"] == "room" and all(s["name"] for s in f["room"]["seats"])
            )
            await clients[0].say("/start")
            state = await play(clients, random.Random(7), limit=2)
            # the seat to act has its frame (with legal actions) before the crash
            await at_version(clients[2], state["version"])
            return state

        before = asyncio.run(asyncio.wait_for(first_half(), 60))
        assert before["version"] == 2 and before["decision"]["seats"] == [2], before
        server.kill()
        server.start()

        async def second_half() -> tuple[list[dict[str, Any]], dict[str, Any]]:
            clients = [await Client.open(server, room, t) for t in tokens]
            resumed = [await c.until(lambda f: is_state(f) and f["full"]) for c in clients]
            final = await play(clients, random.Random(8), limit=None)
            return resumed, final

        resumed, final = asyncio.run(asyncio.wait_for(second_half(), 120))
        assert [f["version"] for f in resumed] == [2, 2, 2]
        assert resumed[0]["view"] == before["view"]
        assert [e["v"] for e in resumed[0]["log"]] == [1, 2]
        assert [e["text"] for e in resumed[0]["log"]] == ["Alba bids.", "Bruno bids."]
        assert [(f["chosen"], f["legal"] is None) for f in resumed] == [
            (True, True), (True, True), (False, False)
        ]
        assert final["outcome"] is not None
        record_text = server.get(f"/api/rooms/{room}/record").text
        record = Record.from_json(json.loads(record_text))
        assert len(record.actions) == final["version"]
        outcome = Match.from_record(record).outcome()
        assert outcome is not None and list(outcome.scores) == final["outcome"]["scores"]
        path = tmp_path / "game.json"
        path.write_text(record_text, encoding="utf-8")
        cli = subprocess.run(
            [str(EVOLUTIO), "replay", str(path)], capture_output=True, text=True, timeout=120
        )
        assert cli.returncode == 0, cli.stderr
        assert "Traceback" not in server.log_text()
    finally:
        server.stop()
