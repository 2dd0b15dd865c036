"""Reasons in the player's language: the ``illegal`` error of an ``act`` and the answer to a
``why`` frame are said in the connection's language (docs/protocol.md, "Why not?")."""

from __future__ import annotations

import asyncio
from typing import Any

import websockets
from server_harness import Client, Server, is_state


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 60))


async def open_in(server: Server, room: str, token: str | None, lang: str) -> Client:
    query = f"?lang={lang}" + (f"&token={token}" if token else "")
    return Client(await websockets.connect(f"{server.ws_base}/ws/{room}{query}", max_size=2**22))


def is_error(frame: dict[str, Any]) -> bool:
    return bool(frame["type"] == "error")


def is_why(frame: dict[str, Any]) -> bool:
    return bool(frame["type"] == "why")


async def bidding(server: Server, name: str, lang: str) -> tuple[Client, Client, dict[str, Any]]:
    """A person (speaking ``lang``) and a spectator at a started two-seat trick game with a
    bot; the person's first state frame, where it bids."""
    token = server.guest(name)
    room = server.room(token, game="toy")
    player = await open_in(server, room, token, lang)
    await player.say("/join 1")
    await player.say("/bot random 2")
    await player.say("/start")
    frame = await player.until(lambda f: is_state(f) and bool(f["legal"]))
    watcher = await open_in(server, room, None, lang)
    return player, watcher, frame


def test_an_illegal_act_is_refused_in_the_connections_language(server: Server) -> None:
    async def go() -> None:
        player, watcher, frame = await bidding(server, "Olya", "ru")
        await player.send({"type": "act", "version": frame["version"],
                           "action": {"type": "bid", "tricks": 99}, "ref": 7})
        error = await player.until(is_error)
        assert error["code"] == "illegal" and error["ref"] == 7
        assert error["message"].startswith("Ставка — от 0 до "), error
        # a refusal without a sentence key (malformed input) stays as the game wrote it
        await player.send({"type": "act", "version": frame["version"],
                           "action": {"type": "dance"}})
        error = await player.until(is_error)
        assert error["code"] == "illegal" and "dance" in error["message"]
        for client in (player, watcher):
            await client.close()

    run(go())


def test_why_answers_in_the_connections_language(server: Server) -> None:
    async def go() -> None:
        player, watcher, frame = await bidding(server, "Giulia", "it")
        await player.send({"type": "why", "action": {"type": "bid", "tricks": 99}, "ref": "a"})
        answer = await player.until(is_why)
        assert answer["ok"] is False and answer["ref"] == "a"
        assert answer["text"].startswith("Dichiara da 0 a "), answer
        legal = frame["legal"][0]
        await player.send({"type": "why", "action": legal["action"]})
        answer = await player.until(is_why)
        assert answer["ok"] is True and answer["text"] == "Questo si può giocare ora."
        # a thing no legal action names: the game has no explain, the server says "not now"
        await player.send({"type": "why", "targets": [["card", 999]]})
        answer = await player.until(is_why)
        assert answer == {"type": "why", "targets": [["card", 999]], "action": None,
                          "ok": False, "text": "Questo non si può usare ora.", "ref": None}
        # a spectator plays no part
        await watcher.send({"type": "why", "target": ["card", 1]})
        answer = await watcher.until(is_why)
        assert answer["text"] == "Non giochi in questa partita."
        # malformed questions are refused and change nothing
        for bad in ({"type": "why"}, {"type": "why", "targets": [["card"]]},
                    {"type": "why", "targets": "card"}, {"type": "why", "action": 3},
                    {"type": "why", "targets": [[1, 2]]}):
            await player.send(bad)
            error = await player.until(is_error)
            assert error["code"] == "bad_message", (bad, error)
        for client in (player, watcher):
            await client.close()

    run(go())


def test_why_names_the_engines_reason_for_a_clicked_thing(server: Server) -> None:
    """Evolution explains a hand card clicked out of its phase, in Russian."""

    async def go() -> None:
        token = server.guest("Lida")
        room = server.room(token, game="evolution")
        player = await open_in(server, room, token, "ru")
        await player.say("/join 1")
        await player.say("/bot random 2")
        await player.say("/start")
        frame = await player.until(lambda f: is_state(f) and bool(f["legal"]))
        hand = next(p for p in frame["view"]["players"] if p["seat"] == frame["seat"])["hand"]
        # a card and a place the rules refuse (no Continents: there are no places)
        await player.send({"type": "why", "targets": [["card", hand[0]["id"]],
                                                      ["location", "ocean"]]})
        answer = await player.until(is_why)
        assert answer["ok"] is False
        assert answer["text"] == "Без дополнения «Континенты» локаций нет.", answer
        # the card alone can be played now
        await player.send({"type": "why", "target": ["card", hand[0]["id"]]})
        answer = await player.until(is_why)
        assert answer["ok"] is True
        await player.close()

    run(go())
