"""Every live room of a server process: creating rooms, loading them at start, resuming games.

A game under way is rebuilt at start by playing its stored actions again, row by row, through
the room's own step (``Room.advance``), the same step live play takes.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from evolutio.core import options as opts
from evolutio.core.game import IllegalAction, OptionError
from evolutio.core.match import Match
from evolutio.core.registry import get_game
from evolutio.server import commands
from evolutio.server.conn import RoomError
from evolutio.server.db import ActionRow, User
from evolutio.server.rooms import Room
from evolutio.server.seating import Seat
from evolutio.server.store import Store, StoredRoom

log = logging.getLogger("evolutio.server")


class Hub:
    """Every live room of this server process, plus the store and settings."""

    def __init__(
        self,
        store: Store,
        *,
        grace: float = 30.0,
        bot_delay: float = 0.3,
        takeover_level: str = "normal",
    ) -> None:
        self.store = store
        self.grace = grace
        self.bot_delay = bot_delay
        self.takeover_level = takeover_level
        self.rooms: dict[str, Room] = {}

    def close(self) -> None:
        self.store.close()

    def create_room(self, game_name: str, options: Any, clock: Any, host: User) -> Room:
        try:
            game = get_game(game_name)
            if not isinstance(options, dict):
                raise OptionError("options must be an object")
            normalized = game.normalize_options(options)
        except OptionError as exc:
            raise RoomError("bad_option", str(exc)) from None
        except ImportError:
            raise RoomError("bad_game", f"The game '{game_name}' is not installed.") from None
        clock = commands.parse_clock(0 if clock is None else clock)
        seats_spec = opts.seat_option(game.options_spec())
        players = game.info.min_players if seats_spec is None else normalized[seats_spec.name]
        seats = [Seat() for _ in range(int(players))]
        seats[0] = Seat(host.id, host.name)
        room_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        room = Room(self, room_id, game_name, normalized, clock, host.id, seats)
        room.save()
        self.rooms[room.id] = room
        return room

    def room(self, room_id: str) -> Room | None:
        return self.rooms.get(room_id)

    def load_all(self) -> int:
        """Load open and playing rooms; replay every game under way from its action log."""
        count = 0
        for stored in self.store.load_all():
            row = stored.row
            room = Room(
                self, row.id, row.game, dict(row.options), row.clock, row.host_id,
                [Seat.from_row(x) for x in row.seats], row.status, row.seed,
            )
            room.chat.extend(stored.chat)
            if row.status == "playing":
                try:
                    self._resume(room, stored)
                except (IllegalAction, OptionError, ImportError) as exc:
                    reason = exc.reason if isinstance(exc, IllegalAction) else exc
                    log.error("room %s cannot be resumed: %s", row.id, reason)
                    continue
            self.rooms[room.id] = room
            count += 1
        return count

    @staticmethod
    def _resume(room: Room, stored: StoredRoom) -> None:
        """Play the stored actions again, row by row, through the room's own step."""
        room.match = Match.new(
            room.game, room.options, room.seed, [s.name for s in room.seats], keep=False
        )
        rows: list[ActionRow] = stored.actions
        for row in rows:
            if row.idx != room.version:
                raise IllegalAction(f"action log has a gap at {room.version}")
            room.advance(row.seat, room.game.action_from_json(row.action), row.by)

    def start_all(self) -> None:
        """On the event loop after loading: clocks, bots, grace periods of absent players."""
        for room in self.rooms.values():
            if room.status != "playing" or room.match is None:
                continue
            if room.match.over:
                room.finish()
                continue
            for i, seat in enumerate(room.seats):
                if seat.user_id is not None:
                    room.timers.mark_away(i)
            room.system("The server restarted; the game resumes where it stopped.")
            room.timers.reset(keep=False)
            room.timers.schedule_bots()

    def forget_finished(self, keep: int = 200) -> None:
        """Drop the oldest finished rooms from memory (they stay in the database)."""
        over = [r for r in self.rooms.values() if r.status == "over" and not r.conns]
        for room in over[:-keep] if len(over) > keep else []:
            del self.rooms[room.id]
