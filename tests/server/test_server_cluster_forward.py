"""Every room from every process (``serve --redis``): hints, presence and rematches asked of
the process playing the room, 1012 for every client of a room that moves, each worker's own
metrics, and the lobby's list shared at once. Real processes on real PostgreSQL and Redis
(cluster_harness); figures are printed, never asserted."""

from __future__ import annotations

import asyncio
import os
import random
import socket
import statistics
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import redis
import websockets
from cluster_harness import EVOLUTIO, Node, free_port, nodes, postgres_url, redis_url, run
from prometheus_client.parser import text_string_to_metric_families
from server_harness import Client, is_state, play

from evolutio.server.cluster.lease import lease_key, node_channel
from evolutio.server.cluster.listing import LISTED

__all__ = ["postgres_url", "redis_url"]  # fixtures, used by name


@pytest.fixture(scope="module")
def trio(postgres_url: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[list[Node]]:
    """Three processes (ports) on one database and one Redis."""
    with nodes(tmp_path_factory.mktemp("forward"), postgres_url, redis_url, 3) as started:
        yield started



def wait_for(check: Any, what: str, timeout: float = 20.0) -> Any:
    """Poll ``check()`` until it gives something true; that value."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def median_ms(client: httpx.Client, path: str, token: str, count: int = 40) -> float:
    """The median wall-clock time of ``count`` GETs of ``path``, in milliseconds."""
    headers = {"authorization": f"Bearer {token}"}
    times = []
    for _ in range(count):
        start = time.perf_counter()
        assert client.get(path, headers=headers).status_code == 200
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def owner_of(trio: list[Node], room: str, redis_url: str) -> Node:
    """The process holding ``room``'s lease (each logs its id when it starts listening)."""
    holder = redis.Redis.from_url(redis_url, decode_responses=True).get(lease_key(room))
    assert holder is not None, "nobody holds the room"
    return next(n for n in trio if f"cluster node {holder} listening" in n.log_text())


# -- hints ----------------------------------------------------------------------------------

def test_a_hint_from_any_process_is_the_owners(trio: list[Node]) -> None:
    owner, second, third = trio
    token = owner.guest("Hanna")
    room = owner.post("/api/play-now", token, json={"game": "evolution"}).json()["room"]["id"]

    async def mine() -> dict[str, Any]:
        client = await Client.open(second, room, token)  # relayed to the owner
        state = await client.until(lambda f: is_state(f) and bool(f["legal"]), timeout=30)
        await client.close()
        return state

    v = run(mine())["version"]
    path = f"/api/rooms/{room}/hint?version={v}&lang=ru"
    here = owner.get(path, token)
    assert here.status_code == 200, here.text
    for node in (second, third):
        there = node.get(path, token)
        assert there.status_code == 200 and there.json() == here.json()
    # refusals come back as the owner said them, in the asker's language
    nosy = owner.guest("Nosy")
    for asked, who in ((f"/api/rooms/{room}/hint?version={v + 5}&lang=de", token),
                       (f"/api/rooms/{room}/hint?version={v}&lang=it", nosy)):
        at_owner, elsewhere = owner.get(asked, who), third.get(asked, who)
        assert at_owner.status_code == 409
        assert (elsewhere.status_code, elsewhere.json()) == (at_owner.status_code,
                                                             at_owner.json())
    assert second.get(path).status_code == 401  # no login: refused before asking anyone
    with httpx.Client(base_url=owner.base) as near, httpx.Client(base_url=second.base) as far:
        local, forwarded = median_ms(near, path, token), median_ms(far, path, token)
    print(f"\nhint: {local:.1f} ms on the owner, {forwarded:.1f} ms from another process "
          f"(median of 40; load average {os.getloadavg()[0]:.2f})")


def test_an_owner_that_does_not_answer_gets_a_clear_error(trio: list[Node],
                                                          redis_url: str) -> None:
    owner, second, _ = trio
    token = owner.guest("Tanya")
    room = owner.post("/api/play-now", token, json={"game": "evolution"}).json()["room"]["id"]
    r = redis.Redis.from_url(redis_url, decode_responses=True)
    silent = r.pubsub()
    silent.subscribe(node_channel("silent"))  # a process that listens but never answers
    try:
        r.set(lease_key(room), "silent", px=60_000)  # ... and now holds the room
        wait_for(lambda: f"room {room} lost its lease" in owner.log_text(), "the owner to drop it")
        answer = httpx.get(f"{second.base}/api/rooms/{room}/hint?version=1&lang=de",
                           headers={"authorization": f"Bearer {token}"}, timeout=20)
        assert answer.status_code == 504
        assert answer.json()["code"] == "owner_silent"
        assert "nicht innerhalb von 5 Sekunden" in answer.json()["error"]
        questions = []
        while (message := silent.get_message(timeout=1.0)) is not None:
            if message["type"] == "message":
                questions.append(message["data"])
        assert any(q.startswith("q ") and '"kind": "hint"' in q for q in questions), questions
    finally:
        r.delete(lease_key(room))  # the room is taken over again by a live process
        silent.close()
        r.close()


# -- presence -------------------------------------------------------------------------------

def test_presence_from_a_non_owner_lists_the_connected_players(trio: list[Node],
                                                               redis_url: str) -> None:
    owner, second, third = trio
    ann, bob = owner.guest("Pia"), owner.guest("Rob")
    room = owner.room(ann, players=2)
    path = f"/api/rooms/{room}"

    async def go() -> list[dict[str, Any]]:
        a = await Client.open(owner, room, ann)
        b = await Client.open(third, room, bob)  # relayed by the third process
        await b.say("/join")
        await a.until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["name"] == "Rob")
        watcher = await Client.open(second, room, None)  # a spectator relayed by the second
        await a.until(lambda f: f["type"] == "room" and bool(f["room"]["spectators"]))
        answers = [n.get(path).json() for n in (owner, second, third)]
        for client in (a, b, watcher):
            await client.close()
        return answers

    here, *elsewhere = run(go())
    assert all(there == here for there in elsewhere)
    assert [s["connected"] for s in here["room"]["seats"]] == [True, True]
    assert here["room"]["spectators"] == ["anonymous"]
    gone = wait_for(lambda: (s := second.get(path).json()["room"])["spectators"] == [] and s,
                    "the spectator to leave")
    assert [s["connected"] for s in gone["seats"]] == [False, False]
    # asking the owner against reading a copy kept in Redis (the lobby's entry of the room)
    with httpx.Client(base_url=owner.base) as near, httpx.Client(base_url=second.base) as far:
        local, forwarded = median_ms(near, path, ann), median_ms(far, path, ann)
    kept = redis.Redis.from_url(redis_url, decode_responses=True)
    reads = []
    for _ in range(40):
        start = time.perf_counter()
        assert kept.hget(LISTED, room) is not None
        reads.append(time.perf_counter() - start)
    kept.close()
    print(f"\nroom summary: {local:.1f} ms on the owner, {forwarded:.1f} ms asked of it from "
          f"another process; reading a copy from Redis alone takes "
          f"{1000 * statistics.median(reads):.2f} ms (medians of 40; load average "
          f"{os.getloadavg()[0]:.2f})")


