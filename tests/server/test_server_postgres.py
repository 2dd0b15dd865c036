"""The server on PostgreSQL: a throwaway cluster (scripts/start-postgres.sh), a real server process.

Migrations on an empty database, a game against a bot with ratings, the database dropping the
server's connections mid-game, and a kill -9 and restart that resumes a game with nothing lost.
Skipped only when PostgreSQL's binaries are absent (scripts/install-postgres.sh installs them).
"""

from __future__ import annotations

import asyncio
import glob
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from alembic.config import Config
from server_harness import Client, Server, at_version, free_port, is_state, play
from sqlalchemy import create_engine, inspect, make_url, text

from evolutio.core.match import Match
from evolutio.core.record import Record
from evolutio.server.db import make_engine, normalize_db_url
from evolutio.server.migrate import MIGRATIONS, upgrade

ROOT = Path(__file__).resolve().parents[2]
EVOLUTIO = Path(sys.executable).with_name("evolutio")
START = ROOT / "scripts" / "start-postgres.sh"
HAVE_POSTGRES = any(Path(d, "pg_ctl").exists() for d in glob.glob("/usr/lib/postgresql/*/bin"))


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A fresh cluster and empty database for this test session; stopped and deleted after."""
    if not HAVE_POSTGRES:
        pytest.skip(
            "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/pg_ctl); "
            "run scripts/install-postgres.sh"
        )
    # under /tmp, not pytest's private base: as root the cluster runs as the postgres user
    directory = tempfile.mkdtemp(prefix="evolutio-pg.", dir="/tmp")
    started = subprocess.run(
        ["sh", str(START), "start", directory],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if started.returncode != 0:
        shutil.rmtree(directory, ignore_errors=True)
        pytest.fail(f"cannot start PostgreSQL: {started.stderr}")
    url = started.stdout.strip().splitlines()[-1]
    try:
        yield url
    finally:
        subprocess.run(["sh", str(START), "stop", directory], capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def server(postgres_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The server process on the cluster; the first start finds the database empty."""
    engine = create_engine(normalize_db_url(postgres_url))
    try:
        assert inspect(engine).get_table_names() == []
        srv = Server(tmp_path_factory.mktemp("pg") / "server.db", grace=30.0, url=postgres_url)
        srv.start()
        yield srv
        srv.stop()
    finally:
        engine.dispose()


def run(coro: Any, timeout: float = 60) -> Any:
    return asyncio.run(asyncio.wait_for(coro, timeout))


def test_plain_postgresql_urls_get_the_psycopg_driver() -> None:
    assert normalize_db_url("postgresql://u:pw@db.example:5433/evo") == (
        "postgresql+psycopg://u:pw@db.example:5433/evo"
    )
    assert normalize_db_url("postgres://u@h/evo") == "postgresql+psycopg://u@h/evo"
    for kept in ("postgresql+psycopg://u@h/evo", "postgresql+psycopg2://u@h/evo", "sqlite:///x.db"):
        assert normalize_db_url(kept) == kept
    assert make_url(normalize_db_url("postgresql://u@h/evo")).get_dialect().driver == "psycopg"


def test_migrations_create_the_schema(server: Server, postgres_url: str) -> None:
    engine = create_engine(normalize_db_url(postgres_url))
    try:
        tables = set(inspect(engine).get_table_names())
        with engine.connect() as conn:
            head = conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
    finally:
        engine.dispose()
    assert {"users", "sessions", "rooms", "actions", "chat", "participations"} <= tables
    assert head == "0013"


def test_names_that_casefold_longer_fit(server: Server) -> None:
    """PostgreSQL enforces column widths: 24 letters of "ß" casefold to 48, "ΐ" to 72."""
    for name in ("ß" * 24, "ΐ" * 24):
        token = server.guest(name)
        assert server.get("/api/me", token).json()["user"]["name"] == name
    server.guest("ß" * 12)
    r = server.post("/api/guest", json={"name": "SS" * 12})
    assert r.status_code == 400 and "taken" in r.json()["error"]


def test_game_against_a_bot_with_ratings(server: Server) -> None:
    token = server.guest("Olga")
    room = server.room(token)

    async def go() -> dict[str, Any]:
        c = await Client.open(server, room, token)
        await c.say("/bot random")
        await c.say("/start")
        while True:
            frame = await c.until(is_state)
            if frame["outcome"] is not None and frame["decision"] is None:
                await c.close()
                return frame
            if frame["legal"]:
                await c.send({"type": "act", "version": frame["version"], "index": 0})

    final = run(go())
    record = Record.from_json(server.get(f"/api/rooms/{room}/record").json())
    assert record.players == ["Olga", "Darwin (random)"] and len(record.actions) == final["version"]
    outcome = Match.from_record(record).outcome()
    assert outcome is not None and list(outcome.scores) == final["outcome"]["scores"]
    profile = server.get("/api/users/Olga").json()
    assert profile["ratings"]["toy"]["games"] == 1 and profile["recent"][0]["room"] == room
    board = server.get("/api/leaderboard?game=toy").json()["players"]
    assert {p["name"] for p in board} >= {"Olga", "bot:random"}


