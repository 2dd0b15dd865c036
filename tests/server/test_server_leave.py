"""Leaving fairly (abandoned seats, unrated), empty rooms closing, joining from an invite link
and "My games", over HTTP and the WebSocket against a real server process."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from pg_cluster import database_url
from server_harness import Client, Server

from evolutio.core.game import Outcome
from evolutio.core.match import replay
from evolutio.core.record import Record
from evolutio.server import auth
from evolutio.server.db import Rating, RoomRow, make_engine, make_sessionmaker
from evolutio.server.migrate import upgrade
from evolutio.server.ratings import record_result
from evolutio.server.seating import Seat, Seats

#: seconds an empty open room waits before it closes, in this module's server
EMPTY = 1.5


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with a short grace period and a short empty-room timeout."""
    srv = Server(tmp_path_factory.mktemp("leave") / "evolutio.db", grace=0.3)
    os.environ["EVOLUTIO_TEST_EMPTY_ROOM_TIMEOUT"] = str(EMPTY)
    try:
        srv.start()
    finally:
        del os.environ["EVOLUTIO_TEST_EMPTY_ROOM_TIMEOUT"]
    yield srv
    srv.stop()


def wait_for(check: Any, timeout: float = 20.0) -> Any:
    """Poll ``check()`` until it returns something true (that value), or fail."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError("timed out")


def left_game(server: Server, name: str) -> tuple[str, str]:
    """``name`` starts a toy game against a bot, opens it and leaves: the grace period runs
    out, a bot finishes the seat. The token and the room's id, once the game is over."""
    token = server.guest(name)
    room = server.post("/api/play-now", token, json={"game": "toy"}).json()["room"]

    async def visit() -> None:
        client = await Client.open(server, room["id"], token)
        await client.until(lambda f: f["type"] == "welcome")
        await client.close()

    asyncio.run(visit())

    def over() -> bool:
        return bool(server.get(f"/api/rooms/{room['id']}").json()["room"]["status"] == "over")

    wait_for(over)
    return token, str(room["id"])


def test_a_seat_finished_by_a_bot_is_abandoned_and_unrated(server: Server) -> None:
    bots_before = {p["name"]: p["games"]
                   for p in server.get("/api/leaderboard?game=toy").json()["players"]}
    _, room_id = left_game(server, "Leaver")
    room = server.get(f"/api/rooms/{room_id}").json()["room"]
    assert room["seats"][0]["abandoned"] is True and room["seats"][1]["abandoned"] is False
    assert room["outcome"]["abandoned"] == [0]
    # the record names the seat, replays, and an old reader's fields are all still there
    text = server.get(f"/api/rooms/{room_id}/record").text
    record = Record.from_json(httpx.Response(200, text=text).json())
    assert record.outcome is not None and record.outcome["abandoned"] == [0]
    *_, (match, _step) = replay(record)  # checked against the stored outcome at the end
    assert match.over
    # unrated for the leaver: no rating in the game, no game, no win; the profile says why
    profile = server.get("/api/users/Leaver").json()
    assert "toy" not in profile["ratings"]
    assert profile["recent"][0]["room"] == room_id and profile["recent"][0]["abandoned"] is True
    assert profile["recent"][0]["rating"] == 1000.0  # the starting rating, unchanged
    assert "Leaver" not in {p["name"] for p in
                            server.get("/api/leaderboard?game=toy").json()["players"]}
    # the other seat's result stands: the bot level is rated for the game
    bots_after = {p["name"]: p["games"]
                  for p in server.get("/api/leaderboard?game=toy").json()["players"]}
    assert bots_after["bot:random"] == bots_before.get("bot:random", 0) + 1
    # the history and the rating chart mark it too
    history = server.get("/api/games/finished?player=Leaver").json()["games"]
    assert history[0]["players"][0]["abandoned"] is True
    # the rating chart has no point for it (nor a chart, the only game there)
    assert "toy" not in server.get("/api/users/Leaver/ratings").json()["games"]


def test_an_unrated_seat_keeps_its_rating_and_the_others_are_rated_as_played(
        tmp_path: Path) -> None:
    def ratings(unrated: tuple[int, ...], db: str) -> dict[str, tuple[float, float, int, int]]:
        engine = make_engine(database_url(tmp_path / db))
        upgrade(engine)
        with make_sessionmaker(engine)() as s:
            people = [auth.create_guest(s, name)[0] for name in ("Ann", "Bob", "Cid")]
            s.add(RoomRow(id="r", game="toy", options={}, seed=1, clock=0, status="over",
                          seats=[]))
            record_result(s, "r", "toy", [(u.id, None) for u in people],
                          Outcome(scores=(3, 9, 5), ranks=(3, 1, 2)), unrated)
            s.flush()
            out = {}
            for u in people:
                r = s.get(Rating, (u.id, "toy"))
                out[u.name] = (r.mu, r.sigma, r.games, r.wins) if r else (0.0, 0.0, 0, 0)
        engine.dispose()
        return out

    rated, left = ratings((), "rated.db"), ratings((1,), "left.db")
    assert left["Bob"] == (0.0, 0.0, 0, 0)  # no rating row at all: unrated, not played
    assert left["Ann"] == rated["Ann"] and left["Cid"] == rated["Cid"]  # results stand
    assert rated["Bob"][2:] == (1, 1)


