"""The rooms' storage: room rows, the action log, chat lines, finished games' results.

Games are event-sourced: an action row is committed before the action is applied and
broadcast, so a restarted server rebuilds each game by replaying its rows. The store only
reads and writes rows; it never calls back into a room.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, bindparam, delete, insert, select, update
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import (
    DBAPIError,
    DisconnectionError,
    InterfaceError,
    OperationalError,
    SQLAlchemyError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import Session, sessionmaker

from evolutio.core.game import JSON, Outcome
from evolutio.core.record import Record
from evolutio.server import ratings
from evolutio.server.db import ActionRow, ChatRow, Participation, RoomRow, utcnow
from evolutio.server.lock import DatabaseGone, FileWatch

#: chat lines kept per room in memory and sent on connecting.
CHAT_KEPT = 50
#: the statuses of a live room (loaded at start); "over" and "closed" (an open room nobody
#: sat in, closed after a while: ``leave.sweep``) are not
LIVE = ("open", "playing")
#: the id of the room row a storage probe writes and deletes in one transaction: no room
#: id is ever made of these characters (``Hub.create_room`` makes letters and digits)
PROBE_ROOM = "(probe)"


class StorageError(Exception):
    """The database refused a read or a write, or could not be reached (disk full, a
    read-only or locked file, a refused or lost connection, the SQLite file gone)."""


#: what a failed database call raises, turned into ``StorageError`` by ``failing``
FAILURES = (SQLAlchemyError, OSError, DatabaseGone)


def reason(exc: BaseException) -> str:
    """A failure's first line, fit for a log line or ``/health``: the driver's own error
    (``OperationalError: connection refused``) rather than SQLAlchemy's wrapping of it."""
    if isinstance(exc, StorageError):
        return str(exc)
    orig = getattr(exc, "orig", None)
    if orig is not None:
        exc = orig
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def outage(exc: BaseException) -> bool:
    """Whether a failure says the database cannot be used now (refused or lost connection,
    full disk, read-only or deleted file, no pooled connection free) rather than refusing
    one statement (a duplicate key, a value it cannot store), which a retry would not mend."""
    seen = exc.__cause__ if isinstance(exc, StorageError) else exc
    if isinstance(seen, DBAPIError):
        return isinstance(seen, (OperationalError, InterfaceError)) or seen.connection_invalidated
    return isinstance(seen, (OSError, DatabaseGone, DisconnectionError, PoolTimeout))


@contextmanager
def failing() -> Iterator[None]:
    """Turn a failed database call (connecting, reading or writing) into ``StorageError``,
    caused by the original error: every caller then takes one path for them all."""
    try:
        yield
    except FAILURES as exc:
        raise StorageError(reason(exc)) from exc


@dataclass
class StoredRoom:
    """A room as loaded at start: its row, its last chat lines and (if playing) its actions."""

    row: RoomRow
    chat: list[JSON] = field(default_factory=list)
    actions: list[ActionRow] = field(default_factory=list)


class Prepared:
    """A write compiled once for the database's dialect and run as the driver's own SQL.

    The engine still runs it (``exec_driver_sql``: its events see it, its errors are the
    engine's), but neither compiles it nor works out its parameters' conversions again for
    every action: the SQL text and each parameter's conversion (the column type's, as the
    engine would apply it: JSON to text, a datetime to SQLite's text) are made here once.
    """

    def __init__(self, statement: Any, dialect: Dialect, names: Sequence[str]) -> None:
        compiled = statement.compile(dialect=dialect, column_keys=list(names))
        self.sql = str(compiled)
        self.positional = bool(compiled.positional)
        self.order = list(compiled.positiontup or ()) if self.positional else list(compiled.binds)
        self.convert = {
            name: compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect)
            for name in self.order
        }

    def params(self, values: Mapping[str, Any]) -> Any:
        """The driver's parameters for ``values`` (by name): a tuple in the statement's
        order for a positional driver (SQLite), else a dict (psycopg)."""
        out = []
        for name in self.order:
            value = values[name]
            convert = self.convert[name]
            out.append(value if convert is None else convert(value))
        return tuple(out) if self.positional else dict(zip(self.order, out, strict=True))