def test_play_goes_on_when_the_database_drops_its_connections(
    server: Server, postgres_url: str
) -> None:
    tokens = [server.guest("Pavel"), server.guest("Rita")]
    room = server.room(tokens[0])
    engine = create_engine(normalize_db_url(postgres_url))

    def drop_connections() -> int:
        with engine.connect() as conn:
            dropped = conn.execute(
                text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            ).scalar_one()
        return int(dropped)

    async def go() -> dict[str, Any]:
        clients = [await Client.open(server, room, t) for t in tokens]
        await clients[1].say("/join")
        await clients[0].say("/start")
        await play(clients, random.Random(3), limit=2)
        assert await asyncio.to_thread(drop_connections) >= 1
        return await play(clients, random.Random(4), limit=None)

    try:
        final = run(go())
    finally:
        engine.dispose()
    assert final["outcome"] is not None
    record = Record.from_json(server.get(f"/api/rooms/{room}/record").json())
    assert len(record.actions) == final["version"]


def test_kill_and_resume_loses_nothing(server: Server) -> None:
    tokens = [server.guest("Sasha"), server.guest("Toma")]
    room = server.room(tokens[0], players=2)

    async def first_half() -> dict[str, Any]:
        clients = [await Client.open(server, room, t) for t in tokens]
        await clients[1].say("/join")
        await clients[0].say("/start")
        await clients[0].say("kept across the crash")
        state = await play(clients, random.Random(11), limit=4)
        await at_version(clients[state["decision"]["seats"][0]], state["version"])
        return state

    before = run(first_half())
    assert before["version"] == 4
    server.kill()
    server.start()

    async def second_half() -> tuple[dict[str, Any], dict[str, Any], list[str]]:
        clients = [await Client.open(server, room, t) for t in tokens]
        welcome = await clients[0].until(lambda f: f["type"] == "welcome")
        resumed = await clients[0].until(lambda f: is_state(f) and f["full"])
        final = await play(clients, random.Random(12), limit=None)
        return resumed, final, [line["text"] for line in welcome.get("chat", [])]

    resumed, final, chat = run(second_half(), timeout=90)
    assert resumed["version"] == before["version"]
    assert resumed["view"] == before["view"]
    assert [e["v"] for e in resumed["log"]] == list(range(1, 5))
    assert "kept across the crash" in chat
    assert final["outcome"] is not None
    record = Record.from_json(server.get(f"/api/rooms/{room}/record").json())
    assert len(record.actions) == final["version"]
    outcome = Match.from_record(record).outcome()
    assert outcome is not None and list(outcome.scores) == final["outcome"]["scores"]
    assert "Traceback" not in server.log_text()


def test_a_second_process_on_the_same_database_stops_at_start(
    server: Server, postgres_url: str, tmp_path: Path
) -> None:
    """The advisory lock: two processes would drive the same rooms' bots and diverge."""
    second = Server(tmp_path / "second.db", url=postgres_url)
    try:
        with pytest.raises(RuntimeError) as refused:
            second.start()
        assert "another server process uses this PostgreSQL database" in str(refused.value)
        assert server.get("/api/games").status_code == 200
    finally:
        second.stop()


def test_serve_takes_a_plain_postgresql_url(server: Server, postgres_url: str) -> None:
    """``evolutio serve --db postgresql://user@host:port/db`` serves the same database (once
    the module's server stopped: one server process per database)."""
    server.stop()
    port = free_port()
    proc = subprocess.Popen(
        [str(EVOLUTIO), "serve", "--port", str(port), "--db", postgres_url],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/api/users/Olga", timeout=1)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.1)
        assert r.status_code == 200 and r.json()["ratings"]["toy"]["games"] == 1
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=10)
        server.start()
    assert postgres_url in out.decode().replace("\n", "")  # the console may wrap the line


def test_serve_names_an_unreachable_postgresql_server_readably() -> None:
    port = free_port()  # nothing listens there
    cli = subprocess.run(
        [str(EVOLUTIO), "serve", "--db", f"postgresql://evo:secret@127.0.0.1:{port}/evo"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert cli.returncode == 2, cli.stdout + cli.stderr
    assert "cannot use database" in cli.stderr and "Traceback" not in cli.stderr
    assert "secret" not in cli.stderr


def test_a_database_at_0001_upgrades_keeping_its_rows(postgres_url: str) -> None:
    base = make_url(normalize_db_url(postgres_url))
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text("DROP DATABASE IF EXISTS evolutio_old"))
        conn.execute(text("CREATE DATABASE evolutio_old"))
    engine = make_engine(base.set(database="evolutio_old").render_as_string(hide_password=False))
    try:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.upgrade(config, "0001")
            conn.execute(
                text(
                    "INSERT INTO users (name, name_key, is_bot, mu, sigma, games, wins, created_at)"
                    " VALUES ('Uma', 'uma', false, 25, 8.3, 0, 0, now())"
                )
            )
        upgrade(engine)
        with engine.connect() as conn:
            assert conn.execute(text("SELECT name FROM users")).scalars().all() == ["Uma"]
        width = {c["name"]: c["type"] for c in inspect(engine).get_columns("users")}["name_key"]
        assert width.length == 80
    finally:
        engine.dispose()
        with admin.connect() as conn:
            conn.execute(text("DROP DATABASE IF EXISTS evolutio_old"))
        admin.dispose()
