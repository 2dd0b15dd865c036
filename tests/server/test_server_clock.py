"""Time controls against a real server process: a time bank that runs down and gets its
increment, a bank kept across a kill -9, turn-based rooms, and the options that set them."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from server_harness import Client, Server, is_state

from evolutio.server.timing import DAY, FLOOR


def run(coro: Any, timeout: float = 60) -> Any:
    return asyncio.run(asyncio.wait_for(coro, timeout))


def timed_room(server: Server, token: str, **times: Any) -> dict[str, Any]:
    r = server.post("/api/rooms", token, json={"game": "toy", "options": {"players": 2},
                                               **times})
    assert r.status_code == 200, r.text
    room: dict[str, Any] = r.json()["room"]
    return room


async def two_at_table(server: Server, room: str, tokens: list[str]) -> list[Client]:
    a = await Client.open(server, room, tokens[0])
    b = await Client.open(server, room, tokens[1])
    await b.say("/join")
    await a.until(lambda f: f["type"] == "room" and all(s["name"] for s in f["room"]["seats"]))
    await a.say("/start")
    return [a, b]


def test_the_bank_runs_down_and_the_increment_is_added(server: Server) -> None:
    tokens = [server.guest("Bankside"), server.guest("Fischer")]
    room = timed_room(server, tokens[0], bank=30, increment=5)
    assert (room["bank"], room["increment"], room["days"], room["turn_based"]) == (30, 5, 0, False)

    async def go() -> None:
        a, b = await two_at_table(server, room["id"], tokens)
        first = await a.until(lambda f: is_state(f) and f["version"] == 0)
        # both seats bid at once: both banks run, every seat's bank is sent
        assert set(first["clocks"]) == {"0", "1"} and set(first["banks"]) == {"0", "1"}
        assert all(0 < first["banks"][s] <= 30 for s in "01")
        await asyncio.sleep(1.2)  # at least this much comes off the bank
        await a.send({"type": "act", "version": 0, "index": 0})
        after = await a.until(lambda f: is_state(f) and f["version"] == 1)
        # the decision is over: the time it took came off, the increment went on
        assert 5 < after["banks"]["0"] <= 30 + 5 - 1.2
        assert set(after["clocks"]) == {"1"}  # only the seat still bidding runs
        await a.close()
        await b.close()

    run(go())


def test_a_seat_that_runs_out_gets_the_default_and_then_only_the_increment(
    server: Server,
) -> None:
    tokens = [server.guest("Idler"), server.guest("Waiter")]
    room = timed_room(server, tokens[0], bank=2, increment=3)

    async def go() -> None:
        a, b = await two_at_table(server, room["id"], tokens)
        first = await a.until(lambda f: is_state(f) and f["version"] == 0)
        # an almost empty bank still gives a decision FLOOR seconds
        assert FLOOR - 1 < first["clocks"]["0"] <= FLOOR
        timed_out = await a.until(
            lambda f: is_state(f) and any(e["by"] == "timeout" for e in f["log"]), timeout=20
        )
        seat = timed_out["log"][-1]["seat"]
        # the whole bank is gone; what is left is exactly the increment
        assert timed_out["banks"][str(seat)] == 3.0
        await a.close()
        await b.close()

    run(go())


def test_turn_based_rooms_have_days_per_move(server: Server) -> None:
    tokens = [server.guest("Slowcoach"), server.guest("Postie")]
    room = timed_room(server, tokens[0], days=2)
    assert room["turn_based"] is True and room["days"] == 2 and room["clock"] == 0
    listed = {r["id"]: r for r in server.get("/api/rooms").json()["rooms"]}
    assert listed[room["id"]]["turn_based"] is True

    async def go() -> None:
        a, b = await two_at_table(server, room["id"], tokens)
        first = await a.until(lambda f: is_state(f) and f["version"] == 0)
        assert 2 * DAY - 60 < first["clock"] <= 2 * DAY
        assert first["banks"] is None
        await a.close()
        await b.close()

    run(go())


def test_time_options_and_refusals(server: Server) -> None:
    token = server.guest("Timekeeper")
    r = server.post("/api/rooms", token, json={"game": "toy", "clock": 30, "bank": 60})
    assert r.status_code == 400 and "one time control" in r.json()["error"]
    r = server.post("/api/rooms", token, json={"game": "toy", "days": 99})
    assert r.status_code == 400 and "Days per move" in r.json()["error"]
    room = timed_room(server, token, clock=30)

    async def go() -> None:
        c = await Client.open(server, room["id"], token)
        await c.say("/option bank 5m")
        set_bank = await c.until(lambda f: f["type"] == "room" and f["room"]["bank"] == 300)
        assert set_bank["room"]["clock"] == 0  # one time control at a time
        await c.say("/option increment 10")
        await c.until(lambda f: f["type"] == "room" and f["room"]["increment"] == 10)
        await c.say("/option bank soon")
        error = await c.error("bad_option")
        assert "time bank" in error["message"]
        await c.say("/option days 3")
        days = await c.until(lambda f: f["type"] == "room" and f["room"]["days"] == 3)
        assert days["room"]["bank"] == 0 and days["room"]["turn_based"] is True
        await c.say("/option clock 45")
        clock = await c.until(lambda f: f["type"] == "room" and f["room"]["clock"] == 45)
        assert clock["room"]["days"] == 0 and clock["room"]["turn_based"] is False
        await c.say("/help")
        help_line = await c.until(lambda f: f["type"] == "chat" and "Commands" in f["text"])
        for name in ("bank:", "increment:", "days:", "clock:"):
            assert name in help_line["text"]
        await c.close()

    run(go())


def test_banks_and_turn_based_deadlines_survive_a_kill(tmp_path: Path) -> None:
    server = Server(tmp_path / "banks.db", grace=30.0)
    server.start()
    try:
        tokens = [server.guest("Keeper"), server.guest("Holder")]
        room = timed_room(server, tokens[0], bank=600, increment=7)
        slow = timed_room(server, tokens[0], days=1)

        async def before() -> float:
            b_slow = await two_at_table(server, slow["id"], tokens)
            await b_slow[0].until(lambda f: is_state(f) and f["version"] == 0)
            a, b = await two_at_table(server, room["id"], tokens)
            await a.until(lambda f: is_state(f) and f["version"] == 0)
            await asyncio.sleep(1.1)
            await a.send({"type": "act", "version": 0, "index": 0})
            after = await a.until(lambda f: is_state(f) and f["version"] == 1)
            for client in (a, b, *b_slow):
                await client.close()
            left: float = after["banks"]["0"]
            return left

        kept = run(before())
        assert 600 < kept <= 607 - 1.1
        server.kill()
        server.start()

        async def again() -> None:
            a = await Client.open(server, room["id"], tokens[0])
            state = await a.until(is_state)
            assert state["version"] == 1 and state["banks"]["0"] == kept
            # the other seat still bids on what was left of its bank, not on a new one
            assert 0 < state["clocks"]["1"] <= 600 - 1.1
            await a.close()
            c = await Client.open(server, slow["id"], tokens[0])
            state = await c.until(is_state)
            # a turn-based decision keeps its deadline: less than a whole day is left
            assert 0 < state["clocks"]["0"] <= DAY - 1.1 and state["banks"] is None
            await c.close()

        run(again())
    finally:
        server.stop()
