"""Rooms in process: a bot that fails or cheats never stalls a game."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from evolutio.server import auth, rooms
from evolutio.server.db import make_engine, make_sessionmaker
from evolutio.server.migrate import upgrade
from evolutio.server.rooms import Conn, Hub, Seat


class BrokenBot:
    name = "broken"

    def __init__(self, mode: str) -> None:
        self.mode = mode

    def choose(self, view: Any, legal: Any, decision: Any, info: Any = None) -> Any:
        if self.mode == "crash":
            raise RuntimeError("bot bug")
        return object()  # not an action at all


@pytest.mark.parametrize("mode", ["crash", "cheat"])
def test_a_failing_bot_plays_the_safe_default(
    tmp_path: Path, mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        rooms, "load_make_bot", lambda: lambda level, seed, game="evolution": BrokenBot(mode)
    )
    engine = make_engine(f"sqlite:///{tmp_path / 'r.db'}")
    upgrade(engine)
    hub = Hub(make_sessionmaker(engine), bot_delay=0.0)

    async def go() -> list[str]:
        with hub.session() as s:
            ann, _ = auth.create_guest(s, "Ann")
            s.commit()
        room = hub.create_room("evolution", {"players": 2}, 0, ann)
        room.seats[0] = Seat(None, "bot:normal", "normal")
        room.seats[1] = Seat(None, "bot:easy", "easy")

        async def nothing(*_: Any) -> None:
            return None

        host = Conn(ann.id, "Ann", nothing, nothing)
        room.conns.add(host)
        room.host_id = ann.id
        room.cmd_start(host, [])
        for _ in range(200):
            await asyncio.sleep(0.01)
            if room.version >= 3:
                break
        hub.close()
        return [entry.by for entry in room.log]

    by = asyncio.run(go())
    assert len(by) >= 3 and set(by) == {"timeout"}
