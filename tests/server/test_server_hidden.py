"""No frame sent to a seat carries another seat's hidden information.

Three seats play a whole game through the server (two people, one bot): the toy game, whose
bids are hidden until all are in, and Evolution. Every frame each person received is kept;
afterwards the record is replayed and each state frame is compared with what the engine says
that seat may see at that version.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from server_harness import Client, Server, is_state

from evolutio.core.match import replay
from evolutio.core.record import Record
from evolutio.core.registry import get_game


def keys(value: Any) -> set[str]:
    """Every key anywhere in a JSON value."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


async def seat_player(client: Client, rng: random.Random) -> None:
    """Answer this seat's decisions at random until the game is over."""
    while True:
        frame = await client.until(is_state, timeout=30)
        if frame["decision"] is None:
            return
        if frame["legal"]:
            index = rng.randrange(len(frame["legal"]))
            await client.send({"type": "act", "version": frame["version"], "index": index})


@pytest.mark.parametrize("game", ["toy", "evolution"])
def test_frames_hold_only_what_the_seat_may_see(server: Server, game: str) -> None:
    tokens = [server.guest(f"Hana {game}"), server.guest(f"Ivo {game}")]
    room = server.room(tokens[0], game=game, players=3)

    async def go() -> list[Client]:
        clients = [await Client.open(server, room, t) for t in tokens]
        watcher = await Client.open(server, room, None)
        await clients[1].say("/join")
        await clients[0].say("/bot random")
        await clients[0].say("/start")
        await asyncio.gather(
            *(seat_player(c, random.Random(i)) for i, c in enumerate(clients)),
            watcher.until(lambda f: is_state(f) and f["decision"] is None, timeout=60),
        )
        for c in (*clients, watcher):
            await c.close()
        return [*clients, watcher]

    received = asyncio.run(asyncio.wait_for(go(), 120))
    record = Record.from_json(server.get(f"/api/rooms/{room}/record").json())
    assert record.rules == get_game(game).info.rules  # the room stored its game's rules
    views: dict[int, dict[int | None, Any]] = {}
    legal: dict[int, dict[int, int]] = {}
    bids: dict[int, list[Any]] = {}
    for match, _ in replay(record):
        version = match.version
        views[version] = {s: match.view(s) for s in (0, 1, 2, None)}
        legal[version] = {s: len(match.legal(s)) for s in match.pending()}
        bids[version] = list(getattr(match.state, "bids", []))
    checked = 0
    for seat, client in zip((0, 1, None), received, strict=True):
        assert client.frames, "no frames received"
        for frame in client.frames:
            text = json.dumps(frame)
            assert "seed" not in keys(frame), "the seed would reveal the deck"
            if not is_state(frame):
                continue
            v = frame["version"]
            assert frame["seat"] == seat
            assert frame["view"] == views[v][seat], f"seat {seat} version {v}: view differs"
            for player in frame["view"]["players"]:
                if player["seat"] != seat:
                    assert player["hand"] is None and player.get("discard") is None
                    if game == "toy" and not frame["view"]["bids_revealed"]:
                        assert player["bid"] is None
            if game == "toy" and not frame["view"]["bids_revealed"]:
                # another seat's bid is in no field and no sentence of the frame
                for other, bid in enumerate(bids[v]):
                    if other != seat and bid is not None:
                        public = json.dumps({k: x for k, x in frame.items() if k != "legal"})
                        assert f"bid {bid}" not in public.lower()
                        assert all("Bid " not in e["text"] for e in frame["log"])
            if seat is None or seat not in legal[v]:
                assert frame["legal"] is None
            else:
                assert len(frame["legal"]) == legal[v][seat]
            assert len(text) < 1_000_000
            checked += 1
    assert checked > 3 * 5
