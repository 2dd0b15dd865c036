"""Play now with people: a waiting queue per game, option preset and pace.

People of similar rating are seated together. Each waiter accepts opponents whose rating (the
shown one: the openskill ordinal mu - 3 sigma, scaled as :func:`ratings.display`) is within
their *band* of their own: ``BAND_START`` points at first, ``BAND_STEP`` more for every
``BAND_EVERY`` seconds of waiting. Two people fit when their ratings differ by at most the
wider of their two bands and neither blocked the other. The longest waiter is seated first,
with the closest people who fit, as soon as there are enough for the game's seats. After the
wait a waiter chose (``bots_after`` seconds; None: never) the seats still free are given to
bots of level ``BOT_LEVEL`` (with the people who fit and accept bots too).

The queue lives in one server process: a cluster's other processes have their own, and the
rooms it makes are played where they were made (other processes forward their sockets).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from evolutio.core import lessons
from evolutio.core import options as opts
from evolutio.core.game import JSON, OptionError
from evolutio.core.registry import get_game
from evolutio.server import commands
from evolutio.server.conn import RoomError
from evolutio.server.db import User
from evolutio.server.hub import Hub
from evolutio.server.seating import Seat, bot_name
from evolutio.server.seeds import game_seed

log = logging.getLogger("evolutio.server")

#: rating points either side a newcomer accepts, and what every ``BAND_EVERY`` s adds
BAND_START = 100.0
BAND_STEP = 50.0
BAND_EVERY = 10.0
#: seconds between two rounds of seating
TICK = 1.0
#: the longest wait for bots a person may choose (the page offers 30 s, 1 min, 2 min, never)
MOST_BOT_WAIT = 600
BOT_LEVEL = "normal"
#: the time control of each pace: a real-time game (seconds per decision) or turn-based
PACES: dict[str, dict[str, int]] = {"live": {"clock": 60}, "turns": {"days": 2}}


@dataclass(frozen=True)
class Key:
    """One queue: a game, an option preset (``default`` or ``easy``) and a pace."""

    game: str
    preset: str
    pace: str

    def to_json(self) -> JSON:
        return {"game": self.game, "preset": self.preset, "pace": self.pace}


def presets(game_name: str) -> dict[str, dict[str, Any]]:
    """The option presets a game's queues offer: ``default`` (its default options) and,
    when the game declares one, ``easy``: the options of its first lesson's closing game."""
    out: dict[str, dict[str, Any]] = {"default": {}}
    for lesson in lessons.lessons(game_name):
        options = lesson.play.get("options")
        if isinstance(options, dict) and options:
            out["easy"] = dict(options)
            break
    return out


def preset_options(key: Key) -> dict[str, Any]:
    """The normalized options of ``key``'s games: the preset, for the game's fewest players
    (at least two) unless the preset names the count."""
    game = get_game(key.game)
    options = dict(presets(key.game)[key.preset])
    seats = opts.seat_option(game.options_spec())
    if seats is not None and seats.name not in options:
        options[seats.name] = max(game.info.min_players, 2)
    return game.normalize_options(options)


def seat_count(key: Key) -> int:
    """How many play one game of ``key``'s queue."""
    game = get_game(key.game)
    seats = opts.seat_option(game.options_spec())
    return int(preset_options(key)[seats.name]) if seats else game.info.min_players


def key_of(data: dict[str, Any]) -> Key:
    """The queue a ``queue`` frame names; ``RoomError`` for an unknown game, preset or pace."""
    game, preset, pace = data.get("game"), data.get("preset", "default"), data.get("pace", "live")
    if not isinstance(game, str):
        raise RoomError("bad_game", "queue_game")
    try:
        offered = presets(game)
    except (OptionError, KeyError, ImportError):
        raise RoomError("bad_game", "queue_game") from None
    if preset not in offered:
        raise RoomError("bad_option", "queue_preset", presets=", ".join(offered))
    if pace not in PACES:
        raise RoomError("bad_option", "queue_pace", paces=", ".join(PACES))
    return Key(game, str(preset), str(pace))


def bot_wait_of(raw: object) -> float | None:
    """The seconds before bots fill the seats (None: never), 0 to ``MOST_BOT_WAIT``."""
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not 0 <= raw <= MOST_BOT_WAIT:
        raise RoomError("bad_option", "queue_bots", most=MOST_BOT_WAIT)
    return float(raw)


