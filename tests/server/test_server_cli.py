"""``evolutio serve`` itself, and the migrations it applies at start."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from pg_cluster import database_url
from server_harness import free_port

from evolutio.server.db import make_engine
from evolutio.server.migrate import upgrade

EVOLUTIO = Path(sys.executable).with_name("evolutio")


def test_serve_starts_with_a_sqlite_file_and_nothing_to_set_up(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [str(EVOLUTIO), "serve", "--port", str(port), "--bot-delay", "0"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.2)
        assert r.status_code == 200
        assert (tmp_path / "evolutio.db").exists()
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.mark.storage_neutral
def test_serve_refuses_bad_arguments_readably(tmp_path: Path) -> None:
    for args, words in (
        (["--port", "70000"], "out of range"),
        (["--grace", "-1"], "must not be negative"),
        (["--db", "nosuchdb://x"], "cannot use database"),
        (["--analysis-budget", "0"], "--analysis-budget: an iteration budget must be at least 1"),
        (["--smtp", "mail://x"], "--smtp must start with smtp://"),
        (["--smtp", "smtps://:465"], "--smtp names no host"),
        (["--public-url", "play.example.org"], "--public-url must start with http"),
    ):
        cli = subprocess.run(
            [str(EVOLUTIO), "serve", *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert cli.returncode == 2, cli.stdout + cli.stderr
        assert words in cli.stderr and "Traceback" not in cli.stderr


def test_migrations_create_every_table_and_run_twice(tmp_path: Path) -> None:
    engine = make_engine(database_url(tmp_path / "m.db"))
    upgrade(engine)
    upgrade(engine)
    tables = set(sa.inspect(engine).get_table_names())
    assert tables >= {
        "users",
        "sessions",
        "rooms",
        "actions",
        "chat",
        "participations",
        "ratings",
        "lesson_progress",
        "follows",
        "blocks",
        "alembic_version",
    }
    with engine.connect() as c:
        assert c.execute(sa.text("select version_num from alembic_version")).scalar() == "0013"
