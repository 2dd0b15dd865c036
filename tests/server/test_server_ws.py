"""WebSocket play against a real server process: chat commands, games, refusals, clocks."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
from server_harness import Client, Server, is_state

from evolutio.core.match import Match
from evolutio.core.record import Record


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 60))


def chat_has(text: str) -> Any:
    return lambda f: f["type"] == "chat" and text in f["text"]


async def play_out(client: Client, pick: Any = lambda legal: 0) -> dict[str, Any]:
    """Answer every decision of this client's seat until the game ends."""
    while True:
        frame = await client.until(is_state)
        if frame["outcome"] is not None and frame["decision"] is None:
            return frame
        if frame["legal"]:
            await client.send(
                {"type": "act", "version": frame["version"], "index": pick(frame["legal"])}
            )


def test_chat_commands_and_seats(server: Server) -> None:
    host, guest = server.guest("Host"), server.guest("Gail")
    room = server.room(host, players=2)

    async def go() -> None:
        a = await Client.open(server, room, host)
        b = await Client.open(server, room, guest)
        await a.until(lambda f: f["type"] == "welcome")
        await a.say("/help")
        assert "/join" in (await a.until(chat_has("Commands")))["text"]
        await b.say("/kick 1")
        await b.error("not_host")
        await b.say("/start")
        await b.error("not_host")
        await b.say("/join 1")
        await b.error("taken")
        await b.say("/join")
        await b.until(chat_has("Gail sits at seat 2"))
        await a.say("/who")
        who = await a.until(chat_has("Seats"))
        assert "1: Host" in who["text"] and "2: Gail" in who["text"]
        await a.say("/option players 3")
        await a.until(lambda f: f["type"] == "room" and len(f["room"]["seats"]) == 3)
        await a.say("/option players 99")
        assert "player" in (await a.error("bad_option"))["message"].lower()
        await a.say("/option clock 20")
        await a.until(lambda f: f["type"] == "room" and f["room"]["clock"] == 20)
        await a.say("/start")
        await a.error("not_ready")
        await a.say("/bot superhuman")
        await a.error("bad_level")
        await a.say("/bot random")
        await a.until(chat_has("random bot sits at seat 3"))
        await a.say("/kick 3")
        await a.until(chat_has("removed from seat 3"))
        await a.say("/option players 2")
        await b.say("/leave")
        await b.until(chat_has("Gail leaves seat 2"))
        await a.say("/dance")
        await a.error("unknown_command")
        await a.say("<b>bold</b> & friends")
        line = await b.until(chat_has("friends"))
        assert line["text"] == "<b>bold</b> & friends" and line["name"] == "Host"
        for _ in range(6):
            await b.say("hello")
        await b.error("rate_limited")
        await a.close()
        await b.close()

    run(go())


