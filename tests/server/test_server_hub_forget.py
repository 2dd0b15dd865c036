"""A finished room the hub forgets goes at once, by reference counting: nothing of it waits
for the collector's full pass, which the server's tuned collector (``server/tuning.py``) runs
only every hundred million or so allocations (docs/benchmarks.md, "Soak: the server")."""

from __future__ import annotations

import asyncio
import gc
import random
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from evolutio.server import auth, commands
from evolutio.server.db import make_engine, make_sessionmaker
from evolutio.server.hub import COLLECT_EVERY, Hub
from evolutio.server.inbound import Act
from evolutio.server.migrate import upgrade
from evolutio.server.rooms import Conn, Room
from evolutio.server.seating import Seat
from evolutio.server.store import Store


async def _nothing(*_: Any) -> None:
    return None


@pytest.fixture
def no_collector() -> Iterator[None]:
    """The cyclic collector off: only reference counting frees anything."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _finished_room(hub: Hub, seed: int) -> Room:
    """A toy game between two people, played to its end with random legal actions, both
    connections gone."""
    with hub.store.session() as s:
        users = [auth.create_guest(s, f"P{seed}x{i}")[0] for i in range(2)]
        s.commit()
    room = hub.create_room("toy", {}, 0, users[0])
    conns = []
    for i, user in enumerate(users):
        room.seats[i] = Seat(user.id, user.name)
        conn = Conn(user.id, user.name, _nothing, _nothing)
        room.attach(conn)
        conns.append(conn)
    commands.cmd_start(room, conns[0], [])
    rng = random.Random(seed)
    while room.match is not None and not room.match.over:
        seat = rng.choice(room.match.pending())
        count = len(room.match.legal(seat))
        room.act(conns[seat], Act(version=room.match.version, index=rng.randrange(count)))
    for conn in conns:
        room.detach(conn)
    assert room.status == "over"
    return room


def _hub(tmp_path: Path) -> Hub:
    engine = make_engine(f"sqlite:///{tmp_path / 'forget.db'}")
    upgrade(engine)
    return Hub(Store(make_sessionmaker(engine)), bot_delay=0.0)


@pytest.mark.usefixtures("no_collector")
def test_a_forgotten_room_is_freed_without_the_collector(tmp_path: Path) -> None:
    """Before its parts (frames, timers, undo) held the room weakly, each held it strongly:
    a cycle, and every forgotten room (its match, states and log) stayed in memory until a
    full collection."""
    hub = _hub(tmp_path)

    async def go() -> list[weakref.ref[Room]]:
        rooms = [weakref.ref(_finished_room(hub, seed)) for seed in range(3)]
        await asyncio.sleep(0)  # whatever the finish scheduled runs
        return rooms

    rooms = asyncio.run(go())
    assert [r() is not None for r in rooms] == [True] * 3  # kept: FINISHED_KEPT is 20
    hub.forget_finished(keep=1)
    assert [r() is None for r in rooms] == [True, True, False]  # the oldest two went
    hub.forget_finished(keep=0)
    assert rooms[2]() is None and not hub.rooms
    # and nothing of a room was left for the collector (the event loop's own cycles are)
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        left = {type(o).__name__ for o in gc.garbage} & {
            "Room", "Match", "Frames", "Timers", "Undo", "History", "LogEntry"}
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert not left
    hub.close()


@pytest.mark.usefixtures("no_collector")
def test_the_collector_passes_once_every_collect_every_rooms_let_go(tmp_path: Path) -> None:
    """What closed sockets leave in cycles is freed while the server runs: one full pass of
    the collector per ``COLLECT_EVERY`` finished rooms let go, none sooner."""
    hub = _hub(tmp_path)
    passes: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            passes.append(len(hub.rooms))

    async def go() -> None:
        for seed in range(COLLECT_EVERY * 2 + 1):
            _finished_room(hub, seed)
            hub.forget_finished(keep=1)  # the newest stays: one let go per game after the first
            await asyncio.sleep(0)

    gc.callbacks.append(seen)
    try:
        asyncio.run(go())
    finally:
        gc.callbacks.remove(seen)
    assert len(passes) == 2  # after the 20th and the 40th room let go
    hub.close()
