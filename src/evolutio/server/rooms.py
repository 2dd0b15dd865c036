"""A room at run time: its connections, its match, frames and broadcasting.

The engine is authoritative. A client's action is parsed once, stored as the next row of the
room's action log (committed), applied once through ``Match.act`` (which verifies), and only
then broadcast: each seat gets its own view with a version number (the count of applied
actions); spectators get the public view. A restarted server rebuilds every game by playing
its stored actions through the same path. The room holds its parts, each owning its state:
``frames`` (the per-version frame cache, :mod:`frames`), ``log`` (:mod:`history`), ``undo``
(:mod:`undo`), ``seats`` (:mod:`seating`) and ``timers`` (clocks and bots, :mod:`clocks`).
Chat commands are in :mod:`commands`, rows in :mod:`store`, the set of rooms in :mod:`hub`,
the other processes behind ``hub.cluster`` (``faces.ClusterFace``).
"""

from __future__ import annotations

import functools
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from evolutio.bots.levels import make_bot
from evolutio.core.game import (
    JSON,
    Action,
    Event,
    Game,
    IllegalAction,
    OptionError,
)
from evolutio.core.match import Match
from evolutio.core.record import Record
from evolutio.core.registry import get_game
from evolutio.server import (
    commands,
    history,
    metrics,
    reasons,
    resign,
    table,
    wire,
)
from evolutio.server.clocks import Timers
from evolutio.server.conn import Conn, RoomError
from evolutio.server.frames import Frames, action_parts
from evolutio.server.history import History
from evolutio.server.inbound import Act, Chat
from evolutio.server.seating import Seat, Seats
from evolutio.server.store import CHAT_KEPT, StorageError
from evolutio.server.texts import say
from evolutio.server.timing import Timing
from evolutio.server.undo import Undo

if TYPE_CHECKING:
    from evolutio.server.faces import HubFace

log = logging.getLogger("evolutio.server")

__all__ = ["Conn", "Room", "RoomError", "Seat"]

MAX_CHAT = 400
#: control characters in a chat line count as spaces (NUL, which PostgreSQL refuses, among them)
CONTROLS = {code: " " for code in (*range(32), 127)}
CHAT_WINDOW = 5.0  # chat lines per person are limited (Limits.chat_per_user) per this window


def spoken(entry: JSON, lang: str) -> JSON:
    """A chat entry as sent to a connection speaking ``lang``: a system line kept as a
    sentence key gets its text in that language (people's lines are sent as written)."""
    if "key" not in entry:
        return entry
    out = {k: v for k, v in entry.items() if k not in ("key", "fields")}
    out["text"] = say(lang, entry["key"], **entry["fields"])
    return out


