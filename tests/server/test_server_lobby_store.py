"""Resignations, private rooms and rematches in storage: migration 0006 on an older database,
the ranks of resigned seats, and a resignation kept across a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from pg_cluster import database_url
from server_harness import Client, Server, is_state
from sqlalchemy import inspect, text

from evolutio.core.game import Outcome
from evolutio.core.match import Match, check_outcome
from evolutio.core.record import Record
from evolutio.server.db import make_engine
from evolutio.server.migrate import MIGRATIONS, upgrade
from evolutio.server.resign import ranked
from evolutio.server.seating import Seat, seat_of


def test_migration_0006_adds_private_and_rematch_to_existing_rooms(tmp_path: Path) -> None:
    engine = make_engine(database_url(tmp_path / "old.db"))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0004")
        conn.execute(text(
            "INSERT INTO rooms (id, game, options, seed, clock, status, seats, created_at) "
            "VALUES ('old1', 'toy', '{}', 1, 0, 'over', '[]', '2026-01-01')"
        ))
    upgrade(engine)
    with engine.connect() as conn:
        row = conn.execute(text("SELECT private, rematch FROM rooms WHERE id = 'old1'")).one()
        version = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    assert (bool(row[0]), row[1]) == (False, None)
    assert version == "0013"
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0004")
    columns = {c["name"] for c in inspect(engine).get_columns("rooms")}
    assert not columns & {"private", "rematch"}
    engine.dispose()


def test_resigned_seats_rank_last_and_the_others_keep_their_order() -> None:
    outcome = Outcome(scores=(9, 7, 7, 2), ranks=(1, 2, 2, 4))
    assert ranked(outcome, []) is outcome
    assert ranked(outcome, [0]).ranks == (4, 1, 1, 3)
    assert ranked(outcome, [0]).winners == (1, 2)
    assert ranked(outcome, [1, 3]).ranks == (1, 3, 2, 3)
    assert ranked(outcome, [0, 1, 2, 3]).ranks == outcome.ranks  # all resigned: as played


def test_a_resigned_seat_is_no_longer_its_persons_and_is_stored() -> None:
    seats = [Seat(1, "Ann"), Seat(2, "Bob")]
    seats[0].resigned = True
    assert seat_of(seats, 1) is None and seat_of(seats, 2) == 1
    assert seats[0].controller == "bot" and seats[1].controller == "human"
    row = seats[0].to_row()
    assert row == {"user_id": 1, "name": "Ann", "bot": None, "resigned": True}
    assert Seat.from_row(row).resigned and not Seat.from_row(seats[1].to_row()).resigned
    assert "resigned" not in seats[1].to_row()  # rows of seats that never resigned unchanged


def test_a_record_with_a_resignation_still_checks_against_the_games_ranks() -> None:
    match = Match.new("toy", {"players": 2, "tricks": 1}, 4, ["A", "B"])
    while not match.over:
        seat = match.pending()[0]
        match.act(seat, match.legal(seat)[0])
    outcome = match.outcome()
    assert outcome is not None
    shown = ranked(outcome, [outcome.winners[0]])
    stored: dict[str, Any] = {**shown.to_json(), "game_ranks": list(outcome.ranks)}
    record = Record(match.record.game, match.record.options, match.record.seed,
                    match.record.actions, match.record.players, stored)
    check_outcome(record, match)  # no error: the game's own ranks are compared


def test_a_resignation_survives_a_restart(tmp_path: Path) -> None:
    server = Server(tmp_path / "evolutio.db", grace=60.0)
    server.start()
    try:
        ann, bob = server.guest("Stayer"), server.guest("Goner")
        room = server.room(ann, players=2)

        async def before() -> None:
            a = await Client.open(server, room, ann)
            b = await Client.open(server, room, bob)
            await b.say("/join 2")
            await a.until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["name"])
            await a.say("/start")
            await b.until(is_state)
            await b.say("/resign")
            await a.until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["resigned"])
            await a.close()
            await b.close()

        asyncio.run(before())
        server.kill()
        server.start()

        async def after() -> dict[str, Any]:
            b = await Client.open(server, room, bob)
            welcome = await b.until(lambda f: f["type"] == "welcome")
            state = await b.until(is_state)
            await b.close()
            return {"welcome": welcome, "state": state}

        seen = asyncio.run(after())
        seat = seen["welcome"]["room"]["seats"][1]
        assert seat["resigned"] is True and seat["name"] == "Goner"
        assert seen["welcome"]["you"]["seat"] is None  # the resigned person watches
        assert seen["state"]["seat"] is None and seen["state"]["legal"] is None
    finally:
        server.stop()
