"""Leaving fairly, empty rooms closing, joining from an invite link, and "My games".

- An abandoned seat: a person left a game under way, a bot took the seat over after the
  grace period (``clocks.Timers.mark_away``) and finished the game without the person back.
  The seat is marked ``abandoned`` at the end (``seating.Seats.mark_abandoned``: its row, the
  outcome, the record) and the game is unrated for it (``ratings.record_result``); the other
  seats' results stand (docs/rules/server.md).
- Empty rooms: an open room with no person seated and nothing happening in it for
  ``--empty-room-timeout`` minutes closes (status ``closed``): it is listed nowhere and no
  longer loaded at start.
- ``POST /api/rooms/ID/join``: the caller sits at the first free seat of an open room, the one
  step an invite link takes after a name.
- ``GET /api/my-games``: every live game the caller sits in, those waiting for their move
  first (the shell's header shows the count).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request

from evolutio.server.cluster.alone import Alone
from evolutio.server.conn import RoomError
from evolutio.server.guard import ApiError
from evolutio.server.store import StorageError

if TYPE_CHECKING:
    from evolutio.server.db import User
    from evolutio.server.hub import Hub
    from evolutio.server.people import People
    from evolutio.server.rooms import Room

log = logging.getLogger("evolutio.server")

#: the default of ``--empty-room-timeout``, in minutes
EMPTY_ROOM_MINUTES = 15.0
#: the longest wait between two looks for empty rooms, in seconds
SWEEP_EVERY = 30.0


# -- empty rooms ------------------------------------------------------------------------------

def empty(room: Room, now: float, timeout: float) -> bool:
    """Whether ``room`` is open, nobody sits in it and nothing happened there for ``timeout``
    seconds."""
    return (room.status == "open" and all(s.user_id is None for s in room.seats)
            and now - room.active >= timeout)


def close(hub: Hub, room: Room) -> bool:
    """Close the empty open ``room``: stored as ``closed``, its connections told, dropped from
    memory (False: not stored; it stays open and is tried again later)."""
    room.status = "closed"
    try:
        room.save()
    except StorageError as exc:
        room.status = "open"
        log.warning("room %s: not closed, storage failed: %s", room.id, exc)
        return False
    room.system("room_closed")
    room.send_room()
    hub.rooms.pop(room.id, None)
    return True


def close_empty(hub: Hub, now: float | None = None) -> list[str]:
    """Close every empty open room of this process (``Hub.empty_timeout``); their ids."""
    timeout = hub.empty_timeout
    if timeout <= 0:
        return []
    now = time.monotonic() if now is None else now
    return [room.id for room in list(hub.rooms.values())
            if empty(room, now, timeout) and close(hub, room)]


async def sweep(hub: Hub) -> None:
    """Close empty rooms, looking every ``SWEEP_EVERY`` seconds (or a third of the timeout)."""
    if hub.empty_timeout <= 0:
        return
    every = min(SWEEP_EVERY, max(hub.empty_timeout / 3, 0.2))
    while True:
        await asyncio.sleep(every)
        try:
            closed = close_empty(hub)
            if closed:
                log.info("closed %d empty rooms", len(closed))
        except Exception:  # never a task that dies unseen
            log.exception("closing empty rooms failed")


# -- joining and one's own games -------------------------------------------------------------

def join(room: Room, user: User) -> int:
    """Seat ``user`` at the first free seat of the open ``room`` (the seat they hold already,
    if any); the seat's index."""
    seat = room.seat_of(user.id)
    if seat is not None:
        return seat
    if room.status != "open":
        raise ApiError(409, "join_not_open", code="not_open")
    try:
        index = room.seats.join(user.id, user.name, None)
    except RoomError as exc:
        raise ApiError(409, exc.key or exc.message, code=exc.code, **exc.fields) from None
    try:
        room.save()
    except StorageError:
        room.seats.leave(user.id)
        raise
    room.system("seat_taken", name=user.name, seat=index + 1)
    room.send_room()
    return index


def entry(summary: dict[str, Any], user_id: int, yours: bool | None) -> dict[str, Any]:
    """One line of "My games": a room's summary (as the lobby lists it) for ``user_id``."""
    seat = next(s["seat"] for s in summary["seats"] if s.get("user_id") == user_id)
    return {
        "id": summary["id"],
        "game": summary["game"],
        "status": summary["status"],
        "seat": seat,
        "your_move": yours,
        "turn_based": bool(summary.get("turn_based")),
        "private": bool(summary.get("private")),
        "seats": [s.get("name") for s in summary["seats"]],
        "version": summary.get("version", 0),
    }


def mine(hub: Hub, user_id: int, elsewhere: list[dict[str, Any]]) -> dict[str, Any]:
    """``user_id``'s live games: this process's rooms (whose move it is known), then the
    other processes' listed rooms (``elsewhere``: public ones, ``your_move`` null)."""
    games = []
    for room in hub.rooms.values():
        seat = room.seat_of(user_id)
        if seat is None or room.status not in ("open", "playing"):
            continue
        games.append(entry(room.summary(), user_id, room.waits_for(seat)))
    here = {g["id"] for g in games}
    for summary in elsewhere:
        seated = any(s.get("user_id") == user_id and not s.get("resigned")
                     for s in summary.get("seats", []))
        if seated and summary["id"] not in here and summary.get("status") in ("open", "playing"):
            games.append(entry(summary, user_id, None))
    games.sort(key=lambda g: (not g["your_move"], g["status"] != "playing", g["id"]))
    return {"games": games, "count": len(games),
            "your_move": sum(1 for g in games if g["your_move"])}


def routes(app: FastAPI, hub: Hub, people: People) -> None:
    """Add the routes of this module to ``app``."""

    @app.get("/api/my-games")
    async def api_my_games(request: Request) -> dict[str, Any]:
        user = people.need_user(request)
        # alone, every room is here; in a cluster the others' rooms come from the lobby
        elsewhere = [] if isinstance(hub.cluster, Alone) else await hub.cluster.listed()
        return mine(hub, user.id, elsewhere)

    @app.post("/api/rooms/{room_id}/join")
    async def api_join(room_id: str, request: Request) -> dict[str, Any]:
        user = people.need_user(request)
        room = hub.room(room_id)
        if room is None:
            if hub.cluster.elsewhere(room_id):  # played by another process: sit there
                raise ApiError(409, "join_elsewhere", code="elsewhere")
            raise ApiError(404, "no_room", code="no_room", room=room_id[:40])
        seat = join(room, user)
        return {"room": room.summary(), "seat": seat}
