"""Chat commands: ``/join``, ``/bot``, ``/option``... each a function of (room, conn, args).

Options are the room game's declared options (``Game.options_spec()``, parsed and checked by
:mod:`evolutio.core.options`) plus the room's time control (:mod:`timing`); ``/help`` is
generated from the commands and the game's options.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from evolutio.bots.base import BotError
from evolutio.bots.levels import BOT_NAMES, LEVELS, make_bot
from evolutio.core import options as opts
from evolutio.core.game import OptionError
from evolutio.server import privacy, resign, seating, timing
from evolutio.server.conn import Conn, RoomError

if TYPE_CHECKING:
    from evolutio.server.rooms import Room

#: the bots a room offers: the levels, and the random bot every game can use.
BOT_LEVELS = (*LEVELS, *(name for name in BOT_NAMES if name == "random"))


def playable_bot(level: str, game: str) -> str:
    """``level`` if the game has a bot for it, else the first bot ``make_bot`` offers for the
    game (a game without a heuristic has no greedy levels); ``RoomError`` if none plays."""
    for spec in (level, *BOT_NAMES):
        try:
            make_bot(spec, 0, game)
        except BotError:
            continue
        return spec
    raise RoomError("bad_level", f"No bot can play {game} on this server.")


def reply(conn: Conn, text: str) -> None:
    """A private system line to one connection (a command's answer)."""
    conn.send(
        {"type": "chat", "name": None, "text": text, "system": True, "private": True,
         "time": time.time()}
    )


def need_open(room: Room, what: str) -> None:
    if room.status != "open":
        raise RoomError("not_open", f"You can {what} only before the game starts.")


def need_host(room: Room, conn: Conn) -> None:
    if conn.user_id != room.host_id:
        raise RoomError("not_host", "Only the host of the room may do that.")


def cmd_join(room: Room, conn: Conn, args: list[str]) -> None:
    need_open(room, "join")
    assert conn.user_id is not None
    index = seating.join(room.seats, conn.user_id, conn.name, args[0] if args else None)
    room.save()
    room.system("seat_taken", name=conn.name, seat=index + 1)
    room.send_room()


def cmd_leave(room: Room, conn: Conn, args: list[str]) -> None:
    if room.status != "open" and room.seat_of(conn.user_id) is not None:
        raise RoomError(
            "not_open",
            "The game is under way: close the page to step away "
            "(a bot plays for you until you return).",
        )
    index = seating.leave(room.seats, conn.user_id)
    room.save()
    room.system("seat_left", name=conn.name, seat=index + 1)
    room.send_room()


def cmd_bot(room: Room, conn: Conn, args: list[str]) -> None:
    need_open(room, "add bots")
    level = args[0].lower() if args else "normal"
    if level not in BOT_LEVELS:
        raise RoomError("bad_level", f"Bot levels: {', '.join(BOT_LEVELS)}.")
    spec = playable_bot(level, room.game_name)
    index = seating.put_bot(room.seats, spec, args[1] if len(args) > 1 else None)
    room.save()
    if spec != level:
        room.system("bot_instead", level=level, spec=spec, seat=index + 1)
    else:
        room.system("bot_sits", level=level, seat=index + 1)
    room.send_room()


def cmd_kick(room: Room, conn: Conn, args: list[str]) -> None:
    need_host(room, conn)
    need_open(room, "kick")
    if not args:
        raise RoomError("bad_seat", "Say which seat: /kick 2")
    name = seating.kick(room.seats, args[0])
    room.save()
    room.system("kicked", name=name, seat=args[0])
    room.send_room()


def cmd_option(room: Room, conn: Conn, args: list[str]) -> None:
    need_host(room, conn)
    need_open(room, "change options")
    if len(args) < 2:
        names = ", ".join([*(s.name for s in room.game.options_spec()), *timing.NAMES])
        raise RoomError("bad_option", f"Usage: /option name value; options: {names}.")
    raw = " ".join(args[1:])
    if args[0].lower() in timing.NAMES:
        name = args[0].lower()
        room.clock, shown = timing.set_option(room.clock, room.timing, name, raw)
    else:
        specs = room.game.options_spec()
        try:
            spec = opts.find(specs, args[0])
            value = spec.parse(raw)
            options = room.game.normalize_options({**room.options, spec.name: value})
        except OptionError as exc:
            raise RoomError("bad_option", str(exc)) from None
        seats = opts.seat_option(specs)
        if seats is not None:
            room.seats = seating.resized(room.seats, int(options[seats.name]))
        room.options = options
        name, shown = spec.name, spec.format(options[spec.name])
    room.save()
    room.system("option_set", name=conn.name, option=name, value=shown)
    room.send_room()


def cmd_who(room: Room, conn: Conn, args: list[str]) -> None:
    parts = []
    for i, seat in enumerate(room.seats):
        who = "free" if seat.free else seat.name
        if seat.user_id is not None and not room.connected(seat.user_id):
            who += " (away)"
        parts.append(f"{i + 1}: {who}")
    watchers = room.summary()["spectators"]
    line = "Seats - " + ", ".join(parts)
    if watchers:
        line += ". Watching: " + ", ".join(watchers)
    reply(conn, line + ".")


def cmd_help(room: Room, conn: Conn, args: list[str]) -> None:
    reply(conn, help_text(room, conn.lang))


def cmd_start(room: Room, conn: Conn, args: list[str]) -> None:
    need_open(room, "start")
    if conn.user_id != room.host_id and room.seat_of(conn.user_id) is None:
        raise RoomError("not_host", "Only the host or a seated player may start.")
    free = [str(i + 1) for i, s in enumerate(room.seats) if s.free]
    if free:
        raise RoomError(
            "not_ready", f"Fill every seat first (free: {', '.join(free)}); /join or /bot."
        )
    room.start(secrets.randbits(31), conn.name)


Command = Callable[["Room", Conn, list[str]], None]

#: every command with its usage and what it does, in the order /help lists them.
COMMANDS: dict[str, tuple[Command, str, str]] = {
    "join": (cmd_join, "[seat]", "take a seat (the first free one by default)"),
    "leave": (cmd_leave, "", "give up your seat before the game starts"),
    "start": (cmd_start, "", "start the game once every seat is filled"),
    "bot": (cmd_bot, f"[{'|'.join(BOT_LEVELS)}] [seat]", "fill a seat with a bot"),
    "kick": (cmd_kick, "seat", "free a seat (host only, before the start)"),
    "option": (cmd_option, "name value", "change an option (host only; see below)"),
    "private": (privacy.cmd_private, "on|off", "list the room in the lobby or not (host only)"),
    "resign": (resign.cmd_resign, "", "give up: a bot plays your seat, you rank last"),
    "who": (cmd_who, "", "who sits where and who watches"),
    "help": (cmd_help, "", "this list"),
}


def help_text(room: Room, lang: str = "en") -> str:
    """The commands, then the room game's options and the clock, in one line."""
    commands = "; ".join(
        f"/{name}{' ' + usage if usage else ''} - {what}"
        for name, (_, usage, what) in COMMANDS.items()
    )
    options = opts.describe(room.game.options_spec(), lang)
    options.extend(timing.describe(lang))
    return f"Commands: {commands}. Options: " + "; ".join(options) + "."


def run(room: Room, conn: Conn, text: str) -> None:
    """Dispatch one ``/command args`` line."""
    name, *args = text[1:].split() or [""]
    entry = COMMANDS.get(name.lower())
    if entry is None:
        raise RoomError("unknown_command", f"Unknown command /{name}; try /help.")
    entry[0](room, conn, args)
