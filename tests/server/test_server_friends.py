"""Friends over the API: follow, online, invitations, blocks (invites, chat, matches) and the
queue of Play now with people seating two people, or one with bots after the chosen wait."""

from __future__ import annotations

import asyncio
from typing import Any

from server_harness import Client, Server


def delete(server: Server, path: str, token: str) -> Any:
    import httpx

    return httpx.delete(server.base + path, headers={"authorization": f"Bearer {token}"})


def friends_of(server: Server, token: str) -> dict[str, Any]:
    r = server.get("/api/friends", token)
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_follow_online_tables_and_unfollow(server: Server) -> None:
    ann, bob = server.guest("FAnn"), server.guest("FBob")
    assert server.post("/api/friends/FBob", ann).json()["online"] is False
    assert server.post("/api/friends/fbob", ann).status_code == 200  # twice: still one
    assert server.post("/api/friends/FAnn", ann).status_code == 400
    assert server.post("/api/friends/Nobody-here", ann).status_code == 404
    assert server.get("/api/friends").status_code == 401
    listed = friends_of(server, ann)["friends"]
    assert [(f["name"], f["online"], f["rooms"]) for f in listed] == [("FBob", False, [])]
    room = server.room(bob)

    async def online() -> dict[str, Any]:
        lobby = await Client.open(server, "lobby", bob)
        hello = await lobby.until(lambda f: f["type"] == "hello")
        assert hello["you"]["name"] == "FBob" and hello["invites"] == []
        seen = friends_of(server, ann)["friends"][0]
        await lobby.close()
        return dict(seen)

    seen = asyncio.run(online())
    assert seen["online"] is True
    assert seen["rooms"] == [{"id": room, "game": "toy", "status": "open", "free": 1}]
    assert delete(server, "/api/friends/FBob", ann).status_code == 200
    assert friends_of(server, ann)["friends"] == []


def test_invitation_reaches_the_lobby_socket(server: Server) -> None:
    cat, dan = server.guest("ICat"), server.guest("IDan")
    room = server.room(cat)

    async def run() -> dict[str, Any]:
        lobby = await Client.open(server, "lobby", dan)
        await lobby.until(lambda f: f["type"] == "hello")
        r = server.post(f"/api/rooms/{room}/invite", cat, json={"name": "IDan"})
        assert r.status_code == 200 and r.json()["online"] is True, r.text
        notice = await lobby.until(lambda f: f["type"] == "invite")
        await lobby.close()
        return notice

    notice = asyncio.run(run())
    assert (notice["from"], notice["room"], notice["game"]) == ("ICat", room, "toy")
    assert [x["room"] for x in server.get("/api/invites", dan).json()["invites"]] == [room]
    assert server.post("/api/rooms/nope/invite", cat, json={"name": "IDan"}).status_code == 404
    assert server.post(f"/api/rooms/{room}/invite", cat, json={}).status_code == 400


def test_block_stops_invitations_follows_and_chat(server: Server) -> None:
    eve, fay, gus = server.guest("BEve"), server.guest("BFay"), server.guest("BGus")
    assert server.post("/api/friends/BFay", eve).status_code == 200
    assert server.post("/api/blocks/BEve", fay).status_code == 200
    assert friends_of(server, eve)["friends"] == []  # the block ended the follow
    assert friends_of(server, fay)["blocked"] == ["BEve"]
    room = server.room(eve, players=3)
    refused = server.post(f"/api/rooms/{room}/invite", eve, json={"name": "BFay"})
    assert refused.status_code == 403 and refused.json()["code"] == "blocked"
    assert server.post("/api/friends/BFay", eve).status_code == 403
    assert server.get("/api/invites", fay).json()["invites"] == []

    async def chat() -> tuple[list[str], list[str]]:
        clients = [await Client.open(server, room, t) for t in (eve, fay, gus)]
        for c in clients:
            await c.until(lambda f: f["type"] == "welcome")
        await clients[0].say("hello from Eve")
        await clients[1].say("hello from Fay")
        await clients[2].until(lambda f: f["type"] == "chat" and f.get("name") == "BFay")
        await clients[1].until(lambda f: f["type"] == "chat" and f.get("name") == "BFay")
        heard = [[f["text"] for f in c.frames if f["type"] == "chat" and not f.get("system")]
                 for c in clients[1:]]
        for c in clients:
            await c.close()
        return heard[0], heard[1]

    fay_heard, gus_heard = asyncio.run(chat())
    assert fay_heard == ["hello from Fay"]  # Eve's line never reached Fay
    assert gus_heard == ["hello from Eve", "hello from Fay"]
    assert delete(server, "/api/blocks/BEve", fay).status_code == 200
    assert server.post(f"/api/rooms/{room}/invite", eve, json={"name": "BFay"}).status_code == 200


