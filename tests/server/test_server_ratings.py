"""Ratings after a game: openskill updates, a bot level seated twice, stored results."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from evolutio.core.game import Outcome
from evolutio.server import auth
from evolutio.server.db import Participation, RoomRow, make_engine, make_sessionmaker
from evolutio.server.migrate import upgrade
from evolutio.server.ratings import display, record_result


def test_ratings_move_with_ranks(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'r.db'}")
    upgrade(engine)
    with make_sessionmaker(engine)() as s:
        ann, _ = auth.create_guest(s, "Ann")
        bob, _ = auth.create_guest(s, "Bob")
        bot = auth.bot_user(s, "normal")
        for room in ("room1", "room2"):
            s.add(
                RoomRow(
                    id=room, game="evolution", options={}, seed=1, clock=0, status="over", seats=[]
                )
            )
        start = display(ann.mu, ann.sigma)
        seats = [(ann.id, None), (None, "normal"), (None, "normal")]
        record_result(s, "room1", "toy", seats, Outcome(scores=(9, 4, 2), ranks=(1, 2, 3)))
        s.flush()
        assert display(ann.mu, ann.sigma) > start and ann.games == 1 and ann.wins == 1
        assert display(bot.mu, bot.sigma) == start and bot.games == 1 and bot.wins == 0
        seats = [(ann.id, None), (bob.id, None)]
        record_result(s, "room2", "toy", seats, Outcome(scores=(1, 5), ranks=(2, 1)))
        s.flush()
        assert display(bob.mu, bob.sigma) > start and ann.games == 2
        rows = s.scalars(
            select(Participation).order_by(Participation.room_id, Participation.seat)
        ).all()
        assert [(r.room_id, r.seat, r.score, r.rank) for r in rows] == [
            ("room1", 0, 9, 1),
            ("room1", 1, 4, 2),
            ("room1", 2, 2, 3),
            ("room2", 0, 1, 2),
            ("room2", 1, 5, 1),
        ]
        assert rows[0].rating_after > rows[0].rating_before