class Store:
    """Rows of rooms, actions and chat on one database."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions
        #: set at start for a SQLite file: every action write first checks it is still there
        self.watch: FileWatch | None = None
        self._writer: Connection | None = None
        self._insert_action = insert(ActionRow)
        self._update_deadlines = (
            update(RoomRow)
            .where(RoomRow.id == bindparam("rid"))
            .values(deadlines=bindparam("deadlines"), banks=bindparam("banks"))
        )
        #: the two writes of play, compiled for the writer's dialect when first run
        self._prepared: dict[str, Prepared] = {}

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self.sessions() as s:
            yield s

    def close(self) -> None:
        """Close the action writer's connection (at shutdown)."""
        if self._writer is not None:
            with suppress(SQLAlchemyError):  # a lost connection has nothing left to close
                self._writer.close()
            self._writer = None

    # -- the action log ----------------------------------------------------------------------

    def add_action(self, room_id: str, idx: int, seat: int, action: JSON, by: str) -> None:
        """Append one action to a game's log and commit.

        The hot path of play: a Core insert on one long-lived connection (half the cost of a
        pooled one). A broken connection is replaced once; a second failure propagates.
        """
        self.check_file()
        row = {
            "room_id": room_id,
            "idx": idx,
            "seat": seat,
            "action": action,
            "by": by,
            "created_at": utcnow(),
        }
        self._write("action", row)

    def _statement(self, name: str) -> Prepared:
        """The prepared write ``name`` ("action" or "deadlines") for this database."""
        made = self._prepared.get(name)
        if made is None:
            dialect = self.sessions.kw["bind"].dialect
            if name == "action":
                columns = ("room_id", "idx", "seat", "action", "by", "created_at")
                made = Prepared(self._insert_action, dialect, columns)
            else:
                made = Prepared(self._update_deadlines, dialect, ("deadlines", "banks"))
            self._prepared[name] = made
        return made

    def _write(self, name: str, params: JSON) -> None:
        """Run the prepared write ``name`` on the long-lived connection, committed; a broken
        connection is replaced once, a second failure is a ``StorageError``."""
        statement = self._statement(name)
        for attempt in (1, 2):
            try:
                if self._writer is None:
                    # each statement commits on its own: one write is one statement, and
                    # no BEGIN/COMMIT pair goes through the engine around it. Connecting is
                    # inside the ``try``: a refused connection is a storage failure too.
                    self._writer = self.sessions.kw["bind"].connect().execution_options(
                        isolation_level="AUTOCOMMIT"
                    )
                self._writer.exec_driver_sql(statement.sql, statement.params(params))
                return
            except (SQLAlchemyError, OSError) as exc:
                if self._writer is not None:
                    with suppress(SQLAlchemyError):
                        self._writer.close()
                self._writer = None
                if attempt == 2 or not isinstance(exc, DBAPIError):
                    raise StorageError(reason(exc)) from exc

    def check_file(self) -> None:
        """``StorageError`` (caused by ``DatabaseGone``) when the SQLite file was deleted or
        replaced: checked before every write, so none goes into an unlinked file."""
        if self.watch is not None:
            try:
                self.watch.check()
            except DatabaseGone as exc:
                raise StorageError(str(exc)) from exc

    def probe(self) -> None:
        """Write as play writes, and commit: ``StorageError`` while the database still
        refuses writes.

        One transaction inserts a room row, an action row and a chat line (new rows, as a
        move, a chat line or a new room adds: rewriting an existing page succeeds on a full
        disk where the next insert fails), rewrites the room row (as deadlines and seats
        are saved), deletes them all again and commits, so the database's journal takes
        every page that write touched. Nothing of it is ever visible: no other connection
        sees an uncommitted row, and the commit leaves none. A refused connection fails
        it too.
        """
        self.check_file()
        with failing(), self.sessions() as s:
            s.add(RoomRow(id=PROBE_ROOM, game="", options={}, seed=0, clock=0, status="over",
                          seats=[]))
            s.flush()
            s.add(ActionRow(room_id=PROBE_ROOM, idx=0, seat=0, action={"probe": True},
                            by="probe"))
            s.add(ChatRow(room_id=PROBE_ROOM, name="", text="probe"))
            s.flush()
            s.execute(update(RoomRow).where(RoomRow.id == PROBE_ROOM).values(clock=1))
            s.execute(delete(ChatRow).where(ChatRow.room_id == PROBE_ROOM))
            s.execute(delete(ActionRow).where(ActionRow.room_id == PROBE_ROOM))
            s.execute(delete(RoomRow).where(RoomRow.id == PROBE_ROOM))
            s.commit()

    def drop_action(self, room_id: str, idx: int) -> None:
        """Remove a stored action the rules then refused (it must never be replayed)."""
        with failing(), self.session() as s:
            s.execute(delete(ActionRow).where(ActionRow.room_id == room_id, ActionRow.idx == idx))
            s.commit()

    def actions(self, room_id: str) -> Sequence[ActionRow]:
        with failing(), self.session() as s:
            return s.scalars(
                select(ActionRow).where(ActionRow.room_id == room_id).order_by(ActionRow.idx)
            ).all()

    def record(self, row: RoomRow) -> Record:
        """The game record of a room row, from its stored actions."""
        return Record(
            row.game,
            dict(row.options),
            row.seed,
            [(a.seat, dict(a.action)) for a in self.actions(row.id)],
            [str(x.get("name") or "") for x in row.seats],
            row.outcome,
            row.rules or 1,
        )

    # -- rooms -------------------------------------------------------------------------------

    def room_row(self, room_id: str) -> RoomRow | None:
        with failing(), self.session() as s:
            return s.get(RoomRow, room_id)

    def save_room(
        self,
        room_id: str,
        game: str,
        fields: JSON,
    ) -> None:
        """Create or update a room row; ``fields`` are the row's changing columns (options,
        seed, clock, status, host_id, seats, outcome); start and finish times are set once."""
        self.check_file()
        with failing(), self.session() as s:
            self._put_room(s, room_id, game, fields)
            s.commit()

    @staticmethod
    def _put_room(s: Session, room_id: str, game: str, fields: JSON) -> None:
        row = s.get(RoomRow, room_id)
        if row is None:
            row = RoomRow(id=room_id, game=game, **fields)
            s.add(row)
        for name, value in fields.items():
            setattr(row, name, value)
        if fields.get("status") == "playing" and row.started_at is None:
            row.started_at = utcnow()
        if fields.get("status") == "over" and row.finished_at is None:
            row.finished_at = utcnow()

    def save_deadlines(
        self, room_id: str, deadlines: dict[str, float], banks: dict[str, float] | None = None
    ) -> None:
        """Store a room's decision deadlines (``{"seat": epoch seconds}``) and its seats'
        time banks (``{"seat": seconds}``, bank mode only). A room with a clock writes them
        after every action: a prepared update on the action writer's connection (a tenth of
        the cost of a session's)."""
        self._write("deadlines",
                    {"rid": room_id, "deadlines": deadlines or None, "banks": banks or None})

    def load_all(self) -> list[StoredRoom]:
        """Every open or playing room with its last chat lines and, if playing, its actions."""
        with failing(), self.session() as s:
            rows = s.scalars(select(RoomRow).where(RoomRow.status.in_(LIVE))).all()
            return [self._stored(s, row) for row in rows]

    def load_room(self, room_id: str) -> StoredRoom | None:
        """One open or playing room as ``load_all`` loads it (None: no such live room)."""
        with failing(), self.session() as s:
            row = s.get(RoomRow, room_id)
            return None if row is None or row.status not in LIVE else self._stored(s, row)

    def live_ids(self) -> list[str]:
        """The ids of every open or playing room."""
        with failing(), self.session() as s:
            return list(s.scalars(select(RoomRow.id).where(RoomRow.status.in_(LIVE))).all())

    def is_live(self, room_id: str) -> bool:
        with failing(), self.session() as s:
            row = s.get(RoomRow, room_id)
            return row is not None and row.status in LIVE

    @staticmethod
    def _stored(s: Session, row: RoomRow) -> StoredRoom:
        chats = s.scalars(
            select(ChatRow)
            .where(ChatRow.room_id == row.id)
            .order_by(ChatRow.id.desc())
            .limit(CHAT_KEPT)
        ).all()
        chat = [
            {
                "type": "chat",
                "name": c.name,
                "text": c.text,
                "system": False,
                "time": c.created_at.timestamp(),
            }
            for c in reversed(chats)
        ]
        actions: list[ActionRow] = []
        if row.status == "playing":
            actions = list(
                s.scalars(
                    select(ActionRow).where(ActionRow.room_id == row.id).order_by(ActionRow.idx)
                ).all()
            )
        return StoredRoom(row, chat, actions)

    # -- chat and results --------------------------------------------------------------------

    def add_chat(self, room_id: str, user_id: int | None, name: str, text: str) -> None:
        self.check_file()
        with failing(), self.session() as s:
            s.add(ChatRow(room_id=room_id, user_id=user_id, name=name, text=text))
            s.commit()

    def finish_room(
        self, room_id: str, game: str, seats: Sequence[tuple[int | None, str | None]],
        outcome: Outcome, fields: JSON, unrated: Sequence[int] = (),
    ) -> None:
        """Rate a finished game and mark its room over, in one transaction.

        ``seats`` are (user id, bot level) per seat; the ``unrated`` seats (abandoned) keep
        their ratings (``ratings.record_result``). Idempotent: a room whose results are
        already stored (a crash between two older, separate commits) is only marked over, so
        finishing again at start-up never rates twice nor fails on the results' keys.
        """
        self.check_file()
        with failing():
            self._finish_room(room_id, game, seats, outcome, fields, unrated)

    def _finish_room(
        self, room_id: str, game: str, seats: Sequence[tuple[int | None, str | None]],
        outcome: Outcome, fields: JSON, unrated: Sequence[int] = (),
    ) -> None:
        with self.session() as s:
            done = s.scalars(
                select(Participation.seat).where(Participation.room_id == room_id).limit(1)
            ).first()
            if done is None:
                ratings.record_result(s, room_id, game, list(seats), outcome, unrated)
            self._put_room(s, room_id, game, fields)
            s.commit()
