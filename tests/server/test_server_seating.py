"""Who is who: every bot seat has a naturalist's name with its level, distinct in its room and
kept with the seat (a stored room comes back with the same names)."""

from __future__ import annotations

from evolutio.server import seating
from evolutio.server.seating import Seat, bot_name, put_bot


def test_bots_get_distinct_names_with_their_level() -> None:
    seats = [Seat(1, "Ann"), Seat(), Seat(), Seat()]
    for level, raw in (("normal", None), ("hard", None), ("easy", None)):
        put_bot(seats, level, raw)
    assert [s.name for s in seats] == ["Ann", "Darwin (normal)", "Lamarck (hard)",
                                       "Mendel (easy)"]
    assert [s.bot for s in seats] == [None, "normal", "hard", "easy"]
    assert len({s.name for s in seats}) == 4


def test_a_new_level_keeps_the_name_and_a_person_keeps_theirs() -> None:
    seats = [Seat(1, "Darwin"), Seat(), Seat()]
    put_bot(seats, "normal", "2")
    assert seats[1].name == "Lamarck (normal)"  # a person called Darwin sits here
    put_bot(seats, "hard", "2")
    assert seats[1].name == "Lamarck (hard)" and seats[1].bot == "hard"
    put_bot(seats, "easy", "3")
    assert seats[2].name == "Mendel (easy)"
    # the name is stored with the seat: a room read back shows the same names
    assert [Seat.from_row(s.to_row()).name for s in seats] == [s.name for s in seats]


def test_more_bots_than_naturalists_still_differ() -> None:
    count = len(seating.NATURALISTS) + 2
    seats = [Seat() for _ in range(count)]
    for _ in range(count):
        put_bot(seats, "random", None)
    names = [s.name for s in seats]
    assert len(set(names)) == count and all(n.endswith(" (random)") for n in names)
    assert bot_name(seats, "hard", 0) == f"{seating.NATURALISTS[0]} (hard)"
