"""What the server's parts see of each other: small protocols, below them all.

A room (``rooms.Room``) holds its parts, each typed here by what it reads of the room: its
clocks (``clocks.Timers``), frame cache (``frames.Frames``), undo (``undo.Undo``), log
(``history.History``) and seats (``seating.Seats``); commands, refusals and resignations are
helper modules handed the room. The room belongs to a hub (``hub.Hub``), which talks to the
other processes through a :class:`ClusterFace`: ``cluster.node.Cluster`` or, alone,
``cluster.alone.Alone``. Each lower part is typed here by
what it uses of the higher one, so that the modules import in one direction (the room imports
its helpers, the hub its rooms, the cluster the hub) and none reaches back up
(tests/test_layers.py). The classes satisfy these protocols structurally; the type checker
holds each to them where it is passed down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from evolutio.core.game import JSON, Action, Game
    from evolutio.core.match import Match
    from evolutio.server.blocks import Blocks
    from evolutio.server.conn import Conn
    from evolutio.server.db import User
    from evolutio.server.history import History
    from evolutio.server.limits import Quota
    from evolutio.server.replays import Archiver
    from evolutio.server.seating import Seats
    from evolutio.server.store import Store
    from evolutio.server.timing import Timing


class TimersFace(Protocol):
    """A room's clock, bot and grace tasks (``clocks.Timers``), as its helpers use them."""

    @property
    def restored(self) -> dict[int, float]: ...

    def remaining(self, seat: int) -> float | None: ...

    def banks_json(self) -> JSON | None: ...

    def reset(self, keep: bool) -> None: ...

    def schedule_bots(self) -> None: ...

    def back(self, seat: int) -> None: ...


class SavingRoom(Protocol):
    """A room whose write failed, as the hub and the cluster handle the failure."""

    @property
    def id(self) -> str: ...

    def system(self, key: str, **fields: Any) -> None: ...


class ClusterFace(Protocol):
    """This process's part among the processes serving one database, as the hub, its rooms
    and the lobby use it: ``cluster.node.Cluster`` (several processes sharing rooms through
    Redis) or ``cluster.alone.Alone`` (the only process: every room is here)."""

    def touch(self, room_id: str) -> None: ...

    def claim_new(self, room_id: str) -> None: ...

    def conflict(self, room: SavingRoom, exc: Exception) -> bool: ...

    def retried(self, room: RoomFace, conn: Conn, seat: int, version: int) -> bool: ...

    def elsewhere(self, room_id: str) -> bool: ...

    async def rematch(self, user: User, old_id: str, said: str) -> JSON | None: ...

    async def hint(self, user: User, room_id: str, version: str, lang: str,
                   said: str) -> JSON | None: ...

    async def listed(self) -> list[JSON]: ...


class HubFace(Protocol):
    """Every room's hub (``hub.Hub``), as a room and its helpers use it."""

    @property
    def store(self) -> Store: ...

    @property
    def grace(self) -> float: ...

    @property
    def bot_delay(self) -> float: ...

    @property
    def day(self) -> float: ...

    @property
    def takeover_level(self) -> str: ...

    @property
    def bot_imports(self) -> bool: ...

    @property
    def chat_quota(self) -> Quota: ...

    @property
    def cluster(self) -> ClusterFace: ...

    @property
    def blocks(self) -> Blocks: ...

    @property
    def archiver(self) -> Archiver: ...

    def storage_failed(self, room: SavingRoom | None, exc: Exception) -> None: ...

    def forget_finished(self) -> None: ...


class FramesRoom(Protocol):
    """A room as its frame cache (``frames.Frames``) reads it to make a state frame."""

    @property
    def id(self) -> str: ...

    @property
    def game(self) -> Game[Any]: ...

    @property
    def match(self) -> Match | None: ...

    @property
    def seats(self) -> Seats: ...

    @property
    def outcome(self) -> JSON | None: ...

    @property
    def timers(self) -> TimersFace: ...

    @property
    def undo(self) -> UndoFace: ...

    @property
    def log(self) -> History: ...


class UndoFace(Protocol):
    """A room's undo (``undo.Undo``), as a state frame asks it."""

    def offered(self, seat: int | None) -> bool: ...


class FramesFace(Protocol):
    """A room's frame cache (``frames.Frames``), as an undo tells it the version moved."""

    def forget(self) -> None: ...


class UndoRoom(Protocol):
    """A room as its undo (``undo.Undo``) checks and takes back an action."""

    turn: int

    @property
    def id(self) -> str: ...

    @property
    def game(self) -> Game[Any]: ...

    @property
    def hub(self) -> HubFace: ...

    @property
    def status(self) -> str: ...

    @property
    def match(self) -> Match | None: ...

    @property
    def seats(self) -> Seats: ...

    @property
    def timers(self) -> TimersFace: ...

    @property
    def log(self) -> History: ...

    @property
    def frames(self) -> FramesFace: ...

    @property
    def conns(self) -> set[Conn]: ...

    def seat_of(self, user_id: int | None) -> int | None: ...

    def system(self, key: str, **fields: Any) -> None: ...

    def send_state(self, conn: Conn, full: bool) -> None: ...

    def send_room(self) -> None: ...


class RoomFace(Protocol):
    """A room (``rooms.Room``), as its helper modules, its timers, the hub's storage
    failures and the cluster use it. Attributes a helper sets are plain attributes here."""

    seats: Seats
    options: dict[str, Any]
    clock: int
    private: bool
    turn: int

    @property
    def id(self) -> str: ...

    @property
    def game_name(self) -> str: ...

    @property
    def game(self) -> Game[Any]: ...

    @property
    def hub(self) -> HubFace: ...

    @property
    def timers(self) -> TimersFace: ...

    @property
    def timing(self) -> Timing: ...

    @property
    def host_id(self) -> int | None: ...

    @property
    def status(self) -> str: ...

    @property
    def seed(self) -> int: ...

    @property
    def match(self) -> Match | None: ...

    @property
    def outcome(self) -> JSON | None: ...

    @property
    def version(self) -> int: ...

    @property
    def log(self) -> History: ...

    @property
    def conns(self) -> set[Conn]: ...

    def seat_of(self, user_id: int | None) -> int | None: ...

    def connected(self, user_id: int | None) -> bool: ...

    def waits_for(self, seat: int) -> bool: ...

    def summary(self) -> JSON: ...

    def system(self, key: str, **fields: Any) -> None: ...

    def send_room(self) -> None: ...

    def save(self) -> None: ...

    def legal_json(self, seat: int, lang: str = "en") -> list[JSON]: ...

    def send_state(self, conn: Conn, full: bool) -> None: ...

    def refresh(self, but: Conn | None = None) -> None: ...

    def start(self, seed: int, by: str) -> None: ...

    def play(self, seat: int, action: Action, by: str, lang: str = "en") -> None: ...

    def bot_for(self, seat: int) -> Any: ...

    def finish(self) -> None: ...
