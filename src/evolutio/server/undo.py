"""Taking back one's own last action, while nobody has acted since and the game says the
action showed no other seat anything it could not see before (``Game.undoable``).

The stored action log is the truth: an undo deletes the last row (committed first), then
puts the match back on a copy of the state taken before that action, so the version goes
back by one. Everyone gets a system line and the full state of that version; an ``act``
sent for the undone version is refused as ``stale``. The undo point lives in memory only:
after a server restart nothing can be taken back. A room holds its :class:`Undo` as
``room.undo``. See docs/protocol.md, "Undo".
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from evolutio.core.game import Action, Event
from evolutio.server import history
from evolutio.server.conn import Conn, RoomError
from evolutio.server.inbound import Undo as UndoFrame
from evolutio.server.store import StorageError
from evolutio.server.texts import say

if TYPE_CHECKING:
    from evolutio.server.faces import UndoRoom


@dataclass
class UndoPoint:
    """What an undo of the action that made ``version`` puts back."""

    version: int
    seat: int
    state: Any
    #: the seconds the seat had left on its clock when it acted (None: no clock)
    left: float | None


@dataclass
class Before:
    """The state of a room just before a person's action, kept while it is applied."""

    state: Any
    left: float | None
    hidden: bool


class Undo:
    """A room's undo (``room.undo``): it keeps the undo point, the one action that can be
    taken back now, and takes it back. Typed against what it uses of the room
    (``faces.UndoRoom``)."""

    def __init__(self, room: UndoRoom) -> None:
        #: the room that holds this part, held weakly: a reference back would make a cycle,
        #: and a room the hub lets go would wait for the collector's rare full pass
        #: (docs/benchmarks.md, "Soak: the server") instead of going at once
        self._room = weakref.ref(room)
        #: what an undo of the last action puts back; None when nothing can be taken back
        self.point: UndoPoint | None = None

    @property
    def room(self) -> UndoRoom:
        """The room (it outlives its parts: a part is used only through its room)."""
        room = self._room()
        assert room is not None, "a part of a room that was let go"
        return room

    def before(self, seat: int, by: str) -> Before | None:
        """A copy of the state before ``seat`` acts, when the action could be taken back: a
        person's (not a bot's or a clock's); the game's ``undoable`` says afterwards."""
        room = self.room
        match = room.match
        if by != "human" or match is None:
            return None
        hide = history.hidden(match.decision)
        return Before(match.state.clone(), room.timers.remaining(seat), hide)

    def after(self, seat: int, action: Action, events: Sequence[Event],
              saved: Before | None) -> None:
        """Set the undo point after an action (or clear it when this one cannot be taken
        back): never a hidden simultaneous choice, never the game's end."""
        self.point = None
        room = self.room
        match = room.match
        if saved is None or saved.hidden or match is None or match.over:
            return
        if room.game.undoable(saved.state, seat, action, list(events)):
            self.point = UndoPoint(match.version, seat, saved.state, saved.left)

    def offered(self, seat: int | None) -> bool:
        """Whether ``seat`` may take back the last action now (for its state frame)."""
        point, room = self.point, self.room
        return (seat is not None and point is not None and room.match is not None
                and point.seat == seat and point.version == room.match.version
                and not room.seats[seat].takeover)

    def take_back(self, conn: Conn, frame: UndoFrame) -> None:
        """A well-formed ``undo`` frame (:mod:`inbound`): checked like ``act`` (playing,
        seated, the current version), then the last action is removed from the store and
        the match goes back one version."""
        room = self.room
        match = room.match
        if room.status != "playing" or match is None:
            raise RoomError("not_playing", "no_game")
        seat = room.seat_of(conn.user_id)
        if seat is None:
            raise RoomError("not_seated", "not_player")
        version = frame.version
        if version != match.version:
            raise RoomError("stale", "stale", yours=version, current=match.version)
        point = self.point
        if not self.offered(seat) or point is None:
            raise RoomError("no_undo", say(conn.lang, "no_undo"))
        try:
            room.hub.store.drop_action(room.id, point.version - 1)
        except StorageError as exc:
            room.hub.storage_failed(room, exc)
            raise RoomError("storage", say(conn.lang, "undo_storage")) from None
        self.point = None
        match.rewind(point.state)  # never into a simultaneous decision: its choices are hidden
        room.turn += 1  # bots and clocks waiting on the undone decision stand down
        room.log.take_back(point.version)
        room.frames.forget()
        if point.left is not None:  # the seat gets back the time it had, not a new clock
            room.timers.restored[seat] = time.time() + point.left
        room.timers.reset(keep=False)
        room.system("undone", name=room.seats[seat].name)
        for other in list(room.conns):
            room.send_state(other, full=True)
        room.send_room()
        room.timers.schedule_bots()