def waiting(server: Server) -> int:
    queues = server.get("/api/queue").json()["queues"]
    return sum(q["waiting"] for q in queues if q["game"] == "toy")


def test_queue_seats_two_people_together(server: Server) -> None:
    hal, ida = server.guest("QHal"), server.guest("QIda")
    offer = server.get("/api/queue").json()
    assert offer["games"]["toy"] == {"default": 2}
    assert offer["games"]["evolution"]["easy"] == 2
    assert offer["band"] == {"start": 100.0, "step": 50.0, "every": 10.0}

    async def run() -> tuple[dict[str, Any], dict[str, Any]]:
        a = await Client.open(server, "lobby", hal)
        b = await Client.open(server, "lobby", ida)
        await a.send({"type": "queue", "game": "toy", "bots": None})
        queued = await a.until(lambda f: f["type"] == "queued")
        assert queued["rating"] == 1000.0 and queued["seats"] == 2
        await b.until(lambda f: f["type"] == "waiting" and f["queues"][0]["waiting"] == 1)
        await b.send({"type": "queue", "game": "toy", "bots": None})
        one = await a.until(lambda f: f["type"] == "matched")
        two = await b.until(lambda f: f["type"] == "matched")
        await a.close()
        await b.close()
        return one, two

    one, two = asyncio.run(run())
    assert one["room"] == two["room"] and one["bots"] == 0
    room = server.get(f"/api/rooms/{one['room']}").json()["room"]
    assert room["status"] == "playing" and room["clock"] == 60
    assert sorted(s["name"] for s in room["seats"]) == ["QHal", "QIda"]
    assert waiting(server) == 0


def test_queue_blocked_people_wait_apart_then_bots_fill(server: Server) -> None:
    jon, kim = server.guest("QJon"), server.guest("QKim")
    assert server.post("/api/blocks/QJon", kim).status_code == 200

    async def run() -> tuple[dict[str, Any], int]:
        a = await Client.open(server, "lobby", jon)
        b = await Client.open(server, "lobby", kim)
        await a.send({"type": "queue", "game": "toy", "pace": "turns", "bots": 2})
        await b.send({"type": "queue", "game": "toy", "pace": "turns", "bots": None})
        await b.until(lambda f: f["type"] == "queued")
        await asyncio.sleep(0.5)
        both = waiting(server)
        matched = await a.until(lambda f: f["type"] == "matched", timeout=10)
        await b.close()  # leaving the page leaves the queue
        await a.close()
        return matched, both

    matched, both = asyncio.run(run())
    assert both == 2
    assert matched["bots"] == 1 and matched["people"] == ["QJon"]
    room = server.get(f"/api/rooms/{matched['room']}").json()["room"]
    assert [s["bot"] is not None for s in room["seats"]] == [False, True]
    assert room["days"] == 2
    for _ in range(50):
        if waiting(server) == 0:
            break
        asyncio.run(asyncio.sleep(0.1))
    assert waiting(server) == 0


def test_lobby_socket_refusals(server: Server) -> None:
    lee = server.guest("QLee")

    async def run() -> list[str]:
        anonymous = await Client.open(server, "lobby", None)
        refused = await anonymous.until(lambda f: f["type"] == "error")
        c = await Client.open(server, "lobby", lee)
        codes = [refused["code"]]
        for bad in ({"type": "queue", "game": "nope"}, {"type": "queue", "game": "toy",
                    "bots": 9999}, {"type": "dance"}):
            await c.send(bad)
            codes.append((await c.until(lambda f: f["type"] == "error"))["code"])
        await c.close()
        return codes

    assert asyncio.run(run()) == ["anonymous", "bad_game", "bad_option", "bad_type"]
