"""A room's timers: a clock per waiting seat, a bot's move per bot seat, grace periods.

Each decision a seat starts gets its time from the room's time control (:mod:`timing`): a
fixed clock, what is left of the seat's time bank, or days per move. In bank mode the time a
decision took comes off the seat's bank when it ends, and the increment is added.

In a simultaneous decision every waiting seat has its own deadline; a seat whose time runs
out gets its own default move (``Match.default_action``) and the others keep theirs. Every
bot seat among the waiting seats gets a move scheduled; a bot sees only its seat's view, its
legal actions and an information set sampled from its seat's point of view, and thinks in a
worker thread on a copy of the state.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from typing import TYPE_CHECKING

from evolutio.bots.base import BotError, InformationSet
from evolutio.core.game import JSON, IllegalAction
from evolutio.server.conn import RoomError

if TYPE_CHECKING:
    from evolutio.server.faces import RoomFace

log = logging.getLogger("evolutio.server")


class Timers:
    """The clock, bot and grace tasks of one room (all on the event loop)."""

    def __init__(self, room: RoomFace) -> None:
        #: the room that holds this part, held weakly: a reference back would make a cycle,
        #: and a room the hub lets go would wait for the collector's rare full pass
        #: (docs/benchmarks.md, "Soak: the server") instead of going at once
        self._room = weakref.ref(room)
        self.deadlines: dict[int, float] = {}
        #: the same deadlines in wall-clock time (stored), and those loaded at a restart
        self.walls: dict[int, float] = {}
        self.restored: dict[int, float] = {}
        self._saved: tuple[dict[str, float], dict[str, float]] = ({}, {})
        #: bank mode: each seat's bank as its running decision began (or after its last one),
        #: and the seconds the running decision was given
        self.banks: dict[int, float] = {}
        self.budgets: dict[int, float] = {}
        self._clocks: dict[int, asyncio.Task[None]] = {}
        #: the deadlines whose "time is up" line went out (said once, however often the
        #: timeout move is tried again after a storage failure)
        self._said: set[float] = set()
        self._bots: dict[int, asyncio.Task[None]] = {}
        self._grace: dict[int, asyncio.Task[None]] = {}

    @property
    def room(self) -> RoomFace:
        """The room (it outlives its parts: a part is used only through its room)."""
        room = self._room()
        assert room is not None, "a part of a room that was let go"
        return room

    # -- clocks ------------------------------------------------------------------------------

    def remaining(self, seat: int) -> float | None:
        """Seconds left to ``seat`` (None: no clock, or the seat is not waited for)."""
        deadline = self.deadlines.get(seat)
        return None if deadline is None else round(max(0.0, deadline - time.monotonic()), 1)

    def bank(self, seat: int) -> float:
        """What is left of ``seat``'s time bank as its running decision began."""
        return self.banks.get(seat, float(self.room.timing.bank))

    def banks_json(self) -> JSON | None:
        """Every seat's time bank now, in seconds (None unless the room has banks); the
        banks of the seats still deciding run down."""
        room = self.room
        if room.timing.mode(room.clock) != "bank":
            return None
        out: JSON = {}
        for seat in range(len(room.seats)):
            left = self.bank(seat)
            if seat in self.deadlines and seat in self.budgets:
                used = self.budgets[seat] - max(0.0, self.deadlines[seat] - time.monotonic())
                left = max(0.0, left - used)
            out[str(seat)] = round(left, 1)
        return out

    def _charge(self, seat: int) -> None:
        """Bank mode, ``seat``'s decision ended: its time comes off, the increment goes on."""
        timing = self.room.timing
        if timing.mode(self.room.clock) != "bank" or seat not in self.budgets:
            return
        left = max(0.0, self.deadlines[seat] - time.monotonic())
        used = self.budgets[seat] - left
        self.banks[seat] = round(max(0.0, self.bank(seat) - used) + timing.increment, 1)

    def reset(self, keep: bool) -> None:
        """After an action (or a start): a deadline for every seat on the clock (a side action
        in another's turn has none: ``Match.on_clock``). With ``keep`` (a
        simultaneous decision goes on) the seats still choosing keep theirs."""
        room = self.room
        match = room.match
        waiting = set(match.on_clock()) if match is not None else set()
        for seat in list(self.deadlines):
            if not keep or seat not in waiting:
                self._charge(seat)
                self._drop_clock(seat)
        loop = asyncio.get_running_loop()
        for seat in sorted(waiting):
            budget = room.timing.budget(room.clock, self.bank(seat), room.hub.day)
            if seat not in self.deadlines and budget is not None:
                left = budget
                if seat in self.restored:  # a restart: the deadline stored before it
                    left = max(0.0, self.restored[seat] - time.time())
                deadline = time.monotonic() + left
                self.deadlines[seat] = deadline
                self.budgets[seat] = budget
                self.walls[seat] = time.time() + left
                self._clocks[seat] = loop.create_task(self._clock(seat, deadline))
        self.restored.clear()
        self.store_deadlines()

    def restore(self, stored: object) -> None:
        """At start: the deadlines stored with the room (``{"seat": epoch seconds}``); the
        next ``reset`` gives these seats what was left of them, not a full new clock."""
        if isinstance(stored, dict):
            for seat, wall in stored.items():
                if str(seat).isdigit() and isinstance(wall, (int, float)):
                    self.restored[int(seat)] = float(wall)

    def restore_banks(self, stored: object) -> None:
        """At load: the seats' time banks stored with the room (``{"seat": seconds}``)."""
        if isinstance(stored, dict):
            for seat, left in stored.items():
                if str(seat).isdigit() and isinstance(left, (int, float)):
                    self.banks[int(seat)] = max(0.0, float(left))

    def store_deadlines(self) -> None:
        """Keep the deadlines and banks with the room's row (a failed write only costs a
        restart's precision, so it is logged, not raised)."""
        walls = {str(s): round(w, 3) for s, w in sorted(self.walls.items())}
        banks = {str(s): round(b, 1) for s, b in sorted(self.banks.items())}
        if (walls, banks) == self._saved:
            return
        try:
            self.room.hub.store.save_deadlines(self.room.id, walls, banks)
            self._saved = (walls, banks)
        except Exception as exc:
            log.warning("room %s: deadlines not stored: %s", self.room.id,
                        str(exc).splitlines()[0] if str(exc) else type(exc).__name__)

    def _drop_clock(self, seat: int) -> None:
        self.deadlines.pop(seat, None)
        self.walls.pop(seat, None)
        self.budgets.pop(seat, None)
        task = self._clocks.pop(seat, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _clock(self, seat: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        room = self.room
        if self.deadlines.get(seat) != deadline or not room.waits_for(seat):
            return
        assert room.match is not None
        self._clocks.pop(seat, None)
        if deadline not in self._said:
            self._said = {deadline}
            room.system("time_up", name=room.seats[seat].name)
        try:
            room.play(seat, room.match.default_action(seat), "timeout")
        except RoomError as exc:  # storage: the hub retries (``retry``) once writes succeed
            log.warning("room %s: the timeout move failed: %s", room.id, exc.message)
        except Exception:  # never a task that dies unseen: the game would wait for good
            log.exception("room %s: the timeout move failed", room.id)

    def retry(self) -> None:
        """Saving works again after a failure: finish, fire the clocks that ran out meanwhile
        (their deadlines kept) and move the bots, as if the writes had never failed."""
        room = self.room
        if room.match is None or room.status != "playing":
            return
        if room.match.over:
            room.finish()
            return
        loop = asyncio.get_running_loop()
        for seat, deadline in self.deadlines.items():
            task = self._clocks.get(seat)
            if task is None or task.done():
                self._clocks[seat] = loop.create_task(self._clock(seat, deadline))
        self.schedule_bots()

    def stop(self) -> None:
        """The game is over: no clock or bot is needed any more."""
        for seat in list(self.deadlines):
            self._drop_clock(seat)
        for task in self._bots.values():
            if task is not asyncio.current_task():
                task.cancel()
        self._bots.clear()

    # -- bots --------------------------------------------------------------------------------

    def schedule_bots(self) -> None:
        """A move for every bot-controlled waiting seat that has none under way."""
        room = self.room
        if room.match is None or room.status != "playing":
            return
        loop = asyncio.get_running_loop()
        for seat in room.match.pending():
            task = self._bots.get(seat)
            if room.seats[seat].controller == "bot" and (task is None or task.done()):
                self._bots[seat] = loop.create_task(self._bot_move(seat, room.turn))

    def _still(self, seat: int, turn: int) -> bool:
        room = self.room
        return room.turn == turn and room.waits_for(seat) and room.seats[seat].controller == "bot"

    async def _bot_move(self, seat: int, turn: int) -> None:
        room = self.room
        again = True
        try:
            if room.hub.bot_delay:
                await asyncio.sleep(room.hub.bot_delay)
            if not self._still(seat, turn):
                return
            match = room.match
            assert match is not None
            decision = match.decision
            assert decision is not None
            view = match.view(seat)
            legal = list(match.legal(seat))
            info = InformationSet.of(match.game, match.state.clone(), seat, room.seed)
            bot = room.bot_for(seat)
            action = await asyncio.to_thread(bot.choose, view, legal, decision, info)
            if not self._still(seat, turn):
                return
            if action not in legal:
                raise RoomError("illegal", f"the bot chose {action!r}, not a legal action")
            room.play(seat, action, "bot")
        except Exception as exc:
            if isinstance(exc, RoomError) and exc.code == "storage":
                again = False  # the hub moves the bot again once saving works (``retry``)
                return
            # a refused or crashed bot must not stall the game: play the safe default
            if isinstance(exc, (RoomError, IllegalAction, BotError)):
                log.error("room %s: bot move refused: %s", room.id, exc)
            else:
                log.exception("room %s: bot failed; playing the safe default", room.id)
            if self._still(seat, turn) and room.match is not None:
                try:
                    room.play(seat, room.match.default_action(seat), "timeout")
                except RoomError as failed:
                    # storage: the hub moves the bot again once saving works (``retry``)
                    log.warning("room %s: the default move failed too: %s", room.id,
                                failed.message)
                    again = False
                except Exception:
                    log.exception("room %s: the default move failed too", room.id)
                    again = False  # trying again would fail the same way
        finally:
            if self._bots.get(seat) is asyncio.current_task():
                del self._bots[seat]
            if again:
                self.schedule_bots()  # a later decision may be this bot's again

    # -- absence -----------------------------------------------------------------------------

    def mark_away(self, seat: int) -> None:
        """Start the grace period; a bot takes the seat over when it runs out. Not in a
        turn-based room: its players come and go, their clocks run for days."""
        info = self.room.seats[seat]
        if info.bot is not None or info.takeover or seat in self._grace or self.room.timing.days:
            return
        info.away_since = time.monotonic()
        self._grace[seat] = asyncio.get_running_loop().create_task(self._grace_period(seat))

    def back(self, seat: int) -> None:
        """The seat's person is back: the grace period ends."""
        self.room.seats[seat].away_since = None
        task = self._grace.pop(seat, None)
        if task is not None:
            task.cancel()

    async def _grace_period(self, seat: int) -> None:
        room = self.room
        await asyncio.sleep(room.hub.grace)
        self._grace.pop(seat, None)
        info = room.seats[seat]
        if room.status != "playing" or room.connected(info.user_id):
            return
        info.takeover = True
        room.system("away", name=info.name)
        room.refresh()
        room.send_room()
        self.schedule_bots()