# -- rematches ------------------------------------------------------------------------------

def finished_game(trio: list[Node], names: tuple[str, str]) -> tuple[str, list[str]]:
    """A toy game of two people played to its end on the first process; room and tokens."""
    owner = trio[0]
    tokens = [owner.guest(name) for name in names]
    room = owner.room(tokens[0], players=2)

    async def go() -> None:
        clients = [await Client.open(owner, room, t) for t in tokens]
        await clients[1].say("/join")
        await clients[0].until(lambda f: f["type"] == "room"
                               and all(s["name"] for s in f["room"]["seats"]))
        await clients[0].say("/start")
        final = await play(clients, random.Random(3), limit=None)
        assert final["decision"] is None
        for client in clients:
            await client.close()

    run(go())
    return room, tokens


def ask_together(asks: list[tuple[Node, str, str]]) -> list[httpx.Response]:
    """POST every ``(process, room, token)`` rematch request at the same moment."""
    async def go() -> list[httpx.Response]:
        async with httpx.AsyncClient() as client:
            return list(await asyncio.gather(*(
                client.post(f"{node.base}/api/rooms/{room}/rematch", json={},
                            headers={"authorization": f"Bearer {token}"})
                for node, room, token in asks)))
    return list(run(go()))


def test_two_rematch_askers_on_two_processes_get_one_room(trio: list[Node]) -> None:
    owner, second, third = trio
    # the finished room is in its owner's memory: both questions go there
    room, tokens = finished_game(trio, ("Sasha", "Toma"))
    answers = ask_together([(second, room, tokens[0]), (third, room, tokens[1])])
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    rooms = [a.json()["room"] for a in answers]
    assert rooms[0]["id"] == rooms[1]["id"]
    new = owner.get(f"/api/rooms/{rooms[0]['id']}").json()["room"]
    assert sorted(s["name"] for s in new["seats"]) == ["Sasha", "Toma"]
    assert owner.get(f"/api/rooms/{room}").json()["room"]["rematch"] == new["id"]
    # a finished room no process holds any more (its owner restarted): the first asker takes
    # its lease for the decision, the other asks there, or waits and joins
    room, tokens = finished_game(trio, ("Ulya", "Vlad"))
    owner.stop()
    owner.start()
    answers = ask_together([(second, room, tokens[0]), (third, room, tokens[1])])
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    ids = {a.json()["room"]["id"] for a in answers}
    assert len(ids) == 1
    again = second.get(f"/api/rooms/{ids.pop()}").json()["room"]
    assert sorted(s["name"] for s in again["seats"]) == ["Ulya", "Vlad"]
    # asked again later, from the restarted process: the same rematch, nothing new
    later = owner.post(f"/api/rooms/{room}/rematch", tokens[0], json={})
    assert later.status_code == 200 and later.json()["room"]["id"] == again["id"]
    refused = [n.post(f"/api/rooms/{room}/rematch", owner.guest(f"Stranger{i}"), json={})
               for i, n in enumerate((second, third))]
    assert {r.status_code for r in refused} == {403}


