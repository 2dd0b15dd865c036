"""Ratings per game: openskill updates, a bot level seated twice, stored results, and the
migration that moves the ratings of a database from before per-game ratings."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from pg_cluster import database_url
from sqlalchemy import inspect, select, text

from evolutio.core.game import Outcome
from evolutio.server import auth
from evolutio.server.db import Participation, RoomRow, make_engine, make_sessionmaker
from evolutio.server.migrate import MIGRATIONS, upgrade
from evolutio.server.ratings import display, leaderboard, rating_of, ratings_of, record_result


def test_ratings_move_with_ranks_in_their_own_game(tmp_path: Path) -> None:
    engine = make_engine(database_url(tmp_path / "r.db"))
    upgrade(engine)
    with make_sessionmaker(engine)() as s:
        ann, _ = auth.create_guest(s, "Ann")
        bob, _ = auth.create_guest(s, "Bob")
        for room in ("room1", "room2", "room3"):
            s.add(RoomRow(id=room, game="toy", options={}, seed=1, clock=0, status="over",
                          seats=[]))
        start = display(25.0, 25.0 / 3)
        seats = [(ann.id, None), (None, "normal"), (None, "normal")]
        record_result(s, "room1", "toy", seats, Outcome(scores=(9, 4, 2), ranks=(1, 2, 3)))
        s.flush()
        bot = auth.bot_user(s, "normal")
        mine, its = rating_of(s, ann.id, "toy"), rating_of(s, bot.id, "toy")
        assert display(mine.mu, mine.sigma) > start and mine.games == 1 and mine.wins == 1
        assert display(its.mu, its.sigma) == start and its.games == 1 and its.wins == 0
        record_result(s, "room2", "toy", [(ann.id, None), (bob.id, None)],
                      Outcome(scores=(1, 5), ranks=(2, 1)))
        # a game of another kind starts from a fresh rating and leaves the toy one alone
        toy_before = (mine.mu, mine.sigma)
        record_result(s, "room3", "evolution", [(ann.id, None), (bob.id, None)],
                      Outcome(scores=(7, 5), ranks=(1, 2)))
        s.flush()
        assert (mine.mu, mine.sigma) == toy_before and mine.games == 2
        assert set(ratings_of(s, ann.id)) == {"evolution", "toy"}
        assert ratings_of(s, ann.id)["evolution"]["games"] == 1
        assert [p["name"] for p in leaderboard(s, "evolution")] == ["Ann", "Bob"]
        assert {p["name"] for p in leaderboard(s, "toy")} == {"Ann", "Bob", "bot:normal"}
        rows = s.scalars(
            select(Participation).order_by(Participation.room_id, Participation.seat)
        ).all()
        assert [(r.room_id, r.seat, r.score, r.rank) for r in rows] == [
            ("room1", 0, 9, 1),
            ("room1", 1, 4, 2),
            ("room1", 2, 2, 3),
            ("room2", 0, 1, 2),
            ("room2", 1, 5, 1),
            ("room3", 0, 7, 1),
            ("room3", 1, 5, 2),
        ]
        assert rows[0].rating_after > rows[0].rating_before


def test_the_migration_moves_ratings_to_the_game_they_were_earned_in(tmp_path: Path) -> None:
    engine = make_engine(database_url(tmp_path / "old.db"))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0002")
        conn.execute(text(
            "INSERT INTO users (id, name, name_key, is_bot, mu, sigma, games, wins, created_at) "
            "VALUES (1, 'Uma', 'uma', false, 30.0, 5.0, 2, 1, '2026-01-01'),"
            " (2, 'bot:easy', 'bot:easy', true, 20.0, 6.0, 2, 1, '2026-01-01'),"
            " (3, 'Vic', 'vic', false, 25.0, 8.3, 0, 0, '2026-01-01')"
        ))
        for room, game in (("r1", "evolution"), ("r2", "evolution")):
            conn.execute(text(
                "INSERT INTO rooms (id, game, options, seed, clock, status, seats, created_at) "
                f"VALUES ('{room}', '{game}', '{{}}', 1, 0, 'over', '[]', '2026-01-01')"
            ))
        conn.execute(text(
            "INSERT INTO participations (room_id, seat, user_id, score, rank, rating_before,"
            " rating_after) VALUES ('r1', 0, 1, 9, 1, 0, 0), ('r1', 1, 2, 3, 2, 0, 0),"
            " ('r1', 2, 2, 1, 3, 0, 0), ('r2', 0, 2, 8, 1, 0, 0), ('r2', 1, 1, 2, 2, 0, 0)"
        ))
    upgrade(engine)
    with engine.connect() as conn:
        rows = conn.execute(text(
            "SELECT user_id, game, mu, sigma, games, wins FROM ratings ORDER BY user_id"
        )).all()
    assert [tuple(r) for r in rows] == [
        (1, "evolution", 30.0, 5.0, 2, 1),
        (2, "evolution", 20.0, 6.0, 2, 1),
    ]
    columns = {c["name"] for c in inspect(engine).get_columns("users")}
    assert not columns & {"mu", "sigma", "games", "wins"}
    with make_sessionmaker(engine)() as s:
        assert ratings_of(s, 1)["evolution"]["rating"] == display(30.0, 5.0)
        assert ratings_of(s, 3) == {}
    engine.dispose()
