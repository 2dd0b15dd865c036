"""Analyses running beside a load run (``bench.load --analyses N``): finished games stored in
the server's database before it starts, and their analyses asked for as a level begins, so
that the server's analysis worker searches while the live games are measured."""

from __future__ import annotations

from pathlib import Path

import httpx

#: the game and bots of the stored games (long games: an analysis outlasts a level)
GAME, BOTS = "evolution", ("greedy", "greedy")


def store_finished(db: Path, count: int) -> list[str]:
    """``count`` finished games (bot games played now) stored in the SQLite file ``db``,
    migrated first; their room ids."""
    from evolutio.server.db import ActionRow, RoomRow, make_engine, make_sessionmaker
    from evolutio.server.migrate import upgrade
    from evolutio.sim.runner import GameTask, play_game

    engine = make_engine(f"sqlite:///{db}")
    upgrade(engine)
    rooms = []
    with make_sessionmaker(engine)() as s:
        for index in range(count):
            record = play_game(GameTask(index, GAME, {"players": 2}, 9000 + index, BOTS,
                                        record=True)).record
            assert record is not None and record.outcome is not None
            room = f"analysed{index}"
            s.add(RoomRow(id=room, game=record.game, options=record.options, seed=record.seed,
                          clock=0, status="over", rules=record.rules, outcome=record.outcome,
                          seats=[{"user_id": None, "name": n, "bot": n} for n in BOTS]))
            s.flush()
            for idx, (seat, action) in enumerate(record.actions):
                s.add(ActionRow(room_id=room, idx=idx, seat=seat, action=action, by="bot"))
            rooms.append(room)
        s.commit()
    engine.dispose()
    return rooms


def ask(base: str, rooms: list[str], tag: str) -> None:
    """Ask for the analysis of every room, each by a guest of its own."""
    with httpx.Client(base_url=base, timeout=30) as http:
        for index, room in enumerate(rooms):
            token = http.post("/api/guest", json={"name": f"an{tag}{index}"}).json()["token"]
            answer = http.post(f"/api/rooms/{room}/analysis", json={},
                               headers={"authorization": f"Bearer {token}"})
            if answer.status_code not in (200, 202):
                raise SystemExit(f"analysis of {room} refused: {answer.text}")


def state(base: str) -> str:
    """The server's analyses now, from /metrics: running, queued, done."""
    found = {}
    for line in httpx.get(base + "/metrics", timeout=30).text.splitlines():
        for name in ("evolutio_analyses_running", "evolutio_analyses_queued",
                     'evolutio_analyses_run_total{result="done"}'):
            if line.startswith(name + " ") or (line.startswith(name) and "{" in name):
                found[name.split("{")[0].rsplit("_", 1)[-1]] = int(float(line.rsplit(" ", 1)[1]))
    return (f"analyses: {found.get('running', 0)} running, {found.get('queued', 0)} queued, "
            f"{found.get('total', 0)} done")
