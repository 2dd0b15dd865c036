"""The per-address quota of new rooms counts only rooms made: a refused rematch, or joining
a rematch someone already made, takes nothing from it (docs/security.md)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from pg_cluster import database_url

from evolutio.server.app import create_app
from evolutio.server.limits import Limits


def status_of(client: TestClient, room: str) -> Any:
    return client.get(f"/api/rooms/{room}").json()["room"]["status"]


def test_only_rooms_made_count_against_the_address(tmp_path: Path) -> None:
    app = create_app(database_url(tmp_path / "q.db"), bot_delay=0.0,
                     limits=Limits(rooms_per_address=2))
    with TestClient(app) as client:
        token = client.post("/api/guest", json={"name": "Quota"}).json()["token"]
        auth = {"authorization": f"Bearer {token}"}
        made = client.post("/api/play-now", headers=auth, json={
            "game": "toy", "opponents": 1, "level": "easy", "options": {"tricks": 1}})
        assert made.status_code == 200, made.text  # the first of two rooms
        room = made.json()["room"]["id"]
        for _ in range(3):  # asked too early: refused, and nothing counted
            early = client.post(f"/api/rooms/{room}/rematch", headers=auth, json={})
            assert early.status_code == 409, early.text
        with client.websocket_connect(f"/ws/{room}?token={token}") as ws:
            ws.send_json({"type": "chat", "text": "/resign"})
            deadline = time.monotonic() + 30
            while status_of(client, room) != "over":
                assert time.monotonic() < deadline, "the bots did not finish the game"
                time.sleep(0.05)
        first = client.post(f"/api/rooms/{room}/rematch", headers=auth, json={})
        assert first.status_code == 200, first.text  # the second room
        again = client.post(f"/api/rooms/{room}/rematch", headers=auth, json={})
        assert again.status_code == 200, again.text  # the same rematch: nothing made
        assert again.json()["room"]["id"] == first.json()["room"]["id"]
        third = client.post("/api/play-now", headers=auth, json={"game": "toy"})
        assert third.status_code == 429, third.text
        assert "Too many new rooms" in third.json()["error"]