# -- rooms that move ------------------------------------------------------------------------

async def close_codes(clients: list[Client]) -> list[int | None]:
    """The close code each client's socket gets (waiting for it to close)."""
    codes = []
    for client in clients:
        try:
            await client.until(lambda f: False, timeout=20)
        except websockets.ConnectionClosed as exc:
            codes.append(exc.rcvd.code if exc.rcvd is not None else None)
    return codes


def test_every_client_of_a_room_that_moves_gets_1012(trio: list[Node], redis_url: str) -> None:
    token = trio[0].guest("Mila")
    room = trio[0].room(token, players=2)

    async def everywhere() -> list[Client]:
        clients = []
        for i, node in enumerate(trio):  # one on the owner, two relayed
            client = await Client.open(node, room, token if i == 0 else None)
            await client.until(lambda f: f["type"] == "welcome")
            clients.append(client)
        return clients

    async def lease_lost() -> list[int | None]:
        clients = await everywhere()
        r = redis.Redis.from_url(redis_url, decode_responses=True)
        r.set(lease_key(room), "gone-elsewhere", px=2000)  # then it expires: taken over
        r.close()
        return await close_codes(clients)

    assert run(lease_lost()) == [1012, 1012, 1012]
    wait_for(lambda: any(f"room {room} taken over" in n.log_text() for n in trio),
             "the room to be taken over")

    holder = owner_of(trio, room, redis_url)

    async def handed_over() -> list[int | None]:
        clients = await everywhere()
        await asyncio.to_thread(holder.stop)  # a clean stop hands its rooms over
        return await close_codes(clients)

    codes = run(handed_over())
    holder.start()
    assert codes == [1012, 1012, 1012]

    async def back() -> dict[str, Any]:  # and they come back through any process
        client = await Client.open(trio[2], room, token)
        welcome = await client.until(lambda f: f["type"] == "welcome")
        await client.close()
        return welcome

    assert run(back())["room"]["id"] == room


# -- metrics of workers sharing a port ------------------------------------------------------