def test_only_a_seat_still_taken_over_at_the_end_is_abandoned() -> None:
    back, gone, resigned, bot = Seat(1, "a"), Seat(2, "b"), Seat(3, "c"), Seat(None, "d", "easy")
    gone.takeover = True
    resigned.resigned, resigned.takeover = True, True
    bot.takeover = True
    seats = Seats([back, gone, resigned, bot])
    assert seats.mark_abandoned() == [1]
    assert [s.abandoned for s in seats] == [False, True, False, False]
    assert Seat.from_row(gone.to_row()).abandoned and "abandoned" not in back.to_row()


def test_an_empty_open_room_closes_and_leaves_the_lists(server: Server) -> None:
    token, other = server.guest("Emptier"), server.guest("Sitter")
    empty, kept = server.room(token), server.room(other)

    async def leave() -> None:
        client = await Client.open(server, empty, token)
        await client.until(lambda f: f["type"] == "welcome")
        await client.say("/leave")
        await client.until(lambda f: f["type"] == "room" and f["room"]["seats"][0]["name"] is None)
        # the connection is told when the room closes
        closed = await client.until(lambda f: f["type"] == "room"
                                    and f["room"]["status"] == "closed", timeout=EMPTY + 10)
        assert closed["room"]["id"] == empty
        await client.close()

    asyncio.run(leave())
    listed = {r["id"] for r in server.get("/api/rooms").json()["rooms"]}
    assert empty not in listed and kept in listed  # a room someone sits in stays
    assert server.get(f"/api/rooms/{empty}").json()["room"]["status"] == "closed"
    # no longer live: its socket answers no_room, joining is refused
    assert server.post(f"/api/rooms/{empty}/join", other, json={}).status_code == 404

    async def knock() -> dict[str, Any]:
        client = await Client.open(server, empty, other)
        return await client.next()

    assert (asyncio.run(knock()))["code"] == "no_room"


def test_join_seats_the_caller_in_one_step(server: Server) -> None:
    host, friend, third = server.guest("Anna"), server.guest("Friend"), server.guest("Third")
    room_id = server.room(host)
    info = server.get(f"/api/rooms/{room_id}").json()["room"]
    assert info["host"] == "Anna" and info["game"] == "toy"  # what the invite landing says
    r = server.post(f"/api/rooms/{room_id}/join", friend, json={})
    assert r.status_code == 200, r.text
    assert r.json()["seat"] == 1 and r.json()["room"]["seats"][1]["name"] == "Friend"
    again = server.post(f"/api/rooms/{room_id}/join", friend, json={})
    assert again.status_code == 200 and again.json()["seat"] == 1  # already there: the same
    full = server.post(f"/api/rooms/{room_id}/join", third, json={})
    assert full.status_code == 409 and full.json()["code"] == "full"
    assert server.post(f"/api/rooms/{room_id}/join", None, json={}).status_code == 401
    started = server.post("/api/play-now", host, json={"game": "toy"}).json()["room"]["id"]
    refused = server.post(f"/api/rooms/{started}/join", third, json={})
    assert refused.status_code == 409 and refused.json()["code"] == "not_open"
    assert server.post("/api/rooms/nosuchroom/join", third, json={}).status_code == 404


def test_my_games_lists_every_seat_your_move_first(server: Server) -> None:
    token = server.guest("Mine")
    assert server.get("/api/my-games").status_code == 401
    assert server.get("/api/my-games", token).json() == {"games": [], "count": 0,
                                                         "your_move": 0}
    waiting = server.room(token)
    playing = server.post("/api/play-now", token, json={"game": "toy"}).json()["room"]["id"]
    data = wait_for(lambda: (lambda d: d if d["your_move"] == 1 else None)(
        server.get("/api/my-games", token).json()))
    assert data["count"] == 2
    first, second = data["games"]
    assert first["id"] == playing and first["your_move"] is True and first["status"] == "playing"
    assert second["id"] == waiting and second["your_move"] is False and second["seat"] == 0
    assert first["seats"][0] == "Mine" and first["turn_based"] is False
    # someone else's list is their own
    assert server.get("/api/my-games", server.guest("Other")).json()["count"] == 0

