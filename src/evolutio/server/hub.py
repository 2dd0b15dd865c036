"""Every live room of a server process: creating rooms, loading them at start, resuming games.

A game under way is rebuilt at start by playing its stored actions again, row by row, through
the room's own step (``Room.advance``), the same step live play takes.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import secrets
import signal
import time
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from evolutio.core import options as opts
from evolutio.core.game import IllegalAction, OptionError
from evolutio.core.match import Match
from evolutio.core.registry import available_games, get_game
from evolutio.server import commands, timing
from evolutio.server.blocks import Blocks
from evolutio.server.cluster.alone import Alone
from evolutio.server.conn import RoomError
from evolutio.server.db import ActionRow, User
from evolutio.server.limits import Limits, Quota
from evolutio.server.lock import DatabaseGone
from evolutio.server.replays import Archiver
from evolutio.server.rooms import CHAT_WINDOW, Room
from evolutio.server.seating import Seat, Seats
from evolutio.server.store import StorageError, Store, StoredRoom, reason

if TYPE_CHECKING:
    from evolutio.server.faces import ClusterFace, SavingRoom

log = logging.getLogger("evolutio.server")
#: finished rooms nobody is in kept in memory (about 0.5 MB each): the newest, for a quick
#: return or a rematch; docs/benchmarks.md, "Soak: the server"
FINISHED_KEPT = 20
#: finished rooms let go between two full passes of the collector: the server's tuned
#: collector (tuning.py) runs one only every hundred million or so allocations, while each
#: closed socket of those games leaves a cycle (uvicorn's WebSocket protocol, its transport,
#: Starlette's WebSocket, about 80 objects) old enough to wait for it; a pass takes 50-90 ms
#: with 40 rooms in memory (docs/benchmarks.md, "Soak: the server")
COLLECT_EVERY = 20

#: the storage probe's first wait after a failure, and its longest (the wait doubles): the
#: longest bounds how late a game moves again once the fault clears (within 5 s, probe and
#: the room's retry included), while a probe every 2 s at most does not hammer a failing disk
FIRST_RETRY = 0.25
LONGEST_RETRY = 2.0
#: seconds without a failure after which the next outage's probes start from
#: ``FIRST_RETRY`` again; a failure sooner carries on the backoff (a disk that fills
#: again at once is not probed faster for having taken one write)
QUIET = 60.0


def stop_by_signal() -> None:
    """The fatal stop when nothing better was set (``Hub.on_fatal``): shut down as on
    SIGTERM. ``evolutio.server.process.run`` sets a stop that exits with ``EXIT_FATAL``."""
    os.kill(os.getpid(), signal.SIGTERM)


class Hub:
    """Every live room of this server process, plus the store and settings."""

    def __init__(
        self,
        store: Store,
        *,
        grace: float = 30.0,
        bot_delay: float = 0.3,
        takeover_level: str = "normal",
        limits: Limits | None = None,
        empty_timeout: float = 0.0,
        bot_imports: bool = False,
        day: float = timing.DAY,
    ) -> None:
        self.store = store
        self.grace = grace
        #: seconds of a day of a turn-based room's clock (``days`` per move); tests shorten it
        self.day = day
        #: seconds an open room nobody sits in stays without activity before it closes
        #: (``leave.sweep``; 0: never)
        self.empty_timeout = empty_timeout
        self.bot_delay = bot_delay
        self.takeover_level = takeover_level
        #: whether ``/bot`` seats bots by import path (``serve --allow-bot-imports``)
        self.bot_imports = bot_imports
        self.rooms: dict[str, Room] = {}
        self.limits = limits or Limits()
        self.chat_quota = Quota(self.limits.chat_per_user, CHAT_WINDOW)
        #: who blocked whom (server/friends.py keeps it): their chat lines are not delivered
        self.blocks = Blocks()
        #: live sockets per person and per address
        self.sockets: Counter[str] = Counter()
        #: rooms that could not be loaded or started, with the reason (shown by /health)
        self.skipped: dict[str, str] = {}
        #: rooms waiting for a failed write to succeed, and the last storage error
        self.stalled: set[str] = set()
        self.storage_error: str | None = None
        self.storage_failures = 0
        #: outages so far: from a first failure to the probe write that succeeds
        self.storage_outages = 0
        self._recovery: asyncio.Task[None] | None = None
        self._retry_wait = FIRST_RETRY
        self._outage_began = 0.0
        self._last_failure = -QUIET
        #: why the server stops (its database file is gone), once it must, and how
        self.fatal_error: str | None = None
        self.on_fatal: Callable[[], None] = stop_by_signal
        #: this process among the others on its database: alone until a cluster
        #: (``serve --redis``, ``cluster.node.Cluster``) puts itself here
        self.cluster: ClusterFace = Alone(self)
        #: writes the replay of each game that ends here, off the event loop (replays.py)
        self.archiver = Archiver(store)
        #: finished rooms let go since the collector's last full pass (``forget_finished``)
        self._let_go = 0

    def close(self) -> None:
        if self._recovery is not None:
            self._recovery.cancel()
        self.store.close()

    # -- storage failures --------------------------------------------------------------------

    def storage_failed(self, room: SavingRoom | None, exc: Exception) -> None:
        """A database call failed: ``room``'s write (its move, clock, finish...) or, with
        no room, a request's. One log line opens the outage; the room is told once and
        waits; the database is probed (:meth:`_recover`) until a real write succeeds."""
        if room is not None and self.cluster.conflict(room, exc):
            return  # another process wrote this action index: the room is reloaded
        self.storage_failures += 1
        if isinstance(exc.__cause__, DatabaseGone):
            self.fatal(str(exc))
            return
        now = time.monotonic()
        if self.storage_error is None:
            self.storage_outages += 1
            self._outage_began = now
            # a failure soon after the last one carries the backoff on: a database that
            # fails, takes a write and fails again is not probed ever faster
            self._retry_wait = (FIRST_RETRY if now - self._last_failure > QUIET
                                else min(self._retry_wait * 2, LONGEST_RETRY))
            log.error("storage: %s failed (%s); play waits and is retried",
                      "a request" if room is None else "a write", reason(exc))
        self._last_failure = now
        self.storage_error = reason(exc)[:300]
        if room is not None and room.id not in self.stalled:
            self.stalled.add(room.id)
            room.system("saving_fails")
        if self._recovery is None or self._recovery.done():
            self._recovery = asyncio.get_running_loop().create_task(self._recover())

    async def _recover(self) -> None:
        """Probe the database with a real write of every kind play makes (``Store.probe``),
        backing off, until one succeeds; then every stalled room goes on by itself (bots
        move, clocks that ran out fire, games finish) and is told so, once."""
        while self.storage_error is not None and self.fatal_error is None:
            await asyncio.sleep(self._retry_wait)
            try:
                await asyncio.to_thread(self.store.probe)
            except StorageError as exc:
                if isinstance(exc.__cause__, DatabaseGone):
                    self.fatal(str(exc))
                    return
                self.storage_error = str(exc)[:300]
                self._last_failure = time.monotonic()
                self._retry_wait = min(self._retry_wait * 2, LONGEST_RETRY)
                log.warning("storage: writes still fail (%s); next try in %.1f s", exc,
                            self._retry_wait)
                continue
            rooms = [self.rooms[r] for r in sorted(self.stalled) if r in self.rooms]
            log.warning("storage: writes succeed again after %.1f s; %d rooms go on",
                        time.monotonic() - self._outage_began, len(rooms))
            self.storage_error = None
            self.stalled.clear()
            for room in rooms:
                room.system("saving_works")
                try:
                    room.timers.retry()  # may fail again: a new outage then begins
                except Exception:
                    log.exception("room %s: could not go on after the storage failure", room.id)

    def fatal(self, message: str) -> None:
        """Stop the server: it must not go on (its database file is gone). The process
        shuts down (``on_fatal``) and exits with a status that says so."""
        if self.fatal_error is not None:
            return
        self.fatal_error = message
        self.storage_error = message
        log.critical("fatal: %s", message)
        self.on_fatal()

    async def watch_file(self, every: float = 1.0) -> None:
        """Check the SQLite file every ``every`` seconds, idle or not (see ``Store.watch``)."""
        watch = self.store.watch
        if watch is None or watch.path is None:
            return
        while self.fatal_error is None:
            await asyncio.sleep(every)
            try:
                watch.check()
            except DatabaseGone as exc:
                self.fatal(str(exc))

    def health(self) -> dict[str, Any]:
        """What ``/health`` shows an operator: storage, stalled and skipped rooms, and the
        reasons the server is degraded (none: ``status`` is "ok")."""
        reasons: list[str] = []
        if self.fatal_error is not None:
            reasons.append(f"stopping: {self.fatal_error}")
        elif self.storage_error is not None:
            reasons.append(f"storage failing since {time.monotonic() - self._outage_began:.0f}"
                           f" s: {self.storage_error}")
        if self.stalled:
            reasons.append(f"rooms waiting for the database to take writes: {len(self.stalled)}")
        if self.skipped:
            reasons.append(f"rooms that could not be loaded or started: {len(self.skipped)}")
        return {
            "ok": self.storage_error is None,
            "status": "degraded" if reasons else "ok",
            "reasons": reasons,
            "storage": "failing" if self.storage_error else "ok",
            "storage_error": self.storage_error,
            "storage_failures": self.storage_failures,
            "storage_outages": self.storage_outages,
            "stalled_rooms": sorted(self.stalled),
            "skipped_rooms": sorted(self.skipped),
            "rooms": len(self.rooms),
        }

    def create_room(
        self, game_name: str, options: Any, clock: Any, host: User, times: Any = None,
        private: Any = False,
    ) -> Room:
        """A new open room; ``times`` holds the time control's other fields (``bank``,
        ``increment``, ``days``) as ``POST /api/rooms`` sent them; ``private`` rooms are
        listed nowhere."""
        hosting = sum(1 for r in self.rooms.values()
                      if r.host_id == host.id and r.status == "open")
        if hosting >= self.limits.open_rooms_per_user:
            raise RoomError("too_many_rooms", "too_many_rooms", count=hosting)
        if game_name not in available_games():
            raise RoomError("bad_game", "unknown_game", game=game_name,
                            games=", ".join(sorted(available_games())))
        try:
            game = get_game(game_name)
            if not isinstance(options, dict):
                raise OptionError("options must be an object")
            normalized = game.normalize_options(options)
        except OptionError as exc:
            raise commands.option_refusal(exc) from None
        except ImportError:
            raise RoomError("bad_game", "game_not_installed", game=game_name) from None
        clock, timed = timing.of_request(clock, times if isinstance(times, dict) else {})
        seats_spec = opts.seat_option(game.options_spec())
        players = game.info.min_players if seats_spec is None else normalized[seats_spec.name]
        seats = Seats(Seat() for _ in range(int(players)))
        seats[0] = Seat(host.id, host.name)
        room_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        private = False if private is None else private
        if not isinstance(private, bool):
            raise RoomError("bad_option", "private_bool")
        room = Room(self, room_id, game_name, normalized, clock, host.id, seats, timing=timed,
                    private=private)
        self.cluster.claim_new(room.id)  # a lease before the row other processes scan
        room.save()
        self.rooms[room.id] = room
        return room

    def room(self, room_id: str) -> Room | None:
        return self.rooms.get(room_id)

    def load_all(self) -> int:
        """Load open and playing rooms (``store.LIVE``); replay every game under way from its
        action log."""
        return sum(self.load_one(stored) is not None for stored in self.store.load_all())

    def load_one(self, stored: StoredRoom) -> Room | None:
        """One stored room, its game replayed (None: it cannot be resumed; reported)."""
        row = stored.row
        try:
            room = Room(
                self, row.id, row.game, dict(row.options), int(row.clock), row.host_id,
                Seats(Seat.from_row(x) for x in row.seats), row.status, int(row.seed),
            )
            room.private, room.rematch = bool(row.private), row.rematch
            room.chat.extend(stored.chat)
            room.stored_deadlines = row.deadlines
            room.timing = timing.Timing.of_row(row)
            room.timers.restore_banks(row.banks)
            if row.status == "playing":
                self._resume(room, stored)
        except Exception as exc:  # one bad room never stops the server: report, skip
            reason = exc.reason if isinstance(exc, IllegalAction) else exc
            log.error("room %s cannot be resumed, skipped: %s", row.id, reason)
            self.skipped[row.id] = str(reason)
            return None
        self.rooms[room.id] = room
        return room

    @staticmethod
    def _resume(room: Room, stored: StoredRoom) -> None:
        """Play the stored actions again, row by row, through the room's own step."""
        room.match = Match.new(
            room.game, room.options, room.seed, [s.name for s in room.seats], keep=False
        )
        room.match.record.rules = stored.row.rules or 1  # a row from before 0007 says none
        rows: list[ActionRow] = stored.actions
        for row in rows:
            if row.idx != room.version:
                raise IllegalAction(f"action log has a gap at {room.version}")
            room.advance(row.seat, room.game.action_from_json(row.action), row.by)

    def start_all(self) -> None:
        """On the event loop after loading: clocks, bots, grace periods of absent players."""
        for room in list(self.rooms.values()):
            self.start_one(room)

    def start_one(self, room: Room) -> bool:
        """Start a loaded room's clocks and bots (False: it failed, reported and dropped)."""
        if room.status != "playing" or room.match is None:
            return True
        try:
            if room.match.over:
                room.finish()
                return True
            for i, seat in enumerate(room.seats):
                if seat.user_id is not None:
                    room.timers.mark_away(i)
            room.system("restarted")
            room.timers.restore(room.stored_deadlines)
            room.timers.reset(keep=False)
            room.timers.schedule_bots()
        except Exception as exc:  # reported and skipped, as in load_all
            log.exception("room %s cannot be started, skipped", room.id)
            self.skipped[room.id] = str(exc)
            room.timers.stop()
            del self.rooms[room.id]
            return False
        return True

    def forget_finished(self, keep: int = FINISHED_KEPT) -> None:
        """Drop the oldest finished rooms nobody is in from memory (they stay in the
        database, and a visit loads them again); a full pass of the collector after every
        ``COLLECT_EVERY`` let go."""
        over = [r for r in self.rooms.values() if r.status == "over" and not r.conns]
        for room in over[:max(len(over) - keep, 0)]:  # the oldest first (keep 0: all)
            del self.rooms[room.id]
            self._let_go += 1
        if self._let_go >= COLLECT_EVERY:
            self._let_go = 0
            gc.collect()