def test_whole_game_against_a_bot_then_record_and_ratings(server: Server) -> None:
    token = server.guest("Ivy")
    room = server.room(token)

    async def go() -> dict[str, Any]:
        c = await Client.open(server, room, token)
        await c.say("/bot random")
        await c.say("/start")
        final = await play_out(c)
        await c.close()
        return final

    final = run(go())
    assert final["outcome"]["scores"]
    assert final["log"] and final["log"][-1]["v"] == final["version"]
    r = server.get(f"/api/rooms/{room}/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    record = Record.from_json(r.json())
    assert record.players == ["Ivy", "Darwin (random)"] and len(record.actions) == final["version"]
    match = Match.from_record(record)
    outcome = match.outcome()
    assert outcome is not None and list(outcome.scores) == final["outcome"]["scores"]
    steps = server.get(f"/api/rooms/{room}/replay").json()["steps"]
    assert len(steps) == final["version"] + 1
    assert steps[-1]["view"] == match.view(None)
    assert steps[-1]["text"] == final["log"][-1]["text"]
    # the bids are told by their events, never by the hidden action
    assert steps[1]["text"] in ("Ivy bids.", "Darwin (random) bids.")
    assert "Bids revealed" in steps[2]["text"]
    profile = server.get("/api/users/Ivy").json()
    assert profile["ratings"]["toy"]["games"] == 1 and profile["recent"][0]["room"] == room
    assert profile["recent"][0]["game"] == "toy"
    assert profile["games"] == 0  # the top-level figures are the default game's
    board = server.get("/api/leaderboard?game=toy").json()
    assert board["game"] == "toy" and {p["name"] for p in board["players"]} >= {"Ivy", "bot:random"}
    default = server.get("/api/leaderboard").json()
    assert default["game"] != "toy" and "Ivy" not in {p["name"] for p in default["players"]}
    assert server.get("/api/leaderboard?game=chess").status_code == 404


def test_refusals_never_crash(server: Server) -> None:
    a_tok, b_tok = server.guest("Ann"), server.guest("Ben")
    room = server.room(a_tok)

    async def go() -> None:
        a = await Client.open(server, room, a_tok)
        b = await Client.open(server, room, b_tok)
        spectator = await Client.open(server, room, None)
        await b.say("/join")
        await a.say("/start")
        state = await a.until(lambda f: is_state(f) and f["decision"] is not None)
        assert state["decision"]["seats"] == [0, 1] and state["decision"]["kind"] == "bid"
        to_act = a
        version = state["version"]
        await to_act.send("not json at all")
        await to_act.error("bad_json")
        await to_act.send("[1, 2, 3]")
        await to_act.error("bad_message")
        await to_act.send({"type": "teleport"})
        await to_act.error("bad_type")
        await to_act.send({"type": "chat", "text": "x" * 9000})
        await to_act.error("too_large")
        await to_act.send({"type": "act", "version": version - 1, "index": 0})
        await to_act.error("stale")
        await to_act.send({"type": "act", "version": "7", "index": 0})
        await to_act.error("bad_message")
        await to_act.send({"type": "act", "version": version, "index": 999})
        await to_act.error("illegal")
        await to_act.send({"type": "act", "version": version, "index": True})
        await to_act.error("bad_message")
        await to_act.send({"type": "act", "version": version, "action": {"type": "fly"}})
        await to_act.error("illegal")
        await to_act.send({"type": "act", "version": version, "action": "play 1"})
        await to_act.error("bad_message")
        await spectator.send({"type": "act", "version": version, "index": 0})
        await spectator.error("not_seated")
        await spectator.say("hi")
        await spectator.error("anonymous")
        await to_act.send({"type": "ping", "ref": 5})
        pong = await to_act.until(lambda f: f["type"] == "pong")
        assert pong["ref"] == 5
        # nothing changed: the same version is still to be played, and plays fine
        await to_act.send({"type": "act", "version": version, "index": 0})
        after = await spectator.until(lambda f: is_state(f) and f["version"] == version + 1)
        assert after["seat"] is None and after["legal"] is None
        # Ann has bid: she waits for Ben, and may not bid again
        await to_act.send({"type": "act", "version": version + 1, "index": 0})
        refused = await to_act.error("not_your_turn")
        assert "already chosen" in refused["message"]
        await to_act.send({"type": "resync"})
        full = await to_act.until(lambda f: is_state(f) and f["full"])
        assert full["version"] == version + 1 and len(full["log"]) == version + 1
        for c in (a, b, spectator):
            await c.close()

    run(go())
    assert "Traceback" not in server.log_text()


def test_unknown_room_and_oversized_frame(server: Server) -> None:
    async def go() -> None:
        c = await Client.open(server, "nothere", None)
        frame = await c.next()
        assert frame["type"] == "error" and frame["code"] == "no_room"
        token = server.guest("Olga")
        room = server.room(token)
        c = await Client.open(server, room, token)
        await c.send(json.dumps({"type": "chat", "text": "y" * 100_000}))
        await c.error("too_large")
        await c.ws.send(b"\x00\x01binary")
        await c.error("bad_message")
        await c.send({"type": "ping"})
        await c.until(lambda f: f["type"] == "pong")
        await c.close()

    run(go())


def test_clock_plays_a_safe_default(server: Server) -> None:
    token, other = server.guest("Tom"), server.guest("Uma")
    room = server.room(token, clock=1)

    async def go() -> None:
        a = await Client.open(server, room, token)
        b = await Client.open(server, room, other)
        await b.say("/join")
        await a.say("/start")
        first = await a.until(lambda f: is_state(f) and f["version"] == 0)
        assert first["clock"] is not None and first["clock"] <= 1
        moved = await a.until(lambda f: is_state(f) and f["version"] == 1, timeout=10)
        assert moved["log"][-1]["by"] == "timeout"
        await a.close()
        await b.close()

    run(go())


def test_absent_player_is_replaced_by_a_bot_and_gets_the_seat_back(server: Server) -> None:
    a_tok, b_tok = server.guest("Pia"), server.guest("Quin")
    room = server.room(a_tok)

    async def go() -> None:
        a = await Client.open(server, room, a_tok)
        b = await Client.open(server, room, b_tok)
        await b.say("/join")
        await a.say("/start")
        state = await a.until(lambda f: is_state(f) and f["decision"] is not None)
        # Pia bids; Quin, gone, is the one still to bid
        await b.close()
        await a.send({"type": "act", "version": state["version"], "index": 0})
        away = await a.until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["away"])
        assert away["room"]["seats"][1]["name"] == "Quin"
        await a.until(lambda f: is_state(f) and any(e["by"] == "bot" for e in f["log"]))
        b = await Client.open(server, room, b_tok)
        await b.until(chat_has("Quin is back"))
        back = await b.until(lambda f: f["type"] == "room")
        assert back["room"]["seats"][1]["away"] is False
        await a.close()
        await b.close()

    run(go())


