"""Simultaneous decisions through the server, on the toy game's hidden bid.

Every seat in ``decision.seats`` may act, in any order, each on its own clock; a seat that
has chosen waits (``chosen``, no legal actions) and never sees another seat's bid before the
reveal; a timeout plays only its own seat's default; bots bid alongside people.
"""

from __future__ import annotations

import asyncio
from typing import Any

import websockets
from server_harness import Client, Server, is_state


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 60))


async def table(server: Server, names: tuple[str, str], clock: int = 0) -> list[Client]:
    """Two people at a started two-seat toy game; both at version 0."""
    tokens = [server.guest(n) for n in names]
    room = server.room(tokens[0], clock=clock)
    clients = [await Client.open(server, room, t) for t in tokens]
    await clients[1].say("/join 2")
    await clients[0].until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["name"])
    await clients[0].say("/start")
    for c in clients:
        await c.until(lambda f: is_state(f) and f["version"] == 0)
    return clients


def bid_of(frame: dict[str, Any], seat: int) -> Any:
    return frame["view"]["players"][seat]["bid"]


def test_two_people_bid_in_any_order_each_on_its_own_clock(server: Server) -> None:
    async def go() -> None:
        a, b = await table(server, ("Ada", "Bea"), clock=60)
        for c, seat in ((a, 0), (b, 1)):
            frame = c.state
            assert frame is not None
            assert frame["decision"]["seats"] == [0, 1] and frame["decision"]["kind"] == "bid"
            assert frame["decision"]["progress"] == [0, 2]
            assert frame["controllers"] == {"0": "human", "1": "human"}
            assert set(frame["clocks"]) == {"0", "1"} and 0 < frame["clocks"]["1"] <= 60
            assert frame["chosen"] is False and [x["notation"] for x in frame["legal"]] == [
                "bid 0", "bid 1", "bid 2", "bid 3"]
            assert frame["clock"] == frame["clocks"][str(seat)]
        # the second seat bids first
        await b.send({"type": "act", "version": 0, "action": {"type": "bid", "tricks": 2}})
        mine = await b.until(lambda f: is_state(f) and f["version"] == 1)
        theirs = await a.until(lambda f: is_state(f) and f["version"] == 1)
        assert mine["chosen"] is True and mine["legal"] is None and bid_of(mine, 1) == 2
        assert mine["decision"]["seats"] == [0] and set(mine["clocks"]) == {"0"}
        assert mine["clock"] == mine["clocks"]["0"]  # the soonest deadline of the others
        assert theirs["chosen"] is False and len(theirs["legal"]) == 4
        assert bid_of(theirs, 1) is None and theirs["view"]["players"][1]["has_bid"] is True
        assert theirs["log"][-1]["text"] == "Bea bids." and "2" not in theirs["log"][-1]["text"]
        await b.send({"type": "act", "version": 1, "index": 0})
        refused = await b.error("not_your_turn")
        assert "already chosen" in refused["message"]
        await a.send({"type": "act", "version": 1, "index": 1})
        revealed = await a.until(lambda f: is_state(f) and f["version"] == 2)
        assert revealed["view"]["bids_revealed"] is True
        assert [bid_of(revealed, s) for s in (0, 1)] == [1, 2]
        assert "Bids revealed" in revealed["log"][-1]["text"]
        assert revealed["decision"]["kind"] == "play" and len(revealed["decision"]["seats"]) == 1
        assert all(f["chosen"] is False for f in (revealed, await b.until(
            lambda f: is_state(f) and f["version"] == 2)))
        for c in (a, b):
            await c.close()

    run(go())


def test_a_timeout_plays_only_its_own_seat(server: Server) -> None:
    async def go() -> None:
        a, b = await table(server, ("Cyd", "Dov"), clock=1)
        await a.send({"type": "act", "version": 0, "action": {"type": "bid", "tricks": 3}})
        first = await a.until(lambda f: is_state(f) and f["version"] == 1)
        assert first["chosen"] is True and set(first["clocks"]) == {"1"}
        second = await b.until(lambda f: is_state(f) and f["version"] == 2, timeout=10)
        entry = second["log"][-1]
        assert entry["seat"] == 1 and entry["by"] == "timeout"
        # the timeout bid nothing for Dov (the game's default) and kept Cyd's bid
        assert [bid_of(second, s) for s in (0, 1)] == [3, 0]
        await b.send({"type": "resync"})
        full = await b.until(lambda f: is_state(f) and f["full"])
        assert [(e["seat"], e["by"]) for e in full["log"][:2]] == [(0, "human"), (1, "timeout")]
        for c in (a, b):
            await c.close()

    run(go())


def test_a_bot_and_a_person_bid_at_once(server: Server) -> None:
    token = server.guest("Eli")
    room = server.room(token)

    async def go() -> None:
        c = await Client.open(server, room, token)
        await c.say("/bot normal")  # the toy game has no heuristic: a bot it can use sits
        note = await c.until(lambda f: f["type"] == "chat" and "bot sits at seat 2" in f["text"])
        assert "no normal bot" in note["text"]
        await c.say("/start")
        start = await c.until(lambda f: is_state(f) and f["version"] == 0)
        assert start["controllers"] == {"0": "human", "1": "bot"}
        assert start["legal"] and start["decision"]["seats"] == [0, 1]
        # the bot bids on its own, without waiting for the person
        bot_bid = await c.until(lambda f: is_state(f) and f["version"] == 1)
        said = "Darwin (random) bids."
        assert bot_bid["log"][-1] == {"v": 1, "seat": 1, "text": said, "by": "bot",
                                      "lines": [{"type": "bid_made", "seat": 1, "text": said}]}
        assert bid_of(bot_bid, 1) is None and bot_bid["legal"]
        await c.send({"type": "act", "version": 1, "index": 0})
        after = await c.until(lambda f: is_state(f) and f["version"] == 2)
        assert after["view"]["bids_revealed"] is True and bid_of(after, 1) is not None
        await c.close()

    run(go())


def test_a_seat_that_has_chosen_is_told_so_in_its_language(server: Server) -> None:
    """``Match.refusal``'s ``already_chosen`` code, said by the server in the seat's language:
    to an ``act`` (error ``not_your_turn``) and to a ``why``; a seat still choosing is not."""
    tokens = [server.guest(n) for n in ("Gerd", "Hana")]
    room = server.room(tokens[0])

    async def go() -> None:
        url = f"{server.ws_base}/ws/{room}?token={tokens[0]}&lang=de"
        de = Client(await websockets.connect(url, max_size=2**22))
        en = await Client.open(server, room, tokens[1])
        await en.say("/join 2")
        await de.until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["name"])
        await de.say("/start")
        await de.until(lambda f: is_state(f) and f["version"] == 0)
        await de.send({"type": "act", "version": 0, "index": 1})
        waiting = await de.until(lambda f: is_state(f) and f["version"] == 1)
        assert waiting["chosen"] is True and waiting["decision"]["chosen"] == [0]
        await de.send({"type": "act", "version": 1, "index": 0})
        refused = await de.error("not_your_turn")
        assert refused["message"] == "Du hast schon gewählt; wir warten auf die anderen."
        await de.send({"type": "why", "action": {"type": "bid", "tricks": 0}})
        why = await de.until(lambda f: f["type"] == "why")
        assert why["ok"] is False
        assert why["text"] == "Du hast schon gewählt; es wird auf die anderen gewartet."
        await en.send({"type": "why", "action": {"type": "bid", "tricks": 0}})
        assert (await en.until(lambda f: f["type"] == "why"))["ok"] is True
        for c in (de, en):
            await c.close()

    run(go())
