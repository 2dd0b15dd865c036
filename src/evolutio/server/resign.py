"""Resigning: ``/resign`` gives a seat up for the rest of a game under way.

A bot (the take-over level) plays the resigned seat to the end, so the other players' game
goes on unchanged; the person watches as a spectator from then on and ranks last in the
result and in the ratings (several resigned seats share the last place; the game's own ranks
are kept in the outcome as ``game_ranks``). The resignation is kept in the room's seats, so a
restart keeps it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from evolutio.core.game import JSON, Outcome
from evolutio.server.conn import Conn, RoomError
from evolutio.server.texts import say

if TYPE_CHECKING:
    from evolutio.server.faces import RoomFace


def cmd_resign(room: RoomFace, conn: Conn, args: list[str]) -> None:
    """``/resign``: the caller's seat is played by a bot to the end; they rank last."""
    if room.status != "playing" or room.match is None or room.match.over:
        raise RoomError("not_playing", say(conn.lang, "resign_not_playing"))
    index = room.seat_of(conn.user_id)
    if index is None:
        raise RoomError("not_seated", say(conn.lang, "resign_not_seated"))
    seat = room.seats[index]
    seat.resigned = True
    try:
        room.save()
    except Exception:
        seat.resigned = False  # not stored: nothing changed (the caller reports the error)
        raise
    seat.takeover = False
    room.timers.back(index)  # no grace period: the seat is the bot's now
    room.system("resigned", name=seat.name, seat=index + 1)
    room.refresh()  # the same version again: a bot controls the seat, the person watches
    room.send_room()
    room.timers.schedule_bots()


def resigned_seats(room: RoomFace) -> list[int]:
    return [i for i, seat in enumerate(room.seats) if seat.resigned]


def ranked(outcome: Outcome, resigned: Sequence[int]) -> Outcome:
    """``outcome`` with the ``resigned`` seats last: the others keep their order (ranked
    among themselves), the resigned share the place after them. When every seat resigned
    the game's own ranks stand."""
    seats = range(len(outcome.ranks))
    others = [s for s in seats if s not in resigned]
    if not resigned or not others:
        return outcome
    ranks = [0] * len(outcome.ranks)
    for s in others:
        ranks[s] = 1 + sum(1 for o in others if outcome.ranks[o] < outcome.ranks[s])
    for s in resigned:
        ranks[s] = len(others) + 1
    return replace(outcome, ranks=tuple(ranks))


def final(room: RoomFace, outcome: Outcome) -> tuple[Outcome, JSON]:
    """The outcome a finished room stores and rates (resigned seats last) and its JSON:
    ``resigned`` lists those seats and, when it changed them, ``game_ranks`` holds the
    game's own ranks."""
    resigned = resigned_seats(room)
    result = ranked(outcome, resigned)
    shown = {**result.to_json(), "resigned": resigned}
    if result.ranks != outcome.ranks:
        shown["game_ranks"] = list(outcome.ranks)
    return result, shown
