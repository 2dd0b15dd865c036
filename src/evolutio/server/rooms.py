"""Rooms at run time: seats, chat commands, the game, clocks, bots and broadcasting.

The engine is authoritative. A client's action is checked against the game, stored as the
next row of the room's action log (committed), then applied, and only then broadcast: each
seat gets its own view with a version number (the count of applied actions); spectators get
the public view. A restarted server rebuilds every game by replaying its stored actions.
Everything here runs on the event loop; bots think in a worker thread.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, insert, select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from evolutio.core.game import JSON, Action, Decision, Game, IllegalAction, OptionError
from evolutio.core.record import Record
from evolutio.core.registry import get_game
from evolutio.server import ratings
from evolutio.server.db import ActionRow, ChatRow, RoomRow, User, utcnow
from evolutio.server.i18n import LANGUAGES

log = logging.getLogger("evolutio.server")

BOT_LEVELS = ("easy", "normal", "hard", "random")
MAX_CHAT = 400
CHAT_BURST = 5  # chat lines ...
CHAT_WINDOW = 5.0  # ... per this many seconds
MAX_CLOCK = 3600
HELP = (
    "/join [seat] - take a seat (the first free one by default)",
    "/leave - give up your seat before the game starts",
    "/start - start the game once every seat is filled",
    "/bot [easy|normal|hard|random] [seat] - fill a seat with a bot",
    "/kick seat - free a seat (host only, before the start)",
    "/option name value - change an option (host only): players, edition, expansions, clock",
    "/who - who sits where and who watches",
    "/help - this list",
)


class RoomError(Exception):
    """A refused request; ``code`` is stable for programs, the message is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Seat:
    """Who plays a seat: a person (``user_id``) or a bot level; run-time absence state."""

    user_id: int | None = None
    name: str = ""
    bot: str | None = None
    away_since: float | None = None
    takeover: bool = False

    @property
    def free(self) -> bool:
        return self.user_id is None and self.bot is None

    def to_row(self) -> JSON:
        return {"user_id": self.user_id, "name": self.name, "bot": self.bot}

    @classmethod
    def from_row(cls, data: Any) -> Seat:
        if not isinstance(data, dict):
            return cls()
        return cls(data.get("user_id"), str(data.get("name") or ""), data.get("bot"))


class Conn:
    """One WebSocket of one person (or an anonymous spectator) in one room.

    Outgoing frames go through a bounded queue drained by a writer task, so a slow client
    never stalls a room; one that falls too far behind is dropped and can resync.
    """

    MAX_QUEUE = 2000

    def __init__(
        self,
        user_id: int | None,
        name: str,
        send: Callable[[str], Any],
        close: Callable[[], Any],
        lang: str = "en",
    ) -> None:
        self.user_id = user_id
        self.name = name
        #: the language of the legal actions' and the log's sentences (en when unknown)
        self.lang = lang if lang in LANGUAGES else "en"
        self._send = send
        self._close = close
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.chat_times: deque[float] = deque()
        self.msg_times: deque[float] = deque()
        self.closed = False

    def send(self, message: JSON | str) -> None:
        if self.closed:
            return
        text = message if isinstance(message, str) else json.dumps(message, ensure_ascii=False)
        if self.queue.qsize() > self.MAX_QUEUE:
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)

    async def writer(self) -> None:
        """Drain the queue into the socket; a socket that fails just ends the writer."""
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    await self._close()
                    return
                await self._send(text)
        except (OSError, RuntimeError, ConnectionError) as exc:
            self.closed = True
            log.debug("connection of %s ended while sending: %s", self.name, exc)
        except Exception as exc:  # the ASGI server's own "connection closed" errors
            self.closed = True
            log.debug("connection of %s ended while sending: %r", self.name, exc)

    def stop(self) -> None:
        self.closed = True
        self.queue.put_nowait(None)


@dataclass
class LogEntry:
    """One applied action of the in-memory log, described in every client language
    (the database keeps only the action's JSON)."""

    v: int
    seat: int
    texts: dict[str, str]
    by: str

    def to_json(self, lang: str = "en") -> JSON:
        text = self.texts.get(lang) or self.texts.get("en", "")
        return {"v": self.v, "seat": self.seat, "text": text, "by": self.by}


