"""The production files under deploy/ (docs/deploy.md), tried for real where this machine can:
nginx serving a real server over TLS with its WebSocket, the backup script and its restore
drill, the systemd units' commands, Prometheus' rules against the metrics the server exports.
"""

from __future__ import annotations

import asyncio
import configparser
import json
import os
import re
import shutil
import ssl
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
import yaml
from pg_cluster import ON_POSTGRES, database_url
from prometheus_client.parser import text_string_to_metric_families
from server_harness import Client, Server, free_port, is_state

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
EVOLUTIO = Path(sys.executable).with_name("evolutio")
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
PORTS = ["8001", "8002", "8003", "8004"]


def finished_game(server: Server) -> str:
    """A one-trick toy game played to its end against a bot; the room's id."""
    token = server.guest("Ola Backup")
    r = server.post("/api/rooms", token,
                    json={"game": "toy", "options": {"players": 2, "tricks": 1}})
    assert r.status_code == 200, r.text
    room = str(r.json()["room"]["id"])

    async def run() -> dict[str, Any]:
        client = await Client.open(server, room, token)
        await client.say("/bot random")
        await client.say("/start")
        while True:  # answer this seat's decisions until the end
            frame = await client.until(is_state)
            if frame["outcome"] is not None and frame["decision"] is None:
                await client.close()
                return frame
            if frame["legal"]:
                await client.send({"type": "act", "version": frame["version"], "index": 0})

    assert asyncio.run(asyncio.wait_for(run(), 60))["outcome"] is not None
    return room


def test_every_file_is_referenced_from_the_guide() -> None:
    guide = (ROOT / "docs" / "deploy.md").read_text()
    files = sorted(p.relative_to(ROOT).as_posix() for p in DEPLOY.rglob("*") if p.is_file())
    assert files and [f for f in files if f not in guide] == []
    assert "docs/deploy.md" in (ROOT / "README.md").read_text()


@pytest.fixture()
def certificate(tmp_path: Path) -> Path:
    """A self-signed certificate where certbot would put one (fullchain.pem, privkey.pem)."""
    made = subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-subj", "/CN=play.example.org", "-keyout", str(tmp_path / "privkey.pem"),
         "-out", str(tmp_path / "fullchain.pem")],
        capture_output=True, text=True, timeout=60, check=False)
    assert made.returncode == 0, made.stderr
    return tmp_path


