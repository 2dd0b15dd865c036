"""Several server processes on one PostgreSQL database and one Redis (``serve --redis``).

Three real processes; the clients of one room are seated on different processes; its owner
is killed (kill -9) in the middle of a game with a bot, another process takes the room over
from the event log, and the game finishes with every action kept exactly once.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
import websockets
from cluster_harness import Node, nodes, postgres_url, redis_url, run
from server_harness import Client
from sqlalchemy import create_engine, text

from evolutio.core.match import Match
from evolutio.core.record import Record
from evolutio.server.db import normalize_db_url

__all__ = ["postgres_url", "redis_url"]  # fixtures, used by name


@pytest.fixture(scope="module")
def cluster(postgres_url: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
            ) -> Iterator[list[Node]]:
    """Three processes (ports) on the same database and Redis."""
    with nodes(tmp_path_factory.mktemp("cluster"), postgres_url, redis_url, 3) as started:
        yield started



def action_rows(db: str, room: str) -> list[tuple[int, int, str]]:
    """The room's event log: (index, seat, by) per stored action, in order."""
    engine = create_engine(normalize_db_url(db))
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text("SELECT idx, seat, by FROM actions WHERE room_id = :r ORDER BY idx"),
                {"r": room},
            ).all()
    finally:
        engine.dispose()
    return [(int(i), int(s), str(b)) for i, s, b in rows]


class Seated:
    """A person's client that plays random legal actions, and reconnects to the next
    live process whenever its socket closes (its process died or the room moved)."""

    def __init__(self, name: str, token: str, room: str, homes: list[Node], seed: int) -> None:
        self.name, self.token, self.room, self.homes = name, token, room, homes
        self.rng = random.Random(seed)
        self.client: Client | None = None
        self.reconnects = 0
        #: (version, index) of every act sent; the last one is sent again after a reconnect
        self.sent: list[tuple[int, int]] = []
        self.retried = 0
        self.back_at: float | None = None  # when a state came after the first reconnect

    async def connect(self) -> Client:
        while True:
            live = [n for n in self.homes if n.proc is not None and n.proc.poll() is None]
            try:
                client = await Client.open(live[self.reconnects % len(live)], self.room,
                                           self.token)
                self.client = client
                return client
            except OSError:
                self.reconnects += 1
                await asyncio.sleep(0.2)

    async def play(self, after_act: Any = None) -> dict[str, Any]:
        """Play to the end of the game; the final state frame."""
        client = await self.connect()
        while True:
            try:
                frame = await client.next(timeout=60)
            except (websockets.ConnectionClosed, OSError):
                self.reconnects += 1
                client = await self.connect()
                if self.sent:  # the act in flight when the socket closed, sent again
                    version, index = self.sent[-1]
                    self.retried += 1
                    await client.send({"type": "act", "version": version, "index": index})
                continue
            if frame["type"] != "state":
                continue
            if self.reconnects and self.back_at is None:
                self.back_at = time.monotonic()
            if frame["decision"] is None:
                return frame
            if frame.get("legal") and not frame.get("chosen"):
                index = self.rng.randrange(len(frame["legal"]))
                self.sent.append((frame["version"], index))
                await client.send({"type": "act", "version": frame["version"], "index": index})
                if after_act is not None:
                    await after_act(frame["version"])


def test_owner_killed_mid_game_another_process_finishes_it(
    cluster: list[Node], postgres_url: str
) -> None:
    owner, second, third = cluster
    tokens = [second.guest("Vera"), third.guest("Gleb")]
    room = owner.room(tokens[0], players=3)  # made on the owner: it holds the room's lease
    killed_at: list[float] = []

    async def seat_everyone() -> None:
        # seated through the other two processes: every frame of theirs is relayed
        host = await Client.open(second, room, tokens[0])
        guest = await Client.open(third, room, tokens[1])
        await guest.say("/join")
        await host.say("/bot random")
        await guest.until(lambda f: f["type"] == "room"
                          and all(s["name"] is not None for s in f["room"]["seats"]))
        await host.close()
        await guest.close()

    run(seat_everyone())

    async def kill_mid_game(version: int) -> None:
        if version >= 4 and not killed_at:
            killed_at.append(time.monotonic())
            await asyncio.to_thread(owner.kill)

    async def game() -> tuple[dict[str, Any], dict[str, Any]]:
        players = [Seated("Vera", tokens[0], room, [second, third], 1),
                   Seated("Gleb", tokens[1], room, [third, second], 2)]
        starter = await Client.open(second, room, tokens[0])
        await starter.say("/start")
        await starter.close()
        finals = await asyncio.gather(players[0].play(kill_mid_game), players[1].play())
        assert all(p.reconnects >= 1 for p in players)  # both noticed the owner's death
        back = min(p.back_at for p in players if p.back_at is not None)
        print(f"\ntakeover: {back - killed_at[0]:.2f} s from kill -9 to the next state; "
              f"acts sent again after reconnecting: {sum(p.retried for p in players)}")
        return finals[0], finals[1]

    final, other = run(game(), timeout=300)
    assert killed_at, "the owner was not killed mid-game"
    assert final["outcome"] is not None and final["outcome"] == other["outcome"]
    rows = action_rows(postgres_url, room)
    # every action kept exactly once: one row per version, none missing, none twice
    assert [r[0] for r in rows] == list(range(final["version"]))
    assert {r[2] for r in rows} <= {"human", "bot", "timeout"}
    assert any(r[2] == "bot" for r in rows)
    record = Record.from_json(second.get(f"/api/rooms/{room}/record").json())
    assert len(record.actions) == final["version"] == len(rows)
    outcome = Match.from_record(record).outcome()
    assert outcome is not None and list(outcome.scores) == final["outcome"]["scores"]
    print(f"actions kept: {len(rows)} (versions 0..{len(rows) - 1}, each once)")
    for node in (second, third):
        assert "Traceback" not in node.log_text()
    taken = [n for n in (second, third) if f"room {room} taken over" in n.log_text()]
    assert len(taken) == 1  # one process took the room over


