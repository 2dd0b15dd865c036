"""Whole games of every listed game, played by the client that knows only docs/protocol.md.

For every game of ``GET /api/games``: a guest opens a room with the default options, fills the
other seats with bots by chat commands, starts, plays legal actions (by index and by JSON),
sends a stale action and a resync on purpose, reconnects mid-game, and at the end checks the
documented closing frames, the record and the replay against what it saw. A second test has
two people bid at once in one toy room.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from typing import Any

from client import JSON, Http, Table, act_if_asked, choose, expect, step
from server_harness import Server

NAMES = (f"Tester {n}" for n in itertools.count(1))


def run(coro: Any, timeout: float = 240) -> Any:
    return asyncio.run(asyncio.wait_for(coro, timeout))


async def lobby(server: Server, http: Http, game: JSON) -> tuple[Table, str, str]:
    """A room of ``game`` with default options, every other seat a random bot, started."""
    _, token = http.guest(next(NAMES))
    summary = http.create_room(token, game["name"])
    expect(summary["game"] == game["name"] and summary["options"] == game["defaults"],
           "a room gets the game's default options")
    expect(summary["seats"][0]["user_id"] is not None and summary["status"] == "open",
           "the creator sits at seat 0")
    table = await Table.open(server.ws_base, summary["id"], token, game["name"])
    expect(table.seat == 0, "welcome.you.seat is the creator's seat 0")
    for seat in range(1, len(summary["seats"])):
        # chat commands number seats from 1: "/bot random 2" fills JSON seat 1
        answer = await table.command(f"/bot random {seat + 1}")
        expect(answer["type"] == "room", f"/bot answered {answer}")
        expect(answer["room"]["seats"][seat]["bot"] == "random", "the bot sits at seat N - 1")
    line = table.chat[-1]["text"]
    expect(line.endswith(f"seat {len(summary['seats'])}."), f"sentences number from 1: {line}")
    await table.send({"type": "chat", "text": "/start"})
    started = await table.until(lambda f: f["type"] == "room" and f["room"]["status"] == "playing")
    expect(table.state is None, "the room says playing before the first state")
    first_state = await table.until(lambda f: f["type"] == "state")
    expect(first_state["version"] == 0 and not first_state["full"], "the first state is v0")
    return table, token, started["room"]["id"]


async def stale_on_purpose(table: Table) -> None:
    """An act with an old version: the error ``stale`` with its ref, then at once a full state."""
    state = table.state
    assert state is not None
    await table.send({"type": "act", "version": state["version"] - 1, "index": 0, "ref": "old"})
    error = await table.until(lambda f: f["type"] == "error" and f["ref"] == "old")
    expect(error["code"] == "stale" and error["ref"] == "old", f"stale expected: {error}")
    follow = await table.recv()
    expect(follow["type"] == "state" and follow["full"], "the full state right after stale")
    expect(follow["version"] >= state["version"], "the full state is current")


async def reconnect(server: Server, table: Table, token: str, room: str) -> Table:
    """Close and connect again: welcome, the full state, then the room; the log is the same."""
    before = table.state
    assert before is not None
    await table.close()
    again = await Table.open(server.ws_base, room, token, table.game)
    expect(again.seat == table.seat, "the seat is kept")
    state = again.state
    expect(state is not None and state["version"] >= before["version"], "no going back")
    for v, entry in table.log.items():
        expect(again.log[v] == entry, f"log entry {v} is the same after reconnecting")
    return again


async def finish(table: Table, http: Http, room: str) -> None:
    """The documented end: the final state (outcome, no decision), the system line, then the
    room with status over; then the record and the replay agree with what was seen."""
    final = table.state
    assert final is not None and final["decision"] is None
    # the frames after the final state, as they came: a resync asked for a gap at the end may
    # have read past them already (its answer, a full state, is skipped)
    end = next(i for i, f in enumerate(table.frames)
               if f["type"] == "state" and f["decision"] is None)
    after = iter(range(end + 1, 1 << 30))

    async def following() -> JSON:
        for i in after:
            while len(table.frames) <= i:
                await table.recv()
            if table.frames[i]["type"] != "state":
                return table.frames[i]
        raise AssertionError("unreachable")

    line = await following()
    expect(line["type"] == "chat" and line["system"], f"after the final state a line: {line}")
    closing = await following()
    expect(closing["type"] == "room" and closing["room"]["status"] == "over", "then over")
    outcome = final["outcome"]
    expect(closing["room"]["outcome"] == outcome, "the room's outcome is the state's")
    expect(http.room(room)["outcome"] == outcome, "GET /api/rooms/ID has the outcome")
    version = final["version"]
    expect(sorted(table.log) == list(range(1, version + 1)), "the client saw every log entry")
    record = http.record(room)
    expect(record["game"] == table.game and record["outcome"] == outcome, "record outcome")
    expect(record["players"] == [s["name"] for s in closing["room"]["seats"]], "record players")
    expect(len(record["actions"]) == version, "one record action per version")
    for i, action in enumerate(record["actions"]):
        expect(action["seat"] == table.log[i + 1]["seat"], f"record action {i} seat")
    replay = http.replay(room)
    expect(replay["outcome"] == outcome and replay["players"] == record["players"], "replay")
    steps = replay["steps"]
    expect(len(steps) == version + 1 and steps[0]["seat"] is None, "replay steps")
    for v in range(1, version + 1):
        expect(steps[v]["seat"] == table.log[v]["seat"], f"replay step {v} seat")
        expect(steps[v]["text"] == table.log[v]["text"], f"replay step {v} text")
    expect(steps[-1]["view"]["seat"] is None, "replays show the spectators' view")


async def whole_game(server: Server, http: Http, game: JSON, seed: int) -> JSON:
    rng = random.Random(seed)
    table, token, room = await lobby(server, http, game)
    # an anonymous spectator watches the whole game: every frame it gets is checked too
    watcher = await Table.open(server.ws_base, room, None, game["name"])
    expect(watcher.seat is None and watcher.welcome["you"]["name"] == "anonymous", "anonymous")
    turn = 0
    reconnected = stale = resynced = False
    states = simultaneous = 0
    forms = {"index": 0, "action": 0}
    await act_if_asked(table, rng, turn)
    while True:
        turn += 1
        if await step(table, rng, turn):
            break
        state = table.state
        if state is None or state["type"] != "state":
            continue
        if not stale and state["version"] >= 1:
            stale = True
            await stale_on_purpose(table)
        elif not resynced and state["version"] >= 2:
            resynced = True
            full = await table.resync()
            expect(full["version"] >= state["version"], "resync gives the current state")
        elif not reconnected and state["version"] >= 4:
            reconnected = True
            states += table.states
            simultaneous += table.simultaneous
            forms = dict(table.forms)
            table = await reconnect(server, table, token, room)
        else:
            continue
        if await act_if_asked(table, rng, turn):
            break
    expect(stale and resynced and reconnected, "every documented path was taken")
    await finish(table, http, room)
    await table.close()
    await watcher.until(lambda f: f["type"] == "room" and f["room"]["status"] == "over")
    assert watcher.state is not None
    expect(watcher.state["outcome"] == table.state["outcome"] if table.state else False,
           "the spectator saw the same end")
    expect(all(e == table.log[v] for v, e in watcher.log.items()), "and the same log")
    await watcher.close()
    return {"game": game["name"], "version": table.state["version"] if table.state else 0,
            "states": states + table.states, "simultaneous": simultaneous + table.simultaneous,
            "forms": {k: n + table.forms[k] for k, n in forms.items()}}


def test_every_listed_game_plays_to_the_end(server: Server) -> None:
    http = Http(server.base)
    listing = http.games()
    names = [g["name"] for g in listing["games"]]
    expect(listing["default"] in names and len(names) >= 2, f"games listed: {names}")
    results = [run(whole_game(server, http, game, seed)) for seed, game in
               enumerate(listing["games"])]
    assert [r["game"] for r in results] == names
    for result in results:
        # versions that pass while the client reconnects come as one full state, so a slow
        # machine may see fewer frames than versions: count only that states came
        assert result["version"] > 0 and result["states"] > 0, result
        assert min(result["forms"].values()) > 0, result  # by index and by action JSON
    simultaneous = [r for r in results if r["simultaneous"]]
    assert simultaneous, "a game with a simultaneous decision was played"


def test_two_people_bid_at_the_same_time(server: Server) -> None:
    http = Http(server.base)

    async def go() -> None:
        (_, a_token), (_, b_token) = http.guest(next(NAMES)), http.guest(next(NAMES))
        summary = http.create_room(a_token, "toy")
        room = summary["id"]
        a = await Table.open(server.ws_base, room, a_token, "toy")
        b = await Table.open(server.ws_base, room, b_token, "toy")
        expect(b.seat is None, "a person who has not joined watches")
        joined = await b.command("/join 2")
        expect(joined["type"] == "room" and joined["room"]["seats"][1]["name"], "/join 2")
        await a.send({"type": "chat", "text": "/start"})
        for t in (a, b):
            await t.until(lambda f: f["type"] == "state")
        expect(b.seat == 1, "/join 2 gives JSON seat 1 (the room frame's user_id is you.id)")
        for t in (a, b):
            state = t.state
            assert state is not None
            expect(state["decision"]["seats"] == [0, 1] and state["legal"], "both bid")
        rng = random.Random(7)
        assert a.state is not None and b.state is not None
        frames = [choose(a.state, rng, 0), choose(b.state, rng, 1)]
        await asyncio.gather(a.send(frames[0]), b.send(frames[1]))

        async def settle(t: Table) -> list[dict[str, Any]]:
            """Both bids were sent with version 0 and both stand (the decision is still open
            when the second arrives): no error, then the frames of versions 1 and 2."""
            seen = []
            while True:
                frame = await t.recv()
                expect(frame["type"] != "error", f"a bid sent at the same time stands: {frame}")
                if frame["type"] == "state":
                    seen.append(frame)
                    if frame["version"] == 2:
                        return seen

        frames_a, frames_b = await asyncio.gather(settle(a), settle(b))
        for t, seen in ((a, frames_a), (b, frames_b)):
            first, other = seen[0], 1 - (t.seat or 0)
            expect(first["version"] == 1, "the first bid's frame comes first")
            if first["chosen"]:
                expect(first["legal"] is None, "the seat that has chosen waits")
            expect(first["view"]["players"][other]["bid"] is None, "another's bid stays hidden")
        expect(a.log[1]["text"].endswith("bids.") and a.log[1]["by"] == "human",
               "the hidden bid's log line does not say it")
        first_bid = a.log[1]["lines"]
        expect([x["type"] for x in first_bid] == ["bid_made"] and first_bid[0]["seat"] in (0, 1),
               "a log entry's lines: one per event, its type and the seat it names")
        types = [x["type"] for x in a.log[2]["lines"]]
        expect(types[:2] == ["bid_made", "bids_revealed"] and "seat" not in a.log[2]["lines"][1],
               f"the second bid's entry: the bid, then the reveal, each its own line: {types}")
        assert a.state is not None
        expect(a.state["view"]["bids_revealed"], "both bids are in and revealed")

        async def play_out(t: Table, seed: int) -> None:
            mine = random.Random(seed)
            over = await act_if_asked(t, mine, 0)
            turn = 0
            while not over:
                turn += 1
                over = await step(t, mine, turn)

        await asyncio.gather(play_out(a, 1), play_out(b, 2))
        assert a.state is not None and b.state is not None
        expect(a.state["view"]["bids_revealed"], "bids are revealed")
        expect(a.log == b.log, "both saw the same log")
        expect(a.state["outcome"] == b.state["outcome"], "and the same outcome")
        for t in (a, b):
            await t.close()

    run(go())