def band(waited: float) -> float:
    """The rating points either side a person accepts after ``waited`` seconds."""
    return BAND_START + BAND_STEP * int(max(waited, 0.0) // BAND_EVERY)


@dataclass(eq=False)
class Waiter:
    """One person in a queue, and how to tell them (their lobby socket)."""

    user_id: int
    name: str
    key: Key
    rating: float
    since: float
    bots_after: float | None
    tell: Callable[[JSON], None] = field(repr=False)
    lang: str = "en"

    def band(self, now: float) -> float:
        return band(now - self.since)


@dataclass
class Group:
    """People seated together, and how many bots join them."""

    key: Key
    people: list[Waiter]
    bots: int


class MatchQueue:
    """Every queue of this process: who waits where, and the rounds that seat them."""

    def __init__(
        self,
        blocked: Callable[[int, int], bool],
        seats: Callable[[Key], int],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.blocked = blocked
        self.seats = seats
        self.clock = clock
        #: each person's place (one queue at a time)
        self.waiting: dict[int, Waiter] = {}

    def join(self, waiter: Waiter) -> None:
        """``waiter`` waits (leaving the queue they were in; a place held through another
        socket is told it is left)."""
        before = self.waiting.get(waiter.user_id)
        if before is not None and before.tell != waiter.tell:
            before.tell({"type": "left"})
        self.waiting[waiter.user_id] = waiter

    def leave(self, user_id: int, tell: Callable[[JSON], None] | None = None) -> bool:
        """``user_id`` leaves the queue (only if ``tell`` is their place's socket, when given:
        a closing socket does not take a person out of a place another socket holds)."""
        waiter = self.waiting.get(user_id)
        if waiter is None or (tell is not None and waiter.tell != tell):
            return False
        del self.waiting[user_id]
        return True

    def counts(self) -> dict[Key, int]:
        """How many wait in each queue that has anyone."""
        out: dict[Key, int] = {}
        for waiter in self.waiting.values():
            out[waiter.key] = out.get(waiter.key, 0) + 1
        return out

    def fits(self, a: Waiter, b: Waiter, now: float) -> bool:
        """Whether ``a`` and ``b`` may be seated together now."""
        return (not self.blocked(a.user_id, b.user_id)
                and abs(a.rating - b.rating) <= max(a.band(now), b.band(now)))

    def groups(self) -> list[Group]:
        """Who is seated now (not yet taken out of the queue): longest waiters first."""
        now = self.clock()
        taken: set[int] = set()
        out: list[Group] = []
        for anchor in sorted(self.waiting.values(), key=lambda w: (w.since, w.user_id)):
            if anchor.user_id in taken:
                continue
            need = self.seats(anchor.key)
            bots_due = anchor.bots_after is not None and now - anchor.since >= anchor.bots_after
            near = sorted(
                (w for w in self.waiting.values()
                 if w is not anchor and w.key == anchor.key and w.user_id not in taken
                 and (not bots_due or w.bots_after is not None) and self.fits(anchor, w, now)),
                key=lambda w: (abs(w.rating - anchor.rating), w.since),
            )
            group = [anchor]
            for w in near:
                if len(group) == need:
                    break
                if all(self.fits(w, g, now) for g in group):
                    group.append(w)
            if len(group) < need and not bots_due:
                continue
            taken.update(w.user_id for w in group)
            out.append(Group(anchor.key, group, need - len(group)))
        return out

    def take(self) -> list[Group]:
        """This round's groups, taken out of the queue."""
        found = self.groups()
        for group in found:
            for w in group.people:
                self.waiting.pop(w.user_id, None)
        return found


def seat_group(hub: Hub, group: Group) -> str:
    """A started room for ``group``: the longest waiter hosts at seat 1, the others follow
    in order of waiting, bots fill the rest; returns its id."""
    options = preset_options(group.key)
    people = group.people
    host = User(id=people[0].user_id, name=people[0].name)
    pace = PACES[group.key.pace]
    times = {k: v for k, v in pace.items() if k != "clock"}
    room = hub.create_room(group.key.game, options, pace.get("clock", 0), host, times)
    spec = commands.playable_bot(BOT_LEVEL, group.key.game) if group.bots else ""
    for index in range(1, len(room.seats)):
        if index < len(people):
            room.seats[index] = Seat(people[index].user_id, people[index].name)
        else:
            room.seats[index] = Seat(None, bot_name(room.seats, spec, index), spec)
    room.start(game_seed(), host.name)
    return room.id


def run_round(hub: Hub, queue: MatchQueue) -> list[str]:
    """Seat this round's groups and tell each person their room (``matched``); a group
    whose room cannot be made is told why and leaves the queue. Returns the new rooms."""
    made: list[str] = []
    for group in queue.take():
        try:
            room_id = seat_group(hub, group)
        except RoomError as exc:
            log.warning("queue %s: no room for %d people: %s", group.key, len(group.people),
                        exc.message)
            for w in group.people:
                w.tell(exc.frame(w.lang) | {"queue": group.key.to_json()})
            continue
        made.append(room_id)
        for w in group.people:
            w.tell({"type": "matched", "room": room_id, **group.key.to_json(),
                    "people": [p.name for p in group.people], "bots": group.bots})
    return made