def describe_everywhere(game: Game[Any], state: Any, action: Action) -> dict[str, str]:
    """The action's sentence in each client language (before it is applied)."""
    return {lang: game.describe_action(state, action, lang) for lang in LANGUAGES}


def still_choosing(
    chosen: set[int], before: Decision | None, after: Decision | None, seat: int
) -> set[int]:
    """The seats that have chosen in a simultaneous decision still open after ``seat`` acted.

    The game drops a seat that has chosen from ``decision.seats``: when the decision goes on
    (same kind, the others still waiting) ``seat`` joins the chosen; any other change ends it.
    """
    if (
        before is not None
        and after is not None
        and before.simultaneous
        and after.kind == before.kind
        and seat not in after.seats
        and set(after.seats) < set(before.seats)
    ):
        return chosen | {seat}
    return set()


def parse_option_value(raw: str) -> Any:
    """An option value typed in chat: integers, ``a,b`` lists, true/false, else text."""
    text = raw.strip()
    if text.lstrip("-").isdigit():
        return int(text)
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if "," in text:
        return [part.strip() for part in text.split(",") if part.strip()]
    return text


def load_make_bot() -> Callable[..., Any]:
    try:
        from evolutio.bots.levels import make_bot
    except ImportError:
        raise RoomError("no_bots", "Bots are not available on this server.") from None
    return make_bot