@pytest.fixture()
def nginx(server: Server, certificate: Path, tmp_path: Path) -> Iterator[tuple[int, int]]:
    """deploy/nginx/evolutio.conf in front of the test server: its plain and TLS ports."""
    if not os.path.exists(NGINX):
        pytest.skip("nginx is not installed (scripts/install-nginx.sh)")
    plain, tls = free_port(), free_port()
    site = (DEPLOY / "nginx" / "evolutio.conf").read_text()
    site = site.replace("/etc/letsencrypt/live/play.example.org", str(certificate))
    site = re.sub(r"\n\s*listen \[::\]:\d+[^;]*;", "", site)
    site = site.replace("listen 80;", f"listen 127.0.0.1:{plain};")
    site = site.replace("listen 443 ", f"listen 127.0.0.1:{tls} ")
    # the four processes become the one test server (its first line kept, the others dropped)
    site = re.sub(r"(\n\s*server 127\.0\.0\.1:8001[^\n]*)((\n\s*server 127\.0\.0\.1:800\d[^\n]*)+)",
                  r"\1", site).replace("127.0.0.1:8001", f"127.0.0.1:{server.port}")
    (tmp_path / "evolutio.conf").write_text(site)
    main = tmp_path / "nginx.conf"
    main.write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log stderr;\nevents {{}}\n"
        f"http {{\n    access_log off;\n    include {tmp_path}/evolutio.conf;\n}}\n")
    args = [NGINX, "-p", str(tmp_path), "-c", str(main), "-e", "stderr"]
    checked = subprocess.run([*args, "-t"], capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr
    subprocess.run(args, check=True, timeout=30)  # daemonizes; stopped below
    try:
        yield plain, tls
    finally:
        subprocess.run([*args, "-s", "stop"], capture_output=True, timeout=30)


def test_nginx_serves_the_site_and_its_websocket_over_tls(
    server: Server, nginx: tuple[int, int]
) -> None:
    plain, tls = nginx
    base = f"https://127.0.0.1:{tls}"
    moved = httpx.get(f"http://127.0.0.1:{plain}/room/abc")
    assert moved.status_code == 301 and moved.headers["location"].startswith("https://")
    with httpx.Client(base_url=base, verify=False) as client:
        health = client.get("/health")
        assert health.status_code == 200 and health.json()["database"] == "ok"
        assert "strict-transport-security" in health.headers
        assert client.get("/metrics").status_code == 403  # scraped on 127.0.0.1 only
        token = client.post("/api/guest", json={"name": "Nia Proxy"}).json()["token"]
        room = client.post("/api/rooms", headers={"authorization": f"Bearer {token}"},
                           json={"game": "toy", "options": {"players": 2}}).json()["room"]["id"]
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE

    async def play() -> list[dict[str, Any]]:
        frames: list[dict[str, Any]] = []
        async with websockets.connect(f"wss://127.0.0.1:{tls}/ws/{room}?token={token}",
                                      ssl=context) as ws:
            for text in ("/bot random", "/start"):
                await ws.send(json.dumps({"type": "chat", "text": text}))
            while not any(f["type"] == "state" for f in frames):
                frames.append(json.loads(await asyncio.wait_for(ws.recv(), 20)))
            state = frames[-1]
            await ws.send(json.dumps({"type": "act", "version": state["version"], "index": 0}))
            while frames[-1]["type"] != "state" or frames[-1]["version"] <= state["version"]:
                frames.append(json.loads(await asyncio.wait_for(ws.recv(), 20)))
        return frames

    frames = asyncio.run(play())
    assert frames[0]["type"] == "welcome" and frames[-1]["type"] == "state"
    assert [f for f in frames if f["type"] == "error"] == []
    assert server.get(f"/api/rooms/{room}").json()["room"]["status"] == "playing"


def test_backup_then_restore_drill(tmp_path: Path) -> None:
    """deploy/backup/evolutio-backup.sh, then the restore steps of docs/deploy.md: the
    restored database serves the finished game's record as it was."""
    source = Server(tmp_path / "live.db", grace=30.0)
    source.start()
    try:
        room = finished_game(source)
        record = source.get(f"/api/rooms/{room}/record").json()
        made = subprocess.run(
            ["sh", str(DEPLOY / "backup" / "evolutio-backup.sh"), source.url,
             str(tmp_path / "backups"), "14"],
            capture_output=True, text=True, timeout=120, check=False)
        assert made.returncode == 0, made.stderr
    finally:
        source.stop()
    backup = Path(made.stdout.strip().splitlines()[-1])
    assert backup.parent == tmp_path / "backups" and backup.stat().st_size > 0
    assert not list(backup.parent.glob("*.part"))
    restored = tmp_path / "restored.db"
    if ON_POSTGRES:
        loaded = subprocess.run(["pg_restore", "--no-owner", "--exit-on-error", "-d",
                                 database_url(restored), str(backup)],
                                capture_output=True, text=True, timeout=120, check=False)
        assert loaded.returncode == 0, loaded.stderr
    else:
        shutil.copy(backup, restored)
    drill = Server(restored, grace=30.0)
    drill.start()
    try:
        assert drill.get("/health").json()["ok"] is True
        assert drill.get(f"/api/rooms/{room}/record").json() == record
    finally:
        drill.stop()


def test_the_backup_script_refuses_what_it_cannot_back_up(tmp_path: Path) -> None:
    script = str(DEPLOY / "backup" / "evolutio-backup.sh")
    for args in ([], ["mysql://u@h/db", str(tmp_path)]):
        run = subprocess.run(["sh", script, *args], capture_output=True, text=True, timeout=30)
        assert run.returncode == 2 and run.stderr.strip()
    assert not (tmp_path / "evolutio-").exists() and list(tmp_path.iterdir()) == []


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string((DEPLOY / "systemd" / name).read_text())
    return parser


def flags(command: str) -> set[str]:
    shown = subprocess.run([str(EVOLUTIO), command, "--help"], capture_output=True, text=True,
                           timeout=60, env={**os.environ, "COLUMNS": "200"})
    return set(re.findall(r"--[a-z][a-z-]*", shown.stdout))


def test_the_systemd_units_run_commands_the_cli_has() -> None:
    server, migrate = unit("evolutio@.service"), unit("evolutio-migrate.service")
    backup, timer = unit("evolutio-backup.service"), unit("evolutio-backup.timer")
    start = server["Service"]["ExecStart"].split()
    assert start[1] == "serve" and "--port" in start and start[start.index("--port") + 1] == "%i"
    # --redis comes with the multi-process mode; every other flag is checked here
    assert set(f for f in start if f.startswith("--")) - flags("serve") <= {"--redis"}
    assert "evolutio-migrate.service" in server["Unit"]["Requires"]
    assert migrate["Service"]["ExecStart"].split()[1:3] == ["migrate", "--db"]
    assert "--db" in flags("migrate")
    assert backup["Service"]["ExecStart"].split()[0].endswith("deploy/backup/evolutio-backup.sh")
    assert timer["Timer"]["OnCalendar"] and timer["Install"]["WantedBy"] == "timers.target"
    environment = (DEPLOY / "evolutio.env").read_text()
    for unit_file in (server, migrate, backup):
        assert unit_file["Service"]["EnvironmentFile"] == "/etc/evolutio/evolutio.env"
    assert re.search(r"^EVOLUTIO_DB=postgresql://", environment, re.M)
    assert re.search(r"^EVOLUTIO_REDIS=redis://", environment, re.M)


def test_prometheus_scrapes_every_process_and_alerts_on_exported_metrics(
    server: Server,
) -> None:
    config = yaml.safe_load((DEPLOY / "prometheus" / "prometheus.yml").read_text())
    targets = config["scrape_configs"][0]["static_configs"][0]["targets"]
    assert [t.rsplit(":", 1)[1] for t in targets] == PORTS
    site = (DEPLOY / "nginx" / "evolutio.conf").read_text()
    assert sorted(set(re.findall(r"server 127\.0\.0\.1:(\d+)", site))) == PORTS
    assert config["rule_files"] == ["evolutio-alerts.yml"]
    rules = yaml.safe_load((DEPLOY / "prometheus" / "evolutio-alerts.yml").read_text())
    exported = {"up"}
    for family in text_string_to_metric_families(server.get("/metrics").text):
        # a labelled counter not yet moved has its family but no sample
        exported |= {family.name + end for end in ("", "_total", "_bucket", "_count", "_sum")}
    named = set()
    for rule in rules["groups"][0]["rules"]:
        assert rule["alert"] and rule["expr"] and rule["annotations"]["summary"]
        named |= set(re.findall(r"\b((?:evolutio|up)\w*)\b(?=[{\[\s)]|$)", rule["expr"]))
    assert named and named <= exported, named - exported
