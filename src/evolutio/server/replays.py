"""Finished games' replays archived as they were shown, so that no upgrade makes them unviewable.

A replay re-plays the record's actions under today's rules; a rules change that refuses a
recorded action would stop it mid-game. So when a game ends its replay is archived (the
``replays`` table): every step's public view once, the seat that acted and the log's sentence
in every client language (``i18n.LANGUAGES``), as gzip-compressed JSON: a 267-action three-player
Evolution game takes 20 kB, where its four replays' JSON are 2.5 MB (58 kB gzipped one by
one, the views repeated in each). ``GET /api/rooms/ID/replay`` serves
the archive when there is one, built without the game's engine, and re-plays the record
otherwise (server/finished.py).

The archive is written off the event loop by :class:`Archiver` (the game's end only names the
room); a failed write is logged and tried again later. ``evolutio migrate --archive-replays``
archives the finished games that have none yet, before an upgrade that changes rules.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from sqlalchemy import select

from evolutio.core.game import JSON, OptionError
from evolutio.core.record import Record, RecordError, rules_changes
from evolutio.core.registry import get_game
from evolutio.server.db import ReplayRow, RoomRow
from evolutio.server.history import replayed
from evolutio.server.i18n import LANGUAGES
from evolutio.server.store import Store, failing

log = logging.getLogger("evolutio.server")

#: the archive's layout (``archive_json``), stored in it
FORMAT = 1
#: seconds between two tries of the archives whose write failed
RETRY_EVERY = 60.0


class NotArchived(Exception):
    """A game whose replay cannot be archived: its record does not replay to the end under
    the rules of this program (an archive keeps only a whole game)."""


def archive_json(record: Record, source: str = "record") -> JSON:
    """What a finished game's replay shows, in every client language: ``steps`` (each
    ``{"view", "seat"}``), ``texts`` (per language, one sentence per step, None at the
    start), the players and the rules the game was played under. Raises ``NotArchived``
    when the record does not replay to its end."""
    steps: list[JSON] = []
    texts: dict[str, list[str | None]] = {lang: [] for lang in LANGUAGES}
    try:
        for view, seat, said in replayed(record, LANGUAGES, source):
            steps.append({"view": view, "seat": seat})
            for lang in LANGUAGES:
                texts[lang].append(None if said is None else said[lang])
    except RecordError as exc:  # RulesChanged among them
        raise NotArchived(str(exc)) from None
    return {"format": FORMAT, "game": record.game, "rules": record.rules,
            "players": list(record.players), "steps": steps, "texts": texts}


def pack(archive: JSON) -> bytes:
    """The archive as stored: compact JSON, gzip-compressed."""
    text = json.dumps(archive, ensure_ascii=False, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), compresslevel=6, mtime=0)


def unpack(body: bytes) -> JSON:
    archive: JSON = json.loads(gzip.decompress(body))
    return archive


def shown(body: bytes, row: RoomRow, lang: str) -> JSON:
    """The replay's JSON (docs/protocol.md) in ``lang`` from an archive: English sentences
    for a language the archive lacks; the rules' changes since the game, when the game is
    known here, named (they are the game's texts, not its engine)."""
    archive = unpack(body)
    texts = archive["texts"].get(lang) or archive["texts"]["en"]
    steps = [{"view": step["view"], "seat": step["seat"], "text": text}
             for step, text in zip(archive["steps"], texts, strict=True)]
    rules = int(archive["rules"])
    changes: list[tuple[int, list[str]]] = []
    try:
        info = get_game(row.game).info
    except OptionError:  # a game this program no longer has: the archive alone shows it
        info = None
    if info is not None and rules < info.rules:
        changes = rules_changes(info, rules, lang)
    return {
        "room": row.id,
        "game": row.game,
        "players": archive["players"],
        "outcome": row.outcome,
        "steps": steps,
        "rules": rules,
        "changes": [{"version": v, "changes": lines} for v, lines in changes],
        "stopped": None,
    }


def archived(store: Store, room_id: str) -> bytes | None:
    """The stored archive of a room's replay, if any."""
    with failing(), store.session() as s:
        row = s.get(ReplayRow, room_id)
        return None if row is None else bytes(row.body)


def archive_room(store: Store, room_id: str) -> int:
    """Archive the replay of the finished room ``room_id`` unless it has one; the bytes
    stored (0: there was one). Raises ``NotArchived`` (the record does not replay to its
    end) or ``StorageError``."""
    with failing(), store.session() as s:
        if s.get(ReplayRow, room_id) is not None:
            return 0
        row = s.get(RoomRow, room_id)
    if row is None or row.status != "over":
        raise NotArchived(f"room {room_id} is not a finished game")
    body = pack(archive_json(store.record(row), f"room {room_id}"))
    with failing(), store.session() as s:
        if s.get(ReplayRow, room_id) is None:  # another process may have archived it
            s.add(ReplayRow(room_id=room_id, body=body))
            s.commit()
    return len(body)


def unarchived(store: Store) -> list[str]:
    """The finished rooms whose replay has no archive yet, oldest first."""
    with failing(), store.session() as s:
        return list(s.scalars(
            select(RoomRow.id)
            .outerjoin(ReplayRow, ReplayRow.room_id == RoomRow.id)
            .where(RoomRow.status == "over", ReplayRow.room_id.is_(None), RoomRow.game != "")
            .order_by(RoomRow.finished_at, RoomRow.id)
        ).all())


@dataclass
class Filled:
    """What :func:`archive_all` did: rooms archived, bytes stored, rooms that could not be
    (with why)."""

    archived: int = 0
    bytes: int = 0
    refused: dict[str, str] = field(default_factory=dict)


def archive_all(store: Store) -> Filled:
    """Archive every finished game that has no archive yet (``evolutio migrate
    --archive-replays``); a game whose record no longer replays to its end is named."""
    filled = Filled()
    for room_id in unarchived(store):
        try:
            size = archive_room(store, room_id)
        except NotArchived as exc:
            filled.refused[room_id] = str(exc)
            continue
        if size:
            filled.archived += 1
            filled.bytes += size
    return filled


#: runs a function in a worker thread, off the event loop (``People.off_loop``)
OffLoop = Callable[[Callable[[], Any]], Awaitable[Any]]


class Archiver:
    """Archives the replays of games that end in this process, off the event loop: a game's
    end only adds its room (:meth:`add`); :meth:`run` writes the archives in a worker
    thread, and tries one whose write failed again every ``retry_every`` seconds."""

    def __init__(self, store: Store, retry_every: float = RETRY_EVERY) -> None:
        self.store = store
        self.retry_every = retry_every
        #: rooms whose archive is still to be written, in the order their games ended
        self.pending: dict[str, None] = {}
        self.written = 0
        self._wake: asyncio.Event | None = None

    def add(self, room_id: str) -> None:
        """Archive this finished room's replay soon (never blocks, never raises)."""
        self.pending[room_id] = None
        if self._wake is not None:
            self._wake.set()

    async def run(self, off_loop: OffLoop) -> None:
        """Write the pending archives until cancelled."""
        self._wake = asyncio.Event()
        while True:
            self._wake.clear()
            failed = await self.write_pending(off_loop)
            timeout = self.retry_every if failed else None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)

    async def write_pending(self, off_loop: OffLoop) -> bool:
        """Write each pending archive once; whether one of them failed (kept to retry)."""
        failed = False
        for room_id in list(self.pending):
            try:
                size = await off_loop(partial(archive_room, self.store, room_id))
            except NotArchived as exc:  # nothing a retry mends: re-played when asked
                log.warning("replay of room %s not archived: %s", room_id, exc)
            except Exception as exc:  # a storage failure or a bug: logged, tried again later
                log.error("replay of room %s not archived yet (retried): %s", room_id,
                          str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
                failed = True
                continue
            else:
                self.written += 1 if size else 0
            self.pending.pop(room_id, None)
        return failed