@dataclass
class Room:
    """A room and, once started, its game."""

    hub: Hub
    id: str
    game_name: str
    options: dict[str, Any]
    clock: int
    host_id: int | None
    seats: list[Seat]
    status: str = "open"
    seed: int = 0
    outcome: JSON | None = None
    state: Any = None
    version: int = 0
    log: list[LogEntry] = field(default_factory=list)
    chat: deque[JSON] = field(default_factory=lambda: deque(maxlen=50))
    conns: set[Conn] = field(default_factory=set)
    deadline: float | None = None
    chosen: set[int] = field(default_factory=set)
    _legal: dict[int, list[Action]] = field(default_factory=dict)
    _legal_json: dict[tuple[int, str], list[JSON]] = field(default_factory=dict)
    _frames: dict[tuple[int | None, str], str] = field(default_factory=dict)
    _bots: dict[int, Any] = field(default_factory=dict)
    _bot_task: asyncio.Task[None] | None = None
    _clock_task: asyncio.Task[None] | None = None
    _grace_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)

    @functools.cached_property
    def game(self) -> Game[Any]:
        return get_game(self.game_name)

    # ----------------------------------------------------------------- summaries
    def seat_of(self, user_id: int | None) -> int | None:
        if user_id is None:
            return None
        for i, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return i
        return None

    def connected(self, user_id: int | None) -> bool:
        return any(c.user_id == user_id for c in self.conns if not c.closed)

    def summary(self) -> JSON:
        seats = []
        for i, seat in enumerate(self.seats):
            seats.append(
                {
                    "seat": i,
                    "name": seat.name or None,
                    "bot": seat.bot,
                    "user_id": seat.user_id,
                    "connected": seat.bot is not None or self.connected(seat.user_id),
                    "away": seat.takeover,
                }
            )
        seated = {s.user_id for s in self.seats if s.user_id is not None}
        watchers = sorted({c.name for c in self.conns if c.user_id not in seated})
        host = next((s.name for s in self.seats if s.user_id == self.host_id), None)
        return {
            "id": self.id,
            "game": self.game_name,
            "options": self.options,
            "clock": self.clock,
            "status": self.status,
            "host_id": self.host_id,
            "host": host,
            "seats": seats,
            "spectators": watchers,
            "version": self.version,
            "outcome": self.outcome,
        }

    def broadcast(self, message: JSON) -> None:
        text = json.dumps(message, ensure_ascii=False)
        for conn in list(self.conns):
            conn.send(text)

    def system(self, text: str) -> None:
        entry = {"type": "chat", "name": None, "text": text, "system": True, "time": time.time()}
        self.chat.append(entry)
        self.broadcast(entry)

    def send_room(self) -> None:
        self.broadcast({"type": "room", "room": self.summary()})

    def save(self) -> None:
        with self.hub.session() as s:
            row = s.get(RoomRow, self.id)
            if row is None:
                row = RoomRow(
                    id=self.id,
                    game=self.game_name,
                    options=self.options,
                    seed=self.seed,
                    clock=self.clock,
                    status=self.status,
                    host_id=self.host_id,
                    seats=[x.to_row() for x in self.seats],
                )
                s.add(row)
            row.options = dict(self.options)
            row.seed = self.seed
            row.clock = self.clock
            row.status = self.status
            row.seats = [x.to_row() for x in self.seats]
            row.outcome = self.outcome
            if self.status == "playing" and row.started_at is None:
                row.started_at = utcnow()
            if self.status == "over" and row.finished_at is None:
                row.finished_at = utcnow()
            s.commit()

    # ----------------------------------------------------------------- views
    def legal(self, seat: int) -> list[Action]:
        if seat not in self._legal:
            decision = self.game.decision(self.state)
            self._legal[seat] = (
                self.game.legal_actions(self.state, seat)
                if decision is not None and seat in decision.seats
                else []
            )
        return self._legal[seat]

    def legal_json(self, seat: int, lang: str = "en") -> list[JSON]:
        """``seat``'s legal actions as sent to it, described in ``lang``."""
        if (seat, lang) not in self._legal_json:
            game = self.game
            self._legal_json[seat, lang] = [
                {
                    "index": i,
                    "action": a.to_json(),
                    "notation": a.notation(),
                    "text": game.describe_action(self.state, a, lang),
                    "targets": [list(t) for t in game.action_targets(self.state, a)],
                }
                for i, a in enumerate(self.legal(seat))
            ]
        return self._legal_json[seat, lang]

    def controller(self, seat: int) -> str:
        """``"bot"`` when a bot plays the seat now (its own or a take-over), else ``"human"``."""
        s = self.seats[seat]
        return "bot" if s.bot is not None or s.takeover else "human"

    def state_frame(self, seat: int | None, full: bool, lang: str = "en") -> str:
        """The state message for ``seat`` (None: spectators) with sentences in ``lang``;
        cached per version unless full."""
        if not full and (seat, lang) in self._frames:
            return self._frames[seat, lang]
        game = self.game
        decision = game.decision(self.state)
        remaining = None if self.deadline is None else max(0.0, self.deadline - time.monotonic())
        mine = decision is not None and seat in decision.seats
        waiting = () if decision is None else decision.seats
        left = None if remaining is None else round(remaining, 1)
        message: JSON = {
            "type": "state",
            "room": self.id,
            "version": self.version,
            "seat": seat,
            "full": full,
            "view": game.view(self.state, seat),
            "decision": None if decision is None else decision.to_json(),
            "legal": self.legal_json(seat, lang) if mine and seat is not None else None,
            "chosen": seat in self.chosen,
            "controller": None if decision is None else self.controller(decision.seats[0]),
            "controllers": {str(s): self.controller(s) for s in waiting},
            "clock": left,
            "clocks": {str(s): left for s in waiting},
            "outcome": self.outcome,
            "log": [
                e.to_json(lang)
                for e in (self.log if full else self.log[-1:])
                if full or e.v == self.version
            ],
        }
        text = json.dumps(message, ensure_ascii=False)
        if not full:
            self._frames[seat, lang] = text
        return text

    def send_state(self, conn: Conn, full: bool) -> None:
        if self.state is None:
            return
        conn.send(self.state_frame(self.seat_of(conn.user_id), full, conn.lang))

    def broadcast_state(self) -> None:
        for conn in list(self.conns):
            self.send_state(conn, full=False)

    # ----------------------------------------------------------------- joining
    def attach(self, conn: Conn) -> None:
        self.conns.add(conn)
        conn.send(
            {
                "type": "welcome",
                "room": self.summary(),
                "you": {"id": conn.user_id, "name": conn.name, "seat": self.seat_of(conn.user_id)},
                "chat": list(self.chat),
            }
        )
        seat = self.seat_of(conn.user_id)
        if seat is not None:
            self.seats[seat].away_since = None
            task = self._grace_tasks.pop(seat, None)
            if task is not None:
                task.cancel()
            if self.seats[seat].takeover:
                self.seats[seat].takeover = False
                self.system(f"{conn.name} is back and plays again.")
                self._frames.clear()
                self.broadcast_state()
        self.send_state(conn, full=True)
        self.send_room()

    def detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        seat = self.seat_of(conn.user_id)
        if seat is not None and self.status == "playing" and not self.connected(conn.user_id):
            self.mark_away(seat)
        self.send_room()

    def mark_away(self, seat: int) -> None:
        """Start the grace period; a bot takes the seat over when it runs out."""
        info = self.seats[seat]
        if info.bot is not None or info.takeover or seat in self._grace_tasks:
            return
        info.away_since = time.monotonic()
        self._grace_tasks[seat] = asyncio.get_running_loop().create_task(self._grace(seat))

    async def _grace(self, seat: int) -> None:
        await asyncio.sleep(self.hub.grace)
        self._grace_tasks.pop(seat, None)
        info = self.seats[seat]
        if self.status != "playing" or self.connected(info.user_id):
            return
        info.takeover = True
        self.system(f"{info.name} is away; a bot plays for them until they return.")
        self._frames.clear()
        self.broadcast_state()
        self.send_room()
        self.schedule()

    # ----------------------------------------------------------------- chat
    def chat_line(self, conn: Conn, raw: Any) -> None:
        if conn.user_id is None:
            raise RoomError("anonymous", "Choose a name to chat.")
        if not isinstance(raw, str):
            raise RoomError("bad_message", "'text' must be a string.")
        text = " ".join(raw.split())
        if not text:
            raise RoomError("bad_message", "Say something.")
        if len(text) > MAX_CHAT:
            raise RoomError("too_long", f"A chat line has at most {MAX_CHAT} characters.")
        if text.startswith("/"):
            self.command(conn, text)
            return
        now = time.monotonic()
        while conn.chat_times and now - conn.chat_times[0] > CHAT_WINDOW:
            conn.chat_times.popleft()
        if len(conn.chat_times) >= CHAT_BURST:
            raise RoomError("rate_limited", "You are chatting too fast; wait a few seconds.")
        conn.chat_times.append(now)
        entry = {
            "type": "chat",
            "name": conn.name,
            "text": text,
            "system": False,
            "time": time.time(),
        }
        with self.hub.session() as s:
            s.add(ChatRow(room_id=self.id, user_id=conn.user_id, name=conn.name, text=text))
            s.commit()
        self.chat.append(entry)
        self.broadcast(entry)

    def command(self, conn: Conn, text: str) -> None:
        name, *args = text[1:].split()
        handler = {
            "join": self.cmd_join,
            "leave": self.cmd_leave,
            "start": self.cmd_start,
            "bot": self.cmd_bot,
            "kick": self.cmd_kick,
            "option": self.cmd_option,
            "who": self.cmd_who,
            "help": self.cmd_help,
        }.get(name.lower())
        if handler is None:
            raise RoomError("unknown_command", f"Unknown command /{name}; try /help.")
        handler(conn, args)

    def reply(self, conn: Conn, text: str) -> None:
        conn.send(
            {
                "type": "chat",
                "name": None,
                "text": text,
                "system": True,
                "private": True,
                "time": time.time(),
            }
        )

    def _need_open(self, what: str) -> None:
        if self.status != "open":
            raise RoomError("not_open", f"You can {what} only before the game starts.")

    def _need_host(self, conn: Conn) -> None:
        if conn.user_id != self.host_id:
            raise RoomError("not_host", "Only the host of the room may do that.")

    def _seat_arg(self, raw: str) -> int:
        if not raw.isdigit() or not 1 <= int(raw) <= len(self.seats):
            raise RoomError("bad_seat", f"Seats are numbered 1 to {len(self.seats)}.")
        return int(raw) - 1

    def _first_free(self) -> int:
        for i, seat in enumerate(self.seats):
            if seat.free:
                return i
        raise RoomError("full", "Every seat is taken.")

    def cmd_join(self, conn: Conn, args: list[str]) -> None:
        self._need_open("join")
        if self.seat_of(conn.user_id) is not None:
            raise RoomError("seated", "You already have a seat; /leave it first.")
        index = self._seat_arg(args[0]) if args else self._first_free()
        seat = self.seats[index]
        if seat.user_id is not None:
            raise RoomError("taken", f"Seat {index + 1} is taken by {seat.name}.")
        self.seats[index] = Seat(conn.user_id, conn.name)
        self.save()
        self.system(f"{conn.name} sits at seat {index + 1}.")
        self.send_room()

    def cmd_leave(self, conn: Conn, args: list[str]) -> None:
        seat = self.seat_of(conn.user_id)
        if seat is None:
            raise RoomError("not_seated", "You have no seat here.")
        if self.status != "open":
            raise RoomError(
                "not_open",
                "The game is under way: close the page to step away "
                "(a bot plays for you until you return).",
            )
        self.seats[seat] = Seat()
        self.save()
        self.system(f"{conn.name} leaves seat {seat + 1}.")
        self.send_room()

    def cmd_bot(self, conn: Conn, args: list[str]) -> None:
        self._need_open("add bots")
        level = args[0].lower() if args else "normal"
        if level not in BOT_LEVELS:
            raise RoomError("bad_level", f"Bot levels: {', '.join(BOT_LEVELS)}.")
        make_bot = load_make_bot()
        try:
            make_bot(level, 0, game=self.game_name)
        except ValueError as exc:
            raise RoomError("bad_level", str(exc)) from None
        index = self._seat_arg(args[1]) if len(args) > 1 else self._first_free()
        if self.seats[index].user_id is not None:
            raise RoomError("taken", f"Seat {index + 1} is taken by {self.seats[index].name}.")
        self.seats[index] = Seat(None, f"bot:{level}", level)
        self.save()
        self.system(f"A {level} bot sits at seat {index + 1}.")
        self.send_room()

    def cmd_kick(self, conn: Conn, args: list[str]) -> None:
        self._need_host(conn)
        self._need_open("kick")
        if not args:
            raise RoomError("bad_seat", "Say which seat: /kick 2")
        index = self._seat_arg(args[0])
        if self.seats[index].free:
            raise RoomError("free", f"Seat {index + 1} is already free.")
        name = self.seats[index].name
        self.seats[index] = Seat()
        self.save()
        self.system(f"{name} is removed from seat {index + 1}.")
        self.send_room()

    def cmd_option(self, conn: Conn, args: list[str]) -> None:
        self._need_host(conn)
        self._need_open("change options")
        if len(args) < 2:
            raise RoomError("bad_option", "Usage: /option name value (e.g. /option players 3).")
        name, value = args[0].lower(), parse_option_value(" ".join(args[1:]))
        if name == "clock":
            if not isinstance(value, int) or not 0 <= value <= MAX_CLOCK:
                raise RoomError(
                    "bad_option", f"The clock is 0 (none) to {MAX_CLOCK} seconds per decision."
                )
            self.clock = value
        else:
            if name == "expansions" and isinstance(value, str):
                value = [value]
            try:
                options = self.game.normalize_options({**self.options, name: value})
            except OptionError as exc:
                raise RoomError("bad_option", str(exc)) from None
            players = int(options.get("players", len(self.seats)))
            if players < len(self.seats) and any(not s.free for s in self.seats[players:]):
                raise RoomError("bad_option", "Free the last seats before reducing players.")
            self.seats = (self.seats + [Seat() for _ in range(players)])[:players]
            self.options = options
        self.save()
        shown = ", ".join(map(str, value)) if isinstance(value, list) else value
        self.system(f"{conn.name} sets {name} to {shown}.")
        self.send_room()

    def cmd_who(self, conn: Conn, args: list[str]) -> None:
        parts = []
        for i, seat in enumerate(self.seats):
            who = "free" if seat.free else seat.name
            if seat.user_id is not None and not self.connected(seat.user_id):
                who += " (away)"
            parts.append(f"{i + 1}: {who}")
        watchers = self.summary()["spectators"]
        line = "Seats - " + ", ".join(parts)
        if watchers:
            line += ". Watching: " + ", ".join(watchers)
        self.reply(conn, line + ".")

    def cmd_help(self, conn: Conn, args: list[str]) -> None:
        self.reply(conn, "Commands: " + "; ".join(HELP))

    def cmd_start(self, conn: Conn, args: list[str]) -> None:
        self._need_open("start")
        if conn.user_id != self.host_id and self.seat_of(conn.user_id) is None:
            raise RoomError("not_host", "Only the host or a seated player may start.")
        free = [str(i + 1) for i, s in enumerate(self.seats) if s.free]
        if free:
            raise RoomError(
                "not_ready", f"Fill every seat first (free: {', '.join(free)}); /join or /bot."
            )
        self.seed = secrets.randbits(31)
        try:
            self.state = self.game.new(self.options, self.seed)
        except OptionError as exc:
            raise RoomError("bad_option", str(exc)) from None
        self.status = "playing"
        self.version = 0
        self.save()
        self.system(f"{conn.name} starts the game.")
        self.send_room()
        self.changed()

    # ----------------------------------------------------------------- playing
    def act(self, conn: Conn, msg: JSON) -> None:
        if self.status != "playing" or self.state is None:
            raise RoomError("not_playing", "No game is under way in this room.")
        seat = self.seat_of(conn.user_id)
        if seat is None:
            raise RoomError("not_seated", "You do not play in this game.")
        version = msg.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise RoomError("bad_message", "'version' must be the version you see.")
        if version != self.version:
            self.send_state(conn, full=True)
            raise RoomError(
                "stale",
                f"Your table is at version {version}, the game at "
                f"{self.version}; here is the current table.",
            )
        decision = self.game.decision(self.state)
        if decision is None:
            raise RoomError("not_playing", "The game is over.")
        if seat not in decision.seats:
            raise RoomError(
                "not_your_turn", f"It is seat {decision.seats[0] + 1}'s turn to {decision.kind}."
            )
        if self.seats[seat].takeover:
            self.seats[seat].takeover = False
        action = self._parse_action(seat, msg)
        self.apply(seat, action, "human")

    def _parse_action(self, seat: int, msg: JSON) -> Action:
        legal = self.legal(seat)
        if "index" in msg:
            index = msg["index"]
            if not isinstance(index, int) or isinstance(index, bool):
                raise RoomError("bad_message", "'index' must be an integer.")
            if not 0 <= index < len(legal):
                raise RoomError(
                    "illegal", f"There is no legal action {index}; choose 0 to {len(legal) - 1}."
                )
            return legal[index]
        data = msg.get("action")
        if not isinstance(data, dict):
            raise RoomError("bad_message", "Send 'index' (a legal action) or 'action' (JSON).")
        try:
            action = self.game.action_from_json(data)
        except IllegalAction as exc:
            raise RoomError("illegal", exc.reason) from None
        except (TypeError, ValueError, KeyError) as exc:
            raise RoomError("illegal", f"Malformed action: {exc}") from None
        return action

    def apply(self, seat: int, action: Action, by: str) -> None:
        """Check, store (committed), apply, then broadcast one action."""
        game = self.game
        try:
            game.check(self.state, seat, action)
        except IllegalAction as exc:
            raise RoomError("illegal", exc.reason) from None
        texts = describe_everywhere(game, self.state, action)
        self.hub.store_action(self.id, self.version, seat, action.to_json(), by)
        before = game.decision(self.state)
        game.apply(self.state, seat, action)
        self.chosen = still_choosing(self.chosen, before, game.decision(self.state), seat)
        self.version += 1
        self.log.append(LogEntry(self.version, seat, texts, by))
        self.changed()

    def changed(self) -> None:
        """After a start, an action or a resume: clocks, broadcasts, bots, the end."""
        self._legal = {}
        self._legal_json = {}
        self._frames.clear()
        game = self.game
        decision = game.decision(self.state)
        if decision is None:
            self.deadline = None
            self.finish()
            self.broadcast_state()
            return
        self.deadline = time.monotonic() + self.clock if self.clock else None
        self.broadcast_state()
        self.schedule()

    def schedule(self) -> None:
        """Start the clock of the current decision and a bot's move if a bot is to play."""
        decision = self.game.decision(self.state)
        if decision is None or self.status != "playing":
            return
        loop = asyncio.get_running_loop()
        if self._clock_task is not None:
            self._clock_task.cancel()
            self._clock_task = None
        if self.deadline is not None:
            self._clock_task = loop.create_task(self._clock(self.version, self.deadline))
        if self.controller(decision.seats[0]) == "bot" and (
            self._bot_task is None or self._bot_task.done()
        ):
            self._bot_task = loop.create_task(self._bot_move(self.version, decision))

    async def _clock(self, version: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        if self.version != version or self.status != "playing":
            return
        decision = self.game.decision(self.state)
        if decision is None:
            return
        seat = decision.seats[0]
        action = self.game.default_action(self.state, seat)
        name = self.seats[seat].name
        self.system(f"{name}'s time is up: {self.game.describe_action(self.state, action)}")
        self.apply(seat, action, "timeout")

    def bot_for(self, seat: int) -> Any:
        bot = self._bots.get(seat)
        if bot is None:
            level = self.seats[seat].bot or self.hub.takeover_level
            make_bot = load_make_bot()
            try:
                bot = make_bot(level, self.seed * 16 + seat, game=self.game_name)
            except ValueError:  # a level this game's bots do not offer: play at random
                bot = make_bot("random", self.seed * 16 + seat, game=self.game_name)
            self._bots[seat] = bot
        return bot

    async def _bot_move(self, version: int, decision: Decision) -> None:
        try:
            if self.hub.bot_delay:
                await asyncio.sleep(self.hub.bot_delay)
            if self.version != version or self.controller(decision.seats[0]) != "bot":
                return
            from evolutio.bots.base import InformationSet

            game = self.game
            seat = decision.seats[0]
            view = game.view(self.state, seat)
            legal = list(self.legal(seat))
            info = InformationSet.of(game, self.state.clone(), seat)
            bot = self.bot_for(seat)
            action = await asyncio.to_thread(bot.choose, view, legal, decision, info)
            if self.version != version or self.controller(seat) != "bot":
                return
            self.apply(seat, action, "bot")
        except Exception as exc:
            # a refused or crashed bot must not stall the game: play the safe default
            if isinstance(exc, RoomError):
                log.error("room %s: bot move refused: %s", self.id, exc.message)
            else:
                log.exception("room %s: bot failed; playing the safe default", self.id)
            if self.version == version and self.status == "playing":
                seat = decision.seats[0]
                self.apply(seat, self.game.default_action(self.state, seat), "timeout")
        finally:
            if self.version != version and self.status == "playing":
                # a later decision may belong to a bot too
                self._bot_task = None
                decision_now = self.game.decision(self.state)
                if decision_now is not None and self.controller(decision_now.seats[0]) == "bot":
                    self.schedule()

    def finish(self) -> None:
        outcome = self.game.outcome(self.state)
        if outcome is None or self.status == "over":
            return
        self.outcome = outcome.to_json()
        self.status = "over"
        if self._clock_task is not None:
            self._clock_task.cancel()
        with self.hub.session() as s:
            ratings.record_result(s, self.id, self.seats_for_rating(s), outcome)
            s.commit()
        self.save()
        self.system(
            "The game is over. "
            + ", ".join(f"{self.seats[i].name}: {score}" for i, score in enumerate(outcome.scores))
        )
        self.send_room()
        self.hub.forget_finished()

    def seats_for_rating(self, s: Session) -> list[int]:
        from evolutio.server.auth import bot_user

        ids = []
        for seat in self.seats:
            if seat.user_id is not None:
                ids.append(seat.user_id)
            else:
                ids.append(bot_user(s, seat.bot or "normal").id)
        return ids

    # ----------------------------------------------------------------- after the game
    def record(self) -> Record:
        with self.hub.session() as s:
            rows = s.scalars(
                select(ActionRow).where(ActionRow.room_id == self.id).order_by(ActionRow.idx)
            ).all()
        return Record(
            self.game_name,
            dict(self.options),
            self.seed,
            [(r.seat, dict(r.action)) for r in rows],
            [seat.name for seat in self.seats],
            self.outcome,
        )


class Hub:
    """Every live room of this server process, plus the database and settings."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        *,
        grace: float = 30.0,
        bot_delay: float = 0.3,
        takeover_level: str = "normal",
    ) -> None:
        self.sessions = sessions
        self.grace = grace
        self.bot_delay = bot_delay
        self.takeover_level = takeover_level
        self.rooms: dict[str, Room] = {}
        self._writer: Connection | None = None
        self._insert_action = insert(ActionRow)

    def store_action(self, room_id: str, idx: int, seat: int, action: JSON, by: str) -> None:
        """Append one action to a game's log and commit.

        The hot path of play: a Core insert on one long-lived connection (half the cost of a
        pooled one). A broken connection is replaced once; a second failure propagates.
        """
        row = {
            "room_id": room_id,
            "idx": idx,
            "seat": seat,
            "action": action,
            "by": by,
            "created_at": utcnow(),
        }
        for attempt in (1, 2):
            if self._writer is None:
                self._writer = self.sessions.kw["bind"].connect()
            try:
                with self._writer.begin():
                    self._writer.execute(self._insert_action, row)
                return
            except DBAPIError:
                self._writer.close()
                self._writer = None
                if attempt == 2:
                    raise

    def close(self) -> None:
        """Close the action writer's connection (at shutdown)."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self.sessions() as s:
            yield s

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
        if clock is None:
            clock = 0
        if not isinstance(clock, int) or isinstance(clock, bool) or not 0 <= clock <= MAX_CLOCK:
            raise RoomError("bad_option", f"The clock is 0 (none) to {MAX_CLOCK} seconds.")
        players = int(normalized.get("players", 2))
        seats = [Seat() for _ in range(players)]
        seats[0] = Seat(host.id, host.name)
        room = Room(
            self,
            secrets.token_urlsafe(6).replace("-", "x").replace("_", "y"),
            game_name,
            normalized,
            clock,
            host.id,
            seats,
        )
        room.save()
        self.rooms[room.id] = room
        return room

    def room(self, room_id: str) -> Room | None:
        return self.rooms.get(room_id)

    def load_all(self) -> int:
        """Load open and playing rooms; replay every game under way from its action log."""
        with self.session() as s:
            rows = s.scalars(select(RoomRow).where(RoomRow.status != "over")).all()
            count = 0
            for row in rows:
                room = Room(
                    self,
                    row.id,
                    row.game,
                    dict(row.options),
                    row.clock,
                    row.host_id,
                    [Seat.from_row(x) for x in row.seats],
                    row.status,
                    row.seed,
                )
                chats = s.scalars(
                    select(ChatRow)
                    .where(ChatRow.room_id == row.id)
                    .order_by(ChatRow.id.desc())
                    .limit(50)
                ).all()
                for c in reversed(chats):
                    room.chat.append(
                        {
                            "type": "chat",
                            "name": c.name,
                            "text": c.text,
                            "system": False,
                            "time": c.created_at.timestamp(),
                        }
                    )
                if row.status == "playing":
                    actions = s.scalars(
                        select(ActionRow).where(ActionRow.room_id == row.id).order_by(ActionRow.idx)
                    ).all()
                    try:
                        self._replay(room, actions)
                    except (IllegalAction, OptionError, ImportError) as exc:
                        log.error("room %s cannot be resumed: %s", row.id, exc)
                        continue
                self.rooms[room.id] = room
                count += 1
            return count

    def _replay(self, room: Room, actions: Any) -> None:
        game = room.game
        room.state = game.new(room.options, room.seed)
        for row in actions:
            if row.idx != room.version:
                raise IllegalAction(f"action log has a gap at {room.version}")
            action = game.action_from_json(row.action)
            texts = describe_everywhere(game, room.state, action)
            before = game.decision(room.state)
            game.apply(room.state, row.seat, action)
            room.chosen = still_choosing(room.chosen, before, game.decision(room.state), row.seat)
            room.version += 1
            room.log.append(LogEntry(room.version, row.seat, texts, row.by))

    def start_all(self) -> None:
        """On the event loop after loading: clocks, bots, grace periods of absent players."""
        for room in self.rooms.values():
            if room.status != "playing":
                continue
            room.deadline = time.monotonic() + room.clock if room.clock else None
            if room.game.decision(room.state) is None:
                room.finish()
                continue
            for i, seat in enumerate(room.seats):
                if seat.user_id is not None:
                    room.mark_away(i)
            room.system("The server restarted; the game resumes where it stopped.")
            room.schedule()

    def forget_finished(self, keep: int = 200) -> None:
        """Drop the oldest finished rooms from memory (they stay in the database)."""
        over = [r for r in self.rooms.values() if r.status == "over" and not r.conns]
        for room in over[:-keep] if len(over) > keep else []:
            del self.rooms[room.id]
