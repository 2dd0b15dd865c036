"""The queue of Play now with people on a test clock: banding, widening, blocks, bots."""

from __future__ import annotations

from typing import Any

import pytest

from evolutio.server.blocks import Blocks
from evolutio.server.conn import RoomError
from evolutio.server.matching import (
    BAND_EVERY,
    BAND_START,
    BAND_STEP,
    Key,
    MatchQueue,
    Waiter,
    band,
    bot_wait_of,
    key_of,
    presets,
    seat_count,
)

KEY = Key("toy", "default", "live")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make(seats: int = 2) -> tuple[MatchQueue, Clock, Blocks]:
    clock, blocks = Clock(), Blocks()
    return MatchQueue(blocks.between, lambda key: seats, clock), clock, blocks


def waiter(queue: MatchQueue, uid: int, rating: float, bots: float | None = None,
           key: Key = KEY) -> Waiter:
    w = Waiter(uid, f"p{uid}", key, rating, queue.clock(), bots, lambda frame: None)
    queue.join(w)
    return w


def names(groups: list[Any]) -> list[tuple[list[int], int]]:
    return [([w.user_id for w in g.people], g.bots) for g in groups]


def test_band_widens_by_documented_steps() -> None:
    assert band(0) == BAND_START
    assert band(BAND_EVERY - 0.1) == BAND_START
    assert band(BAND_EVERY) == BAND_START + BAND_STEP
    assert band(6 * BAND_EVERY + 3) == BAND_START + 6 * BAND_STEP


def test_close_ratings_meet_at_once_far_ones_after_widening() -> None:
    queue, clock, _ = make()
    waiter(queue, 1, 1000.0)
    waiter(queue, 2, 1000.0 + BAND_START + 120)  # outside both bands
    assert queue.take() == []
    clock.now += BAND_EVERY  # band 150: still apart
    assert queue.take() == []
    clock.now += 2 * BAND_EVERY  # 30 s: band 250 >= 220
    assert names(queue.take()) == [([1, 2], 0)]
    assert queue.waiting == {}


def test_closest_rating_is_chosen_and_the_longest_waiter_first() -> None:
    queue, clock, _ = make()
    waiter(queue, 1, 1000.0)
    clock.now += 1
    waiter(queue, 2, 1090.0)
    waiter(queue, 3, 1010.0)
    waiter(queue, 4, 1085.0)
    groups = names(queue.take())
    assert groups == [([1, 3], 0), ([2, 4], 0)]


def test_the_wider_band_decides() -> None:
    queue, clock, _ = make()
    waiter(queue, 1, 1000.0)
    clock.now += 4 * BAND_EVERY  # 1 waited 40 s: band 300
    waiter(queue, 2, 1280.0)  # a newcomer with band 100 is taken by the long waiter
    assert names(queue.take()) == [([1, 2], 0)]


def test_block_stops_a_match() -> None:
    queue, clock, blocks = make()
    blocks.add(2, 1)
    waiter(queue, 1, 1000.0)
    waiter(queue, 2, 1000.0)
    clock.now += 600
    assert queue.take() == []
    waiter(queue, 3, 1500.0)  # far, but 1 waited ten minutes
    assert names(queue.take()) == [([1, 3], 0)]


def test_bots_fill_after_the_chosen_wait_and_never_without_one() -> None:
    queue, clock, _ = make(seats=3)
    waiter(queue, 1, 1000.0, bots=30)
    waiter(queue, 2, 1020.0, bots=None)
    waiter(queue, 3, 1900.0, bots=60)
    clock.now += 29
    assert queue.take() == []
    clock.now += 1  # 1's wait for bots is over: 2 refuses bots, 3 is too far
    assert names(queue.take()) == [([1], 2)]
    assert sorted(queue.waiting) == [2, 3]  # never bots: 2 waits on
    clock.now += 29
    assert queue.take() == []  # 3 waited 59 s
    clock.now += 1  # 3's wait is over; 2 (no bots) is within the widened bands
    assert names(queue.take()) == [([3], 2)]
    assert list(queue.waiting) == [2]
    clock.now += 600
    waiter(queue, 4, 1900.0, bots=None)
    waiter(queue, 5, 1910.0, bots=None)
    assert names(queue.take()) == [([2, 4, 5], 0)]  # people only: the band is wide now


def test_bots_fill_with_the_people_who_fit_and_accept_bots() -> None:
    queue, clock, _ = make(seats=4)
    waiter(queue, 1, 1000.0, bots=30)
    waiter(queue, 2, 1010.0, bots=120)
    waiter(queue, 3, 1020.0, bots=None)
    clock.now += 30
    assert names(queue.take()) == [([1, 2], 2)]
    assert list(queue.waiting) == [3]


def test_leave_and_one_place_per_person() -> None:
    queue, _, _ = make()
    told: list[Any] = []
    first = Waiter(1, "p1", KEY, 1000.0, queue.clock(), None, told.append)
    queue.join(first)
    other = Key("toy", "default", "turns")
    waiter(queue, 1, 1000.0, key=other)  # another socket of the same person
    assert queue.counts() == {other: 1}
    assert told == [{"type": "left"}]  # the first socket hears its place is gone
    assert not queue.leave(1, first.tell)  # the older place's socket takes nothing out
    assert queue.leave(1)
    assert queue.counts() == {}


def test_keys_and_presets_are_checked() -> None:
    assert key_of({"game": "toy"}) == KEY
    assert seat_count(KEY) == 2
    assert "easy" in presets("evolution") and "easy" not in presets("toy")
    assert seat_count(Key("evolution", "easy", "turns")) == 2
    for bad in ({"game": "nope"}, {"game": "toy", "preset": "easy"},
                {"game": "toy", "pace": "blitz"}, {}):
        with pytest.raises(RoomError):
            key_of(bad)
    assert bot_wait_of(None) is None and bot_wait_of(30) == 30.0
    for bad_wait in (-1, 601, True, "30"):
        with pytest.raises(RoomError):
            bot_wait_of(bad_wait)
