"""Archived replays: a finished game stays viewable after an upgrade that changes its rules.

A game played to its end through the server is archived (every step's view, the sentences in
every language); with the engine then refusing the recorded actions, as new rules would, the
replay still shows every step from the archive. A game without an archive is re-played;
``evolutio migrate --archive-replays`` archives the finished games that have none.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pg_cluster import database_url
from test_server_records import RULES1, store_finished
from typer.testing import CliRunner

from evolutio.cli import _load_commands
from evolutio.cli.app import app as cli
from evolutio.core.game import IllegalAction
from evolutio.core.match import Match
from evolutio.core.record import Record, RecordError
from evolutio.server import replays
from evolutio.server.app import create_app
from evolutio.server.db import ReplayRow, RoomRow, make_engine, make_sessionmaker
from evolutio.server.history import replay_steps
from evolutio.server.i18n import LANGUAGES
from evolutio.server.store import StorageError, Store


def archive_of(url: str, room: str, wait: float = 20.0) -> bytes | None:
    """The room's stored archive, waiting up to ``wait`` seconds for it to be written."""
    engine = make_engine(url)
    try:
        deadline = time.monotonic() + wait
        while True:
            with make_sessionmaker(engine)() as s:
                row = s.get(ReplayRow, room)
                if row is not None:
                    return bytes(row.body)
            if time.monotonic() > deadline:
                return None
            time.sleep(0.1)
    finally:
        engine.dispose()


def play_toy_game(client: TestClient) -> str:
    """A two-seat toy game, a person against a random bot, played to its end over the
    WebSocket: the room's id."""
    token = client.post("/api/guest", json={"name": "Ada"}).json()["token"]
    made = client.post("/api/rooms", headers={"authorization": f"Bearer {token}"},
                       json={"game": "toy", "options": {"players": 2}})
    assert made.status_code == 200, made.text
    room = str(made.json()["room"]["id"])
    with client.websocket_connect(f"/ws/{room}?token={token}") as ws:
        ws.send_json({"type": "chat", "text": "/bot random"})
        ws.send_json({"type": "chat", "text": "/start"})
        for _ in range(2000):
            frame = ws.receive_json()
            if frame["type"] == "room" and frame["room"]["status"] == "over":
                return room
            if frame["type"] == "state" and frame["legal"]:
                ws.send_json({"type": "act", "version": frame["version"], "index": 0})
    raise AssertionError("the game did not end")