def free_ports(count: int) -> int:
    """The first of ``count`` consecutive free ports."""
    while True:
        base = free_port()
        if all(port_free(port) for port in range(base + 1, base + count)):
            return base


def port_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def answers(url: str) -> bool:
    try:
        return httpx.get(url).status_code == 200
    except httpx.HTTPError:
        return False


def test_each_worker_answers_for_itself_on_its_own_port(
        postgres_url: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    base = free_ports(2)
    node = Node(tmp_path_factory.mktemp("metrics") / "w.db", postgres_url, redis_url,
                workers=2, metrics_port=base)
    node.start()
    try:
        wait_for(lambda: all(answers(f"http://127.0.0.1:{base + i}/metrics") for i in range(2)),
                 "both workers' metrics ports")  # started answers when one worker is up
        token = node.guest("Wanda")
        room = node.room(token, players=2)

        def connections(url: str) -> dict[str, float]:
            text = httpx.get(url).text
            return {s.labels["process"]: s.value for f in text_string_to_metric_families(text)
                    if f.name == "evolutio_connections" for s in f.samples}

        async def go() -> list[dict[str, float]]:
            sockets = [await Client.open(node, room, None) for _ in range(6)]
            for s in sockets:
                await s.until(lambda f: f["type"] == "welcome")
            seen = [connections(f"http://127.0.0.1:{base + i}/metrics") for i in range(2)]
            seen.append(connections(f"{node.base}/metrics"))
            for s in sockets:
                await s.close()
            return seen

        first, second, shared = run(go())
        assert list(first) == ["0"] and list(second) == ["1"]  # each its own, labelled
        assert first["0"] + second["1"] == 6  # the sum over the workers is the whole
        assert list(shared) in (["0"], ["1"])  # the shared port says whose figures it gave
        print(f"\nconnections per worker: {first['0']:g} and {second['1']:g}")
        assert httpx.get(f"http://127.0.0.1:{base}/health").status_code == 404
    finally:
        node.kill()
    # a metrics port already in use is refused at start, before anything else
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        done = subprocess.run(
            [str(EVOLUTIO), "serve", "--metrics-port", str(taken), "--db",
             f"sqlite:///{tmp_path_factory.mktemp('busy') / 'x.db'}"],
            capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode != 0 and f"port {taken} is in use" in done.stdout + done.stderr


# -- the lobby ------------------------------------------------------------------------------

def test_a_room_made_on_one_process_is_in_the_others_lobby_at_once(trio: list[Node]) -> None:
    owner, second, third = trio
    lags, polls = [], []
    with httpx.Client(base_url=second.base) as lobby:
        for i in range(10):
            host = owner.guest(f"Lobby{i}")
            room = owner.room(host, players=2)
            made = time.perf_counter()  # its creation answered
            deadline = time.monotonic() + 10
            while True:
                asked = time.perf_counter()
                listed = {r["id"] for r in lobby.get("/api/rooms").json()["rooms"]}
                polls.append(time.perf_counter() - asked)
                if room in listed:
                    break
                assert time.monotonic() < deadline, "the room never showed"
            lags.append(time.perf_counter() - made)
    print(f"\nlobby: a new room shows in another process's list {1000 * min(lags):.0f} to "
          f"{1000 * max(lags):.0f} ms after its creation was answered (median "
          f"{1000 * statistics.median(lags):.0f} ms, 10 rooms, polling; one poll takes "
          f"{1000 * statistics.median(polls):.0f} ms; load average {os.getloadavg()[0]:.2f})")
    # a change (a person joins) shows there too
    ann, bob = owner.guest("Lobbyhost"), owner.guest("Lobbyjoiner")
    room = owner.room(ann, players=2)

    async def join() -> None:
        client = await Client.open(owner, room, bob)
        await client.say("/join")
        await client.until(lambda f: f["type"] == "room"
                           and f["room"]["seats"][1]["name"] == "Lobbyjoiner")
        await client.close()

    run(join())
    wait_for(lambda: any(r["id"] == room and r["seats"][1]["name"] == "Lobbyjoiner"
                         for r in third.get("/api/rooms").json()["rooms"]), "the join")
