"""The edges docs/protocol.md states, checked by the client that knows only the docs:
close codes, limits, refusals, the way back from a bot's take-over, logout."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import httpx
import pytest
import websockets
from client import Http, HttpError, Table, expect
from server_harness import Server

NAMES = (f"Edge {n}" for n in itertools.count(1))


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 60))


async def started_toy(server: Server, http: Http) -> tuple[Table, Table, str, str]:
    """Two people at a started two-seat toy game: (host at seat 0, guest at seat 1)."""
    (_, a_token), (_, b_token) = http.guest(next(NAMES)), http.guest(next(NAMES))
    room = http.create_room(a_token, "toy")["id"]
    a = await Table.open(server.ws_base, room, a_token, "toy")
    b = await Table.open(server.ws_base, room, b_token, "toy")
    await b.command("/join")
    await a.send({"type": "chat", "text": "/start"})
    for t in (a, b):
        await t.until(lambda f: f["type"] == "state")
    return a, b, room, b_token


def test_unknown_room_is_an_error_then_close_4404(server: Server) -> None:
    async def go() -> None:
        async with websockets.connect(f"{server.ws_base}/ws/nowhere") as ws:
            frame = json.loads(await ws.recv())
            assert frame["type"] == "error" and frame["code"] == "no_room"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404

    run(go())


def test_refusals_keep_the_socket_and_change_nothing(server: Server) -> None:
    http = Http(server.base)

    async def go() -> None:
        a, b, _, _ = await started_toy(server, http)
        state = a.state
        assert state is not None and state["version"] == 0
        both = {"type": "act", "version": 0, "index": 0, "action": state["legal"][1]["action"],
                "ref": 1}
        await a.send(both)
        error = await a.until(lambda f: f["type"] == "error")
        assert error["code"] == "bad_message" and error["ref"] == 1
        # 8 KiB are bytes: 4500 two-byte letters are 4500 characters but 9000 bytes
        await a.send({"type": "chat", "text": "é" * 4500, "ref": 2})
        error = await a.until(lambda f: f["type"] == "error")
        assert error["code"] == "too_large" and error["ref"] is None  # not read: too large
        await a.send({"type": "chat", "text": "é" * 401, "ref": 3})
        assert (await a.until(lambda f: f["type"] == "error"))["code"] == "too_long"
        await a.ws.send(b"\x00binary")
        assert (await a.until(lambda f: f["type"] == "error"))["code"] == "bad_message"
        await a.send({"ref": 4})
        error = await a.until(lambda f: f["type"] == "error")
        assert error["code"] == "bad_type" and error["ref"] == 4
        await a.send({"type": "ping", "ref": [1]})
        assert (await a.until(lambda f: f["type"] == "pong"))["ref"] is None
        await a.send({"type": "act", "version": 5, "index": 0, "ref": "future"})
        error = await a.until(lambda f: f["type"] == "error")
        assert error["code"] == "stale" and error["ref"] == "future"
        full = await a.recv()
        assert full["type"] == "state" and full["full"] and full["version"] == 0
        # nothing changed: the bid still plays at version 0
        await a.send({"type": "act", "version": 0, "index": 0})
        moved = await a.until(lambda f: f["type"] == "state")
        assert moved["version"] == 1 and moved["chosen"]
        for t in (a, b):
            await t.close()

    run(go())


def test_seats_count_from_one_in_commands_and_sentences(server: Server) -> None:
    http = Http(server.base)

    async def go() -> None:
        _, token = http.guest(next(NAMES))
        room = http.create_room(token, "toy", {"players": 3})["id"]
        t = await Table.open(server.ws_base, room, token, "toy")
        answer = await t.command("/bot random 3")
        assert answer["room"]["seats"][2]["bot"] == "random"
        assert t.chat[-1]["text"] == "A random bot sits at seat 3."
        refused = await t.command("/bot random 1")
        assert refused["type"] == "error" and refused["code"] == "taken"
        refused = await t.command("/bot random 4")
        assert refused["code"] == "bad_seat" and "1 to 3" in refused["message"]
        who = await t.command("/who")
        assert who["private"] and "3: Darwin (random)" in who["text"]
        await t.close()

    run(go())


def test_coming_back_from_a_takeover(quick_server: Server) -> None:
    http = Http(quick_server.base)

    async def go() -> None:
        a, b, room, b_token = await started_toy(quick_server, http)
        await b.close()
        # the take-over: a line, the same version again with seat 1 played by a bot, the room
        line = await a.until(lambda f: f["type"] == "chat" and "is away" in f["text"])
        again = await a.recv()
        assert again["type"] == "state" and again["controllers"]["1"] == "bot"
        assert again["version"] == 0 and not again["full"] and line["system"]
        away = await a.recv()
        assert away["type"] == "room" and away["room"]["seats"][1]["away"]
        assert away["room"]["seats"][1]["connected"] is False
        a.frames.clear()
        back = await Table.open(quick_server.ws_base, room, b_token, "toy")
        kinds = [f["type"] for f in back.frames]
        assert kinds == ["welcome", "chat", "state", "room"], kinds
        assert back.frames[1]["text"].endswith("is back and plays again.")
        assert back.frames[2]["full"] and back.frames[3]["room"]["seats"][1]["away"] is False
        # the others: the line, the same version again, then the room
        await a.until(lambda f: f["type"] == "room")
        kinds = [f["type"] for f in a.frames]
        assert kinds[-3:] == ["chat", "state", "room"], kinds
        again = a.frames[-2]
        assert not again["full"] and again["version"] == back.frames[2]["version"]
        for t in (a, back):
            await t.close()

    run(go())


def test_logout_revokes_the_token(server: Server) -> None:
    http = Http(server.base)
    _, token = http.guest(next(NAMES))
    assert http.call("GET", "/api/me", token)["user"]["rating"] == 1000
    assert http.call("POST", "/api/logout", token) == {"ok": True}
    with pytest.raises(HttpError) as refused:
        http.call("GET", "/api/me", token)
    assert refused.value.status == 401


def test_http_errors_and_limits(server: Server) -> None:
    http = Http(server.base)
    with pytest.raises(HttpError) as refused:
        http.guest("bot-alice")
    assert refused.value.status == 400 and "reserved" in refused.value.message
    r = httpx.post(server.base + "/api/guest", content=b"{" + b" " * 17000 + b"}")
    assert r.status_code == 413 and set(r.json()) == {"error", "code"}
    r = httpx.get(server.base + "/api/guest")
    assert r.status_code == 405 and set(r.json()) == {"error", "code"}
    _, token = http.guest(next(NAMES))
    room = http.create_room(token, "toy")["id"]
    with pytest.raises(HttpError) as refused:
        http.record(room)
    assert refused.value.status == 409
    expect(http.games()["default"] != "toy", "the demo game is never the default")
    with pytest.raises(HttpError) as refused:
        http.call("GET", "/api/names/nogame")
    assert refused.value.status == 404
    assert set(http.call("GET", "/api/names/toy")["names"]) == {"en", "ru", "it", "de"}
