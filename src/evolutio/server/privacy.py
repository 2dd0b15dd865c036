"""``/private on|off``: the host keeps a room out of the lobby's lists, or lists it again.

A private room is reached by its invite link only (``/room/ID``); it is left out of
``/api/rooms`` and of every history. Rooms are made private with ``POST /api/rooms``'s
``private``; this command changes it before the start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.server.conn import Conn, RoomError
from evolutio.server.texts import say

if TYPE_CHECKING:
    from evolutio.server.faces import RoomFace

ON = ("on", "true", "yes", "1")
OFF = ("off", "false", "no", "0")


def cmd_private(room: RoomFace, conn: Conn, args: list[str]) -> None:
    """``/private on`` or ``/private off`` (host only, before the start)."""
    if conn.user_id != room.host_id:
        raise RoomError("not_host", say(conn.lang, "private_not_host"))
    if room.status != "open":
        raise RoomError("not_open", say(conn.lang, "private_not_open"))
    word = args[0].lower() if len(args) == 1 else ""
    if word not in ON + OFF:
        raise RoomError("bad_option", say(conn.lang, "private_usage"))
    private = word in ON
    if private == room.private:
        room.send_room()
        return
    room.private = private
    try:
        room.save()
    except Exception:
        room.private = not private  # not stored: nothing changed
        raise
    room.system("private_on" if private else "private_off", name=conn.name)
    room.send_room()
