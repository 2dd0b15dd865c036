"""The table's extras over a real server: the running score and the final breakdown, the
confirm flag on actions that end a phase, and undo with its refusals."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from server_harness import Client, Server, at_version, is_state


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 60))


def hand_ids(frame: dict[str, Any], seat: int) -> list[int]:
    return [card["id"] for card in frame["view"]["players"][seat]["hand"]]


async def two_people(server: Server, game: str, a: str, b: str) -> list[Client]:
    """A started two-player room of ``game`` between two new guests, both at version 0."""
    host, guest = server.guest(a), server.guest(b)
    room = server.room(host, game=game, players=2)
    first = await Client.open(server, room, host)
    second = await Client.open(server, room, guest)
    await second.say("/join 2")
    await first.until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["name"] == b)
    await first.say("/start")
    await at_version(first, 0)
    await at_version(second, 0)
    return [first, second]


def test_score_and_breakdown_in_frames(server: Server) -> None:
    async def go() -> None:
        clients = await two_people(server, "toy", "Score A", "Score B")
        a, b = clients
        state = a.state
        assert state is not None
        board = state["score"]
        assert [s["total"] for s in board["seats"]] == [0, 0]
        assert [p[0] for p in board["seats"][0]["parts"]] == ["score.tricks", "score.bid"]
        assert all(item["confirm"] is False for item in state["legal"] or [])
        while state["decision"] is not None:
            seat = state["decision"]["seats"][0]
            mine = await at_version(clients[seat], state["version"])
            await clients[seat].send({"type": "act", "version": mine["version"], "index": 0})
            state = await at_version(a, state["version"] + 1)
            assert [s["total"] for s in state["score"]["seats"]] == [
                p["score"] for p in state["view"]["players"]]
        outcome = state["outcome"]
        breakdown = outcome["breakdown"]
        assert [s["total"] for s in breakdown["seats"]] == outcome["scores"]
        assert breakdown["tiebreak"] in (None, "score.tiebreak.taken", "score.tiebreak.shared")
        room = server.get(f"/api/rooms/{state['room']}").json()["room"]
        assert room["outcome"]["breakdown"] == breakdown  # stored with the outcome
        await a.close()
        await b.close()

    run(go())


def test_undo_a_development_card(server: Server) -> None:
    async def go() -> None:
        clients = await two_people(server, "evolution", "Undo A", "Undo B")
        first = await at_version(clients[0], 0)
        me = first["decision"]["seats"][0]
        a, b = clients[me], clients[1 - me]
        start = await at_version(a, 0)
        assert start["undo"] is False
        passes = [i for i in start["legal"] if i["action"]["type"] == "pass"]
        plays = [i for i in start["legal"] if i["action"]["type"] == "animal"]
        assert passes and all(i["confirm"] for i in passes)
        assert plays and not any(i["confirm"] for i in plays)
        card = plays[0]["action"]["card"]
        await a.send({"type": "undo", "version": 0})
        await a.error("no_undo")
        await a.send({"type": "act", "version": 0, "index": plays[0]["index"]})
        played = await at_version(a, 1)
        assert played["undo"] is True and card not in hand_ids(played, me)
        seen = await at_version(b, 1)
        assert seen["undo"] is False and seen["decision"]["seats"] == [1 - me]
        await b.send({"type": "undo", "version": 1})  # not b's move
        await b.error("no_undo")
        await a.send({"type": "undo", "version": 0})
        await a.error("stale")
        await a.until(lambda f: is_state(f) and f["full"])
        await a.send({"type": "undo", "version": 1, "ref": 7})
        back = await a.until(lambda f: is_state(f) and f["version"] == 0)
        assert back["full"] and back["undo"] is False and back["log"] == []
        assert card in hand_ids(back, me) and back["decision"]["seats"] == [me]
        other = await b.until(lambda f: is_state(f) and f["version"] == 0)
        assert other["full"] and other["view"]["players"][me]["hand"] is None
        assert other["view"]["players"][me]["hand_size"] == len(hand_ids(back, me))
        lines = [f["text"] for f in b.frames if f["type"] == "chat" and f["system"]]
        assert lines[-1] == f"Undo {'AB'[me]} takes back their last move."
        # the undone version is stale: an act for it is refused and changes nothing
        await b.send({"type": "act", "version": 1, "index": 0})
        await b.error("stale")
        # play again: the store holds the new action at index 0, and b acts on version 1
        await a.send({"type": "act", "version": 0, "index": plays[0]["index"]})
        await at_version(b, 1)
        await b.send({"type": "act", "version": 1, "index": 0})
        after = await at_version(a, 2)
        assert after["undo"] is False  # another seat acted since
        await a.send({"type": "undo", "version": 2})
        await a.error("no_undo")
        await a.close()
        await b.close()

    run(go())


def test_undo_refused_for_spectators_and_malformed(server: Server) -> None:
    async def go() -> None:
        a, b = await two_people(server, "evolution", "Undo C", "Undo D")
        room = a.state["room"] if a.state else ""
        watcher = await Client.open(server, room, server.guest("Undo Watcher"))
        await watcher.until(is_state)
        await watcher.send({"type": "undo", "version": 0})
        await watcher.error("not_seated")
        await a.send({"type": "undo", "version": "0"})
        await a.error("bad_message")
        for client in (a, b, watcher):
            await client.close()

    run(go())


def test_hidden_choice_is_never_undone(server: Server) -> None:
    """A bid is a hidden simultaneous choice, and the toy game declares nothing undoable."""
    async def go() -> None:
        a, b = await two_people(server, "toy", "Record A", "Record B")
        await a.send({"type": "act", "version": 0, "index": 0})
        mine = await at_version(a, 1)
        assert mine["undo"] is False
        await a.send({"type": "undo", "version": 1})
        await a.error("no_undo")
        await a.close()
        await b.close()

    run(go())


def test_an_undo_is_stored_before_anything_else(tmp_path: Path) -> None:
    """The undone action's row is gone from the database: a server killed right after the
    undo resumes at the earlier version, with the card in hand, and the game goes on."""
    server = Server(tmp_path / "undo.db", grace=30.0)
    server.start()
    try:
        host, guest = server.guest("Kill A"), server.guest("Kill B")
        room = server.room(host, game="evolution", players=2)

        async def undo_then_kill() -> tuple[int, list[int]]:
            a = await Client.open(server, room, host)
            b = await Client.open(server, room, guest)
            await b.say("/join 2")
            await a.until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["name"])
            await a.say("/start")
            first = await at_version(a, 0)
            me = first["decision"]["seats"][0]
            mover = (a, b)[me]
            start = await at_version(mover, 0)
            play = next(i for i in start["legal"] if i["action"]["type"] == "animal")
            await mover.send({"type": "act", "version": 0, "index": play["index"]})
            await at_version(mover, 1)
            await mover.send({"type": "undo", "version": 1})
            back = await mover.until(lambda f: is_state(f) and f["full"] and f["version"] == 0)
            return me, hand_ids(back, me)

        me, hand = run(undo_then_kill())
        server.kill()
        server.start()
        assert server.get(f"/api/rooms/{room}").json()["room"]["version"] == 0

        async def after_restart() -> None:
            mover = await Client.open(server, room, (host, guest)[me])
            state = await mover.until(lambda f: is_state(f) and f["full"])
            assert state["version"] == 0 and state["log"] == [] and state["undo"] is False
            assert hand_ids(state, me) == hand
            await mover.send({"type": "act", "version": 0, "index": 0})
            await at_version(mover, 1)
            await mover.close()

        run(after_restart())
    finally:
        server.stop()
