"""Chat commands: ``/join``, ``/bot``, ``/option``... each a function of (room, conn, args).

Options are the room game's declared options (``Game.options_spec()``, parsed and checked by
:mod:`evolutio.core.options`) plus the room's time control (:mod:`timing`); ``/help`` is
generated from the commands and the game's options.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from evolutio.bots.base import BotError
from evolutio.bots.imported import split_import
from evolutio.bots.levels import BOT_NAMES, LEVELS, check_spec, make_bot
from evolutio.core import options as opts
from evolutio.core.game import OptionError
from evolutio.server import privacy, resign, timing
from evolutio.server.conn import Conn, RoomError
from evolutio.server.seeds import game_seed
from evolutio.server.texts import Words, say, table

if TYPE_CHECKING:
    from evolutio.server.faces import RoomFace

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
    raise RoomError("bad_level", "no_bot_plays", game=game)


def reply(conn: Conn, text: str) -> None:
    """A private system line to one connection (a command's answer)."""
    conn.send(
        {"type": "chat", "name": None, "text": text, "system": True, "private": True,
         "time": time.time()}
    )


def need_open(room: RoomFace, command: str) -> None:
    if room.status != "open":
        raise RoomError("not_open", "not_open", command=command)


def need_host(room: RoomFace, conn: Conn) -> None:
    if conn.user_id != room.host_id:
        raise RoomError("not_host", "not_host")


def cmd_join(room: RoomFace, conn: Conn, args: list[str]) -> None:
    need_open(room, "join")
    assert conn.user_id is not None
    index = room.seats.join(conn.user_id, conn.name, args[0] if args else None)
    room.save()
    room.system("seat_taken", name=conn.name, seat=index + 1)
    room.send_room()


def cmd_leave(room: RoomFace, conn: Conn, args: list[str]) -> None:
    if room.status != "open" and room.seat_of(conn.user_id) is not None:
        raise RoomError("not_open", "leave_playing")
    index = room.seats.leave(conn.user_id)
    room.save()
    room.system("seat_left", name=conn.name, seat=index + 1)
    room.send_room()


def imported_bot(room: RoomFace, spec: str) -> str | None:
    """``spec`` when it names a bot by import path and the server allows them
    (``serve --allow-bot-imports``) and it loads for the room's game, else ``None``."""
    if not room.hub.bot_imports or split_import(spec) is None:
        return None
    try:
        return check_spec(spec, room.game_name)
    except BotError as exc:
        raise RoomError("bad_level", "bot_import_failed", spec=spec, reason=str(exc)) from None


def cmd_bot(room: RoomFace, conn: Conn, args: list[str]) -> None:
    need_open(room, "bot")
    level = args[0].lower() if args else "normal"
    imported = imported_bot(room, args[0]) if args else None
    if imported is not None:
        level = imported
    elif level not in BOT_LEVELS:
        raise RoomError("bad_level", "bot_levels", levels=", ".join(BOT_LEVELS))
    spec = imported or playable_bot(level, room.game_name)
    index = room.seats.put_bot(spec, args[1] if len(args) > 1 else None)
    room.save()
    if spec != level:
        room.system("bot_instead", level=level_name(level), spec=level_name(spec),
                    seat=index + 1)
    else:
        room.system("bot_sits", level=level_name(level), seat=index + 1)
    room.send_room()


def level_name(level: str) -> Words:
    """A bot level as people call it in each language (other bot names as they are)."""
    key = f"level_{level}"
    return Words(lambda lang: say(lang, key) if key in table() else level)


def cmd_kick(room: RoomFace, conn: Conn, args: list[str]) -> None:
    need_host(room, conn)
    need_open(room, "kick")
    if not args:
        raise RoomError("bad_seat", "kick_which")
    name = room.seats.kick(args[0])
    room.save()
    room.system("kicked", name=name, seat=args[0])
    room.send_room()


def cmd_option(room: RoomFace, conn: Conn, args: list[str]) -> None:
    need_host(room, conn)
    need_open(room, "option")
    if len(args) < 2:
        raise RoomError("bad_option", "option_usage", names=option_names(room))
    raw = " ".join(args[1:])
    label: Any
    shown: Any
    if args[0].lower() in timing.NAMES:
        name = args[0].lower()
        if name == "increment" and not room.timing.bank:
            raise RoomError("bad_option", "increment_needs_bank")
        before = time_mode(room.clock, room.timing)
        room.clock, shown = timing.set_option(room.clock, room.timing, name, raw)
        label = time_label(name)
        after = time_mode(room.clock, room.timing)
        if before is not None and after is not None and before.key != after.key:
            room.save()
            room.system("option_set", name=conn.name, option=label, value=shown)
            room.system("time_replaced", now=after, before=before)
            room.send_room()
            return
    else:
        specs = room.game.options_spec()
        try:
            spec = opts.find(specs, args[0])
        except OptionError:
            raise RoomError("bad_option", "unknown_option", name=args[0],
                            names=option_names(room)) from None
        try:
            options = room.game.normalize_options({**room.options, spec.name: spec.parse(raw)})
        except OptionError as exc:
            raise option_refusal(exc, spec) from None
        seats = opts.seat_option(specs)
        if seats is not None:
            room.seats.resize(int(options[seats.name]))
        room.options = options
        value = options[spec.name]
        label = Words(spec.text)
        shown = Words(lambda lang: option_value(spec, value, lang))
    room.save()
    room.system("option_set", name=conn.name, option=label, value=shown)
    room.send_room()


class TimeMode(Words):
    """A room's time control in words ("a time bank of 300 + 10 s"), keyed by its mode."""

    def __init__(self, key: str, **fields: int) -> None:
        super().__init__(lambda lang: say(lang, key, **fields))
        self.key = key


def time_mode(clock: int, control: timing.Timing) -> TimeMode | None:
    """The time control in force (None: no clock)."""
    mode = control.mode(clock)
    if mode == "days":
        return TimeMode("mode_days", n=control.days)
    if mode == "bank":
        return TimeMode("mode_bank", bank=control.bank, increment=control.increment)
    return TimeMode("mode_move", n=clock) if mode == "move" else None


def time_label(name: str) -> Words:
    """A time option's name as people say it (``clock`` -> "the clock (seconds per decision)")."""
    return Words(lambda lang: say(lang, f"{name}_label"))


def option_names(room: RoomFace) -> Words:
    """The room's options by their labels, each with the name ``/option`` takes."""
    def named(lang: str) -> str:
        game = [f"{spec.text(lang)} ({spec.name})" for spec in room.game.options_spec()]
        times = [say(lang, f"named_{name}") for name in timing.NAMES]
        return ", ".join([*game, *times])
    return Words(named)


def cmd_who(room: RoomFace, conn: Conn, args: list[str]) -> None:
    lang = conn.lang
    parts = []
    for i, seat in enumerate(room.seats):
        who = say(lang, "who_free") if seat.free else seat.name
        if seat.user_id is not None and not room.connected(seat.user_id):
            who = say(lang, "who_away", name=who)
        parts.append(f"{i + 1}: {who}")
    watchers = room.summary()["spectators"]
    if watchers:
        reply(conn, say(lang, "who_watching", seats=", ".join(parts),
                        watchers=", ".join(watchers)))
    else:
        reply(conn, say(lang, "who", seats=", ".join(parts)))


def cmd_help(room: RoomFace, conn: Conn, args: list[str]) -> None:
    reply(conn, help_text(room, conn.lang))


def cmd_start(room: RoomFace, conn: Conn, args: list[str]) -> None:
    need_open(room, "start")
    if conn.user_id != room.host_id and room.seat_of(conn.user_id) is None:
        raise RoomError("not_host", "start_who")
    free = [str(i + 1) for i, s in enumerate(room.seats) if s.free]
    if free:
        raise RoomError("not_ready", "not_ready", free=", ".join(free))
    room.start(game_seed(), conn.name)


Command = Callable[["RoomFace", Conn, list[str]], None]

#: every command with the sentence keys of its usage and of what it does, in /help's order.
COMMANDS: dict[str, tuple[Command, str, str]] = {
    "join": (cmd_join, "use_seat", "do_join"),
    "leave": (cmd_leave, "", "do_leave"),
    "start": (cmd_start, "", "do_start"),
    "bot": (cmd_bot, "use_bot", "do_bot"),
    "kick": (cmd_kick, "use_kick", "do_kick"),
    "option": (cmd_option, "use_option", "do_option"),
    "who": (cmd_who, "", "do_who"),
    "help": (cmd_help, "", "do_help"),
    "private": (privacy.cmd_private, "use_private", "do_private"),
    "resign": (resign.cmd_resign, "", "do_resign"),
}


def option_value(spec: opts.OptionSpec, value: Any, lang: str) -> str:
    """An option's value as people read it in ``lang`` (choices by their labels)."""
    if spec.kind == "choice":
        return spec.choice_text(value, lang)
    if spec.kind == "multi":
        return ", ".join(spec.choice_text(v, lang) for v in value)
    return spec.format(value)


def option_refusal(error: OptionError, spec: opts.OptionSpec | None = None) -> RoomError:
    """``error`` (a game's or the core's) as the room's ``bad_option`` refusal, said in each
    reader's language from its code and params (core.common.OptionError); with the option's
    ``spec``, its choices by their labels."""
    params = error.params
    if error.code == "unknown_option":
        return RoomError("bad_option", "unknown_option", name=params["name"],
                         names=", ".join(params["names"]))
    if error.code in ("bad_value", "no_value"):
        return RoomError("bad_option", "bad_option_value", name=params["name"],
                         raw=params.get("value", ""),
                         allowed=Words(functools.partial(allowed_words, params, spec=spec)))
    if error.code == "together":
        return RoomError("bad_option", "options_together", reason=Words(error.text))
    return RoomError("bad_option", str(error))


def allowed_words(allows: Mapping[str, Any], lang: str,
                  spec: opts.OptionSpec | None = None) -> str:
    """The values an option takes (``OptionSpec.allows``: ``kind``, ``low`` and ``high``, or
    ``choices``), in words in ``lang``; with the option's ``spec``, each choice by its label
    and the value ``/option`` takes."""
    if allows["kind"] == "int":
        return say(lang, "allowed_int", low=allows["low"], high=allows["high"])
    if allows["kind"] == "bool":
        return say(lang, "allowed_bool")
    values = ", ".join(choice_words(spec, c, lang) for c in allows["choices"])
    return say(lang, "allowed_choice" if allows["kind"] == "choice" else "allowed_multi",
               values=values)


def choice_words(spec: opts.OptionSpec | None, choice: Any, lang: str) -> str:
    """A choice as typed, with its label when it has one: "Schmidt (110 cards) (schmidt)"."""
    label = spec.choice_text(choice, lang) if spec is not None else str(choice)
    return label if label == str(choice) else f"{label} ({choice})"


def allowed(spec: opts.OptionSpec, lang: str) -> str:
    """The values an option takes, in words in ``lang``."""
    return allowed_words(spec.allows(), lang, spec)


def help_text(room: RoomFace, lang: str = "en") -> str:
    """The commands, then the room game's options (their localized labels) and the clock:
    one line each, as a list."""
    levels = "|".join(BOT_LEVELS)
    commands = [
        f"/{name}{' ' + say(lang, usage, levels=levels) if usage else ''} – {say(lang, what)}"
        for name, (_, usage, what) in COMMANDS.items()
    ]
    options = [
        say(lang, "help_option", name=spec.name, label=spec.text(lang),
            allowed=allowed(spec, lang), default=option_value(spec, spec.default, lang))
        for spec in room.game.options_spec()
    ]
    options.extend(timing.describe(lang))
    return say(lang, "help", commands="\n".join(f"• {line}" for line in commands),
               options="\n".join(f"• {line}" for line in options))


def run(room: RoomFace, conn: Conn, text: str) -> None:
    """Dispatch one ``/command args`` line."""
    name, *args = text[1:].split() or [""]
    entry = COMMANDS.get(name.lower())
    if entry is None:
        raise RoomError("unknown_command", "unknown_command", name=name)
    entry[0](room, conn, args)
