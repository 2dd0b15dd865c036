"""The time control's rules without a server: parsing, one mode at a time, what a decision
gets (server/timing.py, docs/protocol.md "Clocks")."""

from __future__ import annotations

import pytest

from evolutio.server.conn import RoomError
from evolutio.server.timing import DAY, FLOOR, Timing, of_request, parse_seconds, set_option


def test_seconds_read_as_people_write_them() -> None:
    assert parse_seconds("90", "bank_range", 21600) == 90
    assert parse_seconds("5m", "bank_range", 21600) == 300
    assert parse_seconds(" 1H ", "bank_range", 21600) == 3600
    assert parse_seconds(45, "bank_range", 21600) == 45
    for bad in ("-5", "5x", "", True, 1.5, "7h"):
        with pytest.raises(RoomError, match="0 \\(none\\) to 21600"):
            parse_seconds(bad, "bank_range", 21600)


def test_one_time_control_at_a_time() -> None:
    timing = Timing()
    clock, shown = set_option(30, timing, "bank", "5m")
    assert (clock, shown, timing.bank) == (0, "300", 300)
    clock, _ = set_option(clock, timing, "increment", "3")
    assert timing.increment == 3
    clock, _ = set_option(clock, timing, "days", "2")
    assert (clock, timing.bank, timing.days, timing.increment) == (0, 0, 2, 3)
    clock, _ = set_option(clock, timing, "clock", "45")
    assert (clock, timing.days) == (45, 0)
    # a refused value changes nothing
    with pytest.raises(RoomError):
        set_option(clock, timing, "days", "15")
    assert (clock, timing.days) == (45, 0)


def test_a_new_room_names_one_time_control() -> None:
    assert of_request(None, {}) == (0, Timing())
    assert of_request(20, {}) == (20, Timing())
    assert of_request(0, {"bank": 120, "increment": 2}) == (0, Timing(120, 2, 0))
    with pytest.raises(RoomError, match="one time control"):
        of_request(20, {"days": 1})


def test_what_a_decision_gets() -> None:
    assert Timing().budget(0, 0) is None
    assert Timing().budget(30, 0) == 30
    assert Timing(bank=60).budget(0, 42.5) == 42.5
    assert Timing(bank=60).budget(0, 1.0) == FLOOR  # an empty bank still gives FLOOR
    assert Timing(days=3).budget(0, 0) == 3 * DAY
    assert Timing(days=3).mode(0) == "days" and Timing(bank=1).mode(9) == "bank"
    assert Timing().mode(9) == "move" and Timing().mode(0) is None
