"""Each connection gets the legal actions and the log in the language it asked for
(``?lang=`` on the WebSocket and the replay), English when it asked for none or an unknown one."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import websockets
from server_harness import Client, Server, is_state


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 60))


async def open_in(server: Server, room: str, token: str | None, lang: str) -> Client:
    query = f"?lang={lang}" + (f"&token={token}" if token else "")
    return Client(await websockets.connect(f"{server.ws_base}/ws/{room}{query}", max_size=2**22))


def test_sentences_follow_each_connections_language(server: Server) -> None:
    token = server.guest("Masha")
    room = server.room(token, game="evolution")

    async def go() -> None:
        player = await open_in(server, room, token, "ru")
        german = await open_in(server, room, None, "de")
        other = await open_in(server, room, None, "xx")
        await player.say("/bot random")
        await player.say("/start")
        while True:
            frame = await player.until(lambda f: is_state(f) and bool(f["legal"]))
            texts = [a["text"] for a in frame["legal"]]
            if any(a["action"]["type"] == "animal" for a in frame["legal"]):
                break
            await player.send({"type": "act", "version": frame["version"], "index": 0})
        # buttons name the card's faces, never its id (changed with the picks)
        assert any(t.startswith("Сыграть «") and "#" not in t for t in texts), texts
        assert "Пас: больше не выкладывать карт в этом ходу" in texts
        index = next(a["index"] for a in frame["legal"] if a["action"]["type"] == "animal")
        await player.send({"type": "act", "version": frame["version"], "index": index})
        version = frame["version"] + 1

        def logged(f: dict[str, Any]) -> bool:
            return is_state(f) and any(e["v"] == version for e in f["log"])

        mine = next(e for e in (await player.until(logged))["log"] if e["v"] == version)
        theirs = next(e for e in (await german.until(logged))["log"] if e["v"] == version)
        plain = next(e for e in (await other.until(logged))["log"] if e["v"] == version)
        # the log tells what happened (the events), not the order the player chose
        assert re.fullmatch(r"Masha выкладывает новое животное A\d+", mine["text"])
        assert re.fullmatch(r"Masha spielt ein neues Tier A\d+", theirs["text"])
        assert re.fullmatch(r"Masha plays a new animal A\d+", plain["text"])
        for client in (player, german, other):
            await client.close()

    run(go())
