"""Who sits where in a room: people, bots and free seats, changed only before the start.

Every change is checked here and refused with a :class:`RoomError`; the room stores and
announces the result. A room holds its seats as :class:`Seats` (``room.seats``): the list of
:class:`Seat` itself, with these checked changes as its methods.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from evolutio.core.game import JSON
from evolutio.server.conn import RoomError


@dataclass
class Seat:
    """Who plays a seat: a person (``user_id``) or a bot level; run-time absence state."""

    user_id: int | None = None
    name: str = ""
    bot: str | None = None
    away_since: float | None = None
    takeover: bool = False
    #: the person resigned: a bot plays the seat to the end, the person ranks last
    resigned: bool = False
    #: the person left: a bot took the seat over after the grace period and finished the
    #: game without them back; the game is unrated for the seat (docs/rules/server.md)
    abandoned: bool = False

    @property
    def free(self) -> bool:
        return self.user_id is None and self.bot is None

    @property
    def controller(self) -> str:
        """``"bot"`` when a bot plays the seat now (its own or a take-over), else ``"human"``."""
        return "bot" if self.bot is not None or self.takeover or self.resigned else "human"

    def to_row(self) -> JSON:
        row: JSON = {"user_id": self.user_id, "name": self.name, "bot": self.bot}
        if self.resigned:
            row["resigned"] = True
        if self.abandoned:
            row["abandoned"] = True
        return row

    @classmethod
    def from_row(cls, data: Any) -> Seat:
        if not isinstance(data, dict):
            return cls()
        seat = cls(data.get("user_id"), str(data.get("name") or ""), data.get("bot"))
        seat.resigned = data.get("resigned") is True
        seat.abandoned = data.get("abandoned") is True
        return seat


def seat_of(seats: list[Seat], user_id: int | None) -> int | None:
    """The seat ``user_id`` holds, if any (a resigned seat is no longer the person's: they
    watch the rest of the game as a spectator)."""
    if user_id is None:
        return None
    for i, seat in enumerate(seats):
        if seat.user_id == user_id and not seat.resigned:
            return i
    return None


def seat_arg(seats: list[Seat], raw: str) -> int:
    """A seat number typed by a person (1-based) as an index."""
    if not raw.isdigit() or not 1 <= int(raw) <= len(seats):
        raise RoomError("bad_seat", "seat_range", count=len(seats))
    return int(raw) - 1


def first_free(seats: list[Seat]) -> int:
    for i, seat in enumerate(seats):
        if seat.free:
            return i
    raise RoomError("full", "all_taken")


def join(seats: list[Seat], user_id: int, name: str, raw: str | None) -> int:
    """Seat a person at seat ``raw`` (or the first free one); the seat's index."""
    if seat_of(seats, user_id) is not None:
        raise RoomError("seated", "already_seated")
    index = seat_arg(seats, raw) if raw else first_free(seats)
    seat = seats[index]
    if seat.user_id is not None:
        raise RoomError("taken", "seat_taken_by", seat=index + 1, name=seat.name)
    seats[index] = Seat(user_id, name)
    return index


def leave(seats: list[Seat], user_id: int | None) -> int:
    index = seat_of(seats, user_id)
    if index is None:
        raise RoomError("not_seated", "no_seat")
    seats[index] = Seat()
    return index


#: the bots' display names, naturalists (no game's words); each bot seat of a room gets one
#: that no other seat there has, with its level: "Darwin (normal)", "Lamarck (hard)". The name
#: is stored with the seat, so it lasts the room; ratings stay keyed by level (``bot:LEVEL``).
NATURALISTS = ("Darwin", "Lamarck", "Mendel", "Wallace", "Linnaeus", "Humboldt", "Cuvier",
               "Merian", "Buffon", "Haeckel", "Bates", "Anning")


def _first_name(name: str) -> str:
    """A bot's naturalist ("Darwin" of "Darwin (hard)")."""
    return name.split(" (", 1)[0]


def bot_name(seats: list[Seat], level: str, index: int) -> str:
    """The display name of a bot of ``level`` put at seat ``index``: the naturalist a bot
    there had (a level changed keeps its name), else the first one no other seat has."""
    here = seats[index] if 0 <= index < len(seats) else None
    if here is not None and here.bot is not None and " (" in here.name:
        return f"{_first_name(here.name)} ({level})"
    taken = {_first_name(s.name).casefold() for i, s in enumerate(seats) if i != index and s.name}
    for first in NATURALISTS:
        if first.casefold() not in taken:
            return f"{first} ({level})"
    return f"{NATURALISTS[index % len(NATURALISTS)]} {index + 1} ({level})"


def put_bot(seats: list[Seat], level: str, raw: str | None) -> int:
    """A bot of ``level`` at seat ``raw`` (or the first free one), replacing a bot there."""
    index = seat_arg(seats, raw) if raw else first_free(seats)
    if seats[index].user_id is not None:
        raise RoomError("taken", "seat_taken_by", seat=index + 1, name=seats[index].name)
    seats[index] = Seat(None, bot_name(seats, level, index), level)
    return index


def kick(seats: list[Seat], raw: str) -> str:
    """Free seat ``raw``; the name of who sat there."""
    index = seat_arg(seats, raw)
    if seats[index].free:
        raise RoomError("free", "seat_free", seat=index + 1)
    name = seats[index].name
    seats[index] = Seat()
    return name


def resized(seats: list[Seat], count: int) -> list[Seat]:
    """The seats for ``count`` players; the dropped last seats must be free."""
    if count < len(seats) and any(not s.free for s in seats[count:]):
        raise RoomError("bad_option", "free_last_seats")
    return (seats + [Seat() for _ in range(count)])[:count]


class Seats(list[Seat]):
    """A room's seats, in order: the list itself, with the checked changes made before the
    start (each refused with a :class:`RoomError`; the room stores and announces them)."""

    def of(self, user_id: int | None) -> int | None:
        """The seat ``user_id`` holds, if any (a resigned seat is no longer the person's:
        they watch the rest of the game as a spectator)."""
        return seat_of(self, user_id)

    def join(self, user_id: int, name: str, raw: str | None) -> int:
        """Seat a person at seat ``raw`` (or the first free one); the seat's index."""
        return join(self, user_id, name, raw)

    def leave(self, user_id: int | None) -> int:
        """Free the seat of ``user_id``; its index."""
        return leave(self, user_id)

    def put_bot(self, level: str, raw: str | None) -> int:
        """A bot of ``level`` at seat ``raw`` (or the first free one); its index."""
        return put_bot(self, level, raw)

    def kick(self, raw: str) -> str:
        """Free seat ``raw``; the name of who sat there."""
        return kick(self, raw)

    def mark_abandoned(self) -> list[int]:
        """At the end of a game: mark every seat a bot took over from its absent person, who
        never came back, as ``abandoned`` (docs/rules/server.md); their indices."""
        out = []
        for i, seat in enumerate(self):
            if seat.user_id is not None and not seat.resigned and (
                    seat.takeover or seat.abandoned):
                seat.abandoned = True
                out.append(i)
        return out

    def resize(self, count: int) -> None:
        """Keep ``count`` seats; the dropped last seats must be free."""
        self[:] = resized(self, count)
