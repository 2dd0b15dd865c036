"""What operators use, on a real server process: ``/health`` and ``/metrics`` (Prometheus' text
format) moving as a game is played; and ``/health`` answering 503 when the database is gone."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pg_cluster import database_url
from prometheus_client.parser import text_string_to_metric_families
from server_harness import Client, Server, free_port, is_state
from sqlalchemy import inspect

from evolutio import __version__
from evolutio.server import metrics
from evolutio.server.db import make_engine, make_sessionmaker
from evolutio.server.hub import Hub
from evolutio.server.migrate import MIGRATIONS, upgrade
from evolutio.server.store import Store

EVOLUTIO = Path(sys.executable).with_name("evolutio")
#: the newest migration's revision (src/evolutio/server/migrations/versions)
MIGRATIONS_HEAD = max(p.name.split("_")[0] for p in (MIGRATIONS / "versions").glob("0*.py"))


def scrape(server: Server) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics`` by name and labels (parsed by prometheus_client)."""
    r = httpx.get(server.base + "/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(r.text)
        for sample in family.samples
    }


def value(samples: dict[Any, float], name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_health_says_version_database_and_uptime(server: Server) -> None:
    r = server.get("/health")
    assert r.status_code == 200, r.text
    report = r.json()
    assert report["ok"] is True and report["database"] == "ok" and report["storage"] == "ok"
    assert report["version"] == __version__
    assert isinstance(report["uptime"], float) and report["uptime"] >= 0
    assert isinstance(report["rooms"], int)


def test_metrics_move_with_a_game_against_a_bot(server: Server) -> None:
    before = scrape(server)
    for name in ("evolutio_action_latency_seconds_count", "evolutio_bot_moves_total",
                 "evolutio_connections", "evolutio_rooms", "evolutio_storage_failures_total",
                 "process_cpu_seconds_total"):
        assert any(key[0] == name for key in before), name
    token = server.guest("Mel Metrics")
    room = server.room(token)

    async def go() -> dict[str, Any]:
        client = await Client.open(server, room, token)
        await client.say("/bot random")
        await client.say("/start")
        state = await client.until(lambda f: is_state(f) and f["decision"] is not None
                                   and 0 in f["decision"]["seats"])
        during = scrape(server)
        assert value(during, "evolutio_rooms", state="playing") >= 1
        assert value(during, "evolutio_connections") >= 1
        await client.send({"type": "act", "version": state["version"], "index": 0})
        await client.until(lambda f: is_state(f) and f["version"] > state["version"])
        await client.send({"type": "act", "version": -5, "index": 0})  # stale: an error
        await client.error("stale")
        await client.close()
        return state

    asyncio.run(asyncio.wait_for(go(), 60))
    after = scrape(server)
    grew = {name: value(after, name, **labels) - value(before, name, **labels)
            for name, labels in (("evolutio_actions_total", {"by": "human"}),
                                 ("evolutio_action_latency_seconds_count", {}),
                                 ("evolutio_errors_total", {"code": "stale"}))}
    assert grew == {"evolutio_actions_total": 1, "evolutio_action_latency_seconds_count": 1,
                    "evolutio_errors_total": 1}
    # the bot answered: its moves count as actions by "bot" and as bot moves
    assert value(after, "evolutio_bot_moves_total") >= 1
    assert value(after, "evolutio_actions_total", by="bot") == value(after,
                                                                     "evolutio_bot_moves_total")
    assert value(after, "evolutio_action_latency_seconds_bucket", le="+Inf") >= 1


def test_health_is_503_when_the_database_cannot_be_reached(tmp_path: Path) -> None:
    engine = make_engine(database_url(tmp_path / "ops.db"))
    upgrade(engine)
    hub = Hub(Store(make_sessionmaker(engine)), bot_delay=0.0)
    # nothing listens on this port: connections are refused at once
    gone = make_engine(f"postgresql://nobody@127.0.0.1:{free_port()}/evolutio")
    for database, status, said in ((engine, 200, "ok"), (gone, 503, "unreachable")):
        app = FastAPI()
        metrics.routes(app, hub, database)
        with TestClient(app) as client:
            r = client.get("/health")
        assert r.status_code == status and r.json()["database"] == said, r.text
        assert r.json()["ok"] is (status == 200)
    engine.dispose()


def test_migrate_brings_a_database_to_the_newest_schema_once(tmp_path: Path) -> None:
    url = database_url(tmp_path / "migrate.db")
    for _ in range(2):  # a second run finds nothing to do
        cli = subprocess.run([str(EVOLUTIO), "migrate", "--db", url], capture_output=True,
                             text=True, timeout=120)
        assert cli.returncode == 0, cli.stdout + cli.stderr
        assert f"is at schema revision {MIGRATIONS_HEAD}" in cli.stdout
    engine = make_engine(url)
    assert {"rooms", "actions", "alembic_version"} <= set(inspect(engine).get_table_names())
    engine.dispose()
    bad = subprocess.run([str(EVOLUTIO), "migrate", "--db", f"postgresql://x@127.0.0.1:"
                          f"{free_port()}/none"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "cannot migrate database" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_nul_characters_get_clear_answers_on_every_database(server: Server) -> None:
    """PostgreSQL refuses NUL in text where SQLite stores it: a path or query with one is a
    400, a chat line's control characters become spaces (and the line is stored)."""
    for path in ("/api/rooms/%00", "/api/users/a%00b", "/api/rooms?offset=%00"):
        r = server.get(path)
        assert r.status_code == 400 and "NUL" in r.json()["error"], (path, r.text)
    token = server.guest("Nul Chat")
    room = server.room(token)

    async def go() -> dict[str, Any]:
        client = await Client.open(server, room, token)
        await client.say("bad\x00byte\x07here")
        line = await client.until(lambda f: f["type"] == "chat" and not f.get("system"))
        await client.close()
        return line

    assert asyncio.run(asyncio.wait_for(go(), 30))["text"] == "bad byte here"
    assert server.get("/health").json()["storage"] == "ok"