@pytest.fixture()
def refusing(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Makes the engine refuse every recorded action after the first, as rules changed
    since would: a re-played record stops at once."""

    def refuse() -> None:
        real = Match.act_json

        def act_json(self: Match, seat: int, data: Any) -> Any:
            if self.version >= 1:
                raise IllegalAction("Refused by the new rules.")
            return real(self, seat, data)

        monkeypatch.setattr(Match, "act_json", act_json)

    return refuse


def test_a_finished_game_is_archived_and_its_replay_outlives_a_rules_change(
    tmp_path: Path, refusing: Callable[[], None],
) -> None:
    url = database_url(tmp_path / "archive.db")
    with TestClient(create_app(url, bot_delay=0.0)) as client:
        room = play_toy_game(client)
        body = archive_of(url, room)
        assert body is not None, "the finished game was not archived"
        record = Record.from_json(client.get(f"/api/rooms/{room}/record").json())
        served = {lang: client.get(f"/api/rooms/{room}/replay?lang={lang}").json()
                  for lang in LANGUAGES}
    assert len(record.actions) >= 2
    expected = {lang: replay_steps(record, lang) for lang in LANGUAGES}
    for lang in LANGUAGES:  # the archive shows what re-playing showed, in every language
        assert served[lang]["steps"] == expected[lang]
        assert served[lang]["stopped"] is None and served[lang]["changes"] == []
    assert replays.unpack(body)["format"] == replays.FORMAT

    refusing()  # an upgrade: today's engine refuses the recorded actions
    with pytest.raises(RecordError, match="Refused by the new rules"):
        replay_steps(record)
    with TestClient(create_app(url, bot_delay=0.0)) as client:
        for lang in ("de", "ru", "xx"):
            answer = client.get(f"/api/rooms/{room}/replay?lang={lang}")
            assert answer.status_code == 200, answer.text
            shown = answer.json()
            assert shown["steps"] == expected["en" if lang == "xx" else lang]
            assert len(shown["steps"]) == len(record.actions) + 1 and shown["stopped"] is None
            assert (shown["room"], shown["game"], shown["rules"]) == (room, "toy", 1)
            assert shown["players"] == record.players and shown["outcome"]["scores"]


def test_a_game_without_an_archive_is_replayed_and_the_command_archives_it(
    tmp_path: Path, refusing: Callable[[], None],
) -> None:
    url = database_url(tmp_path / "old.db")
    toy = Match.new("toy", {"players": 2}, 5).finish_record()
    store_finished(url, "oldtoy", toy, 1)
    store_finished(url, "rules1", Record.load(RULES1), None)  # refused under today's rules
    with TestClient(create_app(url, bot_delay=0.0)) as client:
        old = client.get("/api/rooms/oldtoy/replay?lang=it").json()  # re-played
    assert old["steps"] == replay_steps(toy, "it") and old["stopped"] is None
    assert archive_of(url, "oldtoy", wait=0.0) is None  # a game that ended before archives

    _load_commands()
    result = CliRunner().invoke(cli, ["migrate", "--db", url, "--archive-replays"])
    assert result.exit_code == 0, result.output
    assert "replays archived: 1 finished games" in result.output
    assert "room rules1 not archived: room rules1: this record was played under evolution " \
           "rules 1" in result.output
    assert archive_of(url, "oldtoy", wait=0.0) is not None
    assert archive_of(url, "rules1", wait=0.0) is None  # re-played as far as it goes
    again = CliRunner().invoke(cli, ["migrate", "--db", url, "--archive-replays"])
    assert "replays archived: 0 finished games" in again.output  # none twice

    refusing()
    with TestClient(create_app(url, bot_delay=0.0)) as client:
        kept = client.get("/api/rooms/oldtoy/replay?lang=it").json()
        stopped = client.get("/api/rooms/rules1/replay").json()
    assert kept == old  # the very JSON re-playing gave, now from the archive
    assert len(stopped["steps"]) == 2 and "Refused by the new rules" in stopped["stopped"]


@pytest.fixture()
def store(tmp_path: Path) -> Iterator[Store]:
    url = database_url(tmp_path / "retry.db")
    store_finished(url, "toy1", Match.new("toy", {"players": 2}, 7).finish_record(), 1)
    engine = make_engine(url)
    yield Store(make_sessionmaker(engine))
    engine.dispose()


def test_a_failed_archive_write_is_logged_and_tried_again(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    real = replays.archive_room
    calls: list[str] = []

    def flaky(s: Store, room_id: str) -> int:
        calls.append(room_id)
        if len(calls) == 1:
            raise StorageError("OperationalError: database is locked")
        return real(s, room_id)

    monkeypatch.setattr(replays, "archive_room", flaky)

    async def off_loop(work: Callable[[], Any]) -> Any:
        return await asyncio.get_running_loop().run_in_executor(None, work)

    async def go() -> None:
        archiver = replays.Archiver(store, retry_every=0.05)
        archiver.add("toy1")  # the game's end: returns at once
        task = asyncio.create_task(archiver.run(off_loop))
        for _ in range(200):
            if not archiver.pending:
                break
            await asyncio.sleep(0.05)
        task.cancel()
        assert not archiver.pending and archiver.written == 1

    asyncio.run(asyncio.wait_for(go(), 30))
    assert calls == ["toy1", "toy1"]
    assert "replay of room toy1 not archived yet (retried): OperationalError" in caplog.text
    assert replays.archived(store, "toy1") is not None
    assert replays.unarchived(store) == []


def test_the_archive_keeps_the_views_once_and_every_language() -> None:
    record = Record.from_json(json.loads(
        (Path(__file__).with_name("data") / "evolution-3p-time_to_fly.json").read_text("utf-8")))
    archive = replays.archive_json(record)
    assert set(archive["texts"]) == set(LANGUAGES)
    assert len(archive["steps"]) == len(record.actions) + 1
    body = replays.pack(archive)
    assert replays.unpack(body) == archive
    replayed = sum(len(json.dumps(replay_steps(record, lang))) for lang in LANGUAGES)
    assert len(body) * 50 < replayed  # 20 kB for a 267-action game's 2.5 MB of replays
    row = RoomRow(id="r1", game="evolution", outcome=record.outcome)
    assert replays.shown(body, row, "ru")["steps"] == replay_steps(record, "ru")
