"""A room's time control: seconds per decision, a time bank with an increment, or days per move.

One of three, chosen per room (docs/protocol.md, "Clocks"):

- ``clock`` N: every decision has N seconds (the oldest mode, kept as it was);
- ``bank`` N with ``increment`` M (Fischer, as on lichess or BGA): each player has N seconds
  for the whole game; the time a decision takes comes off the bank and M seconds are added
  after each decision. A seat whose bank is empty still gets ``FLOOR`` seconds a decision,
  so the game goes on at a brisk pace instead of playing every later move at once;
- ``days`` N (turn-based, correspondence play): every decision has N days; people come and
  go and are told when it is their move.

Setting one mode clears the others (``increment`` belongs to the bank and stays as set). A
seat that runs out of time gets the game's default move (``Match.default_action``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from evolutio.core.game import JSON
from evolutio.server.conn import RoomError
from evolutio.server.texts import say

#: the longest clock a room may have, in seconds per decision.
MAX_CLOCK = 3600
#: the largest time bank, in seconds (six hours), and the largest increment.
MAX_BANK = 6 * 3600
MAX_INCREMENT = 3600
#: the most days per move of a turn-based room.
MAX_DAYS = 14
#: the seconds of a day of a turn-based clock (a server setting, ``Hub.day``, shortens it in tests)
DAY = 86400
#: seconds a decision still gets when the seat's bank is empty.
FLOOR = 5
#: the time-control options, as ``/option`` names them.
NAMES = ("clock", "bank", "increment", "days")

_UNITS = {"": 1, "s": 1, "m": 60, "min": 60, "h": 3600}


@dataclass
class Timing:
    """The bank and days modes of a room (the per-decision ``clock`` is ``Room.clock``)."""

    bank: int = 0
    increment: int = 0
    days: int = 0

    def mode(self, clock: int) -> str | None:
        """``"days"``, ``"bank"``, ``"move"`` (a clock per decision) or None (no clock)."""
        if self.days:
            return "days"
        if self.bank:
            return "bank"
        return "move" if clock else None

    def budget(self, clock: int, bank_left: float, day: float = DAY) -> float | None:
        """Seconds a seat gets for a decision it starts now with ``bank_left`` in its bank;
        a turn-based room's days are ``day`` seconds each."""
        if self.days:
            return float(self.days * day)
        if self.bank:
            return max(bank_left, float(FLOOR))
        return float(clock) if clock else None

    def to_json(self) -> JSON:
        """The room summary's fields (docs/protocol.md)."""
        return {"bank": self.bank, "increment": self.increment, "days": self.days,
                "turn_based": bool(self.days)}

    def fields(self) -> JSON:
        """The room row's columns."""
        return {"bank": self.bank, "increment": self.increment, "days": self.days}

    @classmethod
    def of_row(cls, row: Any) -> Timing:
        """The time control stored with a room row (rows from before it have none)."""
        return cls(int(row.bank or 0), int(row.increment or 0), int(row.days or 0))


def parse_seconds(raw: object, key: str, most: int) -> int:
    """Seconds from an integer or a text such as ``90``, ``5m``, ``1h``: 0 to ``most``;
    refused with the sentence ``key`` (``texts/clock.toml``) otherwise."""
    value: int | None = None
    if isinstance(raw, int) and not isinstance(raw, bool):
        value = raw
    elif isinstance(raw, str):
        found = re.fullmatch(r"\s*(\d{1,7})\s*(s|m|min|h)?\s*", raw.lower())
        if found:
            value = int(found.group(1)) * _UNITS[found.group(2) or ""]
    if value is None or not 0 <= value <= most:
        raise RoomError("bad_option", key, most=most)
    return value


def parse_days(raw: object) -> int:
    """Days per move: 0 (not turn-based) to ``MAX_DAYS``."""
    value: object = raw
    if isinstance(raw, str) and raw.strip().isdigit():
        value = int(raw.strip())
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_DAYS:
        raise RoomError("bad_option", "days_range", most=MAX_DAYS)
    return value


def parse_clock(raw: object) -> int:
    """Seconds per decision: 0 (no clock) to ``MAX_CLOCK``."""
    value: object = raw
    if isinstance(raw, str) and raw.strip().isdigit():
        value = int(raw.strip())
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_CLOCK:
        raise RoomError("bad_option", "clock_range", max=MAX_CLOCK)
    return value


def set_option(clock: int, timing: Timing, name: str, raw: object) -> tuple[int, str]:
    """Set the time-control option ``name`` (one of ``NAMES``) from ``raw`` in ``timing``;
    returns the new per-decision clock and the value as shown. Nothing changes on an error."""
    if name == "clock":
        clock = parse_clock(raw)
        if clock:
            timing.bank = timing.days = 0
        return clock, str(clock)
    if name == "bank":
        timing.bank = parse_seconds(raw, "bank_range", MAX_BANK)
        if timing.bank:
            timing.days = clock = 0
        return clock, str(timing.bank)
    if name == "increment":
        timing.increment = parse_seconds(raw, "increment_range", MAX_INCREMENT)
        return clock, str(timing.increment)
    if name == "days":
        timing.days = parse_days(raw)
        if timing.days:
            timing.bank = clock = 0
        return clock, str(timing.days)
    raise RoomError("bad_option", "time_options", names=", ".join(NAMES))


def of_request(clock: object, data: dict[str, Any]) -> tuple[int, Timing]:
    """The clock and time control of a new room from ``POST /api/rooms`` fields; at most one
    of ``clock``, ``bank`` and ``days`` may be set."""
    timing = Timing(
        parse_seconds(data.get("bank") or 0, "time bank", MAX_BANK),
        parse_seconds(data.get("increment") or 0, "increment", MAX_INCREMENT),
        parse_days(data.get("days") or 0),
    )
    seconds = parse_clock(0 if clock is None else clock)
    if sum(1 for x in (seconds, timing.bank, timing.days) if x) > 1:
        raise RoomError("bad_option", "one_time_control")
    return seconds, timing


def describe(lang: str = "en") -> list[str]:
    """The time options as ``/help`` lists them, in ``lang``."""
    return [say(lang, "help_clock", most=MAX_CLOCK), say(lang, "help_bank", most=MAX_BANK),
            say(lang, "help_increment", most=MAX_INCREMENT), say(lang, "help_days", most=MAX_DAYS)]