def test_http_room_summary_during_play(server: Server) -> None:
    token = server.guest("Rex")
    room = server.room(token)
    r = httpx.get(f"{server.base}/api/rooms/{room}")
    assert r.json()["room"]["status"] == "open"


def test_malformed_evolution_actions_are_refused(server: Server) -> None:
    token = server.guest("Vera")
    room = server.room(token, game="evolution")
    junk: list[Any] = [
        {"type": "attack", "animal": "x", "target": None},
        {"type": "trait", "card": -1, "trait": "carnivore", "animal": 10**12},
        {"type": "pair", "card": 0, "trait": "communication", "animals": "ab"},
        {"type": "fat", "animal": 0, "amount": 1e9},
        {"type": "eat"},
        {"type": "animal", "card": [1, 2]},
        {"type": None},
        {},
        {"type": "pass", "extra": {"deep": [1, 2, 3]}},
    ]

    async def go() -> None:
        c = await Client.open(server, room, token)
        await c.say("/bot random")
        await c.say("/start")
        state = await c.until(lambda f: is_state(f) and f["legal"])
        for action in junk:
            await c.send({"type": "act", "version": state["version"], "action": action})
            frame = await c.until(lambda f: f["type"] in ("error", "state"))
            if frame["type"] == "state":  # an accepted action: nothing malformed got through
                assert frame["version"] == state["version"] + 1
                state = await c.until(lambda f: is_state(f) and f["legal"])
            else:
                assert frame["code"] in ("illegal", "bad_message"), frame
                assert frame["message"]
                if action == {"type": "eat"}:  # said by the core's reader of actions
                    assert frame["message"] == "Action 'eat' misses the field(s): animal."
        await c.send({"type": "ping"})
        await c.until(lambda f: f["type"] == "pong")
        await c.close()

    run(go())
    assert "Traceback" not in server.log_text()


def test_cookie_login_from_another_site_only_watches(server: Server) -> None:
    import websockets

    token = server.guest("Wanda")
    room = server.room(token)

    async def go() -> None:
        url = f"{server.ws_base}/ws/{room}"
        cookie = {"Cookie": f"evolutio_token={token}"}
        host = f"127.0.0.1:{server.port}"
        async with websockets.connect(
            url, additional_headers=cookie, origin=f"http://{host}"
        ) as ws:
            welcome = json.loads(await ws.recv())
            assert welcome["you"]["name"] == "Wanda"
        async with websockets.connect(
            url, additional_headers=cookie, origin="http://evil.example"
        ) as ws:
            welcome = json.loads(await ws.recv())
            assert welcome["you"]["name"] == "anonymous" and welcome["you"]["seat"] is None

    run(go())
