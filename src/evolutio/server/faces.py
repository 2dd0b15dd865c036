"""What the server's parts see of each other: small protocols, below them all.

A room (``rooms.Room``) runs its clocks, commands, frames, refusals, resignations and undo
through helper modules that are handed the room; the room belongs to a hub (``hub.Hub``),
which may belong to a cluster (``cluster.node.Cluster``). Each lower part is typed here by
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
    from evolutio.server.conn import Conn
    from evolutio.server.db import User
    from evolutio.server.history import LogEntry
    from evolutio.server.limits import Quota
    from evolutio.server.seating import Seat
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


class ListingFace(Protocol):
    """The cluster's shared lobby list (``cluster.listing.Listing``), as a room tells it."""

    def touch(self, room_id: str) -> None: ...


class ForwardFace(Protocol):
    """What the lobby asks the process that plays a room (``cluster.forward.Forward``)."""

    async def hint(self, user: User, room_id: str, version: str, lang: str,
                   said: str) -> JSON: ...

    async def rematch(self, user: User, old_id: str, said: str, hops: int = 0) -> JSON: ...


class ClusterFace(Protocol):
    """This process's part in a cluster (``cluster.node.Cluster``), as the hub, its rooms and
    the lobby use it."""

    @property
    def listing(self) -> ListingFace: ...

    @property
    def forward(self) -> ForwardFace: ...

    def claim_new(self, room_id: str) -> None: ...

    def conflict(self, room: RoomFace, exc: Exception) -> bool: ...

    def retried(self, room: RoomFace, conn: Conn, seat: int, version: int) -> bool: ...


class HubFace(Protocol):
    """Every room's hub (``hub.Hub``), as a room and its helpers use it."""

    @property
    def store(self) -> Store: ...

    @property
    def grace(self) -> float: ...

    @property
    def bot_delay(self) -> float: ...

    @property
    def takeover_level(self) -> str: ...

    @property
    def chat_quota(self) -> Quota: ...

    @property
    def cluster(self) -> ClusterFace | None: ...

    def storage_failed(self, room: RoomFace, exc: Exception) -> None: ...

    def forget_finished(self, keep: int = 200) -> None: ...


class RoomFace(Protocol):
    """A room (``rooms.Room``), as its helper modules, its timers, the hub's storage
    failures and the cluster use it. Attributes a helper sets are plain attributes here."""

    seats: list[Seat]
    options: dict[str, Any]
    clock: int
    private: bool
    turn: int
    undo_point: Any

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
    def log(self) -> list[LogEntry]: ...

    @property
    def conns(self) -> set[Conn]: ...

    @property
    def _frames(self) -> dict[tuple[int | None, str], str]: ...

    @property
    def _legal_json(self) -> dict[tuple[int, str], list[JSON]]: ...

    @property
    def _shared(self) -> dict[Any, Any]: ...

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

    def forget_frames(self) -> None: ...

    def bot_for(self, seat: int) -> Any: ...

    def finish(self) -> None: ...