@dataclass
class Room:
    """A room and, once started, its match."""

    hub: HubFace
    id: str
    game_name: str
    options: dict[str, Any]
    clock: int
    host_id: int | None
    seats: Seats
    status: str = "open"
    seed: int = 0
    #: left out of the lobby's lists (invite link only); the rematch offered after the game
    private: bool = False
    rematch: str | None = None
    outcome: JSON | None = None
    match: Match | None = None
    #: counts decisions: it moves on with every action that opens a new decision (not one
    #: inside a simultaneous decision that stays open: ``Match.opened``) and with an undo, so
    #: a bot or clock knows its decision is still the same
    turn: int = 0
    #: the game log as people read it, one entry per applied action
    log: History = field(default_factory=History)
    chat: deque[JSON] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    conns: set[Conn] = field(default_factory=set)
    _bots: dict[int, Any] = field(default_factory=dict)
    #: the decision deadlines stored with the row when the room was loaded at a restart
    stored_deadlines: Any = None
    #: the time bank or days per move (the per-decision clock is ``clock``)
    timing: Timing = field(default_factory=Timing)
    #: when anything last happened here (monotonic): a change of the room, a chat line, a
    #: connection; an open room nobody sits in closes after a while without one (:mod:`leave`)
    active: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.seats = Seats(self.seats)
        self.timers = Timers(self)
        self.frames = Frames(self)
        self.undo = Undo(self)

    @functools.cached_property
    def game(self) -> Game[Any]:
        return get_game(self.game_name)

    @property
    def version(self) -> int:
        return 0 if self.match is None else self.match.version

    @property
    def rules(self) -> int:
        """The version of the game's rules its record names: the game's own until a game
        is under way, then the one it began under (a resumed game keeps its row's)."""
        return self.game.info.rules if self.match is None else self.match.record.rules

    # ----------------------------------------------------------------- summaries
    def seat_of(self, user_id: int | None) -> int | None:
        return self.seats.of(user_id)

    def connected(self, user_id: int | None) -> bool:
        return any(c.user_id == user_id for c in self.conns if not c.closed)

    def waits_for(self, seat: int) -> bool:
        """Whether the game is under way and ``seat`` may act now."""
        return self.status == "playing" and self.match is not None and (
            seat in self.match.pending()
        )

    def summary(self) -> JSON:
        seats = [
            {
                "seat": i,
                "name": seat.name or None,
                "bot": seat.bot,
                "user_id": seat.user_id,
                "connected": seat.bot is not None or self.connected(seat.user_id),
                "away": seat.takeover,
                "resigned": seat.resigned,
                "abandoned": seat.abandoned,
            }
            for i, seat in enumerate(self.seats)
        ]
        seated = {s.user_id for s in self.seats if s.user_id is not None}
        watchers = sorted({c.name for c in self.conns if c.user_id not in seated})
        host = next((s.name for s in self.seats if s.user_id == self.host_id), None)
        return {
            "id": self.id,
            "game": self.game_name,
            "options": self.options,
            "clock": self.clock,
            **self.timing.to_json(),
            "status": self.status,
            "host_id": self.host_id,
            "host": host,
            "seats": seats,
            "spectators": watchers,
            "version": self.version,
            "outcome": self.outcome,
            "private": self.private,
            "rematch": self.rematch,
        }

    def broadcast(self, message: JSON) -> None:
        text = wire.dumps(message)
        for conn in list(self.conns):
            conn.send(text)

    def system(self, key: str, **fields: Any) -> None:
        """A system line to everyone in the room, each in their own language: the sentence
        ``key`` of :mod:`texts` with ``fields`` (kept as key and fields, said on sending)."""
        entry = {"type": "chat", "name": None, "system": True, "time": time.time(),
                 "key": key, "fields": fields}
        self.chat.append(entry)
        self.active = time.monotonic()
        for conn in list(self.conns):
            conn.send(spoken(entry, conn.lang))

    def send_room(self) -> None:
        self.active = time.monotonic()
        self.broadcast({"type": "room", "room": self.summary()})
        self.hub.cluster.touch(self.id)  # other processes' lobbies show the change

    def fields(self) -> JSON:
        """The room row's changing columns, as the store writes them."""
        return {
            "options": dict(self.options),
            "seed": self.seed,
            "clock": self.clock,
            **self.timing.fields(),
            "status": self.status,
            "host_id": self.host_id,
            "seats": [x.to_row() for x in self.seats],
            "outcome": self.outcome,
            "private": self.private,
            "rematch": self.rematch,
            "rules": self.rules,
        }

    def save(self) -> None:
        self.hub.store.save_room(self.id, self.game_name, self.fields())
        self.hub.cluster.touch(self.id)

    # ----------------------------------------------------------------- frames
    def legal_json(self, seat: int, lang: str = "en") -> list[JSON]:
        """``seat``'s legal actions as sent to it (cached per version; :mod:`frames`)."""
        return self.frames.legal_json(seat, lang)

    def state_frame(self, seat: int | None, full: bool, lang: str = "en") -> str:
        """The state message for ``seat`` (None: spectators) in ``lang`` (:mod:`frames`)."""
        return self.frames.state(seat, full, lang)

    def send_state(self, conn: Conn, full: bool) -> None:
        if self.match is None:
            return
        conn.send(self.state_frame(self.seat_of(conn.user_id), full, conn.lang))

    def full_state(self, conn: Conn) -> str | None:
        """The whole state as ``conn`` sees it now (None before the start)."""
        if self.match is None:
            return None
        return self.state_frame(self.seat_of(conn.user_id), True, conn.lang)

    def broadcast_state(self) -> None:
        for conn in list(self.conns):
            self.send_state(conn, full=False)

    def refresh(self, but: Conn | None = None) -> None:
        """Send every connection (``but`` one) the current version again: who controls a seat
        changed."""
        self.frames.refresh()
        for conn in list(self.conns):
            if conn is not but:
                self.send_state(conn, full=False)

    # ----------------------------------------------------------------- joining
    def attach(self, conn: Conn) -> None:
        """A new connection: ``welcome``, then the whole state, then the room.

        A person coming back to a seat a bot took over gets it back at once: a system line
        goes to everyone between the welcome and the state, and the other connections get the
        same version again (now showing a person at that seat); this one only its full state.
        """
        seat = self.seat_of(conn.user_id)
        back = seat is not None and self.seats[seat].takeover
        if seat is not None:
            self.timers.back(seat)
            self.seats[seat].takeover = False
        self.conns.add(conn)
        conn.send(
            {
                "type": "welcome",
                "room": self.summary(),
                "you": {"id": conn.user_id, "name": conn.name, "seat": seat},
                "chat": [spoken(entry, conn.lang) for entry in self.chat],
            }
        )
        if back:
            self.system("back", name=conn.name)
            self.refresh(but=conn)
        self.send_state(conn, full=True)
        self.send_room()

    def detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        seat = self.seat_of(conn.user_id)
        if seat is not None and self.status == "playing" and not self.connected(conn.user_id):
            self.timers.mark_away(seat)
        self.send_room()

    # ----------------------------------------------------------------- chat
    def chat_line(self, conn: Conn, frame: Chat) -> None:
        """A ``chat`` frame: a line to everyone, or a command."""
        if conn.user_id is None:
            raise RoomError("anonymous", "chat_anonymous")
        text = " ".join(frame.text.translate(CONTROLS).split())  # PostgreSQL refuses NUL in text
        if not text:
            raise RoomError("bad_message", "say_something")
        if len(text) > MAX_CHAT:
            raise RoomError("too_long", "chat_too_long", max=MAX_CHAT)
        if text.startswith("/"):
            commands.run(self, conn, text)
            return
        # per person, all sockets and rooms together
        if not self.hub.chat_quota.take(str(conn.user_id)):
            raise RoomError("rate_limited", "chat_too_fast")
        entry = {"type": "chat", "name": conn.name, "text": text, "system": False,
                 "time": time.time()}
        self.hub.store.add_chat(self.id, conn.user_id, conn.name, text)
        self.chat.append(entry)
        self.active = time.monotonic()
        text_out = wire.dumps(entry)
        for other in list(self.conns):  # not to those who blocked the speaker
            if not self.hub.blocks.blocks(other.user_id, conn.user_id):
                other.send(text_out)

    # ----------------------------------------------------------------- playing
    def start(self, seed: int, by: str) -> None:
        """Deal a new match and start it."""
        try:
            # the store keeps the action log; the match need not keep a second one
            names = [s.name for s in self.seats]
            match = Match.new(self.game, self.options, seed, names, keep=False)
        except OptionError as exc:
            raise commands.option_refusal(exc) from None
        before = self.seed, self.match, self.status
        self.seed, self.match, self.status = seed, match, "playing"
        try:
            self.save()
        except StorageError as exc:  # not started: nothing half-done stays in memory
            self.seed, self.match, self.status = before
            self.hub.storage_failed(None, exc)
            raise RoomError("storage", "cannot_save") from None
        self.system("started", name=by)
        self.send_room()
        self.changed()

    def act(self, conn: Conn, frame: Act) -> None:
        """A person's ``act`` frame (well-formed: :mod:`inbound`): checked against the room,
        its action read once, then played."""
        match = self.match
        if self.status != "playing" or match is None:
            raise RoomError("not_playing", "no_game")
        seat = self.seat_of(conn.user_id)
        if seat is None:
            raise RoomError("not_seated", "not_player")
        version = frame.version
        # the current version, or an earlier one of the simultaneous decision still open
        if not match.stands(seat, version):
            # an act sent again after a reconnect to another process: answered once
            if self.hub.cluster.retried(self, conn, seat, version):
                return
            # the connection's handler sends this error, then the full state (docs/protocol.md)
            raise RoomError("stale", "stale", yours=version, current=match.version)
        reason = match.refusal(seat)  # the one answer to "may this seat act?"
        if reason is not None:
            raise reasons.may_not_act(reason)
        if self.seats[seat].takeover:
            self.seats[seat].takeover = False
        self._play(seat, self._parse(seat, frame, conn.lang), "human", conn.lang)

    def _parse(self, seat: int, frame: Act, lang: str = "en") -> Action:
        """The action of an ``act`` frame: an index into ``seat``'s legal list or JSON (a
        refusal said in ``lang``)."""
        assert self.match is not None
        legal = self.match.legal(seat)
        index, data = frame.index, frame.action
        if index is not None:
            if not 0 <= index < len(legal):
                raise RoomError("illegal", "no_such_index", index=index, last=len(legal) - 1)
            return legal[index]
        assert data is not None  # an Act has one of them
        try:
            action = self.game.action_from_json(data)
            if action not in legal:
                # not one of the listed actions: the rules say why (or accept it after all)
                self.game.check(self.match.state, seat, action)
        except IllegalAction as exc:
            raise RoomError("illegal", reasons.refusal(self.game, exc, lang)) from None
        except (TypeError, ValueError, KeyError) as exc:
            raise RoomError("illegal", "malformed_action", detail=exc) from None
        return action

    def play(self, seat: int, action: Action, by: str, lang: str = "en") -> None:
        """A bot's or a clock's move: refused (``Match.refusal``) when ``seat`` may not act
        now, else played as :meth:`_play`."""
        assert self.match is not None
        reason = self.match.refusal(seat)
        if reason is not None:
            raise reasons.may_not_act(reason)
        self._play(seat, action, by, lang)

    def _play(self, seat: int, action: Action, by: str, lang: str = "en") -> None:
        """Store (committed), apply once, then broadcast one action of ``seat``, which may
        act now (asked once, before)."""
        match = self.match
        assert match is not None
        index = match.version
        saved = self.undo.before(seat, by)
        try:
            self.hub.store.add_action(self.id, index, seat, action_parts(action)[0], by)
        except StorageError as exc:
            self.hub.storage_failed(self, exc)
            raise RoomError("storage", "cannot_save_move") from None
        try:
            events = self.advance(seat, action, by)
        except IllegalAction as exc:
            try:
                self.hub.store.drop_action(self.id, index)
            except StorageError as failed:  # the row stays: the room waits for storage
                self.hub.storage_failed(self, failed)
            raise RoomError("illegal", reasons.refusal(self.game, exc, lang)) from None
        self.undo.after(seat, action, events, saved)
        metrics.played(by)
        self.changed()

    def advance(self, seat: int, action: Action, by: str) -> list[Event]:
        """Apply one action to the match and log it: the one step shared by play and resume."""
        match = self.match
        assert match is not None
        hidden = history.hidden(match.decision)
        events = match.act(seat, action)
        self.log.add(self.game, match.state, (seat, action, events),
                     [s.name for s in self.seats], hidden, match.version, by)
        if match.opened == match.version:  # a new decision opened
            self.turn += 1
        return events

    def changed(self) -> None:
        """After a start, an action or a resume: clocks, broadcasts, bots, the end."""
        assert self.match is not None
        self.frames.forget()
        if self.match.over:
            self.timers.stop()
            self.finish()
            return
        # a simultaneous decision that goes on: the seats still choosing keep their clocks
        self.timers.reset(keep=self.match.opened < self.match.version)
        self.broadcast_state()
        self.frames.release()
        self.timers.schedule_bots()

    def bot_for(self, seat: int) -> Any:
        """The bot of ``seat`` (its own level, or the take-over level), made once."""
        bot = self._bots.get(seat)
        if bot is None:
            level = self.seats[seat].bot or self.hub.takeover_level
            spec = commands.playable_bot(level, self.game_name)
            bot = make_bot(spec, self.seed * 16 + seat, self.game_name)
            self._bots[seat] = bot
        return bot

    def finish(self) -> None:
        assert self.match is not None
        outcome = self.match.outcome()
        if outcome is None or self.status == "over":
            return
        outcome, shown = resign.final(self, outcome)  # resigned seats rank last
        shown.update(table.outcome_json(self.game, self.match.state, outcome))
        unrated = self.seats.mark_abandoned()  # a bot finished them: unrated
        if unrated:
            shown["abandoned"] = unrated
        fields = {**self.fields(), "status": "over", "outcome": shown}
        # results and status in one transaction: a crash leaves neither or both
        try:
            self.hub.store.finish_room(
                self.id, self.game_name, [(s.user_id, s.bot) for s in self.seats], outcome,
                fields, unrated=unrated,
            )
        except StorageError as exc:
            self.hub.storage_failed(self, exc)  # finished again once saving works
            return
        self.outcome, self.status = fields["outcome"], "over"
        self.hub.archiver.add(self.id)  # its replay archived off the event loop, later
        # the final table first, then the line and the room with status "over" (the last)
        self.broadcast_state()
        scores = ", ".join(f"{self.seats[i].name}: {s}" for i, s in enumerate(outcome.scores))
        self.system("game_over", scores=scores)
        for seat in unrated:
            self.system("abandoned", name=self.seats[seat].name, seat=seat + 1)
        self.send_room()
        self.hub.forget_finished()

    # ----------------------------------------------------------------- after the game
    def record(self) -> Record:
        return Record(
            self.game_name,
            dict(self.options),
            self.seed,
            [(r.seat, dict(r.action)) for r in self.hub.store.actions(self.id)],
            [seat.name for seat in self.seats],
            self.outcome,
            self.rules,
        )
