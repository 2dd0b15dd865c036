"""Rooms in process: a bot that fails or cheats never stalls a game."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from pg_cluster import database_url

from evolutio.server import auth, commands, rooms
from evolutio.server.db import make_engine, make_sessionmaker
from evolutio.server.hub import Hub
from evolutio.server.migrate import upgrade
from evolutio.server.rooms import Conn, Seat
from evolutio.server.store import Store


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
    monkeypatch.setattr(rooms, "make_bot", lambda spec, seed, game: BrokenBot(mode))
    engine = make_engine(database_url(tmp_path / "r.db"))
    upgrade(engine)
    hub = Hub(Store(make_sessionmaker(engine)), bot_delay=0.0)

    async def go() -> list[str]:
        with hub.store.session() as s:
            ann, _ = auth.create_guest(s, "Ann")
            s.commit()
        room = hub.create_room("toy", {"players": 2}, 0, ann)
        room.seats[0] = Seat(None, "bot:random", "random")
        room.seats[1] = Seat(None, "bot:random", "random")

        async def nothing(*_: Any) -> None:
            return None

        host = Conn(ann.id, "Ann", nothing, nothing)
        room.conns.add(host)
        room.host_id = ann.id
        commands.cmd_start(room, host, [])
        for _ in range(200):
            await asyncio.sleep(0.01)
            if room.version >= 3:
                break
        hub.close()
        return [entry.by for entry in room.log]

    by = asyncio.run(go())
    assert len(by) >= 3 and set(by) == {"timeout"}
