"""Promises of docs/protocol.md a client written from it once found wanting, each checked
against a real server: when to act in a simultaneous decision, the HTTP codes of
`POST /api/rooms` and its limit, `no_room`'s `ref`, the legal actions' left-out fields."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import pytest
import websockets
from client import Http, HttpError, Table
from server_harness import Server

NAMES = (f"Promise {n}" for n in itertools.count(1))


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 60))


def test_acting_once_per_version_acts_twice_in_a_simultaneous_decision(
    server: Server,
) -> None:
    """"Simultaneous decisions": another seat's choice raises the version and still offers
    this seat its legal list; the answer to an act is the frame whose log entry is this
    seat's, and a second act before it is refused."""
    http = Http(server.base)

    async def go() -> None:
        tokens = [http.guest(next(NAMES))[1] for _ in range(3)]
        room = http.create_room(tokens[0], "toy", {"players": 3})["id"]
        a, b, c = [await Table.open(server.ws_base, room, t, "toy") for t in tokens]
        await b.command("/join 2")
        await c.command("/join 3")
        await a.send({"type": "chat", "text": "/start"})
        for t in (a, b, c):
            await t.until(lambda f: f["type"] == "state")
        assert a.state is not None and a.state["decision"]["seats"] == [0, 1, 2]
        bid = a.state["legal"][0]["action"]
        # seat 1 bids: version 1, and seat 0 is still asked, with the same legal list
        await b.send({"type": "act", "version": 0, "index": 0})
        other = await a.until(lambda f: f["type"] == "state")
        assert other["version"] == 1 and other["log"][0]["seat"] == 1
        assert 0 in other["decision"]["seats"] and other["decision"]["chosen"] == [1]
        assert other["chosen"] is False and other["legal"][0]["action"] == bid
        # seat 0's act sent at version 0 (before seat 1's bid) still stands; its answer is
        # the frame whose log entry is seat 0's
        await a.send({"type": "act", "version": 0, "action": bid, "ref": "first"})
        answer = await a.until(lambda f: f["type"] in ("state", "error"))
        assert answer["type"] == "state", answer
        assert answer["version"] == 2 and answer["log"][0]["seat"] == 0
        assert answer["chosen"] is True and answer["legal"] is None
        # acting again on version 1 (once per version) is refused: stale, since the seat
        # took a step of its own after it; and on the current version: already chosen
        await a.send({"type": "act", "version": 1, "index": 0, "ref": "again"})
        refused = await a.until(lambda f: f["type"] == "error")
        assert refused["code"] == "stale" and refused["ref"] == "again"
        full = await a.recv()
        assert full["type"] == "state" and full["full"] and full["version"] == 2
        await a.send({"type": "act", "version": 2, "index": 0, "ref": "current"})
        refused = await a.until(lambda f: f["type"] == "error")
        assert refused["code"] == "not_your_turn" and refused["ref"] == "current"
        assert refused["message"] == "You have already chosen; waiting for the others."
        # once the last seat has chosen the decision closes: the same act is stale
        await c.send({"type": "act", "version": 2, "index": 0})
        closed = await a.until(lambda f: f["type"] == "state")
        assert closed["version"] == 3 and closed["view"]["bids_revealed"]
        await a.send({"type": "act", "version": 1, "index": 0, "ref": "late"})
        stale = await a.until(lambda f: f["type"] == "error")
        assert stale["code"] == "stale" and stale["ref"] == "late"
        full = await a.recv()
        assert full["type"] == "state" and full["full"] and full["version"] == 3
        for t in (a, b, c):
            await t.close()

    run(go())


def test_creating_rooms_names_its_refusals(server: Server) -> None:
    """`POST /api/rooms`: an unknown game is 400 `bad_game`, a bad option 400 `bad_option`,
    and a person hosts at most 5 rooms waiting to start (429 `too_many_rooms`)."""
    http = Http(server.base)
    _, token = http.guest(next(NAMES))
    with pytest.raises(HttpError) as refused:
        http.create_room(token, "chess")
    assert (refused.value.status, refused.value.code) == (400, "bad_game")
    assert "chess" in refused.value.message
    with pytest.raises(HttpError) as refused:
        http.create_room(token, "toy", {"players": 99})
    assert (refused.value.status, refused.value.code) == (400, "bad_option")
    for _ in range(5):
        http.create_room(token, "toy")
    with pytest.raises(HttpError) as refused:
        http.create_room(token, "toy")
    assert (refused.value.status, refused.value.code) == (429, "too_many_rooms")


def test_no_room_answers_with_a_null_ref(server: Server) -> None:
    async def go() -> None:
        async with websockets.connect(f"{server.ws_base}/ws/nowhere-else") as ws:
            frame = json.loads(await ws.recv())
            assert frame == {"type": "error", "code": "no_room", "ref": None,
                             "message": frame["message"]}

    run(go())


def test_legal_actions_leave_out_fields_at_their_default(server: Server) -> None:
    """North Star's `trait` has `replace` (default null): the legal list leaves it out, and
    an act without it is applied."""
    http = Http(server.base)

    async def go() -> None:
        _, token = http.guest(next(NAMES))
        room = http.create_room(token, "northstar")["id"]
        t = await Table.open(server.ws_base, room, token, "northstar")
        await t.command("/bot random 2")
        await t.send({"type": "chat", "text": "/start"})
        # the client checks every legal list for null fields; play until a trait is offered
        while True:
            state = await t.until(lambda f: f["type"] == "state" and f["legal"] is not None)
            traits = [e for e in state["legal"] if e["action"]["type"] == "trait"]
            if traits:
                break
            await t.send({"type": "act", "version": state["version"], "index": 0})
        action = traits[0]["action"]
        assert set(action) == {"type", "card", "species"}
        await t.send({"type": "act", "version": state["version"], "action": action, "ref": 1})
        answer = await t.until(lambda f: f["type"] in ("state", "error"))
        assert answer["type"] == "state" and answer["version"] == state["version"] + 1, answer
        await t.close()

    run(go())