def test_lobby_and_chat_are_the_same_from_every_process(cluster: list[Node]) -> None:
    live = [n for n in cluster if n.proc is not None and n.proc.poll() is None]
    first, other = live[0], live[-1]
    token = first.guest("Olya")
    room = first.room(token, players=2)
    for node in live:  # the lobby of every process lists it (within a lease renewal)
        deadline = time.monotonic() + 10
        while True:
            listed = {r["id"]: r for r in node.get("/api/rooms").json()["rooms"]}
            if room in listed or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert listed[room]["host"] == "Olya"

    async def talk() -> tuple[dict[str, Any], dict[str, Any]]:
        here = await Client.open(first, room, token)
        there = await Client.open(other, room, None)  # a spectator relayed by another process
        welcome = await there.until(lambda f: f["type"] == "welcome")
        await here.say("hello from the owner")
        line = await there.until(lambda f: f["type"] == "chat" and not f["system"])
        await here.close()
        await there.close()
        return welcome, line

    welcome, line = run(talk())
    assert welcome["room"]["id"] == room and welcome["you"]["seat"] is None
    assert line["text"] == "hello from the owner" and line["name"] == "Olya"


def test_relayed_client_in_its_own_language(cluster: list[Node]) -> None:
    live = [n for n in cluster if n.proc is not None and n.proc.poll() is None]
    first, other = live[0], live[-1]
    token = first.guest("Ivan")
    room = first.room(token, players=2)

    async def go() -> dict[str, Any]:
        url = f"{other.ws_base}/ws/{room}?token={token}&lang=ru"
        client = Client(await websockets.connect(url))
        await client.say("/bot random")
        await client.say("/start")
        state = await client.until(lambda f: f["type"] == "state" and bool(f.get("legal")))
        await client.send({"type": "act", "version": state["version"], "index": 0})
        await client.until(lambda f: f["type"] == "state" and f["version"] > state["version"])
        await client.send({"type": "act", "version": state["version"], "index": 0})
        # the bot's next move may come first; the answer is an error or a full state
        answer = await client.until(lambda f: f["type"] == "error"
                                    or (f["type"] == "state" and f["full"]))
        await client.close()
        return {"first": state, "answer": answer}

    got = run(go())
    # the prompt is said in the relayed socket's language (Russian: Cyrillic letters)
    prompt = got["first"]["decision"]["prompt"]
    assert any("а" <= ch <= "я" for ch in prompt.lower()), prompt
    # the same act sent again is recognised: answered with the state, not refused as stale
    assert got["answer"]["type"] == "state" and got["answer"]["full"]


def test_an_index_written_elsewhere_reloads_the_room(
    cluster: list[Node], postgres_url: str
) -> None:
    """A process that wakes up after another took its room over finds its next action
    index already written: it drops the room instead of going on from a stale state, and the
    room is loaded again with the other process's action (kept once; this one refused)."""
    live = [n for n in cluster if n.proc is not None and n.proc.poll() is None]
    owner = live[0]
    tokens = [owner.guest("Rita"), owner.guest("Egor")]
    room = owner.room(tokens[0], players=2)

    async def go() -> tuple[dict[str, Any], dict[str, Any], int]:
        clients = [await Client.open(owner, room, t) for t in tokens]
        await clients[1].say("/join")
        await clients[0].until(lambda f: f["type"] == "room"
                               and all(s["name"] is not None for s in f["room"]["seats"]))
        await clients[0].say("/start")
        state = await clients[0].until(lambda f: f["type"] == "state" and bool(f["legal"]))
        legal = state["legal"]
        # "another owner" wrote seat 0's action at this index (the first legal one) ...
        engine = create_engine(normalize_db_url(postgres_url))
        with engine.begin() as conn:
            conn.execute(text(
                'INSERT INTO actions (room_id, idx, seat, action, "by", created_at) '
                "VALUES (:r, :i, 0, CAST(:a AS JSON), 'human', now())"),
                {"r": room, "i": state["version"], "a": json.dumps(legal[0]["action"])})
        engine.dispose()
        # ... so this process's write of another action at the same index is refused
        await clients[0].send({"type": "act", "version": state["version"], "index": 1})
        with pytest.raises(websockets.ConnectionClosed):
            await clients[0].until(lambda f: False, timeout=30)
        again = await Client.open(owner, room, tokens[0])
        resumed = await again.until(lambda f: f["type"] == "state" and f["full"])
        await again.close()
        await clients[1].close()
        return state, resumed, len(legal)

    before, resumed, choices = run(go())
    assert choices >= 2
    assert resumed["version"] == before["version"] + 1
    rows = action_rows(postgres_url, room)
    assert [r[0] for r in rows] == [before["version"]] and rows[0][1] == 0
    assert "moved on elsewhere" in owner.log_text()
