"""A room's parts own their state (seats, log, undo, frame cache), and a process alone on its
database answers the cluster's questions itself (``cluster.alone.Alone``)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from evolutio.server import auth, commands
from evolutio.server.cluster.alone import Alone
from evolutio.server.conn import RoomError
from evolutio.server.db import User, make_engine, make_sessionmaker
from evolutio.server.hub import Hub
from evolutio.server.inbound import Act, Undo
from evolutio.server.migrate import upgrade
from evolutio.server.rooms import Conn, Room
from evolutio.server.seating import Seat, Seats
from evolutio.server.store import Store


def _hub(tmp_path: Path) -> tuple[Hub, list[User]]:
    engine = make_engine(f"sqlite:///{tmp_path / 'parts.db'}")
    upgrade(engine)
    hub = Hub(Store(make_sessionmaker(engine)), bot_delay=0.0)
    with hub.store.session() as s:
        users = [auth.create_guest(s, name)[0] for name in ("Ann", "Bob")]
        s.commit()
    return hub, users


async def _nothing(*_: Any) -> None:
    return None


def test_seats_change_in_place_and_refuse_what_the_rules_refuse() -> None:
    seats = Seats([Seat(1, "Ann"), Seat(), Seat()])
    same = seats
    assert seats.join(2, "Bob", None) == 1 and seats.of(2) == 1
    with pytest.raises(RoomError):
        seats.join(2, "Bob", "3")  # seated already
    with pytest.raises(RoomError):
        seats.resize(1)  # Bob's seat would go
    assert seats.put_bot("easy", "3") == 2 and seats[2].bot == "easy"
    assert seats.kick("3") == "Darwin (easy)" and seats[2].free
    assert seats.leave(2) == 1 and seats.of(2) is None
    seats.resize(4)
    assert seats is same and len(seats) == 4 and seats[3].free


def test_a_lone_hub_answers_the_cluster_questions_itself(tmp_path: Path) -> None:
    hub, (ann, _) = _hub(tmp_path)
    assert isinstance(hub.cluster, Alone)
    shown = hub.create_room("toy", {}, 0, ann)
    hidden = hub.create_room("toy", {}, 0, ann, private=True)

    async def go() -> None:
        listed = await hub.cluster.rematch(ann, shown.id, "en"), await hub.cluster.hint(
            ann, shown.id, "0", "en", "en")
        assert listed == (None, None)  # decided here: nothing is forwarded
        alone = hub.cluster
        assert isinstance(alone, Alone)
        assert [r["id"] for r in await alone.listed()] == [shown.id]
        assert await alone.place(hidden.id) == (hidden, None)
        assert await alone.place("nowhere") == (None, None)
        assert await alone.summary(shown.id, "en") is None

    asyncio.run(go())
    assert not hub.cluster.elsewhere(shown.id)
    assert not hub.cluster.conflict(shown, RuntimeError("disk full"))


def test_the_log_frames_and_undo_follow_the_version(tmp_path: Path) -> None:
    """An action adds one log entry and a new version's frames; taking it back removes the
    entry and makes the frames of the version before again."""
    hub, (ann, bob) = _hub(tmp_path)

    async def go() -> None:
        room: Room = hub.create_room("evolution", {}, 0, ann)
        room.seats[1] = Seat(bob.id, bob.name)
        conns = [Conn(u.id, u.name, _nothing, _nothing, "en") for u in (ann, bob)]
        room.conns.update(conns)
        commands.cmd_start(room, conns[0], [])
        match = room.match
        assert match is not None and len(room.log) == 0
        seat = match.pending()[0]
        first = room.state_frame(seat, False)
        assert room.state_frame(seat, False) is first  # cached within the version
        game: Any = room.game
        index = next(i for i, a in enumerate(match.legal(seat))
                     if _undoable(game, match.state, seat, a))
        room.act(conns[seat], Act(version=0, index=index))
        assert [e.v for e in room.log] == [1] and room.undo.offered(seat)
        assert not room.undo.offered(1 - seat)
        room.undo.take_back(conns[seat], Undo(version=1))
        assert len(room.log) == 0 and room.version == 0 and room.undo.point is None
        assert room.state_frame(seat, False) == first  # the same version, made again

    asyncio.run(go())


def _undoable(game: Any, state: Any, seat: int, action: Any) -> bool:
    """Whether the game lets ``seat`` take ``action`` back (tried on a copy)."""
    before, after = state.clone(), state.clone()
    events = game.apply(after, seat, action)
    return bool(game.undoable(before, seat, action, list(events)))
