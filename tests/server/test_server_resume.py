"""Kill -9 the server mid-game, start it again: every game resumes with nothing lost."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from server_harness import Client, Server, at_version, is_state, play

from evolutio.core.game import Game
from evolutio.core.record import Record, replay
from evolutio.core.registry import get_game

EVOLUTIO = Path(sys.executable).with_name("evolutio")


def test_kill_and_resume_loses_nothing(tmp_path: Path) -> None:
    server = Server(tmp_path / "resume.db", grace=30.0)
    server.start()
    try:
        tokens = [server.guest("Alba"), server.guest("Bruno")]
        room = server.room(tokens[0], game="evolution")

        async def first_half() -> dict[str, Any]:
            clients = [await Client.open(server, room, t) for t in tokens]
            await clients[1].say("/join")
            await clients[0].say("/start")
            state = await play(clients, random.Random(7), limit=25)
            # the seat to act has its frame (with legal actions) before the crash
            await at_version(clients[state["decision"]["seat"]], state["version"])
            return state

        before = asyncio.run(asyncio.wait_for(first_half(), 60))
        assert before["version"] == 25
        server.kill()
        server.start()

        async def second_half() -> tuple[dict[str, Any], dict[str, Any]]:
            clients = [await Client.open(server, room, t) for t in tokens]
            resumed = await clients[0].until(lambda f: is_state(f) and f["full"])
            assert resumed["version"] == before["version"]
            assert resumed["view"] == before["view"]
            assert [e["v"] for e in resumed["log"]] == list(range(1, 26))
            final = await play(clients, random.Random(8), limit=None)
            return resumed, final

        _, final = asyncio.run(asyncio.wait_for(second_half(), 120))
        assert final["outcome"] is not None
        record_text = server.get(f"/api/rooms/{room}/record").text
        record = Record.from_json(json.loads(record_text))
        assert len(record.actions) == final["version"]
        game: Game[Any] = get_game("evolution")
        outcome = game.outcome(replay(record))
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
