"""The fuzz corpus: thousands of malformed WebSocket frames and HTTP requests. Each gets a
clear refusal (an ``error`` frame, a 4xx answer), never a server error nor a traceback, and
an honest player's connection in the same room keeps working throughout."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
from server_harness import Client, Server

DEEP = "[" * 5000 + "]" * 5000
HUGE = "1" * 5000


def frames(rng: random.Random, count: int) -> list[str]:
    """``count`` malformed or hostile frames, the named cases first."""
    named = [
        DEEP, '{"type": "act", "version": ' + HUGE + ', "index": 0}',
        '{"type": "chat", "text": "\\ud800"}', '{"type": "chat", "text": "/"}',
        '{"type": "chat", "text": "/ "}', '{"type": "chat", "text": "//"}',
        '{"type": "act", "version": 0, "action": ' + DEEP[:200] + DEEP[-200:] + "}",
        '{"type": "act", "version": 0, "index": 1e999}', "null", "[]", "1", '"x"', "",
        '{"type": "act"}', '{"type": "act", "version": true, "index": 0}',
        '{"type": "\\udfff"}', '{"type": "chat", "text": {"a": 1}}', "\x00", "{" * 3000,
    ]
    junk: list[Any] = [None, True, -1, 2**70, 1.5, "", "x" * 500, [], {}, [1, [2]], {"a": None}]
    out = list(named)
    keys = ["type", "version", "index", "action", "text", "ref"]
    types = ["act", "chat", "resync", "ping", "nope", None, 3]
    while len(out) < count:
        kind = rng.randrange(4)
        if kind == 0:
            msg = {k: rng.choice(junk) for k in rng.sample(keys, rng.randrange(1, 5))}
            msg["type"] = rng.choice(types)
            out.append(json.dumps(msg))
        elif kind == 1:
            out.append(json.dumps({"type": "chat", "text": "/" + rng.choice(
                ["join", "bot", "kick", "option", "start", "leave", "x", ""]) + " " + " ".join(
                str(rng.choice(junk)) for _ in range(rng.randrange(3)))}))
        elif kind == 2:
            base = json.dumps({"type": "act", "version": 0, "action": {"type": "bid", "tricks": 1}})
            cut = rng.randrange(len(base))
            out.append(base[:cut] + chr(rng.randrange(0x20, 0x3000)) + base[cut + 1:])
        else:
            out.append("".join(chr(rng.randrange(1, 0x10FFFF) if rng.random() < 0.1 else
                                   rng.randrange(0x20, 0x7F)) for _ in range(rng.randrange(40)))
                       .encode("utf-8", "surrogatepass").decode("utf-8", "replace"))
    return out[:count]


def requests(rng: random.Random, count: int) -> list[tuple[str, str, bytes]]:
    """``count`` malformed HTTP requests (method, path, JSON body)."""
    bodies = [DEEP.encode(), ('{"name": ' + HUGE + "}").encode(), b'{"name": "\\ud800x"}',
              b"\xff\xfe", b"[]", b"null", b'{"name": ["a"]}', b'{"game": {"x": 1}}',
              b'{"options": "x", "clock": -5}', b'{"clock": 1e999}', b"{" * 3000]
    paths = ["/api/guest", "/api/rooms", "/api/register", "/api/logout"]
    gets = ["/", "/api/rooms/%00", "/api/users/%ff", "/api/rooms?limit=-1",
            "/api/rooms?offset=" + HUGE, "/api/leaderboard?game=%00", "/api/names/..",
            "/api/rooms/x/replay?lang=\udfff".encode("utf-8", "surrogatepass").decode("latin-1"),
            "/api/users/" + "a" * 3000]
    out: list[tuple[str, str, bytes]] = []
    while len(out) < count:
        if rng.random() < 0.3:
            out.append(("GET", rng.choice(gets), b""))
        else:
            out.append(("POST", rng.choice(paths), rng.choice(bodies)))
    return out


def test_the_fuzz_corpus_gets_clear_refusals(server: Server) -> None:
    rng = random.Random(15)
    token = server.guest("Fuzz Host")
    honest_token = server.guest("Fuzz Honest")
    room = server.room(token)
    corpus = frames(rng, 4000)
    answers: list[dict[str, Any]] = []

    async def fuzz_socket(part: list[str]) -> None:
        client = await Client.open(server, room, token)
        for i in range(0, len(part), 100):  # under the frame rate limit
            for text in part[i:i + 100]:
                await client.send(text)
            await client.send({"type": "ping", "ref": "done"})
            while (await client.next())["type"] != "pong":
                pass
            await asyncio.sleep(0.5)
        answers.extend(client.frames)
        await client.close()

    async def honest() -> int:
        client = await Client.open(server, room, honest_token)
        pongs = 0
        for n in range(20):
            await client.send({"type": "ping", "ref": n})
            await client.until(lambda f: f["type"] == "pong")
            pongs += 1
            await asyncio.sleep(0.2)
        await client.close()
        return pongs

    async def run() -> int:
        parts = [corpus[i::16] for i in range(16)]
        results = await asyncio.gather(honest(), *(fuzz_socket(p) for p in parts))
        return int(results[0])

    assert asyncio.run(asyncio.wait_for(run(), 90)) == 20
    errors = [f for f in answers if f["type"] == "error"]
    assert len(errors) > 500
    assert not [f for f in errors if f["code"] == "internal"]
    assert all(isinstance(f["message"], str) and f["message"] for f in errors)
    statuses: dict[int, int] = {}
    with httpx.Client(base_url=server.base, headers={"authorization": f"Bearer {token}"}) as c:
        for method, path, body in requests(rng, 1200):
            headers = {"content-type": "application/json"}
            r = c.request(method, path, content=body or None, headers=headers)
            statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
            assert r.status_code < 500, (method, path, body[:80], r.text)
            assert r.status_code == 200 or "error" in r.json()
    assert statuses.get(400, 0) > 100
    log = server.log_text()
    assert "Traceback" not in log and "message failed" not in log
    # one line per socket that sent malformed frames, not one per frame
    assert 1 <= log.count("malformed frames from Fuzz Host") <= 16
